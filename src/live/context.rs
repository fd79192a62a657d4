//! Where a live message came from: what the producer knows about it.

use crate::{Direction, Origin};

/// What a producer knows about one message, delivered with its reports.
///
/// Build it with [`Context::new`] and set the fields you know; the
/// pipeline fills [`Context::sequence`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// Which way it travelled.
    pub direction: Direction,
    /// Who wrote it.
    pub origin: Origin,
    /// 0-based position in the conversation's queue (judging order); set
    /// by the pipeline.
    pub sequence: u64,
    /// 1-based line in its direction's byte stream (stdio, a tee), when the
    /// message is a line.
    pub line: Option<u64>,
    /// The stream ended before the message's newline
    /// ([`super::STDIO_NEWLINE_DELIMITED`]).
    pub unterminated: bool,
    /// HTTP metadata, when the message travelled in an HTTP body or SSE
    /// event.
    pub http: Option<Box<Http>>,
}

impl Context {
    /// A message travelling `direction`, written by the implementation.
    pub fn new(direction: Direction) -> Context {
        Context {
            direction,
            origin: Origin::Implementation,
            sequence: 0,
            line: None,
            unterminated: false,
            http: None,
        }
    }

    /// The same, written by `origin`.
    pub fn with_origin(mut self, origin: Origin) -> Context {
        self.origin = origin;
        self
    }
}

/// HTTP metadata of a message (Streamable HTTP, HTTP+SSE): an open struct
/// — build it with `Http { status: Some(200), ..Http::default() }` so new
/// fields can be added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Http {
    /// The request's `MCP-Protocol-Version` header. On a message submitted
    /// with this context the pipeline passes it to
    /// [`crate::Session::set_http_protocol_version`] before judging it (an
    /// unknown value leaves the session's revision as it was). On the
    /// messages of HTTP steps ([`super::Submitter::submit_step`]) it only
    /// reports the header: there the revision follows the conversation's
    /// `initialize` and each request's own `_meta`, as `mcpwire check` on a
    /// HAR judges it.
    pub protocol_version: Option<String>,
    /// The HTTP method of the exchange (`POST`, `GET`, `DELETE`).
    pub method: Option<String>,
    /// The response status, for a message in a response body.
    pub status: Option<u16>,
    /// `Mcp-Session-Id`, when known.
    pub session_id: Option<String>,
    /// The SSE event's `id`, for a message in an event.
    pub event_id: Option<String>,
    /// The event's position in its exchange's stream: the n-th event
    /// block of the response body, from 0 (priming and `endpoint` events
    /// count), for a message or finding of an event.
    pub event: Option<u64>,
    /// The exchange's number: the n-th request the proxy saw (the n-th
    /// entry of a HAR, by start time), from 1.
    pub exchange: Option<u64>,
    /// The request's target (path and query).
    pub target: Option<String>,
    /// The conversation (MCP session) the exchange was routed to
    /// ([`crate::http::Router`]), for a step the pipeline routed.
    pub conversation: Option<u64>,
}

//! The HTTP rules of one MCP conversation: fed its [`Step`]s in causal
//! order, it says which JSON-RPC messages to judge (request bodies,
//! JSON response bodies, SSE event data) and which HTTP rules broke.
//!
//! The revision in force is not its own: it reads the conversation's
//! [`Session`] ([`Session::revision`], [`Session::negotiated`]), which
//! takes it from the handshake, else from the `MCP-Protocol-Version`
//! header its caller noted ([`Session::note_transport_version`]), else
//! from its fallback; a request's own `_meta` version or the version its
//! `initialize` proposes come first for that request, as they do for the
//! session's checks. What it tracks itself across exchanges: the session
//! id the server issued, whether the conversation uses the 2024-11-05
//! HTTP+SSE transport, the `x-mcp-header` parameters of the tools
//! `tools/list` named (2026-07-28 on), and per open exchange what its
//! request carried.

mod finding;
mod message;
mod params;
mod request;
mod response;
mod stream;

use std::collections::HashMap;

use serde_json::Value;

pub use finding::{HttpFinding, Output};

use crate::{
    http::{exchange::Step, params::ParamHeader, read::Read, rules::HttpRule},
    input::Limits,
    Direction, Mode, Session, Version,
};

/// What a POST body held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Carries {
    Nothing,
    /// At least one request.
    Requests,
    /// Only notifications and/or responses.
    NoRequests,
    Unreadable,
}

#[derive(Debug)]
struct Open {
    method: String,
    carries: Carries,
    initialize: bool,
    revision: Version,
    resuming: bool,
    headers_mismatch: bool,
    status: u16,
    sse: bool,
    json: bool,
    /// The response named a media type (`Content-Type`).
    typed: bool,
    legacy_stream: bool,
    events: u64,
    /// The request carried `Mcp-Session-Id`.
    had_session_id: bool,
}

/// Exchanges kept open at most (a capture without ends stays bounded).
const MAX_OPEN: usize = 65_536;

/// Tools whose `x-mcp-header` parameters are kept at most.
const MAX_TOOLS: usize = 4_096;

/// Remembers `id` among the newest 64 of `ids`.
fn remember(ids: &mut Vec<Value>, id: &Value) {
    ids.push(id.clone());
    if ids.len() > 64 {
        ids.remove(0);
    }
}

/// One conversation's HTTP rule state.
#[derive(Debug)]
pub struct Tracker {
    mode: Mode,
    limits: Limits,
    initialize_ids: Vec<Value>,
    /// Ids of `tools/list` requests at the revisions with `Mcp-Param-*`
    /// headers (the newest 64), whose results name the mirrored parameters.
    tools_list_ids: Vec<Value>,
    /// Tool name → its `x-mcp-header` parameters, from `tools/list` results.
    tool_params: HashMap<String, Vec<ParamHeader>>,
    session_id: Option<String>,
    legacy: bool,
    exchanges_seen: u64,
    open: HashMap<u64, Open>,
}
impl Tracker {
    /// A conversation judged in `mode`, reading messages within `limits`.
    pub fn new(mode: Mode, limits: Limits) -> Tracker {
        Tracker {
            mode,
            limits,
            initialize_ids: Vec::new(),
            tools_list_ids: Vec::new(),
            tool_params: HashMap::new(),
            session_id: None,
            legacy: false,
            exchanges_seen: 0,
            open: HashMap::new(),
        }
    }

    /// The session id the server issued, if any.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    pub(super) fn finding(
        &self,
        out: &mut Vec<Output<'_>>,
        exchange: u64,
        rule: &'static HttpRule,
        revision: Version,
        direction: Direction,
        message: String,
    ) {
        out.push(Output::Finding(HttpFinding {
            exchange,
            rule: Some(rule),
            severity: rule.rule.severity,
            direction,
            revision: Some(revision),
            message,
        }));
    }

    /// Applies one step; what to judge and what broke go to `out`, in
    /// order: each message before the rules it broke.
    ///
    /// `session` is the conversation's, which judged every message of the
    /// steps before and has noted this step's `MCP-Protocol-Version`
    /// header ([`Session::note_transport_version`]): the revision in force
    /// is read from it. `request` is a request step's body as
    /// [`Read::request`] read it (its caller reads it first, to route the
    /// request); the tracker reads the JSON bodies and the events of
    /// responses itself, and every text is read once: the rules read its
    /// heads, and the [`Output::Message`] hands the same read on to be
    /// judged.
    pub fn step<'s>(
        &mut self,
        step: &'s Step,
        request: Option<Read<'s>>,
        session: &Session,
        out: &mut Vec<Output<'s>>,
    ) {
        match step {
            Step::Request {
                exchange,
                head,
                body,
            } => self.request(*exchange, head, body, request, session, out),
            Step::Response { exchange, head } => self.response(*exchange, head, out),
            Step::Body { exchange, body } => self.body(*exchange, body, out),
            Step::Event { exchange, event } => self.event(*exchange, event, out),
            Step::End { exchange, end } => self.end(*exchange, end, out),
        }
    }
}

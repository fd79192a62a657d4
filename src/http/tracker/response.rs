//! The rules on a response head (status, content type, the session id it
//! issues) and on a JSON response body.

use super::{Carries, Output, Tracker};
use crate::{
    http::{
        exchange::{Body, ResponseHead},
        read::Read,
        rules,
    },
    Direction, Version,
};

/// A response head and what its request carried.
struct Answer<'a> {
    exchange: u64,
    head: &'a ResponseHead,
    revision: Version,
    carries: Carries,
    /// The request's method, upper case.
    method: String,
    initialize: bool,
    /// The request's headers disagreed with its body.
    mismatch: bool,
    had_session_id: bool,
}

impl Tracker {
    pub(super) fn response(
        &mut self,
        exchange: u64,
        head: &ResponseHead,
        out: &mut Vec<Output<'_>>,
    ) {
        let legacy = self.legacy;
        let Some(open) = self.open.get_mut(&exchange) else {
            return;
        };
        open.status = head.status;
        open.sse = head.is_sse();
        let media_type = head.headers.media_type();
        open.typed = media_type.is_some();
        open.json = matches!(media_type.as_deref(), None | Some("application/json"));
        let answer = Answer {
            exchange,
            head,
            revision: open.revision,
            carries: open.carries,
            method: open.method.clone(),
            initialize: open.initialize,
            mismatch: open.headers_mismatch,
            had_session_id: open.had_session_id,
        };
        self.note_session_id(&answer, out);
        if legacy {
            return;
        }
        if answer.method == "POST" && (200..300).contains(&head.status) {
            self.post_answer_rules(&answer, out);
        }
        if answer.method == "GET" {
            self.get_answer_rule(&answer, out);
        }
    }

    /// The session id an `initialize` answer issues, and its characters.
    fn note_session_id(&mut self, a: &Answer<'_>, out: &mut Vec<Output<'_>>) {
        let Some(id) = a.head.headers.get("mcp-session-id") else {
            return;
        };
        if !a.initialize
            || self.session_id.is_some()
            || !rules::SESSION_ID_REQUIRED.applies(a.revision)
        {
            return;
        }
        self.session_id = Some(id.to_string());
        if !id.bytes().all(|b| (0x21..=0x7e).contains(&b))
            && rules::SESSION_ID_ASCII.applies(a.revision)
        {
            self.finding(
                out,
                a.exchange,
                &rules::SESSION_ID_ASCII,
                a.revision,
                Direction::ServerToClient,
                format!("Mcp-Session-Id {id:?} has characters outside 0x21–0x7E"),
            );
        }
    }

    /// A POST accepted: 202 for notifications and responses, a message's
    /// content type for requests, and a rejection when its headers
    /// disagreed with its body.
    fn post_answer_rules(&self, a: &Answer<'_>, out: &mut Vec<Output<'_>>) {
        let s2c = Direction::ServerToClient;
        let (status, revision) = (a.head.status, a.revision);
        let media = a.head.headers.media_type();
        match a.carries {
            Carries::NoRequests if status != 202 && rules::ACCEPTED_STATUS.applies(revision) => {
                self.finding(
                    out,
                    a.exchange,
                    &rules::ACCEPTED_STATUS,
                    revision,
                    s2c,
                    format!(
                        "a POST of only notifications/responses was accepted with {status} \
                         instead of 202"
                    ),
                );
            }
            Carries::Requests
                if !matches!(
                    media.as_deref(),
                    Some("application/json" | "text/event-stream")
                ) && rules::POST_CONTENT_TYPE.applies(revision) =>
            {
                self.finding(
                    out,
                    a.exchange,
                    &rules::POST_CONTENT_TYPE,
                    revision,
                    s2c,
                    format!(
                        "a POST carrying requests was answered {status} with Content-Type {:?}",
                        a.head.headers.get("content-type").unwrap_or("(missing)")
                    ),
                );
            }
            _ => {}
        }
        if a.mismatch && rules::HEADER_MISMATCH_REJECTED.applies(revision) {
            self.finding(
                out,
                a.exchange,
                &rules::HEADER_MISMATCH_REJECTED,
                revision,
                s2c,
                format!(
                    "the request's headers disagree with its body, yet the server answered {status}"
                ),
            );
        }
    }

    /// A GET is answered with an SSE stream or 405, whatever the status.
    ///
    /// Any status but 405 breaks the rule, except the answers other
    /// sentences require: 404 for a session that ended ("The server MAY
    /// terminate the session at any time, after which it MUST respond to
    /// requests containing that session ID with HTTP 404 Not Found"), 400
    /// for a request without the session id the server issued ("Servers
    /// that require a session ID SHOULD respond to requests without an
    /// MCP-Session-Id header (other than initialization) with HTTP 400 Bad
    /// Request") and 401 when authorization fails (authorization.mdx:
    /// "Invalid or expired tokens MUST receive a HTTP 401 response").
    fn get_answer_rule(&self, a: &Answer<'_>, out: &mut Vec<Output<'_>>) {
        let status = a.head.status;
        let required_elsewhere = match status {
            404 => a.had_session_id,
            400 => !a.had_session_id && self.session_id.is_some(),
            401 => true,
            _ => false,
        };
        if status != 405
            && !required_elsewhere
            && a.head.headers.media_type().as_deref() != Some("text/event-stream")
            && rules::GET_CONTENT_TYPE.applies(a.revision)
        {
            self.finding(
                out,
                a.exchange,
                &rules::GET_CONTENT_TYPE,
                a.revision,
                Direction::ServerToClient,
                format!(
                    "GET answered {status} with Content-Type {:?}, neither text/event-stream nor 405",
                    a.head.headers.get("content-type").unwrap_or("(missing)")
                ),
            );
        }
    }

    pub(super) fn body<'s>(&mut self, exchange: u64, body: &'s Body, out: &mut Vec<Output<'s>>) {
        let Some(open) = self.open.get(&exchange) else {
            return;
        };
        if body.is_empty() {
            return;
        }
        let (status, revision) = (open.status, open.revision);
        if status == 202
            && !self.legacy
            && open.method == "POST"
            && rules::ACCEPTED_EMPTY.applies(revision)
        {
            self.finding(
                out,
                exchange,
                &rules::ACCEPTED_EMPTY,
                revision,
                Direction::ServerToClient,
                format!(
                    "202 Accepted with a {}-byte body",
                    body.oversized.unwrap_or(body.bytes.len() as u64)
                ),
            );
            return;
        }
        // Only JSON bodies are messages (an error page is not judged).
        if self.legacy && open.method == "POST" {
            return;
        }
        if status == 202 || !open.json {
            return; // not a message (an error page, plain text)
        }
        let read = Read::of(&body.bytes, body.oversized, self.limits);
        if matches!(read, Read::Unreadable(_)) && !open.typed && !(200..300).contains(&status) {
            // An error status without a Content-Type and a body that is no
            // JSON: an error page, not a message. (A 403 to a foreign
            // Origin: "The HTTP response body **MAY** comprise a JSON-RPC
            // _error response_ that has no `id`", 2025-11-25
            // basic/transports; uvicorn's is the text "Invalid Origin
            // header" with no Content-Type.)
            return;
        }
        self.server_output(exchange, &body.bytes, read, false, out);
    }
}

//! The rules on SSE events (the 2024-11-05 endpoint and message events,
//! the priming event), on every message the server sends (the revision an
//! `initialize` result settles, error statuses, what a stream may carry),
//! and on how an exchange ends.

use super::{
    message::{is_request, is_response, version_of},
    HttpFinding, Output, Tracker,
};
use crate::{
    http::{exchange::End, read::Read, rules, sse},
    scan::MessageHead,
    Direction, Mode, Severity, Version,
};

/// Where a server message arrived, for its rules.
struct Arrival<'a> {
    exchange: u64,
    status: u16,
    /// The request's method, upper case.
    method: &'a str,
    /// The stream resumes another (`Last-Event-ID`).
    resuming: bool,
    on_sse: bool,
}

impl Tracker {
    pub(super) fn event<'s>(
        &mut self,
        exchange: u64,
        event: &'s sse::Event,
        out: &mut Vec<Output<'s>>,
    ) {
        let Some(open) = self.open.get_mut(&exchange) else {
            return;
        };
        open.events += 1;
        let first = open.events == 1;
        // Evidence of the 2024-11-05 HTTP+SSE transport: a GET stream
        // without a session whose first event announces the message
        // endpoint. The conversation is judged by that transport's page
        // from here on, whatever came before (a Streamable HTTP probe).
        if first
            && !open.legacy_stream
            && open.method == "GET"
            && !open.had_session_id
            && event.kind() == "endpoint"
        {
            open.legacy_stream = true;
            self.legacy = true;
        }
        let Some(open) = self.open.get(&exchange) else {
            return;
        };
        let (legacy_stream, revision) = (open.legacy_stream, open.revision);
        if first && !self.legacy && open.method == "POST" && (200..300).contains(&open.status) {
            self.priming_rule(exchange, event, revision, out);
        }
        if legacy_stream && !self.legacy_event_rules(exchange, event, first, revision, out) {
            return;
        }
        if !event.carries_data() {
            return; // a priming event, a retry hint, or an empty event
        }
        let read = Read::of(&event.data, event.oversized, self.limits);
        self.server_output(exchange, &event.data, read, true, out);
    }

    /// A server message to judge, then the rules it broke (read from its
    /// heads before it is handed over).
    pub(super) fn server_output<'s>(
        &mut self,
        exchange: u64,
        bytes: &'s [u8],
        read: Read<'s>,
        on_sse: bool,
        out: &mut Vec<Output<'s>>,
    ) {
        let mut findings = Vec::new();
        self.server_message(exchange, read.heads(), on_sse, &mut findings);
        self.learn_tools(bytes, &read);
        out.push(Output::Message {
            exchange,
            direction: Direction::ServerToClient,
            bytes,
            read,
        });
        out.append(&mut findings);
    }

    /// The first event of a POST's stream primes it (2025-11-25 on).
    fn priming_rule(
        &self,
        exchange: u64,
        event: &sse::Event,
        revision: Version,
        out: &mut Vec<Output<'_>>,
    ) {
        let primes = event.id.as_deref().is_some_and(|i| !i.is_empty())
            && event.data.is_empty()
            && event.oversized.is_none();
        if primes || !rules::SSE_PRIMING_EVENT.applies(revision) {
            return;
        }
        self.finding(
            out,
            exchange,
            &rules::SSE_PRIMING_EVENT,
            revision,
            Direction::ServerToClient,
            format!(
                "the SSE stream's first event {} (a priming event has an id and empty data)",
                match (&event.id, event.carries_data()) {
                    (None, true) => "has no id and carries a message".to_string(),
                    (None, false) => "has no id".to_string(),
                    (Some(i), _) => format!("(id {i:?}) carries data"),
                }
            ),
        );
    }

    /// The 2024-11-05 SSE endpoint's events: the `endpoint` event first,
    /// then messages as `message` events. Whether the event may carry a
    /// message (not the `endpoint` event).
    fn legacy_event_rules(
        &self,
        exchange: u64,
        event: &sse::Event,
        first: bool,
        revision: Version,
        out: &mut Vec<Output<'_>>,
    ) -> bool {
        let s2c = Direction::ServerToClient;
        if first && event.kind() != "endpoint" {
            self.finding(
                out,
                exchange,
                &rules::LEGACY_ENDPOINT_EVENT,
                revision,
                s2c,
                format!(
                    "the first event on the SSE endpoint is {:?}, not \"endpoint\"",
                    event.kind()
                ),
            );
        }
        if event.kind() == "endpoint" {
            return false;
        }
        if event.carries_data() && event.kind() != "message" {
            self.finding(
                out,
                exchange,
                &rules::LEGACY_MESSAGE_EVENT,
                revision,
                s2c,
                format!(
                    "a message sent as an SSE {:?} event, not \"message\"",
                    event.kind()
                ),
            );
        }
        true
    }

    /// Rules on a message the server sent (a JSON body or an SSE event).
    fn server_message(
        &mut self,
        exchange: u64,
        msgs: &[MessageHead],
        on_sse: bool,
        out: &mut Vec<Output<'_>>,
    ) {
        let Some(open) = self.open.get(&exchange) else {
            return;
        };
        let method = open.method.clone();
        let at = Arrival {
            exchange,
            status: open.status,
            method: &method,
            resuming: open.resuming,
            on_sse,
        };
        let legacy_stream = open.legacy_stream;
        let mut revision = open.revision;
        for m in msgs {
            if let Some(settled) = self.settle_revision(exchange, m) {
                revision = settled;
            }
            if !(legacy_stream || self.legacy) {
                self.server_message_rules(&at, m, revision, out);
            }
        }
    }

    /// An `initialize` result settles the revision: in auto mode, the
    /// exchange's from this message on (the session records it for later
    /// exchanges when it judges the message); the revision it settled.
    fn settle_revision(&mut self, exchange: u64, m: &MessageHead) -> Option<Version> {
        let id = m.id.as_ref()?;
        let pos = self.initialize_ids.iter().position(|i| i == id)?;
        let pv = version_of(m.result_protocol_version.as_deref())?;
        self.initialize_ids.remove(pos);
        let Mode::Auto = self.mode else {
            return None;
        };
        if let Some(o) = self.open.get_mut(&exchange) {
            o.revision = pv;
        }
        Some(pv)
    }

    /// The 400 status of the 2026-07-28 header errors, and what a stream
    /// may carry: no response on a GET stream that resumes nothing, no
    /// request on a response stream.
    fn server_message_rules(
        &self,
        at: &Arrival<'_>,
        m: &MessageHead,
        revision: Version,
        out: &mut Vec<Output<'_>>,
    ) {
        let s2c = Direction::ServerToClient;
        let code = m.error_code;
        let rule = match code {
            Some(-32020) => Some(&rules::STATUS_400_HEADER_ERRORS),
            Some(-32021) => Some(&rules::STATUS_400_MISSING_CAPABILITY),
            Some(-32022) => Some(&rules::STATUS_400_UNSUPPORTED_VERSION),
            _ => None,
        };
        if let Some(rule) = rule.filter(|r| at.status != 400 && r.applies(revision)) {
            self.finding(
                out,
                at.exchange,
                rule,
                revision,
                s2c,
                format!(
                    "error {} travelled with HTTP status {}{}",
                    code.unwrap_or_default(),
                    at.status,
                    if at.on_sse { " on an SSE stream" } else { "" }
                ),
            );
        }
        if at.on_sse
            && at.method == "GET"
            && !at.resuming
            && is_response(m)
            && rules::GET_STREAM_RESPONSE.applies(revision)
        {
            self.finding(
                out,
                at.exchange,
                &rules::GET_STREAM_RESPONSE,
                revision,
                s2c,
                "a JSON-RPC response on the GET stream, which resumes no request's stream \
                 (no Last-Event-ID)"
                    .into(),
            );
        }
        if at.on_sse
            && at.method == "POST"
            && is_request(m)
            && rules::NO_REQUESTS_ON_STREAM.applies(revision)
        {
            self.finding(
                out,
                at.exchange,
                &rules::NO_REQUESTS_ON_STREAM,
                revision,
                s2c,
                format!(
                    "request {:?} sent on a response stream",
                    m.method.as_deref().unwrap_or_default()
                ),
            );
        }
    }

    pub(super) fn end(&mut self, exchange: u64, end: &End, out: &mut Vec<Output<'_>>) {
        let Some(open) = self.open.remove(&exchange) else {
            return;
        };
        let s2c = Direction::ServerToClient;
        match end {
            End::Complete => {}
            End::Unterminated(u) => out.push(Output::Finding(HttpFinding {
                exchange,
                rule: None,
                severity: Severity::Error,
                direction: s2c,
                revision: Some(open.revision),
                message: format!(
                    "the SSE stream ended inside an event ({} bytes from byte {}); a client discards it",
                    u.bytes, u.offset
                ),
            })),
            End::Failed(why) => out.push(Output::Finding(HttpFinding {
                exchange,
                rule: None,
                severity: Severity::Warning,
                direction: s2c,
                revision: Some(open.revision),
                message: format!("{} {}: the upstream failed: {why}", open.method, exchange),
            })),
        }
    }
}

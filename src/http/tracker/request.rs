//! The rules on a request: `Accept`, the session id, the protocol
//! version headers, the 2026-07-28 request metadata headers, and what a
//! POST may carry; and what the request tells of the conversation (its
//! transport, its revision, the `initialize` ids to watch for).

use super::{
    message::{is_initialize, is_request, is_response, version_of},
    remember, Carries, Open, Output, Tracker, MAX_OPEN,
};
use crate::{
    http::{
        exchange::{Body, RequestHead},
        params,
        read::Read,
        rules,
    },
    scan::MessageHead,
    Direction, Mode, Session, Version,
};

/// Whether a target's query has a `sessionId` parameter.
fn has_session_query(target: &str) -> bool {
    target.split_once('?').is_some_and(|(_, query)| {
        query
            .split('&')
            .any(|p| p.split('=').next() == Some("sessionId"))
    })
}

/// Whether `Accept` lists `media` (exactly; parameters ignored).
fn accepts(head: &RequestHead, media: &str) -> bool {
    head.headers
        .0
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case("accept"))
        .flat_map(|(_, v)| v.split(','))
        .any(|r| {
            r.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .eq_ignore_ascii_case(media)
        })
}

/// A request as the rules see it.
struct Request<'a> {
    exchange: u64,
    head: &'a RequestHead,
    /// Its body's text.
    body: &'a [u8],
    /// The messages its body carries (none when unreadable or empty).
    msgs: &'a [MessageHead],
    /// It carries an `initialize`.
    initialize: bool,
    /// The revision it is under.
    revision: Version,
    /// Its `MCP-Protocol-Version` header, as sent.
    header: Option<&'a str>,
    is_post: bool,
    is_get: bool,
}

impl Carries {
    fn of(read: Option<&Read<'_>>) -> Carries {
        let Some(read) = read else {
            return Carries::Nothing;
        };
        let msgs = read.heads();
        if msgs.iter().any(is_request) {
            Carries::Requests
        } else if msgs.is_empty() {
            Carries::Unreadable // not JSON, or an empty batch
        } else {
            Carries::NoRequests
        }
    }
}

impl Tracker {
    pub(super) fn request<'s>(
        &mut self,
        exchange: u64,
        head: &'s RequestHead,
        body: &'s Body,
        read: Option<Read<'s>>,
        session: &Session,
        out: &mut Vec<Output<'s>>,
    ) {
        let start = out.len();
        let first = self.exchanges_seen == 0;
        self.exchanges_seen += 1;
        let is_post = head.method.eq_ignore_ascii_case("POST");
        let is_get = head.method.eq_ignore_ascii_case("GET");
        let resuming = head.headers.has("last-event-id");
        self.note_transport(head, first, resuming);
        let msgs = read.as_ref().map(Read::heads).unwrap_or_default();
        let header = head.headers.get("mcp-protocol-version");
        let request = Request {
            exchange,
            head,
            body: &body.bytes,
            msgs,
            initialize: msgs.iter().any(is_initialize),
            revision: self.request_revision(msgs, session),
            header,
            is_post,
            is_get,
        };
        self.note_initialize_ids(msgs);
        self.note_tools_list_ids(msgs, request.revision);
        let mismatch = !self.legacy && self.request_rules(&request, session, out);
        self.open_exchange(
            exchange,
            Open {
                method: head.method.to_ascii_uppercase(),
                carries: Carries::of(read.as_ref()),
                initialize: request.initialize,
                revision: request.revision,
                resuming,
                headers_mismatch: mismatch,
                status: 0,
                sse: false,
                json: false,
                typed: false,
                legacy_stream: self.legacy && is_get,
                events: 0,
                had_session_id: head.headers.has("mcp-session-id"),
            },
        );
        if let Some(read) = read {
            out.insert(
                start,
                Output::Message {
                    exchange,
                    direction: Direction::ClientToServer,
                    bytes: &body.bytes,
                    read,
                },
            );
        }
    }

    /// Evidence of the 2024-11-05 HTTP+SSE transport in a request: a first
    /// GET without a session (the SSE endpoint), or a POST to a message
    /// endpoint with the session in its query (the URI an `endpoint` event
    /// announces, `/messages?sessionId=…`) and no `Mcp-Session-Id`, though
    /// the capture may have begun after its GET stream opened.
    fn note_transport(&mut self, head: &RequestHead, first: bool, resuming: bool) {
        let no_session = !head.headers.has("mcp-session-id");
        let is_get = head.method.eq_ignore_ascii_case("GET");
        let is_post = head.method.eq_ignore_ascii_case("POST");
        if (is_get && first && !resuming && no_session)
            || (is_post && no_session && has_session_query(&head.target))
        {
            self.legacy = true;
        }
    }

    /// The revision a request is under: the body's own `_meta` version,
    /// the one an `initialize` proposes, else the session's (the
    /// negotiated one, the header, the fallback).
    fn request_revision(&self, msgs: &[MessageHead], session: &Session) -> Version {
        let own = msgs
            .iter()
            .find_map(|m| version_of(m.meta_protocol_version.as_deref()));
        let proposed = msgs
            .iter()
            .find(|m| is_initialize(m))
            .and_then(|m| version_of(m.params_protocol_version.as_deref()));
        match self.mode {
            Mode::Fixed(v) => v,
            Mode::Auto => own.or(proposed).unwrap_or_else(|| session.revision()),
        }
    }

    /// Remembers the ids of `initialize` requests (the newest 64), whose
    /// result settles the revision.
    fn note_initialize_ids(&mut self, msgs: &[MessageHead]) {
        for m in msgs.iter().filter(|m| is_initialize(m)) {
            if let Some(id) = &m.id {
                remember(&mut self.initialize_ids, id);
            }
        }
    }

    /// Keeps an exchange open (the oldest forgotten past [`MAX_OPEN`]).
    fn open_exchange(&mut self, exchange: u64, open: Open) {
        if self.open.len() >= MAX_OPEN {
            if let Some(&oldest) = self.open.keys().min() {
                self.open.remove(&oldest);
            }
        }
        self.open.insert(exchange, open);
    }

    /// The Streamable HTTP rules on a request; whether its headers
    /// disagree with its body (which the server must then reject).
    fn request_rules(&self, r: &Request<'_>, session: &Session, out: &mut Vec<Output<'_>>) -> bool {
        self.accept_rules(r, out);
        self.session_id_rule(r, out);
        self.negotiated_version_rules(r, session.negotiated(), out);
        let mut mismatch = self.every_post_version_rules(r, out);
        if r.is_post && rules::MCP_METHOD_HEADER.applies(r.revision) {
            if let [m] = r.msgs {
                mismatch |= self.request_metadata(out, r.exchange, r.head, m, r.revision);
                mismatch |= self.param_rules(out, r.exchange, r.head, (m, r.body), r.revision);
            }
        }
        if r.is_post
            && rules::NO_CLIENT_RESPONSES.applies(r.revision)
            && r.msgs.iter().any(is_response)
        {
            self.finding(
                out,
                r.exchange,
                &rules::NO_CLIENT_RESPONSES,
                r.revision,
                Direction::ClientToServer,
                "the POST body carries a JSON-RPC response".into(),
            );
        }
        mismatch
    }

    /// `Accept` of a POST and of a GET.
    fn accept_rules(&self, r: &Request<'_>, out: &mut Vec<Output<'_>>) {
        let accept = || r.head.headers.get("accept").unwrap_or("(missing)");
        if r.is_post
            && rules::POST_ACCEPT.applies(r.revision)
            && !(accepts(r.head, "application/json") && accepts(r.head, "text/event-stream"))
        {
            self.finding(
                out,
                r.exchange,
                &rules::POST_ACCEPT,
                r.revision,
                Direction::ClientToServer,
                format!(
                    "POST Accept is {:?}; it must list both application/json and text/event-stream",
                    accept()
                ),
            );
        }
        if r.is_get
            && rules::GET_ACCEPT.applies(r.revision)
            && !accepts(r.head, "text/event-stream")
        {
            self.finding(
                out,
                r.exchange,
                &rules::GET_ACCEPT,
                r.revision,
                Direction::ClientToServer,
                format!(
                    "GET Accept is {:?}; it must list text/event-stream",
                    accept()
                ),
            );
        }
    }

    /// The session id the server issued, on every later request.
    fn session_id_rule(&self, r: &Request<'_>, out: &mut Vec<Output<'_>>) {
        let Some(id) = &self.session_id else {
            return;
        };
        if !r.initialize
            && !r.head.headers.has("mcp-session-id")
            && rules::SESSION_ID_REQUIRED.applies(r.revision)
        {
            self.finding(
                out,
                r.exchange,
                &rules::SESSION_ID_REQUIRED,
                r.revision,
                Direction::ClientToServer,
                format!(
                    "{} without the Mcp-Session-Id the server issued ({id})",
                    r.head.method
                ),
            );
        }
    }

    /// `MCP-Protocol-Version` after initialization: present, and the
    /// negotiated one (2025-06-18, 2025-11-25).
    fn negotiated_version_rules(
        &self,
        r: &Request<'_>,
        negotiated: Option<Version>,
        out: &mut Vec<Output<'_>>,
    ) {
        if r.initialize || !rules::PROTOCOL_VERSION_HEADER.applies(r.revision) {
            return;
        }
        let c2s = Direction::ClientToServer;
        match (r.header, negotiated) {
            (None, _) => self.finding(
                out,
                r.exchange,
                &rules::PROTOCOL_VERSION_HEADER,
                r.revision,
                c2s,
                format!(
                    "{} after initialization without an MCP-Protocol-Version header",
                    r.head.method
                ),
            ),
            (Some(h), Some(n))
                if h.trim() != n.as_str()
                    && rules::PROTOCOL_VERSION_NEGOTIATED.applies(r.revision) =>
            {
                self.finding(
                    out,
                    r.exchange,
                    &rules::PROTOCOL_VERSION_NEGOTIATED,
                    r.revision,
                    c2s,
                    format!("MCP-Protocol-Version is {h:?} but {n} was negotiated"),
                )
            }
            _ => {}
        }
    }

    /// `MCP-Protocol-Version` on every POST, matching the body's `_meta`
    /// (2026-07-28 on); whether it is missing or disagrees.
    fn every_post_version_rules(&self, r: &Request<'_>, out: &mut Vec<Output<'_>>) -> bool {
        if !r.is_post || !rules::PROTOCOL_VERSION_EVERY_POST.applies(r.revision) {
            return false;
        }
        let c2s = Direction::ClientToServer;
        let Some(h) = r.header else {
            self.finding(
                out,
                r.exchange,
                &rules::PROTOCOL_VERSION_EVERY_POST,
                r.revision,
                c2s,
                "POST without an MCP-Protocol-Version header".into(),
            );
            return true;
        };
        match r
            .msgs
            .iter()
            .find_map(|m| m.meta_protocol_version.as_deref())
        {
            Some(meta) if h.trim() != meta => {
                self.finding(
                    out,
                    r.exchange,
                    &rules::PROTOCOL_VERSION_MATCHES_META,
                    r.revision,
                    c2s,
                    format!("MCP-Protocol-Version is {h:?} but the body's _meta says {meta:?}"),
                );
                true
            }
            _ => false,
        }
    }

    /// `Mcp-Method` / `Mcp-Name` against the body; whether they disagree.
    fn request_metadata(
        &self,
        out: &mut Vec<Output<'_>>,
        exchange: u64,
        head: &RequestHead,
        m: &MessageHead,
        revision: Version,
    ) -> bool {
        let c2s = Direction::ClientToServer;
        let Some(method) = m.method.as_deref() else {
            return false;
        };
        if !is_request(m) {
            return false; // the table names requests only
        }
        let mut mismatch = false;
        match head.headers.get("mcp-method") {
            Some(h) if h == method => {}
            got => {
                mismatch = true;
                self.finding(
                    out,
                    exchange,
                    &rules::MCP_METHOD_HEADER,
                    revision,
                    c2s,
                    match got {
                        None => format!("request {method:?} without an Mcp-Method header"),
                        Some(h) => {
                            format!("Mcp-Method is {h:?} but the body's method is {method:?}")
                        }
                    },
                );
            }
        }
        let source = match method {
            "tools/call" | "prompts/get" => Some(("name", &m.params_name)),
            "resources/read" => Some(("uri", &m.params_uri)),
            _ => None,
        };
        if let Some((field, body)) = source {
            let body = body.as_deref();
            let got = head.headers.get("mcp-name");
            let decoded = got.map(params::decode);
            if body.is_some() && decoded.as_ref().map(|d| d.as_deref()) != Some(body) {
                mismatch = true;
                self.finding(
                    out,
                    exchange,
                    &rules::MCP_NAME_HEADER,
                    revision,
                    c2s,
                    match got {
                        None => format!(
                            "{method} request without an Mcp-Name header (params.{field} is {:?})",
                            body.unwrap_or_default()
                        ),
                        Some(h) => format!(
                            "Mcp-Name is {h:?} but params.{field} is {:?}",
                            body.unwrap_or_default()
                        ),
                    },
                );
            }
        }
        mismatch
    }
}

//! The HTTP rules of one MCP conversation: fed its [`Step`]s in causal
//! order, it says which JSON-RPC messages to judge (request bodies,
//! JSON response bodies, SSE event data) and which HTTP rules broke.
//!
//! It tracks what the rules need across exchanges: the revision in force
//! (a fixed one, or in auto mode the negotiated one, a request's own
//! `_meta` version, the `MCP-Protocol-Version` header, and before any of
//! those 2025-03-26, which the spec tells servers to assume), the session
//! id the server issued, whether the conversation uses the 2024-11-05
//! HTTP+SSE transport, and per open exchange what its request carried.

use std::collections::HashMap;

use base64::Engine as _;
use serde_json::Value;

use crate::{
    http::{
        exchange::{Body, End, RequestHead, ResponseHead, Step},
        rules::{self, HttpRule},
        sse,
    },
    input::{self, InputError, Limits},
    session::META_PROTOCOL_VERSION,
    Direction, Mode, Severity, Version,
};

/// An HTTP-level finding.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HttpFinding {
    /// The exchange it is about.
    pub exchange: u64,
    /// The rule broken, when it is a rule (`None`: a transport problem).
    #[serde(serialize_with = "rule_id")]
    pub rule: Option<&'static HttpRule>,
    /// How bad: the rule's severity; transport problems are warnings,
    /// a message cut off is an error.
    pub severity: Severity,
    /// Which way the offending thing went.
    pub direction: Direction,
    /// The revision the rule was applied at.
    pub revision: Option<Version>,
    /// What and why.
    pub message: String,
}

fn rule_id<S: serde::Serializer>(r: &Option<&'static HttpRule>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(r.id()),
        None => s.serialize_none(),
    }
}

impl HttpFinding {
    /// `input` (a message cut off), `transport`, or the rule's id.
    pub fn keyword(&self) -> &'static str {
        match self.rule {
            Some(r) => r.id(),
            None if self.severity == Severity::Error => "input",
            None => "transport",
        }
    }
}

/// What a step gives to judge.
#[derive(Debug)]
pub enum Output<'a> {
    /// A JSON-RPC message (or batch) to judge with a [`crate::Session`].
    Message {
        /// Its exchange.
        exchange: u64,
        /// Which way.
        direction: Direction,
        /// The bytes (empty when the body was over the limit).
        bytes: &'a [u8],
        /// The message read from them, or why it could not be.
        value: Result<Value, InputError>,
    },
    /// An HTTP finding.
    Finding(HttpFinding),
}

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

/// One conversation's HTTP rule state.
#[derive(Debug)]
pub struct Tracker {
    mode: Mode,
    limits: Limits,
    negotiated: Option<Version>,
    header_version: Option<Version>,
    initialize_ids: Vec<Value>,
    session_id: Option<String>,
    legacy: bool,
    exchanges_seen: u64,
    open: HashMap<u64, Open>,
    /// The revision assumed while nothing says which.
    fallback: Version,
}

fn version_of(v: &Value) -> Option<Version> {
    v.as_str().and_then(|s| s.parse().ok())
}

fn meta_version(msg: &Value) -> Option<&str> {
    msg.get("params")?
        .get("_meta")?
        .get(META_PROTOCOL_VERSION)?
        .as_str()
}

fn is_request(m: &Value) -> bool {
    m.get("method").is_some_and(Value::is_string) && m.get("id").is_some()
}

fn is_response(m: &Value) -> bool {
    m.get("method").is_none() && (m.get("result").is_some() || m.get("error").is_some())
}

fn messages(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    }
}

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

/// An `Mcp-Name`/`Mcp-Param-*` value decoded from the `=?base64?…?=`
/// sentinel form (2026-07-28 Value Encoding), or as it is.
pub fn decode_header_value(v: &str) -> Option<String> {
    match v
        .strip_prefix("=?base64?")
        .and_then(|r| r.strip_suffix("?="))
    {
        Some(b64) => base64::engine::general_purpose::STANDARD
            .decode(b64)
            .ok()
            .and_then(|b| String::from_utf8(b).ok()),
        None => Some(v.to_string()),
    }
}

impl Tracker {
    /// A conversation judged in `mode`, reading messages within `limits`.
    pub fn new(mode: Mode, limits: Limits) -> Tracker {
        Tracker {
            mode,
            limits,
            negotiated: None,
            header_version: None,
            initialize_ids: Vec::new(),
            session_id: None,
            legacy: false,
            exchanges_seen: 0,
            open: HashMap::new(),
            fallback: Version::V2025_03_26,
        }
    }

    /// The revision assumed while neither a handshake nor an
    /// `MCP-Protocol-Version` header says which (default 2025-03-26, as
    /// the transport tells servers to assume); the conversation's session
    /// must assume the same.
    pub fn with_fallback(mut self, fallback: Version) -> Tracker {
        self.fallback = fallback;
        self
    }

    /// The session id the server issued, if any.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    /// The revision in force for a message that says nothing itself.
    pub fn revision(&self) -> Version {
        match self.mode {
            Mode::Fixed(v) => v,
            Mode::Auto => self
                .negotiated
                .or(self.header_version)
                .unwrap_or(self.fallback),
        }
    }

    /// The version the `MCP-Protocol-Version` header the client sends
    /// last named (for [`crate::Session::set_http_protocol_version`]).
    pub fn header_version(&self) -> Option<Version> {
        self.header_version
    }

    fn finding(
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

    /// Applies one step; what to judge and what broke go to `out`, in order.
    pub fn step<'s>(&mut self, step: &'s Step, out: &mut Vec<Output<'s>>) {
        match step {
            Step::Request {
                exchange,
                head,
                body,
            } => self.request(*exchange, head, body, out),
            Step::Response { exchange, head } => self.response(*exchange, head, out),
            Step::Body { exchange, body } => self.body(*exchange, body, out),
            Step::Event { exchange, event } => self.event(*exchange, event, out),
            Step::End { exchange, end } => self.end(*exchange, end, out),
        }
    }

    fn read(&self, body: &Body) -> Result<Value, InputError> {
        match body.oversized {
            Some(len) => Err(InputError::TooLarge {
                len: usize::try_from(len).unwrap_or(usize::MAX),
                limit: self.limits.max_bytes,
            }),
            None => input::parse(&body.bytes, self.limits),
        }
    }

    fn request<'s>(
        &mut self,
        exchange: u64,
        head: &'s RequestHead,
        body: &'s Body,
        out: &mut Vec<Output<'s>>,
    ) {
        let start = out.len();
        let first = self.exchanges_seen == 0;
        self.exchanges_seen += 1;
        let header = head.headers.get("mcp-protocol-version");
        let header_parsed: Option<Version> = header.and_then(|h| h.trim().parse().ok());
        let is_post = head.method.eq_ignore_ascii_case("POST");
        let is_get = head.method.eq_ignore_ascii_case("GET");
        let resuming = head.headers.has("last-event-id");
        if is_get && first && !resuming && !head.headers.has("mcp-session-id") {
            self.legacy = true;
        }
        // A POST to a message endpoint with the session in its query (the
        // URI an `endpoint` event announces, `/messages?sessionId=…`) and
        // no Mcp-Session-Id: the 2024-11-05 transport, though the capture
        // may have begun after its GET stream opened.
        if is_post && !head.headers.has("mcp-session-id") && has_session_query(&head.target) {
            self.legacy = true;
        }
        let value = if body.is_empty() && !is_post {
            None
        } else {
            Some(self.read(body))
        };
        let parsed = value.as_ref().and_then(|v| v.as_ref().ok());
        let msgs = parsed.map(messages).unwrap_or_default();
        let initialize = msgs
            .iter()
            .any(|m| m.get("method").and_then(Value::as_str) == Some("initialize"));
        let carries = match &value {
            None => Carries::Nothing,
            Some(Err(_)) => Carries::Unreadable,
            Some(Ok(_)) if msgs.iter().any(|m| is_request(m)) => Carries::Requests,
            Some(Ok(_)) if msgs.is_empty() => Carries::Unreadable,
            Some(Ok(_)) => Carries::NoRequests,
        };
        // The revision this request is under.
        let own = msgs
            .iter()
            .find_map(|m| meta_version(m))
            .and_then(|s| s.parse().ok());
        let proposed = msgs
            .iter()
            .find(|m| m.get("method").and_then(Value::as_str) == Some("initialize"))
            .and_then(|m| m.get("params")?.get("protocolVersion"))
            .and_then(version_of);
        let revision = match self.mode {
            Mode::Fixed(v) => v,
            Mode::Auto => own
                .or(proposed)
                .or(self.negotiated)
                .or(header_parsed)
                .or(self.header_version)
                .unwrap_or(self.fallback),
        };
        if header_parsed.is_some() {
            self.header_version = header_parsed;
        }
        for m in &msgs {
            if m.get("method").and_then(Value::as_str) == Some("initialize") {
                if let Some(id) = m.get("id") {
                    self.initialize_ids.push(id.clone());
                    if self.initialize_ids.len() > 64 {
                        self.initialize_ids.remove(0);
                    }
                }
            }
        }
        let c2s = Direction::ClientToServer;
        let mut mismatch = false;
        if !self.legacy {
            if is_post
                && rules::POST_ACCEPT.applies(revision)
                && !(accepts(head, "application/json") && accepts(head, "text/event-stream"))
            {
                self.finding(
                    out,
                    exchange,
                    &rules::POST_ACCEPT,
                    revision,
                    c2s,
                    format!(
                    "POST Accept is {:?}; it must list both application/json and text/event-stream",
                    head.headers.get("accept").unwrap_or("(missing)")),
                );
            }
            if is_get && rules::GET_ACCEPT.applies(revision) && !accepts(head, "text/event-stream")
            {
                self.finding(
                    out,
                    exchange,
                    &rules::GET_ACCEPT,
                    revision,
                    c2s,
                    format!(
                        "GET Accept is {:?}; it must list text/event-stream",
                        head.headers.get("accept").unwrap_or("(missing)")
                    ),
                );
            }
            if let Some(id) = &self.session_id {
                if !initialize
                    && !head.headers.has("mcp-session-id")
                    && rules::SESSION_ID_REQUIRED.applies(revision)
                {
                    self.finding(
                        out,
                        exchange,
                        &rules::SESSION_ID_REQUIRED,
                        revision,
                        c2s,
                        format!(
                            "{} without the Mcp-Session-Id the server issued ({id})",
                            head.method
                        ),
                    );
                }
            }
            if !initialize && rules::PROTOCOL_VERSION_HEADER.applies(revision) {
                match (header, self.negotiated) {
                    (None, _) => self.finding(
                        out,
                        exchange,
                        &rules::PROTOCOL_VERSION_HEADER,
                        revision,
                        c2s,
                        format!(
                            "{} after initialization without an MCP-Protocol-Version header",
                            head.method
                        ),
                    ),
                    (Some(h), Some(n))
                        if h.trim() != n.as_str()
                            && rules::PROTOCOL_VERSION_NEGOTIATED.applies(revision) =>
                    {
                        self.finding(
                            out,
                            exchange,
                            &rules::PROTOCOL_VERSION_NEGOTIATED,
                            revision,
                            c2s,
                            format!("MCP-Protocol-Version is {h:?} but {n} was negotiated"),
                        )
                    }
                    _ => {}
                }
            }
            if is_post && rules::PROTOCOL_VERSION_EVERY_POST.applies(revision) {
                match header {
                    None => {
                        mismatch = true;
                        self.finding(
                            out,
                            exchange,
                            &rules::PROTOCOL_VERSION_EVERY_POST,
                            revision,
                            c2s,
                            "POST without an MCP-Protocol-Version header".into(),
                        );
                    }
                    Some(h) => {
                        if let Some(meta) = msgs.iter().find_map(|m| meta_version(m)) {
                            if h.trim() != meta {
                                mismatch = true;
                                self.finding(out, exchange, &rules::PROTOCOL_VERSION_MATCHES_META, revision, c2s,
                                    format!("MCP-Protocol-Version is {h:?} but the body's _meta says {meta:?}"));
                            }
                        }
                    }
                }
            }
            if is_post && rules::MCP_METHOD_HEADER.applies(revision) {
                if let [m] = msgs.as_slice() {
                    mismatch |= self.request_metadata(out, exchange, head, m, revision);
                }
            }
            if is_post
                && rules::NO_CLIENT_RESPONSES.applies(revision)
                && msgs.iter().any(|m| is_response(m))
            {
                self.finding(
                    out,
                    exchange,
                    &rules::NO_CLIENT_RESPONSES,
                    revision,
                    c2s,
                    "the POST body carries a JSON-RPC response".into(),
                );
            }
        }
        if self.open.len() >= MAX_OPEN {
            if let Some(&oldest) = self.open.keys().min() {
                self.open.remove(&oldest);
            }
        }
        self.open.insert(
            exchange,
            Open {
                method: head.method.to_ascii_uppercase(),
                carries,
                initialize,
                revision,
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
        if let Some(v) = value {
            out.insert(
                start,
                Output::Message {
                    exchange,
                    direction: c2s,
                    bytes: &body.bytes,
                    value: v,
                },
            );
        }
    }

    /// `Mcp-Method` / `Mcp-Name` against the body; whether they disagree.
    fn request_metadata(
        &self,
        out: &mut Vec<Output<'_>>,
        exchange: u64,
        head: &RequestHead,
        m: &Value,
        revision: Version,
    ) -> bool {
        let c2s = Direction::ClientToServer;
        let Some(method) = m.get("method").and_then(Value::as_str) else {
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
            "tools/call" | "prompts/get" => Some("name"),
            "resources/read" => Some("uri"),
            _ => None,
        };
        if let Some(field) = source {
            let body = m
                .get("params")
                .and_then(|p| p.get(field))
                .and_then(Value::as_str);
            let got = head.headers.get("mcp-name");
            let decoded = got.map(decode_header_value);
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

    fn response(&mut self, exchange: u64, head: &ResponseHead, out: &mut Vec<Output<'_>>) {
        let s2c = Direction::ServerToClient;
        let legacy = self.legacy;
        let Some(open) = self.open.get_mut(&exchange) else {
            return;
        };
        open.status = head.status;
        open.sse = head.is_sse();
        let media_type = head.headers.media_type();
        open.typed = media_type.is_some();
        open.json = matches!(media_type.as_deref(), None | Some("application/json"));
        let (revision, carries, method, initialize, mismatch, had_session_id) = (
            open.revision,
            open.carries,
            open.method.clone(),
            open.initialize,
            open.headers_mismatch,
            open.had_session_id,
        );
        let ok = (200..300).contains(&head.status);
        if let Some(id) = head.headers.get("mcp-session-id") {
            if initialize
                && self.session_id.is_none()
                && rules::SESSION_ID_REQUIRED.applies(revision)
            {
                self.session_id = Some(id.to_string());
                if !id.bytes().all(|b| (0x21..=0x7e).contains(&b))
                    && rules::SESSION_ID_ASCII.applies(revision)
                {
                    self.finding(
                        out,
                        exchange,
                        &rules::SESSION_ID_ASCII,
                        revision,
                        s2c,
                        format!("Mcp-Session-Id {id:?} has characters outside 0x21–0x7E"),
                    );
                }
            }
        }
        if legacy {
            return;
        }
        let media = head.headers.media_type();
        if method == "POST" && ok {
            match carries {
                Carries::NoRequests
                    if head.status != 202 && rules::ACCEPTED_STATUS.applies(revision) =>
                {
                    self.finding(out, exchange, &rules::ACCEPTED_STATUS, revision, s2c, format!(
                        "a POST of only notifications/responses was accepted with {} instead of 202", head.status));
                }
                Carries::Requests
                    if !matches!(
                        media.as_deref(),
                        Some("application/json" | "text/event-stream")
                    ) && rules::POST_CONTENT_TYPE.applies(revision) =>
                {
                    self.finding(
                        out,
                        exchange,
                        &rules::POST_CONTENT_TYPE,
                        revision,
                        s2c,
                        format!(
                            "a POST carrying requests was answered {} with Content-Type {:?}",
                            head.status,
                            head.headers.get("content-type").unwrap_or("(missing)")
                        ),
                    );
                }
                _ => {}
            }
            if mismatch && rules::HEADER_MISMATCH_REJECTED.applies(revision) {
                self.finding(
                    out,
                    exchange,
                    &rules::HEADER_MISMATCH_REJECTED,
                    revision,
                    s2c,
                    format!(
                        "the request's headers disagree with its body, yet the server answered {}",
                        head.status
                    ),
                );
            }
        }
        // Any status but 405 breaks the GET rule, except the answers other
        // sentences require: 404 for a session that ended ("The server MAY
        // terminate the session at any time, after which it MUST respond to
        // requests containing that session ID with HTTP 404 Not Found"),
        // 400 for a request without the session id the server issued
        // ("Servers that require a session ID SHOULD respond to requests
        // without an MCP-Session-Id header (other than initialization) with
        // HTTP 400 Bad Request") and 401 when authorization fails
        // (authorization.mdx: "Invalid or expired tokens MUST receive a HTTP
        // 401 response").
        let required_elsewhere = match head.status {
            404 => had_session_id,
            400 => !had_session_id && self.session_id.is_some(),
            401 => true,
            _ => false,
        };
        if method == "GET"
            && head.status != 405
            && !required_elsewhere
            && media.as_deref() != Some("text/event-stream")
            && rules::GET_CONTENT_TYPE.applies(revision)
        {
            self.finding(
                out,
                exchange,
                &rules::GET_CONTENT_TYPE,
                revision,
                s2c,
                format!(
                    "GET answered {} with Content-Type {:?}, neither text/event-stream nor 405",
                    head.status,
                    head.headers.get("content-type").unwrap_or("(missing)")
                ),
            );
        }
    }

    fn body<'s>(&mut self, exchange: u64, body: &'s Body, out: &mut Vec<Output<'s>>) {
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
        let value = self.read(body);
        if value.is_err() && !open.typed && !(200..300).contains(&status) {
            // An error status without a Content-Type and a body that is no
            // JSON: an error page, not a message. (A 403 to a foreign
            // Origin: "The HTTP response body **MAY** comprise a JSON-RPC
            // _error response_ that has no `id`", 2025-11-25
            // basic/transports; uvicorn's is the text "Invalid Origin
            // header" with no Content-Type.)
            return;
        }
        let v = value.as_ref().ok().cloned();
        out.push(Output::Message {
            exchange,
            direction: Direction::ServerToClient,
            bytes: &body.bytes,
            value,
        });
        if let Some(v) = v {
            self.server_message(exchange, &v, false, out);
        }
    }

    fn event<'s>(&mut self, exchange: u64, event: &'s sse::Event, out: &mut Vec<Output<'s>>) {
        let s2c = Direction::ServerToClient;
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
        let Some(open) = self.open.get_mut(&exchange) else {
            return;
        };
        let legacy_stream = open.legacy_stream;
        let revision = open.revision;
        if first
            && !self.legacy
            && open.method == "POST"
            && (200..300).contains(&open.status)
            && !(event.id.as_deref().is_some_and(|i| !i.is_empty())
                && event.data.is_empty()
                && event.oversized.is_none())
            && rules::SSE_PRIMING_EVENT.applies(revision)
        {
            self.finding(
                out,
                exchange,
                &rules::SSE_PRIMING_EVENT,
                revision,
                s2c,
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
        if legacy_stream {
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
                return;
            }
        }
        if !event.carries_data() {
            return; // a priming event, a retry hint, or an empty event
        }
        if legacy_stream && event.kind() != "message" {
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
        let value = match event.oversized {
            Some(len) => Err(InputError::TooLarge {
                len: usize::try_from(len).unwrap_or(usize::MAX),
                limit: self.limits.max_bytes,
            }),
            None => input::parse(&event.data, self.limits),
        };
        let v = value.as_ref().ok().cloned();
        out.push(Output::Message {
            exchange,
            direction: s2c,
            bytes: &event.data,
            value,
        });
        if let Some(v) = v {
            self.server_message(exchange, &v, true, out);
        }
    }

    /// Rules on a message the server sent (a JSON body or an SSE event).
    fn server_message(
        &mut self,
        exchange: u64,
        v: &Value,
        on_sse: bool,
        out: &mut Vec<Output<'_>>,
    ) {
        let s2c = Direction::ServerToClient;
        let Some(open) = self.open.get(&exchange) else {
            return;
        };
        let (status, method, resuming, legacy_stream) = (
            open.status,
            open.method.clone(),
            open.resuming,
            open.legacy_stream,
        );
        let mut revision = open.revision;
        for m in messages(v) {
            // An initialize result settles the revision.
            if let Some(id) = m.get("id") {
                if let Some(pos) = self.initialize_ids.iter().position(|i| i == id) {
                    if let Some(pv) = m
                        .get("result")
                        .and_then(|r| r.get("protocolVersion"))
                        .and_then(version_of)
                    {
                        self.initialize_ids.remove(pos);
                        self.negotiated = Some(pv);
                        if let Mode::Auto = self.mode {
                            revision = pv;
                            if let Some(o) = self.open.get_mut(&exchange) {
                                o.revision = pv;
                            }
                        }
                    }
                }
            }
            if legacy_stream || self.legacy {
                continue;
            }
            let code = m
                .get("error")
                .and_then(|e| e.get("code"))
                .and_then(Value::as_i64);
            let rule = match code {
                Some(-32020) => Some(&rules::STATUS_400_HEADER_ERRORS),
                Some(-32021) => Some(&rules::STATUS_400_MISSING_CAPABILITY),
                Some(-32022) => Some(&rules::STATUS_400_UNSUPPORTED_VERSION),
                _ => None,
            };
            if let Some(rule) = rule {
                if status != 400 && rule.applies(revision) {
                    self.finding(
                        out,
                        exchange,
                        rule,
                        revision,
                        s2c,
                        format!(
                            "error {} travelled with HTTP status {status}{}",
                            code.unwrap_or_default(),
                            if on_sse { " on an SSE stream" } else { "" }
                        ),
                    );
                }
            }
            if on_sse
                && method == "GET"
                && !resuming
                && is_response(m)
                && rules::GET_STREAM_RESPONSE.applies(revision)
            {
                self.finding(out, exchange, &rules::GET_STREAM_RESPONSE, revision, s2c,
                    "a JSON-RPC response on the GET stream, which resumes no request's stream (no Last-Event-ID)".into());
            }
            if on_sse
                && method == "POST"
                && is_request(m)
                && rules::NO_REQUESTS_ON_STREAM.applies(revision)
            {
                self.finding(
                    out,
                    exchange,
                    &rules::NO_REQUESTS_ON_STREAM,
                    revision,
                    s2c,
                    format!(
                        "request {:?} sent on a response stream",
                        m.get("method").and_then(Value::as_str).unwrap_or_default()
                    ),
                );
            }
        }
    }

    fn end(&mut self, exchange: u64, end: &End, out: &mut Vec<Output<'_>>) {
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

//! One HTTP connection to the probed server (`probe --url`): the
//! Streamable HTTP transport, or the 2024-11-05 HTTP+SSE transport reached
//! by the spec's backwards-compatibility procedure.
//!
//! **Client.** hyper's client (hyper-util's pooled client and the
//! proxy's TLS connector, [`crate::http::client`]) on a tokio runtime of
//! the connection's own; SSE bodies are split by the library's parser
//! ([`crate::http::sse`]). Each revision gets a fresh [`HttpLink`] (a
//! new connection pool, a new session).
//!
//! **Judging.** Every exchange is handed to the live pipeline as
//! [`Step`]s ([`Submitter::submit_step`]) before what it describes is
//! acted on: the request before it is sent, the response head when it
//! arrives, each SSE event before the message it carries is routed, the
//! end. The pipeline routes them to their conversation, applies the HTTP
//! rules ([`crate::http::Tracker`]) and judges every JSON-RPC message
//! with the conversation's `Session` — exactly as `mcpwire proxy` and
//! `mcpwire check` on a HAR judge HTTP traffic.
//!
//! **The transport, as the client sends it** (`docs/<rev>/basic/transports.mdx`):
//! every POST carries `Accept: application/json, text/event-stream`; the
//! `Mcp-Session-Id` the `initialize` response carried goes on every later
//! request; `MCP-Protocol-Version` (the negotiated revision) goes on every
//! request after initialization where the negotiated revision's page
//! requires it (2025-06-18 on). At the stateless revisions (2026-07-28 on)
//! every POST carries `MCP-Protocol-Version` (the offered revision, as the
//! body's `_meta`), requests carry `Mcp-Method` and, for `tools/call`,
//! `prompts/get` and `resources/read`, `Mcp-Name` (Base64 sentinel
//! encoded where the value is not header-safe) and, on `tools/call`,
//! `Mcp-Param-*` for the tool's `x-mcp-header` parameters; no session id is sent and
//! no response either. A POST's answer may be `application/json` or an SSE
//! stream, which may carry the server's requests and notifications before
//! the response. After `notifications/initialized` the standalone GET
//! stream is opened (a 405 is fine). The session is ended with DELETE
//! (a 405 is fine).
//!
//! **Backwards compatibility.** An `initialize` POST answered 400, 404 or
//! 405 makes the link GET the URL, expecting an SSE stream whose first
//! event is `endpoint`; from then on messages are POSTed to that endpoint
//! and the server's messages, responses included, arrive on the GET
//! stream (2025-03-26 on, basic/transports, "Backwards Compatibility").
//!
//! **Around the conversation** (each in a file of its own): every
//! `--header` on every request, redacted in what is judged and captured
//! (`send.rs`); `--har` / `--transcript` from the judged steps
//! (`record.rs`); resuming a request's stream with `Last-Event-ID`
//! (`post.rs`); the session and protocol-version checks, unjudged
//! (`security.rs`); the Origin check (`origin.rs`).
//!
//! **Never a hang.** Every exchange has a deadline (the request's
//! timeout); streams end when the link closes; the runtime is shut down
//! with a bound.

use std::{
    collections::{HashMap, VecDeque},
    sync::{
        atomic::{AtomicU64, AtomicUsize, Ordering},
        mpsc, Arc, Mutex, MutexGuard,
    },
    time::Duration,
};

use crate::{
    http::{
        router::endpoint_target, rules as http_rules, sse, Body, End, Headers, Redaction,
        RequestHead, ResponseHead, Step,
    },
    live::Submitter,
    Version,
};
use http_body_util::BodyExt;
use hyper::{body::Incoming, Request, Uri};
use serde_json::{json, Value};
use tokio::{sync::watch, time::Instant};

use super::{
    answers,
    link::{Link, Reply},
    messages::{notification, request_message},
    watch::Watch,
};
use crate::http::client::{self as tls, full};

mod events;
mod legacy;
mod link;
mod origin;
mod post;
mod record;
mod security;
mod send;

use events::*;
use legacy::*;
pub use link::*;
pub use origin::*;
use post::*;
pub use record::Captures;
use record::Recordings;
pub use security::*;
use send::*;
/// The foreign origin of the DNS-rebinding check.
pub const FOREIGN_ORIGIN: &str = "http://evil.example";

/// `Accept` of every Streamable HTTP POST.
const ACCEPT_POST: &str = "application/json, text/event-stream";

/// Which transport the link speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transport {
    /// Streamable HTTP (2025-03-26 on).
    Streamable,
    /// The 2024-11-05 HTTP+SSE transport: messages POSTed to the endpoint
    /// an `endpoint` event announced, answers on the GET stream.
    Legacy,
}

impl Transport {
    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Transport::Streamable => "streamable-http",
            Transport::Legacy => "http+sse",
        }
    }
}

/// What every revision's link is given besides the URL.
#[derive(Clone, Default)]
pub struct HttpConfig {
    /// Each `--header` (lowercase name, value): sent on every request.
    pub headers: Vec<(String, String)>,
    /// `--har` / `--transcript`.
    pub captures: Option<Arc<Captures>>,
}

/// What the tasks share.
struct Shared {
    client: tls::Upstream,
    /// Each `--header`, sent on every request.
    extra: Vec<(String, String)>,
    /// The header fields whose values are redacted in what is judged and
    /// recorded: the library's defaults and every `--header`'s.
    redaction: Redaction,
    captures: Option<Arc<Captures>>,
    recordings: Recordings,
    /// `scheme://authority` of the URL.
    base: String,
    /// The URL's path and query.
    target: String,
    submitter: Submitter,
    next_exchange: AtomicU64,
    /// Requests waiting for their answer: id (as JSON text) → method and
    /// where the answer goes. Whoever removes an entry answers it, once.
    waiting: Mutex<HashMap<String, (String, mpsc::Sender<Reply>)>>,
    state: Mutex<State>,
    /// Ids of the requests the link answered itself ([`Reply::Failed`]).
    answered: Mutex<Vec<u64>>,
    /// Bytes of one message, at most.
    limit: usize,
    /// The deadline of exchanges that are not a request's.
    timeout: Duration,
    offered: Version,
    stateless: bool,
    closing: watch::Receiver<bool>,
    /// Tasks running.
    running: AtomicUsize,
    /// The open `subscriptions/listen`'s messages ([`Link::listen`]).
    watch: Watch,
}

#[derive(Default)]
struct State {
    session_id: Option<String>,
    /// `MCP-Protocol-Version` to send (the negotiated revision, where its
    /// page requires the header).
    protocol_version: Option<String>,
    /// The 2024-11-05 message endpoint (path and query), once announced.
    endpoint: Option<String>,
    /// Why the server is gone (`the server could not be reached (…)`,
    /// `the server ended the HTTP+SSE stream`).
    gone: Option<String>,
    /// (2026-07-28 on) Tool name → its `x-mcp-header` parameters, from
    /// `tools/list`.
    param_headers: HashMap<String, Vec<ParamHeader>>,
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn waiting(&self) -> MutexGuard<'_, HashMap<String, (String, mpsc::Sender<Reply>)>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Answers the request `key` (unless already answered or given up).
    fn deliver(&self, key: &str, reply: Reply) {
        let entry = self.waiting().remove(key);
        if let Some((_, tx)) = entry {
            let _ = tx.send(reply);
        }
    }

    /// Answers the request `key` with what the link saw (no JSON-RPC
    /// response came): remembered, so it is not also reported unanswered.
    fn deliver_local(&self, key: &str, reply: Reply) {
        let entry = self.waiting().remove(key);
        if let Some((_, tx)) = entry {
            if let Ok(id) = key.parse::<u64>() {
                self.answered
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(id);
            }
            let _ = tx.send(reply);
        }
    }

    fn legacy(&self) -> bool {
        self.state().endpoint.is_some()
    }

    /// The headers of a message POST (or of a GET / DELETE: `message`
    /// `None`).
    fn headers(&self, message: Option<&Value>, accept: &str) -> Vec<(String, String)> {
        let state = self.state();
        let mut h: Vec<(String, String)> = Vec::new();
        if state.endpoint.is_some() {
            // HTTP+SSE: a plain JSON POST to the announced endpoint.
            if message.is_some() {
                h.push(("content-type".into(), "application/json".into()));
            }
            return h;
        }
        h.push(("accept".into(), accept.into()));
        if message.is_some() {
            h.push(("content-type".into(), "application/json".into()));
        }
        if self.stateless {
            h.push((
                "mcp-protocol-version".into(),
                self.offered.as_str().to_string(),
            ));
            if let Some(m) = message.filter(|m| m.get("id").is_some()) {
                if let Some(method) = m.get("method").and_then(Value::as_str) {
                    h.push(("mcp-method".into(), method.to_string()));
                    let name = match method {
                        "tools/call" | "prompts/get" => m.pointer("/params/name"),
                        "resources/read" => m.pointer("/params/uri"),
                        _ => None,
                    };
                    if let Some(name) = name.and_then(Value::as_str) {
                        h.push(("mcp-name".into(), header_value(name)));
                        if method == "tools/call" {
                            h.extend(param_headers(&state.param_headers, name, m));
                        }
                    }
                }
            }
            return h;
        }
        if let Some(id) = &state.session_id {
            h.push(("mcp-session-id".into(), id.clone()));
        }
        if let Some(v) = &state.protocol_version {
            h.push(("mcp-protocol-version".into(), v.clone()));
        }
        h
    }

    /// Where messages are POSTed: the endpoint the HTTP+SSE stream
    /// announced, or the URL.
    fn post_target(&self) -> String {
        self.state()
            .endpoint
            .clone()
            .unwrap_or_else(|| self.target.clone())
    }

    fn closing(&self) -> bool {
        *self.closing.borrow()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for h in ["localhost", "127.0.0.1", "127.1.2.3", "[::1]", "LOCALHOST"] {
            assert!(is_loopback(h), "{h}");
        }
        for h in ["example.com", "10.0.0.1", "[2001:db8::1]"] {
            assert!(!is_loopback(h), "{h}");
        }
    }

    #[test]
    fn urls() {
        assert!(check_url("http://127.0.0.1:3001/mcp").is_ok());
        assert!(check_url("ftp://x/").is_err());
        assert!(check_url("/mcp").is_err());
    }
}

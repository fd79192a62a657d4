//! One HTTP connection to the probed server (`probe --url`): the
//! Streamable HTTP transport, or the 2024-11-05 HTTP+SSE transport reached
//! by the spec's backwards-compatibility procedure.
//!
//! **Client.** hyper's client (hyper-util's pooled client and the
//! proxy's TLS connector, [`crate::proxy::tls`]) on a tokio runtime of
//! the connection's own; SSE bodies are split by the library's parser
//! ([`mcpwire::http::sse`]). Each revision gets a fresh [`HttpLink`] (a
//! new connection pool, a new session).
//!
//! **Judging.** Every exchange is handed to the live pipeline as
//! [`Step`]s ([`Submitter::submit_step`]) before what it describes is
//! acted on: the request before it is sent, the response head when it
//! arrives, each SSE event before the message it carries is routed, the
//! end. The pipeline routes them to their conversation, applies the HTTP
//! rules ([`mcpwire::http::Tracker`]) and judges every JSON-RPC message
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
//! encoded where the value is not header-safe); no session id is sent and
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

use base64::Engine as _;
use http_body_util::BodyExt;
use hyper::{body::Incoming, Request, Uri};
use mcpwire::{
    http::{
        router::endpoint_target, rules as http_rules, sse, Body, End, Headers, RequestHead,
        ResponseHead, Step,
    },
    live::Submitter,
    Version,
};
use serde_json::{json, Value};
use tokio::{sync::watch, time::Instant};

use super::{
    answers,
    connection::{notification, request_message, Link, Reply},
};
use crate::proxy::{body::full, tls};

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

/// What the tasks share.
struct Shared {
    client: tls::Upstream,
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

    fn submit(&self, step: Step) {
        self.submitter.submit_step(step);
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

/// A header value as 2026-07-28 "Value Encoding" says: as it is when it is
/// visible ASCII and spaces without surrounding whitespace, else (and when
/// it looks like the sentinel) `=?base64?…?=`.
fn header_value(v: &str) -> String {
    let safe = v.bytes().all(|b| b == b' ' || (0x21..=0x7e).contains(&b));
    let padded = v.starts_with(' ') || v.ends_with(' ');
    let sentinel = v.starts_with("=?base64?") && v.ends_with("?=");
    let plain = !v.is_empty() && safe && !padded && !sentinel;
    if plain {
        v.to_string()
    } else {
        format!(
            "=?base64?{}?=",
            base64::engine::general_purpose::STANDARD.encode(v.as_bytes())
        )
    }
}

/// How sending a request ended, when no response head came.
enum SendError {
    /// The deadline passed (or the link is closing).
    Stopped,
    /// The connection failed: why.
    Failed(String),
}

/// Counts a task while it runs.
struct Running(Arc<Shared>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `fut` on the link's runtime, counted in [`Shared::running`].
fn spawn<F>(shared: &Arc<Shared>, fut: F)
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    shared.running.fetch_add(1, Ordering::SeqCst);
    let guard = Running(Arc::clone(shared));
    tokio::spawn(async move {
        let _guard = guard;
        fut.await;
    });
}

/// The text of an error and its sources.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut why = e.to_string();
    let mut src = e.source();
    while let Some(s) = src {
        let s_text = s.to_string();
        if !why.contains(&s_text) {
            why.push_str(": ");
            why.push_str(&s_text);
        }
        src = s.source();
    }
    why
}

/// Sends one request (its [`Step::Request`] submitted first) and waits
/// for the response head until `deadline`.
async fn send(
    shared: &Arc<Shared>,
    method: &str,
    target: &str,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    deadline: Instant,
) -> Result<(u64, ResponseHead, Incoming), SendError> {
    let exchange = shared.next_exchange.fetch_add(1, Ordering::SeqCst);
    let uri = format!("{}{}", shared.base, target);
    let mut builder = Request::builder().method(method).uri(&uri);
    for (n, v) in &headers {
        builder = builder.header(n.as_str(), v.as_str());
    }
    shared.submit(Step::Request {
        exchange,
        head: RequestHead {
            method: method.to_string(),
            target: target.to_string(),
            headers: Headers(headers),
        },
        body: Body::new(body.clone()),
    });
    let request = match builder.body(full(body)) {
        Ok(r) => r,
        Err(e) => {
            let why = format!("cannot build the request to {uri}: {e}");
            shared.submit(Step::End {
                exchange,
                end: End::Failed(why.clone()),
            });
            return Err(SendError::Failed(why));
        }
    };
    let mut closing = shared.closing.clone();
    let sent = tokio::select! {
        r = shared.client.request(request) => Some(r),
        _ = tokio::time::sleep_until(deadline) => None,
        _ = closing.wait_for(|c| *c) => None,
    };
    match sent {
        None => {
            // The probe stopped waiting: not the server's failure.
            shared.submit(Step::End {
                exchange,
                end: End::Complete,
            });
            Err(SendError::Stopped)
        }
        Some(Err(e)) => {
            let why = error_chain(&e);
            shared.submit(Step::End {
                exchange,
                end: End::Failed(why.clone()),
            });
            Err(SendError::Failed(why))
        }
        Some(Ok(response)) => {
            let (parts, body) = response.into_parts();
            let head = ResponseHead {
                status: parts.status.as_u16(),
                headers: Headers(
                    parts
                        .headers
                        .iter()
                        .map(|(n, v)| {
                            (
                                n.as_str().to_string(),
                                String::from_utf8_lossy(v.as_bytes()).into_owned(),
                            )
                        })
                        .collect(),
                ),
            };
            shared.submit(Step::Response {
                exchange,
                head: head.clone(),
            });
            Ok((exchange, head, body))
        }
    }
}

/// How reading a body ended.
enum Read {
    /// The whole body (or, over the limit, its size).
    Whole(Body),
    /// The deadline passed or the link is closing (ended as complete:
    /// the probe stopped reading).
    Stopped,
    /// The body broke off: why.
    Failed(String),
}

/// Reads a non-SSE body whole (at most `limit` bytes kept), submits it
/// and the exchange's end.
async fn read_body(
    shared: &Arc<Shared>,
    exchange: u64,
    mut body: Incoming,
    deadline: Instant,
) -> Read {
    let mut bytes = Vec::new();
    let mut total = 0u64;
    let mut closing = shared.closing.clone();
    let failed = loop {
        let frame = tokio::select! {
            f = body.frame() => f,
            _ = tokio::time::sleep_until(deadline) => {
                shared.submit(Step::End { exchange, end: End::Complete });
                return Read::Stopped;
            }
            _ = closing.wait_for(|c| *c) => {
                shared.submit(Step::End { exchange, end: End::Complete });
                return Read::Stopped;
            }
        };
        match frame {
            None => break None,
            Some(Err(e)) => break Some(error_chain(&e)),
            Some(Ok(frame)) => {
                if let Ok(data) = frame.into_data() {
                    total += data.len() as u64;
                    if bytes.len() <= shared.limit {
                        bytes.extend_from_slice(&data);
                    }
                }
            }
        }
    };
    let body = if total > shared.limit as u64 {
        Body {
            bytes: Vec::new(),
            oversized: Some(total),
        }
    } else {
        Body::new(bytes)
    };
    shared.submit(Step::Body {
        exchange,
        body: body.clone(),
    });
    match failed {
        None => {
            shared.submit(Step::End {
                exchange,
                end: End::Complete,
            });
            Read::Whole(body)
        }
        Some(why) => {
            shared.submit(Step::End {
                exchange,
                end: End::Failed(why.clone()),
            });
            Read::Failed(why)
        }
    }
}

/// An SSE response body, event by event.
struct Events {
    exchange: u64,
    body: Incoming,
    parser: sse::Parser,
    queue: VecDeque<sse::Event>,
}

/// The next thing on an SSE stream.
enum Next {
    /// An event (already submitted).
    Event(sse::Event),
    /// The stream ended (its end submitted): cut inside an event, broken
    /// off, or complete.
    Ended(End),
    /// The probe stopped reading (deadline, or the link is closing).
    Stopped,
}

impl Events {
    fn new(exchange: u64, body: Incoming, limit: usize) -> Events {
        Events {
            exchange,
            body,
            parser: sse::Parser::new(limit),
            queue: VecDeque::new(),
        }
    }

    async fn next(&mut self, shared: &Shared, deadline: Option<Instant>) -> Next {
        let exchange = self.exchange;
        let mut closing = shared.closing.clone();
        loop {
            if let Some(event) = self.queue.pop_front() {
                shared.submit(Step::Event {
                    exchange,
                    event: event.clone(),
                });
                return Next::Event(event);
            }
            let stop = async {
                match deadline {
                    Some(d) => tokio::time::sleep_until(d).await,
                    None => std::future::pending().await,
                }
            };
            let frame = tokio::select! {
                f = self.body.frame() => Some(f),
                () = stop => None,
                _ = closing.wait_for(|c| *c) => None,
            };
            let Some(frame) = frame else {
                shared.submit(Step::End {
                    exchange,
                    end: End::Complete,
                });
                return Next::Stopped;
            };
            match frame {
                None => {
                    let end = match self.parser.finish() {
                        Some(u) => End::Unterminated(u),
                        None => End::Complete,
                    };
                    shared.submit(Step::End {
                        exchange,
                        end: end.clone(),
                    });
                    return Next::Ended(end);
                }
                Some(Err(e)) => {
                    let end = End::Failed(error_chain(&e));
                    shared.submit(Step::End {
                        exchange,
                        end: end.clone(),
                    });
                    return Next::Ended(end);
                }
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        let queue = &mut self.queue;
                        self.parser.feed(&data, |e| queue.push_back(e));
                    }
                }
            }
        }
    }
}

/// The messages of one JSON text (a batch's elements, or the one).
fn messages(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    }
}

/// Routes what the server sent: a response to the request waiting for it
/// (`own`: the key of the request whose POST this came on, which an
/// error with `"id": null` answers), a request answered by POST (not at
/// the stateless revisions, whose clients "MUST NOT send JSON-RPC
/// responses"), notifications left to the judge.
fn dispatch(shared: &Arc<Shared>, value: &Value, own: Option<&str>) {
    for m in messages(value) {
        let Some(object) = m.as_object() else {
            continue;
        };
        let id = object.get("id");
        match (object.get("method").and_then(Value::as_str), id) {
            (Some(method), Some(id)) => {
                if shared.stateless {
                    continue;
                }
                let answer = answers::answer(method, object.get("params"), false);
                let mut response = json!({"jsonrpc": "2.0", "id": id});
                match answer {
                    Ok(result) => response["result"] = result,
                    Err((code, text)) => {
                        response["error"] = json!({"code": code, "message": text});
                    }
                }
                let s = Arc::clone(shared);
                spawn(shared, async move {
                    let deadline = Instant::now() + s.timeout;
                    post_other(&s, &response, deadline).await;
                });
            }
            (None, Some(id)) => {
                let key = if id.is_null() {
                    match own {
                        Some(k) => k.to_string(),
                        None => continue,
                    }
                } else {
                    id.to_string()
                };
                let reply = if let Some(result) = object.get("result") {
                    Reply::Result(result.clone())
                } else if let Some(error) = object.get("error") {
                    Reply::Error(
                        error.get("code").and_then(Value::as_i64),
                        error
                            .get("message")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_string(),
                    )
                } else {
                    Reply::Failed("the response has neither result nor error".into())
                };
                // An initialize result fixes the protocol version header
                // before anything else is sent.
                let is_initialize = shared
                    .waiting()
                    .get(&key)
                    .is_some_and(|(m, _)| m == "initialize");
                if is_initialize {
                    if let Reply::Result(r) = &reply {
                        let negotiated = r
                            .get("protocolVersion")
                            .and_then(Value::as_str)
                            .and_then(|v| v.parse::<Version>().ok());
                        if let Some(v) = negotiated {
                            if http_rules::PROTOCOL_VERSION_HEADER.applies(v) {
                                shared.state().protocol_version = Some(v.as_str().to_string());
                            }
                        }
                    }
                }
                shared.deliver(&key, reply);
            }
            _ => {}
        }
    }
}

/// Routes the JSON messages of an SSE event.
fn dispatch_event(shared: &Arc<Shared>, event: &sse::Event, own: Option<&str>) {
    if !event.carries_data() || event.kind() == "endpoint" {
        return;
    }
    if let Ok(v) = serde_json::from_slice::<Value>(&event.data) {
        dispatch(shared, &v, own);
    }
}

/// Reads an SSE stream to its end (or `deadline`), routing its messages.
/// How it ended; `None`: the probe stopped reading.
async fn read_events(
    shared: &Arc<Shared>,
    mut events: Events,
    own: Option<&str>,
    deadline: Option<Instant>,
) -> Option<End> {
    loop {
        match events.next(shared, deadline).await {
            Next::Event(e) => dispatch_event(shared, &e, own),
            Next::Ended(end) => return Some(end),
            Next::Stopped => return None,
        }
    }
}

/// The media type of a response, for messages.
fn media(head: &ResponseHead) -> String {
    head.headers
        .media_type()
        .unwrap_or_else(|| "(none)".to_string())
}

/// POSTs a request and routes its answer; delivers a failure when the
/// exchange ends without the response.
async fn post_request(shared: Arc<Shared>, message: Value, key: String, deadline: Instant) {
    let method = message
        .get("method")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    // `true`: the server speaks HTTP+SSE; the same request goes to its
    // endpoint (once: the link is HTTP+SSE from then on).
    while post_once(&shared, &message, &method, &key, deadline).await {}
}

/// One POST of a request; `true`: the server speaks the HTTP+SSE
/// transport, send it again.
async fn post_once(
    shared: &Arc<Shared>,
    message: &Value,
    method: &str,
    key: &str,
    deadline: Instant,
) -> bool {
    let legacy = shared.legacy();
    let target = shared.post_target();
    let headers = shared.headers(Some(message), ACCEPT_POST);
    let body = serde_json::to_vec(message).unwrap_or_default();
    let (exchange, head, response) =
        match send(shared, "POST", &target, headers, body, deadline).await {
            Ok(x) => x,
            Err(SendError::Stopped) => return false,
            Err(SendError::Failed(why)) => {
                shared
                    .state()
                    .gone
                    .get_or_insert(format!("the server could not be reached ({why})"));
                shared.deliver(key, Reply::Closed);
                return false;
            }
        };
    let status = head.status;
    if legacy {
        // The answer comes on the GET stream; this body is an
        // acknowledgement.
        let read = read_body(shared, exchange, response, deadline).await;
        if !(200..300).contains(&status) {
            shared.deliver_local(
                key,
                Reply::Failed(format!("the message endpoint answered HTTP {status}")),
            );
        } else if let Read::Failed(why) = read {
            shared.deliver_local(key, Reply::Failed(why));
        }
        return false;
    }
    if method == "initialize" && matches!(status, 400 | 404 | 405) {
        // "If it fails with the following HTTP status codes "400 Bad
        // Request", "404 Not Found" or "405 Method Not Allowed": Issue a
        // GET request to the server URL, expecting that this will open an
        // SSE stream and return an endpoint event as the first event."
        let answer = match read_body(shared, exchange, response, deadline).await {
            Read::Whole(b) => serde_json::from_slice::<Value>(&b.bytes).ok(),
            _ => None,
        };
        match open_legacy(shared, deadline).await {
            Ok(()) => return true,
            Err(why) => {
                let reply = match answer.as_ref().and_then(|a| a.get("error")) {
                    Some(error) => Reply::Error(
                        error.get("code").and_then(Value::as_i64),
                        error
                            .get("message")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_string(),
                    ),
                    None => Reply::Failed(format!(
                        "initialize answered HTTP {status} ({}), and a GET of the URL opened no \
                         HTTP+SSE stream: {why}",
                        media(&head)
                    )),
                };
                shared.deliver_local(key, reply);
            }
        }
        return false;
    }
    if method == "initialize" && (200..300).contains(&status) && !shared.stateless {
        if let Some(id) = head.headers.get("mcp-session-id") {
            shared.state().session_id = Some(id.to_string());
        }
    }
    let why = if head.is_sse() {
        let events = Events::new(exchange, response, shared.limit);
        match read_events(shared, events, Some(key), Some(deadline)).await {
            None => return false, // the request timed out: the caller says so
            Some(End::Complete) => "the SSE stream ended without the response".to_string(),
            Some(End::Unterminated(_)) => {
                "the SSE stream ended inside an event, before the response".to_string()
            }
            Some(End::Failed(why)) => format!("the SSE stream broke off: {why}"),
        }
    } else {
        let json = head.headers.media_type().as_deref() == Some("application/json");
        match read_body(shared, exchange, response, deadline).await {
            Read::Stopped => return false,
            Read::Failed(why) => format!("HTTP {status}: the body broke off: {why}"),
            Read::Whole(b) if json => match serde_json::from_slice::<Value>(&b.bytes) {
                Ok(v) => {
                    dispatch(shared, &v, Some(key));
                    format!("HTTP {status}: the JSON body holds no response to the request")
                }
                Err(_) if b.oversized.is_some() => {
                    format!("HTTP {status}: the JSON body is over the message size limit")
                }
                Err(e) => format!("HTTP {status}: the JSON body is no JSON ({e})"),
            },
            Read::Whole(_) if status == 202 => {
                "HTTP 202 Accepted, which answers notifications and responses, not requests"
                    .to_string()
            }
            Read::Whole(_) => format!(
                "HTTP {status} with Content-Type {}, neither application/json nor \
                 text/event-stream",
                head.headers.get("content-type").unwrap_or("(missing)")
            ),
        }
    };
    if method == "server/discover" && matches!(status, 400 | 404 | 405) {
        // 2026-07-28 basic/transports/streamable-http, Backward
        // Compatibility: "If the body is empty or is not a recognized
        // modern JSON-RPC error, fall back to initialize": a server of the
        // initialize era, which does not speak this revision.
        shared.deliver_local(key, Reply::Error(None, why));
    } else {
        shared.deliver_local(key, Reply::Failed(why));
    }
    false
}

/// POSTs a notification or a response; reads (and routes) whatever
/// answers it.
async fn post_other(shared: &Arc<Shared>, message: &Value, deadline: Instant) {
    let target = shared.post_target();
    let headers = shared.headers(Some(message), ACCEPT_POST);
    let body = serde_json::to_vec(message).unwrap_or_default();
    let Ok((exchange, head, response)) =
        send(shared, "POST", &target, headers, body, deadline).await
    else {
        return;
    };
    if head.is_sse() && !shared.legacy() {
        let events = Events::new(exchange, response, shared.limit);
        read_events(shared, events, None, Some(deadline)).await;
    } else {
        read_body(shared, exchange, response, deadline).await;
    }
}

/// The path and query of an `endpoint` event's URI, resolved against the
/// URL; `None` when it names another origin.
fn endpoint_of(shared: &Shared, data: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(data).ok()?.trim();
    if text.contains("://") {
        if !text.starts_with(&shared.base) {
            return None;
        }
        return endpoint_target(data);
    }
    if text.starts_with('/') {
        return Some(text.to_string());
    }
    // Relative to the URL's directory.
    let path = shared.target.split('?').next().unwrap_or("/");
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    Some(format!("{}{text}", if dir.is_empty() { "/" } else { dir }))
}

/// The 2024-11-05 HTTP+SSE transport: GETs the URL, expecting an SSE
/// stream whose first event is `endpoint`; keeps reading the stream (the
/// server's messages arrive on it) and sets the endpoint.
async fn open_legacy(shared: &Arc<Shared>, deadline: Instant) -> Result<(), String> {
    let headers = vec![("accept".to_string(), "text/event-stream".to_string())];
    let target = shared.target.clone();
    let (exchange, head, response) =
        match send(shared, "GET", &target, headers, Vec::new(), deadline).await {
            Ok(x) => x,
            Err(SendError::Stopped) => return Err("no answer in time".into()),
            Err(SendError::Failed(why)) => return Err(why),
        };
    if !(200..300).contains(&head.status) || !head.is_sse() {
        read_body(shared, exchange, response, deadline).await;
        return Err(format!(
            "the GET answered HTTP {} ({})",
            head.status,
            media(&head)
        ));
    }
    let mut events = Events::new(exchange, response, shared.limit);
    let first = loop {
        match events.next(shared, Some(deadline)).await {
            Next::Event(e) if !e.carries_data() && e.event.is_none() => continue,
            Next::Event(e) => break e,
            Next::Ended(_) => return Err("the SSE stream ended before any event".into()),
            Next::Stopped => return Err("no event in time".into()),
        }
    };
    if first.kind() != "endpoint" {
        return Err(format!(
            "the first event is {:?}, not \"endpoint\"",
            first.kind()
        ));
    }
    let Some(endpoint) = endpoint_of(shared, &first.data) else {
        return Err(format!(
            "the endpoint event names {:?}, not a URI of this server",
            String::from_utf8_lossy(&first.data)
        ));
    };
    shared.state().endpoint = Some(endpoint);
    let s = Arc::clone(shared);
    spawn(shared, async move {
        let end = read_events(&s, events, None, None).await;
        if end.is_some() && !s.closing() {
            // Every answer travels on this stream: without it nothing
            // more is answered.
            s.state()
                .gone
                .get_or_insert_with(|| "the server ended the HTTP+SSE stream".into());
            let keys: Vec<String> = s.waiting().keys().cloned().collect();
            for k in keys {
                s.deliver(&k, Reply::Closed);
            }
        }
    });
    Ok(())
}

/// The standalone GET stream (Streamable HTTP): its messages are routed
/// (the server's requests answered) until the link closes.
async fn listen(shared: Arc<Shared>) {
    let headers = shared.headers(None, "text/event-stream");
    let target = shared.target.clone();
    let deadline = Instant::now() + shared.timeout;
    let Ok((exchange, head, response)) =
        send(&shared, "GET", &target, headers, Vec::new(), deadline).await
    else {
        return;
    };
    if (200..300).contains(&head.status) && head.is_sse() {
        read_events(
            &shared,
            Events::new(exchange, response, shared.limit),
            None,
            None,
        )
        .await;
    } else {
        read_body(&shared, exchange, response, deadline).await;
    }
}

/// What the Origin check saw.
#[derive(Debug)]
pub enum OriginCheck {
    /// The server served the request: its status.
    Accepted(u16),
    /// Refused: the status.
    Refused(u16),
    /// No answer: why.
    NoAnswer(String),
}

/// One revision's HTTP connection.
pub struct HttpLink {
    runtime: tokio::runtime::Runtime,
    shared: Arc<Shared>,
    closing: watch::Sender<bool>,
    next_id: u64,
    request_meta: Option<Value>,
    /// The URL's host is a loopback name or address.
    pub loopback: bool,
}

/// Whether `host` is `localhost` or a loopback address.
fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|a| a.is_loopback())
}

/// Checks a `--url`: an `http://` or `https://` URL with a host.
pub fn check_url(url: &str) -> Result<Uri, String> {
    let uri: Uri = url.parse().map_err(|e| format!("--url {url:?}: {e}"))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return Err(format!("--url {url:?}: use an http:// or https:// URL")),
    }
    if uri.authority().is_none() {
        return Err(format!("--url {url:?} has no host"));
    }
    Ok(uri)
}

impl HttpLink {
    /// A link to `url` for the conversation at `revision`, judged through
    /// `submitter`; `limit` bytes per message; `timeout` for exchanges
    /// that are not a request's (notifications, answers, the end).
    pub fn start(
        url: &str,
        submitter: &Submitter,
        limit: usize,
        revision: Version,
        timeout: Duration,
    ) -> Result<HttpLink, String> {
        let uri = check_url(url)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("probe-http")
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the runtime: {e}"))?;
        let client = tls::client(None)?;
        let (tx, rx) = watch::channel(false);
        let authority = uri.authority().map(|a| a.as_str()).unwrap_or_default();
        let shared = Arc::new(Shared {
            client,
            base: format!("{}://{authority}", uri.scheme_str().unwrap_or("http")),
            target: uri
                .path_and_query()
                .map_or_else(|| "/".to_string(), |p| p.as_str().to_string()),
            submitter: submitter.clone(),
            next_exchange: AtomicU64::new(1),
            waiting: Mutex::default(),
            state: Mutex::default(),
            answered: Mutex::default(),
            limit,
            timeout,
            offered: revision,
            stateless: super::exercise::stateless(revision),
            closing: rx,
            running: AtomicUsize::new(0),
        });
        Ok(HttpLink {
            runtime,
            loopback: uri.host().is_some_and(is_loopback),
            shared,
            closing: tx,
            next_id: 0,
            request_meta: None,
        })
    }

    /// The transport in use.
    pub fn transport(&self) -> Transport {
        if self.shared.legacy() {
            Transport::Legacy
        } else {
            Transport::Streamable
        }
    }

    /// Sends `message` (the revision's opening request) with a foreign
    /// `Origin` on a connection of its own — Streamable HTTP: POSTed to the
    /// URL without a session; HTTP+SSE: a GET of the SSE endpoint — and
    /// says whether the server served it. A session it opens is ended
    /// (DELETE); a stream it opens is closed.
    pub fn origin_check(&mut self, message: &Value, timeout: Duration) -> OriginCheck {
        let shared = Arc::clone(&self.shared);
        let legacy = shared.legacy();
        let message = message.clone();
        self.runtime.block_on(async move {
            let deadline = Instant::now() + timeout;
            let target = shared.target.clone();
            let origin = ("origin".to_string(), FOREIGN_ORIGIN.to_string());
            let sent = if legacy {
                let headers = vec![
                    ("accept".to_string(), "text/event-stream".to_string()),
                    origin,
                ];
                send(&shared, "GET", &target, headers, Vec::new(), deadline).await
            } else {
                let mut headers = vec![
                    ("accept".to_string(), ACCEPT_POST.to_string()),
                    ("content-type".to_string(), "application/json".to_string()),
                    origin,
                ];
                if shared.stateless {
                    headers.extend(
                        shared
                            .headers(Some(&message), ACCEPT_POST)
                            .into_iter()
                            .filter(|(n, _)| n.starts_with("mcp-")),
                    );
                }
                let body = serde_json::to_vec(&message).unwrap_or_default();
                send(&shared, "POST", &target, headers, body, deadline).await
            };
            let (exchange, head, response) = match sent {
                Ok(x) => x,
                Err(SendError::Stopped) => {
                    return OriginCheck::NoAnswer("no answer in time".into())
                }
                Err(SendError::Failed(why)) => return OriginCheck::NoAnswer(why),
            };
            let status = head.status;
            if legacy {
                // Opened (or not): closed at once.
                shared.submit(Step::End {
                    exchange,
                    end: End::Complete,
                });
                drop(response);
            } else if head.is_sse() {
                let events = Events::new(exchange, response, shared.limit);
                let mut events = events;
                // Read to the end (its messages judged), not routed: the
                // conversation is not the probe's.
                while let Next::Event(_) = events.next(&shared, Some(deadline)).await {}
            } else {
                read_body(&shared, exchange, response, deadline).await;
            }
            let accepted = (200..300).contains(&status);
            if !accepted {
                // Refused by status, as it must be: not also unanswered.
                if let Some(id) = message.get("id").and_then(Value::as_u64) {
                    shared
                        .answered
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(id);
                }
            }
            if accepted && !legacy && !shared.stateless {
                if let Some(id) = head.headers.get("mcp-session-id") {
                    let mut headers = vec![("mcp-session-id".to_string(), id.to_string())];
                    // The same revision as the probe's own session.
                    if let Some(v) = shared.state().protocol_version.clone() {
                        headers.push(("mcp-protocol-version".to_string(), v));
                    }
                    if let Ok((exchange, _, response)) =
                        send(&shared, "DELETE", &target, headers, Vec::new(), deadline).await
                    {
                        read_body(&shared, exchange, response, deadline).await;
                    }
                }
            }
            if accepted {
                OriginCheck::Accepted(status)
            } else {
                OriginCheck::Refused(status)
            }
        })
    }

    /// Ends the conversation: DELETE of the session (Streamable HTTP, when
    /// the server issued one; a 405 is its right), then every stream is
    /// closed and the tasks get `grace` to finish.
    pub fn close(self, grace: Duration) {
        let shared = Arc::clone(&self.shared);
        let session = shared.state().session_id.clone();
        if session.is_some() && !shared.legacy() && !shared.stateless {
            let s = Arc::clone(&shared);
            self.runtime.block_on(async move {
                let deadline = Instant::now() + s.timeout;
                let headers = s.headers(None, "application/json, text/event-stream");
                let headers = headers.into_iter().filter(|(n, _)| n != "accept").collect();
                let target = s.target.clone();
                if let Ok((exchange, _, response)) =
                    send(&s, "DELETE", &target, headers, Vec::new(), deadline).await
                {
                    read_body(&s, exchange, response, deadline).await;
                }
            });
        }
        let _ = self.closing.send(true);
        let until = std::time::Instant::now() + grace;
        while shared.running.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
        self.runtime.shutdown_timeout(grace);
    }
}

impl Link for HttpLink {
    fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply {
        self.next_id += 1;
        let key = Value::from(self.next_id).to_string();
        if self.shared.state().gone.is_some() {
            return Reply::Closed;
        }
        let message = request_message(self.next_id, method, params, self.request_meta.as_ref());
        let (tx, rx) = mpsc::channel();
        self.shared
            .waiting()
            .insert(key.clone(), (method.to_string(), tx));
        let shared = Arc::clone(&self.shared);
        let deadline = Instant::now() + timeout;
        let k = key.clone();
        let _guard = self.runtime.enter();
        spawn(&self.shared, post_request(shared, message, k, deadline));
        let reply = match rx.recv_timeout(timeout) {
            Ok(reply) => reply,
            Err(_) => {
                self.shared.waiting().remove(&key);
                // An answer may have been delivered just now.
                rx.try_recv().unwrap_or(Reply::TimedOut)
            }
        };
        reply
    }

    fn notify(&mut self, method: &str, params: Option<Value>) {
        if self.shared.state().gone.is_some() {
            return;
        }
        let message = notification(method, params);
        let shared = Arc::clone(&self.shared);
        let (tx, rx) = mpsc::channel::<()>();
        let _guard = self.runtime.enter();
        spawn(&self.shared, async move {
            let deadline = Instant::now() + shared.timeout;
            post_other(&shared, &message, deadline).await;
            let _ = tx.send(());
        });
        // In order: the next message is sent once this one is answered.
        let _ = rx.recv_timeout(self.shared.timeout);
        if method == "notifications/initialized" && !self.shared.legacy() && !self.shared.stateless
        {
            // "The client MAY issue an HTTP GET to the MCP endpoint": the
            // stream on which the server's own requests and notifications
            // come.
            spawn(&self.shared, listen(Arc::clone(&self.shared)));
        }
    }

    fn last_id(&self) -> u64 {
        self.next_id
    }

    fn set_request_meta(&mut self, meta: Option<Value>) {
        self.request_meta = meta;
    }

    fn ended(&mut self, _grace: Duration) -> (Option<String>, String) {
        let why = self
            .shared
            .state()
            .gone
            .clone()
            .unwrap_or_else(|| "the connection ended".into());
        (None, why)
    }

    fn cancels_by_closing(&self) -> bool {
        self.shared.stateless
    }

    fn answered_by_link(&self) -> Vec<u64> {
        self.shared
            .answered
            .lock()
            .map(|a| a.clone())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_values_are_encoded_where_needed() {
        assert_eq!(header_value("get_weather"), "get_weather");
        assert_eq!(
            header_value("file:///projects/a b.json"),
            "file:///projects/a b.json"
        );
        assert_eq!(
            header_value("Hello, 世界"),
            "=?base64?SGVsbG8sIOS4lueVjA==?="
        );
        assert_eq!(header_value(" padded "), "=?base64?IHBhZGRlZCA=?=");
        assert_eq!(
            header_value("=?base64?literal?="),
            "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="
        );
    }

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

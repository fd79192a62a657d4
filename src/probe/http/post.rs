//! POSTing messages on the Streamable HTTP transport and handling what
//! comes back (a JSON body, an SSE stream, an error status).

use super::*;

/// POSTs a request and routes its answer; delivers a failure when the
/// exchange ends without the response.
pub(super) async fn post_request(
    shared: Arc<Shared>,
    message: Value,
    key: String,
    deadline: Instant,
) {
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
pub(super) async fn post_once(
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
        legacy_acknowledgement(shared, exchange, status, response, key, deadline).await;
        return false;
    }
    if method == "initialize" && matches!(status, 400 | 404 | 405) {
        return fall_back(shared, exchange, &head, response, key, deadline).await;
    }
    if method == "initialize" && (200..300).contains(&status) && !shared.stateless {
        if let Some(id) = head.headers.get("mcp-session-id") {
            shared.state().session_id = Some(id.to_string());
        }
    }
    let why = if head.is_sse() {
        let events = Events::new(exchange, response, shared.limit);
        answer_stream(shared, events, key, deadline).await
    } else {
        answer_body(shared, exchange, &head, response, key, deadline).await
    };
    // None: the request timed out (the caller says so).
    let Some(why) = why else {
        return false;
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

/// HTTP+SSE: the answer comes on the GET stream; the POST's body is an
/// acknowledgement, read and judged; a refusal answers the request.
async fn legacy_acknowledgement(
    shared: &Arc<Shared>,
    exchange: u64,
    status: u16,
    response: Incoming,
    key: &str,
    deadline: Instant,
) {
    let read = read_body(shared, exchange, response, deadline).await;
    if !(200..300).contains(&status) {
        shared.deliver_local(
            key,
            Reply::Failed(format!("the message endpoint answered HTTP {status}")),
        );
    } else if let Read::Failed(why) = read {
        shared.deliver_local(key, Reply::Failed(why));
    }
}

/// `initialize` answered 400, 404 or 405: "If it fails with the following
/// HTTP status codes "400 Bad Request", "404 Not Found" or "405 Method Not
/// Allowed": Issue a GET request to the server URL, expecting that this
/// will open an SSE stream and return an endpoint event as the first
/// event." `true`: it did, send `initialize` again (to the endpoint).
async fn fall_back(
    shared: &Arc<Shared>,
    exchange: u64,
    head: &ResponseHead,
    response: Incoming,
    key: &str,
    deadline: Instant,
) -> bool {
    let answer = match read_body(shared, exchange, response, deadline).await {
        Read::Whole(b) => serde_json::from_slice::<Value>(&b.bytes).ok(),
        _ => None,
    };
    let why = match open_legacy(shared, deadline).await {
        Ok(()) => return true,
        Err(why) => why,
    };
    let reply = match answer.as_ref().and_then(|a| a.get("error")) {
        Some(error) => Reply::of_error(error),
        None => Reply::Failed(format!(
            "initialize answered HTTP {} ({}), and a GET of the URL opened no HTTP+SSE \
             stream: {why}",
            head.status,
            media(head)
        )),
    };
    shared.deliver_local(key, reply);
    false
}

/// At most this many GETs resume one request's stream.
const RESUME_TRIES: u32 = 3;

/// Reads a request's SSE stream, routing its messages. A stream that ends
/// at an event boundary or breaks off before the response, after an event
/// with an id, is resumed (Streamable HTTP, not at the stateless
/// revisions, whose page says "Resumable SSE streams via `Last-Event-ID`
/// are not supported"): "it SHOULD issue an HTTP GET to the MCP endpoint,
/// and include the Last-Event-ID header", after waiting the `retry` the
/// stream set ("The client MUST respect the retry field"), at most
/// [`RESUME_TRIES`] times. Why no response came (`None`: it came, or the
/// request timed out).
async fn answer_stream(
    shared: &Arc<Shared>,
    mut events: Events,
    key: &str,
    deadline: Instant,
) -> Option<String> {
    let mut tries = 0;
    loop {
        let end = read_stream(shared, &mut events, Some(key), Some(deadline)).await?;
        let why = match &end {
            End::Complete => "the SSE stream ended without the response".to_string(),
            End::Unterminated(_) => {
                "the SSE stream ended inside an event, before the response".to_string()
            }
            End::Failed(why) => format!("the SSE stream broke off: {why}"),
        };
        let resumable = !matches!(end, End::Unterminated(_)) && !shared.stateless;
        let (Some(last), true) = (events.last_id.clone(), resumable) else {
            return Some(why);
        };
        if !shared.waiting().contains_key(key) || tries == RESUME_TRIES {
            return Some(why);
        }
        tries += 1;
        let retry = events.retry;
        match resume(shared, &last, retry, deadline).await {
            Resumed::Stream(mut next) => {
                next.last_id = Some(last);
                next.retry = retry;
                events = *next;
            }
            Resumed::Stopped => return None,
            Resumed::Refused(how) => {
                return Some(format!(
                    "{why}; resuming it with a GET with Last-Event-ID: {last} {how}"
                ))
            }
        }
    }
}

/// What a resuming GET gave.
enum Resumed {
    /// The stream, going on.
    Stream(Box<Events>),
    /// The deadline passed first.
    Stopped,
    /// No stream: what came instead.
    Refused(String),
}

/// Waits `retry` milliseconds (the stream's `retry` field; none: at once),
/// then GETs the URL with `Last-Event-ID: last`.
async fn resume(
    shared: &Arc<Shared>,
    last: &str,
    retry: Option<u64>,
    deadline: Instant,
) -> Resumed {
    let wait = Instant::now() + Duration::from_millis(retry.unwrap_or(0));
    if wait >= deadline {
        return Resumed::Stopped;
    }
    tokio::time::sleep_until(wait).await;
    let mut headers = shared.headers(None, "text/event-stream");
    headers.push(("last-event-id".to_string(), last.to_string()));
    let target = shared.target.clone();
    match send(shared, "GET", &target, headers, Vec::new(), deadline).await {
        Ok((exchange, head, response)) if (200..300).contains(&head.status) && head.is_sse() => {
            Resumed::Stream(Box::new(Events::new(exchange, response, shared.limit)))
        }
        Ok((exchange, head, response)) => {
            read_body(shared, exchange, response, deadline).await;
            Resumed::Refused(format!(
                "was answered HTTP {} ({})",
                head.status,
                media(&head)
            ))
        }
        Err(SendError::Stopped) => Resumed::Stopped,
        Err(SendError::Failed(why)) => Resumed::Refused(format!("failed: {why}")),
    }
}

/// Reads a request's non-SSE answer, routing a JSON body's messages. Why
/// no response came (`None`: the request timed out; a response routed
/// here has already answered it).
async fn answer_body(
    shared: &Arc<Shared>,
    exchange: u64,
    head: &ResponseHead,
    response: Incoming,
    key: &str,
    deadline: Instant,
) -> Option<String> {
    let status = head.status;
    let json = head.headers.media_type().as_deref() == Some("application/json");
    let why = match read_body(shared, exchange, response, deadline).await {
        Read::Stopped => return None,
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
            "HTTP 202 Accepted, which answers notifications and responses, not requests".to_string()
        }
        Read::Whole(_) => format!(
            "HTTP {status} with Content-Type {}, neither application/json nor text/event-stream",
            head.headers.get("content-type").unwrap_or("(missing)")
        ),
    };
    Some(why)
}

/// POSTs a notification or a response; reads (and routes) whatever
/// answers it.
pub(super) async fn post_other(shared: &Arc<Shared>, message: &Value, deadline: Instant) {
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

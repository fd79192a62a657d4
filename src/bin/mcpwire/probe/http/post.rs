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
                    Some(error) => Reply::of_error(error),
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

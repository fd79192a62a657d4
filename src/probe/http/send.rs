//! Sending one request: header encoding, the background task spawner,
//! the `send` call over hyper's client and reading a bounded body.

use super::*;

pub(super) use crate::http::params::{encode as header_value, ParamHeader};

/// A tool's `x-mcp-header` parameters; none when any annotation is
/// invalid (such a tool is not called: [`crate::http::params::param_headers`]).
pub(super) fn param_headers_of(schema: &Value) -> Vec<ParamHeader> {
    crate::http::params::param_headers(schema).unwrap_or_default()
}

/// The `Mcp-Param-*` headers of a `tools/call` of `tool`
/// ([`crate::http::params::mirrored`]).
pub(super) fn param_headers(
    known: &HashMap<String, Vec<ParamHeader>>,
    tool: &str,
    message: &Value,
) -> Vec<(String, String)> {
    known.get(tool).map_or_else(Vec::new, |params| {
        crate::http::params::mirrored(params, message.pointer("/params/arguments"))
    })
}

/// How sending a request ended, when no response head came.
pub(super) enum SendError {
    /// The deadline passed (or the link is closing).
    Stopped,
    /// The connection failed: why.
    Failed(String),
}

/// Counts a task while it runs.
pub(super) struct Running(Arc<Shared>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `fut` on the link's runtime, counted in [`Shared::running`].
pub(super) fn spawn<F>(shared: &Arc<Shared>, fut: F)
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
pub(super) fn error_chain(e: &dyn std::error::Error) -> String {
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

/// Sends one request (its [`Step::Request`] submitted first, its header
/// values redacted) and waits for the response head until `deadline`.
pub(super) async fn send(
    shared: &Arc<Shared>,
    method: &str,
    target: &str,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    deadline: Instant,
) -> Result<(u64, ResponseHead, Incoming), SendError> {
    let exchange = shared.next_exchange.fetch_add(1, Ordering::SeqCst);
    // What is judged and recorded carries every `--header`, its value
    // redacted; what is sent carries the values.
    let mut judged = Headers(headers.iter().chain(&shared.extra).cloned().collect());
    shared.redaction.apply(&mut judged);
    shared.submit(Step::Request {
        exchange,
        head: RequestHead {
            method: method.to_string(),
            target: shared.redaction.target(target),
            headers: judged,
        },
        body: Body::new(body.clone()),
    });
    match send_unjudged(shared, method, target, headers, body, deadline).await {
        Ok((head, response)) => {
            let mut judged = head.clone();
            shared.redaction.apply(&mut judged.headers);
            shared.submit(Step::Response {
                exchange,
                head: judged,
            });
            Ok((exchange, head, response))
        }
        Err(e) => {
            // Stopped: the probe stopped waiting, not the server's failure.
            let end = match &e {
                SendError::Stopped => End::Complete,
                SendError::Failed(why) => End::Failed(why.clone()),
            };
            shared.submit(Step::End { exchange, end });
            Err(e)
        }
    }
}

/// Sends one request (with every `--header`) without handing it to the
/// pipeline, and waits for the response head until `deadline`.
pub(super) async fn send_unjudged(
    shared: &Arc<Shared>,
    method: &str,
    target: &str,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
    deadline: Instant,
) -> Result<(ResponseHead, Incoming), SendError> {
    let uri = format!("{}{}", shared.base, target);
    let mut builder = Request::builder().method(method).uri(&uri);
    for (n, v) in headers.iter().chain(&shared.extra) {
        builder = builder.header(n.as_str(), v.as_str());
    }
    let request = builder
        .body(full(body))
        .map_err(|e| SendError::Failed(format!("cannot build the request to {uri}: {e}")))?;
    let mut closing = shared.closing.clone();
    let sent = tokio::select! {
        r = shared.client.request(request) => r,
        _ = tokio::time::sleep_until(deadline) => return Err(SendError::Stopped),
        _ = closing.wait_for(|c| *c) => return Err(SendError::Stopped),
    };
    let (parts, body) = sent
        .map_err(|e| SendError::Failed(error_chain(&e)))?
        .into_parts();
    let headers = parts
        .headers
        .iter()
        .map(|(n, v)| {
            (
                n.as_str().to_string(),
                String::from_utf8_lossy(v.as_bytes()).into_owned(),
            )
        })
        .collect();
    Ok((
        ResponseHead {
            status: parts.status.as_u16(),
            headers: Headers(headers),
        },
        body,
    ))
}

/// How reading a body ended.
pub(super) enum Read {
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
pub(super) async fn read_body(
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
                    shared.record_bytes(exchange, &data);
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

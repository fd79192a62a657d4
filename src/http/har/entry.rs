//! One HAR entry as the [`Step`]s of its exchange: request, response
//! head, body or SSE events, end; bodies decoded (plain or base64) and
//! held to the message size limit.

use super::{Entry, HarError, Pair};
use crate::http::{
    exchange::{Body, End, Headers, RequestHead, ResponseHead, Step},
    sse,
};

fn headers(pairs: &[Pair]) -> Headers {
    Headers(
        pairs
            .iter()
            .map(|p| (p.name.clone(), p.value.clone()))
            .collect(),
    )
}

/// The path and query of a URL (`http://h:1/mcp?x` → `/mcp?x`).
pub fn target(url: &str) -> String {
    crate::http::router::endpoint_target(url.as_bytes()).unwrap_or_else(|| url.to_string())
}

fn decode(text: &str, encoding: Option<&str>) -> Result<Vec<u8>, String> {
    use base64::Engine as _;
    match encoding {
        Some(e) if e.eq_ignore_ascii_case("base64") => base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .map_err(|e| e.to_string()),
        _ => Ok(text.as_bytes().to_vec()),
    }
}

/// A recorded body; `declared` is the HAR's `bodySize` (a recorder that
/// kept only part of a body says how big it was).
fn body(bytes: Vec<u8>, declared: i64, limit: usize) -> Body {
    let size = u64::try_from(declared).unwrap_or(0).max(bytes.len() as u64);
    if size > limit as u64 {
        Body {
            oversized: Some(size),
            bytes: Vec::new(),
        }
    } else {
        Body::new(bytes)
    }
}

/// The steps of one entry, numbered as `exchange`, with SSE bodies split
/// into events (each event's data kept up to `limit` bytes).
pub fn entry_steps(
    entry: &Entry,
    index: usize,
    exchange: u64,
    limit: usize,
) -> Result<Vec<Step>, HarError> {
    let mut steps = Vec::new();
    let req_body = match &entry.request.post_data {
        Some(p) => decode(&p.text, p.encoding.as_deref()).map_err(|why| HarError::Base64 {
            entry: index + 1,
            what: "request body",
            why,
        })?,
        None => Vec::new(),
    };
    steps.push(Step::Request {
        exchange,
        head: RequestHead {
            method: entry.request.method.clone(),
            target: target(&entry.request.url),
            headers: headers(&entry.request.headers),
        },
        body: body(req_body, entry.request.body_size, limit),
    });
    if entry.response.status <= 0 {
        steps.push(Step::End {
            exchange,
            end: End::Failed(
                entry
                    .error
                    .clone()
                    .unwrap_or_else(|| "no response recorded".into()),
            ),
        });
        return Ok(steps);
    }
    let head = ResponseHead {
        status: u16::try_from(entry.response.status).unwrap_or(0),
        headers: headers(&entry.response.headers),
    };
    let sse = head.is_sse()
        || (!head.headers.has("content-type")
            && entry
                .response
                .content
                .mime_type
                .starts_with("text/event-stream"));
    steps.push(Step::Response { exchange, head });
    let content = &entry.response.content;
    let bytes = match &content.text {
        Some(t) => decode(t, content.encoding.as_deref()).map_err(|why| HarError::Base64 {
            entry: index + 1,
            what: "response body",
            why,
        })?,
        None => Vec::new(),
    };
    let mut end = End::Complete;
    if sse {
        let (events, rest) = sse::split(&bytes, limit);
        for event in events {
            steps.push(Step::Event { exchange, event });
        }
        if let Some(u) = rest {
            end = End::Unterminated(u);
        }
    } else {
        steps.push(Step::Body {
            exchange,
            body: body(bytes, entry.response.body_size, limit),
        });
    }
    if let Some(e) = &entry.error {
        end = End::Failed(e.clone());
    }
    steps.push(Step::End { exchange, end });
    Ok(steps)
}

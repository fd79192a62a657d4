//! One HTTP exchange as mcpwire sees it, and the ordered [`Step`]s a
//! conversation is judged from. The proxy produces steps as bytes pass
//! through it; the HAR reader ([`crate::http::har`]) produces the same
//! steps from a capture, so both give the same findings.

use crate::http::sse;

/// Whether `name` is a header field name: an RFC 9110 token (`1*tchar`).
pub fn is_field_name(name: &str) -> bool {
    let tchar = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    !name.is_empty() && name.bytes().all(tchar)
}

/// Whether `value` is made of the characters a header field value may
/// hold (RFC 9110: visible ASCII, space and horizontal tab).
pub fn is_field_value(value: &str) -> bool {
    value
        .bytes()
        .all(|b| b == b'\t' || (0x20..=0x7e).contains(&b))
}

/// Header fields in their order, names compared case-insensitively.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headers(pub Vec<(String, String)>);

impl Headers {
    /// The first value of `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Whether `name` is present.
    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The media type of `Content-Type`, lowercased, without parameters.
    pub fn media_type(&self) -> Option<String> {
        self.get("content-type").map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
    }
}

/// A request line and its headers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RequestHead {
    /// `POST`, `GET`, `DELETE`, …
    pub method: String,
    /// Path and query (`/mcp`, `/message?sessionId=1`).
    pub target: String,
    /// Header fields.
    pub headers: Headers,
}

/// A status line and its headers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResponseHead {
    /// Status code.
    pub status: u16,
    /// Header fields.
    pub headers: Headers,
}

impl ResponseHead {
    /// Whether the body is an SSE stream.
    pub fn is_sse(&self) -> bool {
        self.headers.media_type().as_deref() == Some("text/event-stream")
    }
}

/// A body (or a request body) as judged: its bytes, unless it went over
/// the size limit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Body {
    /// The bytes (empty when `oversized`).
    pub bytes: Vec<u8>,
    /// Its length, when it was over the limit and not kept.
    pub oversized: Option<u64>,
}

impl Body {
    /// A body kept whole.
    pub fn new(bytes: Vec<u8>) -> Body {
        Body {
            bytes,
            oversized: None,
        }
    }

    /// Whether nothing was sent.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty() && self.oversized.is_none()
    }
}

/// How an exchange ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The response body ended normally.
    Complete,
    /// The SSE stream ended inside an event (which a client discards).
    Unterminated(sse::Unterminated),
    /// The upstream failed (connection refused or reset, bad response):
    /// what it said.
    Failed(String),
}

/// One thing that happened in a conversation, in causal order. Every step
/// names its exchange: a number the proxy (or HAR reader) gives each
/// request, in the order requests arrived (started).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A request and its whole body (empty for GET/DELETE).
    Request {
        /// Exchange number.
        exchange: u64,
        /// Method, target, headers.
        head: RequestHead,
        /// The body.
        body: Body,
    },
    /// The response's status and headers.
    Response {
        /// Exchange number.
        exchange: u64,
        /// Status and headers.
        head: ResponseHead,
    },
    /// A whole non-SSE response body (possibly empty).
    Body {
        /// Exchange number.
        exchange: u64,
        /// The body.
        body: Body,
    },
    /// One SSE event of the response.
    Event {
        /// Exchange number.
        exchange: u64,
        /// The event.
        event: sse::Event,
    },
    /// The exchange is over.
    End {
        /// Exchange number.
        exchange: u64,
        /// How.
        end: End,
    },
}

impl Step {
    /// The exchange it belongs to.
    pub fn exchange(&self) -> u64 {
        match self {
            Step::Request { exchange, .. }
            | Step::Response { exchange, .. }
            | Step::Body { exchange, .. }
            | Step::Event { exchange, .. }
            | Step::End { exchange, .. } => *exchange,
        }
    }
}

#[cfg(test)]
mod field_syntax_tests {
    use super::*;

    #[test]
    fn names_are_tokens_and_values_visible_ascii() {
        assert!(is_field_name("Mcp-Param-Region") && is_field_name("x!#$%&'*+.^_`|~9"));
        for bad in ["", "a b", "a:b", "a\r\nb", "Zürich"] {
            assert!(!is_field_name(bad), "{bad:?}");
        }
        assert!(is_field_value("us-west1") && is_field_value("a b\tc") && is_field_value(""));
        for bad in ["a\r\nb", "Zürich", "\u{7f}"] {
            assert!(!is_field_value(bad), "{bad:?}");
        }
    }
}

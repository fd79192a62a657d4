//! The serde types of a HAR 1.2 capture: the members mcpwire reads and
//! writes (every one HAR 1.2 requires but mcpwire does not need is
//! optional, unknown ones are ignored), and the `_mcpwire…` extensions
//! `mcpwire proxy --har` adds.

use serde::{Deserialize, Serialize};

/// A HAR file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Har {
    /// The log.
    pub log: Log,
}

/// `log`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Log {
    /// `1.2`.
    #[serde(default)]
    pub version: String,
    /// The program that wrote it.
    #[serde(default)]
    pub creator: Creator,
    /// The exchanges.
    #[serde(default)]
    pub entries: Vec<Entry>,
}

/// `log.creator`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Creator {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Version.
    #[serde(default)]
    pub version: String,
}

/// One exchange.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// ISO 8601 start time.
    #[serde(default)]
    pub started_date_time: String,
    /// Total time in milliseconds.
    #[serde(default)]
    pub time: f64,
    /// The request.
    pub request: Request,
    /// The response.
    pub response: Response,
    /// `cache` (required by HAR 1.2, unused).
    #[serde(default)]
    pub cache: serde_json::Map<String, serde_json::Value>,
    /// Phase timings.
    #[serde(default)]
    pub timings: Timings,
    /// Why the exchange failed (Chrome's and mcpwire's `_error`).
    #[serde(default, rename = "_error", skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// mcpwire: the proxy's exchange number (the order requests reached
    /// it). When every entry has one, exchanges are numbered by it rather
    /// than by `startedDateTime`, so a check names the exchanges the
    /// proxy named.
    #[serde(
        default,
        rename = "_mcpwireExchange",
        skip_serializing_if = "Option::is_none"
    )]
    pub exchange: Option<u64>,
    /// mcpwire: the proxy's sequence number of each step of the entry.
    #[serde(
        default,
        rename = "_mcpwireOrder",
        skip_serializing_if = "Option::is_none"
    )]
    pub order: Option<Vec<u64>>,
}

/// A header (or query string) pair.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    /// Name.
    pub name: String,
    /// Value.
    #[serde(default)]
    pub value: String,
}

/// `request`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    /// `POST`, `GET`, …
    pub method: String,
    /// Absolute URL.
    pub url: String,
    /// `HTTP/1.1`.
    #[serde(default)]
    pub http_version: String,
    /// Cookies (unused).
    #[serde(default)]
    pub cookies: Vec<serde_json::Value>,
    /// Headers in order.
    #[serde(default)]
    pub headers: Vec<Pair>,
    /// Query string (unused: the URL has it).
    #[serde(default)]
    pub query_string: Vec<Pair>,
    /// The body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_data: Option<PostData>,
    /// Header bytes (`-1`: unknown).
    #[serde(default = "unknown")]
    pub headers_size: i64,
    /// Body bytes (`-1`: unknown).
    #[serde(default = "unknown")]
    pub body_size: i64,
}

fn unknown() -> i64 {
    -1
}

/// `request.postData`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostData {
    /// Its media type.
    #[serde(default)]
    pub mime_type: String,
    /// The body text.
    #[serde(default)]
    pub text: String,
    /// `base64` when `text` is base64 (an extension some tools write).
    #[serde(default, rename = "_encoding", skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

/// `response`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Response {
    /// Status code (0: no response).
    #[serde(default)]
    pub status: i64,
    /// Reason phrase.
    #[serde(default)]
    pub status_text: String,
    /// `HTTP/1.1`.
    #[serde(default)]
    pub http_version: String,
    /// Cookies (unused).
    #[serde(default)]
    pub cookies: Vec<serde_json::Value>,
    /// Headers in order.
    #[serde(default)]
    pub headers: Vec<Pair>,
    /// The body.
    #[serde(default)]
    pub content: Content,
    /// `Location` (required by HAR 1.2).
    #[serde(default, rename = "redirectURL")]
    pub redirect_url: String,
    /// Header bytes (`-1`: unknown).
    #[serde(default = "unknown")]
    pub headers_size: i64,
    /// Body bytes (`-1`: unknown).
    #[serde(default = "unknown")]
    pub body_size: i64,
}

/// `response.content`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    /// Length in bytes.
    #[serde(default)]
    pub size: i64,
    /// Media type.
    #[serde(default)]
    pub mime_type: String,
    /// The body (absent: not recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// `base64` when `text` is base64.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
    /// mcpwire: when each SSE event of the body arrived (`mcpwire proxy
    /// --har` writes it; no other recorder does).
    #[serde(
        default,
        rename = "_mcpwireEvents",
        skip_serializing_if = "Option::is_none"
    )]
    pub events: Option<Vec<EventTime>>,
}

/// When one SSE event arrived: `response.content._mcpwireEvents[k]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EventTime {
    /// The byte offset of the event's first line in the response body
    /// (as [`crate::http::sse::Event::offset`]).
    pub offset: u64,
    /// Milliseconds since the entry's `startedDateTime` (microsecond
    /// precision) at which the proxy had the whole event and queued it
    /// for judging, before forwarding it.
    pub time: f64,
}

/// `timings` (milliseconds; `-1`: not applicable).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Timings {
    /// Waiting for a connection.
    #[serde(default = "minus_one")]
    pub blocked: f64,
    /// DNS.
    #[serde(default = "minus_one")]
    pub dns: f64,
    /// Connecting.
    #[serde(default = "minus_one")]
    pub connect: f64,
    /// Sending the request.
    #[serde(default)]
    pub send: f64,
    /// Waiting for the response's first byte.
    #[serde(default)]
    pub wait: f64,
    /// Receiving the body.
    #[serde(default)]
    pub receive: f64,
    /// TLS.
    #[serde(default = "minus_one")]
    pub ssl: f64,
}

fn minus_one() -> f64 {
    -1.0
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            blocked: -1.0,
            dns: -1.0,
            connect: -1.0,
            send: 0.0,
            wait: 0.0,
            receive: 0.0,
            ssl: -1.0,
        }
    }
}

//! HAR 1.2 (HTTP Archive) captures: serde types for the parts mcpwire
//! reads and writes, and [`steps`], which turns a capture into the ordered
//! [`Step`]s of its exchanges — the same steps the proxy judges live.
//!
//! Producers differ (browser devtools, mitmproxy, Charles, Playwright,
//! `mcpwire proxy --har`): every member HAR 1.2 requires but mcpwire does
//! not need is optional here, unknown members (`_initiator`, `_priority`,
//! …) are ignored, and bodies may be plain or `"encoding": "base64"`.
//!
//! **Order.** A HAR records whole exchanges, not when each SSE event went
//! past. Entries written by `mcpwire proxy --har` carry `_mcpwireOrder`:
//! the proxy's sequence number of each of the entry's steps (request,
//! response, each body or event, end), so a check replays them exactly as
//! the proxy judged them. Other captures are ordered by time and
//! causality: a request at `startedDateTime`, its response head after
//! `blocked + dns + connect + send + wait`, a JSON body and the end at
//! `startedDateTime + time`; each SSE event as early as causality allows —
//! right after the response head, after the event before it, and after
//! the request it answers when that request was POSTed in another entry
//! (a response on a long-lived GET stream, the 2024-11-05 transport's
//! way). An event can never be earlier than that, so every event lands
//! before the requests that answer it (a client's response to a server
//! request starts after the request arrived). An entry whose
//! `response.content._mcpwireEvents` says when each event arrived (the
//! proxy writes it next to `_mcpwireOrder`; it is what is left when an
//! entry's body was cut and so has no `_mcpwireOrder`) has its events
//! placed at those times instead, still never before the request they
//! answer. Ties go in entry order.
//!
//! A HAR is one JSON document, so it is read whole (its size is the
//! memory it needs); each body judged is held to the message size limit.

use serde::{Deserialize, Serialize};

use crate::http::{
    exchange::{Body, End, Headers, RequestHead, ResponseHead, Step},
    sse,
};

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
    /// (as [`sse::Event::offset`]).
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

/// Why a HAR cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum HarError {
    /// Not JSON, or not shaped as a HAR.
    #[error("not a HAR 1.2 file: {0}")]
    Shape(#[from] serde_json::Error),
    /// A body declared base64 that is not.
    #[error("entry {entry}: {what} is declared base64 but does not decode: {why}")]
    Base64 {
        /// 1-based entry (in file order).
        entry: usize,
        /// `request body` or `response body`.
        what: &'static str,
        /// The decoder's message.
        why: String,
    },
}

/// Whether a file looks like a HAR: its name ends in `.har`, or its first
/// bytes open an object with a `log` member.
pub fn looks_like_har(name: &str, head: &[u8]) -> bool {
    if name.to_ascii_lowercase().ends_with(".har") {
        return true;
    }
    let text = String::from_utf8_lossy(head);
    let t = text.trim_start_matches('\u{feff}').trim_start();
    t.starts_with('{') && t[1..].trim_start().starts_with("\"log\"")
}

/// Reads a HAR.
pub fn read(bytes: &[u8]) -> Result<Har, HarError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    Ok(serde_json::from_slice(bytes)?)
}

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

/// Milliseconds since the Unix epoch of an ISO 8601 date-time
/// (`2026-12-01T08:00:00.123456Z`, `…+02:00`); `None` if unreadable.
pub fn parse_time(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || (b[10] != b'T' && b[10] != b' ') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> { s.get(r)?.parse().ok() };
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, se) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let mut rest = &s[19..];
    let mut frac = 0.0;
    if let Some(r) = rest.strip_prefix('.') {
        let digits = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        frac = format!("0.{}", &r[..digits]).parse().ok()?;
        rest = &r[digits..];
    }
    let offset_min = match rest {
        "" | "Z" | "z" => 0,
        _ => {
            let sign = if rest.starts_with('-') { -1 } else { 1 };
            let r = rest.get(1..)?.replace(':', "");
            let hh: i64 = r.get(0..2)?.parse().ok()?;
            let mm: i64 = r.get(2..4).unwrap_or("00").parse().ok()?;
            sign * (hh * 60 + mm)
        }
    };
    // Days from the civil date (Howard Hinnant's algorithm).
    let (y2, m2) = if mo <= 2 {
        (y - 1, mo + 9)
    } else {
        (y, mo - 3)
    };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let doy = (153 * m2 + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    let secs = days * 86_400 + h * 3600 + mi * 60 + se - offset_min * 60;
    Some(secs as f64 * 1000.0 + frac * 1000.0)
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

/// The entries by start time (ties in file order), or by
/// `_mcpwireExchange` when every entry has one: (index in `log.entries`,
/// the entry, its start in ms).
fn by_start(har: &Har) -> Vec<(usize, &Entry, f64)> {
    let mut entries: Vec<(usize, &Entry, f64)> = har
        .log
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| (i, e, parse_time(&e.started_date_time).unwrap_or(0.0)))
        .collect();
    if entries.iter().all(|e| e.1.exchange.is_some()) {
        entries.sort_by_key(|e| (e.1.exchange, e.0));
    } else {
        entries.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
    }
    entries
}

/// The 0-based index in `log.entries` of each exchange [`steps`] numbers:
/// exchange `n` is entry `exchange_entries(har)[n - 1]`.
pub fn exchange_entries(har: &Har) -> Vec<usize> {
    by_start(har).into_iter().map(|(i, _, _)| i).collect()
}

/// Every step of a capture, in the order to judge them (see the module
/// docs). Exchanges are numbered from 1 in order of `startedDateTime`
/// (of `_mcpwireExchange` when every entry has one; [`exchange_entries`]
/// maps them back to entries).
pub fn steps(har: &Har, limit: usize) -> Result<Vec<Step>, HarError> {
    let entries = by_start(har);
    let mut all = Vec::with_capacity(entries.len());
    let mut all_ordered = true;
    for (n, (index, entry, _)) in entries.iter().enumerate() {
        let steps = entry_steps(entry, *index, n as u64 + 1, limit)?;
        all_ordered &= entry.order.as_ref().is_some_and(|o| o.len() == steps.len());
        all.push(steps);
    }
    if all_ordered {
        let mut keyed: Vec<(u64, Step)> = Vec::new();
        for ((_, entry, _), steps) in entries.iter().zip(all) {
            let order = entry.order.as_deref().unwrap_or_default();
            keyed.extend(order.iter().copied().zip(steps));
        }
        keyed.sort_by_key(|k| k.0);
        return Ok(keyed.into_iter().map(|k| k.1).collect());
    }
    let mut requests = RequestTimes::new(&entries, &all);
    // (time, after, entry, step): `after` puts a step just after the
    // request it waits for when both have the same time.
    let mut keyed: Vec<(f64, u8, usize, usize, Step)> = Vec::new();
    for (n, ((_, entry, start), steps)) in entries.iter().zip(all).enumerate() {
        let t = &entry.timings;
        let end_at = start + entry.time.max(0.0);
        let head_at = (start
            + [t.blocked, t.dns, t.connect, t.send, t.wait]
                .iter()
                .map(|x| x.max(0.0))
                .sum::<f64>())
        .min(end_at);
        // Events: when they arrived if the entry says
        // (`_mcpwireEvents`), else as early as causality allows (see the
        // module docs); never before the event before them.
        let arrived: std::collections::HashMap<u64, f64> = entry
            .response
            .content
            .events
            .iter()
            .flatten()
            .map(|e| (e.offset, e.time))
            .collect();
        let mut at = (head_at, 0u8);
        for (k, step) in steps.into_iter().enumerate() {
            let key = match &step {
                Step::Request { .. } => (*start, 0),
                Step::Response { .. } => (head_at, 0),
                Step::Event { event, .. } => {
                    if let Some(t) = arrived.get(&event.offset) {
                        let t = start + t.max(0.0);
                        if (t, 0) > at {
                            at = (t, 0);
                        }
                    }
                    if let Some(id) = response_id(&event.data) {
                        if let Some(sent) = requests.take(&id, n, *start) {
                            if (sent, 1) > at {
                                at = (sent, 1);
                            }
                        }
                    }
                    at
                }
                Step::Body { .. } => (end_at, 0),
                Step::End { .. } => {
                    if (end_at, 2) > at {
                        (end_at, 2)
                    } else {
                        (at.0, 2)
                    }
                }
            };
            keyed.push((key.0, key.1, n, k, step));
        }
    }
    keyed.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
            .then(a.3.cmp(&b.3))
    });
    Ok(keyed.into_iter().map(|k| k.4).collect())
}

/// The id of a JSON-RPC response (`result` or `error`, no `method`) in an
/// event's data, as JSON text.
fn response_id(data: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Head<'a> {
        #[serde(borrow, default)]
        id: Option<&'a serde_json::value::RawValue>,
        #[serde(default)]
        method: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        result: Option<serde::de::IgnoredAny>,
        #[serde(default)]
        error: Option<serde::de::IgnoredAny>,
    }
    let h: Head<'_> = serde_json::from_slice(data).ok()?;
    if h.method.is_some() || (h.result.is_none() && h.error.is_none()) {
        return None;
    }
    Some(h.id?.get().to_string())
}

/// When each request id was sent (its POST's start), for placing the
/// responses that arrive on another entry's stream.
struct RequestTimes {
    /// Request id (JSON text) → (start, entry position, taken), by start.
    sent: std::collections::HashMap<String, Vec<(f64, usize, bool)>>,
}

impl RequestTimes {
    fn new(entries: &[(usize, &Entry, f64)], steps: &[Vec<Step>]) -> RequestTimes {
        #[derive(Deserialize)]
        struct Head<'a> {
            #[serde(borrow, default)]
            id: Option<&'a serde_json::value::RawValue>,
            #[serde(default)]
            method: Option<serde::de::IgnoredAny>,
        }
        let mut sent: std::collections::HashMap<String, Vec<(f64, usize, bool)>> =
            std::collections::HashMap::new();
        for (n, ((_, _, start), steps)) in entries.iter().zip(steps).enumerate() {
            let Some(Step::Request { body, .. }) = steps.first() else {
                continue;
            };
            // (Not an untagged enum: serde cannot buffer a borrowed
            // RawValue.)
            let batch = body.bytes.trim_ascii_start().starts_with(b"[");
            let heads = if batch {
                serde_json::from_slice::<Vec<Head<'_>>>(&body.bytes).unwrap_or_default()
            } else {
                serde_json::from_slice::<Head<'_>>(&body.bytes)
                    .map(|h| vec![h])
                    .unwrap_or_default()
            };
            for h in heads {
                if let (Some(id), Some(_)) = (h.id, h.method) {
                    sent.entry(id.get().to_string())
                        .or_default()
                        .push((*start, n, false));
                }
            }
        }
        RequestTimes { sent }
    }

    /// The start of the first request with `id`, sent in another entry
    /// than `entry` no earlier than `since`, not yet answered; now
    /// answered.
    /// A response to the entry's own request waits for nothing (`None`).
    fn take(&mut self, id: &str, entry: usize, since: f64) -> Option<f64> {
        let slots = self.sent.get_mut(id)?;
        if let Some(own) = slots
            .iter_mut()
            .find(|(_, n, taken)| !*taken && *n == entry)
        {
            own.2 = true;
            return None;
        }
        let slot = slots
            .iter_mut()
            .find(|(start, n, taken)| !*taken && *n != entry && *start >= since)?;
        slot.2 = true;
        Some(slot.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(parse_time("1970-01-01T00:00:01.5Z"), Some(1500.0));
        assert_eq!(parse_time("1970-01-01T01:00:00+01:00"), Some(0.0));
        assert_eq!(
            parse_time("2026-12-01T08:00:00.000Z"),
            Some(1_796_112_000_000.0)
        );
        assert_eq!(parse_time("yesterday"), None);
    }

    /// A GET stream's notification and a POST on another connection: by
    /// causality alone the notification goes first (right after its
    /// stream opened); with `_mcpwireEvents` it goes where it arrived,
    /// after the POST was answered.
    #[test]
    fn event_times_order_events() {
        let har = |events: &str| {
            format!(
                r#"{{"log":{{"entries":[
                {{"startedDateTime":"2026-12-01T08:00:00.000Z","time":100,"timings":{{"wait":1}},
                  "request":{{"method":"GET","url":"http://h/mcp"}},
                  "response":{{"status":200,"headers":[{{"name":"content-type","value":"text/event-stream"}}],
                    "content":{{"text":"data: {{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}}\n\n"{events}}}}}}},
                {{"startedDateTime":"2026-12-01T08:00:00.010Z","time":5,
                  "request":{{"method":"POST","url":"http://h/mcp","postData":{{"text":"{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}"}}}},
                  "response":{{"status":200,"headers":[{{"name":"content-type","value":"application/json"}}],
                    "content":{{"text":"{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{}}}}"}}}}}}]}}}}"#
            )
        };
        let order = |text: String| -> Vec<(u64, &'static str)> {
            let capture = read(text.as_bytes()).unwrap();
            steps(&capture, 1 << 20)
                .unwrap()
                .iter()
                .map(|s| match s {
                    Step::Request { exchange, .. } => (*exchange, "request"),
                    Step::Response { exchange, .. } => (*exchange, "response"),
                    Step::Event { exchange, .. } => (*exchange, "event"),
                    Step::Body { exchange, .. } => (*exchange, "body"),
                    Step::End { exchange, .. } => (*exchange, "end"),
                })
                .collect()
        };
        let causal = order(har(""));
        assert_eq!(
            &causal[..3],
            [(1, "request"), (1, "response"), (1, "event")]
        );
        let timed = order(har(r#","_mcpwireEvents":[{"offset":0,"time":50.0}]"#));
        assert_eq!(
            timed,
            [
                (1, "request"),
                (1, "response"),
                (2, "request"),
                (2, "response"),
                (2, "body"),
                (2, "end"),
                (1, "event"),
                (1, "end")
            ]
        );
    }

    /// The shapes Playwright's `recordHar` writes from Chromium (our own
    /// synthetic entries in them): a POST's SSE answer whole in `text`; a
    /// `202` with no body as `"x-unknown"`, empty base64 text and a
    /// `bodySize` counting the chunked framing; a GET stream the page
    /// aborted with no `text` at all (`size: -1`).
    #[test]
    fn chromium_shapes() {
        let capture = read(
            br#"{"log":{"creator":{"name":"Playwright"},"entries":[
            {"startedDateTime":"2026-12-01T08:00:00.000Z","time":9,
              "request":{"method":"POST","url":"http://h/mcp","postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}"}},
              "response":{"status":200,"headers":[{"name":"Content-Type","value":"text/event-stream"}],
                "content":{"size":57,"mimeType":"text/event-stream","text":"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}\n\n"},"bodySize":57}},
            {"startedDateTime":"2026-12-01T08:00:00.010Z","time":3,
              "request":{"method":"POST","url":"http://h/mcp","postData":{"mimeType":"application/json","text":"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}},
              "response":{"status":202,"headers":[],"content":{"size":0,"mimeType":"x-unknown","text":"","encoding":"base64"},"bodySize":5}},
            {"startedDateTime":"2026-12-01T08:00:00.020Z","time":2,"timings":{"wait":2,"receive":-1},
              "request":{"method":"GET","url":"http://h/mcp"},
              "response":{"status":200,"headers":[{"name":"content-type","value":"text/event-stream"}],
                "content":{"size":-1,"mimeType":"text/event-stream"},"bodySize":-1}}]}}"#,
        )
        .unwrap();
        let all = steps(&capture, 1 << 20).unwrap();
        let events: Vec<u64> = all
            .iter()
            .filter_map(|s| match s {
                Step::Event { exchange, event } => {
                    assert!(String::from_utf8_lossy(&event.data).contains("\"result\""));
                    Some(*exchange)
                }
                _ => None,
            })
            .collect();
        assert_eq!(events, [1]);
        let bodies: Vec<(u64, &Body)> = all
            .iter()
            .filter_map(|s| match s {
                Step::Body { exchange, body } => Some((*exchange, body)),
                _ => None,
            })
            .collect();
        assert_eq!(bodies, [(2, &Body::new(Vec::new()))]);
        let ends: Vec<&End> = all
            .iter()
            .filter_map(|s| match s {
                Step::End { end, .. } => Some(end),
                _ => None,
            })
            .collect();
        assert_eq!(ends, [&End::Complete; 3]);
    }

    #[test]
    fn detects_hars() {
        assert!(looks_like_har("x.HAR", b""));
        assert!(looks_like_har("x.json", b"\xEF\xBB\xBF {\n \"log\": {"));
        assert!(!looks_like_har("x.jsonl", b"{\"dir\":\"c2s\"}"));
    }
}

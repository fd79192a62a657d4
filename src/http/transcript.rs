//! HTTP transcripts: JSON Lines records that carry HTTP metadata, one per
//! step of an exchange — `mcpwire proxy --transcript FILE` writes them and
//! `mcpwire check` replays them through the live pipeline's judging (the
//! proxy's own findings), as it does a HAR.
//!
//! A record is the ordinary transcript record (`dir`, `msg`) plus an
//! `http` member (`docs/http.md` "Transcripts with HTTP metadata"):
//!
//! ```text
//! {"dir":"c2s","msg":{…},"http":{"exchange":1,"step":"request","method":"POST","target":"/mcp","headers":[["accept","…"]]}}
//! {"http":{"exchange":1,"step":"response","status":200,"headers":[["content-type","text/event-stream"]]}}
//! {"dir":"s2c","msg":{…},"http":{"exchange":1,"step":"event","id":"e1"}}
//! {"http":{"exchange":1,"step":"end","end":"complete"}}
//! ```
//!
//! `msg` is the body (or event data) as sent when it is one JSON text on
//! one line; otherwise the record has `body` (the text) or `bodyBase64`
//! (not UTF-8) instead, or `oversized` (its length, over the limit, not
//! kept). Records are in the proxy's queue order, so `check` judges them in
//! the order the proxy did. Why a format of our own next to HAR: a HAR
//! entry is written when its exchange ends and holds no order between
//! exchanges without `_mcpwireOrder`; these lines stream as the traffic
//! does (a long-lived SSE stream is in the file while it is open) and are
//! ordinary transcript records to any other reader of `dir`/`msg`.

use std::{
    fs::File,
    io::{BufRead, Read},
};
use std::{
    io::{self, BufWriter, Write},
    path::Path,
    sync::Mutex,
};

use crate::http::{sse, Body, End, Headers, RequestHead, ResponseHead, Step};
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The `http` member of a record.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HttpMember {
    /// The exchange number (from 1, in the order requests arrived).
    pub exchange: u64,
    /// `request`, `response`, `body`, `event` or `end`.
    pub step: String,
    /// Request: the method.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// Request: path and query.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Response: the status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// Request or response: the header fields, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<Vec<(String, String)>>,
    /// Event: its `id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Event: its `event` type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// Event: its `retry`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry: Option<u64>,
    /// Event: byte offset in the stream.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    /// Event: whether it had a `data` field (false: a priming event).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_data: Option<bool>,
    /// The body as text, when it is not one JSON text on one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    /// The body in base64, when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_base64: Option<String>,
    /// The body's length, when it was over the limit (not kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oversized: Option<u64>,
    /// End: `complete`, `unterminated` or `failed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// End `failed`: why; `unterminated`: where the event began and its
    /// bytes (`offset`, `bytes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// End `unterminated`: bytes of the unfinished event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
}

#[derive(Serialize)]
struct Out<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    dir: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    msg: Option<&'a RawValue>,
    http: HttpMember,
}

#[derive(Deserialize)]
struct In<'a> {
    #[serde(borrow, default)]
    msg: Option<&'a RawValue>,
    http: Option<HttpMember>,
}

/// Puts a body's bytes into the record: `msg` when they are one JSON text
/// on one line, else `body` / `bodyBase64`.
fn body_fields<'a>(bytes: &'a [u8], member: &mut HttpMember) -> Option<&'a RawValue> {
    if bytes.is_empty() {
        return None;
    }
    if !bytes.contains(&b'\n') && !bytes.contains(&b'\r') {
        if let Ok(raw) = serde_json::from_slice::<&RawValue>(bytes) {
            if raw.get().len() == bytes.len() {
                return Some(raw);
            }
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => member.body = Some(text.to_string()),
        Err(_) => {
            member.body_base64 = Some(base64::engine::general_purpose::STANDARD.encode(bytes))
        }
    }
    None
}

/// One step as a record line (without the newline).
pub fn record(step: &Step) -> Vec<u8> {
    let mut m = HttpMember {
        exchange: step.exchange(),
        ..HttpMember::default()
    };
    let (dir, msg) = match step {
        Step::Request { head, body, .. } => {
            m.step = "request".into();
            m.method = Some(head.method.clone());
            m.target = Some(head.target.clone());
            m.headers = Some(head.headers.0.clone());
            m.oversized = body.oversized;
            (Some("c2s"), body_fields(&body.bytes, &mut m))
        }
        Step::Response { head, .. } => {
            m.step = "response".into();
            m.status = Some(head.status);
            m.headers = Some(head.headers.0.clone());
            (None, None)
        }
        Step::Body { body, .. } => {
            m.step = "body".into();
            m.oversized = body.oversized;
            (Some("s2c"), body_fields(&body.bytes, &mut m))
        }
        Step::Event { event, .. } => {
            m.step = "event".into();
            m.id = event.id.clone();
            m.event = event.event.clone();
            m.retry = event.retry;
            m.offset = Some(event.offset);
            m.has_data = Some(event.has_data);
            m.oversized = event.oversized;
            (Some("s2c"), body_fields(&event.data, &mut m))
        }
        Step::End { end, .. } => {
            m.step = "end".into();
            match end {
                End::Complete => m.end = Some("complete".into()),
                End::Unterminated(u) => {
                    m.end = Some("unterminated".into());
                    m.offset = Some(u.offset);
                    m.bytes = Some(u.bytes);
                }
                End::Failed(why) => {
                    m.end = Some("failed".into());
                    m.error = Some(why.clone());
                }
            }
            (None, None)
        }
    };
    serde_json::to_vec(&Out { dir, msg, http: m }).unwrap_or_default()
}

/// The bytes a record carries: `msg`, `body` or `bodyBase64`.
fn bytes_of(msg: Option<&RawValue>, m: &HttpMember) -> Result<Vec<u8>, String> {
    if let Some(raw) = msg {
        return Ok(raw.get().as_bytes().to_vec());
    }
    if let Some(text) = &m.body {
        return Ok(text.clone().into_bytes());
    }
    if let Some(b64) = &m.body_base64 {
        return base64::engine::general_purpose::STANDARD
            .decode(b64)
            .map_err(|e| format!("bodyBase64: {e}"));
    }
    Ok(Vec::new())
}

/// A record line back into its step (`None`: a record without an `http`
/// member).
pub fn step_of(line: &[u8]) -> Result<Option<Step>, String> {
    let rec: In<'_> = serde_json::from_slice(line).map_err(|e| e.to_string())?;
    let Some(m) = rec.http else {
        return Ok(None);
    };
    let bytes = bytes_of(rec.msg, &m)?;
    let exchange = m.exchange;
    let headers = || Headers(m.headers.clone().unwrap_or_default());
    let body = || Body {
        bytes: bytes.clone(),
        oversized: m.oversized,
    };
    let step = match m.step.as_str() {
        "request" => Step::Request {
            exchange,
            head: RequestHead {
                method: m.method.clone().ok_or("a request without its method")?,
                target: m.target.clone().unwrap_or_else(|| "/".into()),
                headers: headers(),
            },
            body: body(),
        },
        "response" => Step::Response {
            exchange,
            head: ResponseHead {
                status: m.status.ok_or("a response without its status")?,
                headers: headers(),
            },
        },
        "body" => Step::Body {
            exchange,
            body: body(),
        },
        "event" => Step::Event {
            exchange,
            event: sse::Event {
                offset: m.offset.unwrap_or(0),
                event: m.event.clone(),
                id: m.id.clone(),
                retry: m.retry,
                has_data: m.has_data.unwrap_or(!bytes.is_empty()),
                data: bytes.clone(),
                oversized: m.oversized,
            },
        },
        "end" => Step::End {
            exchange,
            end: match m.end.as_deref() {
                None | Some("complete") => End::Complete,
                Some("unterminated") => End::Unterminated(sse::Unterminated {
                    offset: m.offset.unwrap_or(0),
                    bytes: m.bytes.unwrap_or(0),
                }),
                Some("failed") => End::Failed(m.error.clone().unwrap_or_default()),
                Some(other) => return Err(format!("unknown end {other:?}")),
            },
        },
        other => return Err(format!("unknown step {other:?}")),
    };
    Ok(Some(step))
}

/// Whether `line` (an HTTP transcript's first line, as
/// [`crate::capture::Capture::open`] tells one) is a record with an `http`
/// member (an object: serde would read a struct from an array too).
pub fn has_http_member(line: &[u8]) -> bool {
    #[derive(Deserialize)]
    struct Probe {
        http: Option<serde::de::IgnoredAny>,
    }
    let line = line.trim_ascii();
    line.first() == Some(&b'{')
        && serde_json::from_slice::<Probe>(line).is_ok_and(|p| p.http.is_some())
}

/// Every step of the HTTP transcript `reader` (named `name` in errors),
/// in file order.
pub fn read(mut reader: impl BufRead, name: &str, limit: usize) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut line = Vec::new();
    let mut n = 0usize;
    loop {
        line.clear();
        // A record holds one body: at most the message limit plus its
        // metadata (headers), bounded at 4 × the limit + 1 MiB.
        let cap = (limit as u64).saturating_mul(4).saturating_add(1 << 20);
        let got = (&mut reader)
            .take(cap)
            .read_until(b'\n', &mut line)
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        if got == 0 {
            break;
        }
        n += 1;
        if line.last() != Some(&b'\n') && got as u64 == cap {
            return Err(format!("{name}:{n}: a record longer than {cap} bytes"));
        }
        let text = line.trim_ascii();
        if text.is_empty() {
            continue;
        }
        match step_of(text) {
            Ok(Some(step)) => steps.push(step),
            Ok(None) => return Err(format!("{name}:{n}: a record without an \"http\" member")),
            Err(e) => return Err(format!("{name}:{n}: {e}")),
        }
    }
    Ok(steps)
}

/// `proxy --transcript FILE`: records written in queue order.
pub struct TranscriptOut {
    out: Mutex<BufWriter<File>>,
}

impl TranscriptOut {
    /// Creates the file.
    pub fn create(path: &Path) -> io::Result<TranscriptOut> {
        Ok(TranscriptOut {
            out: Mutex::new(BufWriter::new(File::create(path)?)),
        })
    }

    /// Runs `submit` and writes `step`'s record under one lock, so the
    /// file's order is the order of submission.
    pub fn write<T>(&self, step: &Step, submit: impl FnOnce() -> T) -> T {
        let line = record(step);
        let mut w = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let t = submit();
        let _ = w.write_all(&line);
        let _ = w.write_all(b"\n");
        // Not after every SSE event (a write per event on the forwarding
        // path); an exchange's end reaches the file when it happens.
        if matches!(step, Step::End { .. } | Step::Response { .. }) {
            let _ = w.flush();
        }
        t
    }

    /// Flushes the file.
    pub fn close(&self) -> io::Result<()> {
        self.out.lock().unwrap_or_else(|e| e.into_inner()).flush()
    }
}

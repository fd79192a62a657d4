//! `--har FILE`: each exchange as a HAR 1.2 entry, written when it ends
//! (so the file holds finished exchanges in the order they finished; the
//! `_mcpwireOrder` of each entry lets `mcpwire check` replay the steps in
//! the order the proxy judged them). Recorded bodies are capped at the
//! message size limit, the full size in `bodySize` (a body over the limit
//! is judged as too large either way); an entry whose SSE body was capped
//! has no `_mcpwireOrder` (its events cannot all be replayed, so `check`
//! falls back to time order). An SSE body's entry also says when each
//! event (of the part recorded) arrived, `response.content._mcpwireEvents`:
//! the time order `check` uses when an entry has no `_mcpwireOrder`.

use std::{
    fs::File,
    io::{self, BufWriter, Write},
    sync::Mutex,
    time::{Instant, SystemTime, UNIX_EPOCH},
};

use crate::http::{
    har::{Content, Entry, EventTime, Pair, PostData, Request, Response, Timings},
    Headers, RequestHead, ResponseHead,
};
use base64::Engine as _;

/// The HAR file being written.
pub struct HarOut {
    out: Mutex<(BufWriter<File>, bool)>,
}

impl HarOut {
    /// Creates the file and writes the log's opening.
    pub fn create(path: &std::path::Path) -> io::Result<HarOut> {
        let mut w = BufWriter::new(File::create(path)?);
        write!(
            w,
            "{{\"log\":{{\"version\":\"1.2\",\"creator\":{{\"name\":\"mcpwire\",\"version\":\"{}\"}},\"entries\":[",
            env!("CARGO_PKG_VERSION")
        )?;
        w.flush()?;
        Ok(HarOut {
            out: Mutex::new((w, true)),
        })
    }

    /// Appends one entry.
    pub fn write(&self, entry: &Entry) {
        let mut g = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let (w, first) = &mut *g;
        let sep = if *first { "\n" } else { ",\n" };
        *first = false;
        let _ = w.write_all(sep.as_bytes());
        let _ = serde_json::to_writer(&mut *w, entry);
        let _ = w.flush();
    }

    /// Closes the log.
    pub fn close(&self) -> io::Result<()> {
        let mut g = self.out.lock().unwrap_or_else(|e| e.into_inner());
        g.0.write_all(b"\n]}}\n")?;
        g.0.flush()
    }
}

/// ISO 8601 UTC with microseconds.
pub fn iso_now() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    format!("{}.{:06}Z", date_time(d.as_secs()), d.subsec_micros())
}

/// Now, as an entry's `startedDateTime` and as the instant its times are
/// measured from.
pub fn arrived() -> (String, Instant) {
    (iso_now(), Instant::now())
}

fn pairs(h: &Headers) -> Vec<Pair> {
    h.0.iter()
        .map(|(n, v)| Pair {
            name: n.clone(),
            value: v.clone(),
        })
        .collect()
}

/// One exchange being recorded.
pub struct Recording {
    entry: Entry,
    started: Instant,
    request_body: Vec<u8>,
    response_body: Vec<u8>,
    cap: usize,
    truncated: bool,
    response_total: u64,
    order: Vec<u64>,
    head_at: f64,
    events: Vec<EventTime>,
}

fn ms(since: Instant) -> f64 {
    (since.elapsed().as_secs_f64() * 1e6).round() / 1e3
}

/// Text as HAR keeps it: UTF-8 as is, anything else base64.
fn text(bytes: &[u8]) -> (String, Option<String>) {
    match std::str::from_utf8(bytes) {
        Ok(s) => (s.to_string(), None),
        Err(_) => (
            base64::engine::general_purpose::STANDARD.encode(bytes),
            Some("base64".into()),
        ),
    }
}

impl Recording {
    /// Starts recording exchange `exchange`, whose request arrived at
    /// `arrived` ([`arrived`]; `url` absolute, as the client used it).
    pub fn new(
        exchange: u64,
        arrived: (String, Instant),
        head: &RequestHead,
        url: String,
        cap: usize,
    ) -> Recording {
        Recording {
            entry: Entry {
                started_date_time: arrived.0,
                exchange: Some(exchange),
                request: Request {
                    method: head.method.clone(),
                    url,
                    http_version: "HTTP/1.1".into(),
                    headers: pairs(&head.headers),
                    headers_size: -1,
                    body_size: -1,
                    ..Request::default()
                },
                ..Entry::default()
            },
            started: arrived.1,
            request_body: Vec::new(),
            response_body: Vec::new(),
            cap,
            truncated: false,
            response_total: 0,
            order: Vec::new(),
            head_at: 0.0,
            events: Vec::new(),
        }
    }

    /// The step just submitted had this sequence number.
    pub fn seq(&mut self, seq: u64) {
        self.order.push(seq);
    }

    /// The SSE event at `offset` in the response body has just arrived
    /// (and been submitted). Only events that start within the recorded
    /// part of the body are kept: the others are not in the entry.
    pub fn event(&mut self, offset: u64) {
        if offset < self.cap as u64 {
            self.events.push(EventTime {
                offset,
                time: ms(self.started),
            });
        }
    }

    /// The request body as judged: `bytes`, or (`bytes` empty) `total`
    /// bytes over the limit, recorded as `bodySize` without text.
    pub fn request_body(&mut self, bytes: &[u8], total: u64) {
        self.request_body = bytes[..bytes.len().min(self.cap)].to_vec();
        self.entry.request.body_size = total as i64;
    }

    /// The response head.
    pub fn response(&mut self, head: &ResponseHead, reason: &str) {
        self.head_at = ms(self.started);
        self.entry.response = Response {
            status: i64::from(head.status),
            status_text: reason.into(),
            http_version: "HTTP/1.1".into(),
            headers: pairs(&head.headers),
            content: Content {
                mime_type: head.headers.get("content-type").unwrap_or("").into(),
                ..Content::default()
            },
            headers_size: -1,
            body_size: -1,
            ..Response::default()
        };
    }

    /// More of the response body.
    pub fn response_bytes(&mut self, bytes: &[u8]) {
        self.response_total += bytes.len() as u64;
        let room = self.cap.saturating_sub(self.response_body.len());
        if bytes.len() > room {
            self.truncated = true;
        }
        self.response_body
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
    }

    /// The finished entry (`error`: why the exchange failed).
    pub fn finish(mut self, error: Option<String>) -> Entry {
        let total = ms(self.started);
        let e = &mut self.entry;
        if !self.request_body.is_empty() || e.request.method.eq_ignore_ascii_case("POST") {
            let (t, enc) = text(&self.request_body);
            e.request.post_data = Some(PostData {
                mime_type: e
                    .request
                    .headers
                    .iter()
                    .find(|p| p.name.eq_ignore_ascii_case("content-type"))
                    .map(|p| p.value.clone())
                    .unwrap_or_default(),
                text: t,
                encoding: enc,
            });
        }
        let (t, enc) = text(&self.response_body);
        e.response.content.size = self.response_body.len() as i64;
        e.response.body_size = self.response_total as i64;
        e.response.content.text = Some(t);
        e.response.content.encoding = enc;
        if !self.events.is_empty() {
            e.response.content.events = Some(self.events);
        }
        e.time = total;
        e.timings = Timings {
            send: 0.0,
            wait: self.head_at,
            receive: (total - self.head_at).max(0.0),
            ..Timings::default()
        };
        e.error = error;
        if !self.truncated {
            e.order = Some(self.order);
        }
        self.entry
    }
}

/// `secs` after the Unix epoch as `YYYY-MM-DDTHH:MM:SS` (UTC).
pub fn date_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

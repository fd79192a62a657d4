//! Server-Sent Events, split incrementally: bytes in (any chunking), events
//! out, as the WHATWG "event stream interpretation" algorithm reads them.
//!
//! **Why hand-written.** The SSE crates on crates.io (`eventsource-stream`,
//! `sse-stream`) are `futures::Stream` adapters over an HTTP body: they
//! bring `futures`/`http-body` into the library (which `mcpwire check`
//! and library users build without any async runtime), decode to `String`
//! (so a stream with invalid UTF-8 ends instead of becoming one finding),
//! and buffer an event's data without a limit. mcpwire needs a push parser
//! over `&[u8]` that the proxy feeds chunk by chunk and the HAR reader feeds
//! a whole body, keeps each event's data as bytes (the JSON readers judge
//! the bytes, UTF-8 included), records where each event starts, and bounds
//! memory: an event over [`Parser::new`]'s limit is reported with its size
//! and its data dropped. The algorithm is short; the tests below pin the
//! corner cases (CR/LF/CRLF line ends split across chunks, a BOM, comments,
//! fields without a colon, one leading space stripped, `retry`, an
//! unterminated last event).

/// One event: the fields of one block of lines ended by a blank line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Event {
    /// Byte offset of the event's first line in the stream.
    pub offset: u64,
    /// The `event` field (`None`: the default type, `message`).
    pub event: Option<String>,
    /// The `id` field, when the event set one.
    pub id: Option<String>,
    /// The `retry` field, when it was all digits.
    pub retry: Option<u64>,
    /// Whether any `data` field was present.
    pub has_data: bool,
    /// The data lines joined by `\n` (the last line end removed), unless
    /// the event was over the limit.
    pub data: Vec<u8>,
    /// The data's length when it went over the limit (and `data` is empty).
    pub oversized: Option<u64>,
}

impl Event {
    /// The event type: the `event` field, or `message`.
    pub fn kind(&self) -> &str {
        self.event.as_deref().unwrap_or("message")
    }

    /// Whether the event carries a message: its data is not empty. An
    /// event with an id and empty data (the 2025-11-25 "priming" event)
    /// only moves the client's last event id; a browser dispatches no
    /// event for it.
    pub fn carries_data(&self) -> bool {
        !self.data.is_empty() || self.oversized.is_some()
    }
}

/// What is left when the stream ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unterminated {
    /// Where the unfinished event began.
    pub offset: u64,
    /// Bytes of it received (its fields and data lines so far).
    pub bytes: u64,
}

/// The incremental splitter.
#[derive(Debug)]
pub struct Parser {
    limit: usize,
    /// The current, unfinished line.
    line: Vec<u8>,
    /// The line went over the limit: its first bytes are kept, the rest counted.
    line_over: bool,
    /// Bytes of the current line, kept or not.
    line_total: u64,
    /// A CR ended the last chunk: a LF starting the next one belongs to it.
    after_cr: bool,
    /// Bytes of the stream seen.
    position: u64,
    /// Whether the start (where a BOM may be) has been passed.
    started: bool,
    /// Bytes of a BOM matched at the start so far.
    bom: usize,
    /// The event being built, and whether it has any field yet.
    current: Event,
    in_event: bool,
    event_bytes: u64,
    data_len: u64,
}

impl Parser {
    /// A parser keeping at most `limit` bytes of one event's data (and of
    /// one line).
    pub fn new(limit: usize) -> Parser {
        Parser {
            limit,
            line: Vec::new(),
            line_over: false,
            line_total: 0,
            after_cr: false,
            position: 0,
            started: false,
            bom: 0,
            current: Event::default(),
            in_event: false,
            event_bytes: 0,
            data_len: 0,
        }
    }

    /// Bytes fed so far.
    pub fn position(&self) -> u64 {
        self.position
    }

    /// Feeds the next chunk; every event it completes is passed to `emit`,
    /// in order.
    pub fn feed(&mut self, mut chunk: &[u8], mut emit: impl FnMut(Event)) {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        if !self.started {
            // One BOM is skipped at the very start, however it is chunked.
            while self.bom < 3 && !chunk.is_empty() {
                if chunk[0] != BOM[self.bom] {
                    self.not_a_bom(&mut emit);
                    break;
                }
                self.bom += 1;
                self.position += 1;
                chunk = &chunk[1..];
            }
            if self.bom < 3 && !self.started {
                return;
            }
            self.started = true;
        }
        if self.after_cr {
            self.after_cr = false;
            if chunk.first() == Some(&b'\n') {
                chunk = &chunk[1..];
                self.position += 1;
                if self.in_event {
                    self.event_bytes += 1; // the CR's line ended with CRLF
                }
            }
        }
        self.feed_lines(chunk, &mut emit);
    }

    /// The bytes matched as a BOM's start were not one: read them as text.
    fn not_a_bom(&mut self, emit: &mut impl FnMut(Event)) {
        self.started = true;
        let prefix = &b"\xEF\xBB\xBF"[..self.bom];
        self.position -= self.bom as u64;
        self.bom = 0;
        self.feed_lines(prefix, emit);
    }

    fn feed_lines(&mut self, mut chunk: &[u8], emit: &mut impl FnMut(Event)) {
        while !chunk.is_empty() {
            match memchr::memchr2(b'\n', b'\r', chunk) {
                None => {
                    self.push_line_bytes(chunk);
                    self.position += chunk.len() as u64;
                    return;
                }
                Some(i) => {
                    self.push_line_bytes(&chunk[..i]);
                    let mut end = i + 1;
                    if chunk[i] == b'\r' {
                        if i + 1 == chunk.len() {
                            self.after_cr = true;
                        } else if chunk[i + 1] == b'\n' {
                            end += 1;
                        }
                    }
                    let line_start = (self.position + i as u64).saturating_sub(self.line_total);
                    self.position += end as u64;
                    self.end_line(line_start, end - i, emit);
                    chunk = &chunk[end..];
                }
            }
        }
    }

    fn push_line_bytes(&mut self, bytes: &[u8]) {
        // Keep a line's first `limit + 16` bytes (enough for any field
        // name, so the cut is the same however the line was chunked).
        self.line_total += bytes.len() as u64;
        let room = self
            .limit
            .saturating_add(16)
            .saturating_sub(self.line.len());
        if bytes.len() > room {
            self.line.extend_from_slice(&bytes[..room]);
            self.line_over = true;
        } else {
            self.line.extend_from_slice(bytes);
        }
    }

    fn end_line(&mut self, line_start: u64, ending: usize, emit: &mut impl FnMut(Event)) {
        let line = std::mem::take(&mut self.line);
        let over = std::mem::replace(&mut self.line_over, false);
        let total = std::mem::replace(&mut self.line_total, 0);
        if total == 0 {
            if self.in_event {
                let mut event = std::mem::take(&mut self.current);
                if event.data.last() == Some(&b'\n') {
                    event.data.pop();
                }
                if self.data_len > self.limit as u64 + 1 {
                    event.oversized = Some(self.data_len - 1);
                    event.data = Vec::new();
                }
                self.in_event = false;
                self.event_bytes = 0;
                self.data_len = 0;
                emit(event);
            }
            return;
        }
        if !self.in_event {
            self.in_event = true;
            self.current.offset = line_start;
        }
        self.event_bytes += total + ending as u64;
        if line[0] == b':' {
            return; // a comment
        }
        let (name, value, value_len) = match memchr::memchr(b':', &line) {
            Some(i) => {
                let v = &line[i + 1..];
                let space = u64::from(v.first() == Some(&b' '));
                (
                    &line[..i],
                    v.strip_prefix(b" ").unwrap_or(v),
                    total - i as u64 - 1 - space,
                )
            }
            None => (&line[..], &[][..], 0),
        };
        match name {
            b"data" => {
                self.current.has_data = true;
                self.data_len += value_len + 1;
                if !over && self.data_len <= self.limit as u64 + 1 {
                    self.current.data.extend_from_slice(value);
                    self.current.data.push(b'\n');
                } else {
                    self.current.data = Vec::new();
                }
            }
            _ if over => {} // an over-long field other than data: ignored
            b"event" => self.current.event = Some(String::from_utf8_lossy(value).into_owned()),
            b"id" if !value.contains(&0) => {
                self.current.id = Some(String::from_utf8_lossy(value).into_owned())
            }
            b"retry" if !value.is_empty() && value.iter().all(u8::is_ascii_digit) => {
                self.current.retry = std::str::from_utf8(value).ok().and_then(|s| s.parse().ok())
            }
            _ => {}
        }
    }

    /// Ends the stream: an event still open (no blank line after it) is
    /// not dispatched — a client discards it — and is returned so it can
    /// be reported.
    pub fn finish(&mut self) -> Option<Unterminated> {
        if !self.started && self.bom > 0 && self.bom < 3 {
            self.not_a_bom(&mut |_| {});
        }
        let open_line = self.line_total > 0;
        let result = (self.in_event || open_line).then(|| Unterminated {
            offset: if self.in_event {
                self.current.offset
            } else {
                self.position.saturating_sub(self.line_total)
            },
            bytes: self.event_bytes + self.line_total,
        });
        self.line.clear();
        self.line_over = false;
        self.line_total = 0;
        self.current = Event::default();
        self.in_event = false;
        self.event_bytes = 0;
        self.data_len = 0;
        result
    }
}

/// Splits a whole body (a HAR's recorded text): the events and what was
/// left unterminated.
pub fn split(body: &[u8], limit: usize) -> (Vec<Event>, Option<Unterminated>) {
    let mut parser = Parser::new(limit);
    let mut events = Vec::new();
    parser.feed(body, |e| events.push(e));
    let rest = parser.finish();
    (events, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(body: &[u8], size: usize) -> (Vec<Event>, Option<Unterminated>) {
        let mut parser = Parser::new(1 << 20);
        let mut events = Vec::new();
        for c in body.chunks(size) {
            parser.feed(c, |e| events.push(e));
        }
        let rest = parser.finish();
        (events, rest)
    }

    #[test]
    fn every_chunking_gives_the_same_events() {
        let body: &[u8] = b"\xEF\xBB\xBFid: 1\r\ndata:\r\n\r\n: comment\nevent: message\ndata: {\"a\":\r\ndata:  1}\r\rid:2\rdata\r\n\r\nretry: 3000\ndata: x\n\n";
        let whole = split(body, 1 << 20);
        for size in 1..body.len() {
            assert_eq!(chunked(body, size), whole, "chunks of {size}");
        }
        let (events, rest) = whole;
        assert!(rest.is_none());
        assert_eq!(events.len(), 4);
        assert_eq!(events[0].id.as_deref(), Some("1"));
        assert!(events[0].has_data && !events[0].carries_data());
        assert_eq!(events[0].offset, 3);
        assert_eq!(events[1].data, b"{\"a\":\n 1}");
        assert_eq!(events[1].kind(), "message");
        assert_eq!(events[2].id.as_deref(), Some("2"));
        assert!(events[2].has_data && events[2].data.is_empty());
        assert_eq!(events[3].retry, Some(3000));
        assert_eq!(events[3].data, b"x");
    }

    #[test]
    fn an_unterminated_event_is_returned_not_dispatched() {
        let (events, rest) = split(b"data: {\"jsonrpc\":\"2.0\"}\n\ndata: {\"cut", 1 << 20);
        assert_eq!(events.len(), 1);
        assert_eq!(
            rest,
            Some(Unterminated {
                offset: 25,
                bytes: 11
            })
        );
        assert_eq!(split(b"", 10), (vec![], None));
    }

    #[test]
    fn random_streams_split_alike_in_any_chunks_and_never_panic() {
        let alphabet: &[u8] = b"\r\n\n:: dataidevntry0{}\xEF\xBB\xBFx";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3000 {
            let len = (next() % 200) as usize;
            let body: Vec<u8> = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            let limit = 1 + (next() % 40) as usize;
            let whole = split(&body, limit);
            let size = 1 + (next() % 9) as usize;
            let mut parser = Parser::new(limit);
            let mut events = Vec::new();
            for c in body.chunks(size) {
                parser.feed(c, |e| events.push(e));
            }
            assert_eq!(
                (events, parser.finish()),
                whole,
                "{body:?} in chunks of {size}"
            );
            assert_eq!(parser.position(), body.len() as u64);
        }
    }

    #[test]
    fn an_oversized_event_is_counted_not_kept() {
        let mut body = b"data: ".to_vec();
        body.extend(std::iter::repeat_n(b'x', 10_000));
        body.extend_from_slice(b"\ndata: y\n\ndata: ok\n\n");
        for size in [1, 7, 100, 20_000] {
            let mut parser = Parser::new(1000);
            let mut events = Vec::new();
            for c in body.chunks(size) {
                parser.feed(c, |e| events.push(e));
                assert!(parser.line.capacity() < 4096, "line buffer bounded");
            }
            assert_eq!(events.len(), 2);
            assert!(events[0].oversized.unwrap() > 10_000);
            assert!(events[0].data.is_empty() && events[0].carries_data());
            assert_eq!(events[1].data, b"ok");
        }
    }
}

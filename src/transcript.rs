//! Reading captured MCP traffic: a streaming transcript reader with bounded
//! memory. (Judging what it reads, with direction inference for bare
//! messages: [`crate::check_transcript`].)
//!
//! ```
//! use mcpwire::transcript::{Item, Reader};
//!
//! let text = "{\"dir\":\"c2s\",\"msg\":{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}\n\
//!             not json\n";
//! let entries: Vec<_> = Reader::new(text.as_bytes(), Default::default())
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! assert!(matches!(entries[0].item, Item::Message(_)));
//! assert_eq!(entries[1].line, 2);
//! assert!(matches!(entries[1].item, Item::Problem(_)));
//! ```
//!
//! **Formats.** A transcript is either
//! - *JSON Lines*: one JSON text per line. A line is a **record**
//!   `{"dir": "c2s"|"s2c", "msg": <message>, "origin": "implementation"|"harness"}`
//!   (an object with a `msg` member; `origin` defaults to `implementation`,
//!   a missing `dir` is inferred; an optional `expect` declares expected
//!   violations, [`crate::expect`]; other members are ignored) or a **bare**
//!   JSON-RPC message (a batch, too) whose direction is inferred
//!   ([`crate::Session::judge`], [`crate::Session::infer`]); or
//! - a *JSON array of messages* (records or bare messages, e.g. a
//!   pretty-printed capture): chosen when the first non-blank byte is `[`.
//!   The one exception is an array that closes on the line it opened on and
//!   is followed by more lines: that is a JSON-RPC batch on the first line
//!   of a JSON Lines file. (A batch is one message *inside* a transcript.)
//!
//! Inside JSON Lines, a value may span several lines (pretty-printed
//! objects one after the other, as `jq .` writes them): a line that ends
//! inside an open object or array (its last non-blank byte is not `}` or
//! `]` and brackets are left open) is continued on the next lines until
//! the value closes; a line starting with `{` or `[` in column 1 while the
//! value is still open ends it as unreadable (so a truncated line costs one
//! finding, not the rest of the file). Several values on one line (`{} {}`)
//! are read one by one. Each message carries the [`Position`] where its own
//! text starts (inside a record, where `msg`'s value starts).
//!
//! A UTF-8 byte order mark at the start is skipped, CRLF line endings are
//! accepted and blank lines are skipped. UTF-16 input (a byte order mark
//! `FF FE`/`FE FF`, or a NUL after the first ASCII byte) is refused with one
//! [`Problem::Utf16`] naming the conversion (the CLI decodes it before it
//! reaches the reader). Line numbers are 1-based; an array element's line
//! is the line where it starts.
//!
//! **Bounded memory.** Lines are read with a buffer reused from line to
//! line, and array elements are split out by an incremental scanner, so the
//! reader holds at most one message (at most [`Limits::max_bytes`]) however
//! large the file. A longer message, or one nested deeper than
//! [`Limits::max_depth`] (the record wrapper does not count), is skipped
//! without being stored and reported as a [`Problem`]; so is invalid JSON or
//! UTF-8. The reader then goes on with the next message.

use std::{
    collections::VecDeque,
    io::{self, BufRead},
};

use serde_json::{Map, Value};

use crate::{
    expect::Expect as Expected,
    input::{InputError, Limits},
    Direction, Origin,
};

/// One transcript entry: a message, or a reason the text at `line` is not one.
#[derive(Debug)]
pub struct Entry {
    /// 1-based line where the entry starts.
    pub line: usize,
    /// What was found there.
    pub item: Item,
}

/// What one entry holds.
#[derive(Debug)]
pub enum Item {
    /// A message to judge.
    Message(Message),
    /// Text that is not a message.
    Problem(Problem),
}

/// A message read from a transcript.
#[derive(Debug)]
pub struct Message {
    /// The record's `dir`; `None` for a bare message (the session infers
    /// it: [`crate::Session::judge`]).
    pub direction: Option<Direction>,
    /// The record's `origin` (default `implementation`).
    pub origin: Origin,
    /// The JSON-RPC message (or batch); `Null` when `raw` holds it.
    pub value: Value,
    /// Where the message's own text starts (for a record, where its `msg`
    /// value starts; outside raw mode a record's message is placed at the
    /// record's start).
    pub position: Position,
    /// Raw mode ([`Reader::raw`]): the message's bytes, unparsed (judge
    /// them with [`crate::Session::observe_bytes`]); `None` when `value`
    /// holds the message.
    pub raw: Option<Vec<u8>>,
    /// The record's `expect` member: the violations it declares it expects
    /// ([`crate::expect`]); `None` for bare messages and records without it.
    pub expect: Option<Expected>,
}

/// A place in a transcript: 1-based line and column, the column counted
/// in Unicode scalar values (characters) from the start of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Default for Position {
    fn default() -> Self {
        Position { line: 1, column: 1 }
    }
}

impl Position {
    /// Where text that starts here ends up after `text` (the position of
    /// the byte following it). Invalid UTF-8 counts one column per byte
    /// that does not continue a character.
    pub fn advance(self, text: &[u8]) -> Position {
        match memchr::memrchr(b'\n', text) {
            Some(last) => Position {
                line: self.line + memchr::memchr_iter(b'\n', text).count(),
                column: 1 + chars(&text[last + 1..]),
            },
            None => Position {
                line: self.line,
                column: self.column + chars(text),
            },
        }
    }
}

/// Characters in `text` (bytes that do not continue a UTF-8 sequence).
fn chars(text: &[u8]) -> usize {
    text.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

/// Why some text in a transcript is not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Unreadable: not UTF-8, not JSON, too deep or too large.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A record (an object with `msg`) whose other members are wrong.
    #[error("invalid record: {0}")]
    Record(String),
    /// The top-level array of records is malformed.
    #[error("malformed transcript array: {0}")]
    Array(String),
    /// The input is UTF-16 (a byte order mark, or NULs between ASCII
    /// bytes), which JSON on the wire never is; reading stops.
    #[error("the input is UTF-16 ({0}), not UTF-8: convert it (iconv -f UTF-16 -t UTF-8, or in PowerShell `Out-File -Encoding utf8`); mcpwire check decodes it itself")]
    Utf16(&'static str),
}

impl Problem {
    /// A short class name: `input`, `record` or `transcript`.
    pub fn class(&self) -> &'static str {
        match self {
            Problem::Input(_) => "input",
            Problem::Record(_) => "record",
            Problem::Array(_) => "transcript",
            Problem::Utf16(_) => "encoding",
        }
    }
}

/// Where the reader is in the file.
#[derive(Debug)]
enum State {
    /// Nothing but blanks (and the BOM) read yet.
    Start,
    /// JSON Lines.
    Lines,
    /// Inside a top-level array.
    Array(Splitter),
    /// Finished.
    Done,
}

/// A streaming transcript reader; an iterator of entries. Its only errors
/// are I/O errors of the underlying reader.
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    limits: Limits,
    /// Line the next unread byte is on.
    line: usize,
    bytes_read: u64,
    state: State,
    buf: Vec<u8>,
    raw: bool,
    /// Entries already split out (several values on one line, an array's
    /// held elements) waiting to be returned.
    pending: VecDeque<Entry>,
    /// A line read ahead that starts the next entry (it ended an
    /// unterminated multi-line value): its line number and text.
    carry: Option<(usize, Vec<u8>)>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `inner` with per-message `limits`.
    pub fn new(inner: R, limits: Limits) -> Reader<R> {
        Reader {
            inner,
            limits,
            line: 1,
            bytes_read: 0,
            state: State::Start,
            buf: Vec::new(),
            raw: false,
            pending: VecDeque::new(),
            carry: None,
        }
    }

    /// Raw mode: messages come as bytes ([`Message::raw`]) instead of
    /// parsed, whenever a strict scan shows the text is well-formed (and,
    /// for a record, that its `dir` and `origin` are acceptable); anything
    /// else is parsed as in the default mode, so the entries' problems are
    /// the same.
    pub fn raw(mut self, on: bool) -> Reader<R> {
        self.raw = on;
        self
    }

    /// Bytes consumed so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Skips the BOM and leading blanks, then picks the format.
    fn start(&mut self) -> io::Result<()> {
        let mut first = true;
        loop {
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                self.state = State::Done;
                return Ok(());
            }
            let mut skip = 0;
            if first && chunk.starts_with(b"\xEF\xBB\xBF") {
                skip = 3;
            }
            if first {
                if let Some(what) = utf16(chunk) {
                    let n = chunk.len();
                    self.inner.consume(n);
                    self.bytes_read += n as u64;
                    self.pending.push_back(Entry {
                        line: 1,
                        item: Item::Problem(Problem::Utf16(what)),
                    });
                    self.state = State::Done;
                    return Ok(());
                }
            }
            first = false;
            let mut newlines = 0;
            let mut found = None;
            for (i, &b) in chunk.iter().enumerate().skip(skip) {
                match b {
                    b'\n' => newlines += 1,
                    b' ' | b'\t' | b'\r' => {}
                    _ => {
                        found = Some((i, b));
                        break;
                    }
                }
            }
            self.line += newlines;
            match found {
                Some((i, b'[')) => {
                    let line_start = memchr::memrchr(b'\n', &chunk[..i]).map_or(skip, |n| n + 1);
                    let column = 2 + chars(&chunk[line_start..i]);
                    self.inner.consume(i + 1);
                    self.bytes_read += (i + 1) as u64;
                    self.state = State::Array(Splitter::new(self.line, column));
                    return Ok(());
                }
                Some((i, _)) => {
                    self.inner.consume(i);
                    self.bytes_read += i as u64;
                    self.state = State::Lines;
                    return Ok(());
                }
                None => {
                    let n = chunk.len();
                    self.inner.consume(n);
                    self.bytes_read += n as u64;
                }
            }
        }
    }

    /// Reads one line into `self.buf` (without its line ending), storing at
    /// most `max_bytes` (plus the ending). Returns the line's length, or
    /// `None` at the end of the input.
    fn read_line(&mut self) -> io::Result<Option<usize>> {
        let mut buf = std::mem::take(&mut self.buf);
        let got = self.read_line_into(&mut buf);
        self.buf = buf;
        got
    }

    /// [`Reader::read_line`] into `buf`.
    fn read_line_into(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<usize>> {
        buf.clear();
        let cap = self.limits.max_bytes.saturating_add(2);
        let mut total = 0usize;
        let mut last = 0u8;
        loop {
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                break;
            }
            let (n, done) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            total = total.saturating_add(n);
            last = chunk[n - 1];
            if total <= cap {
                let piece = &chunk[..n];
                buf.extend_from_slice(piece);
            } else if buf.capacity() > 0 {
                *buf = Vec::new();
            }
            self.inner.consume(n);
            self.bytes_read += n as u64;
            if done {
                break;
            }
        }
        if total == 0 {
            return Ok(None);
        }
        if total > cap {
            return Ok(Some(total - usize::from(last == b'\n')));
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        Ok(Some(buf.len()))
    }

    fn next_line_entry(&mut self) -> io::Result<Option<Entry>> {
        loop {
            if let Some(entry) = self.pending.pop_front() {
                return Ok(Some(entry));
            }
            let line = match self.carry.take() {
                Some((line, text)) => {
                    self.buf = text;
                    line
                }
                None => {
                    let line = self.line;
                    let Some(len) = self.read_line()? else {
                        self.state = State::Done;
                        return Ok(None);
                    };
                    self.line += 1;
                    if len > self.limits.max_bytes {
                        return Ok(Some(Entry {
                            line,
                            item: Item::Problem(Problem::Input(InputError::TooLarge {
                                len,
                                limit: self.limits.max_bytes,
                            })),
                        }));
                    }
                    line
                }
            };
            if self.buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if let Some(problem) = self.continue_value()? {
                return Ok(Some(Entry {
                    line,
                    item: Item::Problem(problem),
                }));
            }
            let start = Position { line, column: 1 };
            let (item, at) = judge(&self.buf, None, self.limits, self.raw);
            let item = match item {
                Item::Problem(Problem::Input(InputError::Json { .. })) => {
                    match split_values(&self.buf) {
                        Some(values) => {
                            for (from, to) in values {
                                let text = &self.buf[from..to];
                                let first = start.advance(&self.buf[..from]);
                                let (item, at) = judge(text, None, self.limits, self.raw);
                                self.pending.push_back(Entry {
                                    line: first.line,
                                    item: placed(item, first.advance(&text[..at])),
                                });
                            }
                            continue;
                        }
                        None => item,
                    }
                }
                item => placed(item, start.advance(&self.buf[..at])),
            };
            if self.buf.capacity() > (16 << 20) {
                self.buf = Vec::new();
            }
            return Ok(Some(Entry { line, item }));
        }
    }

    /// When the line in `buf` ends inside an open object or array, appends
    /// the following lines (joined by `\n`) until the value closes. A line
    /// starting with `{` or `[` while the value is open is kept for the
    /// next entry (`carry`) and the value is left unterminated (it is then
    /// reported as invalid JSON). `Some`: the value grew past the size limit
    /// and was dropped.
    fn continue_value(&mut self) -> io::Result<Option<Problem>> {
        let last = self.buf.iter().rev().find(|b| !b.is_ascii_whitespace());
        if matches!(last, Some(b'}' | b']') | None) {
            return Ok(None);
        }
        let mut open = Open::default();
        open.feed(&self.buf);
        if !open.is_open() {
            return Ok(None);
        }
        let mut next = Vec::new();
        let mut len = self.buf.len();
        while open.is_open() {
            let line = self.line;
            let Some(n) = self.read_line_into(&mut next)? else {
                break;
            };
            self.line += 1;
            if matches!(next.first(), Some(b'{' | b'[')) {
                self.carry = Some((line, std::mem::take(&mut next)));
                break;
            }
            len = len.saturating_add(n + 1);
            open.feed(b"\n");
            open.feed(&next);
            if len <= self.limits.max_bytes && n <= self.limits.max_bytes {
                self.buf.push(b'\n');
                self.buf.extend_from_slice(&next);
            }
        }
        if len > self.limits.max_bytes {
            self.buf.clear();
            return Ok(Some(Problem::Input(InputError::TooLarge {
                len,
                limit: self.limits.max_bytes,
            })));
        }
        Ok(None)
    }

    /// The next entry of a top-level array; `None` when the array ended
    /// (the state says what follows).
    fn next_array_entry(&mut self) -> io::Result<Option<Entry>> {
        loop {
            let limits = self.limits;
            let State::Array(splitter) = &mut self.state else {
                return Ok(None);
            };
            if let Some(event) = splitter.ready() {
                return Ok(self.resolve(event));
            }
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let State::Array(splitter) = &mut self.state else {
                return Ok(None);
            };
            if chunk.is_empty() {
                if splitter.records.is_none() {
                    splitter.records = Some(true);
                    continue;
                }
                let event = splitter.eof(self.line);
                return Ok(self.resolve(event));
            }
            let (used, event) = splitter.feed(chunk, &mut self.line, limits);
            self.inner.consume(used);
            self.bytes_read += used as u64;
            match event {
                Some(closed) if matches!(closed.kind, EventKind::Closed) => {
                    // Closed on its first line: a batch if more follows.
                    let more = self.skip_blanks()?;
                    let State::Array(splitter) = &mut self.state else {
                        return Ok(None);
                    };
                    if more {
                        let event = splitter.batch(limits);
                        return Ok(self.resolve(event));
                    }
                    splitter.list();
                    splitter.held.push_back(Event {
                        kind: EventKind::End,
                        ..closed
                    });
                }
                Some(event) => return Ok(self.resolve(event)),
                None => {}
            }
        }
    }

    /// Skips blanks and line ends; whether anything else follows.
    fn skip_blanks(&mut self) -> io::Result<bool> {
        loop {
            let chunk = fill(&mut self.inner)?;
            if chunk.is_empty() {
                return Ok(false);
            }
            let n = chunk
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(chunk.len());
            self.line += memchr::memchr_iter(b'\n', &chunk[..n]).count();
            let more = n < chunk.len();
            self.inner.consume(n);
            self.bytes_read += n as u64;
            if more {
                return Ok(true);
            }
        }
    }

    /// Turns a splitter event into an entry, switching state where the
    /// array turns out to be a batch or ends.
    fn resolve(&mut self, event: Event) -> Option<Entry> {
        let item = match event.kind {
            EventKind::Element(text) => {
                let (item, at) = judge(&text, Some(event.depth), self.limits, self.raw);
                placed(item, event.start.advance(&text[..at]))
            }
            EventKind::Skipped(problem) => Item::Problem(problem),
            EventKind::Batch(text) => {
                self.state = State::Lines;
                let (item, at) = judge(&text, Some(event.depth), self.limits, self.raw);
                placed(item, event.start.advance(&text[..at]))
            }
            EventKind::Malformed(message) => {
                self.state = State::Done;
                Item::Problem(Problem::Array(message))
            }
            EventKind::End | EventKind::Closed => {
                self.state = State::Lines;
                return None;
            }
        };
        Some(Entry {
            line: event.start.line,
            item,
        })
    }

    fn next_entry(&mut self) -> io::Result<Option<Entry>> {
        loop {
            match &self.state {
                State::Start => self.start()?,
                State::Lines => return self.next_line_entry(),
                State::Array(_) => {
                    if let Some(entry) = self.next_array_entry()? {
                        return Ok(Some(entry));
                    }
                }
                State::Done => return Ok(self.pending.pop_front()),
            }
        }
    }
}

/// `fill_buf`, retried on `Interrupted`.
fn fill<R: BufRead>(inner: &mut R) -> io::Result<&[u8]> {
    loop {
        match inner.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    inner.fill_buf()
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Entry>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_entry().transpose()
    }
}

/// Deepest nesting of arrays and objects in a JSON text, counted up to
/// `cap`. Brackets inside strings do not count.
pub fn nesting(bytes: &[u8], cap: usize) -> usize {
    let (mut depth, mut max, mut in_string, mut escaped) = (0usize, 0usize, false, false);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            } else {
                // Jump to the next quote or backslash.
                match memchr::memchr2(b'"', b'\\', &bytes[i..]) {
                    Some(j) if j > 0 => {
                        i += j;
                        continue;
                    }
                    Some(_) => {}
                    None => return max,
                }
            }
            i += 1;
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    max = depth;
                    if max >= cap {
                        return max;
                    }
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    max
}

/// Parses a JSON text whose nesting (`depth`) is known to be small enough.
fn parse_text(bytes: &[u8]) -> Result<Value, InputError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let parsed = serde::Deserialize::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    parsed.map_err(|e| match std::str::from_utf8(bytes) {
        Err(u) => InputError::NotUtf8 {
            offset: u.valid_up_to(),
        },
        Ok(_) => InputError::Json {
            message: e.to_string(),
        },
    })
}

/// `item` with its message placed at `at`.
fn placed(mut item: Item, at: Position) -> Item {
    if let Item::Message(m) = &mut item {
        m.position = at;
    }
    item
}

/// The byte ranges of the top-level values of a text holding several
/// objects or arrays one after the other (`{} {}`); `None` unless there
/// are at least two and nothing else between them.
fn split_values(text: &[u8]) -> Option<Vec<(usize, usize)>> {
    let mut values = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if !matches!(text[i], b'{' | b'[') {
            return None;
        }
        let mut open = Open::default();
        let end = open.feed_until_closed(&text[i..])?;
        values.push((i, i + end));
        i += end;
    }
    (values.len() > 1).then_some(values)
}

/// Bracket nesting across lines, outside strings (for values that span
/// lines).
#[derive(Debug, Default)]
struct Open {
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// A closing bracket without an opening one: not a value prefix.
    broken: bool,
}

impl Open {
    fn step(&mut self, b: u8) {
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' || b == b'\n' {
                self.in_string = false;
            }
            return;
        }
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => match self.depth.checked_sub(1) {
                Some(d) => self.depth = d,
                None => self.broken = true,
            },
            _ => {}
        }
    }

    fn feed(&mut self, text: &[u8]) {
        for &b in text {
            self.step(b);
        }
    }

    /// Feeds until the value that `text` starts with closes; the length
    /// of that value.
    fn feed_until_closed(&mut self, text: &[u8]) -> Option<usize> {
        for (i, &b) in text.iter().enumerate() {
            self.step(b);
            if self.broken {
                return None;
            }
            if self.depth == 0 && !self.in_string {
                return Some(i + 1);
            }
        }
        None
    }

    /// Inside an object or array that a later line may close.
    fn is_open(&self) -> bool {
        self.depth > 0 && !self.broken && !self.in_string
    }
}

/// Judges one line (or one whole top-level value): a record or a bare
/// message; in `raw` mode unparsed when [`raw_item`] can. `depth`: the
/// text's [`nesting`] if known (counted here when needed). Also returns
/// where the message's own text starts in `bytes` (a raw record's `msg`;
/// else 0).
fn judge(bytes: &[u8], depth: Option<usize>, limits: Limits, raw: bool) -> (Item, usize) {
    if raw {
        if let Some(found) = raw_item(bytes, depth, limits) {
            return found;
        }
    }
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    (judge_parsed(bytes, depth, limits), first)
}

/// [`judge`] by parsing.
fn judge_parsed(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Item {
    let depth = depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)));
    let too_deep = Item::Problem(Problem::Input(InputError::TooDeep {
        limit: limits.max_depth,
    }));
    if depth > limits.max_depth.saturating_add(1) {
        return too_deep;
    }
    let value = match parse_text(bytes) {
        Ok(v) => v,
        Err(e) => return Item::Problem(Problem::Input(e)),
    };
    match value {
        Value::Object(map) if map.contains_key("msg") => record(map),
        value if depth > limits.max_depth => {
            drop(value);
            too_deep
        }
        value => Item::Message(Message {
            direction: None,
            origin: Origin::Implementation,
            value,
            position: Position::default(),
            raw: None,
            expect: None,
        }),
    }
}

/// Raw mode: the message's bytes when a strict scan
/// ([`crate::bytes::Reader`], which accepts only what serde_json accepts)
/// reads the whole text (so nesting is within `max_depth` + 1), the
/// message is not nested deeper than `max_depth` and a
/// record's `dir` and `origin` are absent, `null` or known strings (the
/// last occurrence counting, as when parsed). `None`: let [`judge`] parse
/// and report, as in the default mode.
fn raw_item(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Option<(Item, usize)> {
    let mut r = crate::bytes::Reader::new(bytes, limits.max_depth.saturating_add(1));
    let mut msg = None;
    let mut direction = None;
    let mut origin = Origin::Implementation;
    let mut expect = None;
    if r.peek().ok()? == b'{' {
        r.object(|r, k| {
            match k {
                "expect" => {
                    r.peek()?;
                    let start = r.pos();
                    r.skip()?;
                    expect = Some((start, r.pos()));
                }
                "msg" => {
                    r.peek()?;
                    let start = r.pos();
                    r.skip()?;
                    msg = Some((start, r.pos()));
                }
                "dir" => {
                    direction = match raw_word(r)?.as_deref() {
                        None => None,
                        Some("c2s") => Some(Direction::ClientToServer),
                        Some("s2c") => Some(Direction::ServerToClient),
                        Some(_) => return crate::bytes::stop(),
                    }
                }
                "origin" => {
                    origin = match raw_word(r)?.as_deref() {
                        None | Some("implementation") => Origin::Implementation,
                        Some("harness") => Origin::Harness,
                        Some(_) => return crate::bytes::stop(),
                    }
                }
                _ => r.skip()?,
            }
            Ok(())
        })
        .ok()?;
    } else {
        r.skip().ok()?;
    }
    r.finish().ok()?;
    let (direction, origin, text, at) = match msg {
        Some((start, end)) => (direction, origin, bytes.get(start..end)?, start),
        None if expect.is_some() => return None,
        None if depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)))
            > limits.max_depth =>
        {
            return None
        }
        None => {
            let first = bytes
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(0);
            (None, Origin::Implementation, bytes, first)
        }
    };
    // A malformed `expect` is worded by the parsing path.
    let expect = match expect {
        None => None,
        Some((start, end)) => {
            let v: Value = serde_json::from_slice(bytes.get(start..end)?).ok()?;
            match v {
                Value::Null => None,
                v => Some(Expected::from_value(&v).ok()?),
            }
        }
    };
    let item = Item::Message(Message {
        direction,
        origin,
        value: Value::Null,
        position: Position::default(),
        raw: Some(text.to_vec()),
        expect,
    });
    Some((item, at))
}

/// A record's `dir` or `origin`: `None` for `null`, the string, or a stop
/// for anything else (the parsing path words the problem).
fn raw_word(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R<Option<String>> {
    if r.peek()? == b'n' {
        return r.null().map(|()| None);
    }
    r.string().map(|s| Some(s.into_owned()))
}

/// Reads a record's members.
fn record(mut map: Map<String, Value>) -> Item {
    let direction = match map.get("dir") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s == "c2s" => Some(Direction::ClientToServer),
        Some(Value::String(s)) if s == "s2c" => Some(Direction::ServerToClient),
        Some(other) => {
            return Item::Problem(Problem::Record(format!(
                "\"dir\" must be \"c2s\" or \"s2c\", not {}",
                short(other)
            )))
        }
    };
    let origin = match map.get("origin") {
        None | Some(Value::Null) => Origin::Implementation,
        Some(Value::String(s)) if s == "implementation" => Origin::Implementation,
        Some(Value::String(s)) if s == "harness" => Origin::Harness,
        Some(other) => {
            return Item::Problem(Problem::Record(format!(
                "\"origin\" must be \"implementation\" or \"harness\", not {}",
                short(other)
            )))
        }
    };
    let expect = match map.get("expect") {
        None | Some(Value::Null) => None,
        Some(v) => match Expected::from_value(v) {
            Ok(e) => Some(e),
            Err(why) => return Item::Problem(Problem::Record(why)),
        },
    };
    let value = map.remove("msg").unwrap_or(Value::Null);
    Item::Message(Message {
        direction,
        origin,
        value,
        position: Position::default(),
        raw: None,
        expect,
    })
}

fn short(v: &Value) -> String {
    let mut s = v.to_string();
    if s.len() > 40 {
        let mut cut = 40;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    s
}

/// `Some(what)` when the first bytes of the input are UTF-16: a byte
/// order mark, or an ASCII byte followed by a NUL (`{\0"\0`) or the
/// other way round.
fn utf16(start: &[u8]) -> Option<&'static str> {
    match start {
        [0xFF, 0xFE, ..] => Some("byte order mark FF FE, little-endian"),
        [0xFE, 0xFF, ..] => Some("byte order mark FE FF, big-endian"),
        [a, 0, b, 0, ..] if a.is_ascii() && *a != 0 && b.is_ascii() => {
            Some("no byte order mark; NULs after ASCII bytes, little-endian")
        }
        [0, a, 0, b, ..] if a.is_ascii() && *a != 0 && b.is_ascii() => {
            Some("no byte order mark; NULs before ASCII bytes, big-endian")
        }
        _ => None,
    }
}

/// What the array splitter found.
#[derive(Debug)]
struct Event {
    /// Where the element (or the array) starts.
    start: Position,
    depth: usize,
    kind: EventKind,
}

#[derive(Debug)]
enum EventKind {
    /// One element's text.
    Element(Vec<u8>),
    /// An element too large or too deep to keep.
    Skipped(Problem),
    /// The whole array, when its first element is not a record (a batch).
    Batch(Vec<u8>),
    /// The array cannot be read on.
    Malformed(String),
    /// The closing bracket.
    End,
    /// The closing bracket on the line the array opened on, its elements
    /// held back: a list of messages, or a batch if more lines follow (the
    /// reader looks).
    Closed,
}

/// What the splitter expects next at the array's top level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// After `[`: an element or `]`.
    First,
    /// After `,`: an element.
    Element,
    /// After an element: `,` or `]`.
    Separator,
}

/// An incremental splitter of a top-level JSON array into its elements'
/// byte ranges: tracks strings, escapes and nesting, never parses.
#[derive(Debug)]
struct Splitter {
    expect: Expect,
    /// Nesting inside the current element (0: between elements).
    depth: usize,
    max_depth: usize,
    in_string: bool,
    escaped: bool,
    /// A scalar element (number, literal, or a string) is being read.
    scalar: bool,
    /// Where the current element started.
    elem_start: Option<Position>,
    /// Column of the next byte.
    column: usize,
    /// Elements complete while the array may still be a batch (it has not
    /// left its first line), in order.
    held: VecDeque<Event>,
    elem: Vec<u8>,
    elem_len: usize,
    /// `None` while the array may still be a batch (it has not left the
    /// line it opened on); `Some(true)`: a list of messages.
    records: Option<bool>,
    /// The whole array's text while it may still be a batch.
    whole: Vec<u8>,
    whole_len: usize,
    whole_line: usize,
    whole_column: usize,
    whole_depth: usize,
}

impl Splitter {
    fn new(line: usize, column: usize) -> Splitter {
        let whole = vec![b'['];
        Splitter {
            expect: Expect::First,
            depth: 0,
            max_depth: 0,
            in_string: false,
            escaped: false,
            scalar: false,
            elem_start: None,
            column,
            held: VecDeque::new(),
            elem: Vec::new(),
            elem_len: 0,
            records: None,
            whole,
            whole_len: 1,
            whole_line: line,
            whole_column: column - 1,
            whole_depth: 1,
        }
    }

    fn keep_whole(&self) -> bool {
        self.records.is_none()
    }

    /// A list of messages after all: drop the batch text.
    fn list(&mut self) {
        self.records = Some(true);
        self.whole = Vec::new();
    }

    /// A held element, once the array is known to be a list.
    fn ready(&mut self) -> Option<Event> {
        if self.records == Some(true) {
            self.held.pop_front()
        } else {
            None
        }
    }

    /// The array as one batch message (it closed on its first line and
    /// more lines follow).
    fn batch(&mut self, limits: Limits) -> Event {
        self.held.clear();
        let whole = std::mem::take(&mut self.whole);
        let kind = if self.whole_len > limits.max_bytes {
            EventKind::Skipped(Problem::Input(InputError::TooLarge {
                len: self.whole_len,
                limit: limits.max_bytes,
            }))
        } else if self.whole_depth > limits.max_depth {
            EventKind::Skipped(Problem::Input(InputError::TooDeep {
                limit: limits.max_depth,
            }))
        } else {
            EventKind::Batch(whole)
        };
        Event {
            start: Position {
                line: self.whole_line,
                column: self.whole_column,
            },
            depth: self.whole_depth,
            kind,
        }
    }

    fn push(&mut self, b: u8, limits: Limits) {
        self.elem_len = self.elem_len.saturating_add(1);
        let deep = self.max_depth > limits.max_depth.saturating_add(1);
        if self.elem_len <= limits.max_bytes && !deep {
            self.elem.push(b);
        }
    }

    fn append_whole(&mut self, bytes: &[u8], limits: Limits) {
        let room = limits
            .max_bytes
            .saturating_add(1)
            .saturating_sub(self.whole.len());
        self.whole
            .extend_from_slice(&bytes[..bytes.len().min(room)]);
        self.whole_len = self.whole_len.saturating_add(bytes.len());
        if self.whole_len > limits.max_bytes && self.records.is_none() {
            // Too large to be one batch message: a list.
            self.list();
        }
    }

    /// Feeds a chunk; returns the bytes used and, when an element (or the
    /// array) ended, the event.
    fn feed(&mut self, chunk: &[u8], line: &mut usize, limits: Limits) -> (usize, Option<Event>) {
        let mut i = 0;
        let mut appended = false;
        let event = loop {
            let Some(&b) = chunk.get(i) else { break None };
            let step = self.step(b, *line, limits);
            let consumed = match &step {
                Step::Next | Step::End => true,
                Step::Done { consumed, .. } => *consumed,
                Step::Malformed(_) => false,
            };
            if consumed {
                i += 1;
                if b == b'\n' {
                    *line += 1;
                    self.column = 1;
                    if self.records.is_none() {
                        // The array leaves its first line: a list.
                        if self.keep_whole() {
                            self.append_whole(&chunk[..i], limits);
                        }
                        appended = true;
                        self.list();
                    }
                } else if b & 0xC0 != 0x80 {
                    self.column += 1;
                }
            }
            match step {
                Step::Next => {}
                Step::Done { event, .. } => break self.hold(event),
                Step::End => {
                    if self.keep_whole() {
                        self.append_whole(&chunk[..i], limits);
                    }
                    appended = true;
                    let event = self.end(*line);
                    break self.hold(Some(event));
                }
                Step::Malformed(message) => {
                    if self.records.is_none() {
                        self.list();
                    }
                    let event = Event {
                        start: Position {
                            line: *line,
                            column: self.column,
                        },
                        depth: 0,
                        kind: EventKind::Malformed(format!("line {line}: {message}")),
                    };
                    break self.hold(Some(event));
                }
            }
        };
        if !appended && self.keep_whole() {
            self.append_whole(&chunk[..i], limits);
        }
        (i, event)
    }

    /// Holds `event` back while the array may be a batch or earlier
    /// elements are still held; else passes it on.
    fn hold(&mut self, event: Option<Event>) -> Option<Event> {
        let event = event?;
        let closed = matches!(event.kind, EventKind::Closed);
        if !closed && (self.records.is_none() || !self.held.is_empty()) {
            self.held.push_back(event);
            return None;
        }
        Some(event)
    }

    /// One byte.
    fn step(&mut self, b: u8, line: usize, limits: Limits) -> Step {
        if self.in_string {
            self.push(b, limits);
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                if self.depth == 0 {
                    return Step::Done {
                        event: self.finish(limits),
                        consumed: true,
                    };
                }
            }
            return Step::Next;
        }
        if self.depth > 0 {
            self.push(b, limits);
            match b {
                b'"' => self.in_string = true,
                b'[' | b'{' => {
                    self.depth += 1;
                    self.max_depth = self.max_depth.max(self.depth);
                }
                b']' | b'}' => {
                    self.depth -= 1;
                    if self.depth == 0 {
                        return Step::Done {
                            event: self.finish(limits),
                            consumed: true,
                        };
                    }
                }
                _ => {}
            }
            return Step::Next;
        }
        if self.scalar {
            if matches!(b, b',' | b']' | b' ' | b'\t' | b'\r' | b'\n') {
                return Step::Done {
                    event: self.finish(limits),
                    consumed: false,
                };
            }
            self.push(b, limits);
            return Step::Next;
        }
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => Step::Next,
            b',' if self.expect == Expect::Separator => {
                self.expect = Expect::Element;
                Step::Next
            }
            b']' if self.expect != Expect::Element => Step::End,
            b']' => Step::Malformed("trailing comma before `]`".into()),
            _ if self.expect == Expect::Separator => {
                Step::Malformed(format!("expected `,` or `]`, found {:?}", b as char))
            }
            b',' => Step::Malformed("unexpected `,`".into()),
            _ => {
                self.elem.clear();
                self.elem_len = 0;
                self.max_depth = 0;
                self.elem_start = Some(Position {
                    line,
                    column: self.column,
                });
                match b {
                    b'[' | b'{' => {
                        self.depth = 1;
                        self.max_depth = 1;
                    }
                    b'"' => {
                        self.scalar = true;
                        self.in_string = true;
                    }
                    _ => self.scalar = true,
                }
                self.push(b, limits);
                Step::Next
            }
        }
    }

    /// The current element is complete.
    fn finish(&mut self, limits: Limits) -> Option<Event> {
        self.expect = Expect::Separator;
        self.scalar = false;
        self.in_string = false;
        self.escaped = false;
        let start = self.elem_start.take().unwrap_or(Position {
            line: self.whole_line,
            column: self.whole_column,
        });
        self.whole_depth = self.whole_depth.max(self.max_depth + 1);
        let depth = self.max_depth;
        let too_deep = depth > limits.max_depth.saturating_add(1);
        let too_large = self.elem_len > limits.max_bytes;
        let text = std::mem::take(&mut self.elem);
        let kind = if too_large {
            EventKind::Skipped(Problem::Input(InputError::TooLarge {
                len: self.elem_len,
                limit: limits.max_bytes,
            }))
        } else if too_deep {
            EventKind::Skipped(Problem::Input(InputError::TooDeep {
                limit: limits.max_depth,
            }))
        } else {
            EventKind::Element(text)
        };
        Some(Event { start, depth, kind })
    }

    /// The closing `]` (already appended to `whole`).
    fn end(&mut self, line: usize) -> Event {
        let kind = if self.records.is_none() {
            EventKind::Closed
        } else {
            EventKind::End
        };
        Event {
            start: Position {
                line,
                column: self.column,
            },
            depth: 0,
            kind,
        }
    }

    /// The end of the input inside the array, with the reader on line
    /// `at`: reported at the unfinished element's line, else at `at` (not
    /// at the array's opening line, which would go back before the
    /// elements already reported).
    fn eof(&mut self, at: usize) -> Event {
        Event {
            start: self.elem_start.unwrap_or(Position {
                line: at,
                column: 1,
            }),
            depth: 0,
            kind: EventKind::Malformed(format!(
                "the array opened on line {} is not closed at the end of the input",
                self.whole_line
            )),
        }
    }
}

/// What one byte did to the splitter.
#[derive(Debug)]
enum Step {
    /// Consumed; go on.
    Next,
    /// An element ended (`consumed`: whether this byte belongs to it).
    Done {
        event: Option<Event>,
        consumed: bool,
    },
    /// The array's closing bracket.
    End,
    /// Not an array of records.
    Malformed(String),
}

// Direction inference and the pending-request table moved into the
// session (`crate::session::Session::infer`, `crate::correlate`): one
// bounded table serves inference, response typing and `unanswered`.
pub use crate::session::Reason;

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &[u8], limits: Limits) -> Vec<(usize, String)> {
        Reader::new(text, limits)
            .map(|e| {
                let e = e.unwrap();
                let what = match e.item {
                    Item::Message(m) => format!(
                        "{}{} {}",
                        m.direction.map_or("?", Direction::as_str),
                        if m.origin == Origin::Harness {
                            "/h"
                        } else {
                            ""
                        },
                        m.value
                    ),
                    Item::Problem(p) => format!("problem({}): {p}", p.class()),
                };
                (e.line, what)
            })
            .collect()
    }

    fn lines(text: &str) -> Vec<(usize, String)> {
        read(text.as_bytes(), Limits::default())
    }

    #[test]
    fn json_lines_records_bare_blank_crlf_bom() {
        let text =
            "\u{feff}{\"dir\":\"c2s\",\"msg\":{\"id\":1}}\r\n\r\n  \n{\"id\":1,\"result\":{}}\n\
                    {\"dir\":\"s2c\",\"origin\":\"harness\",\"msg\":[1],\"ts\":3}";
        assert_eq!(
            lines(text),
            [
                (1, "c2s {\"id\":1}".to_string()),
                (4, "? {\"id\":1,\"result\":{}}".to_string()),
                (5, "s2c/h [1]".to_string()),
            ]
        );
    }

    #[test]
    fn bad_lines_are_problems_and_reading_goes_on() {
        let mut text = b"{\"id\":1\n{\"dir\":\"up\",\"msg\":{}}\n".to_vec();
        text.extend_from_slice(b"{\"a\":\"\xff\"}\n{}\n");
        let got = read(&text, Limits::default());
        assert_eq!(got.len(), 4, "{got:?}");
        assert!(
            got[0].1.starts_with("problem(input): invalid JSON"),
            "{got:?}"
        );
        assert_eq!(got[0].0, 1);
        assert_eq!(
            got[1],
            (
                2,
                "problem(record): invalid record: \"dir\" must be \"c2s\" or \"s2c\", not \"up\""
                    .to_string()
            )
        );
        assert_eq!(
            got[2],
            (3, "problem(input): invalid UTF-8 at byte 6".to_string())
        );
        assert_eq!(got[3], (4, "? {}".to_string()));
    }

    #[test]
    fn depth_and_size_limits() {
        let limits = Limits {
            max_depth: 3,
            max_bytes: 20,
        };
        let text = "[[[1]]]\n[[[[1]]]]\n{\"msg\":[[[1]]]}\n\"0123456789012345678901\"\n{}\n";
        let got = read(text.as_bytes(), limits);
        // Line 1 is a bare batch that starts the file: read as one value.
        assert_eq!(got[0], (1, "? [[[1]]]".to_string()));
        assert_eq!(
            got[1],
            (
                2,
                "problem(input): nesting deeper than the limit of 3 levels".to_string()
            )
        );
        assert_eq!(got[2], (3, "? [[[1]]]".to_string()), "wrapper not counted");
        assert_eq!(
            got[3],
            (
                4,
                "problem(input): message of 24 bytes exceeds the limit of 20 bytes".to_string()
            )
        );
        assert_eq!(got[4], (5, "? {}".to_string()));
    }

    #[test]
    fn array_of_records_streams_with_line_numbers() {
        let text = "\n[\n  {\"dir\": \"c2s\", \"msg\": {\"s\": \"]},[\\\"\"}},\n\n  {\"msg\": 7},\n  \"x\", 12 ,\n  {\"dir\": 1, \"msg\": {}}\n]\n";
        let got = lines(text);
        assert_eq!(
            got,
            [
                (3, "c2s {\"s\":\"]},[\\\"\"}".to_string()),
                (5, "? 7".to_string()),
                (6, "? \"x\"".to_string()),
                (6, "? 12".to_string()),
                (
                    7,
                    "problem(record): invalid record: \"dir\" must be \"c2s\" or \"s2c\", not 1"
                        .to_string()
                ),
            ]
        );
    }

    #[test]
    fn array_limits_skip_elements_without_storing_them() {
        let limits = Limits {
            max_depth: 2,
            max_bytes: 30,
        };
        let text = "[{\"msg\":1},{\"msg\":\"0123456789012345678901234\"},{\"msg\":[[[1]]]},{\"msg\":[[1]]}]";
        let got = read(text.as_bytes(), limits);
        assert_eq!(got[0], (1, "? 1".to_string()));
        assert!(got[1].1.contains("exceeds the limit of 30"), "{got:?}");
        assert!(got[2].1.contains("deeper than the limit of 2"), "{got:?}");
        assert_eq!(got[3], (1, "? [[1]]".to_string()));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn a_batch_on_the_first_line_then_json_lines() {
        let text = "[{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"}, {\"id\":2}]\n{\"dir\":\"s2c\",\"msg\":{}}\n";
        assert_eq!(
            lines(text),
            [
                (
                    1,
                    "? [{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"},{\"id\":2}]".to_string()
                ),
                (2, "s2c {}".to_string()),
            ]
        );
    }

    #[test]
    fn an_array_of_bare_messages_is_a_list_of_messages() {
        // Pretty-printed: the array leaves its first line.
        let text = "[\n  {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"},\n  {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {}}\n]\n";
        let got = lines(text);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, 2);
        assert_eq!(got[1].0, 3);
        // On one line and alone in the file: a list too.
        let got = lines("[{\"id\":1,\"method\":\"ping\"}, {\"id\":1,\"result\":{}}]\n\n");
        assert_eq!(got.len(), 2, "{got:?}");
        // Elements held while undecided come out in order, before a malformed tail.
        let got = lines("[{\"a\":1}, {\"b\":2} {\"c\":3}]");
        assert_eq!(got[0].1, "? {\"a\":1}");
        assert_eq!(got[1].1, "? {\"b\":2}");
        assert!(got[2].1.contains("expected `,` or `]`"), "{got:?}");
    }

    fn positions(text: &str) -> Vec<(usize, usize)> {
        Reader::new(text.as_bytes(), Limits::default())
            .raw(true)
            .filter_map(|e| match e.unwrap().item {
                Item::Message(m) => Some((m.position.line, m.position.column)),
                Item::Problem(_) => None,
            })
            .collect()
    }

    #[test]
    fn messages_know_where_their_text_starts() {
        assert_eq!(
            positions("{\"dir\":\"c2s\",\"msg\":{\"id\":1}}\n  {\"id\":2}\n"),
            [(1, 20), (2, 3)]
        );
        assert_eq!(
            positions("[\n  {\"dir\": \"c2s\",\n   \"msg\": {}},\n  {\"é\":1}, {}\n]"),
            [(3, 11), (4, 3), (4, 12)]
        );
        let p = Position { line: 3, column: 5 };
        assert_eq!(p.advance(b"ab"), Position { line: 3, column: 7 });
        assert_eq!(
            p.advance("x\n\u{e9}y".as_bytes()),
            Position { line: 4, column: 3 }
        );
    }

    #[test]
    fn pretty_printed_values_one_after_the_other() {
        // `jq .` output: objects over several lines, one after the other.
        let text = "{\n  \"id\": 1,\n  \"jsonrpc\": \"2.0\",\n  \"method\": \"ping\"\n}\n{\n  \"id\": 1,\n  \"jsonrpc\": \"2.0\",\n  \"result\": {}\n}\n";
        let got = lines(text);
        assert_eq!(
            got,
            [
                (
                    1,
                    "? {\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"}".to_string()
                ),
                (
                    6,
                    "? {\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}".to_string()
                ),
            ]
        );
        assert_eq!(positions(text), [(1, 1), (6, 1)]);
        // Several values on one line, read one by one.
        let got = lines("{\"id\":1} {\"id\":2}\n{\"id\":3}\n");
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!((got[1].0, got[2].0), (1, 2));
        assert_eq!(positions("{\"id\":1} {\"id\":2}\n"), [(1, 1), (1, 10)]);
        // A truncated line costs one finding: the next line in column 1 starts anew.
        let got = lines("{\"id\":1,\n{\"id\":2}\n{\n \"id\": 3\n}\n");
        assert!(
            got[0].1.starts_with("problem(input): invalid JSON"),
            "{got:?}"
        );
        assert_eq!(got[0].0, 1);
        assert_eq!(got[1], (2, "? {\"id\":2}".to_string()));
        assert_eq!(got[2], (3, "? {\"id\":3}".to_string()));
        // Bounded: a value growing past the limit is dropped, not stored.
        let limits = Limits {
            max_depth: 8,
            max_bytes: 16,
        };
        let got = read(b"{\n\"a\": \"0123456789\",\n\"b\": 1\n}\n{}\n", limits);
        assert!(got[0].1.contains("exceeds the limit of 16"), "{got:?}");
        assert_eq!(got[1], (5, "? {}".to_string()));
    }

    #[test]
    fn utf16_is_refused_with_a_hint() {
        let mut text = vec![0xFF, 0xFE];
        for b in b"{\"id\":1}\n" {
            text.extend_from_slice(&[*b, 0]);
        }
        let got = read(&text, Limits::default());
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0]
                .1
                .starts_with("problem(encoding): the input is UTF-16 (byte order mark FF FE"),
            "{got:?}"
        );
        let got = read(&text[2..], Limits::default());
        assert!(got[0].1.contains("no byte order mark"), "{got:?}");
    }

    #[test]
    fn malformed_arrays() {
        let got = lines("[{\"msg\":1},\n");
        assert_eq!(got.len(), 2);
        assert!(got[1].1.contains("not closed at the end"), "{got:?}");
        let got = lines("[{\"msg\":1} {\"msg\":2}]");
        assert!(got[1].1.contains("expected `,` or `]`"), "{got:?}");
        let got = lines("[{\"msg\":1},]");
        assert!(got[1].1.contains("trailing comma"), "{got:?}");
        assert_eq!(lines("[]\n"), []);
        assert_eq!(lines(""), []);
        assert_eq!(lines("\n \r\n"), []);
    }

    #[test]
    fn chunk_boundaries_do_not_matter() {
        let text = "[\n{\"dir\":\"c2s\",\"msg\":{\"a\":\"x\\\\\"}},\n{\"msg\":[1,{\"b\":null}]}\n]\n{\"msg\":2}\n";
        let whole = lines(text);
        for cap in 1..8 {
            let reader = io::BufReader::with_capacity(cap, text.as_bytes());
            let got: Vec<_> = Reader::new(reader, Limits::default())
                .map(|e| e.unwrap().line)
                .collect();
            assert_eq!(got, whole.iter().map(|(l, _)| *l).collect::<Vec<_>>());
        }
        assert_eq!(whole.len(), 3);
    }

    #[test]
    fn nesting_counts_outside_strings() {
        assert_eq!(nesting(b"[{\"a\":\"[[[\"}]", 100), 2);
        assert_eq!(nesting(b"[[[[[[", 3), 3);
        assert_eq!(nesting(b"\"\\\"[\"", 10), 0);
    }
}

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
//! - a *JSON array of records* (elements may also be bare messages): chosen
//!   when the first non-blank byte is `[` and the array's first element is a
//!   record. If the first element is not a record, the array is a JSON-RPC
//!   batch on the first line of a JSON Lines file.
//!
//! A UTF-8 byte order mark at the start is skipped, CRLF line endings are
//! accepted and blank lines are skipped. Line numbers are 1-based; an array
//! element's line is the line where it starts.
//!
//! **Bounded memory.** Lines are read with a buffer reused from line to
//! line, and array elements are split out by an incremental scanner, so the
//! reader holds at most one message (at most [`Limits::max_bytes`]) however
//! large the file. A longer message, or one nested deeper than
//! [`Limits::max_depth`] (the record wrapper does not count), is skipped
//! without being stored and reported as a [`Problem`]; so is invalid JSON or
//! UTF-8. The reader then goes on with the next message.

use std::io::{self, BufRead};

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
    /// Raw mode ([`Reader::raw`]): the message's bytes, unparsed (judge
    /// them with [`crate::Session::observe_bytes`]); `None` when `value`
    /// holds the message.
    pub raw: Option<Vec<u8>>,
    /// The record's `expect` member: the violations it declares it expects
    /// ([`crate::expect`]); `None` for bare messages and records without it.
    pub expect: Option<Expected>,
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
}

impl Problem {
    /// A short class name: `input`, `record` or `transcript`.
    pub fn class(&self) -> &'static str {
        match self {
            Problem::Input(_) => "input",
            Problem::Record(_) => "record",
            Problem::Array(_) => "transcript",
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
                    self.inner.consume(i + 1);
                    self.bytes_read += (i + 1) as u64;
                    self.state = State::Array(Splitter::new(self.line));
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
        self.buf.clear();
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
                self.buf.extend_from_slice(piece);
            } else if self.buf.capacity() > 0 {
                self.buf = Vec::new();
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
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
        }
        Ok(Some(self.buf.len()))
    }

    fn next_line_entry(&mut self) -> io::Result<Option<Entry>> {
        loop {
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
            if self.buf.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let item = judge(&self.buf, None, self.limits, self.raw);
            if self.buf.capacity() > (16 << 20) {
                self.buf = Vec::new();
            }
            return Ok(Some(Entry { line, item }));
        }
    }

    /// The next entry of a top-level array; `None` when the array ended
    /// (the state says what follows).
    fn next_array_entry(&mut self) -> io::Result<Option<Entry>> {
        loop {
            let limits = self.limits;
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let State::Array(splitter) = &mut self.state else {
                return Ok(None);
            };
            if chunk.is_empty() {
                let event = splitter.eof(self.line);
                return Ok(self.resolve(event));
            }
            let (used, event) = splitter.feed(chunk, &mut self.line, limits);
            self.inner.consume(used);
            self.bytes_read += used as u64;
            if let Some(event) = event {
                return Ok(self.resolve(event));
            }
        }
    }

    /// Turns a splitter event into an entry, switching state where the
    /// array turns out to be a batch or ends.
    fn resolve(&mut self, event: Event) -> Option<Entry> {
        let item = match event.kind {
            EventKind::Element(text) => judge(&text, Some(event.depth), self.limits, self.raw),
            EventKind::Skipped(problem) => Item::Problem(problem),
            EventKind::Batch(text) => {
                self.state = State::Lines;
                judge(&text, Some(event.depth), self.limits, self.raw)
            }
            EventKind::Malformed(message) => {
                self.state = State::Done;
                Item::Problem(Problem::Array(message))
            }
            EventKind::End => {
                self.state = State::Lines;
                return None;
            }
        };
        Some(Entry {
            line: event.line,
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
                State::Done => return Ok(None),
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

/// Judges one line (or one whole top-level value): a record or a bare
/// message; in `raw` mode unparsed when [`raw_item`] can. `depth`: the
/// text's [`nesting`] if known (counted here when needed).
fn judge(bytes: &[u8], depth: Option<usize>, limits: Limits, raw: bool) -> Item {
    if raw {
        if let Some(item) = raw_item(bytes, depth, limits) {
            return item;
        }
    }
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
fn raw_item(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Option<Item> {
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
    let (direction, origin, text) = match msg {
        Some((start, end)) => (direction, origin, bytes.get(start..end)?),
        None if expect.is_some() => return None,
        None if depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)))
            > limits.max_depth =>
        {
            return None
        }
        None => (None, Origin::Implementation, bytes),
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
    Some(Item::Message(Message {
        direction,
        origin,
        value: Value::Null,
        raw: Some(text.to_vec()),
        expect,
    }))
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

/// What the array splitter found.
#[derive(Debug)]
struct Event {
    line: usize,
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
    /// Line where the current element started.
    elem_line: Option<usize>,
    elem: Vec<u8>,
    elem_len: usize,
    /// `None` until the first element is judged; then whether the array
    /// is a transcript (`true`) or a batch (`false`).
    records: Option<bool>,
    /// The whole array's text while it may still be a batch.
    whole: Vec<u8>,
    whole_len: usize,
    whole_line: usize,
    whole_depth: usize,
}

impl Splitter {
    fn new(line: usize) -> Splitter {
        let whole = vec![b'['];
        Splitter {
            expect: Expect::First,
            depth: 0,
            max_depth: 0,
            in_string: false,
            escaped: false,
            scalar: false,
            elem_line: None,
            elem: Vec::new(),
            elem_len: 0,
            records: None,
            whole,
            whole_len: 1,
            whole_line: line,
            whole_depth: 1,
        }
    }

    fn keep_whole(&self) -> bool {
        self.records != Some(true)
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
    }

    /// Feeds a chunk; returns the bytes used and, when an element (or the
    /// array) ended, the event.
    fn feed(&mut self, chunk: &[u8], line: &mut usize, limits: Limits) -> (usize, Option<Event>) {
        let mut i = 0;
        let mut appended = false;
        let event = loop {
            let Some(&b) = chunk.get(i) else { break None };
            match self.step(b, *line, limits) {
                Step::Next => {
                    i += 1;
                    if b == b'\n' {
                        *line += 1;
                    }
                }
                Step::Done { event, consumed } => {
                    if consumed {
                        i += 1;
                        if b == b'\n' {
                            *line += 1;
                        }
                    }
                    break event;
                }
                Step::End => {
                    i += 1;
                    if self.keep_whole() {
                        self.append_whole(&chunk[..i], limits);
                    }
                    appended = true;
                    break Some(self.end(*line, limits));
                }
                Step::Malformed(message) => {
                    break Some(Event {
                        line: *line,
                        depth: 0,
                        kind: EventKind::Malformed(format!("line {line}: {message}")),
                    });
                }
            }
        };
        if !appended && self.keep_whole() {
            self.append_whole(&chunk[..i], limits);
        }
        (i, event)
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
                self.elem_line = Some(line);
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
        let line = self.elem_line.take().unwrap_or(self.whole_line);
        self.whole_depth = self.whole_depth.max(self.max_depth + 1);
        let depth = self.max_depth;
        let too_deep = depth > limits.max_depth.saturating_add(1);
        let too_large = self.elem_len > limits.max_bytes;
        let text = std::mem::take(&mut self.elem);
        if self.records.is_none() {
            let is_record = !too_deep && !too_large && looks_like_record(&text);
            self.records = Some(is_record);
            if is_record {
                self.whole = Vec::new();
            }
        }
        if self.records == Some(false) {
            return None; // a batch: read on to its end
        }
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
        Some(Event { line, depth, kind })
    }

    /// The closing `]` (already appended to `whole`).
    fn end(&mut self, line: usize, limits: Limits) -> Event {
        if self.records == Some(false) {
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
            return Event {
                line: self.whole_line,
                depth: self.whole_depth,
                kind,
            };
        }
        Event {
            line,
            depth: 0,
            kind: EventKind::End,
        }
    }

    /// End of input inside the array.
    /// The end of the input inside the array, with the reader on line
    /// `at`: reported at the unfinished element's line, else at `at` (not
    /// at the array's opening line, which would go back before the
    /// elements already reported).
    fn eof(&mut self, at: usize) -> Event {
        Event {
            line: self.elem_line.unwrap_or(at),
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

/// Whether an element's text is a record: an object with a `msg` member.
fn looks_like_record(text: &[u8]) -> bool {
    matches!(parse_text(text), Ok(Value::Object(m)) if m.contains_key("msg"))
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
        let text = "[{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"},\n {\"id\":2}]\n{\"dir\":\"s2c\",\"msg\":{}}\n";
        assert_eq!(
            lines(text),
            [
                (
                    1,
                    "? [{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"},{\"id\":2}]".to_string()
                ),
                (3, "s2c {}".to_string()),
            ]
        );
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

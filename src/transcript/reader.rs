//! The streaming [`Reader`]: picks the format at the start, reads JSON
//! Lines (values spanning lines, several values on a line) and hands a
//! top-level array to the [`super::array`] splitter.

use std::{
    collections::VecDeque,
    io::{self, BufRead},
};

use super::{
    array::{Event, EventKind, Splitter},
    entry::{chars, Entry, Item, Position, Problem},
    value::{judge, placed, split_values, Open},
};
use crate::input::{utf16, InputError, Limits};

/// Where the reader is in the file.
#[derive(Debug)]
pub(super) enum State {
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
            pending: VecDeque::new(),
            carry: None,
        }
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
                if let Some(found) = utf16::detect(chunk) {
                    let n = chunk.len();
                    self.inner.consume(n);
                    self.bytes_read += n as u64;
                    self.pending.push_back(Entry {
                        line: 1,
                        item: Item::Problem(Problem::Utf16(found.evidence())),
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
            let (item, at) = judge(&self.buf, None, self.limits);
            let item = match item {
                Item::Problem(Problem::Input(InputError::Json { .. })) => {
                    match split_values(&self.buf) {
                        Some(values) => {
                            for (from, to) in values {
                                let text = &self.buf[from..to];
                                let first = start.advance(&self.buf[..from]);
                                let (item, at) = judge(text, None, self.limits);
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
    /// that cannot continue it ([`starts_anew`]) is kept for the next entry
    /// (`carry`) and the value is left unterminated (it is then reported as
    /// invalid JSON, and the kept line gets its own finding or message).
    /// `Some`: the value grew past the size limit and was dropped.
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
            if starts_anew(&next) {
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
                let (item, at) = judge(&text, Some(event.depth), self.limits);
                placed(item, event.start.advance(&text[..at]))
            }
            EventKind::Skipped(problem) => Item::Problem(problem),
            EventKind::Batch(text) => {
                self.state = State::Lines;
                let (item, at) = judge(&text, Some(event.depth), self.limits);
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

/// Whether a line read while a value is open starts a new entry instead of
/// continuing the value. A value continues over a line break only between
/// tokens (JSON strings hold no raw line break), so a continuation line is
/// blank or starts with a token that can follow an open object or array:
/// `}` `]` `"` `,` `:` a number or a literal (`true`, `false`, `null`).
/// A line starting with `{` or `[` in column 1 is the next value (a
/// truncated line costs one finding, not the rest of the file); a line
/// starting with anything else (a byte JSON cannot start a token with, such
/// as non-ASCII or non-UTF-8 bytes) is not JSON text that continues the
/// value, so it is a record of its own and gets its own finding.
fn starts_anew(line: &[u8]) -> bool {
    match line.first() {
        None => false,
        Some(b'{' | b'[') => true,
        Some(_) => match line.iter().find(|b| !b.is_ascii_whitespace()) {
            None => false,
            Some(&b) => !matches!(
                b,
                b'{' | b'[' | b'}' | b']' | b'"' | b',' | b':' | b'-' | b'0'
                    ..=b'9' | b't' | b'f' | b'n'
            ),
        },
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

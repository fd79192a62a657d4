//! The incremental splitter of a top-level JSON array into its elements,
//! and whether the array is a list of messages or a one-line batch.

use std::collections::VecDeque;

use super::entry::{Position, Problem};
use crate::{
    input::{Byte, Quotes},
    input::{InputError, Limits},
};

/// What the array splitter found.
#[derive(Debug)]
pub(super) struct Event {
    /// Where the element (or the array) starts.
    pub(super) start: Position,
    pub(super) depth: usize,
    pub(super) kind: EventKind,
}

#[derive(Debug)]
pub(super) enum EventKind {
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
pub(super) struct Splitter {
    expect: Expect,
    /// Nesting inside the current element (0: between elements).
    depth: usize,
    max_depth: usize,
    /// Inside a string of the current element.
    quotes: Quotes,
    /// A scalar element (number, literal, or a string) is being read.
    scalar: bool,
    /// Where the current element started.
    elem_start: Option<Position>,
    /// Column of the next byte.
    column: usize,
    /// Elements complete while the array may still be a batch (it has not
    /// left its first line), in order.
    pub(super) held: VecDeque<Event>,
    elem: Vec<u8>,
    elem_len: usize,
    /// `None` while the array may still be a batch (it has not left the
    /// line it opened on); `Some(true)`: a list of messages.
    pub(super) records: Option<bool>,
    /// The whole array's text while it may still be a batch.
    whole: Vec<u8>,
    whole_len: usize,
    whole_line: usize,
    whole_column: usize,
    whole_depth: usize,
}

impl Splitter {
    pub(super) fn new(line: usize, column: usize) -> Splitter {
        let whole = vec![b'['];
        Splitter {
            expect: Expect::First,
            depth: 0,
            max_depth: 0,
            quotes: Quotes::new(),
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
    pub(super) fn list(&mut self) {
        self.records = Some(true);
        self.whole = Vec::new();
    }

    /// A held element, once the array is known to be a list.
    pub(super) fn ready(&mut self) -> Option<Event> {
        if self.records == Some(true) {
            self.held.pop_front()
        } else {
            None
        }
    }

    /// The array as one batch message (it closed on its first line and
    /// more lines follow).
    pub(super) fn batch(&mut self, limits: Limits) -> Event {
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
    pub(super) fn feed(
        &mut self,
        chunk: &[u8],
        line: &mut usize,
        limits: Limits,
    ) -> (usize, Option<Event>) {
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
        if self.quotes.in_string() {
            self.push(b, limits);
            if self.quotes.step(b) == Byte::Closes && self.depth == 0 {
                return Step::Done {
                    event: self.finish(limits),
                    consumed: true,
                };
            }
            return Step::Next;
        }
        if self.depth > 0 {
            self.push(b, limits);
            if self.quotes.step(b) != Byte::Outside {
                return Step::Next;
            }
            match b {
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
                        self.quotes.step(b);
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
        self.quotes = Quotes::new();
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
    pub(super) fn eof(&mut self, at: usize) -> Event {
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

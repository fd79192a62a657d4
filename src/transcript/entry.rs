//! What the reader yields: [`Entry`] (a [`Message`] or a [`Problem`] at a
//! line) and [`Position`].

use crate::{expect::Expect as Expected, input::InputError, Direction, Origin};

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

/// A message read from a transcript: its text as it stands in the file
/// (judge it with [`crate::Session::judge`], which scans it, or parses
/// what the bytes path does not read) and what its record says of it.
#[derive(Debug)]
pub struct Message {
    /// The record's `dir`; `None` for a bare message (the session infers
    /// it: [`crate::Session::judge`]).
    pub direction: Option<Direction>,
    /// The record's `origin` (default `implementation`).
    pub origin: Origin,
    /// The JSON-RPC message (or batch) as one JSON text: its bytes in the
    /// file (for a record, `msg`'s value).
    pub text: Vec<u8>,
    /// Where the message's own text starts (for a record, where its `msg`
    /// value starts).
    pub position: Position,
    /// The record's `expect` member: the violations it declares it expects
    /// ([`crate::expect`]); `None` for bare messages and records without it.
    pub expect: Option<Expected>,
    /// The message's head, read by the same strict pass that found the
    /// message in its record ([`crate::scan::HeadBuilder`]), so judging it
    /// needs no pass of its own ([`crate::session::Input::Headed`]); `None`
    /// for a batch or text that pass does not read.
    pub head: Option<Box<crate::scan::MessageHead>>,
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
pub(super) fn chars(text: &[u8]) -> usize {
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

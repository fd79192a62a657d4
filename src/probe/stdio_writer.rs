//! The writing half of a stdio connection ([`Writer`]): the server's input,
//! with every line handed to the live pipeline before the server sees it.

use std::{
    io::{self, Write},
    process::ChildStdin,
};

use crate::live::LineSplitter;
use serde_json::Value;

/// The writing half, shared by the probe and the reader thread (which
/// answers the server's requests): every line is fed to the client→server
/// splitter before it is written, so it is judged in causal order.
pub(super) struct Writer {
    stdin: Option<ChildStdin>,
    lines: Option<LineSplitter>,
}

impl Writer {
    /// Writes to `stdin`, feeding every line to `lines` first.
    pub(super) fn new(stdin: ChildStdin, lines: LineSplitter) -> Writer {
        Writer {
            stdin: Some(stdin),
            lines: Some(lines),
        }
    }

    /// Writes `message` as one line (a broken pipe once closed).
    pub(super) fn send(&mut self, message: &Value) -> io::Result<()> {
        let mut line = serde_json::to_vec(message)?;
        line.push(b'\n');
        if let Some(lines) = self.lines.as_mut() {
            lines.feed(&line);
        }
        match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(&line).and_then(|()| stdin.flush()),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        }
    }

    /// Closes the server's input and finishes the client→server splitter
    /// (what it holds of an unfinished line is judged).
    pub(super) fn close(&mut self) {
        self.stdin = None;
        if let Some(lines) = self.lines.take() {
            lines.finish();
        }
    }
}

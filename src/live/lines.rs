//! Newline-delimited messages out of one direction's byte stream (stdio,
//! a tee): each complete line is submitted as it completes.

use super::{Context, Submitter};

impl Submitter {
    /// A line splitter for one direction's byte stream; `template` gives
    /// the direction, origin and HTTP metadata of its messages.
    pub fn splitter(&self, template: Context) -> LineSplitter {
        LineSplitter::new(self.clone(), template, self.line_limit())
    }
}

/// Splits one direction's bytes into lines and submits each to the
/// pipeline. Feed every chunk **before** forwarding it.
///
/// A line keeps at most [`crate::input::Limits::max_bytes`] + 1 bytes; a
/// longer one is measured as it streams past and submitted as too large
/// (nothing stored). Lines of only whitespace are skipped (they still count
/// in the line numbers); a trailing `\r` is not part of the message. A last
/// line without its newline is submitted by [`LineSplitter::finish`] (or on
/// drop), marked [`Context::unterminated`].
#[derive(Debug)]
pub struct LineSplitter {
    submitter: Submitter,
    template: Context,
    limit: usize,
    line: u64,
    pending: Vec<u8>,
    pending_len: usize,
    finished: bool,
}

impl LineSplitter {
    pub(super) fn new(submitter: Submitter, template: Context, limit: usize) -> LineSplitter {
        LineSplitter {
            submitter,
            template,
            limit,
            line: 1,
            pending: Vec::new(),
            pending_len: 0,
            finished: false,
        }
    }

    /// Takes the next chunk of the stream.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        if self.finished {
            return;
        }
        while let Some(i) = memchr::memchr(b'\n', bytes) {
            self.append(&bytes[..i]);
            self.complete(false);
            bytes = &bytes[i + 1..];
        }
        self.append(bytes);
    }

    /// Bytes of the line in progress (measured, not necessarily stored).
    pub fn partial_len(&self) -> usize {
        self.pending_len
    }

    /// The stream ended: a last line without a newline is submitted.
    pub fn finish(mut self) {
        self.end();
    }

    /// [`LineSplitter::finish`] in place: later chunks are ignored.
    pub fn end(&mut self) {
        if !self.finished {
            self.finished = true;
            if self.pending_len > 0 {
                self.complete(true);
            }
        }
    }

    fn keep(&self) -> usize {
        self.limit.saturating_add(1)
    }

    fn append(&mut self, bytes: &[u8]) {
        self.pending_len = self.pending_len.saturating_add(bytes.len());
        if self.pending_len <= self.keep() {
            self.pending.extend_from_slice(bytes);
        } else if self.pending.capacity() > 0 {
            self.pending = Vec::new();
        }
    }

    fn complete(&mut self, unterminated: bool) {
        let line = self.line;
        self.line += 1;
        let len = std::mem::take(&mut self.pending_len);
        let mut context = self.template.clone();
        context.line = Some(line);
        context.unterminated = unterminated;
        let stored = len <= self.keep();
        let mut bytes = std::mem::take(&mut self.pending);
        if !stored {
            self.submitter.submit_too_large(context, len);
            return;
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        if bytes.len() > self.limit {
            self.submitter.submit_too_large(context, bytes.len());
            return;
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            // Keep the allocation for the next line.
            self.pending = bytes;
            self.pending.clear();
            return;
        }
        self.submitter.submit(context, bytes);
    }
}

impl Drop for LineSplitter {
    fn drop(&mut self) {
        self.end();
    }
}

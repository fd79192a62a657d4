//! The [`Sink`] trait every output format implements, and what it is
//! given: one message's [`Finding`]s at a time, file-level
//! [`FileFailure`]s, and at the end the [`Summary`] with the run's
//! [`Verdict`].
//!
//! A format never decides on its own whether the run failed: the verdict
//! (`--strict`, `--require-messages`, unreadable inputs) is computed once,
//! in [`crate::output::Outputs`], and every format reports the same one,
//! so CI reading any of them sees what the exit status says.

use std::io;

use mcpwire::{transcript::Position, Direction, MessageKind, Origin, Version};
use serde_json::Value;

use crate::{
    excerpt::Excerpt,
    output::{Severity, Summary},
};

/// One finding, owned, with where its offending value is in the file.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The transcript (`<stdin>` for `-`; `<client>`/`<server>` in `tap`).
    pub file: String,
    /// 1-based line of the message (where its entry starts).
    pub line: usize,
    /// Where the offending value starts in the file (line, column), when
    /// the message's bytes are known.
    pub span: Option<Position>,
    /// `violation`, `warning` or `error`.
    pub severity: Severity,
    /// Whether this finding fails the run (violations; warnings with
    /// `--strict`).
    pub fails: bool,
    /// Which way the message went.
    pub direction: Option<Direction>,
    /// Whether the direction was inferred.
    pub direction_inferred: bool,
    /// Who wrote the message.
    pub origin: Origin,
    /// The revision it was judged at.
    pub revision: Option<Version>,
    /// The JSON-RPC shape.
    pub kind: Option<MessageKind>,
    /// The method (for a response, its request's).
    pub method: Option<String>,
    /// The message's `id`.
    pub id: Option<Value>,
    /// Index inside a batch.
    pub batch_index: Option<usize>,
    /// The definition that failed.
    pub definition: Option<String>,
    /// Instance pointer, relative to the message.
    pub pointer: String,
    /// Pointer into the published schema file.
    pub schema_pointer: Option<String>,
    /// Keyword, warning class or rule id, or the unreadable-text class.
    pub keyword: String,
    /// What is wrong.
    pub message: String,
    /// The pointer relative to what `definition` judged (the harness's
    /// `instancePath`).
    pub definition_path: String,
    /// The offending bytes in context.
    pub excerpt: Option<Excerpt>,
    /// Where in the HTTP traffic, for a finding on HTTP.
    pub http: Option<HttpWhere>,
}

/// Where an HTTP finding is: its exchange, the capture's entry and the SSE
/// event, with the entry's request line and status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HttpWhere {
    /// The exchange number (from 1, in order of the requests' start).
    pub exchange: u64,
    /// The 0-based index of the entry in a HAR's `log.entries` (in an HTTP
    /// transcript, of the exchange in order of appearance); `None` live.
    pub entry: Option<u64>,
    /// The 0-based index of the event block in the entry's SSE stream.
    pub event: Option<u64>,
    /// The request's method.
    pub method: String,
    /// The request's URL (a HAR's absolute URL, else path and query).
    pub url: String,
    /// The response's status, when there was one.
    pub status: Option<u16>,
}

impl HttpWhere {
    /// `entry 3 · POST http://h/mcp → 200 · event 1` (`exchange 4` when
    /// there is no entry).
    pub fn describe(&self) -> String {
        let mut out = match self.entry {
            Some(e) => format!("entry {e}"),
            None => format!("exchange {}", self.exchange),
        };
        out.push_str(&format!(" · {} {}", self.method, self.url));
        if let Some(s) = self.status {
            out.push_str(&format!(" → {s}"));
        }
        if let Some(e) = self.event {
            out.push_str(&format!(" · event {e}"));
        }
        out
    }
}

impl Finding {
    /// The line of the offending value (else of the message).
    pub fn span_line(&self) -> usize {
        self.span.map_or(self.line, |p| p.line)
    }
}

/// One message's findings (at least one), in the order found.
pub struct Message<'a> {
    /// The findings.
    pub findings: &'a [Finding],
    /// The message's original text, when known.
    pub text: Option<&'a [u8]>,
}

/// A file that fails the run as a whole.
#[derive(Clone, Debug)]
pub struct FileFailure {
    /// The file.
    pub file: String,
    /// `input-error` (cannot be read) or `require-messages`.
    pub keyword: &'static str,
    /// What happened.
    pub message: String,
    /// The input could not be read (exit 2), rather than judged too thin.
    pub unreadable: bool,
}

/// What makes the run fail, and what did.
#[derive(Clone, Debug, Default)]
pub struct Verdict {
    /// `--strict`: warnings fail the run.
    pub strict: bool,
    /// `--require-messages N`: a file with fewer messages fails.
    pub require_messages: Option<usize>,
    /// Inputs that could not be read.
    pub input_errors: usize,
    /// Files that failed `--require-messages`.
    pub failures: usize,
    /// Every revision a message was judged at (for schema references,
    /// and the summaries: "judged at", `revisions`).
    pub revisions: std::collections::BTreeSet<Version>,
}

impl Verdict {
    /// The revisions messages were judged at, oldest first, as strings.
    pub fn revision_names(&self) -> Vec<&'static str> {
        self.revisions.iter().map(|v| v.as_str()).collect()
    }
}

impl Verdict {
    /// Whether the run passed, given its counts.
    pub fn passed(&self, summary: &Summary) -> bool {
        self.input_errors == 0
            && self.failures == 0
            && summary.violations == 0
            && !(self.strict && summary.warnings > 0)
    }

    /// The exit status: 0 passed, 1 failed, 2 an input could not be read.
    pub fn exit_code(&self, summary: &Summary) -> u8 {
        if self.input_errors > 0 {
            2
        } else if self.passed(summary) {
            0
        } else {
            1
        }
    }
}

/// An output format.
pub trait Sink {
    /// A file begins.
    fn file_start(&mut self, _file: &str) -> io::Result<()> {
        Ok(())
    }

    /// One message's findings.
    fn message(&mut self, message: &Message<'_>) -> io::Result<()>;

    /// Whether [`Sink::message`] is given expected violations
    /// ([`Severity::Expected`]); the other findings of their message
    /// come either way.
    fn shows_expected(&self) -> bool {
        false
    }

    /// A file fails as a whole.
    fn failure(&mut self, failure: &FileFailure) -> io::Result<()>;

    /// A file ended, after `messages` messages.
    fn file_done(&mut self, _file: &str, _messages: usize) -> io::Result<()> {
        Ok(())
    }

    /// The run ended: write the summary or the document.
    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()>;

    /// Flushes what was written.
    fn flush(&mut self) -> io::Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_verdict() {
        let clean = Summary {
            messages: 3,
            valid: 3,
            ..Summary::default()
        };
        let warned = Summary {
            warnings: 1,
            ..clean.clone()
        };
        let mut v = Verdict::default();
        assert_eq!((v.passed(&clean), v.exit_code(&clean)), (true, 0));
        assert_eq!(v.exit_code(&warned), 0);
        v.strict = true;
        assert_eq!(v.exit_code(&warned), 1);
        v.failures = 1;
        assert_eq!(v.exit_code(&clean), 1);
        v.input_errors = 1;
        assert_eq!(v.exit_code(&clean), 2, "an unreadable input wins");
    }
}

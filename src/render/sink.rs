//! The [`Sink`] trait every output format implements, and what it is
//! given: one message's [`Finding`]s at a time, file-level
//! [`FileFailure`]s, and at the end the [`Summary`] with the run's
//! [`Verdict`]; and the wording the formats share ([`describe`],
//! [`timestamp`]).
//!
//! A format never decides on its own whether the run failed: the verdict
//! (`--strict`, `--require-messages`, unreadable inputs) is computed once,
//! in [`super::Outputs`], and every format reports the same one,
//! so CI reading any of them sees what the exit status says.

use std::{
    io,
    time::{SystemTime, UNIX_EPOCH},
};

use serde::Serialize;
use serde_json::Value;

use crate::{
    excerpt::Excerpt, report::Level, transcript::Position, Direction, MessageKind, Origin, Version,
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
    /// Every revision it was found at, when the same finding repeats at
    /// more than one (a probe's, [`super::Outputs::collapse_repeats`]):
    /// [`Finding::revision`] first. Empty otherwise.
    pub revisions: Vec<Version>,
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

    /// ` (at 2025-06-18, 2025-11-25)` for a finding repeated at several
    /// revisions, else nothing.
    pub fn at_revisions(&self) -> String {
        if self.revisions.is_empty() {
            return String::new();
        }
        let names: Vec<&str> = self.revisions.iter().map(|v| v.as_str()).collect();
        format!(" (at {})", names.join(", "))
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

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The message breaks the schema (or is not a readable message).
    Violation,
    /// Worth knowing; fails the run only with `--strict`.
    Warning,
    /// The input could not be judged at all (a file that cannot be read,
    /// too few messages for `--require-messages`).
    Error,
    /// A violation the transcript record declared it expects
    /// (`"expect"`, [`crate::expect`]): shown by the text format, never
    /// failing; the other formats leave it out ([`Sink::shows_expected`]).
    Expected,
}

/// Counts for the summary.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Summary {
    /// Always `true`: tells the summary object from findings.
    pub summary: bool,
    /// Files read.
    pub files: usize,
    /// Messages read (unreadable ones included; a batch is one message).
    pub messages: usize,
    /// Messages without violations.
    pub valid: usize,
    /// Violations.
    pub violations: usize,
    /// Warnings.
    pub warnings: usize,
    /// Expected violations (records that declare them, `"expect"`); not
    /// counted among `violations`. Written only when there are some.
    #[serde(skip_serializing_if = "is_zero")]
    pub expected: usize,
    /// Lines not validated because the validator fell behind (`tap`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<usize>,
}

impl Summary {
    /// Counts a finding of `level` and says how outputs show it.
    pub fn count(&mut self, level: Level) -> Severity {
        match level {
            Level::Violation => {
                self.violations += 1;
                Severity::Violation
            }
            Level::Warning => {
                self.warnings += 1;
                Severity::Warning
            }
            Level::Expected => {
                self.expected += 1;
                Severity::Expected
            }
        }
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `request 'tools/call' (id 3)`, `result of 'tools/call'`.
pub fn describe(f: &Finding) -> Option<String> {
    let kind = f.kind?;
    let method = f.method.as_deref();
    let named = method.map(|m| format!(" '{m}'")).unwrap_or_default();
    let of = method.map(|m| format!(" of '{m}'")).unwrap_or_default();
    let id =
        f.id.as_ref()
            .map(|i| format!(" (id {i})"))
            .unwrap_or_default();
    let batch = f
        .batch_index
        .map(|i| format!(" [batch element {i}]"))
        .unwrap_or_default();
    let text = match kind {
        MessageKind::Request => format!("request{named}{id}"),
        MessageKind::Notification => format!("notification{named}"),
        MessageKind::Result => format!("result{of}{id}"),
        MessageKind::Error => format!("error{of}{id}"),
        MessageKind::Unknown => "not a JSON-RPC message".to_string(),
        MessageKind::Unreadable => return None,
    };
    Some(text + &batch)
}

/// Now, as RFC 3339 UTC with milliseconds (`2026-01-02T03:04:05.678Z`), or
/// `SOURCE_DATE_EPOCH` (seconds) when set, for reproducible reports.
pub fn timestamp() -> String {
    let (secs, millis) = match std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
    {
        Some(s) => (s, 0),
        None => {
            let d = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default();
            (d.as_secs(), d.subsec_millis())
        }
    };
    format!("{}.{millis:03}Z", crate::http::har::out::date_time(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_from_source_date_epoch() {
        std::env::set_var("SOURCE_DATE_EPOCH", "1700000000");
        assert_eq!(timestamp(), "2023-11-14T22:13:20.000Z");
        std::env::set_var("SOURCE_DATE_EPOCH", "951782400");
        assert_eq!(timestamp(), "2000-02-29T00:00:00.000Z");
        std::env::remove_var("SOURCE_DATE_EPOCH");
    }

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

//! `--format json`: JSON Lines, one object per finding, one per file
//! failure, then one summary object. Every object carries
//! `"format_version": 1`.
//!
//! **Stability promise** (docs/cli.md): within format version 1, fields
//! are never removed, renamed or given another meaning; new fields may be
//! added (readers must ignore unknown fields); a change that breaks a
//! reader bumps `format_version`.

use std::io::{self, Write};

use crate::{Direction, MessageKind, Origin, Version};
use serde::Serialize;
use serde_json::Value;

use super::{
    sink::{FileFailure, Message, Sink, Verdict},
    sink::{Severity, Summary},
};

/// The version of this format.
pub const FORMAT_VERSION: u32 = 1;

/// The JSON Lines format.
pub struct JsonLines {
    out: Box<dyn Write + Send>,
}

impl JsonLines {
    /// JSON Lines to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> JsonLines {
        JsonLines { out }
    }

    fn write(&mut self, v: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, v)?;
        self.out.write_all(b"\n")
    }
}

/// Where the offending value starts.
#[derive(Serialize)]
struct Span {
    line: usize,
    column: usize,
}

/// One finding, fields in the documented order.
#[derive(Serialize)]
struct Record<'a> {
    format_version: u32,
    file: &'a str,
    line: usize,
    span: Option<Span>,
    severity: Severity,
    direction: Option<Direction>,
    direction_inferred: bool,
    origin: Origin,
    revision: Option<Version>,
    /// Every revision a repeated finding was found at (a probe's).
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    revisions: &'a [Version],
    kind: Option<MessageKind>,
    method: Option<&'a str>,
    id: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    batch_index: Option<usize>,
    definition: Option<&'a str>,
    pointer: &'a str,
    schema_pointer: Option<&'a str>,
    keyword: &'a str,
    message: &'a str,
    fails: bool,
    /// HTTP: the exchange number.
    #[serde(skip_serializing_if = "Option::is_none")]
    exchange: Option<u64>,
    /// HTTP: the entry (HAR `log.entries` index; transcript exchange).
    #[serde(skip_serializing_if = "Option::is_none")]
    entry: Option<u64>,
    /// HTTP: the event block in the entry's SSE stream.
    #[serde(skip_serializing_if = "Option::is_none")]
    event: Option<u64>,
    /// HTTP: the entry's method, URL and status.
    #[serde(skip_serializing_if = "Option::is_none")]
    http: Option<HttpRecord<'a>>,
}

/// The request line and status of a finding's exchange.
#[derive(Serialize)]
struct HttpRecord<'a> {
    method: &'a str,
    url: &'a str,
    status: Option<u16>,
}

/// A file that fails as a whole.
#[derive(Serialize)]
struct FailureRecord<'a> {
    format_version: u32,
    file: &'a str,
    line: Option<usize>,
    severity: Severity,
    kind: Option<MessageKind>,
    keyword: &'a str,
    message: &'a str,
    fails: bool,
}

/// The summary.
#[derive(Serialize)]
struct SummaryRecord<'a> {
    format_version: u32,
    #[serde(flatten)]
    summary: &'a Summary,
    input_errors: usize,
    files_below_required: usize,
    strict: bool,
    passed: bool,
    /// The revisions messages were judged at, oldest first.
    revisions: Vec<&'static str>,
}

impl Sink for JsonLines {
    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        for f in message.findings {
            self.write(&Record {
                format_version: FORMAT_VERSION,
                file: &f.file,
                line: f.line,
                span: f.span.map(|p| Span {
                    line: p.line,
                    column: p.column,
                }),
                severity: f.severity,
                direction: f.direction,
                direction_inferred: f.direction_inferred,
                origin: f.origin,
                revision: f.revision,
                revisions: &f.revisions,
                kind: f.kind,
                method: f.method.as_deref(),
                id: f.id.as_ref(),
                batch_index: f.batch_index,
                definition: f.definition.as_deref(),
                pointer: &f.pointer,
                schema_pointer: f.schema_pointer.as_deref(),
                keyword: &f.keyword,
                message: &f.message,
                fails: f.fails,
                exchange: f.http.as_ref().map(|h| h.exchange),
                entry: f.http.as_ref().and_then(|h| h.entry),
                event: f.http.as_ref().and_then(|h| h.event),
                http: f.http.as_ref().map(|h| HttpRecord {
                    method: &h.method,
                    url: &h.url,
                    status: h.status,
                }),
            })?;
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        self.write(&FailureRecord {
            format_version: FORMAT_VERSION,
            file: &failure.file,
            line: None,
            severity: Severity::Error,
            kind: None,
            keyword: failure.keyword,
            message: &failure.message,
            fails: true,
        })
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        self.write(&SummaryRecord {
            format_version: FORMAT_VERSION,
            summary,
            input_errors: verdict.input_errors,
            files_below_required: verdict.failures,
            strict: verdict.strict,
            passed: verdict.passed(summary),
            revisions: verdict.revision_names(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

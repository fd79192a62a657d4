//! Where findings go: the [`Format`]s, and [`Outputs`], which collects
//! each message's findings, counts them, and hands them to every [`Sink`]
//! of the run (text, JSON Lines, conformance, SARIF, JUnit, GitHub
//! annotations; one file each, see `docs/cli.md`).
//!
//! `check`, `validate`, `tap` and `probe` report through the same calls:
//! [`Outputs::source`] (the message's bytes and where they start),
//! [`Outputs::finding`] per finding, [`Outputs::message_done`] per message,
//! [`Outputs::input_error`] for an input that cannot be read,
//! [`Outputs::file_start`]/[`Outputs::file_done`] around each file and
//! [`Outputs::finish`] at the end, which also gives the run's verdict
//! (`--strict`, `--require-messages`), so every format and the exit status
//! agree.

use std::io::{self, Write};

use serde_json::Value;

use super::{
    repeats::Held,
    sink::{FileFailure, Finding, HttpWhere, Message, Severity, Sink, Summary, Verdict},
};
use crate::{excerpt, report::Row, transcript::Position, Direction, MessageKind, Origin, Version};

/// An output format (the command line's `--format` / the `FORMAT` of
/// `--output FORMAT=FILE`; the names and their help: [`Format::CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `text`.
    Text,
    /// `json`.
    Json,
    /// `conformance`.
    Conformance,
    /// `sarif`.
    Sarif,
    /// `junit`.
    Junit,
    /// `github`.
    Github,
}

impl Format {
    /// Each format: its name, the format, and what it is.
    pub const CHOICES: &'static [(&'static str, Format, &'static str)] = &[
        (
            "text",
            Format::Text,
            "Human-readable findings with the offending bytes underlined",
        ),
        (
            "json",
            Format::Json,
            "JSON Lines: one object per finding, then one summary object (`format_version` 1)",
        ),
        (
            "conformance",
            Format::Conformance,
            "The MCP conformance harness's check objects (a JSON array)",
        ),
        (
            "sarif",
            Format::Sarif,
            "SARIF 2.1.0 (GitHub code scanning and most CI dashboards)",
        ),
        (
            "junit",
            Format::Junit,
            "JUnit XML: one test case per transcript file",
        ),
        (
            "github",
            Format::Github,
            "GitHub Actions workflow commands (`::error file=…,line=…::…`)",
        ),
    ];

    /// The format named `name`, in any case (`SARIF`).
    pub fn named(name: &str) -> Option<Format> {
        Format::CHOICES
            .iter()
            .find(|(n, _, _)| n.eq_ignore_ascii_case(name))
            .map(|&(_, f, _)| f)
    }

    /// The format's name (`sarif`).
    pub fn name(self) -> &'static str {
        Format::CHOICES
            .iter()
            .find(|(_, f, _)| *f == self)
            .map_or("text", |&(n, _, _)| n)
    }
}

/// One finding as the judging code reports it (borrowed; [`Outputs`]
/// turns it into a [`Finding`]).
#[derive(Clone, Copy, Debug)]
pub struct Out<'a> {
    /// The transcript (`-` is `<stdin>`), or the tap stream.
    pub file: &'a str,
    /// 1-based line of the message in its file.
    pub line: usize,
    /// `violation` or `warning`.
    pub severity: Severity,
    /// Which way the message went.
    pub direction: Option<Direction>,
    /// Whether the direction was inferred (a bare message).
    pub direction_inferred: bool,
    /// Who wrote it.
    pub origin: Origin,
    /// Revision the message was judged at.
    pub revision: Option<Version>,
    /// The JSON-RPC shape.
    pub kind: Option<MessageKind>,
    /// The method (for a response, its request's).
    pub method: Option<&'a str>,
    /// The message's `id`.
    pub id: Option<&'a Value>,
    /// Index inside a batch.
    pub batch_index: Option<usize>,
    /// The definition that failed.
    pub definition: Option<&'a str>,
    /// Instance pointer, relative to the message.
    pub pointer: &'a str,
    /// Pointer into the published schema file.
    pub schema_pointer: Option<&'a str>,
    /// The JSON Schema keyword; for warnings the warning class (a rule's
    /// id); `input`, `record`, `transcript` or `encoding` for unreadable
    /// text.
    pub keyword: &'a str,
    /// What is wrong.
    pub message: &'a str,
    /// The instance pointer relative to what `definition` judged (the
    /// harness's `instancePath`).
    pub definition_path: &'a str,
}

impl<'a> Out<'a> {
    /// This message's finding as `row` says it, shown as `severity`
    /// ([`Summary::count`]): its definition, pointers, keyword
    /// and message.
    pub fn with_row(self, severity: Severity, row: &Row<'a>) -> Out<'a> {
        Out {
            severity,
            definition: row.definition,
            pointer: row.pointer,
            schema_pointer: row.schema_pointer,
            keyword: row.keyword,
            message: row.message,
            definition_path: row.definition_path,
            ..self
        }
    }

    /// The warning for a request never answered (keyword `unanswered`, at
    /// `/id`), as `check`, `tap` and `proxy` all report it.
    pub fn unanswered(
        file: &'a str,
        line: usize,
        direction: Direction,
        revision: Option<Version>,
        method: &'a str,
        id: Option<&'a Value>,
        message: &'a str,
    ) -> Out<'a> {
        Out {
            file,
            line,
            severity: Severity::Warning,
            direction: Some(direction),
            direction_inferred: false,
            origin: Origin::Implementation,
            revision,
            kind: Some(MessageKind::Request),
            method: Some(method),
            id,
            batch_index: None,
            definition: None,
            pointer: "/id",
            schema_pointer: None,
            keyword: "unanswered",
            message,
            definition_path: "/id",
        }
    }
}

/// The text of an unanswered request's warning.
pub fn unanswered_message(method: &str, id: Option<&Value>, direction: Direction) -> String {
    let id = id.map_or_else(|| "?".to_string(), Value::to_string);
    format!(
        "request '{method}' (id {id}) sent by the {} was never answered",
        direction.sender()
    )
}

/// The message being reported: its original bytes and where they start.
#[derive(Debug, Default)]
struct Current {
    bytes: Vec<u8>,
    start: Position,
    known: bool,
}

/// Every output of the run, and the run's counts and verdict.
pub struct Outputs {
    sinks: Vec<Box<dyn Sink + Send>>,
    /// The verdict's inputs (`--strict`, `--require-messages`).
    pub verdict: Verdict,
    pending: Vec<Finding>,
    current: Current,
    file_messages: usize,
    file_start_messages: usize,
    /// Flush after every message (live `tap` reports).
    pub flush_each: bool,
    /// Where the findings being reported are in HTTP traffic.
    http: Option<HttpWhere>,
    /// The findings held until the end ([`Outputs::collapse_repeats`]).
    held: Option<Held>,
}

impl Outputs {
    /// Outputs to `sinks`, judged by `verdict`.
    pub fn new(sinks: Vec<Box<dyn Sink + Send>>, verdict: Verdict) -> Outputs {
        Outputs {
            sinks,
            verdict,
            pending: Vec::new(),
            current: Current::default(),
            file_messages: 0,
            file_start_messages: 0,
            flush_each: false,
            http: None,
            held: None,
        }
    }

    /// The bytes of the message about to be reported, and where they
    /// start in their file (for excerpts and columns); kept only until
    /// the message is done.
    pub fn source(&mut self, bytes: &[u8], start: Position) {
        self.current.bytes.clear();
        self.current.bytes.extend_from_slice(bytes);
        self.current.start = start;
        self.current.known = true;
    }

    /// [`Outputs::source`] for bytes the caller no longer needs: kept
    /// without a copy.
    pub fn source_owned(&mut self, bytes: Vec<u8>, start: Position) {
        self.current.bytes = bytes;
        self.current.start = start;
        self.current.known = true;
    }

    /// Where the next findings are in HTTP traffic (`None`: not HTTP).
    pub fn http_where(&mut self, at: Option<HttpWhere>) {
        self.http = at;
    }

    /// The revision a message was judged at (for schema references).
    pub fn revision(&mut self, v: Version) {
        self.verdict.revisions.insert(v);
    }

    /// One finding of the current message; `msg` is the parsed message,
    /// used for excerpts when its bytes are not known.
    pub fn finding(&mut self, f: &Out<'_>, msg: Option<&Value>) -> io::Result<()> {
        let fails = match f.severity {
            Severity::Violation | Severity::Error => true,
            Severity::Warning => self.verdict.strict,
            Severity::Expected => false,
        };
        let mut finding = Finding {
            file: f.file.to_string(),
            line: f.line,
            span: None,
            severity: f.severity,
            fails,
            direction: f.direction,
            direction_inferred: f.direction_inferred,
            origin: f.origin,
            revision: f.revision,
            revisions: Vec::new(),
            kind: f.kind,
            method: f.method.map(str::to_string),
            id: f.id.cloned(),
            batch_index: f.batch_index,
            definition: f.definition.map(str::to_string),
            pointer: f.pointer.to_string(),
            schema_pointer: f.schema_pointer.map(str::to_string),
            keyword: f.keyword.to_string(),
            message: f.message.to_string(),
            definition_path: f.definition_path.to_string(),
            excerpt: None,
            http: self.http.clone(),
        };
        if self.current.known {
            let start = self.current.start;
            if let Some(e) = excerpt::locate(&self.current.bytes, start, f.pointer) {
                finding.span = e.at;
                finding.excerpt = Some(e);
            } else if f.kind != Some(MessageKind::Unreadable) {
                finding.span = Some(start);
            }
        } else if let Some(e) = msg.and_then(|m| excerpt::from_value(m, f.pointer)) {
            finding.excerpt = Some(e);
        }
        self.pending.push(finding);
        Ok(())
    }

    /// The current message is done: its findings go to every sink (or,
    /// with [`Outputs::collapse_repeats`], are held until the end).
    pub fn message_done(&mut self) -> io::Result<()> {
        self.file_messages += 1;
        if !self.pending.is_empty() {
            let text = self.current.known.then_some(&self.current.bytes[..]);
            match &mut self.held {
                Some(held) => held.push(std::mem::take(&mut self.pending), text),
                None => send(&mut self.sinks, &self.pending, text)?,
            }
            self.pending.clear();
        }
        self.current.known = false;
        if self.current.bytes.capacity() > (1 << 20) {
            self.current.bytes = Vec::new();
        }
        if self.flush_each {
            self.flush()?;
        }
        Ok(())
    }

    /// Holds every finding until [`Outputs::finish`], and then shows a
    /// finding that repeats at several revisions once, with them
    /// ([`Finding::revisions`]): what a probe's outputs do, whose
    /// revisions' conversations repeat each other. For runs without file
    /// boundaries ([`Outputs::file_start`], [`Outputs::file_done`]).
    pub fn collapse_repeats(&mut self) {
        self.held.get_or_insert_with(Held::default);
    }

    /// Findings written outside a message (unanswered requests at the end
    /// of a file) go out now.
    pub fn flush_findings(&mut self) -> io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        if let Some(held) = &mut self.held {
            held.push(std::mem::take(&mut self.pending), None);
            return Ok(());
        }
        let message = Message {
            findings: &self.pending,
            text: None,
        };
        for s in &mut self.sinks {
            s.message(&message)?;
        }
        self.pending.clear();
        Ok(())
    }

    /// A file begins (`summary.messages` so far, to count its own).
    pub fn file_start(&mut self, file: &str, summary: &Summary) -> io::Result<()> {
        self.file_start_messages = summary.messages;
        self.file_messages = 0;
        for s in &mut self.sinks {
            s.file_start(file)?;
        }
        Ok(())
    }

    /// A file ended: checks `--require-messages` for it.
    pub fn file_done(&mut self, file: &str, summary: &mut Summary) -> io::Result<()> {
        self.flush_findings()?;
        let messages = summary.messages - self.file_start_messages;
        if let Some(want) = self.verdict.require_messages {
            if messages < want {
                self.verdict.failures += 1;
                let failure = FileFailure {
                    file: file.to_string(),
                    keyword: "require-messages",
                    message: format!(
                        "{messages} message{} read, --require-messages asks for at least {want}",
                        if messages == 1 { "" } else { "s" }
                    ),
                    unreadable: false,
                };
                for s in &mut self.sinks {
                    s.failure(&failure)?;
                }
            }
        }
        for s in &mut self.sinks {
            s.file_done(file, messages)?;
        }
        Ok(())
    }

    /// An input that cannot be read (a missing file, a read error): on
    /// standard error, in every output, and the run fails (exit 2).
    pub fn input_error(&mut self, file: &str, message: &str) -> io::Result<()> {
        eprintln!("mcpwire: error: {message}");
        self.flush_findings()?;
        self.verdict.input_errors += 1;
        let failure = FileFailure {
            file: file.to_string(),
            keyword: "input-error",
            message: message.to_string(),
            unreadable: true,
        };
        for s in &mut self.sinks {
            s.failure(&failure)?;
        }
        Ok(())
    }

    /// Flushes every output.
    pub fn flush(&mut self) -> io::Result<()> {
        for s in &mut self.sinks {
            s.flush()?;
        }
        Ok(())
    }

    /// Writes every output's summary or document, and flushes.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        self.flush_findings()?;
        if let Some(held) = self.held.take() {
            for (findings, text) in held.collapsed() {
                send(&mut self.sinks, &findings, text.as_deref())?;
            }
        }
        for s in &mut self.sinks {
            s.finish(summary, &self.verdict)?;
            s.flush()?;
        }
        Ok(())
    }
}

/// One message's findings to every sink: all of them to a sink that
/// shows expected violations, the others to the rest.
fn send(
    sinks: &mut [Box<dyn Sink + Send>],
    findings: &[Finding],
    text: Option<&[u8]>,
) -> io::Result<()> {
    let message = Message { findings, text };
    let expected = findings.iter().any(|f| f.severity == Severity::Expected);
    let unexpected: Vec<Finding> = if expected {
        findings
            .iter()
            .filter(|f| f.severity != Severity::Expected)
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    for s in sinks {
        if !expected || s.shows_expected() {
            s.message(&message)?;
        } else if !unexpected.is_empty() {
            s.message(&Message {
                findings: &unexpected,
                text,
            })?;
        }
    }
    Ok(())
}

/// A sink of `format` writing to `out` (`color`: escapes in text).
pub fn sink(format: Format, out: Box<dyn Write + Send>, color: bool) -> Box<dyn Sink + Send> {
    match format {
        Format::Text => Box::new(super::text::Text::new(out, color)),
        Format::Json => Box::new(super::jsonl::JsonLines::new(out)),
        Format::Conformance => Box::new(super::conformance::Conformance::new(out)),
        Format::Sarif => Box::new(super::sarif::Sarif::new(out)),
        Format::Junit => Box::new(super::junit::Junit::new(out)),
        Format::Github => Box::new(super::github::Github::new(out)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_by_name() {
        assert_eq!(Format::named("SARIF"), Some(Format::Sarif));
        assert_eq!(Format::named("xml"), None);
        for &(name, format, _) in Format::CHOICES {
            assert_eq!(format.name(), name);
        }
    }
}

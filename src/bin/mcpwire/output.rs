//! Findings and how they are written: `text` (for people), `json` (one
//! object per finding, then a summary object) and `conformance` (the MCP
//! conformance harness's `wire-schema-*` check objects).

use std::{
    collections::BTreeSet,
    io::{self, Write},
    time::{SystemTime, UNIX_EPOCH},
};

use mcpwire::{Direction, MessageKind, Origin, Version};
use serde::Serialize;
use serde_json::Value;

use crate::{excerpt, style::Style};

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Human-readable findings with the offending value in context.
    Text,
    /// JSON Lines: one object per finding, then one summary object.
    Json,
    /// The MCP conformance harness's check objects (a JSON array).
    Conformance,
}

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The message breaks the schema (or is not a readable message).
    Violation,
    /// Worth knowing; fails the run only with `--strict`.
    Warning,
}

/// One finding, as written by `--format json` (field order is the
/// documented one).
#[derive(Debug, Serialize)]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch_index: Option<usize>,
    /// The definition that failed.
    pub definition: Option<&'a str>,
    /// Instance pointer, relative to the message.
    pub pointer: &'a str,
    /// Pointer into the published schema file.
    pub schema_pointer: Option<&'a str>,
    /// The JSON Schema keyword; for warnings the warning class; `input`,
    /// `record` or `transcript` for unreadable text.
    pub keyword: &'a str,
    /// What is wrong.
    pub message: &'a str,
    /// The instance pointer relative to what `definition` judged (the
    /// harness's `instancePath`).
    #[serde(skip)]
    pub definition_path: &'a str,
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
    /// Lines not validated because the validator fell behind (`tap`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped: Option<usize>,
}

/// One message's violations, as the harness records them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Detail {
    origin: Origin,
    spec_version: String,
    context: String,
    errors: Vec<String>,
    message: Value,
    #[serde(skip)]
    key: (String, usize),
    #[serde(skip)]
    more: usize,
}

/// The harness keeps this many errors per message.
const MAX_ERRORS: usize = 6;
/// Violating messages kept in full for the conformance report.
const MAX_DETAILS: usize = 200;
/// Messages larger than this are replaced by a note in the report.
const MAX_DETAIL_MESSAGE: usize = 64 * 1024;

#[derive(Debug, Default)]
struct Conformance {
    implementation: Vec<Detail>,
    harness: Vec<Detail>,
    omitted_implementation: usize,
    omitted_harness: usize,
    revisions: BTreeSet<Version>,
}

/// Where findings go, in one format.
pub struct Sink<W: Write> {
    format: Format,
    out: W,
    style: Style,
    conformance: Conformance,
    /// Flush after every message (live `tap` reports).
    pub flush_each: bool,
}

impl<W: Write> Sink<W> {
    /// A sink writing `format` to `out`.
    pub fn new(format: Format, out: W, style: Style) -> Sink<W> {
        Sink {
            format,
            out,
            style,
            conformance: Conformance::default(),
            flush_each: false,
        }
    }

    /// The revision a message was judged at (for `specReferences`).
    pub fn revision(&mut self, v: Version) {
        self.conformance.revisions.insert(v);
    }

    /// Writes one finding; `msg` is the message it is about, when readable.
    pub fn finding(&mut self, f: &Out<'_>, msg: Option<&Value>) -> io::Result<()> {
        match self.format {
            Format::Json => {
                serde_json::to_writer(&mut self.out, f)?;
                self.out.write_all(b"\n")
            }
            Format::Text => self.text(f, msg),
            Format::Conformance => {
                self.record(f, msg);
                Ok(())
            }
        }
    }

    /// Flushes the writer.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Call after each message.
    pub fn message_done(&mut self) -> io::Result<()> {
        if self.flush_each {
            self.out.flush()?;
        }
        Ok(())
    }

    fn text(&mut self, f: &Out<'_>, msg: Option<&Value>) -> io::Result<()> {
        let s = self.style;
        let label = match f.severity {
            Severity::Violation => s.error(&format!("violation[{}]", f.keyword)),
            Severity::Warning => s.warning(&format!("warning[{}]", f.keyword)),
        };
        let at = if f.pointer.is_empty() && f.kind.is_some_and(|k| k != MessageKind::Unreadable) {
            "(message)".to_string()
        } else {
            f.pointer.to_string()
        };
        if at.is_empty() {
            writeln!(self.out, "{label}: {}", s.bold(f.message))?;
        } else {
            writeln!(self.out, "{label}: {}: {}", at, s.bold(f.message))?;
        }
        let mut place = vec![format!("{}:{}", f.file, f.line)];
        if let Some(d) = f.direction {
            place.push(format!(
                "{}{}",
                d.as_str(),
                if f.direction_inferred {
                    " (inferred)"
                } else {
                    ""
                }
            ));
        }
        if f.origin == Origin::Harness {
            place.push("harness".into());
        }
        if let Some(what) = describe(f) {
            place.push(what);
        }
        if let Some(v) = f.revision {
            place.push(v.to_string());
        }
        writeln!(
            self.out,
            "  {} {}",
            s.dim("-->"),
            s.location(&place.join(" · "))
        )?;
        let mut detail = Vec::new();
        if let Some(d) = f.definition {
            detail.push(format!("definition {d}"));
        }
        if let Some(p) = f.schema_pointer.filter(|p| !p.is_empty()) {
            detail.push(format!("schema {p}"));
        }
        if !detail.is_empty() {
            writeln!(self.out, "   {} {}", s.dim("="), detail.join(" · "))?;
        }
        if let Some(e) = msg.and_then(|m| excerpt::excerpt(m, f.pointer)) {
            let at = if e.at.is_empty() {
                "(message)".to_string()
            } else {
                e.at.clone()
            };
            let prefix = format!("{at}: ");
            let pad = prefix.chars().count();
            let (before, rest) = split_chars(&e.text, e.start);
            let (mid, after) = split_chars(rest, e.len);
            writeln!(
                self.out,
                "   {} {}{}{}{}",
                s.dim("|"),
                s.dim(&prefix),
                before,
                s.highlight(mid),
                after
            )?;
            writeln!(
                self.out,
                "   {} {}{}",
                s.dim("|"),
                " ".repeat(pad + e.start),
                s.highlight(&"^".repeat(e.len.max(1)))
            )?;
        }
        writeln!(self.out)
    }

    fn record(&mut self, f: &Out<'_>, msg: Option<&Value>) {
        if f.severity != Severity::Violation {
            return;
        }
        let c = &mut self.conformance;
        let (list, omitted) = match f.origin {
            Origin::Implementation => (&mut c.implementation, &mut c.omitted_implementation),
            Origin::Harness => (&mut c.harness, &mut c.omitted_harness),
        };
        let definition = f.definition.unwrap_or("JSONRPCMessage");
        let batch = f.batch_index.map(|i| format!("[{i}] ")).unwrap_or_default();
        let mut error = format!("{batch}{definition}{}: {}", f.definition_path, f.message);
        if f.kind == Some(MessageKind::Result) && f.definition_path != f.pointer {
            if let Some(m) = f.method {
                error.push_str(&format!(" (result of '{m}')"));
            }
        }
        let key = (f.file.to_string(), f.line);
        if let Some(last) = list.last_mut().filter(|d| d.key == key) {
            if last.errors.len() < MAX_ERRORS {
                last.errors.push(error);
            } else {
                last.more += 1;
            }
            return;
        }
        if list.len() >= MAX_DETAILS {
            *omitted += 1;
            return;
        }
        let message = match msg {
            Some(m) => {
                let size = serde_json::to_vec(m).map_or(usize::MAX, |v| v.len());
                if size <= MAX_DETAIL_MESSAGE {
                    canonical(m)
                } else {
                    Value::String(format!("<message of {size} bytes omitted>"))
                }
            }
            None => Value::Null,
        };
        let mut context = format!("{}:{}", f.file, f.line);
        if let Some(d) = f.direction {
            context.push(' ');
            context.push_str(d.as_str());
        }
        if let Some(what) = describe(f) {
            context.push(' ');
            context.push_str(&what);
        }
        list.push(Detail {
            origin: f.origin,
            spec_version: f
                .revision
                .map_or_else(|| "unknown".into(), |v| v.to_string()),
            context,
            errors: vec![error],
            message,
            key,
            more: 0,
        });
    }

    /// Writes the summary (text, json) or the check objects (conformance),
    /// and flushes.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        match self.format {
            Format::Json => {
                serde_json::to_writer(&mut self.out, summary)?;
                self.out.write_all(b"\n")?;
            }
            Format::Text => {
                let s = self.style;
                let plural = |n: usize, one: &str, many: &str| {
                    format!("{n} {}", if n == 1 { one } else { many })
                };
                let mut parts = vec![
                    plural(summary.files, "file", "files"),
                    plural(summary.messages, "message", "messages"),
                    format!("{} valid", summary.valid),
                ];
                let v = plural(summary.violations, "violation", "violations");
                parts.push(if summary.violations > 0 {
                    s.error(&v)
                } else {
                    s.good(&v)
                });
                let w = plural(summary.warnings, "warning", "warnings");
                parts.push(if summary.warnings > 0 {
                    s.warning(&w)
                } else {
                    w
                });
                if let Some(d) = summary.dropped {
                    parts.push(format!("{d} dropped"));
                }
                writeln!(self.out, "{} {}", s.bold("summary:"), parts.join(", "))?;
            }
            Format::Conformance => {
                let checks = self.checks(summary);
                serde_json::to_writer_pretty(&mut self.out, &checks)?;
                self.out.write_all(b"\n")?;
            }
        }
        self.out.flush()
    }

    /// The harness's `wireSchemaChecks` for what was seen.
    fn checks(&mut self, summary: &Summary) -> Vec<Check<'static>> {
        let c = &mut self.conformance;
        let timestamp = timestamp();
        let refs: Vec<SpecRef> = c
            .revisions
            .iter()
            .map(|v| SpecRef {
                id: "MCP-Schema",
                url: format!(
                    "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/{}/schema.json",
                    v.as_str()
                ),
            })
            .collect();
        for d in c.implementation.iter_mut().chain(c.harness.iter_mut()) {
            if d.more > 0 {
                d.errors.push(format!("... {} more error(s)", d.more));
                d.more = 0;
            }
        }
        let format_all = |list: &[Detail], omitted: usize| {
            let mut lines: Vec<String> = list.iter().map(format_violation).collect();
            if omitted > 0 {
                lines.push(format!("... {omitted} more violating message(s) not shown"));
            }
            lines.join("\n")
        };
        let omitted = |n: usize| (n > 0).then_some(n);
        let failed = !c.implementation.is_empty();
        let mut checks = vec![Check {
            id: "wire-schema-valid",
            name: "WireSchemaValid",
            description: "Every JSON-RPC message the implementation sent is valid per the spec JSON schema for the negotiated spec version",
            status: if failed { "FAILURE" } else { "SUCCESS" },
            timestamp: timestamp.clone(),
            spec_references: refs.clone(),
            error_message: failed
                .then(|| format_all(&c.implementation, c.omitted_implementation)),
            details: Details {
                messages_validated: Some(summary.messages),
                violations: std::mem::take(&mut c.implementation),
                violations_omitted: omitted(c.omitted_implementation),
            },
        }];
        if !c.harness.is_empty() {
            checks.push(Check {
                id: "wire-schema-harness-error",
                name: "WireSchemaHarnessError",
                description: "HARNESS ERROR: the conformance harness itself sent a JSON-RPC message the spec JSON schema forbids. This is a bug in the harness or a scenario fixture, not in the implementation under test.",
                status: "FAILURE",
                timestamp,
                spec_references: refs,
                error_message: Some(format!(
                    "HARNESS ERROR: {}",
                    format_all(&c.harness, c.omitted_harness)
                )),
                details: Details {
                    messages_validated: None,
                    violations: std::mem::take(&mut c.harness),
                    violations_omitted: omitted(c.omitted_harness),
                },
            });
        }
        checks
    }
}

/// One check object, fields in the harness's order.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Check<'a> {
    id: &'a str,
    name: &'a str,
    description: &'a str,
    status: &'a str,
    timestamp: String,
    spec_references: Vec<SpecRef>,
    details: Details,
    #[serde(skip_serializing_if = "Option::is_none")]
    error_message: Option<String>,
}

/// `specReferences` entry.
#[derive(Clone, Debug, Serialize)]
struct SpecRef {
    id: &'static str,
    url: String,
}

/// `details`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Details {
    #[serde(skip_serializing_if = "Option::is_none")]
    messages_validated: Option<usize>,
    violations: Vec<Detail>,
    #[serde(skip_serializing_if = "Option::is_none")]
    violations_omitted: Option<usize>,
}

/// The harness's `formatWireViolation`.
fn format_violation(d: &Detail) -> String {
    format!(
        "[{}] {} (spec {}): {} — message: {}",
        d.origin.as_str(),
        d.context,
        d.spec_version,
        d.errors.join("; "),
        d.message
    )
}

/// `v` with object members sorted by key at every level, so reports do not
/// depend on serde_json's `preserve_order` feature.
fn canonical(v: &Value) -> Value {
    match v {
        Value::Object(map) => {
            let mut members: Vec<_> = map.iter().collect();
            members.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(
                members
                    .into_iter()
                    .map(|(k, v)| (k.clone(), canonical(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// `request 'tools/call' (id 3)`, `result of 'tools/call'`.
fn describe(f: &Out<'_>) -> Option<String> {
    let kind = f.kind?;
    let method = f.method.map(|m| format!(" '{m}'")).unwrap_or_default();
    let id = f.id.map(|i| format!(" (id {i})")).unwrap_or_default();
    let batch = f
        .batch_index
        .map(|i| format!(" [batch element {i}]"))
        .unwrap_or_default();
    let text = match kind {
        MessageKind::Request => format!("request{method}{id}"),
        MessageKind::Notification => format!("notification{method}"),
        MessageKind::Result => format!("result{}{id}", of(f.method)),
        MessageKind::Error => format!("error{}{id}", of(f.method)),
        MessageKind::Unknown => "not a JSON-RPC message".to_string(),
        MessageKind::Unreadable => return None,
    };
    Some(text + &batch)
}

fn of(method: Option<&str>) -> String {
    method.map(|m| format!(" of '{m}'")).unwrap_or_default()
}

fn split_chars(s: &str, n: usize) -> (&str, &str) {
    let at = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    s.split_at(at)
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
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_from_source_date_epoch() {
        // Not set in the test environment by default; test the arithmetic
        // through a known instant instead.
        std::env::set_var("SOURCE_DATE_EPOCH", "1700000000");
        assert_eq!(timestamp(), "2023-11-14T22:13:20.000Z");
        std::env::set_var("SOURCE_DATE_EPOCH", "951782400");
        assert_eq!(timestamp(), "2000-02-29T00:00:00.000Z");
        std::env::remove_var("SOURCE_DATE_EPOCH");
    }
}

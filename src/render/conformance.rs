//! `--format conformance`: the check objects the MCP conformance harness's
//! `wireSchemaChecks` (`src/validation/wire-schema.ts`) emits, with its
//! `ConformanceCheck` fields (`src/types.ts`) in its order, so tools that
//! read the harness's `checks.json` read this too. The whole run is one
//! scenario (one recorder).
//!
//! Parity with the harness, and where mcpwire differs (docs/cli.md):
//! - no message read and nothing failed → `[]` (the harness emits no
//!   check without traffic);
//! - `wire-schema-valid` FAILURE on implementation violations — and also on
//!   an unreadable input, a file below `--require-messages`, or (with
//!   `--strict`) implementation warnings, so CI never records a SUCCESS
//!   the exit status contradicts; the reasons are in `details.inputErrors`
//!   and `errorMessage`;
//! - `wire-schema-harness-error` only for harness-origin violations;
//! - `message` is the message as written (members in their order, whitespace
//!   removed), like the harness's `JSON.stringify` of what it parsed;
//! - `specVersion` is a harness `SpecVersion` (`draft` is written as
//!   `2026-07-28`, its wire version); `2024-11-05`, which the harness does
//!   not know, is written as itself; the schema URL uses the harness's
//!   directory (`schema/draft/schema.json` for 2026-07-28 and draft);
//! - ` (result of '<method>')` follows every error of a result whose request
//!   is known, the `... N more error(s)` line included.

use std::{
    collections::BTreeSet,
    io::{self, Write},
};

use crate::{
    input::{Byte, Quotes},
    MessageKind, Origin, Version,
};
use serde::Serialize;
use serde_json::{value::RawValue, Value};

use super::{
    sink::{describe, timestamp, Severity, Summary},
    sink::{FileFailure, Finding, Message, Sink, Verdict},
};

/// The harness keeps this many errors per message.
const MAX_ERRORS: usize = 6;
/// Violating messages kept in full.
const MAX_DETAILS: usize = 200;
/// Messages larger than this are replaced by a note.
const MAX_DETAIL_MESSAGE: usize = 64 * 1024;

/// One message's violations, as the harness records them.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Detail {
    origin: Origin,
    spec_version: &'static str,
    context: String,
    errors: Vec<String>,
    message: MessageText,
}

/// The message as written, or a note, or `null`.
#[derive(Debug)]
enum MessageText {
    Raw(Box<RawValue>),
    Note(String),
    Null,
}

impl Serialize for MessageText {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            MessageText::Raw(r) => r.serialize(s),
            MessageText::Note(n) => n.serialize(s),
            MessageText::Null => s.serialize_unit(),
        }
    }
}

impl std::fmt::Display for MessageText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageText::Raw(r) => f.write_str(r.get()),
            MessageText::Note(n) => write!(f, "{}", Value::String(n.clone())),
            MessageText::Null => f.write_str("null"),
        }
    }
}

/// The conformance format.
pub struct Conformance {
    out: Box<dyn Write + Send>,
    implementation: Vec<Detail>,
    harness: Vec<Detail>,
    omitted_implementation: usize,
    omitted_harness: usize,
    revisions: BTreeSet<Version>,
    failures: Vec<String>,
}

impl Conformance {
    /// Conformance checks to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Conformance {
        Conformance {
            out,
            implementation: Vec::new(),
            harness: Vec::new(),
            omitted_implementation: 0,
            omitted_harness: 0,
            revisions: BTreeSet::new(),
            failures: Vec::new(),
        }
    }
}

/// The harness's `SpecVersion` for a revision.
pub fn spec_version(v: Version) -> &'static str {
    match v {
        Version::Draft => "2026-07-28",
        other => other.as_str(),
    }
}

/// The harness's schema directory for a revision (`schemaDirFor`).
pub fn schema_dir(v: Version) -> &'static str {
    match v {
        Version::V2026_07_28 | Version::Draft => "draft",
        other => other.as_str(),
    }
}

/// One error string: `[i] <Definition><instancePath>: <message>`.
fn error_text(f: &Finding) -> String {
    let batch = f.batch_index.map(|i| format!("[{i}] ")).unwrap_or_default();
    let definition = f.definition.as_deref().unwrap_or("JSONRPCMessage");
    let mut text = format!("{batch}{definition}{}: {}", f.definition_path, f.message);
    if f.severity == Severity::Warning {
        text.push_str(&format!(" [warning {}, failing with --strict]", f.keyword));
    }
    text
}

/// The message text without whitespace between tokens.
fn compact(text: &[u8]) -> String {
    let mut out = Vec::with_capacity(text.len());
    let mut quotes = Quotes::new();
    for &b in text {
        if quotes.step(b) != Byte::Outside || !b.is_ascii_whitespace() {
            out.push(b);
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn message_text(first: &Finding, text: Option<&[u8]>) -> MessageText {
    if first.kind == Some(MessageKind::Unreadable) {
        return MessageText::Null;
    }
    let Some(text) = text else {
        return MessageText::Null;
    };
    if text.len() > MAX_DETAIL_MESSAGE {
        return MessageText::Note(format!("<message of {} bytes omitted>", text.len()));
    }
    RawValue::from_string(compact(text)).map_or(MessageText::Null, MessageText::Raw)
}

impl Sink for Conformance {
    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        for origin in [Origin::Implementation, Origin::Harness] {
            let failing: Vec<&Finding> = message
                .findings
                .iter()
                .filter(|f| {
                    f.origin == origin
                        && (f.severity == Severity::Violation
                            || (f.severity == Severity::Warning && f.fails))
                })
                .collect();
            let Some(first) = failing.first() else {
                continue;
            };
            if let Some(v) = first.revision {
                self.revisions.insert(v);
            }
            let (list, omitted) = match origin {
                Origin::Implementation => {
                    (&mut self.implementation, &mut self.omitted_implementation)
                }
                Origin::Harness => (&mut self.harness, &mut self.omitted_harness),
            };
            if list.len() >= MAX_DETAILS {
                *omitted += 1;
                continue;
            }
            let mut errors: Vec<String> = failing
                .iter()
                .take(MAX_ERRORS)
                .map(|f| error_text(f))
                .collect();
            if failing.len() > MAX_ERRORS {
                errors.push(format!("... {} more error(s)", failing.len() - MAX_ERRORS));
            }
            if first.kind == Some(MessageKind::Result) {
                if let Some(m) = &first.method {
                    for e in &mut errors {
                        e.push_str(&format!(" (result of '{m}')"));
                    }
                }
            }
            let mut context = format!("{}:{}", first.file, first.line);
            if let Some(d) = first.direction {
                context.push(' ');
                context.push_str(d.as_str());
            }
            if let Some(what) = describe(first) {
                context.push(' ');
                context.push_str(&what);
            }
            context.push_str(&first.at_revisions());
            list.push(Detail {
                origin,
                spec_version: first.revision.map_or("unknown", spec_version),
                context,
                errors,
                message: message_text(first, message.text),
            });
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        self.failures.push(format!(
            "INPUT ERROR: {}: {}",
            failure.file, failure.message
        ));
        Ok(())
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        let checks = self.checks(summary, verdict);
        serde_json::to_writer_pretty(&mut self.out, &checks)?;
        self.out.write_all(b"\n")
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Conformance {
    /// The harness's `wireSchemaChecks` for what was seen.
    fn checks(&mut self, summary: &Summary, verdict: &Verdict) -> Vec<Check> {
        let nothing_failed =
            self.implementation.is_empty() && self.harness.is_empty() && self.failures.is_empty();
        if summary.messages == 0 && nothing_failed {
            return Vec::new();
        }
        let timestamp = timestamp();
        let mut revisions = self.revisions.clone();
        revisions.extend(verdict.revisions.iter().copied());
        let mut urls: Vec<String> = revisions
            .iter()
            .map(|v| {
                format!(
                    "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/{}/schema.json",
                    schema_dir(*v)
                )
            })
            .collect();
        urls.dedup();
        let refs: Vec<SpecRef> = urls
            .into_iter()
            .map(|url| SpecRef {
                id: "MCP-Schema",
                url,
            })
            .collect();
        let format_all = |list: &[Detail], omitted: usize| {
            let mut lines: Vec<String> = list.iter().map(format_violation).collect();
            if omitted > 0 {
                lines.push(format!("... {omitted} more violating message(s) not shown"));
            }
            lines.join("\n")
        };
        let failed = !self.implementation.is_empty() || !self.failures.is_empty();
        let mut error_message = Vec::new();
        if !self.implementation.is_empty() {
            error_message.push(format_all(
                &self.implementation,
                self.omitted_implementation,
            ));
        }
        error_message.extend(self.failures.iter().cloned());
        let mut checks = vec![Check {
            id: "wire-schema-valid",
            name: "WireSchemaValid",
            description: "Every JSON-RPC message the implementation sent is valid per the spec JSON schema for the negotiated spec version",
            status: if failed { "FAILURE" } else { "SUCCESS" },
            timestamp: timestamp.clone(),
            spec_references: refs.clone(),
            details: Details {
                messages_validated: Some(summary.messages),
                violations: std::mem::take(&mut self.implementation),
                violations_omitted: (self.omitted_implementation > 0)
                    .then_some(self.omitted_implementation),
                input_errors: (!self.failures.is_empty()).then(|| self.failures.clone()),
            },
            error_message: failed.then(|| error_message.join("\n")),
        }];
        if !self.harness.is_empty() {
            let text = format_all(&self.harness, self.omitted_harness);
            checks.push(Check {
                id: "wire-schema-harness-error",
                name: "WireSchemaHarnessError",
                description: "HARNESS ERROR: the conformance harness itself sent a JSON-RPC message the spec JSON schema forbids. This is a bug in the harness or a scenario fixture, not in the implementation under test.",
                status: "FAILURE",
                timestamp,
                spec_references: refs,
                details: Details {
                    messages_validated: None,
                    violations: std::mem::take(&mut self.harness),
                    violations_omitted: (self.omitted_harness > 0).then_some(self.omitted_harness),
                    input_errors: None,
                },
                error_message: Some(format!("HARNESS ERROR: {text}")),
            });
        }
        checks
    }
}

/// One check object, fields in the harness's order.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Check {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    status: &'static str,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    input_errors: Option<Vec<String>>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compacting_keeps_strings_and_order() {
        assert_eq!(
            compact(b"{\n  \"b\": \"a b\\\" c\",\n  \"a\": [1, 2]\n}"),
            r#"{"b":"a b\" c","a":[1,2]}"#
        );
    }

    #[test]
    fn harness_versions_and_directories() {
        assert_eq!(spec_version(Version::Draft), "2026-07-28");
        assert_eq!(schema_dir(Version::V2026_07_28), "draft");
        assert_eq!(schema_dir(Version::V2025_11_25), "2025-11-25");
        assert_eq!(spec_version(Version::V2024_11_05), "2024-11-05");
    }
}

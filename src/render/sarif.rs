//! `--format sarif`: one SARIF 2.1.0 log (what GitHub code scanning and
//! most CI dashboards ingest), validated against the OASIS schema in
//! `tests/cli_formats.rs`.
//!
//! One run of tool `mcpwire`; a rule per finding class: `schema/<keyword>`
//! for schema violations (`schema/type`, `schema/required`), the rule id
//! for protocol rules and the probe's own (`probe-*`), `warning/<class>`
//! for other warnings,
//! `input/<class>` for unreadable text and `run/input-error`,
//! `run/require-messages` for files that fail as a whole. Levels: `error`
//! for what fails the run (a warning with `--strict` too), `warning`
//! otherwise. Locations: the file (a relative path as given), the
//! offending value's line and column (`columnKind` unicodeCodePoints), the
//! file line as the region's snippet. An input that cannot be read is
//! also a `toolExecutionNotifications` entry and makes
//! `executionSuccessful` false.

use std::{
    collections::BTreeMap,
    io::{self, Write},
};

use serde_json::{json, Value};

use super::{
    sink::{FileFailure, Finding, HttpWhere, Message, Sink, Verdict},
    sink::{Severity, Summary},
};

/// The SARIF format.
pub struct Sarif {
    out: Box<dyn Write + Send>,
    results: Vec<Value>,
    rules: BTreeMap<String, String>,
    notifications: Vec<Value>,
}

impl Sarif {
    /// SARIF to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Sarif {
        Sarif {
            out,
            results: Vec::new(),
            rules: BTreeMap::new(),
            notifications: Vec::new(),
        }
    }

    fn rule(&mut self, id: String, description: &str) -> String {
        self.rules
            .entry(id.clone())
            .or_insert_with(|| description.to_string());
        id
    }
}

/// A path as a SARIF URI: forward slashes, spaces and `%` escaped.
fn uri(file: &str) -> String {
    file.replace('\\', "/")
        .replace('%', "%25")
        .replace(' ', "%20")
}

fn rule_of(f: &Finding) -> (String, &'static str) {
    match f.severity {
        _ if f.keyword.starts_with("probe-") => (
            f.keyword.clone(),
            "A rule of the probe's own exchange with the server (docs/probe.md)",
        ),
        Severity::Violation if f.kind == Some(crate::MessageKind::Unreadable) => (
            format!("input/{}", f.keyword),
            "Text in the transcript is not a readable message",
        ),
        Severity::Violation => (
            format!("schema/{}", f.keyword),
            "A message breaks its revision's JSON schema",
        ),
        _ if f.keyword.contains('.') => (
            f.keyword.clone(),
            "A protocol rule the schema does not state (docs/rules.md)",
        ),
        _ => (
            format!("warning/{}", f.keyword),
            "A message worth a second look (fails only with --strict)",
        ),
    }
}

/// An HTTP finding's logical location: the HAR entry (or, live, the
/// exchange) and the event in its stream, named as a path into the
/// capture (`log.entries[3].events[1]`).
fn logical(h: &HttpWhere) -> Value {
    let mut name = match h.entry {
        Some(e) => format!("log.entries[{e}]"),
        None => format!("exchanges[{}]", h.exchange),
    };
    if let Some(e) = h.event {
        name.push_str(&format!(".events[{e}]"));
    }
    json!([{
        "name": name.rsplit('.').next().unwrap_or(&name),
        "fullyQualifiedName": name,
        "kind": "element",
    }])
}

impl Sink for Sarif {
    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        for f in message.findings {
            let (id, description) = rule_of(f);
            let rule = self.rule(id, description);
            let mut region = json!({ "startLine": f.span_line() });
            if let Some(p) = f.span {
                region["startColumn"] = json!(p.column);
            }
            if let Some(e) = &f.excerpt {
                region["snippet"] = json!({ "text": e.text });
            }
            let mut text = f.message.clone();
            if !f.pointer.is_empty() {
                text = format!("{}: {text}", f.pointer);
            }
            if let Some(d) = &f.definition {
                text.push_str(&format!(" (definition {d})"));
            }
            let mut properties = json!({
                "origin": f.origin.as_str(),
                "pointer": f.pointer,
            });
            if let Some(v) = f.revision {
                properties["revision"] = json!(v.as_str());
            }
            if !f.revisions.is_empty() {
                properties["revisions"] = json!(f.revisions);
            }
            if let Some(d) = f.direction {
                properties["direction"] = json!(d.as_str());
            }
            if let Some(m) = &f.method {
                properties["method"] = json!(m);
            }
            if let Some(s) = &f.schema_pointer {
                properties["schemaPointer"] = json!(s);
            }
            let mut location = json!({
                "physicalLocation": {
                    "artifactLocation": { "uri": uri(&f.file) },
                    "region": region,
                }
            });
            if let Some(h) = &f.http {
                location["logicalLocations"] = logical(h);
                properties["exchange"] = json!(h.exchange);
                if let Some(e) = h.entry {
                    properties["entry"] = json!(e);
                }
                if let Some(e) = h.event {
                    properties["event"] = json!(e);
                }
                properties["http"] = json!({
                    "method": h.method, "url": h.url, "status": h.status,
                });
            }
            self.results.push(json!({
                "ruleId": rule,
                "level": if f.fails { "error" } else { "warning" },
                "message": { "text": text },
                "locations": [location],
                "properties": properties,
            }));
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        let rule = self.rule(
            format!("run/{}", failure.keyword),
            "The input could not be judged as a whole",
        );
        let location = json!([{
            "physicalLocation": { "artifactLocation": { "uri": uri(&failure.file) } }
        }]);
        self.results.push(json!({
            "ruleId": rule,
            "level": "error",
            "message": { "text": failure.message },
            "locations": location,
        }));
        if failure.unreadable {
            self.notifications.push(json!({
                "level": "error",
                "message": { "text": failure.message },
                "locations": location,
            }));
        }
        Ok(())
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        let rules: Vec<Value> = self
            .rules
            .iter()
            .map(|(id, text)| {
                json!({
                    "id": id,
                    "name": id.replace(['/', '.', '-'], "_"),
                    "shortDescription": { "text": text },
                    "helpUri": "https://github.com/modelcontextprotocol/modelcontextprotocol/tree/main/schema",
                })
            })
            .collect();
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": { "driver": {
                    "name": "mcpwire",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://modelcontextprotocol.io",
                    "rules": rules,
                }},
                "invocations": [{
                    "executionSuccessful": verdict.input_errors == 0,
                    "toolExecutionNotifications": self.notifications,
                    "properties": {
                        "files": summary.files,
                        "messages": summary.messages,
                        "valid": summary.valid,
                        "violations": summary.violations,
                        "warnings": summary.warnings,
                        "strict": verdict.strict,
                        "passed": verdict.passed(summary),
                    },
                }],
                "columnKind": "unicodeCodePoints",
                "results": self.results,
            }],
        });
        serde_json::to_writer_pretty(&mut self.out, &log)?;
        self.out.write_all(b"\n")
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

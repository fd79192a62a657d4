//! A report's findings as one flat list ([`Report::rows`]): what every
//! output shows of a finding — the CLI's formats, the Python package's
//! findings — decided once: its level, its keyword (the JSON Schema
//! keyword, the rule's id, the warning's kind, `input`), its pointers and
//! its message. An HTTP finding gives the same row
//! ([`crate::http::HttpFinding::row`]).

use super::{Finding, Report, Warning};
use crate::{Rule, Severity};

/// How bad a finding is, as outputs show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The message breaks the schema, is not readable, or breaks a rule
    /// of severity error (a spec MUST).
    Violation,
    /// Worth knowing; not failing unless asked (`--strict`).
    Warning,
    /// A violation the record declared it expects: shown, never failing.
    Expected,
}

/// One finding of a report.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// How bad it is.
    pub level: Level,
    /// The JSON Schema keyword of a violation; a rule's id; a warning's
    /// kind ([`super::WarningKind::name`]); `input` for unreadable text.
    pub keyword: &'a str,
    /// The protocol rule broken, for a rule warning (an HTTP rule's id is
    /// in `keyword`).
    pub rule: Option<&'static Rule>,
    /// The definition whose check found it (for a warning: the most
    /// specific definition checked, when any).
    pub definition: Option<&'static str>,
    /// Where in the message (an RFC 6901 pointer).
    pub pointer: &'a str,
    /// The same, relative to what `definition` judged (the harness's
    /// `instancePath`, [`Report::path_in_target`]).
    pub definition_path: &'a str,
    /// Where in the published schema file, for a violation.
    pub schema_pointer: Option<&'static str>,
    /// What is wrong.
    pub message: &'a str,
}

impl Report {
    /// Every finding, in the order outputs list them: unreadable input,
    /// violations, expected violations, warnings.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        let input = self.input_error.as_deref().map(|message| Row {
            level: Level::Violation,
            keyword: "input",
            rule: None,
            definition: None,
            pointer: "",
            definition_path: "",
            schema_pointer: None,
            message,
        });
        let violations = self
            .violations
            .iter()
            .map(|f| self.violation(f, Level::Violation));
        let expected = self
            .expected
            .iter()
            .map(|f| self.violation(f, Level::Expected));
        let warnings = self.warnings.iter().map(|w| self.warning(w));
        input
            .into_iter()
            .chain(violations)
            .chain(expected)
            .chain(warnings)
    }

    fn violation<'a>(&'a self, f: &'a Finding, level: Level) -> Row<'a> {
        Row {
            level,
            keyword: f.violation.keyword.as_str(),
            rule: None,
            definition: Some(f.definition),
            pointer: f.violation.instance.as_str(),
            definition_path: self.path_in_target(f),
            schema_pointer: Some(f.violation.schema),
            message: &f.violation.message,
        }
    }

    fn warning<'a>(&'a self, w: &'a Warning) -> Row<'a> {
        let error = w.severity() == Severity::Error;
        Row {
            level: if error {
                Level::Violation
            } else {
                Level::Warning
            },
            keyword: match w.rule {
                Some(rule) if w.kind == super::WarningKind::Rule => rule.id,
                _ => w.kind.name(),
            },
            rule: w.rule,
            definition: self.definition(),
            pointer: w.pointer.as_str(),
            definition_path: w.pointer.as_str(),
            schema_pointer: None,
            message: &w.message,
        }
    }
}

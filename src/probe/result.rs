//! What a probe found: [`Report`], plain data (serde `Serialize`, for the
//! bindings and for JSON), and its [`Finding`]s.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::table::RevisionReport;
use crate::{report::Level, Direction, Version};

/// A probe's result: each revision's report, then every finding.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// One per revision probed, in order.
    pub revisions: Vec<RevisionReport>,
    /// Every finding, in the order found (each revision's in turn, then
    /// those across revisions).
    pub findings: Vec<Finding>,
}

/// One finding: a message's schema violation or rule warning, an HTTP
/// rule's, a request left unanswered, or one of the probe's own rules.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// The revision whose conversation it is in (the one proposed).
    pub revision: Version,
    /// How bad it is.
    pub level: Level,
    /// The JSON Schema keyword of a violation, a rule's id (`probe-*` for
    /// the probe's own), a warning's kind, `input`, or `unanswered`.
    pub rule: String,
    /// Which way the offending message went.
    pub direction: Direction,
    /// The method it is about (a response's: its request's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    /// The JSON-RPC id of the message it is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// The message's line in its direction's stream (stdio).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The HTTP exchange (HTTP).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exchange: Option<u64>,
    /// Where the message is in the revision's transcript (stdio,
    /// [`super::Probe::transcript`]): `FILE:LINE`, the line of its record
    /// (for a finding of the probe's own, the line of its request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// Where in the message (an RFC 6901 pointer; empty: the whole).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub pointer: String,
    /// What is wrong, with the sentence it rests on for a rule.
    pub message: String,
}

impl Report {
    /// The findings that fail a run (violations).
    pub fn violations(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.level == Level::Violation)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.level == Level::Warning)
    }

    /// Whether nothing failed: no violation (warnings allowed).
    pub fn is_conformant(&self) -> bool {
        self.violations().next().is_none()
    }

    /// The findings, each shown once with every revision it was found at:
    /// a finding that repeats at several revisions (the same level, rule,
    /// direction, method and message) is one, at its first place.
    pub fn distinct(&self) -> Vec<(&Finding, Vec<Version>)> {
        let mut out: Vec<(&Finding, Vec<Version>)> = Vec::new();
        for f in &self.findings {
            let same = |g: &Finding| {
                g.level == f.level
                    && g.rule == f.rule
                    && g.direction == f.direction
                    && g.method == f.method
                    && g.message == f.message
            };
            match out.iter_mut().find(|(g, _)| same(g)) {
                Some((_, revisions)) if !revisions.contains(&f.revision) => {
                    revisions.push(f.revision);
                }
                Some(_) => out.push((f, vec![f.revision])),
                None => out.push((f, vec![f.revision])),
            }
        }
        out
    }

    /// Panics, listing every violation (revision, direction, method, id,
    /// place, rule and message; one repeated at several revisions once,
    /// with them), unless there is none.
    #[track_caller]
    pub fn assert_no_violations(&self) {
        let list: Vec<String> = self
            .distinct()
            .into_iter()
            .filter(|(f, _)| f.level == Level::Violation)
            .map(|(f, revisions)| match revisions.as_slice() {
                [_] => f.to_string(),
                more => {
                    let at: Vec<&str> = more.iter().map(|v| v.as_str()).collect();
                    format!("{f} (at {})", at.join(", "))
                }
            })
            .collect();
        if !list.is_empty() {
            panic!(
                "the probe found {} violation(s):\n{}",
                list.len(),
                list.join("\n")
            );
        }
    }
}

impl fmt::Display for Finding {
    /// `2025-11-25 server→client tools/call (id 3) line 7: [rule] message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let arrow = match self.direction {
            Direction::ClientToServer => "client→server",
            Direction::ServerToClient => "server→client",
        };
        write!(f, "{} {arrow}", self.revision)?;
        if let Some(m) = &self.method {
            write!(f, " {m}")?;
        }
        if let Some(id) = &self.id {
            write!(f, " (id {id})")?;
        }
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        if let Some(x) = self.exchange {
            write!(f, " exchange {x}")?;
        }
        if let Some(t) = &self.transcript {
            write!(f, " ({t})")?;
        }
        if !self.pointer.is_empty() {
            write!(f, " at {}", self.pointer)?;
        }
        write!(f, ": [{}] {}", self.rule, self.message)
    }
}

//! The live pipeline's consumer for one revision's conversation: every
//! judged message and HTTP finding becomes [`Finding`]s, counted by rule
//! for the revision's report, and is shown to the caller's [`Observer`].
//! The requests left unanswered and the probe's own findings are added
//! after the conversation ([`Collect::unanswered`], [`Collect::probe`]).

use std::collections::BTreeMap;

use serde_json::Value;

use super::{observer::Observer, protocol::ProbeFinding, result::Finding, transcript::Transcript};
use crate::{
    http::HttpFinding,
    live::{Consumer, Context, Judged, Pending},
    report::{Level, MessageKind},
    Direction, Version, WarningKind,
};

/// One revision's findings, and the observer carried through the run.
pub(crate) struct Collect<O> {
    /// The caller's observer.
    pub observer: O,
    /// The revision proposed.
    pub revision: Version,
    /// The findings, in order.
    pub findings: Vec<Finding>,
    /// Findings by rule (schema violations under `schema`, unreadable
    /// messages under `input`).
    pub by_rule: BTreeMap<String, usize>,
    /// The stdio transcript being written.
    pub transcript: Option<Transcript>,
    /// Messages judged, both directions (a batch is one).
    pub messages: usize,
    /// Of those, the ones without a violation.
    pub valid: usize,
}

impl<O: Observer> Collect<O> {
    /// For the conversation at `revision`.
    pub fn new(mut observer: O, revision: Version, transcript: Option<Transcript>) -> Collect<O> {
        observer.revision(revision, transcript.as_ref().map(|t| t.path.as_str()));
        Collect {
            observer,
            revision,
            findings: Vec::new(),
            by_rule: BTreeMap::new(),
            transcript,
            messages: 0,
            valid: 0,
        }
    }

    /// `FILE:LINE` of the message at `line` of `direction`'s stream.
    fn at(&self, direction: Direction, line: Option<u64>) -> Option<String> {
        let t = self.transcript.as_ref()?;
        Some(format!("{}:{}", t.path, t.line_of(direction, line)?))
    }

    fn count(&mut self, rule: &str) {
        *self.by_rule.entry(rule.to_string()).or_default() += 1;
    }

    /// The requests never answered (a timed-out request among them).
    pub fn unanswered(&mut self, pending: &[Pending]) {
        for p in pending {
            self.count("unanswered");
            let id =
                p.id.as_ref()
                    .map_or_else(|| "?".to_string(), Value::to_string);
            self.findings.push(Finding {
                revision: self.revision,
                level: Level::Warning,
                rule: "unanswered".into(),
                direction: p.direction,
                method: Some(p.method.clone()),
                id: p.id.clone(),
                line: p.line,
                exchange: p.exchange,
                transcript: self.at(p.direction, p.line),
                pointer: String::new(),
                message: format!(
                    "request '{}' (id {id}) sent by the {} was never answered",
                    p.method,
                    p.direction.sender()
                ),
            });
            let line = self
                .transcript
                .as_ref()
                .and_then(|t| t.line_of(p.direction, p.line));
            match line {
                Some(line) => self.observer.unanswered(&Pending {
                    line: Some(line),
                    ..p.clone()
                }),
                None => self.observer.unanswered(p),
            }
        }
    }

    /// The probe's own findings (already counted in the revision's report
    /// by the exercise).
    pub fn probe(&mut self, findings: &[ProbeFinding]) {
        for f in findings {
            let mut finding = probe_finding(f, self.revision);
            finding.id = f.id.map(Value::from);
            finding.transcript = self.transcript.as_ref().and_then(|t| {
                let line = t.request_line(f.id?)?;
                Some(format!("{}:{line}", t.path))
            });
            self.observer.probe_finding(&finding);
            self.findings.push(finding);
        }
    }
}

/// A probe finding as a [`Finding`]: its message with its sentence.
pub(crate) fn probe_finding(f: &ProbeFinding, revision: Version) -> Finding {
    Finding {
        revision,
        level: if f.warning {
            Level::Warning
        } else {
            Level::Violation
        },
        rule: f.rule.id.to_string(),
        direction: Direction::ServerToClient,
        method: f.method.clone(),
        id: None,
        line: None,
        exchange: None,
        transcript: None,
        pointer: String::new(),
        message: format!("{} ({})", f.message, f.rule.sentence),
    }
}

impl<O: Observer> Consumer for Collect<O> {
    fn judged(&mut self, m: &Judged<'_>) {
        let recorded = match &mut self.transcript {
            Some(t) if m.context.http.is_none() => t.write(m),
            _ => None,
        };
        let context;
        let m = &match recorded {
            // The observer sees the message at its transcript line.
            Some(line) => {
                context = Context {
                    line: Some(line),
                    ..m.context.clone()
                };
                Judged {
                    context: &context,
                    ..*m
                }
            }
            None => Judged { ..*m },
        };
        let at = self
            .transcript
            .as_ref()
            .zip(recorded)
            .map(|(t, line)| format!("{}:{line}", t.path));
        if deliberate_unknown(m) {
            // Shown without the warning it was sent to get.
            let reports: Vec<_> = m
                .reports
                .iter()
                .map(|r| crate::report::Report {
                    warnings: Vec::new(),
                    ..r.clone()
                })
                .collect();
            self.observer.judged(&Judged {
                reports: &reports,
                ..*m
            });
            return;
        }
        let kept;
        let m = &if deliberately_invalid(m) {
            // Shown and counted without the finding it was sent to get.
            kept = without_arguments_schema(m.reports);
            Judged {
                reports: &kept,
                ..*m
            }
        } else {
            Judged { ..*m }
        };
        self.observer.judged(m);
        self.messages += 1;
        if m.reports
            .iter()
            .all(|r| r.kind != MessageKind::Unreadable && r.violations.is_empty())
        {
            self.valid += 1;
        }
        let exchange = m.context.http.as_deref().and_then(|h| h.exchange);
        for r in m.reports {
            if r.kind == MessageKind::Unreadable {
                self.count("input");
            } else if !r.violations.is_empty() {
                *self.by_rule.entry("schema".into()).or_default() += r.violations.len();
            }
            for w in &r.warnings {
                let id = match w.rule {
                    Some(rule) if w.kind == WarningKind::Rule => rule.id,
                    _ => w.kind.name(),
                };
                self.count(id);
            }
            for row in r.rows() {
                self.findings.push(Finding {
                    revision: self.revision,
                    level: row.level,
                    rule: row.keyword.to_string(),
                    direction: r.direction,
                    method: r.method.clone(),
                    id: r.id.clone(),
                    line: m.context.line,
                    exchange,
                    transcript: at.clone(),
                    pointer: row.pointer.to_string(),
                    message: row.message.to_string(),
                });
            }
        }
    }

    fn http(&mut self, f: &HttpFinding, context: &Context) {
        self.count(f.keyword());
        let http = context.http.as_deref();
        self.findings.push(Finding {
            revision: self.revision,
            level: f.row().level,
            rule: f.keyword().to_string(),
            direction: f.direction,
            method: http.and_then(|h| h.method.clone()),
            id: None,
            line: None,
            exchange: Some(f.exchange),
            transcript: None,
            pointer: String::new(),
            message: f.message.clone(),
        });
        self.observer.http(f, context);
    }
}

/// The probe's own request for a method no revision defines: the session
/// rightly warns that the method is not in the revision, which is the
/// point of sending it, so that warning (and only it) is not reported.
pub(crate) fn deliberate_unknown(m: &Judged<'_>) -> bool {
    m.context.direction == Direction::ClientToServer
        && !m.reports.is_empty()
        && m.reports.iter().all(|r| {
            r.method.as_deref() == Some(super::protocol::UNKNOWN_METHOD)
                && r.violations.is_empty()
                && r.warnings
                    .iter()
                    .all(|w| w.kind == WarningKind::MethodNotInRevision)
        })
}

/// The session's id for a `tools/call`'s arguments that break the tool's
/// `inputSchema`.
const ARGUMENTS_SCHEMA: &str = "contract.arguments-schema";

fn is_arguments_schema(w: &crate::report::Warning) -> bool {
    w.kind == WarningKind::Rule && w.rule.is_some_and(|r| r.id == ARGUMENTS_SCHEMA)
}

/// The probe's own `tools/call` with arguments broken on purpose (its
/// progress token starts [`super::protocol::INVALID_ARGUMENTS_TOKEN`]),
/// which the session rightly finds against the tool's `inputSchema`.
fn deliberately_invalid(m: &Judged<'_>) -> bool {
    if m.context.direction != Direction::ClientToServer
        || !m
            .reports
            .iter()
            .any(|r| r.warnings.iter().any(is_arguments_schema))
    {
        return false;
    }
    let parsed;
    let value = match m.value {
        Some(v) => v,
        None => match serde_json::from_slice::<Value>(m.bytes) {
            Ok(v) => {
                parsed = v;
                &parsed
            }
            Err(_) => return false,
        },
    };
    value
        .pointer("/params/_meta/progressToken")
        .and_then(Value::as_str)
        .is_some_and(|t| t.starts_with(super::protocol::INVALID_ARGUMENTS_TOKEN))
}

/// `reports` without their `contract.arguments-schema` warnings.
fn without_arguments_schema(reports: &[crate::report::Report]) -> Vec<crate::report::Report> {
    reports
        .iter()
        .map(|r| crate::report::Report {
            warnings: r
                .warnings
                .iter()
                .filter(|w| !is_arguments_schema(w))
                .cloned()
                .collect(),
            ..r.clone()
        })
        .collect()
}

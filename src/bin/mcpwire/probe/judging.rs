//! The live pipeline's consumer for one revision's conversation: every
//! message, both directions, judged as `tap` judges it and written as
//! `check` writes findings, with the findings counted by rule for the
//! revision's table.

use std::{collections::BTreeMap, io};

use crate::{
    judge::Judge,
    output::{Outputs, Summary},
};
use mcpwire::{
    input::Limits,
    live::{Consumer, Judged},
    report::MessageKind,
    Direction, WarningKind,
};

/// Writes findings to the run's outputs and counts them by rule.
pub struct Judging {
    /// The run's outputs (moved in for a revision, taken back after).
    pub sink: Outputs,
    /// The run's counts.
    pub summary: Summary,
    /// Findings of this revision by rule (schema violations under
    /// `schema`, unreadable lines under `input`).
    pub by_rule: BTreeMap<String, usize>,
    /// The first write error.
    pub error: Option<io::Error>,
    limits: Limits,
    client: String,
    server: String,
}

impl Judging {
    /// For the conversation at `revision` (its streams are labelled
    /// `REVISION <client>` / `REVISION <server>`).
    pub fn new(sink: Outputs, summary: Summary, limits: Limits, revision: &str) -> Judging {
        Judging {
            sink,
            summary,
            by_rule: BTreeMap::new(),
            error: None,
            limits,
            client: format!("{revision} <client>"),
            server: format!("{revision} <server>"),
        }
    }

    /// The label of a direction's stream.
    pub fn label(&self, direction: Direction) -> &str {
        match direction {
            Direction::ClientToServer => &self.client,
            Direction::ServerToClient => &self.server,
        }
    }

    fn count(&mut self, m: &Judged<'_>) {
        for r in m.reports {
            if r.kind == MessageKind::Unreadable {
                *self.by_rule.entry("input".into()).or_default() += 1;
                continue;
            }
            if !r.violations.is_empty() {
                *self.by_rule.entry("schema".into()).or_default() += r.violations.len();
            }
            for w in &r.warnings {
                let id = match w.rule {
                    Some(rule) if w.kind == WarningKind::Rule => rule.id.to_string(),
                    _ => serde_json::to_value(w.kind)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default(),
                };
                *self.by_rule.entry(id).or_default() += 1;
            }
        }
    }

    fn write(&mut self, m: &Judged<'_>) -> io::Result<()> {
        if deliberate_unknown(m) {
            self.summary.messages += 1;
            self.summary.valid += 1;
            return Ok(());
        }
        self.count(m);
        let file = self.label(m.context.direction).to_string();
        Judge::live(m, &file, self.limits, &mut self.sink, &mut self.summary)
    }

    /// The requests never answered (a timed-out request among them), as
    /// `tap` reports them.
    pub fn unanswered(&mut self, pending: &[mcpwire::live::Pending]) -> io::Result<()> {
        for p in pending {
            *self.by_rule.entry("unanswered".into()).or_default() += 1;
            let file = self.label(p.direction).to_string();
            Judge::unanswered_live(p, &file, &mut self.sink, &mut self.summary)?;
        }
        Ok(())
    }
}

/// The probe's own request for a method no revision defines: the session
/// rightly warns that the method is not in the revision, which is the
/// point of sending it, so that warning (and only it) is not reported.
fn deliberate_unknown(m: &Judged<'_>) -> bool {
    m.context.direction == Direction::ClientToServer
        && !m.reports.is_empty()
        && m.reports.iter().all(|r| {
            r.method.as_deref() == Some(super::exercise::UNKNOWN_METHOD)
                && r.violations.is_empty()
                && r.warnings
                    .iter()
                    .all(|w| w.kind == WarningKind::MethodNotInRevision)
        })
}

impl Consumer for Judging {
    fn judged(&mut self, message: &Judged<'_>) {
        if self.error.is_none() {
            if let Err(e) = self.write(message) {
                self.error = Some(e);
            }
        }
    }
}

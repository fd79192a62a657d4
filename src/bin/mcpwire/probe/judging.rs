//! The live pipeline's consumer for one revision's conversation: every
//! message, both directions, judged as `tap` judges it and written as
//! `check` writes findings, with the findings counted by rule for the
//! revision's table. Over HTTP the HTTP rules' findings too, written as
//! `proxy` writes them ([`crate::http_judge::finding`]); a finding's line
//! is then its exchange (the n-th request of the revision's connection).

use std::{collections::BTreeMap, io};

use crate::{
    judge::Judge,
    output::{Outputs, Summary},
    sink::HttpWhere,
};
use mcpwire::{
    http::HttpFinding,
    input::Limits,
    live::{Consumer, Context, Judged},
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
        let Some(http) = m.context.http.as_deref() else {
            return Judge::live(m, &file, self.limits, &mut self.sink, &mut self.summary);
        };
        // An HTTP message: its line is its exchange, and its findings say
        // where in the traffic it is.
        self.sink.http_where(Some(place(m.context)));
        let context = Context {
            line: http.exchange,
            ..m.context.clone()
        };
        let at = Judged {
            context: &context,
            bytes: m.bytes,
            reports: m.reports,
            value: m.value,
            size: m.size,
            revision: m.revision,
            skipped_before: m.skipped_before,
        };
        let written = Judge::live(&at, &file, self.limits, &mut self.sink, &mut self.summary);
        self.sink.http_where(None);
        written
    }

    fn write_http(&mut self, f: &HttpFinding, context: &Context) -> io::Result<()> {
        *self.by_rule.entry(f.keyword().to_string()).or_default() += 1;
        let file = self.label(f.direction).to_string();
        self.sink.http_where(Some(place(context)));
        let written = crate::http_judge::finding(&file, f, &mut self.sink, &mut self.summary);
        self.sink.http_where(None);
        written
    }

    /// The requests never answered (a timed-out request among them), as
    /// `tap` reports them.
    pub fn unanswered(&mut self, pending: &[mcpwire::live::Pending]) -> io::Result<()> {
        for p in pending {
            *self.by_rule.entry("unanswered".into()).or_default() += 1;
            let file = self.label(p.direction).to_string();
            // Over HTTP its line is its exchange.
            let p = mcpwire::live::Pending {
                line: p.line.or(p.exchange),
                ..p.clone()
            };
            Judge::unanswered_live(&p, &file, &mut self.sink, &mut self.summary)?;
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

/// Where an HTTP message or finding is: its exchange, request and status.
fn place(context: &Context) -> HttpWhere {
    let http = context.http.as_deref();
    HttpWhere {
        exchange: http.and_then(|h| h.exchange).unwrap_or(0),
        entry: None,
        event: http.and_then(|h| h.event),
        method: http.and_then(|h| h.method.clone()).unwrap_or_default(),
        url: http.and_then(|h| h.target.clone()).unwrap_or_default(),
        status: http.and_then(|h| h.status),
    }
}

impl Consumer for Judging {
    fn judged(&mut self, message: &Judged<'_>) {
        if self.error.is_none() {
            if let Err(e) = self.write(message) {
                self.error = Some(e);
            }
        }
    }

    fn http(&mut self, finding: &HttpFinding, context: &Context) {
        if self.error.is_none() {
            if let Err(e) = self.write_http(finding, context) {
                self.error = Some(e);
            }
        }
    }
}

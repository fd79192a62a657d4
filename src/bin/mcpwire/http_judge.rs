//! Judging one MCP conversation carried over HTTP from its ordered steps
//! ([`mcpwire::http::Step`]): the HTTP rules ([`Tracker`]) and every
//! JSON-RPC message ([`Judge`], the same one `check` and `tap` use). The
//! proxy and `check` on a HAR both drive this, so they agree.
//!
//! A finding's `line` is its exchange number (the n-th request the proxy
//! saw, the n-th entry of a HAR by start time).

use std::io;

use mcpwire::{
    http::{HttpFinding, Output, Step, Tracker},
    input::Limits,
    transcript::Problem,
    Mode, Options, Origin, Session, Severity as RuleSeverity, Source,
};

use crate::{
    judge::Judge,
    output::{Out, Outputs, Severity, Summary},
};

/// One conversation.
pub struct HttpJudge {
    tracker: Tracker,
    session: Session,
}

impl HttpJudge {
    /// A fresh conversation.
    pub fn new(mode: Mode, null_id_as_warning: bool, limits: Limits) -> HttpJudge {
        HttpJudge {
            tracker: Tracker::new(mode, limits),
            session: Session::with_options(
                mode,
                Options {
                    null_id_as_warning,
                    limits,
                    ..Options::default()
                },
            ),
        }
    }

    /// Judges one step; findings go to `sink` under the name `file`.
    pub fn step(
        &mut self,
        file: &str,
        step: &Step,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let mut out = Vec::new();
        self.tracker.step(step, &mut out);
        for o in out.drain(..) {
            match o {
                Output::Message {
                    exchange,
                    direction,
                    bytes,
                    value,
                } => {
                    let line = line(exchange);
                    match value {
                        Ok(_) => {
                            let source = Source {
                                direction: Some(direction),
                                origin: Origin::Implementation,
                                line: Some(line),
                            };
                            let judged = self.session.judge_bytes(source, bytes);
                            Judge::judged(
                                &self.session,
                                file,
                                line,
                                Origin::Implementation,
                                &judged,
                                None,
                                sink,
                                summary,
                            )?
                        }
                        Err(e) => {
                            let problem = Problem::Input(e);
                            Judge::unreadable(
                                &self.session,
                                file,
                                line,
                                Some(direction),
                                problem.class(),
                                &problem.to_string(),
                                sink,
                                summary,
                            )?
                        }
                    }
                }
                Output::Finding(f) => finding(file, &f, sink, summary)?,
            }
        }
        Ok(())
    }

    /// End of the conversation: requests never answered.
    pub fn finish(
        &mut self,
        file: &str,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        Judge::unanswered(&self.session, |_| file, sink, summary)?;
        sink.flush_findings()
    }
}

fn line(exchange: u64) -> usize {
    usize::try_from(exchange).unwrap_or(usize::MAX)
}

/// Writes an HTTP finding.
pub fn finding(
    file: &str,
    f: &HttpFinding,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    let severity = match f.severity {
        RuleSeverity::Error => {
            summary.violations += 1;
            Severity::Violation
        }
        RuleSeverity::Warning => {
            summary.warnings += 1;
            Severity::Warning
        }
    };
    if let Some(v) = f.revision {
        sink.revision(v);
    }
    sink.finding(
        &Out {
            file,
            line: line(f.exchange),
            severity,
            direction: Some(f.direction),
            direction_inferred: false,
            origin: Origin::Implementation,
            revision: f.revision,
            kind: None,
            method: None,
            id: None,
            batch_index: None,
            definition: None,
            pointer: "",
            schema_pointer: None,
            keyword: f.keyword(),
            message: &f.message,
            definition_path: "",
        },
        None,
    )?;
    // Not a message: the finding goes out on its own.
    sink.flush_findings()
}

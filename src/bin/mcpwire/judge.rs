//! Judging a stream of messages and turning reports into findings: the
//! part `check` and `tap` share.

use std::io::{self, BufRead};

use mcpwire::{
    check::{check_transcript, Outcome},
    input::{self, InputError, Limits},
    report::{MessageKind, Report},
    Direction, Judged, Origin, Session,
};
use serde_json::Value;

use crate::output::{unanswered_message, Out, Outputs, Severity, Summary};

/// Writes what a session found (`check`, and `tap` from the live
/// pipeline).
pub struct Judge;

/// Where a message was found: its file, its line, which way it went
/// (`None`: not known, or inferred) and who wrote it.
#[derive(Clone, Copy)]
pub struct Place<'a> {
    /// The transcript (or `<client>`/`<server>`).
    pub file: &'a str,
    /// 1-based line of the message.
    pub line: usize,
    /// Which way it went, when known.
    pub direction: Option<Direction>,
    /// Who wrote it.
    pub origin: Origin,
}

impl<'a> Place<'a> {
    /// A message the implementation wrote, going `direction`.
    pub fn new(file: &'a str, line: usize, direction: Option<Direction>) -> Place<'a> {
        Place {
            file,
            line,
            direction,
            origin: Origin::Implementation,
        }
    }
}

/// Where a message was found and which way it went, as its findings say.
#[derive(Clone, Copy)]
struct At<'a> {
    file: &'a str,
    line: usize,
    direction: Direction,
    inferred: bool,
    origin: Origin,
}

/// What [`Judge::transcript`] tells its caller after each record (for
/// `check`'s progress bar).
pub enum Step {
    /// A record was judged: whether it had findings, how many records so
    /// far, how many bytes were read.
    Message {
        /// Whether this record added findings.
        findings: bool,
        /// Records judged so far.
        count: u64,
        /// Bytes read so far.
        bytes_read: u64,
    },
    /// The transcript could not be read on (reported as an input error).
    ReadError,
}

impl Judge {
    /// Judges one transcript record by record ([`check_transcript`]) and
    /// writes every finding, then the requests never answered, then the
    /// end of the file; `step` hears of each record. `check` calls it for
    /// each file, the npm package's `check` for each input.
    pub fn transcript<R: BufRead>(
        label: &str,
        reader: R,
        session: Session,
        sink: &mut Outputs,
        summary: &mut Summary,
        mut step: impl FnMut(Step, &mut Outputs) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut checker = check_transcript(reader, session);
        let mut count = 0u64;
        loop {
            let mut checked = match checker.next() {
                None => break,
                Some(Ok(e)) => e,
                Some(Err(e)) => {
                    step(Step::ReadError, sink)?;
                    sink.input_error(label, &format!("cannot read {label}: {e}"))?;
                    break;
                }
            };
            let before = summary.violations + summary.warnings;
            let session = checker.session();
            if let Some(text) = checked.text.take() {
                sink.source_owned(text, checked.position);
            }
            match &checked.outcome {
                Outcome::Message(judged) => {
                    let origin = judged.reports.first().map(|r| r.origin).unwrap_or_default();
                    let at = Place {
                        origin,
                        ..Place::new(label, checked.line, None)
                    };
                    Self::judged(session, at, judged, None, sink, summary)
                }
                Outcome::Problem(p) => Self::unreadable(
                    session.revision(),
                    Place::new(label, checked.line, None),
                    p.class(),
                    &p.to_string(),
                    sink,
                    summary,
                ),
            }?;
            count += 1;
            let findings = summary.violations + summary.warnings != before;
            let bytes_read = checker.bytes_read();
            step(
                Step::Message {
                    findings,
                    count,
                    bytes_read,
                },
                sink,
            )?;
        }
        Self::unanswered(checker.session(), |_| label, sink, summary)?;
        sink.file_done(label, summary)
    }

    /// Text that is not a message, judged at `revision`, as one finding
    /// of class `class`.
    pub fn unreadable(
        revision: mcpwire::Version,
        at: Place<'_>,
        class: &str,
        message: &str,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        summary.messages += 1;
        summary.violations += 1;
        sink.revision(revision);
        sink.finding(
            &Out {
                file: at.file,
                line: at.line,
                severity: Severity::Violation,
                direction: at.direction,
                direction_inferred: false,
                origin: Origin::Implementation,
                revision: Some(revision),
                kind: Some(MessageKind::Unreadable),
                method: None,
                id: None,
                batch_index: None,
                definition: None,
                pointer: "",
                schema_pointer: None,
                keyword: class,
                message,
                definition_path: "",
            },
            None,
        )?;
        sink.message_done()
    }

    /// Writes what the session found about one message at `at` (its
    /// direction: the one it was judged in); `value`: the message, when
    /// the caller has it parsed ([`Judged::value`] is used otherwise).
    pub fn judged(
        session: &Session,
        at: Place<'_>,
        judged: &Judged,
        value: Option<&Value>,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        if let Some(unreadable) = judged
            .reports
            .iter()
            .find(|r| r.kind == MessageKind::Unreadable)
        {
            let direction = Some(judged.direction).filter(|_| judged.inferred.is_none());
            return Self::unreadable(
                session.revision(),
                Place { direction, ..at },
                "input",
                unreadable.input_error.as_deref().unwrap_or_default(),
                sink,
                summary,
            );
        }
        let at = At {
            file: at.file,
            line: at.line,
            direction: judged.direction,
            inferred: judged.inferred.is_some(),
            origin: at.origin,
        };
        Self::emit(
            &at,
            &judged.reports,
            || value.or(judged.value.as_ref()),
            sink,
            summary,
        )
    }

    /// Writes the findings of reports judged elsewhere (by the live
    /// pipeline, for `tap`), of a message that went `direction`; `value`
    /// gives the message for excerpts.
    pub fn reports<'v>(
        at: Place<'_>,
        direction: Direction,
        reports: &[Report],
        value: impl FnOnce() -> Option<&'v Value>,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let at = At {
            file: at.file,
            line: at.line,
            direction,
            inferred: false,
            origin: at.origin,
        };
        Self::emit(&at, reports, value, sink, summary)
    }

    /// Writes the findings of one message's reports; `value` gives the
    /// message for excerpts (asked only when there is a finding).
    fn emit<'v>(
        at: &At<'_>,
        reports: &[Report],
        value: impl FnOnce() -> Option<&'v Value>,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let At {
            file,
            line,
            direction,
            inferred,
            origin,
        } = *at;
        let findings = reports
            .iter()
            .any(|r| !r.violations.is_empty() || !r.warnings.is_empty() || !r.expected.is_empty());
        let value = if findings { value() } else { None };
        summary.messages += 1;
        if reports.iter().all(Report::is_valid) {
            summary.valid += 1;
        }
        for report in reports {
            let revision = report.revision;
            if let Some(v) = revision {
                sink.revision(v);
            }
            let base = Out {
                file,
                line,
                severity: Severity::Violation,
                direction: Some(direction),
                direction_inferred: inferred,
                origin,
                revision,
                kind: Some(report.kind),
                method: report.method.as_deref(),
                id: report.id.as_ref(),
                batch_index: report.batch_index,
                definition: None,
                pointer: "",
                schema_pointer: None,
                keyword: "",
                message: "",
                definition_path: "",
            };
            for row in report.rows() {
                let severity = summary.count(row.level);
                sink.finding(&base.with_row(severity, &row), value)?;
            }
        }
        sink.message_done()
    }

    /// The requests `session` never saw answered, as warnings.
    pub fn unanswered<'f>(
        session: &Session,
        file: impl Fn(Direction) -> &'f str,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        for p in session.unanswered() {
            summary.warnings += 1;
            let message = unanswered_message(&p.method, Some(&p.id), p.direction);
            sink.finding(
                &Out::unanswered(
                    file(p.direction),
                    p.line.unwrap_or(0),
                    p.direction,
                    Some(p.revision),
                    &p.method,
                    Some(&p.id),
                    &message,
                ),
                None,
            )?;
        }
        Ok(())
    }

    /// One message of a live conversation (`tap`, `probe`), written as
    /// `check` writes it: its text kept for excerpts, an unreadable line
    /// as one `input` finding, else its reports (the message parsed again
    /// only when it has findings and the pipeline kept no value).
    pub fn live(
        m: &mcpwire::live::Judged<'_>,
        file: &str,
        limits: Limits,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let direction = m.context.direction;
        let line = m
            .context
            .line
            .map_or(0, |l| usize::try_from(l).unwrap_or(usize::MAX));
        sink.source(m.bytes, mcpwire::transcript::Position { line, column: 1 });
        if let Some(unreadable) = m.reports.iter().find(|r| r.kind == MessageKind::Unreadable) {
            let message = if m.bytes.is_empty() && m.size > 0 {
                InputError::TooLarge {
                    len: m.size,
                    limit: limits.max_bytes,
                }
                .to_string()
            } else {
                unreadable.input_error.clone().unwrap_or_default()
            };
            return Self::unreadable(
                m.revision,
                Place::new(file, line, Some(direction)),
                "input",
                &message,
                sink,
                summary,
            );
        }
        let findings = m
            .reports
            .iter()
            .any(|r| !r.violations.is_empty() || !r.warnings.is_empty());
        let parsed: Option<Value> = match m.value {
            None if findings => input::parse(m.bytes, limits).ok(),
            _ => None,
        };
        let at = Place {
            origin: m.context.origin,
            ..Place::new(file, line, Some(direction))
        };
        Self::reports(
            at,
            direction,
            m.reports,
            || m.value.or(parsed.as_ref()),
            sink,
            summary,
        )
    }

    /// A request a live conversation never answered: one warning.
    pub fn unanswered_live(
        p: &mcpwire::live::Pending,
        file: &str,
        sink: &mut Outputs,
        summary: &mut Summary,
    ) -> io::Result<()> {
        summary.warnings += 1;
        let message = unanswered_message(&p.method, p.id.as_ref(), p.direction);
        let line = p
            .line
            .map_or(0, |l| usize::try_from(l).unwrap_or(usize::MAX));
        sink.finding(
            &Out::unanswered(
                file,
                line,
                p.direction,
                p.revision,
                &p.method,
                p.id.as_ref(),
                &message,
            ),
            None,
        )
    }
}

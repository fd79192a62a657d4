//! Judging a stream of messages and turning reports into findings: the
//! part `check` and `tap` share.

use std::io::{self, Write};

use mcpwire::{
    input::{self, Limits},
    report::{MessageKind, Report},
    spec::ErrorShape,
    transcript::{Inference, Problem},
    Direction, Mode, Options, Origin, Session, Spec,
};
use serde_json::Value;

use crate::output::{Out, Severity, Sink, Summary};

/// One conversation (one file, or one tapped process).
pub struct Judge {
    session: Session,
    inference: Inference,
    limits: Limits,
}

/// Where a message was found and which way it went.
#[derive(Clone, Copy)]
struct At<'a> {
    file: &'a str,
    line: usize,
    direction: Direction,
    inferred: bool,
    origin: Origin,
}

impl Judge {
    /// A fresh conversation.
    pub fn new(mode: Mode, null_id_as_warning: bool, limits: Limits) -> Judge {
        Judge {
            session: Session::with_options(
                mode,
                Options {
                    null_id_as_warning,
                    limits,
                    ..Options::default()
                },
            ),
            inference: Inference::new(),
            limits,
        }
    }

    /// Text at `line` that is not a message.
    pub fn problem<W: Write>(
        &mut self,
        file: &str,
        line: usize,
        direction: Option<Direction>,
        problem: &Problem,
        sink: &mut Sink<W>,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let revision = self.session.revision();
        problem_at(revision, file, line, direction, problem, sink, summary)
    }

    /// Writes the findings of reports judged elsewhere (by the live
    /// pipeline, for `tap`); `value` gives the message for excerpts.
    #[allow(clippy::too_many_arguments)]
    pub fn reports<'v, W: Write>(
        &self,
        file: &str,
        line: usize,
        direction: Direction,
        origin: Origin,
        reports: &[Report],
        value: impl FnOnce() -> Option<&'v Value>,
        sink: &mut Sink<W>,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let at = At {
            file,
            line,
            direction,
            inferred: false,
            origin,
        };
        self.emit(&at, reports, value, sink, summary)
    }
}

/// Text at `line` that is not a message, read at `revision`.
pub fn problem_at<W: Write>(
    revision: mcpwire::Version,
    file: &str,
    line: usize,
    direction: Option<Direction>,
    problem: &Problem,
    sink: &mut Sink<W>,
    summary: &mut Summary,
) -> io::Result<()> {
    summary.messages += 1;
    summary.violations += 1;
    let message = problem.to_string();
    sink.revision(revision);
    sink.finding(
        &Out {
            file,
            line,
            severity: Severity::Violation,
            direction,
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
            keyword: problem.class(),
            message: &message,
            definition_path: "",
        },
        None,
    )?;
    sink.message_done()
}

impl Judge {
    /// One message (`direction` `None`: infer it).
    #[allow(clippy::too_many_arguments)]
    pub fn message<W: Write>(
        &mut self,
        file: &str,
        line: usize,
        direction: Option<Direction>,
        origin: Origin,
        value: &Value,
        sink: &mut Sink<W>,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let at = self.at(file, line, direction, origin, value);
        let reports = self.session.observe(at.direction, origin, value);
        self.emit(&at, &reports, || Some(value), sink, summary)
    }

    /// One message given as bytes: judged on the bytes path
    /// ([`mcpwire::bytes::Message`]), which parses the message only when a
    /// report has findings to show; a batch, or input the scan refuses,
    /// goes to [`Judge::message`] or [`Judge::problem`] as parsed by
    /// [`input::parse`]. Same findings as parsing first.
    #[allow(clippy::too_many_arguments)]
    pub fn message_bytes<W: Write>(
        &mut self,
        file: &str,
        line: usize,
        direction: Option<Direction>,
        origin: Origin,
        bytes: &[u8],
        sink: &mut Sink<W>,
        summary: &mut Summary,
    ) -> io::Result<()> {
        let Some(scanned) = mcpwire::bytes::Message::scan(bytes, self.limits) else {
            return match input::parse(bytes, self.limits) {
                Ok(value) => self.message(file, line, direction, origin, &value, sink, summary),
                Err(e) => self.problem(file, line, direction, &Problem::Input(e), sink, summary),
            };
        };
        let at = self.at(file, line, direction, origin, scanned.skeleton());
        let reports = self.session.observe_message(at.direction, origin, &scanned);
        self.emit(&at, &reports, || scanned.full(), sink, summary)
    }

    /// Where the message is, with its direction (inferred when `None`);
    /// notes the message for later inferences. `msg` may be a skeleton
    /// ([`mcpwire::bytes::Message::skeleton`]), which keeps what inference
    /// reads.
    fn at<'f>(
        &mut self,
        file: &'f str,
        line: usize,
        direction: Option<Direction>,
        origin: Origin,
        msg: &Value,
    ) -> At<'f> {
        let (direction, inferred) = match direction {
            Some(d) => (d, false),
            None => {
                let spec = self.session.revision().spec();
                (self.inference.infer(spec, msg).0, true)
            }
        };
        self.inference.note(direction, msg, line);
        At {
            file,
            line,
            direction,
            inferred,
            origin,
        }
    }

    /// Writes the findings of one message's reports; `value` gives the
    /// message for excerpts (asked only when there is a finding).
    fn emit<'v, W: Write>(
        &self,
        at: &At<'_>,
        reports: &[Report],
        value: impl FnOnce() -> Option<&'v Value>,
        sink: &mut Sink<W>,
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
            .any(|r| !r.violations.is_empty() || !r.warnings.is_empty());
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
            let spec = revision.and_then(|v| v.spec());
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
            for f in &report.violations {
                summary.violations += 1;
                let pointer = f.violation.instance.as_str();
                let relative = definition_path(spec, report, f.definition, pointer);
                sink.finding(
                    &Out {
                        definition: Some(f.definition),
                        pointer,
                        schema_pointer: Some(f.violation.schema),
                        keyword: f.violation.keyword.as_str(),
                        message: &f.violation.message,
                        definition_path: relative,
                        ..base
                    },
                    value,
                )?;
            }
            for w in &report.warnings {
                summary.warnings += 1;
                let kind = serde_json::to_value(w.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                sink.finding(
                    &Out {
                        severity: Severity::Warning,
                        definition: report.definition(),
                        pointer: w.pointer.as_str(),
                        keyword: &kind,
                        message: &w.message,
                        definition_path: w.pointer.as_str(),
                        ..base
                    },
                    value,
                )?;
            }
        }
        sink.message_done()
    }

    /// End of the conversation: requests never answered are warnings.
    pub fn finish<'f, W: Write>(
        &mut self,
        file: impl Fn(Direction) -> &'f str,
        sink: &mut Sink<W>,
        summary: &mut Summary,
    ) -> io::Result<()> {
        for p in self.inference.unanswered() {
            summary.warnings += 1;
            let id: Option<Value> = serde_json::from_str(&p.id).ok();
            let message = format!(
                "request '{}' (id {}) sent by the {} was never answered",
                p.method,
                p.id,
                p.direction.sender()
            );
            sink.finding(
                &Out {
                    file: file(p.direction),
                    line: p.line,
                    severity: Severity::Warning,
                    direction: Some(p.direction),
                    direction_inferred: false,
                    origin: Origin::Implementation,
                    revision: None,
                    kind: Some(MessageKind::Request),
                    method: Some(&p.method),
                    id: id.as_ref(),
                    batch_index: None,
                    definition: None,
                    pointer: "/id",
                    schema_pointer: None,
                    keyword: "unanswered",
                    message: &message,
                    definition_path: "/id",
                },
                None,
            )?;
        }
        Ok(())
    }
}

/// The instance pointer relative to the value the definition judged (the
/// harness's `instancePath`): results and `Error` objects are judged below
/// `/result` and `/error`, batch elements below `/<i>`.
fn definition_path<'p>(
    spec: Option<&Spec>,
    report: &Report,
    definition: &str,
    pointer: &'p str,
) -> &'p str {
    let mut p = pointer;
    if let Some(i) = report.batch_index {
        let prefix = format!("/{i}");
        if let Some(rest) = p.strip_prefix(prefix.as_str()) {
            if rest.is_empty() || rest.starts_with('/') {
                p = rest;
            }
        }
    }
    let Some(spec) = spec else { return p };
    let envelopes = &spec.maps.envelopes;
    let below = match report.kind {
        MessageKind::Result => {
            let whole_message = definition == envelopes.result
                || definition == envelopes.message
                || spec
                    .maps
                    .methods
                    .iter()
                    .any(|m| m.result_response == Some(definition));
            if whole_message {
                return p;
            }
            "/result"
        }
        MessageKind::Error => {
            let object = envelopes.error_object == Some(definition)
                || spec
                    .maps
                    .error_codes
                    .iter()
                    .any(|e| e.definition == definition && e.shape == ErrorShape::ErrorObject);
            if object {
                "/error"
            } else {
                return p;
            }
        }
        _ => return p,
    };
    match p.strip_prefix(below) {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
        _ => p,
    }
}

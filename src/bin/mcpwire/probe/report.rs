//! The probe's report: the outputs (each writing to memory while the
//! revisions run), the probe's own findings as `check` writes a rule's,
//! the negotiation finding across revisions, and the tables.

use std::{
    io::{self, Write},
    sync::{Arc, Mutex},
};

use mcpwire::{Direction, Version};

use super::{exercise::ProbeFinding, judging::Judging, rules, table::RevisionTable};
use crate::{
    commands::ProbeArgs,
    output::{self, Format, Out, Outputs, Severity, Summary},
    sink::Verdict,
    Failure,
};

/// A writer into memory, shared with the sink that writes to it.
#[derive(Clone, Default)]
pub(super) struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| io::Error::other("buffer poisoned"))?
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One output: its format, its real destination, and the buffer its sink
/// writes the findings to meanwhile.
pub(super) struct Destination {
    format: Format,
    out: Box<dyn Write + Send>,
    buffer: Buffer,
}

/// The outputs of `args` (`--format` on standard output, text by default,
/// plus every `--output`), each writing to memory first.
pub(super) fn outputs(args: &ProbeArgs) -> Result<(Outputs, Vec<Destination>), Failure> {
    let mut wanted = Vec::new();
    if let Some(f) = args
        .output
        .format
        .or(args.output.output.is_empty().then_some(Format::Text))
    {
        wanted.push((f, None));
    }
    for o in &args.output.output {
        wanted.push((o.format, o.path.clone()));
    }
    let mut sinks = Vec::new();
    let mut destinations = Vec::new();
    for (format, path) in wanted {
        let (out, color) = output::writer(path.as_ref(), false, args.output.color)
            .map_err(|e| Failure::Input(e.to_string()))?;
        let buffer = Buffer::default();
        sinks.push(output::sink(
            format,
            Box::new(buffer.clone()),
            color && format == Format::Text,
        ));
        destinations.push(Destination {
            format,
            out,
            buffer,
        });
    }
    Ok((Outputs::new(sinks, Verdict::default()), destinations))
}

/// Writes the tables and then the buffered findings to every destination.
pub(super) fn write_report(
    tables: &[RevisionTable],
    destinations: Vec<Destination>,
) -> Result<(), Failure> {
    for mut d in destinations {
        write_tables(tables, d.format, &mut d.out).map_err(Failure::Output)?;
        let bytes = d.buffer.0.lock().map(|b| b.clone()).unwrap_or_default();
        d.out
            .write_all(&bytes)
            .and_then(|()| d.out.flush())
            .map_err(Failure::Output)?;
    }
    Ok(())
}

/// The probe's own findings, as `check` writes a rule's.
pub(super) fn write_findings(
    findings: &[ProbeFinding],
    revision: Version,
    j: &mut Judging,
) -> io::Result<()> {
    let file = j.label(Direction::ServerToClient).to_string();
    for f in findings {
        let message = format!("{} ({})", f.message, f.rule.sentence);
        let severity = if f.warning {
            Severity::Warning
        } else {
            Severity::Violation
        };
        write_one(
            &Probed {
                file: &file,
                revision,
                rule: f.rule.id,
                method: f.method.as_deref(),
                severity,
            },
            &message,
            &mut j.sink,
            &mut j.summary,
        )?;
    }
    Ok(())
}

/// Where a probe finding is and what it is.
struct Probed<'a> {
    file: &'a str,
    revision: Version,
    rule: &'a str,
    method: Option<&'a str>,
    severity: Severity,
}

/// Writes one probe finding to the outputs and counts it.
fn write_one(
    at: &Probed<'_>,
    message: &str,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    let Probed {
        file,
        revision,
        rule,
        method,
        severity,
    } = *at;
    if severity == Severity::Warning {
        summary.warnings += 1;
    } else {
        summary.violations += 1;
    }
    sink.revision(revision);
    sink.finding(
        &Out {
            file,
            line: 0,
            severity,
            direction: Some(Direction::ServerToClient),
            direction_inferred: false,
            origin: mcpwire::Origin::Implementation,
            revision: Some(revision),
            kind: None,
            method,
            id: None,
            batch_index: None,
            definition: None,
            pointer: "",
            schema_pointer: None,
            keyword: rule,
            message,
            definition_path: "",
        },
        None,
    )?;
    sink.message_done()
}

/// Across revisions: offered A, the server answered B; offered B (in its
/// own run), it did not answer B — so B is not a revision it supports.
pub(super) fn negotiation_across(
    tables: &[RevisionTable],
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    for t in tables {
        let Some(answered) = t.negotiated.as_deref().filter(|n| *n != t.offered) else {
            continue;
        };
        let Some(other) = tables.iter().find(|o| o.offered == answered) else {
            continue;
        };
        let Some(other_answer) = other.negotiated.as_deref().filter(|n| *n != answered) else {
            continue;
        };
        let Ok(revision) = t.offered.parse::<Version>() else {
            continue;
        };
        let message = format!(
            "offered {}, the server answered {answered}; offered {answered}, it answered \
             {other_answer}: it answered a revision it does not support ({})",
            t.offered,
            rules::NEGOTIATION.sentence
        );
        let file = format!("{} <server>", t.offered);
        let at = Probed {
            file: &file,
            revision,
            rule: rules::NEGOTIATION.id,
            method: Some("initialize"),
            severity: Severity::Violation,
        };
        write_one(&at, &message, sink, summary)?;
    }
    Ok(())
}

/// The tables, in `format` (text and JSON Lines carry them; the single-
/// document formats carry the findings only).
fn write_tables(tables: &[RevisionTable], format: Format, out: &mut dyn Write) -> io::Result<()> {
    for t in tables {
        match format {
            Format::Text => t.text(out)?,
            Format::Json => t.json(out)?,
            _ => {}
        }
    }
    Ok(())
}

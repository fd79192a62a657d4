//! The probe's report: the outputs (each holding its findings while the
//! revisions run, to show a finding repeated at several revisions once)
//! and, at the end, the revisions' tables ([`mcpwire::render::probe::tables`])
//! before the findings.

use std::io::Write;

use mcpwire::{probe::RevisionReport, render::Buffer};

use crate::{
    commands::ProbeArgs,
    output::{self, Format, Outputs, Verdict},
    Failure,
};

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
    let mut outputs = Outputs::new(sinks, Verdict::default());
    outputs.collapse_repeats();
    Ok((outputs, destinations))
}

/// Writes the tables and then the buffered findings to every destination.
pub(super) fn write_report(
    tables: &[RevisionReport],
    destinations: Vec<Destination>,
) -> Result<(), Failure> {
    for mut d in destinations {
        mcpwire::render::probe::tables(tables, d.format, &mut d.out).map_err(Failure::Output)?;
        let bytes = d.buffer.bytes();
        d.out
            .write_all(&bytes)
            .and_then(|()| d.out.flush())
            .map_err(Failure::Output)?;
    }
    Ok(())
}

//! A probe's [`Report`] in every format: the revisions' tables (text and
//! JSON Lines carry them; the single-document formats carry the findings
//! only), then its findings, each shown once with every revision it
//! repeats at ([`super::Outputs::collapse_repeats`]). What the Python
//! package's `ProbeReport.render` writes, without the command line.
//!
//! `mcpwire probe` writes the same tables ([`tables`]) and the same
//! grouping, but its findings from the messages as they are judged (the
//! offending bytes underlined, the schema's pointers, the HTTP exchange's
//! request line), which the plain-data report does not carry.

use std::io::{self, Write};

use super::{sink, Format, Out, Outputs, Severity, Summary, Verdict};
use crate::{
    probe::{Finding, Report, RevisionReport},
    Direction, MessageKind, Origin,
};

/// Writes the revisions' tables in `format` to `out`: a text block or a
/// `{"probe": …}` JSON line per revision; nothing for the other formats.
pub fn tables(revisions: &[RevisionReport], format: Format, out: &mut dyn Write) -> io::Result<()> {
    for t in revisions {
        match format {
            Format::Text => t.text(out)?,
            Format::Json => t.json(out)?,
            _ => {}
        }
    }
    Ok(())
}

/// Writes `report` in `format` to `out` (`color`: ANSI styles in text):
/// the tables, then the findings and the summary. `strict`: warnings fail
/// the run too, as `--strict` says. Returns the exit status the command
/// line would give (0 passed, 1 failed).
pub fn write(
    report: &Report,
    format: Format,
    mut out: Box<dyn Write + Send>,
    color: bool,
    strict: bool,
) -> io::Result<u8> {
    tables(&report.revisions, format, &mut out)?;
    let verdict = Verdict {
        strict,
        ..Verdict::default()
    };
    let mut outputs = Outputs::new(vec![sink(format, out, color)], verdict);
    outputs.collapse_repeats();
    let mut summary = Summary {
        summary: true,
        files: report.revisions.len(),
        messages: report.revisions.iter().map(|r| r.messages).sum(),
        valid: report.revisions.iter().map(|r| r.valid).sum(),
        ..Summary::default()
    };
    for f in &report.findings {
        outputs.revision(f.revision);
        let (file, line) = place(f);
        let severity = summary.count(f.level);
        outputs.finding(&out_of(f, &file, line, severity), None)?;
        outputs.message_done()?;
    }
    outputs.finish(&summary)?;
    Ok(outputs.verdict.exit_code(&summary))
}

/// A finding's file and line: its transcript's, else its direction's
/// stream at its revision (`2025-11-25 <server>`) and its line there (over
/// HTTP, its exchange).
fn place(f: &Finding) -> (String, usize) {
    let recorded = f
        .transcript
        .as_deref()
        .and_then(|t| t.rsplit_once(':'))
        .and_then(|(file, line)| Some((file.to_string(), line.parse().ok()?)));
    recorded.unwrap_or_else(|| {
        let side = match f.direction {
            Direction::ClientToServer => "<client>",
            Direction::ServerToClient => "<server>",
        };
        let line = f.line.or(f.exchange).unwrap_or(0);
        (
            format!("{} {side}", f.revision),
            usize::try_from(line).unwrap_or(usize::MAX),
        )
    })
}

fn out_of<'a>(f: &'a Finding, file: &'a str, line: usize, severity: Severity) -> Out<'a> {
    Out {
        file,
        line,
        severity,
        direction: Some(f.direction),
        direction_inferred: false,
        origin: Origin::Implementation,
        revision: Some(f.revision),
        // What the plain-data finding says of its message's shape: only
        // whether it was readable.
        kind: (f.rule == "input").then_some(MessageKind::Unreadable),
        method: f.method.as_deref(),
        id: f.id.as_ref(),
        batch_index: None,
        definition: None,
        pointer: &f.pointer,
        schema_pointer: None,
        keyword: &f.rule,
        message: &f.message,
        definition_path: &f.pointer,
    }
}

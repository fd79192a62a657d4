//! `mcpwire snapshot` (`-- COMMAND`, `--url URL`: [`probe`]; or
//! `--from-transcript FILE...`) and the snapshot side of `mcpwire diff
//! OLD.json NEW.json` (docs/snapshot.md). The model, the canonical file
//! and the comparison are the library's ([`mcpwire::snapshot`]); this
//! asks servers, reads files and writes reports.

mod probe;

use std::{
    fs::File,
    io::{self, BufReader, BufWriter, Write},
    path::{Path, PathBuf},
    process::ExitCode,
};

use mcpwire::snapshot::{self, Builder, Severity, Snapshot};

use crate::{
    commands::{DiffFormat, FailOn, SnapshotArgs, SnapshotSource},
    diff::snapshots::{self, Report},
    Failure,
};

/// Builds the snapshot (of the server, or of the transcripts) and writes
/// it.
pub fn write(args: &SnapshotArgs) -> Result<ExitCode, Failure> {
    let builder = match &args.source {
        SnapshotSource::Transcripts(paths) => from_transcripts(paths)?,
        source => {
            let (builder, used) = probe::ask(source, &args.revisions)?;
            if used == 0 {
                let e = snapshot::SnapshotError::Empty;
                return Err(Failure::Input(format!("the server: {e}")));
            }
            builder
        }
    };
    if builder.skipped() > 0 {
        eprintln!(
            "mcpwire snapshot: warning: {} list entries without their name were left out",
            builder.skipped()
        );
    }
    let text = builder.finish().to_json();
    match &args.output {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::Input(format!("{}: {e}", path.display()))),
        None => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(Failure::Output)
        }
    }?;
    Ok(ExitCode::SUCCESS)
}

fn from_transcripts(paths: &[PathBuf]) -> Result<Builder, Failure> {
    let mut builder = Builder::new();
    for path in paths {
        let file =
            File::open(path).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
        let used = builder
            .read_transcript(BufReader::new(file))
            .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
        if used == 0 {
            let e = snapshot::SnapshotError::Empty;
            return Err(Failure::Input(format!("{}: {e}", path.display())));
        }
    }
    Ok(builder)
}

fn read(path: &Path) -> Result<Snapshot, Failure> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    Snapshot::from_json(&text).map_err(|e| Failure::Input(format!("{}: {e}", path.display())))
}

/// Compares two snapshot files; exit 1 when a change fails `fail_on`.
pub fn diff(
    old: &Path,
    new: &Path,
    format: DiffFormat,
    fail_on: FailOn,
) -> Result<ExitCode, Failure> {
    let (a, b) = (read(old)?, read(new)?);
    let mut changes = snapshot::diff(&a, &b);
    changes.sort_by_key(|c| c.severity);
    let (old, new) = (old.display().to_string(), new.display().to_string());
    let report = Report {
        old: &old,
        new: &new,
        changes,
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        DiffFormat::Text => snapshots::text(&report, &mut out),
        DiffFormat::Json => snapshots::json(&report, &mut out),
        DiffFormat::Markdown => snapshots::markdown(&report, &mut out),
        DiffFormat::Github => snapshots::github(&report, &mut out),
        DiffFormat::Sarif => snapshots::sarif(&report, &mut out),
    }
    .and_then(|()| out.flush())
    .map_err(Failure::Output)?;
    let fails = report.count(Severity::Breaking) > 0
        || (fail_on == FailOn::Undecided && report.count(Severity::Undecided) > 0);
    Ok(ExitCode::from(u8::from(fails)))
}

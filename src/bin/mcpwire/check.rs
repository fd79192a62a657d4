//! `mcpwire check`: transcripts, message by message — the library's
//! [`mcpwire::check_transcript`] loop, written out by [`Judge`].

use std::{
    fs::File,
    io::{self, BufReader, Read, Write},
    path::Path,
};

use mcpwire::{
    check::{check_transcript, Outcome},
    input::Limits,
    Mode, Options, Session,
};

use crate::{
    judge::Judge,
    output::{Sink, Summary},
    progress::Progress,
    Failure,
};

/// What `check` needs to know.
pub struct CheckConfig {
    /// Fixed revision or auto.
    pub mode: Mode,
    /// Per-message limits.
    pub limits: Limits,
    /// Downgrade `"id": null` on parse / invalid-request errors.
    pub null_id_as_warning: bool,
    /// Draw a progress bar for large files on a terminal.
    pub progress: bool,
}

/// Checks every file; returns the summary. A file that cannot be opened is
/// reported on standard error and counted in `unreadable`.
pub fn run<W: Write>(
    files: &[String],
    config: &CheckConfig,
    sink: &mut Sink<W>,
    summary: &mut Summary,
) -> Result<usize, Failure> {
    let mut unreadable = 0;
    for name in files {
        let (label, input, size): (String, Box<dyn Read>, Option<u64>) = if name == "-" {
            ("<stdin>".into(), Box::new(io::stdin().lock()), None)
        } else {
            match File::open(Path::new(name)) {
                Ok(f) => {
                    let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                    (name.clone(), Box::new(f), size)
                }
                Err(e) => {
                    eprintln!("mcpwire: error: cannot open {name}: {e}");
                    unreadable += 1;
                    continue;
                }
            }
        };
        summary.files += 1;
        let mut progress = Progress::new(&label, size, config.progress);
        let reader = BufReader::with_capacity(1 << 20, input);
        let session = Session::try_with_options(
            config.mode,
            Options {
                null_id_as_warning: config.null_id_as_warning,
                limits: config.limits,
                ..Options::default()
            },
        )
        .map_err(|e| Failure::Usage(e.to_string()))?;
        let mut checker = check_transcript(reader, session);
        let mut count = 0u64;
        loop {
            let checked = match checker.next() {
                None => break,
                Some(Ok(e)) => e,
                Some(Err(e)) => {
                    if let Some(p) = progress.as_mut() {
                        p.clear();
                    }
                    eprintln!("mcpwire: error: cannot read {label}: {e}");
                    unreadable += 1;
                    break;
                }
            };
            let before = summary.violations + summary.warnings;
            let session = checker.session();
            match &checked.outcome {
                Outcome::Message(judged) => {
                    let origin = judged.reports.first().map(|r| r.origin).unwrap_or_default();
                    Judge::judged(
                        session,
                        &label,
                        checked.line,
                        origin,
                        judged,
                        None,
                        sink,
                        summary,
                    )
                }
                Outcome::Problem(p) => Judge::unreadable(
                    session,
                    &label,
                    checked.line,
                    None,
                    p.class(),
                    &p.to_string(),
                    sink,
                    summary,
                ),
            }
            .map_err(Failure::Output)?;
            count += 1;
            if let Some(p) = progress.as_mut() {
                if summary.violations + summary.warnings != before {
                    p.clear();
                    sink.flush().map_err(Failure::Output)?;
                }
                if count % 64 == 0 {
                    p.update(checker.bytes_read());
                }
            }
        }
        Judge::unanswered(checker.session(), |_| label.as_str(), sink, summary)
            .map_err(Failure::Output)?;
    }
    Ok(unreadable)
}

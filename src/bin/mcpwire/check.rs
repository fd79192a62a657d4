//! `mcpwire check`: transcripts, message by message.

use std::{
    fs::File,
    io::{self, BufReader, Read, Write},
    path::Path,
};

use mcpwire::{
    input::Limits,
    transcript::{Item, Reader},
    Mode,
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
        // HAR 1.2 captures: judged as HTTP exchanges (src/bin/mcpwire/http_check.rs).
        if crate::http_check::is_har(name) {
            if !crate::http_check::run(name, config, sink, summary)? {
                unreadable += 1;
            }
            continue;
        }
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
        let mut entries = Reader::new(reader, config.limits).raw(true);
        let mut judge = Judge::new(config.mode, config.null_id_as_warning, config.limits);
        let mut count = 0u64;
        loop {
            let entry = match entries.next() {
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
            match entry.item {
                Item::Message(m) => match &m.raw {
                    Some(bytes) => judge.message_bytes(
                        &label,
                        entry.line,
                        m.direction,
                        m.origin,
                        bytes,
                        sink,
                        summary,
                    ),
                    None => judge.message(
                        &label,
                        entry.line,
                        m.direction,
                        m.origin,
                        &m.value,
                        sink,
                        summary,
                    ),
                },
                Item::Problem(p) => judge.problem(&label, entry.line, None, &p, sink, summary),
            }
            .map_err(Failure::Output)?;
            count += 1;
            if let Some(p) = progress.as_mut() {
                if summary.violations + summary.warnings != before {
                    p.clear();
                    sink.flush().map_err(Failure::Output)?;
                }
                if count % 64 == 0 {
                    p.update(entries.bytes_read());
                }
            }
        }
        judge
            .finish(|_| label.as_str(), sink, summary)
            .map_err(Failure::Output)?;
    }
    Ok(unreadable)
}

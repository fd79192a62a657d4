//! `mcpwire check`: transcripts, message by message.

use std::io::BufReader;

use mcpwire::{
    input::Limits,
    transcript::{Item, Reader},
    Mode,
};

use crate::{
    inputs,
    judge::Judge,
    output::{Outputs, Summary},
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

/// Checks every file (directories expanded, UTF-16 decoded:
/// [`inputs`]). A file that cannot be opened or read is an input error in
/// every output (and on standard error).
pub fn run(
    files: &[String],
    config: &CheckConfig,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> Result<(), Failure> {
    for name in inputs::expand(files) {
        let opened = name.and_then(|n| inputs::open(&n).map_err(|e| (n, e)));
        let inputs::Input {
            label,
            reader: input,
            size,
            ..
        } = match opened {
            Ok(i) => i,
            Err((file, e)) => {
                sink.input_error(&file, &e).map_err(Failure::Output)?;
                continue;
            }
        };
        summary.files += 1;
        sink.file_start(&label, summary).map_err(Failure::Output)?;
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
                    sink.input_error(&label, &format!("cannot read {label}: {e}"))
                        .map_err(Failure::Output)?;
                    break;
                }
            };
            let before = summary.violations + summary.warnings;
            match entry.item {
                Item::Message(m) => match &m.raw {
                    Some(bytes) => {
                        sink.source(bytes, m.position);
                        judge.message_bytes(
                            &label,
                            entry.line,
                            m.direction,
                            m.origin,
                            bytes,
                            sink,
                            summary,
                        )
                    }
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
        sink.file_done(&label, summary).map_err(Failure::Output)?;
    }
    Ok(())
}

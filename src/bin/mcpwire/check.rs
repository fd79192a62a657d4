//! `mcpwire check`: transcripts, message by message — the library's
//! [`mcpwire::check_transcript`] loop, written out by [`Judge`].

use std::io::BufReader;

use mcpwire::{
    check::{check_transcript, Outcome},
    Mode, Options, Session,
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
    /// How the session judges: limits, `--null-id-as-warning`.
    pub options: Options,
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
        // HAR 1.2 captures and HTTP transcripts: judged as HTTP exchanges
        // (src/bin/mcpwire/http_check.rs).
        if let Some(har) = name
            .as_ref()
            .ok()
            .filter(|n| crate::http_check::is_capture(n, config.options.limits.max_bytes))
        {
            crate::http_check::run(har, config.mode, config.options, sink, summary)?;
            continue;
        }
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
        let session = Session::try_with_options(config.mode, config.options)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        let mut checker = check_transcript(reader, session);
        let mut count = 0u64;
        loop {
            let mut checked = match checker.next() {
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
            let session = checker.session();
            if let Some(text) = checked.text.take() {
                sink.source_owned(text, checked.position);
            }
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
                if count.is_multiple_of(64) {
                    p.update(checker.bytes_read());
                }
            }
        }
        Judge::unanswered(checker.session(), |_| label.as_str(), sink, summary)
            .map_err(Failure::Output)?;
        sink.file_done(&label, summary).map_err(Failure::Output)?;
    }
    Ok(())
}

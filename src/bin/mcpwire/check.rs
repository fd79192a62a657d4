//! `mcpwire check`: each file opened once ([`inputs::open`], the library's
//! input stage, which says what it is), then a transcript judged message
//! by message ([`Judge::transcript`], the library's
//! [`mcpwire::check_transcript`] loop written out), or a HAR capture or
//! HTTP transcript judged as HTTP exchanges ([`crate::http_check`]).

use mcpwire::{capture::Kind, Mode, Options, Session};

use crate::{
    inputs,
    judge::{Judge, Step},
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
    let limits = config.options.limits;
    for name in inputs::expand(files) {
        let opened = name.and_then(|n| inputs::open(&n, limits).map_err(|e| (n, e)));
        let inputs::Input {
            label,
            capture,
            size,
        } = match opened {
            Ok(i) => i,
            Err((file, e)) => {
                sink.input_error(&file, &e).map_err(Failure::Output)?;
                continue;
            }
        };
        if capture.kind() != Kind::Transcript {
            // HAR 1.2 captures and HTTP transcripts: judged as HTTP
            // exchanges (src/bin/mcpwire/http_check.rs).
            crate::http_check::run(&label, capture, config.mode, config.options, sink, summary)?;
            continue;
        }
        summary.files += 1;
        sink.file_start(&label, summary).map_err(Failure::Output)?;
        let mut progress = Progress::new(&label, size, config.progress);
        let session = Session::try_with_options(config.mode, config.options)
            .map_err(|e| Failure::Usage(e.to_string()))?;
        Judge::transcript(&label, capture, session, sink, summary, |step, sink| {
            let Some(p) = progress.as_mut() else {
                return Ok(());
            };
            match step {
                Step::ReadError => p.clear(),
                Step::Message {
                    findings,
                    count,
                    bytes_read,
                } => {
                    if findings {
                        p.clear();
                        sink.flush()?;
                    }
                    if count.is_multiple_of(64) {
                        p.update(bytes_read);
                    }
                }
            }
            Ok(())
        })
        .map_err(Failure::Output)?;
    }
    Ok(())
}

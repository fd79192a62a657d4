//! `mcpwire check` on HAR 1.2 captures: the file is read whole, turned into
//! ordered steps ([`mcpwire::http::har::steps`]) and replayed through the
//! live pipeline's judging ([`Replay`]: routing, HTTP rules, one session
//! per conversation) into [`HttpFindings`] — what the proxy does live.

use std::{fs, io::Read};

use mcpwire::{
    http::har,
    live::{self, Replay},
    Options,
};

use crate::{
    check::CheckConfig,
    http_judge::HttpFindings,
    output::{Outputs, Summary},
    Failure,
};

/// Whether `name` is a HAR capture (by its name, or its first bytes).
pub fn is_har(name: &str) -> bool {
    if name == "-" {
        return false;
    }
    let mut head = [0u8; 64];
    let n = fs::File::open(name)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    har::looks_like_har(name, &head[..n])
}

/// Checks one HAR file; one that cannot be read is an input error (exit 2).
pub fn run(
    name: &str,
    config: &CheckConfig,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let steps = fs::read(name)
        .map_err(|e| format!("cannot open {name}: {e}"))
        .and_then(|bytes| {
            har::read(&bytes)
                .and_then(|h| har::steps(&h, config.limits.max_bytes))
                .map_err(|e| format!("cannot read {name}: {e}"))
        });
    let steps = match steps {
        Ok(s) => s,
        Err(message) => return sink.input_error(name, &message).map_err(Failure::Output),
    };
    summary.files += 1;
    sink.file_start(name, summary).map_err(Failure::Output)?;
    let mut replay = Replay::new(live::Config {
        mode: config.mode,
        options: Options {
            null_id_as_warning: config.null_id_as_warning,
            limits: config.limits,
            ..Options::default()
        },
        ..live::Config::default()
    });
    let mut findings = HttpFindings::new(name, (&mut *sink, &mut *summary));
    for step in steps {
        replay.step(step, &mut findings);
    }
    replay.finish(&mut findings);
    if let (_, Some(e)) = findings.into_parts() {
        return Err(Failure::Output(e));
    }
    sink.file_done(name, summary).map_err(Failure::Output)
}

//! `mcpwire probe`: the arguments made a [`mcpwire::probe::Probe`], its
//! run observed by [`judging::Judging`] (every finding written as `check`
//! writes it, in every `--format` and `--output`, to memory while the
//! revisions run), then each revision's table and the findings behind it
//! ([`report`]). Exit status: 0 clean, 1 findings, 2 a usage error or a
//! server that cannot be started.

mod judging;
mod report;

use mcpwire::probe::{self, Probe, Tools};

use crate::{
    commands::{probe_args::ToolPolicy, ProbeArgs},
    output::Summary,
    Failure,
};
use judging::Judging;

/// Runs the probe; returns the exit status.
pub fn run(args: &ProbeArgs) -> Result<u8, Failure> {
    let probe = config(args)?;
    let (sink, destinations) = report::outputs(args)?;
    let summary = Summary {
        summary: true,
        ..Summary::default()
    };
    let judging = Judging::new(sink, summary, args.limits.limits());
    let (result, mut j) = probe.run_observed(judging).map_err(|e| match e {
        probe::Error::Config(s) => Failure::Usage(s),
        probe::Error::Start(s) => Failure::Input(s),
    })?;
    if let Some(e) = j.error.take() {
        return Err(Failure::Output(e));
    }
    j.sink.finish(&j.summary).map_err(Failure::Output)?;
    report::write_report(&result.revisions, destinations)?;
    Ok(j.sink.verdict.exit_code(&j.summary))
}

/// The probe `args` ask for; neither or both of `--url` and a command is
/// a usage error.
fn config(args: &ProbeArgs) -> Result<Probe, Failure> {
    let probe = match (&args.url, args.command.is_empty()) {
        (None, true) => {
            return Err(Failure::Usage(
                "probe needs a command to run, after --, or --url".into(),
            ))
        }
        (Some(_), false) => {
            return Err(Failure::Usage(
                "probe takes either --url or a command to run, not both".into(),
            ))
        }
        (Some(url), true) => Probe::url(url.clone()),
        (None, false) => Probe::stdio(args.command.iter().cloned()),
    };
    let mut probe = probe
        .revisions(args.revisions.iter().copied())
        .tools(match args.tools {
            ToolPolicy::ReadOnly => Tools::ReadOnly,
            ToolPolicy::All => Tools::All,
            ToolPolicy::None => Tools::None,
        })
        .timeout(args.timeout)
        .deadline(args.deadline)
        .page_limit(args.page_limit)
        .read_limit(args.read_limit)
        .limits(args.limits.limits());
    for (name, value) in &args.env {
        probe = probe.env(name, value);
    }
    for (name, value) in &args.headers {
        probe = probe.header(name, value.clone());
    }
    if let Some(har) = &args.har {
        probe = probe.har(har);
    }
    if let Some(t) = &args.transcript {
        probe = probe.transcript(t);
    }
    Ok(probe)
}

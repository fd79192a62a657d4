//! The `mcpwire` command line: validate Model Context Protocol traffic —
//! captured transcripts (`check`), single documents (`validate`) or a live
//! stdio server (`tap`) — against the published schemas, and show a
//! revision's dispatch maps (`dispatch`), and compare two revisions
//! (`diff`). See `docs/cli.md`.
//!
//! Exit status: 0 passed, 1 failed (violations, warnings with `--strict`,
//! a file below `--require-messages`), 2 usage or input error; `tap` exits
//! with the child's status. Output goes through the library's formats
//! ([`output::Outputs`], [`mcpwire::render`]).

mod args;
mod check;
mod commands;
mod diff;
mod document;
mod help;
mod http_check;
mod http_judge;
mod inputs;
mod judge;
mod maps;
mod output;
mod probe;
mod progress;
#[cfg(feature = "proxy")]
mod proxy;
mod signals;
mod snapshot;
mod style;
mod table;
mod tap;
mod validate;

use std::{
    io::{self, BufWriter, Write},
    path::PathBuf,
    process::ExitCode,
};

use mcpwire::{Mode, Options};

use crate::{
    commands::{
        CheckArgs, Cmd, DiffArgs, DiffFormat, DiffTargets, DispatchArgs, MapsFormat, OutputArgs,
        SpecChoice, TapArgs, ValidateArgs,
    },
    output::{Format, Outputs, Sink, Summary, Verdict},
};

impl OutputArgs {
    /// The outputs: `--format` on standard output (text by default, none
    /// when only `--output` is given, then a text summary on standard
    /// error), plus every `--output`.
    fn outputs(&self, verdict: Verdict) -> Result<Outputs, Failure> {
        let mut sinks = Vec::new();
        let stdout = self
            .format
            .or(self.output.is_empty().then_some(Format::Text));
        if let Some(format) = stdout {
            let (w, color) = output::writer(None, false, self.color).map_err(Failure::Output)?;
            sinks.push(output::sink(format, w, color && format == Format::Text));
        } else {
            let (w, color) = output::writer(None, true, self.color).map_err(Failure::Output)?;
            sinks.push(
                Box::new(mcpwire::render::text::Text::summary_only(w, color))
                    as Box<dyn Sink + Send>,
            );
        }
        self.push_outputs(&mut sinks)?;
        Ok(Outputs::new(sinks, verdict))
    }

    /// The outputs of a live judge (`tap`, `proxy`): `--format` (text by
    /// default) to `--report FILE` or standard error, plus every `--output`.
    fn report_outputs(
        &self,
        report: Option<&PathBuf>,
        verdict: Verdict,
    ) -> Result<Outputs, Failure> {
        let format = self.format.unwrap_or(Format::Text);
        let (out, color) = output::writer(report, report.is_none(), self.color)
            .map_err(|e| Failure::Input(e.to_string()))?;
        let mut sinks = vec![output::sink(format, out, color && format == Format::Text)];
        self.push_outputs(&mut sinks)?;
        Ok(Outputs::new(sinks, verdict))
    }

    /// One sink per `--output FORMAT=FILE`.
    fn push_outputs(&self, sinks: &mut Vec<Box<dyn Sink + Send>>) -> Result<(), Failure> {
        for o in &self.output {
            let (w, color) = output::writer(o.path.as_ref(), false, self.color)
                .map_err(|e| Failure::Input(e.to_string()))?;
            sinks.push(output::sink(o.format, w, color && o.format == Format::Text));
        }
        Ok(())
    }
}

/// Why a command could not do its job.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments (an unknown definition).
    Usage(String),
    /// Input that cannot be read at all (a missing file).
    Input(String),
    /// Writing the results failed.
    Output(io::Error),
}

impl Failure {
    fn report(self) -> ExitCode {
        match self {
            Failure::Usage(m) | Failure::Input(m) => eprintln!("mcpwire: error: {m}"),
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
            Failure::Output(e) => eprintln!("mcpwire: error: writing output: {e}"),
        }
        ExitCode::from(2)
    }
}

fn mode(spec: SpecChoice) -> Mode {
    match spec {
        SpecChoice::Auto => Mode::Auto,
        SpecChoice::Fixed(v) => Mode::Fixed(v),
    }
}

/// The session options every judging command takes from its flags.
fn options(limits: &commands::LimitArgs, null_id_as_warning: bool) -> Options {
    Options {
        null_id_as_warning,
        limits: limits.limits(),
        ..Options::default()
    }
}

fn check(args: CheckArgs) -> Result<ExitCode, Failure> {
    let mut sink = args.output.outputs(Verdict {
        strict: args.strict,
        require_messages: args.require_messages,
        ..Verdict::default()
    })?;
    let mut summary = Summary {
        summary: true,
        ..Summary::default()
    };
    let config = check::CheckConfig {
        mode: mode(args.spec),
        options: options(&args.limits, args.null_id_as_warning),
        progress: !args.no_progress,
    };
    check::run(&args.files, &config, &mut sink, &mut summary)?;
    sink.finish(&summary).map_err(Failure::Output)?;
    Ok(ExitCode::from(sink.verdict.exit_code(&summary)))
}

fn validate(args: ValidateArgs) -> Result<ExitCode, Failure> {
    let mut sink = args.output.outputs(Verdict::default())?;
    let mut summary = Summary {
        summary: true,
        ..Summary::default()
    };
    validate::run(
        args.spec,
        &args.def,
        &args.file,
        args.limits.limits(),
        &mut sink,
        &mut summary,
    )?;
    sink.message_done().map_err(Failure::Output)?;
    sink.finish(&summary).map_err(Failure::Output)?;
    Ok(ExitCode::from(sink.verdict.exit_code(&summary)))
}

fn probe(args: &commands::ProbeArgs) -> Result<ExitCode, Failure> {
    probe::run(args).map(ExitCode::from)
}

fn tap(args: TapArgs) -> Result<ExitCode, Failure> {
    let sink = args
        .output
        .report_outputs(args.report.as_ref(), Verdict::default())?;
    let config = tap::TapConfig {
        mode: mode(args.spec),
        options: options(&args.limits, args.null_id_as_warning),
        queue_bytes: args.queue_bytes,
        stack: args.limits.stack(),
    };
    let status = tap::run(&args.command, config, sink)?;
    if let Some(code) = status.code() {
        return Ok(ExitCode::from(u8::try_from(code & 0xff).unwrap_or(1)));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            signals::die_by(signal);
            return Ok(ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)));
        }
    }
    Ok(ExitCode::from(1))
}

#[cfg(feature = "proxy")]
fn proxy(args: commands::ProxyArgs) -> Result<ExitCode, Failure> {
    // Findings as `tap` writes them: --report FILE or standard error, plus
    // any --output.
    let sink = args.output.report_outputs(
        args.report.as_ref(),
        Verdict {
            strict: args.strict,
            ..Verdict::default()
        },
    )?;
    let config = proxy::ProxyConfig {
        upstream: args.upstream,
        listen: args.listen,
        mode: mode(args.spec),
        options: options(&args.limits, args.null_id_as_warning),
        queue_bytes: args.queue_bytes,
        stack: args.limits.stack(),
        har: args.har,
        upstream_ca: args.upstream_ca,
        transcript: args.transcript,
        redaction: if args.keep_secrets {
            eprintln!(
                "mcpwire proxy: warning: --keep-secrets: Authorization, Cookie, api_key and the \
                 other credentials are written in clear to the HAR, the transcript and the \
                 reports"
            );
            mcpwire::http::Redaction::none()
        } else {
            mcpwire::http::Redaction::new(&args.redact_headers).with_query(&args.redact_query)
        },
    };
    Ok(ExitCode::from(proxy::run(config, sink)?))
}

fn dispatch(args: DispatchArgs) -> Result<ExitCode, Failure> {
    let spec = args
        .spec
        .spec()
        .ok_or_else(|| Failure::Usage(format!("revision {} is not compiled in", args.spec)))?;
    let mut out = BufWriter::new(io::stdout().lock());
    match args.format {
        MapsFormat::Text => maps::text(spec, &mut out),
        MapsFormat::Json => serde_json::to_writer_pretty(&mut out, spec.maps)
            .map_err(io::Error::from)
            .and_then(|()| out.write_all(b"\n")),
    }
    .and_then(|()| out.flush())
    .map_err(Failure::Output)?;
    Ok(ExitCode::SUCCESS)
}

fn diff(args: DiffArgs) -> Result<ExitCode, Failure> {
    let (from, to) = match args.targets {
        DiffTargets::Revisions(from, to) => (from, to),
        DiffTargets::Snapshots(old, new) => {
            return snapshot::diff(&old, &new, args.format, args.fail_on)
        }
    };
    let spec = |v: mcpwire::Version| {
        v.spec()
            .ok_or_else(|| Failure::Usage(format!("revision {v} is not compiled in")))
    };
    let report = diff::report(spec(from)?, spec(to)?);
    let mut out = BufWriter::new(io::stdout().lock());
    match args.format {
        DiffFormat::Json => diff::json(&report, &mut out),
        _ => diff::text(&report, &mut out),
    }
    .and_then(|()| out.flush())
    .map_err(Failure::Output)?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let command = match commands::APP.parse(std::env::args_os().skip(1)) {
        Ok(command) => command,
        Err(stop) => return stop.report(),
    };
    let stack = match &command {
        Cmd::Check(a) => a.limits.stack(),
        Cmd::Validate(a) => a.limits.stack(),
        Cmd::Tap(_) | Cmd::Dispatch(_) | Cmd::Diff(_) | Cmd::Snapshot(_) => 8 << 20,
        Cmd::Probe(a) => a.limits.stack(),
        #[cfg(feature = "proxy")]
        Cmd::Proxy(_) => 8 << 20,
    };
    // Parsing, checking and dropping a message recurse once per nesting
    // level: run on a thread whose stack fits --max-depth.
    let worker = std::thread::Builder::new()
        .name("mcpwire".into())
        .stack_size(stack)
        .spawn(move || {
            let result = match command {
                Cmd::Check(a) => check(a),
                Cmd::Validate(a) => validate(a),
                Cmd::Tap(a) => tap(a),
                Cmd::Probe(a) => probe(&a),
                Cmd::Dispatch(a) => dispatch(a),
                Cmd::Diff(a) => diff(a),
                Cmd::Snapshot(a) => snapshot::write(&a),
                #[cfg(feature = "proxy")]
                Cmd::Proxy(a) => proxy(a),
            };
            result.unwrap_or_else(Failure::report)
        });
    match worker.map(|w| w.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("mcpwire: error: internal failure");
            ExitCode::from(2)
        }
    }
}

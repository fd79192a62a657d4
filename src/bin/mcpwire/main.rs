//! The `mcpwire` command line: validate Model Context Protocol traffic —
//! captured transcripts (`check`), single documents (`validate`) or a live
//! stdio server (`tap`) — against the published schemas, and show a
//! revision's dispatch maps (`dispatch`). See `docs/cli.md`.
//!
//! Exit status: 0 passed, 1 failed (violations, warnings with `--strict`,
//! a file below `--require-messages`), 2 usage or input error; `tap` exits
//! with the child's status. Output goes through [`sink::Sink`]s
//! ([`output::Outputs`]).

mod check;
mod conformance;
use mcpwire::excerpt;
mod github;
mod http_check;
mod http_judge;
mod http_transcript;
mod inputs;
mod jsonl;
mod judge;
mod junit;
mod maps;
mod output;
mod progress;
#[cfg(feature = "proxy")]
mod proxy;
mod sarif;
mod signals;
mod sink;
mod style;
mod tap;
mod text;
mod utf16;
mod validate;

use std::{
    ffi::OsString,
    io::{self, BufWriter, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Args, Parser, Subcommand};
use mcpwire::{input::Limits, Mode, Version};

use crate::{
    output::{Format, OutputSpec, Outputs, Summary},
    sink::Verdict,
    style::ColorChoice,
};

/// Validate Model Context Protocol (MCP) wire traffic against the
/// published JSON schemas, with validators compiled from them.
#[derive(Debug, Parser)]
#[command(name = "mcpwire", version, propagate_version = true, styles = style::help_styles())]
#[command(
    after_help = "Exit status: 0 passed, 1 failed (violations; warnings with --strict; fewer \
                  messages than --require-messages), 2 usage or input error (an input that \
                  cannot be read fails every output format too); `tap` exits with the \
                  server's status. See docs/cli.md."
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Debug, Subcommand)]
enum Cmd {
    /// Check transcripts of captured traffic, message by message.
    ///
    /// A transcript is JSON Lines — each line a record
    /// {"dir":"c2s"|"s2c","msg":MESSAGE[,"origin":"harness"|"implementation"]}
    /// or a bare JSON-RPC message whose direction is inferred — a JSON
    /// array of records or messages, or pretty-printed JSON values one
    /// after the other. UTF-16 is decoded; a directory stands for the
    /// *.jsonl, *.ndjson and *.json files below it. Files are streamed with
    /// bounded memory.
    Check(CheckArgs),
    /// Validate one JSON document against one schema definition.
    Validate(ValidateArgs),
    /// Run a stdio MCP server and validate its traffic live.
    ///
    /// Standard input goes to the server (c2s) and the server's standard
    /// output to standard output (s2c), byte for byte; every line is
    /// validated off the forwarding path. Findings go to standard error or
    /// --report. Exits with the server's status.
    Tap(TapArgs),
    /// Print a revision's dispatch maps: methods, error codes, envelopes.
    Dispatch(DispatchArgs),
    /// Run a reverse proxy in front of an MCP server over HTTP and validate
    /// its traffic live.
    ///
    /// Streamable HTTP (POST, GET, DELETE, SSE) and the 2024-11-05 HTTP+SSE
    /// transport. Every byte is forwarded unchanged; every JSON-RPC message
    /// (bodies and SSE events) and the HTTP rules are judged off the
    /// forwarding path. Point the client at the proxy with the upstream's
    /// path. Runs until SIGINT/SIGTERM, then writes the summary.
    #[cfg(feature = "proxy")]
    Proxy(ProxyArgs),
}

/// `--spec`: a revision or `auto`.
#[derive(Clone, Copy, Debug)]
enum SpecChoice {
    Auto,
    Fixed(Version),
}

/// The revisions, for help texts (all of them, so the help is the same
/// in every build; one whose cargo feature is off is refused by name).
fn revisions_help() -> String {
    let names: Vec<&str> = Version::ALL.iter().map(|v| v.as_str()).collect();
    format!(
        "{}, or `latest` for the newest dated one compiled in",
        names.join(", ")
    )
}

fn parse_version(s: &str) -> Result<Version, String> {
    if s == "latest" {
        return Version::enabled()
            .filter(|v| *v != Version::Draft)
            .last()
            .ok_or_else(|| "no dated revision is compiled into this build".to_string());
    }
    let v: Version = s.parse().map_err(|e: mcpwire::UnknownVersion| {
        let close = mcpwire::suggest::closest(s, Version::ALL.iter().map(|v| v.as_str()));
        match close.first() {
            Some(c) => format!("{e}; did you mean {c}?"),
            None => e.to_string(),
        }
    })?;
    if v.spec().is_none() {
        return Err(format!(
            "revision {v} is not compiled into this build (cargo feature {})",
            v.module()
        ));
    }
    Ok(v)
}

fn parse_spec(s: &str) -> Result<SpecChoice, String> {
    if s == "auto" {
        return Ok(SpecChoice::Auto);
    }
    parse_version(s).map(SpecChoice::Fixed)
}

/// A byte count: `1048576`, `64KiB`, `256MiB`, `1GiB` (also `K`, `M`, `G`).
fn parse_size(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: usize = n.parse().map_err(|_| format!("not a size: {s:?}"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        _ => return Err(format!("unknown size unit in {s:?} (use KiB, MiB or GiB)")),
    };
    n.checked_mul(1usize << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| format!("size out of range: {s:?}"))
}

/// Reading limits.
#[derive(Debug, Args)]
struct LimitArgs {
    /// Deepest nesting of arrays and objects accepted in one message;
    /// deeper messages are reported, not parsed.
    #[arg(long, value_name = "LEVELS", default_value_t = 512,
          value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_depth: u32,
    /// Largest message accepted (bytes; KiB, MiB, GiB suffixes); larger
    /// ones are reported and skipped without being stored.
    #[arg(long, value_name = "SIZE", default_value = "256MiB", value_parser = parse_size)]
    max_message_bytes: usize,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth as usize,
            max_bytes: self.max_message_bytes,
        }
    }

    /// Stack for the thread that parses, validates and drops messages:
    /// all three recurse once per nesting level.
    fn stack(&self) -> usize {
        (32 << 20) + self.max_depth as usize * (16 << 10)
    }
}

/// Output options.
#[derive(Debug, Args)]
struct OutputArgs {
    /// Format of standard output [default: text; with --output, nothing
    /// goes to standard output unless --format is given].
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Also write FORMAT to FILE (repeatable: `--output json=out.jsonl
    /// --output sarif=out.sarif`); `-` is standard output. The text
    /// summary then goes to standard error.
    #[arg(long, value_name = "FORMAT=FILE", value_parser = output::parse_output)]
    output: Vec<OutputSpec>,
    /// Colour the text format (auto honours NO_COLOR, CLICOLOR_FORCE and
    /// TERM=dumb).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

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
            sinks.push(Box::new(text::Text::summary_only(w, color)) as Box<dyn sink::Sink + Send>);
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
    fn push_outputs(&self, sinks: &mut Vec<Box<dyn sink::Sink + Send>>) -> Result<(), Failure> {
        for o in &self.output {
            let (w, color) = output::writer(o.path.as_ref(), false, self.color)
                .map_err(|e| Failure::Input(e.to_string()))?;
            sinks.push(output::sink(o.format, w, color && o.format == Format::Text));
        }
        Ok(())
    }
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Revision to judge at, or `auto` to follow the negotiated one
    /// (initialize, per-request `_meta` protocol version).
    #[arg(long, value_name = "REVISION|auto", default_value = "auto", value_parser = parse_spec,
          long_help = format!("Revision to judge at ({}), or `auto` to follow the negotiated one \
                               (initialize, per-request `_meta` protocol version)", revisions_help()))]
    spec: SpecChoice,
    #[command(flatten)]
    output: OutputArgs,
    /// Exit 1 on warnings too (every format reports them as failing).
    #[arg(long)]
    strict: bool,
    /// Fail a file with fewer than N messages (an empty or truncated
    /// capture).
    #[arg(long, value_name = "N")]
    require_messages: Option<usize>,
    /// Report `"id": null` on parse-error / invalid-request error responses
    /// as a warning (JSON-RPC 2.0 requires it) instead of a violation.
    #[arg(long)]
    null_id_as_warning: bool,
    /// No progress bar.
    #[arg(long)]
    no_progress: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Transcripts; `-` reads standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<String>,
}

#[derive(Debug, Args)]
struct ValidateArgs {
    /// Revision of the schema.
    #[arg(long, value_name = "REVISION", value_parser = parse_version)]
    spec: Version,
    /// Definition to validate against (`CallToolRequest`).
    #[arg(long, value_name = "DEFINITION")]
    def: String,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// The JSON document; `-` (default) reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    file: String,
}

#[derive(Debug, Args)]
struct TapArgs {
    /// Revision to judge at, or `auto`.
    #[arg(long, value_name = "REVISION|auto", default_value = "auto", value_parser = parse_spec)]
    spec: SpecChoice,
    /// Write findings to FILE instead of standard error.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    /// Report `"id": null` on parse-error / invalid-request error responses
    /// as a warning.
    #[arg(long)]
    null_id_as_warning: bool,
    /// Bytes of lines waiting for validation; past it, lines are dropped
    /// from validation (never from the stream) and counted.
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_size)]
    queue_bytes: usize,
    #[command(flatten)]
    limits: LimitArgs,
    /// The server to run, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<OsString>,
}

#[cfg(feature = "proxy")]
#[derive(Debug, Args)]
struct ProxyArgs {
    /// The MCP server's URL (http:// or https://).
    #[arg(long, value_name = "URL")]
    upstream: String,
    /// Address to listen on (loopback by default; port 0 picks one, which
    /// is printed on standard error).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8808")]
    listen: std::net::SocketAddr,
    /// Revision to judge at, or `auto`.
    #[arg(long, value_name = "REVISION|auto", default_value = "auto", value_parser = parse_spec)]
    spec: SpecChoice,
    /// Write findings to FILE instead of standard error.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
    /// Also write the exchanges as a HAR 1.2 capture (`mcpwire check FILE`
    /// gives the same findings).
    #[arg(long, value_name = "FILE")]
    har: Option<PathBuf>,
    /// Trust the CA certificates in this PEM file for an HTTPS upstream
    /// (besides the webpki roots).
    #[arg(long, value_name = "PEM")]
    upstream_ca: Option<PathBuf>,
    /// Also write every step of every exchange as a JSON Lines transcript
    /// whose records carry HTTP metadata (`mcpwire check FILE` gives the
    /// same findings).
    #[arg(long, value_name = "FILE")]
    transcript: Option<PathBuf>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    strict: bool,
    /// Report `"id": null` on parse-error / invalid-request error responses
    /// as a warning.
    #[arg(long)]
    null_id_as_warning: bool,
    /// Bytes of messages waiting for judging; past it, messages go
    /// unjudged (never unforwarded) and are counted.
    #[arg(long, value_name = "SIZE", default_value = "64MiB", value_parser = parse_size)]
    queue_bytes: usize,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(Debug, Args)]
struct DispatchArgs {
    /// Revision.
    #[arg(long, value_name = "REVISION", value_parser = parse_version)]
    spec: Version,
    /// `text` for people, `json` for the maps as data.
    #[arg(long, value_enum, default_value_t = MapsFormat::Text)]
    format: MapsFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum MapsFormat {
    Text,
    Json,
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
        limits: args.limits.limits(),
        null_id_as_warning: args.null_id_as_warning,
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

fn tap(args: TapArgs) -> Result<ExitCode, Failure> {
    let sink = args
        .output
        .report_outputs(args.report.as_ref(), Verdict::default())?;
    let config = tap::TapConfig {
        mode: mode(args.spec),
        limits: args.limits.limits(),
        null_id_as_warning: args.null_id_as_warning,
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
fn proxy(args: ProxyArgs) -> Result<ExitCode, Failure> {
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
        limits: args.limits.limits(),
        null_id_as_warning: args.null_id_as_warning,
        queue_bytes: args.queue_bytes,
        stack: args.limits.stack(),
        har: args.har,
        upstream_ca: args.upstream_ca,
        transcript: args.transcript,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stack = match &cli.command {
        Cmd::Check(a) => a.limits.stack(),
        Cmd::Validate(a) => a.limits.stack(),
        Cmd::Tap(_) | Cmd::Dispatch(_) => 8 << 20,
        #[cfg(feature = "proxy")]
        Cmd::Proxy(_) => 8 << 20,
    };
    // Parsing, checking and dropping a message recurse once per nesting
    // level: run on a thread whose stack fits --max-depth.
    let worker = std::thread::Builder::new()
        .name("mcpwire".into())
        .stack_size(stack)
        .spawn(move || {
            let result = match cli.command {
                Cmd::Check(a) => check(a),
                Cmd::Validate(a) => validate(a),
                Cmd::Tap(a) => tap(a),
                Cmd::Dispatch(a) => dispatch(a),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1024"), Ok(1024));
        assert_eq!(parse_size("64KiB"), Ok(64 << 10));
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert!(parse_size("12 parsecs").is_err());
        assert!(parse_size("0").is_err());
    }

    #[test]
    fn cli_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}

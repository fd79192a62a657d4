//! The `mcpwire` command line: validate Model Context Protocol traffic —
//! captured transcripts (`check`), single documents (`validate`) or a live
//! stdio server (`tap`) — against the published schemas, and show a
//! revision's dispatch maps (`dispatch`). See `docs/cli.md`.
//!
//! Exit status: 0 clean, 1 violations (or warnings with `--strict`), 2 usage
//! or input error; `tap` exits with the child's status.

mod check;
mod excerpt;
mod http_check;
mod http_judge;
mod judge;
mod maps;
mod output;
mod progress;
#[cfg(feature = "proxy")]
mod proxy;
mod signals;
mod style;
mod tap;
mod validate;

use std::{
    ffi::OsString,
    fs::File,
    io::{self, BufWriter, Write},
    path::PathBuf,
    process::ExitCode,
};

use clap::{Args, Parser, Subcommand};
use mcpwire::{input::Limits, Mode, Version};

use crate::{
    output::{Format, Sink, Summary},
    style::{ColorChoice, Style},
};

/// Validate Model Context Protocol (MCP) wire traffic against the
/// published JSON schemas, with validators compiled from them.
#[derive(Debug, Parser)]
#[command(name = "mcpwire", version, propagate_version = true)]
#[command(
    after_help = "Exit status: 0 clean, 1 violations (or warnings with --strict), \
                        2 usage or input error; `tap` exits with the server's status."
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
    /// or a bare JSON-RPC message whose direction is inferred — or a JSON
    /// array of records. Files are streamed with bounded memory.
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

fn parse_version(s: &str) -> Result<Version, String> {
    let v: Version = s
        .parse()
        .map_err(|e: mcpwire::UnknownVersion| e.to_string())?;
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
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Colour the text format.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// Revision to judge at, or `auto` to follow the negotiated one
    /// (initialize, per-request `_meta` protocol version).
    #[arg(long, value_name = "REVISION|auto", default_value = "auto", value_parser = parse_spec)]
    spec: SpecChoice,
    #[command(flatten)]
    output: OutputArgs,
    /// Exit 1 on warnings too.
    #[arg(long)]
    strict: bool,
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

fn stdout_sink(output: &OutputArgs) -> Sink<BufWriter<io::Stdout>> {
    Sink::new(
        output.format,
        BufWriter::with_capacity(64 << 10, io::stdout()),
        Style {
            color: output.format == Format::Text && output.color.stdout(),
        },
    )
}

/// 0 clean, 1 violations (or warnings when strict).
fn verdict(summary: &Summary, strict: bool) -> ExitCode {
    if summary.violations > 0 || (strict && summary.warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn check(args: CheckArgs) -> Result<ExitCode, Failure> {
    let mut sink = stdout_sink(&args.output);
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
    let unreadable = check::run(&args.files, &config, &mut sink, &mut summary)?;
    sink.finish(&summary).map_err(Failure::Output)?;
    if unreadable > 0 {
        return Ok(ExitCode::from(2));
    }
    Ok(verdict(&summary, args.strict))
}

fn validate(args: ValidateArgs) -> Result<ExitCode, Failure> {
    let mut sink = stdout_sink(&args.output);
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
    sink.finish(&summary).map_err(Failure::Output)?;
    Ok(verdict(&summary, false))
}

fn tap(args: TapArgs) -> Result<ExitCode, Failure> {
    let (out, color): (Box<dyn Write + Send>, bool) = match &args.report {
        Some(path) => {
            let file = File::create(path)
                .map_err(|e| Failure::Input(format!("cannot create {}: {e}", path.display())))?;
            (
                Box::new(BufWriter::new(file)),
                args.output.color == ColorChoice::Always,
            )
        }
        None => (Box::new(io::stderr()), args.output.color.stderr()),
    };
    let sink = Sink::new(
        args.output.format,
        out,
        Style {
            color: color && args.output.format == Format::Text,
        },
    );
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

/// Where a live command's findings go: `--report FILE` or standard error.
fn report_sink(
    report: &Option<PathBuf>,
    output: &OutputArgs,
) -> Result<Sink<Box<dyn Write + Send>>, Failure> {
    let (out, color): (Box<dyn Write + Send>, bool) = match report {
        Some(path) => {
            let file = File::create(path)
                .map_err(|e| Failure::Input(format!("cannot create {}: {e}", path.display())))?;
            (
                Box::new(BufWriter::new(file)),
                output.color == ColorChoice::Always,
            )
        }
        None => (Box::new(io::stderr()), output.color.stderr()),
    };
    Ok(Sink::new(
        output.format,
        out,
        Style {
            color: color && output.format == Format::Text,
        },
    ))
}

#[cfg(feature = "proxy")]
fn proxy(args: ProxyArgs) -> Result<ExitCode, Failure> {
    let sink = report_sink(&args.report, &args.output)?;
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
    };
    let summary = proxy::run(config, sink)?;
    Ok(verdict(&summary, args.strict))
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

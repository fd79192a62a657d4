//! What each subcommand takes: one [`Flag`] per option, with its help
//! beside it, the [`Command`] tables that group them, and the typed
//! arguments ([`CheckArgs`], …) read from a [`Matches`]. [`APP`] is the
//! whole command line; [`crate::args`] parses it, [`crate::help`] lays out
//! its help.

use std::{ffi::OsString, path::PathBuf};

use mcpwire::{input::Limits, Version};

use crate::{
    args::{self, App, Choice, Command, Entry, Flag, Matches, Positional, Stop, UsageError},
    output::{self, Format, OutputSpec},
    style::ColorChoice,
};

// `mcpwire probe`'s options live beside the probe (src/bin/mcpwire/probe/).
#[path = "probe/args.rs"]
pub(crate) mod probe_args;
pub use probe_args::ProbeArgs;

/// A parsed command line.
#[derive(Debug)]
pub enum Cmd {
    /// `mcpwire check`.
    Check(CheckArgs),
    /// `mcpwire validate`.
    Validate(ValidateArgs),
    /// `mcpwire tap`.
    Tap(TapArgs),
    /// `mcpwire probe`.
    Probe(ProbeArgs),
    /// `mcpwire dispatch`.
    Dispatch(DispatchArgs),
    /// `mcpwire diff`.
    Diff(DiffArgs),
    /// `mcpwire proxy`.
    #[cfg(feature = "proxy")]
    Proxy(ProxyArgs),
}

/// The command line: the subcommands in help order.
pub const APP: App<Cmd> = App {
    about: "Validate Model Context Protocol (MCP) wire traffic against the published JSON \
            schemas, with validators compiled from them",
    after_help: "Exit status: 0 passed, 1 failed (violations; warnings with --strict; fewer \
                 messages than --require-messages), 2 usage or input error (an input that \
                 cannot be read fails every output format too); `tap` exits with the \
                 server's status; `probe` exits 2 when the server cannot be started. See docs/cli.md.",
    commands: &[
        Entry {
            command: &CHECK,
            build: |m| CheckArgs::take(m).map(Cmd::Check),
        },
        Entry {
            command: &VALIDATE,
            build: |m| ValidateArgs::take(m).map(Cmd::Validate),
        },
        Entry {
            command: &TAP,
            build: |m| TapArgs::take(m).map(Cmd::Tap),
        },
        Entry {
            command: &probe_args::PROBE,
            build: |m| ProbeArgs::take(m).map(Cmd::Probe),
        },
        Entry {
            command: &DISPATCH,
            build: |m| DispatchArgs::take(m).map(Cmd::Dispatch),
        },
        Entry {
            command: &DIFF,
            build: |m| DiffArgs::take(m).map(Cmd::Diff),
        },
        #[cfg(feature = "proxy")]
        Entry {
            command: &PROXY,
            build: |m| ProxyArgs::take(m).map(Cmd::Proxy),
        },
    ],
};

/// `--spec`: a revision or `auto`.
#[derive(Clone, Copy, Debug)]
pub enum SpecChoice {
    /// Follow the negotiated revision.
    Auto,
    /// Judge at this one.
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

/// A revision compiled into this build, or `latest`.
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

/// A revision or `auto`.
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

/// A count (`--require-messages`).
fn parse_count(s: &str) -> Result<usize, String> {
    s.parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())
}

/// `--max-depth`: 1 to 10 000 levels.
fn parse_depth(s: &str) -> Result<u32, String> {
    const DEPTHS: std::ops::RangeInclusive<u32> = 1..=10_000;
    let n: u32 = s
        .parse()
        .map_err(|e: std::num::ParseIntError| e.to_string())?;
    if !DEPTHS.contains(&n) {
        return Err(format!("{n} is not in {DEPTHS:?}"));
    }
    Ok(n)
}

/// Text values taken as they are.
fn text(s: &str) -> Result<String, String> {
    Ok(s.to_string())
}

/// The reading limits: `--max-depth`, `--max-message-bytes`.
const LIMIT_FLAGS: &[Flag] = &[MAX_DEPTH, MAX_MESSAGE_BYTES];

const MAX_DEPTH: Flag = Flag {
    default: Some("512"),
    ..Flag::value(
        "max-depth",
        "LEVELS",
        "Deepest nesting of arrays and objects accepted in one message; deeper messages are \
         reported, not parsed",
    )
};

const MAX_MESSAGE_BYTES: Flag = Flag {
    default: Some("256MiB"),
    ..Flag::value(
        "max-message-bytes",
        "SIZE",
        "Largest message accepted (bytes; KiB, MiB, GiB suffixes); larger ones are reported and \
         skipped without being stored",
    )
};

/// Reading limits.
#[derive(Debug)]
pub struct LimitArgs {
    /// `--max-depth`.
    pub max_depth: u32,
    /// `--max-message-bytes`.
    pub max_message_bytes: usize,
}

impl LimitArgs {
    fn take(m: &mut Matches) -> Result<LimitArgs, Stop> {
        Ok(LimitArgs {
            max_depth: m.one(&MAX_DEPTH, parse_depth)?,
            max_message_bytes: m.one(&MAX_MESSAGE_BYTES, parse_size)?,
        })
    }

    /// The limits for the library.
    pub fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth as usize,
            max_bytes: self.max_message_bytes,
        }
    }

    /// Stack for the thread that parses, validates and drops messages:
    /// all three recurse once per nesting level.
    pub fn stack(&self) -> usize {
        (32 << 20) + self.max_depth as usize * (16 << 10)
    }
}

/// The output options: `--format`, `--output`, `--color`.
const OUTPUT_FLAGS: &[Flag] = &[FORMAT, OUTPUT, COLOR];

const FORMAT: Flag = Flag {
    choices: Some(args::choices::<Format>),
    ..Flag::value(
        "format",
        "FORMAT",
        "Format of standard output [default: text; with --output, nothing goes to standard \
         output unless --format is given]",
    )
};

const OUTPUT: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "output",
        "FORMAT=FILE",
        "Also write FORMAT to FILE (repeatable: `--output json=out.jsonl --output \
         sarif=out.sarif`); `-` is standard output. The text summary then goes to standard \
         error",
    )
};

const COLOR: Flag = Flag {
    default: Some("auto"),
    choices: Some(args::choices::<ColorChoice>),
    ..Flag::value(
        "color",
        "WHEN",
        "Colour the text format (auto honours NO_COLOR, CLICOLOR_FORCE and TERM=dumb)",
    )
};

/// Output options.
#[derive(Debug)]
pub struct OutputArgs {
    /// `--format`.
    pub format: Option<Format>,
    /// Each `--output`.
    pub output: Vec<OutputSpec>,
    /// `--color`.
    pub color: ColorChoice,
}

impl OutputArgs {
    fn take(m: &mut Matches) -> Result<OutputArgs, Stop> {
        Ok(OutputArgs {
            format: m.maybe(&FORMAT, args::choice)?,
            output: m.all(&OUTPUT, output::parse_output)?,
            color: m.one(&COLOR, args::choice)?,
        })
    }
}

const CHECK: Command = Command {
    name: "check",
    about: "Check transcripts of captured traffic, message by message",
    long_about: Some(
        "Check transcripts of captured traffic, message by message.\n\n\
         A transcript is JSON Lines — each line a record \
         {\"dir\":\"c2s\"|\"s2c\",\"msg\":MESSAGE[,\"origin\":\"harness\"|\"implementation\"]} \
         or a bare JSON-RPC message whose direction is inferred — a JSON array of records or \
         messages, or pretty-printed JSON values one after the other. UTF-16 is decoded; a \
         directory stands for the *.jsonl, *.ndjson and *.json files below it. Files are \
         streamed with bounded memory.",
    ),
    flags: &[
        &[CHECK_SPEC],
        OUTPUT_FLAGS,
        &[STRICT, REQUIRE_MESSAGES, CHECK_NULL_ID, NO_PROGRESS],
        LIMIT_FLAGS,
    ],
    positional: Some(Positional {
        name: "FILE",
        help: "Transcripts; `-` reads standard input",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

const CHECK_SPEC: Flag = Flag {
    default: Some("auto"),
    long_help: Some(|| {
        format!(
            "Revision to judge at ({}), or `auto` to follow the negotiated one (initialize, \
             per-request `_meta` protocol version)",
            revisions_help()
        )
    }),
    ..Flag::value(
        "spec",
        "REVISION|auto",
        "Revision to judge at, or `auto` to follow the negotiated one (initialize, \
         per-request `_meta` protocol version)",
    )
};

const STRICT: Flag = Flag::switch(
    "strict",
    "Exit 1 on warnings too (every format reports them as failing)",
);

const REQUIRE_MESSAGES: Flag = Flag::value(
    "require-messages",
    "N",
    "Fail a file with fewer than N messages (an empty or truncated capture)",
);

const CHECK_NULL_ID: Flag = Flag::switch(
    "null-id-as-warning",
    "Report `\"id\": null` on parse-error / invalid-request error responses as a warning \
     (JSON-RPC 2.0 requires it) instead of a violation",
);

const NO_PROGRESS: Flag = Flag::switch("no-progress", "No progress bar");

/// `mcpwire check`.
#[derive(Debug)]
pub struct CheckArgs {
    /// `--spec`.
    pub spec: SpecChoice,
    /// The output options.
    pub output: OutputArgs,
    /// `--strict`.
    pub strict: bool,
    /// `--require-messages`.
    pub require_messages: Option<usize>,
    /// `--null-id-as-warning`.
    pub null_id_as_warning: bool,
    /// `--no-progress`.
    pub no_progress: bool,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The transcripts.
    pub files: Vec<String>,
}

impl CheckArgs {
    fn take(m: &mut Matches) -> Result<CheckArgs, Stop> {
        Ok(CheckArgs {
            spec: m.one(&CHECK_SPEC, parse_spec)?,
            output: OutputArgs::take(m)?,
            strict: m.switch(&STRICT),
            require_messages: m.maybe(&REQUIRE_MESSAGES, parse_count)?,
            null_id_as_warning: m.switch(&CHECK_NULL_ID),
            no_progress: m.switch(&NO_PROGRESS),
            limits: LimitArgs::take(m)?,
            files: m.positional_strings()?,
        })
    }
}

const VALIDATE: Command = Command {
    name: "validate",
    about: "Validate one JSON document against one schema definition",
    long_about: None,
    flags: &[&[VALIDATE_SPEC, DEF], OUTPUT_FLAGS, LIMIT_FLAGS],
    positional: Some(Positional {
        name: "FILE",
        help: "The JSON document; `-` (default) reads standard input",
        many: false,
        required: false,
        default: Some("-"),
        after_dashes: false,
    }),
};

const VALIDATE_SPEC: Flag = Flag {
    required: true,
    ..Flag::value("spec", "REVISION", "Revision of the schema")
};

const DEF: Flag = Flag {
    required: true,
    ..Flag::value(
        "def",
        "DEFINITION",
        "Definition to validate against (`CallToolRequest`)",
    )
};

/// `mcpwire validate`.
#[derive(Debug)]
pub struct ValidateArgs {
    /// `--spec`.
    pub spec: Version,
    /// `--def`.
    pub def: String,
    /// The output options.
    pub output: OutputArgs,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The document (`-`: standard input).
    pub file: String,
}

impl ValidateArgs {
    fn take(m: &mut Matches) -> Result<ValidateArgs, Stop> {
        Ok(ValidateArgs {
            spec: m.one(&VALIDATE_SPEC, parse_version)?,
            def: m.one(&DEF, text)?,
            output: OutputArgs::take(m)?,
            limits: LimitArgs::take(m)?,
            file: m.positional_strings()?.pop().unwrap_or_default(),
        })
    }
}

const TAP: Command = Command {
    name: "tap",
    about: "Run a stdio MCP server and validate its traffic live",
    long_about: Some(
        "Run a stdio MCP server and validate its traffic live.\n\n\
         Standard input goes to the server (c2s) and the server's standard output to standard \
         output (s2c), byte for byte; every line is validated off the forwarding path. \
         Findings go to standard error or --report. Exits with the server's status.",
    ),
    flags: &[
        &[LIVE_SPEC, REPORT],
        OUTPUT_FLAGS,
        &[LIVE_NULL_ID, TAP_QUEUE_BYTES],
        LIMIT_FLAGS,
    ],
    positional: Some(Positional {
        name: "COMMAND",
        help: "The server to run, after `--`",
        many: true,
        required: true,
        default: None,
        after_dashes: true,
    }),
};

/// `--spec` of the live judges (`tap`, `proxy`).
const LIVE_SPEC: Flag = Flag {
    default: Some("auto"),
    ..Flag::value("spec", "REVISION|auto", "Revision to judge at, or `auto`")
};

const REPORT: Flag = Flag::value(
    "report",
    "FILE",
    "Write findings to FILE instead of standard error",
);

/// `--null-id-as-warning` of the live judges.
const LIVE_NULL_ID: Flag = Flag::switch(
    "null-id-as-warning",
    "Report `\"id\": null` on parse-error / invalid-request error responses as a warning",
);

const TAP_QUEUE_BYTES: Flag = Flag {
    default: Some("64MiB"),
    ..Flag::value(
        "queue-bytes",
        "SIZE",
        "Bytes of lines waiting for validation; past it, lines are dropped from validation \
         (never from the stream) and counted",
    )
};

/// `mcpwire tap`.
#[derive(Debug)]
pub struct TapArgs {
    /// `--spec`.
    pub spec: SpecChoice,
    /// `--report`.
    pub report: Option<PathBuf>,
    /// The output options.
    pub output: OutputArgs,
    /// `--null-id-as-warning`.
    pub null_id_as_warning: bool,
    /// `--queue-bytes`.
    pub queue_bytes: usize,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The server's command line.
    pub command: Vec<OsString>,
}

impl TapArgs {
    fn take(m: &mut Matches) -> Result<TapArgs, Stop> {
        Ok(TapArgs {
            spec: m.one(&LIVE_SPEC, parse_spec)?,
            report: m.path(&REPORT),
            output: OutputArgs::take(m)?,
            null_id_as_warning: m.switch(&LIVE_NULL_ID),
            queue_bytes: m.one(&TAP_QUEUE_BYTES, parse_size)?,
            limits: LimitArgs::take(m)?,
            command: m.positionals(),
        })
    }
}

#[cfg(feature = "proxy")]
const PROXY: Command = Command {
    name: "proxy",
    about: "Run a reverse proxy in front of an MCP server over HTTP and validate its traffic live",
    long_about: Some(
        "Run a reverse proxy in front of an MCP server over HTTP and validate its traffic \
         live.\n\n\
         Streamable HTTP (POST, GET, DELETE, SSE) and the 2024-11-05 HTTP+SSE transport. Every \
         byte is forwarded unchanged; every JSON-RPC message (bodies and SSE events) and the \
         HTTP rules are judged off the forwarding path. Point the client at the proxy with the \
         upstream's path. Runs until SIGINT/SIGTERM, then writes the summary.",
    ),
    flags: &[
        &[UPSTREAM, LISTEN, LIVE_SPEC, REPORT],
        OUTPUT_FLAGS,
        &[
            HAR,
            UPSTREAM_CA,
            TRANSCRIPT,
            REDACT_HEADER,
            KEEP_SECRETS,
            PROXY_STRICT,
            LIVE_NULL_ID,
            PROXY_QUEUE_BYTES,
        ],
        LIMIT_FLAGS,
    ],
    positional: None,
};

#[cfg(feature = "proxy")]
const UPSTREAM: Flag = Flag {
    required: true,
    ..Flag::value(
        "upstream",
        "URL",
        "The MCP server's URL (http:// or https://)",
    )
};

#[cfg(feature = "proxy")]
const LISTEN: Flag = Flag {
    default: Some("127.0.0.1:8808"),
    ..Flag::value(
        "listen",
        "ADDR",
        "Address to listen on (loopback by default; port 0 picks one, which is printed on \
         standard error)",
    )
};

#[cfg(feature = "proxy")]
const HAR: Flag = Flag::value(
    "har",
    "FILE",
    "Also write the exchanges as a HAR 1.2 capture (`mcpwire check FILE` gives the same \
     findings)",
);

#[cfg(feature = "proxy")]
const UPSTREAM_CA: Flag = Flag::value(
    "upstream-ca",
    "PEM",
    "Trust the CA certificates in this PEM file for an HTTPS upstream (besides the webpki \
     roots)",
);

#[cfg(feature = "proxy")]
const TRANSCRIPT: Flag = Flag::value(
    "transcript",
    "FILE",
    "Also write every step of every exchange as a JSON Lines transcript whose records carry \
     HTTP metadata (`mcpwire check FILE` gives the same findings)",
);

#[cfg(feature = "proxy")]
const REDACT_HEADER: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "redact-header",
        "NAME",
        "Also redact this header field (repeatable): its value is written as \
         `<redacted:LENGTH>` in the HAR, the transcript and every report, as Authorization, \
         Proxy-Authorization, Cookie and Set-Cookie always are",
    )
};

#[cfg(feature = "proxy")]
const KEEP_SECRETS: Flag = Flag::switch(
    "keep-secrets",
    "Record every header value in clear, credentials included (a warning says so)",
);

#[cfg(feature = "proxy")]
const PROXY_STRICT: Flag = Flag::switch("strict", "Exit 1 on warnings too");

#[cfg(feature = "proxy")]
const PROXY_QUEUE_BYTES: Flag = Flag {
    default: Some("64MiB"),
    ..Flag::value(
        "queue-bytes",
        "SIZE",
        "Bytes of messages waiting for judging; past it, messages go unjudged (never \
         unforwarded) and are counted",
    )
};

/// `mcpwire proxy`.
#[cfg(feature = "proxy")]
#[derive(Debug)]
pub struct ProxyArgs {
    /// `--upstream`.
    pub upstream: String,
    /// `--listen`.
    pub listen: std::net::SocketAddr,
    /// `--spec`.
    pub spec: SpecChoice,
    /// `--report`.
    pub report: Option<PathBuf>,
    /// The output options.
    pub output: OutputArgs,
    /// `--har`.
    pub har: Option<PathBuf>,
    /// `--upstream-ca`.
    pub upstream_ca: Option<PathBuf>,
    /// `--transcript`.
    pub transcript: Option<PathBuf>,
    /// `--redact-header` (each).
    pub redact_headers: Vec<String>,
    /// `--keep-secrets`.
    pub keep_secrets: bool,
    /// `--strict`.
    pub strict: bool,
    /// `--null-id-as-warning`.
    pub null_id_as_warning: bool,
    /// `--queue-bytes`.
    pub queue_bytes: usize,
    /// The reading limits.
    pub limits: LimitArgs,
}

#[cfg(feature = "proxy")]
impl ProxyArgs {
    fn take(m: &mut Matches) -> Result<ProxyArgs, Stop> {
        Ok(ProxyArgs {
            upstream: m.one(&UPSTREAM, text)?,
            listen: m.one(&LISTEN, |s| s.parse().map_err(|e| format!("{e}")))?,
            spec: m.one(&LIVE_SPEC, parse_spec)?,
            report: m.path(&REPORT),
            output: OutputArgs::take(m)?,
            har: m.path(&HAR),
            upstream_ca: m.path(&UPSTREAM_CA),
            transcript: m.path(&TRANSCRIPT),
            redact_headers: m.all(&REDACT_HEADER, header_name)?,
            keep_secrets: m.switch(&KEEP_SECRETS),
            strict: m.switch(&PROXY_STRICT),
            null_id_as_warning: m.switch(&LIVE_NULL_ID),
            queue_bytes: m.one(&PROXY_QUEUE_BYTES, parse_size)?,
            limits: LimitArgs::take(m)?,
        })
    }
}

/// A header field name (an RFC 9110 token).
#[cfg(feature = "proxy")]
fn header_name(s: &str) -> Result<String, String> {
    let token = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    if s.is_empty() || !s.bytes().all(token) {
        return Err("not a header field name".into());
    }
    let name = s.to_ascii_lowercase();
    if mcpwire::http::redact::JUDGED.contains(&name.as_str()) {
        return Err("mcpwire judges this field's value; it cannot be redacted".into());
    }
    Ok(name)
}

const DISPATCH: Command = Command {
    name: "dispatch",
    about: "Print a revision's dispatch maps: methods, error codes, envelopes",
    long_about: None,
    flags: &[&[DISPATCH_SPEC, MAPS_FORMAT]],
    positional: None,
};

const DISPATCH_SPEC: Flag = Flag {
    required: true,
    ..Flag::value("spec", "REVISION", "Revision")
};

const MAPS_FORMAT: Flag = Flag {
    default: Some("text"),
    choices: Some(args::choices::<MapsFormat>),
    ..Flag::value(
        "format",
        "FORMAT",
        "`text` for people, `json` for the maps as data",
    )
};

/// `mcpwire dispatch`.
#[derive(Debug)]
pub struct DispatchArgs {
    /// `--spec`.
    pub spec: Version,
    /// `--format`.
    pub format: MapsFormat,
}

impl DispatchArgs {
    fn take(m: &mut Matches) -> Result<DispatchArgs, Stop> {
        Ok(DispatchArgs {
            spec: m.one(&DISPATCH_SPEC, parse_version)?,
            format: m.one(&MAPS_FORMAT, args::choice)?,
        })
    }
}

/// `dispatch --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapsFormat {
    /// For people.
    Text,
    /// The maps as JSON.
    Json,
}

impl Choice for MapsFormat {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        ("text", MapsFormat::Text, ""),
        ("json", MapsFormat::Json, ""),
    ];
}

const DIFF: Command = Command {
    name: "diff",
    about: "Compare two revisions: methods, definitions and constraints added, removed or changed",
    long_about: None,
    flags: &[&[DIFF_FORMAT]],
    positional: Some(Positional {
        name: "REVISION",
        help: "The older revision, then the newer one",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

const DIFF_FORMAT: Flag = Flag {
    default: Some("text"),
    choices: Some(args::choices::<MapsFormat>),
    ..Flag::value(
        "format",
        "FORMAT",
        "`text` for people, `json` for the report as data",
    )
};

/// `mcpwire diff`.
#[derive(Debug)]
pub struct DiffArgs {
    /// The older revision.
    pub from: Version,
    /// The newer revision.
    pub to: Version,
    /// `--format`.
    pub format: MapsFormat,
}

impl DiffArgs {
    fn take(m: &mut Matches) -> Result<DiffArgs, Stop> {
        let names = m.positional_strings()?;
        let [from, to] = names.as_slice() else {
            let message = format!("expected two revisions, got {}", names.len());
            return Err(UsageError::new(Some(&DIFF), message).into());
        };
        let revision = |name: &str| {
            parse_version(name)
                .map_err(|e| Stop::from(UsageError::new(Some(&DIFF), format!("{name}: {e}"))))
        };
        Ok(DiffArgs {
            from: revision(from)?,
            to: revision(to)?,
            format: m.one(&DIFF_FORMAT, args::choice)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help without styles.
    fn plain(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(|&c| c == 'm');
            } else {
                out.push(c);
            }
        }
        out
    }

    /// A value each flag accepts: its default, its first choice, or one
    /// for its placeholder.
    fn sample(f: &Flag) -> Option<String> {
        let v = f.value?;
        let first = f.choices.map(|c| c()[0].0);
        let by_name = match v {
            "REVISION" | "REV[,REV]" => "latest",
            "REVISION|auto" => "auto",
            "NAME=VALUE" => "A=b",
            "NAME: VALUE" => "X-Key: v",
            "FORMAT=FILE" => "json=-",
            "N" | "LEVELS" => "3",
            "SIZE" => "1KiB",
            "ADDR" => "127.0.0.1:0",
            "URL" => "http://127.0.0.1:1/mcp",
            _ => "x",
        };
        Some(f.default.or(first).unwrap_or(by_name).to_string())
    }

    fn parse(args: &[&str]) -> Result<Cmd, Stop> {
        APP.parse(args.iter().copied())
    }

    fn usage(args: &[&str]) -> String {
        match parse(args) {
            Err(Stop::Usage(e)) => {
                let tip = e.tip.map(|t| format!(" / tip: {t}")).unwrap_or_default();
                format!("{}{tip}", e.message)
            }
            other => panic!("{args:?}: not a usage error: {other:?}"),
        }
    }

    fn help(args: &[&str]) -> String {
        match parse(args) {
            Err(Stop::Help(h)) => plain(&h),
            other => panic!("{args:?}: no help: {other:?}"),
        }
    }

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
    fn every_flag_and_argument_is_in_both_helps() {
        for e in APP.commands {
            let c = e.command;
            for (h, long) in [
                (help(&[c.name, "-h"]), false),
                (help(&[c.name, "--help"]), true),
            ] {
                for f in c.each_flag() {
                    let shown = match f.value {
                        Some(v) => format!("--{} <{v}>", f.long),
                        None => format!("--{}", f.long),
                    };
                    assert!(h.contains(&shown), "{} help lacks {shown}:\n{h}", c.name);
                    let text = match (long, f.long_help) {
                        (true, Some(l)) => l(),
                        _ => f.help.to_string(),
                    };
                    assert!(h.contains(&text), "{} help lacks {text:?}", c.name);
                    if let Some(d) = f.default {
                        assert!(h.contains(&format!("[default: {d}]")), "{}", f.long);
                    }
                    for (name, _) in f.choices.map(|c| c()).unwrap_or_default() {
                        assert!(h.contains(name), "{} lacks {name}", f.long);
                    }
                }
                if let Some(p) = &c.positional {
                    assert!(h.contains(&p.display()) && h.contains(p.help), "{}", c.name);
                }
                assert!(h.contains(&format!("Usage: mcpwire {}", c.name)), "{h}");
            }
            assert_eq!(help(&["help", c.name]), help(&[c.name, "--help"]));
            let top = help(&["--help"]);
            assert!(top.contains(&format!("  {}", c.name)) && top.contains(c.about));
        }
    }

    #[test]
    fn every_flag_is_read() {
        for e in APP.commands {
            let c = e.command;
            let mut args = vec![c.name.to_string()];
            for f in c.each_flag() {
                args.push(format!("--{}", f.long));
                args.extend(sample(f));
            }
            if let Some(p) = &c.positional {
                args.extend(p.after_dashes.then(|| "--".to_string()));
                if c.name == "diff" {
                    // Two revisions, the only positionals `diff` takes.
                    args.extend(["2025-11-25".to_string(), "2026-07-28".to_string()]);
                } else {
                    args.push("-".to_string());
                }
            }
            let parsed = APP.parse(args.iter().map(String::as_str));
            assert!(parsed.is_ok(), "{args:?}: {parsed:?}");
        }
    }

    #[test]
    fn values_defaults_and_forms() {
        let Ok(Cmd::Check(a)) = parse(&[
            "check",
            "--max-depth=7",
            "--output",
            "json=-",
            "--output=sarif=x.sarif",
            "a",
            "--strict",
            "b",
        ]) else {
            panic!("check did not parse");
        };
        assert_eq!(a.limits.max_depth, 7);
        assert_eq!(a.limits.max_message_bytes, 256 << 20, "the default");
        assert_eq!(a.output.output.len(), 2, "--output repeats");
        assert_eq!(a.output.color, ColorChoice::Auto);
        assert!(a.strict && !a.no_progress);
        assert!(matches!(a.spec, SpecChoice::Auto));
        assert_eq!(a.files, ["a", "b"]);
        let Ok(Cmd::Tap(t)) = parse(&["tap", "--queue-bytes", "1MiB", "--", "srv", "--spec", "-x"])
        else {
            panic!("tap did not parse");
        };
        assert_eq!(t.queue_bytes, 1 << 20);
        assert!(
            matches!(t.spec, SpecChoice::Auto),
            "--spec after -- is the server's"
        );
        assert_eq!(t.command, ["srv", "--spec", "-x"]);
        let Ok(Cmd::Validate(v)) = parse(&["validate", "--spec", "latest", "--def", "X"]) else {
            panic!("validate did not parse");
        };
        assert_eq!(v.file, "-", "the default file");
        let Ok(Cmd::Dispatch(d)) = parse(&["dispatch", "--spec=latest", "--format", "json"]) else {
            panic!("dispatch did not parse");
        };
        assert_eq!(d.format, MapsFormat::Json);
    }

    #[test]
    fn usage_errors_name_the_argument() {
        assert_eq!(
            usage(&["check", "--frmat", "json", "x"]),
            "unexpected argument '--frmat' found / tip: a similar argument exists: '--format'"
        );
        assert_eq!(
            usage(&["chek"]),
            "unrecognized subcommand 'chek' / tip: a similar subcommand exists: 'check'"
        );
        assert_eq!(
            usage(&["check", "x", "--max-depth"]),
            "a value is required for '--max-depth <LEVELS>' but none was supplied"
        );
        assert_eq!(
            usage(&["check", "--spec", "--strict", "x"]),
            "a value is required for '--spec <REVISION|auto>' but none was supplied"
        );
        assert_eq!(
            usage(&["check", "--max-depth", "10001", "x"]),
            "invalid value '10001' for '--max-depth <LEVELS>': 10001 is not in 1..=10000"
        );
        assert!(
            parse(&["check", "--max-depth", "10000", "x"]).is_ok(),
            "the range is inclusive"
        );
        assert_eq!(
            usage(&["check", "--color", "sometimes", "x"]),
            "invalid value 'sometimes' for '--color <WHEN>': expected one of auto, always, never"
        );
        assert_eq!(
            usage(&["check", "--format", "jsn", "x"]),
            "invalid value 'jsn' for '--format <FORMAT>': expected one of text, json, \
             conformance, sarif, junit, github; did you mean json?"
        );
        assert!(usage(&["check", "--format", "JSON", "x"]).starts_with("invalid value 'JSON'"));
        assert_eq!(
            usage(&["check", "--strict=yes", "x"]),
            "unexpected value 'yes' for '--strict' found; no more were expected"
        );
        assert_eq!(
            usage(&["check", "--spec", "auto", "--spec", "auto", "x"]),
            "the argument '--spec <REVISION|auto>' cannot be used multiple times"
        );
        assert_eq!(
            usage(&["validate", "x"]),
            "the following required arguments were not provided:\n  --spec <REVISION>\n  \
             --def <DEFINITION>"
        );
        assert_eq!(
            usage(&["check"]),
            "the following required arguments were not provided:\n  <FILE>..."
        );
        assert_eq!(usage(&["tap", "srv"]), "unexpected argument 'srv' found");
        assert_eq!(
            usage(&["validate", "--spec", "latest", "--def", "X", "a", "b"]),
            "unexpected argument 'b' found"
        );
        assert_eq!(
            usage(&["check", "-x"]),
            "unexpected argument '-x' found / tip: to pass '-x' as a value, use '-- -x'"
        );
        assert_eq!(usage(&["--frmat"]), "unexpected argument '--frmat' found");
    }

    #[test]
    fn help_and_version_stop_parsing() {
        assert!(matches!(parse(&[]), Err(Stop::Bare(_))));
        assert_eq!(help(&["help"]), help(&["-h"]));
        assert!(matches!(parse(&["--version"]), Err(Stop::Version(v)) if v == "mcpwire 0.1.0\n"));
        assert!(
            matches!(parse(&["check", "-V"]), Err(Stop::Version(v)) if v == "mcpwire-check 0.1.0\n")
        );
        let short = help(&["check", "-h"]);
        let long = help(&["check", "--help"]);
        assert!(
            short.contains("Print help (see more with '--help')"),
            "{short}"
        );
        assert!(
            long.contains("Print help (see a summary with '-h')"),
            "{long}"
        );
        assert!(long.contains("Possible values:\n          - text:        Human-readable"));
        assert!(long.contains("2024-11-05, 2025-03-26") && !short.contains("2024-11-05"));
        assert!(help(&["dispatch", "--help"]).contains("  -h, --help             Print help\n"));
        assert!(help(&["check", "x", "--help"]).starts_with("Check transcripts"));
    }
}

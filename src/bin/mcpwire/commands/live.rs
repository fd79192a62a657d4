//! `mcpwire tap` and `mcpwire proxy`.

use std::{ffi::OsString, path::PathBuf};

#[cfg(feature = "proxy")]
use super::values::text;
use super::{
    values::{parse_size, parse_spec},
    LimitArgs, OutputArgs, SpecChoice, LIMIT_FLAGS, OUTPUT_FLAGS,
};
use crate::args::{Command, Flag, Matches, Positional, Stop};

pub(super) const TAP: Command = Command {
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
pub(super) const LIVE_SPEC: Flag = Flag {
    default: Some("auto"),
    ..Flag::value("spec", "REVISION|auto", "Revision to judge at, or `auto`")
};

pub(super) const REPORT: Flag = Flag::value(
    "report",
    "FILE",
    "Write findings to FILE instead of standard error",
);

/// `--null-id-as-warning` of the live judges.
pub(super) const LIVE_NULL_ID: Flag = Flag::switch(
    "null-id-as-warning",
    "Report `\"id\": null` on parse-error / invalid-request error responses as a warning",
);

pub(super) const TAP_QUEUE_BYTES: Flag = Flag {
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
    pub(super) fn take(m: &mut Matches) -> Result<TapArgs, Stop> {
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
pub(super) const PROXY: Command = Command {
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
            REDACT_QUERY,
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
pub(super) const UPSTREAM: Flag = Flag {
    required: true,
    ..Flag::value(
        "upstream",
        "URL",
        "The MCP server's URL (http:// or https://)",
    )
};

#[cfg(feature = "proxy")]
pub(super) const LISTEN: Flag = Flag {
    default: Some("127.0.0.1:8808"),
    ..Flag::value(
        "listen",
        "ADDR",
        "Address to listen on (loopback by default; port 0 picks one, which is printed on \
         standard error)",
    )
};

#[cfg(feature = "proxy")]
pub(super) const HAR: Flag = Flag::value(
    "har",
    "FILE",
    "Also write the exchanges as a HAR 1.2 capture (`mcpwire check FILE` gives the same \
     findings)",
);

#[cfg(feature = "proxy")]
pub(super) const UPSTREAM_CA: Flag = Flag::value(
    "upstream-ca",
    "PEM",
    "Trust the CA certificates in this PEM file for an HTTPS upstream (besides the webpki \
     roots)",
);

#[cfg(feature = "proxy")]
pub(super) const TRANSCRIPT: Flag = Flag::value(
    "transcript",
    "FILE",
    "Also write every step of every exchange as a JSON Lines transcript whose records carry \
     HTTP metadata (`mcpwire check FILE` gives the same findings)",
);

#[cfg(feature = "proxy")]
pub(super) const REDACT_HEADER: Flag = Flag {
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
pub(super) const REDACT_QUERY: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "redact-query",
        "NAME",
        "Also redact this URL query parameter (repeatable), as access_token, api_key, apikey, \
         api-key, key, token, auth, password, secret, client_secret, signature and sig always are",
    )
};

#[cfg(feature = "proxy")]
pub(super) const KEEP_SECRETS: Flag = Flag::switch(
    "keep-secrets",
    "Record every header value in clear, credentials included (a warning says so)",
);

#[cfg(feature = "proxy")]
pub(super) const PROXY_STRICT: Flag = Flag::switch("strict", "Exit 1 on warnings too");

#[cfg(feature = "proxy")]
pub(super) const PROXY_QUEUE_BYTES: Flag = Flag {
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
    /// `--redact-query` (each).
    pub redact_query: Vec<String>,
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
    pub(super) fn take(m: &mut Matches) -> Result<ProxyArgs, Stop> {
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
            redact_query: m.all(&REDACT_QUERY, query_name)?,
            keep_secrets: m.switch(&KEEP_SECRETS),
            strict: m.switch(&PROXY_STRICT),
            null_id_as_warning: m.switch(&LIVE_NULL_ID),
            queue_bytes: m.one(&PROXY_QUEUE_BYTES, parse_size)?,
            limits: LimitArgs::take(m)?,
        })
    }
}

/// A `--redact-query` name: not empty, not the router's `sessionId`.
#[cfg(feature = "proxy")]
fn query_name(s: &str) -> Result<String, String> {
    let name = s.to_ascii_lowercase();
    if name.is_empty() || name.contains(['&', '=', '#']) {
        return Err("not a query parameter name".into());
    }
    if mcpwire::http::redact::JUDGED_QUERY.contains(&name.as_str()) {
        return Err("mcpwire reads this parameter's value; it cannot be redacted".into());
    }
    Ok(s.to_string())
}

/// A header field name (an RFC 9110 token).
#[cfg(feature = "proxy")]
pub(super) fn header_name(s: &str) -> Result<String, String> {
    if !mcpwire::http::is_field_name(s) {
        return Err("not a header field name".into());
    }
    let name = s.to_ascii_lowercase();
    if mcpwire::http::redact::JUDGED.contains(&name.as_str()) {
        return Err("mcpwire judges this field's value; it cannot be redacted".into());
    }
    Ok(name)
}

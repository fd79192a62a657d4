//! `mcpwire probe`'s command-line options (a child of [`crate::commands`],
//! whose shared flags it uses).

use std::{ffi::OsString, time::Duration};

use mcpwire::Version;

use super::{
    args::{Choice, Command, Flag, Matches, Positional, Stop},
    parse_count, parse_version, LimitArgs, OutputArgs, LIMIT_FLAGS, OUTPUT_FLAGS,
};

/// Which tools `probe` calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolPolicy {
    /// Only tools annotated `readOnlyHint: true`.
    ReadOnly,
    /// Every tool.
    All,
    /// None.
    None,
}

impl Choice for ToolPolicy {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        (
            "readonly",
            ToolPolicy::ReadOnly,
            "Call only tools annotated `readOnlyHint: true`",
        ),
        (
            "all",
            ToolPolicy::All,
            "Call every tool (they may change things)",
        ),
        ("none", ToolPolicy::None, "Call no tool"),
    ];
}

pub(super) const PROBE: Command = Command {
    name: "probe",
    about: "Exercise an MCP server (stdio or HTTP) and everything it declares, at every revision",
    long_about: Some(
        "Exercise an MCP server and everything it declares, at every revision: a stdio server \
         it runs (-- COMMAND), or one listening at --url (Streamable HTTP; the 2024-11-05 \
         HTTP+SSE transport by the spec's backwards-compatibility procedure).\n\n\
         For each revision (a fresh server process or HTTP connection each) the probe proposes \
         it as that revision's lifecycle says, then calls ping, every list method the \
         capabilities declare (every page), resources/read, prompts/get, an unknown method and \
         (by default only read-only) tools/call, answering the server's own requests. Every \
         message, both directions, is judged as `check` and `tap` judge it; over HTTP the \
         exchanges also by the HTTP rules, as `proxy` judges them, and a server on loopback \
         must refuse a foreign Origin. A table per revision, then the findings. Exits 0 clean, \
         1 findings, 2 usage error or a server that cannot be started.",
    ),
    flags: &[
        &[
            URL, HEADER, HAR, TRANSCRIPT, PROBE_SPEC, TOOLS, TIMEOUT, DEADLINE, PAGE_LIMIT,
            READ_LIMIT, ENV,
        ],
        OUTPUT_FLAGS,
        LIMIT_FLAGS,
    ],
    positional: Some(Positional {
        name: "COMMAND",
        help: "The stdio server to run, after `--` (or --url)",
        many: true,
        required: false,
        default: None,
        after_dashes: true,
    }),
};

const URL: Flag = Flag::value(
    "url",
    "URL",
    "Probe the MCP server at this http:// or https:// URL (Streamable HTTP; HTTP+SSE by the \
     backwards-compatibility procedure) instead of running a command",
);

const HEADER: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "header",
        "NAME: VALUE",
        "Send this header field on every HTTP request of the probe (repeatable; with --url; \
         for authorization): its value is written as `<redacted:LENGTH>` in every output",
    )
};

const HAR: Flag = Flag::value(
    "har",
    "FILE",
    "With --url: also write the probe's own HTTP exchanges as a HAR 1.2 capture (`mcpwire \
     check FILE` gives the same HTTP and message findings)",
);

const TRANSCRIPT: Flag = Flag::value(
    "transcript",
    "FILE",
    "Also write the conversation as a JSON Lines transcript (`mcpwire check FILE` gives the \
     same message findings; each finding names its line). Over stdio one file per revision \
     (FILE.REV.EXT when several are probed); with --url every step of the HTTP exchanges",
);

const PROBE_SPEC: Flag = Flag::value(
    "spec",
    "REV[,REV]",
    "Revisions to probe (default: every revision compiled in)",
);

const TOOLS: Flag = Flag {
    default: Some("readonly"),
    choices: Some(super::args::choices::<ToolPolicy>),
    ..Flag::value("tools", "WHICH", "Which tools to call")
};

const TIMEOUT: Flag = Flag {
    default: Some("10s"),
    ..Flag::value(
        "timeout",
        "DURATION",
        "Per request (`10s`, `500ms`); a timeout is a finding and the probe goes on",
    )
};

const DEADLINE: Flag = Flag {
    default: Some("300s"),
    ..Flag::value(
        "deadline",
        "DURATION",
        "For the whole run; what is left undone is reported",
    )
};

const PAGE_LIMIT: Flag = Flag {
    default: Some("50"),
    ..Flag::value("page-limit", "N", "Pages per listing, at most")
};

const READ_LIMIT: Flag = Flag {
    default: Some("20"),
    ..Flag::value(
        "read-limit",
        "N",
        "resources/read of the first N listed resources",
    )
};

const ENV: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "env",
        "NAME=VALUE",
        "Set an environment variable for the server",
    )
};

/// `mcpwire probe`.
#[derive(Debug)]
pub struct ProbeArgs {
    /// `--url`: the HTTP server to probe (no command then).
    pub url: Option<String>,
    /// Each `--header`: name (lowercase) and value.
    pub headers: Vec<(String, String)>,
    /// `--har`.
    pub har: Option<std::path::PathBuf>,
    /// `--transcript`.
    pub transcript: Option<std::path::PathBuf>,
    /// `--spec`: the revisions, in order.
    pub revisions: Vec<Version>,
    /// `--tools`.
    pub tools: ToolPolicy,
    /// `--timeout`.
    pub timeout: Duration,
    /// `--deadline`.
    pub deadline: Duration,
    /// `--page-limit`.
    pub page_limit: usize,
    /// `--read-limit`.
    pub read_limit: usize,
    /// Each `--env`.
    pub env: Vec<(OsString, OsString)>,
    /// The output options.
    pub output: OutputArgs,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The server's command line.
    pub command: Vec<OsString>,
}

impl ProbeArgs {
    pub(super) fn take(m: &mut Matches) -> Result<ProbeArgs, Stop> {
        let revisions = m
            .maybe(&PROBE_SPEC, parse_revisions)?
            .unwrap_or_else(|| Version::enabled().collect());
        Ok(ProbeArgs {
            url: m.maybe(&URL, |s| Ok::<_, String>(s.to_string()))?,
            headers: m.all(&HEADER, parse_header)?,
            har: m.path(&HAR),
            transcript: m.path(&TRANSCRIPT),
            revisions,
            tools: m.one(&TOOLS, super::args::choice)?,
            timeout: m.one(&TIMEOUT, parse_duration)?,
            deadline: m.one(&DEADLINE, parse_duration)?,
            page_limit: m.one(&PAGE_LIMIT, parse_positive)?,
            read_limit: m.one(&READ_LIMIT, parse_count)?,
            env: m.all(&ENV, parse_env)?,
            output: OutputArgs::take(m)?,
            limits: LimitArgs::take(m)?,
            command: m.positionals(),
        })
    }
}

/// `REV[,REV]`.
fn parse_revisions(s: &str) -> Result<Vec<Version>, String> {
    let mut out = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let v = parse_version(part)?;
        if !out.contains(&v) {
            out.push(v);
        }
    }
    if out.is_empty() {
        return Err("no revision given".into());
    }
    Ok(out)
}

/// `10s`, `500ms`, `2m`, or seconds.
pub(super) fn parse_duration(s: &str) -> Result<Duration, String> {
    let t = s.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(digits);
    let n: u64 = n.parse().map_err(|_| format!("not a duration: {s:?}"))?;
    let d = match unit {
        "" | "s" => Duration::from_secs(n),
        "ms" => Duration::from_millis(n),
        "m" => Duration::from_secs(n.saturating_mul(60)),
        _ => return Err(format!("unknown unit in {s:?} (use ms, s or m)")),
    };
    if d.is_zero() {
        return Err("a duration must be more than zero".into());
    }
    Ok(d)
}

fn parse_positive(s: &str) -> Result<usize, String> {
    match parse_count(s)? {
        0 => Err("must be at least 1".into()),
        n => Ok(n),
    }
}

/// `NAME=VALUE`.
fn parse_env(s: &str) -> Result<(OsString, OsString), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.into(), value.into())),
        _ => Err(format!("expected NAME=VALUE, not {s:?}")),
    }
}

/// The fields the probe sets itself (or the connection does): a
/// `--header` cannot replace them.
const OWN_FIELDS: &[&str] = &[
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "origin",
];

/// `NAME: VALUE` (`--header`): a token name the probe does not set itself
/// and a value of visible ASCII, spaces and tabs.
fn parse_header(s: &str) -> Result<(String, String), String> {
    let Some((name, value)) = s.split_once(':') else {
        return Err(format!("expected 'NAME: VALUE', not {:?}", redacted_arg(s)));
    };
    if !mcpwire::http::is_field_name(name) {
        return Err(format!("{name:?} is not a header field name"));
    }
    let name = name.to_ascii_lowercase();
    if mcpwire::http::redact::JUDGED.contains(&name.as_str()) || OWN_FIELDS.contains(&name.as_str())
    {
        return Err(format!("the probe sets {name} itself"));
    }
    let value = value.trim_matches([' ', '\t']);
    if !mcpwire::http::is_field_value(value) {
        return Err(format!(
            "the value of {name} is not visible ASCII (it is not shown: header values are \
             redacted)"
        ));
    }
    Ok((name, value.to_string()))
}

/// An argument shown in an error without what may be a secret: its length.
fn redacted_arg(s: &str) -> String {
    mcpwire::http::redact::marker(s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("3"), Ok(Duration::from_secs(3)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("5h").is_err());
    }

    #[test]
    fn header_pairs() {
        assert_eq!(
            parse_header("Authorization: Bearer abc "),
            Ok(("authorization".into(), "Bearer abc".into()))
        );
        assert_eq!(parse_header("X-Key:k"), Ok(("x-key".into(), "k".into())));
        for bad in [
            "Authorization Bearer abc",
            ": x",
            "a b: x",
            "Mcp-Session-Id: x",
            "Origin: http://a",
            "X: caf\u{e9}",
        ] {
            let e = parse_header(bad).unwrap_err();
            assert!(!e.contains("abc") && !e.contains("caf"), "{e}");
        }
    }

    #[test]
    fn env_pairs() {
        assert_eq!(parse_env("A=b=c"), Ok(("A".into(), "b=c".into())));
        assert!(parse_env("=x").is_err());
        assert!(parse_env("A").is_err());
    }
}

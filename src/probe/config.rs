//! What to probe and how: [`Probe`], a builder, and why a run could not
//! start ([`Error`]).

use std::{ffi::OsString, fmt, path::PathBuf, time::Duration};

use serde::Serialize;

use crate::{input::Limits, Version};

/// Which tools the probe calls (`tools/call` may change things).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tools {
    /// Only tools annotated `readOnlyHint: true` (the default).
    #[default]
    ReadOnly,
    /// Every tool.
    All,
    /// None.
    None,
}

/// Where the server is.
#[derive(Clone, Debug)]
pub(crate) enum Target {
    /// A stdio server: the command line the probe runs.
    Stdio(Vec<OsString>),
    /// An HTTP server at this URL (without `probe-http`, refused by
    /// [`Probe::run`]).
    Url(#[cfg_attr(not(feature = "probe-http"), allow(dead_code))] String),
}

/// A probe of one MCP server: what to run or reach, the revisions, and the
/// bounds. Build it with [`Probe::stdio`] or [`Probe::url`], then
/// [`Probe::run`].
#[derive(Clone, Debug)]
pub struct Probe {
    pub(crate) target: Target,
    pub(crate) revisions: Vec<Version>,
    pub(crate) tools: Tools,
    pub(crate) timeout: Duration,
    pub(crate) deadline: Duration,
    pub(crate) page_limit: usize,
    pub(crate) read_limit: usize,
    pub(crate) env: Vec<(OsString, OsString)>,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) har: Option<PathBuf>,
    pub(crate) transcript: Option<PathBuf>,
    pub(crate) limits: Limits,
}

impl Probe {
    fn new(target: Target) -> Probe {
        Probe {
            target,
            revisions: Version::enabled().collect(),
            tools: Tools::default(),
            timeout: Duration::from_secs(10),
            deadline: Duration::from_secs(300),
            page_limit: 50,
            read_limit: 20,
            env: Vec::new(),
            headers: Vec::new(),
            har: None,
            transcript: None,
            limits: Limits::default(),
        }
    }

    /// A stdio server: `command` (program, then its arguments), started
    /// afresh for each revision in a process group of its own.
    pub fn stdio<I, S>(command: I) -> Probe
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        Probe::new(Target::Stdio(command.into_iter().map(Into::into).collect()))
    }

    /// The server at this `http://` or `https://` URL (Streamable HTTP;
    /// HTTP+SSE by the backwards-compatibility procedure). Needs feature
    /// `probe-http` ([`Probe::run`] says so without it).
    pub fn url(url: impl Into<String>) -> Probe {
        Probe::new(Target::Url(url.into()))
    }

    /// The revisions to probe, in order (default: every revision compiled
    /// in). Repeats are dropped.
    pub fn revisions(mut self, revisions: impl IntoIterator<Item = Version>) -> Probe {
        self.revisions.clear();
        for r in revisions {
            if !self.revisions.contains(&r) {
                self.revisions.push(r);
            }
        }
        self
    }

    /// Which tools to call (default [`Tools::ReadOnly`]).
    pub fn tools(mut self, tools: Tools) -> Probe {
        self.tools = tools;
        self
    }

    /// How long each request may take (default 10 s); a timeout is a
    /// finding and the probe goes on.
    pub fn timeout(mut self, timeout: Duration) -> Probe {
        self.timeout = timeout;
        self
    }

    /// How long the whole run may take (default 300 s); what is left
    /// undone is reported.
    pub fn deadline(mut self, deadline: Duration) -> Probe {
        self.deadline = deadline;
        self
    }

    /// Pages per listing, at most (default 50; at least 1).
    pub fn page_limit(mut self, pages: usize) -> Probe {
        self.page_limit = pages.max(1);
        self
    }

    /// `resources/read` of the first `n` listed resources (default 20).
    pub fn read_limit(mut self, n: usize) -> Probe {
        self.read_limit = n;
        self
    }

    /// Sets an environment variable of a stdio server.
    pub fn env(mut self, name: impl Into<OsString>, value: impl Into<OsString>) -> Probe {
        self.env.push((name.into(), value.into()));
        self
    }

    /// Sends this header field on every HTTP request (authorization): its
    /// value is redacted in everything judged, captured and reported.
    /// `name` is lowercased.
    pub fn header(mut self, name: &str, value: impl Into<String>) -> Probe {
        self.headers.push((name.to_ascii_lowercase(), value.into()));
        self
    }

    /// (HTTP) Also write the probe's HTTP exchanges as a HAR 1.2 capture
    /// (`mcpwire check FILE` gives the same findings).
    pub fn har(mut self, path: impl Into<PathBuf>) -> Probe {
        self.har = Some(path.into());
        self
    }

    /// (HTTP) Also write every step of the probe's HTTP exchanges as a
    /// JSON Lines transcript (`mcpwire check FILE` gives the same
    /// findings).
    pub fn transcript(mut self, path: impl Into<PathBuf>) -> Probe {
        self.transcript = Some(path.into());
        self
    }

    /// The reading limits (message size, nesting depth).
    pub fn limits(mut self, limits: Limits) -> Probe {
        self.limits = limits;
        self
    }
}

/// Why a probe could not run.
#[derive(Debug)]
pub enum Error {
    /// The configuration is unusable (no command, a bad URL, HTTP without
    /// feature `probe-http`, an HTTP-only option on a stdio probe).
    Config(String),
    /// The server could not be started (reached) at the first revision,
    /// or a capture file could not be created.
    Start(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Config(s) | Error::Start(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for Error {}

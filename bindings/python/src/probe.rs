//! `probe(command | url, ...)`: the library's probe ([`mcpwire::probe`])
//! of an MCP server at every revision, run without the GIL, and its
//! report written in the library's formats ([`mcpwire::render::probe`]).
//! What goes wrong (a bad option, a server that cannot be started) is a
//! `McpwireError`, never a crash of the interpreter.

use std::time::Duration;

use mcpwire::{
    probe::{Error, Probe, Report, Tools},
    render::{Buffer, Format},
};
use pyo3::prelude::*;

use crate::errors::{error, revision};

/// A probe's result: the report, kept to be written in any format.
#[pyclass(frozen, module = "pymcpwire._mcpwire")]
pub struct ProbeRun {
    report: Report,
}

#[pymethods]
impl ProbeRun {
    /// The report as JSON text (`{"revisions": [...], "findings": [...]}`).
    fn json(&self) -> PyResult<String> {
        serde_json::to_string(&self.report).map_err(|e| error(e.to_string()))
    }

    /// The report in `format_name` (`text`, `json`, `sarif`, `junit`,
    /// `github`, `conformance`), with ANSI colour in text when `color`;
    /// `strict`: warnings fail too. Returns (text, exit status as the
    /// command line would give it).
    #[pyo3(signature = (format_name, *, color = false, strict = false))]
    fn render(&self, format_name: &str, color: bool, strict: bool) -> PyResult<(String, u8)> {
        let format = Format::named(format_name).ok_or_else(|| {
            let names: Vec<&str> = Format::CHOICES.iter().map(|c| c.0).collect();
            error(format!(
                "unknown format {format_name:?}; one of {}",
                names.join(", ")
            ))
        })?;
        let buffer = Buffer::default();
        let code = mcpwire::render::probe::write(
            &self.report,
            format,
            Box::new(buffer.clone()),
            color,
            strict,
        )
        .map_err(|e| error(e.to_string()))?;
        Ok((buffer.text(), code))
    }
}

/// Probes the server `command` runs (over stdio) or the one at `url`
/// (Streamable HTTP, or HTTP+SSE for 2024-11-05), at `revisions` (names;
/// every revision compiled in when `None`). Raises `McpwireError` when the
/// options are unusable or the server cannot be started.
#[pyfunction]
#[pyo3(signature = (command = None, *, url = None, revisions = None, tools = "readonly", timeout = 10.0, deadline = 300.0, env = None, headers = None, transcript = None, har = None))]
#[allow(clippy::too_many_arguments)]
pub fn probe(
    py: Python<'_>,
    command: Option<Vec<String>>,
    url: Option<String>,
    revisions: Option<Vec<String>>,
    tools: &str,
    timeout: f64,
    deadline: f64,
    env: Option<Vec<(String, String)>>,
    headers: Option<Vec<(String, String)>>,
    transcript: Option<String>,
    har: Option<String>,
) -> PyResult<ProbeRun> {
    let mut p = match (command, url) {
        (Some(c), None) if !c.is_empty() => Probe::stdio(c),
        (None, Some(u)) => Probe::url(u),
        (Some(_), Some(_)) => return Err(error("probe takes a command or url=, not both")),
        _ => {
            return Err(error(
                "probe needs a command to run (a list: program, arguments) or url=",
            ))
        }
    };
    if let Some(names) = revisions {
        let versions = names
            .iter()
            .map(|n| revision(n))
            .collect::<PyResult<Vec<_>>>()?;
        p = p.revisions(versions);
    }
    p = p
        .tools(match tools {
            "readonly" => Tools::ReadOnly,
            "all" => Tools::All,
            "none" => Tools::None,
            other => {
                return Err(error(format!(
                    "tools {other:?}: expected \"readonly\", \"all\" or \"none\""
                )))
            }
        })
        .timeout(seconds("timeout", timeout)?)
        .deadline(seconds("deadline", deadline)?);
    for (name, value) in env.unwrap_or_default() {
        p = p.env(name, value);
    }
    for (name, value) in headers.unwrap_or_default() {
        p = p.header(&name, value);
    }
    if let Some(t) = transcript {
        p = p.transcript(t);
    }
    if let Some(h) = har {
        p = p.har(h);
    }
    let report = py.allow_threads(|| p.run()).map_err(|e| match e {
        Error::Config(s) | Error::Start(s) => error(s),
    })?;
    Ok(ProbeRun { report })
}

/// A positive, finite number of seconds.
fn seconds(name: &str, s: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| error(format!("{name} {s}: expected a positive number of seconds")))
}

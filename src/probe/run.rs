//! A whole run: the configuration checked, every revision in turn until
//! the run's deadline, the captures closed, and the finding only the
//! revisions together show (a negotiation the server cannot keep).

#[cfg(feature = "probe-http")]
use std::sync::Arc;
use std::time::Instant;

#[cfg(feature = "probe-http")]
use super::http;
use super::{
    collect::Collect,
    config::{Error, Probe, Target},
    observer::Observer,
    result::{Finding, Report},
    revision::{revision_run, HttpConfig},
    rules,
    table::RevisionReport,
};
use crate::{report::Level, Direction, Version};

impl Probe {
    /// Probes every revision; the report. An error only when nothing
    /// could be probed: a bad configuration, or a server that cannot be
    /// started (reached) at the first revision — at a later one that is a
    /// note in the revision's report.
    pub fn run(&self) -> Result<Report, Error> {
        self.run_observed(()).map(|(report, ())| report)
    }

    /// [`Probe::run`], with `observer` shown every judged message and
    /// finding as it happens; the observer is handed back.
    pub fn run_observed<O: Observer + Send + 'static>(
        &self,
        observer: O,
    ) -> Result<(Report, O), Error> {
        run(self, observer)
    }
}

/// Runs `probe`, showing `observer` everything judged.
// Without HTTP the configuration is `()`.
#[cfg_attr(not(feature = "probe-http"), allow(clippy::let_unit_value))]
pub(super) fn run<O: Observer + Send + 'static>(
    probe: &Probe,
    observer: O,
) -> Result<(Report, O), Error> {
    check(probe)?;
    let http = http_config(probe)?;
    let (revisions, findings, mut observer) = revisions(probe, &http, observer)?;
    #[cfg(feature = "probe-http")]
    if let Some(c) = &http.captures {
        c.close()
            .map_err(|e| Error::Start(format!("cannot write a capture: {e}")))?;
    }
    let mut report = Report {
        revisions,
        findings,
    };
    for f in negotiation_across(&report.revisions) {
        observer.probe_finding(&f);
        report.findings.push(f);
    }
    Ok((report, observer))
}

/// The configuration errors: no command, a bad URL, HTTP without the
/// feature, an HTTP option on a stdio probe.
fn check(probe: &Probe) -> Result<(), Error> {
    if probe.revisions.is_empty() {
        return Err(Error::Config("no revision to probe".into()));
    }
    match &probe.target {
        Target::Stdio(command) if command.is_empty() => {
            return Err(Error::Config("no command to run".into()))
        }
        Target::Stdio(_) => {
            let http_only = [
                ("--header", !probe.headers.is_empty()),
                ("--har", probe.har.is_some()),
            ];
            if let Some((flag, _)) = http_only.iter().find(|(_, given)| *given) {
                return Err(Error::Config(format!(
                    "{flag} is for the HTTP requests of probe --url"
                )));
            }
        }
        Target::Url(_) if !probe.env.is_empty() => {
            return Err(Error::Config(
                "--env sets the environment of a server the probe runs; with --url it runs none"
                    .into(),
            ))
        }
        #[cfg(feature = "probe-http")]
        Target::Url(url) => http::check_url(url).map(drop).map_err(Error::Config)?,
        #[cfg(not(feature = "probe-http"))]
        Target::Url(_) => {
            return Err(Error::Config(
                "probe --url needs mcpwire built with the `probe-http` feature (HTTP)".into(),
            ))
        }
    }
    Ok(())
}

/// The HTTP links' headers and captures.
#[cfg(feature = "probe-http")]
fn http_config(probe: &Probe) -> Result<HttpConfig, Error> {
    Ok(http::HttpConfig {
        headers: probe.headers.clone(),
        // Over stdio the transcript is written per revision by the stdio
        // link (revision.rs); only an HTTP target has captures here.
        captures: match probe.target {
            Target::Url(_) => {
                http::Captures::create(probe.har.as_deref(), probe.transcript.as_deref())
                    .map_err(Error::Start)?
                    .map(Arc::new)
            }
            Target::Stdio(_) => None,
        },
    })
}

/// Without HTTP there is nothing to configure.
#[cfg(not(feature = "probe-http"))]
#[allow(clippy::unnecessary_wraps)]
fn http_config(_probe: &Probe) -> Result<HttpConfig, Error> {
    Ok(())
}

/// Every revision in turn, until the run's deadline (the later ones then
/// get a note). A server that cannot be started fails the whole run on the
/// first revision, and is a note on a later one.
fn revisions<O: Observer + Send + 'static>(
    probe: &Probe,
    http: &HttpConfig,
    mut observer: O,
) -> Result<(Vec<RevisionReport>, Vec<Finding>, O), Error> {
    let deadline = Instant::now() + probe.deadline;
    let mut tables = Vec::new();
    let mut findings = Vec::new();
    for (i, &revision) in probe.revisions.iter().enumerate() {
        if Instant::now() >= deadline {
            let mut t = RevisionReport::new(revision.as_str());
            t.note = Some("not probed: the run's deadline passed".into());
            tables.push(t);
            continue;
        }
        match revision_run(probe, http, revision, deadline, observer) {
            Ok((table, collect)) => {
                let Collect {
                    observer: back,
                    findings: found,
                    ..
                } = collect;
                observer = back;
                findings.extend(found);
                tables.push(table);
            }
            Err(failed) => {
                let (e, back) = *failed;
                if i == 0 {
                    return Err(Error::Start(e.to_string()));
                }
                observer = back;
                let mut t = RevisionReport::new(revision.as_str());
                t.note = Some(format!("the server could not be started: {e}"));
                tables.push(t);
            }
        }
    }
    Ok((tables, findings, observer))
}

/// Across revisions: offered A, the server answered B; offered B (in its
/// own run), it did not answer B — so B is not a revision it supports.
fn negotiation_across(tables: &[RevisionReport]) -> Vec<Finding> {
    let mut out = Vec::new();
    for t in tables {
        let Some(answered) = t.negotiated.as_deref().filter(|n| *n != t.offered) else {
            continue;
        };
        let Some(other) = tables.iter().find(|o| o.offered == answered) else {
            continue;
        };
        let Some(other_answer) = other.negotiated.as_deref().filter(|n| *n != answered) else {
            continue;
        };
        let Ok(revision) = t.offered.parse::<Version>() else {
            continue;
        };
        out.push(Finding {
            revision,
            level: Level::Violation,
            rule: rules::NEGOTIATION.id.to_string(),
            direction: Direction::ServerToClient,
            method: Some("initialize".into()),
            id: None,
            line: None,
            exchange: None,
            transcript: None,
            pointer: String::new(),
            message: format!(
                "offered {}, the server answered {answered}; offered {answered}, it answered \
                 {other_answer}: it answered a revision it does not support ({})",
                t.offered,
                rules::NEGOTIATION.sentence
            ),
        });
    }
    out
}

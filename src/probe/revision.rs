//! One revision's run: a fresh server (or HTTP connection) behind the live
//! pipeline, the exercise, the end of the conversation, and its findings.

use std::{
    io,
    time::{Duration, Instant},
};

#[cfg(feature = "probe-http")]
use super::http;
#[cfg(feature = "probe-http")]
use super::http_checks::{origin_check, security_checks};
use super::{
    collect::Collect,
    config::{Probe, Target},
    connection::Connection,
    exercise::{self, Exercise},
    link::Link,
    observer::Observer,
    protocol::ProbeFinding,
    table::RevisionReport,
    transcript::{self, Transcript},
};
use crate::{
    live::{self, Pipeline},
    Direction, Mode, Options, Version,
};

/// How long a server gets to exit after its input is closed, and the
/// reader to finish after the group is ended.
const GRACE: Duration = Duration::from_millis(500);

/// What every revision's HTTP link is given besides the URL.
#[cfg(feature = "probe-http")]
pub(super) type HttpConfig = http::HttpConfig;
/// What every revision's HTTP link is given besides the URL.
#[cfg(not(feature = "probe-http"))]
pub(super) type HttpConfig = ();

/// A server that could not be started: why, and the observer back.
pub(super) type NotStarted<O> = Box<(io::Error, O)>;

/// What the exercise left: the report, the probe's findings, and the ids
/// of the requests it cancelled.
type Exercised = (RevisionReport, Vec<ProbeFinding>, Vec<u64>);

/// One revision: a fresh server, the conversation, its findings. On a
/// server that cannot be started, the error and the collector back.
pub(super) fn revision_run<O: Observer + Send + 'static>(
    probe: &Probe,
    http: &HttpConfig,
    revision: Version,
    deadline: Instant,
    observer: O,
) -> Result<(RevisionReport, Collect<O>), NotStarted<O>> {
    let transcript = match (&probe.target, &probe.transcript) {
        (Target::Stdio(_), Some(path)) => {
            let path = transcript::path_for(path, revision, probe.revisions.len() > 1);
            match Transcript::create(&path) {
                Ok(t) => Some(t),
                Err(e) => {
                    let e =
                        io::Error::new(e.kind(), format!("cannot create {}: {e}", path.display()));
                    return Err(Box::new((e, observer)));
                }
            }
        }
        _ => None,
    };
    let pipeline = start_pipeline(probe, Collect::new(observer, revision, transcript));
    let submitter = pipeline.submitter();
    let started = Conn::start(probe, http, revision, &submitter);
    drop(submitter);
    let conn = match started {
        Ok(c) => c,
        Err(e) => return Err(Box::new((e, pipeline.finish().consumer.observer))),
    };
    let (mut table, findings, cancelled) = converse(conn, probe, revision, deadline);
    let finished = pipeline.finish();
    let mut collect = finished.consumer;
    if let Some(t) = &mut collect.transcript {
        table.transcript = Some(t.path.clone());
        if let Err(e) = t.finish() {
            table
                .note
                .get_or_insert(format!("the transcript could not be written: {e}"));
        }
    }
    collect.unanswered(&still_pending(finished.totals.unanswered, &cancelled));
    collect.probe(&findings);
    for (rule, n) in &collect.by_rule {
        *table.findings.entry(rule.clone()).or_default() += n;
    }
    (table.messages, table.valid) = (collect.messages, collect.valid);
    Ok((table, collect))
}

/// The live pipeline for one revision, judging into `collect` with the
/// probe's limits.
fn start_pipeline<O: Observer + Send + 'static>(
    probe: &Probe,
    collect: Collect<O>,
) -> Pipeline<Collect<O>> {
    Pipeline::start(
        live::Config {
            mode: Mode::Auto,
            options: Options {
                limits: probe.limits,
                ..Options::default()
            },
            ..live::Config::default()
        },
        collect,
    )
}

/// The conversation on `conn`: the exercise, then its end (over HTTP with
/// the checks after it). Returns what the exercise left, with the ids of
/// the requests answered by the link added to those it cancelled.
fn converse(mut conn: Conn, probe: &Probe, revision: Version, deadline: Instant) -> Exercised {
    let mut exercise = Exercise::new(
        conn.link(),
        revision,
        exercise::Limits {
            timeout: probe.timeout,
            deadline,
            page_limit: probe.page_limit,
            read_limit: probe.read_limit,
            tools: probe.tools,
        },
    );
    exercise.run();
    let (mut table, mut findings, mut cancelled) =
        (exercise.table, exercise.findings, exercise.cancelled);
    // The Origin check is bounded by the run's deadline like any request.
    let timeout = probe
        .timeout
        .min(deadline.saturating_duration_since(Instant::now()));
    cancelled.extend(conn.finish(revision, timeout, &mut table, &mut findings));
    (table, findings, cancelled)
}

/// The session's unanswered requests less those the probe cancelled.
///
/// A request cancelled with `notifications/cancelled` is no longer
/// pending for the session (it saw the notification). Over HTTP a
/// request cancelled by closing its stream (2026-07-28) tells the
/// session nothing, and one answered without a JSON-RPC response is a
/// probe finding or a note already: those are left out here.
fn still_pending(unanswered: Vec<live::Pending>, cancelled: &[u64]) -> Vec<live::Pending> {
    unanswered
        .into_iter()
        .filter(|p| {
            p.direction != Direction::ClientToServer
                || !p
                    .id
                    .as_ref()
                    .and_then(serde_json::Value::as_u64)
                    .is_some_and(|id| cancelled.contains(&id))
        })
        .collect()
}

/// The conversation's link: a server process, or an HTTP connection.
enum Conn {
    Stdio(Connection),
    #[cfg(feature = "probe-http")]
    Http(http::HttpLink),
}

impl Conn {
    /// The URL's server, or the command's.
    fn start(
        probe: &Probe,
        http: &HttpConfig,
        revision: Version,
        submitter: &live::Submitter,
    ) -> io::Result<Conn> {
        #[cfg(not(feature = "probe-http"))]
        let () = *http;
        let max_bytes = probe.limits.max_bytes;
        match &probe.target {
            #[cfg(feature = "probe-http")]
            Target::Url(url) => {
                http::HttpLink::start(url, submitter, max_bytes, revision, probe.timeout, http)
                    .map(Conn::Http)
                    .map_err(io::Error::other)
            }
            #[cfg(not(feature = "probe-http"))]
            Target::Url(_) => Err(io::Error::other("built without HTTP")),
            Target::Stdio(command) => {
                Connection::start(command, &probe.env, submitter, max_bytes, revision)
                    .map(Conn::Stdio)
            }
        }
    }

    /// The link the exercise talks through.
    fn link(&mut self) -> &mut dyn Link {
        match self {
            Conn::Stdio(c) => c,
            #[cfg(feature = "probe-http")]
            Conn::Http(h) => h,
        }
    }

    /// Ends the conversation; over HTTP, first the Origin check (when the
    /// server spoke the revision). Returns the ids of the requests
    /// answered without a JSON-RPC response ([`Link::answered_by_link`]).
    fn finish(
        self,
        revision: Version,
        timeout: Duration,
        table: &mut RevisionReport,
        findings: &mut Vec<ProbeFinding>,
    ) -> Vec<u64> {
        #[cfg(not(feature = "probe-http"))]
        let _ = (revision, timeout, &table, &findings);
        match self {
            // A normal end: the server exits once its input is closed (or
            // its group is ended); only an exit before that is recorded (a
            // crash).
            Conn::Stdio(c) => {
                let answered = c.answered_by_link();
                let _ = c.close(GRACE);
                answered
            }
            #[cfg(feature = "probe-http")]
            Conn::Http(mut h) => {
                table.transport = h.transport().name().to_string();
                if table.negotiated.is_some() && !timeout.is_zero() {
                    security_checks(&mut h, revision, timeout, table, findings);
                    origin_check(&mut h, revision, timeout, table, findings);
                }
                let answered = h.answered_by_link();
                h.close(GRACE);
                answered
            }
        }
    }
}

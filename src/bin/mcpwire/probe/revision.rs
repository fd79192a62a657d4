//! One revision's run: a fresh server (or HTTP connection) behind the live
//! pipeline, the exercise, the end of the conversation, and its findings.

use std::{
    io,
    time::{Duration, Instant},
};

use mcpwire::{
    live::{self, Pipeline},
    Direction, Mode, Options, Version,
};

#[cfg(feature = "proxy")]
use super::http;
#[cfg(feature = "proxy")]
use super::http_checks::{origin_check, security_checks};
use super::{
    connection::Connection,
    exercise::{self, Exercise, ProbeFinding},
    judging::Judging,
    link::Link,
    report::write_findings,
    table::RevisionTable,
};
use crate::{
    commands::ProbeArgs,
    output::{Outputs, Summary},
};

/// How long a server gets to exit after its input is closed, and the
/// reader to finish after the group is ended.
const GRACE: Duration = Duration::from_millis(500);

/// The outputs and the counts, carried from one revision to the next.
type Carried = (Outputs, Summary);

/// What every revision's HTTP link is given besides the URL.
#[cfg(feature = "proxy")]
pub(super) type HttpConfig = http::HttpConfig;
/// What every revision's HTTP link is given besides the URL.
#[cfg(not(feature = "proxy"))]
pub(super) type HttpConfig = ();

/// What the exercise left: the table, the probe's findings, and the ids of
/// the requests it cancelled.
type Exercised = (RevisionTable, Vec<ProbeFinding>, Vec<u64>);

/// One revision: a fresh server, the conversation, its findings. On a
/// server that cannot be started, the error and the outputs back.
pub(super) fn revision_run(
    args: &ProbeArgs,
    http: &HttpConfig,
    revision: Version,
    deadline: Instant,
    sink: Outputs,
    summary: Summary,
) -> Result<(RevisionTable, Outputs, Summary), Box<(io::Error, Carried)>> {
    let limits = args.limits.limits();
    let pipeline = start_pipeline(args, revision, sink, summary);
    let submitter = pipeline.submitter();
    let started = Conn::start(args, http, revision, &submitter, limits.max_bytes);
    drop(submitter);
    let conn = match started {
        Ok(c) => c,
        Err(e) => {
            let j = pipeline.finish().consumer;
            return Err(Box::new((e, (j.sink, j.summary))));
        }
    };
    let (mut table, findings, cancelled) = converse(conn, args, revision, deadline);
    let finished = pipeline.finish();
    let mut j = finished.consumer;
    let unanswered = still_pending(finished.totals.unanswered, &cancelled);
    let written = j
        .unanswered(&unanswered)
        .and_then(|()| write_findings(&findings, revision, &mut j));
    if let Some(e) = j.error.take() {
        return Err(Box::new((e, (j.sink, j.summary))));
    }
    if let Err(e) = written {
        return Err(Box::new((e, (j.sink, j.summary))));
    }
    for (rule, n) in &j.by_rule {
        *table.findings.entry(rule.clone()).or_default() += n;
    }
    j.summary.files += 1;
    Ok((table, j.sink, j.summary))
}

/// The live pipeline for one revision, judging into `sink` and `summary`
/// with the limits of `args`.
fn start_pipeline(
    args: &ProbeArgs,
    revision: Version,
    sink: Outputs,
    summary: Summary,
) -> Pipeline<Judging> {
    let limits = args.limits.limits();
    Pipeline::start(
        live::Config {
            mode: Mode::Auto,
            options: Options {
                limits,
                ..Options::default()
            },
            stack_size: Some(args.limits.stack()),
            ..live::Config::default()
        },
        Judging::new(sink, summary, limits, revision.as_str()),
    )
}

/// The conversation on `conn`: the exercise, then its end (over HTTP with
/// the checks after it). Returns what the exercise left, with the ids of
/// the requests answered by the link added to those it cancelled.
fn converse(mut conn: Conn, args: &ProbeArgs, revision: Version, deadline: Instant) -> Exercised {
    let mut exercise = Exercise::new(
        conn.link(),
        revision,
        exercise::Limits {
            timeout: args.timeout,
            deadline,
            page_limit: args.page_limit,
            read_limit: args.read_limit,
            tools: args.tools,
        },
    );
    exercise.run();
    let (mut table, mut findings, mut cancelled) =
        (exercise.table, exercise.findings, exercise.cancelled);
    // The Origin check is bounded by the run's deadline like any request.
    let timeout = args
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
    #[cfg(feature = "proxy")]
    Http(http::HttpLink),
}

impl Conn {
    /// `--url`'s server, or the command's.
    fn start(
        args: &ProbeArgs,
        http: &HttpConfig,
        revision: Version,
        submitter: &live::Submitter,
        max_bytes: usize,
    ) -> io::Result<Conn> {
        #[cfg(not(feature = "proxy"))]
        let () = *http;
        match &args.url {
            #[cfg(feature = "proxy")]
            Some(url) => {
                http::HttpLink::start(url, submitter, max_bytes, revision, args.timeout, http)
                    .map(Conn::Http)
                    .map_err(io::Error::other)
            }
            #[cfg(not(feature = "proxy"))]
            Some(_) => Err(io::Error::other("built without HTTP")),
            None => Connection::start(
                &args.command,
                &args.env,
                submitter,
                max_bytes,
                exercise::stateless(revision),
            )
            .map(Conn::Stdio),
        }
    }

    /// The link the exercise talks through.
    fn link(&mut self) -> &mut dyn Link {
        match self {
            Conn::Stdio(c) => c,
            #[cfg(feature = "proxy")]
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
        table: &mut RevisionTable,
        findings: &mut Vec<ProbeFinding>,
    ) -> Vec<u64> {
        #[cfg(not(feature = "proxy"))]
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
            #[cfg(feature = "proxy")]
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

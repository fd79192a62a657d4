//! `mcpwire probe`: a client of mcpwire's own that starts a stdio MCP
//! server once per revision ([`connection`]) — or, with `--url`, opens a
//! fresh HTTP connection to one per revision ([`http`]: Streamable HTTP,
//! or the 2024-11-05 HTTP+SSE transport by the backwards-compatibility
//! procedure) — exercises everything the server declares and nothing it
//! does not ([`exercise`]), and judges every message, both directions, on
//! the live pipeline exactly as `tap` (stdio) and `proxy` (HTTP, with the
//! HTTP rules) do ([`judging`]).
//!
//! The report is a table per revision ([`table`]) followed by the
//! findings as `check` writes them (every `--format`, `--output`). The
//! findings are written to memory while the revisions run and copied out
//! behind the tables at the end. Exit status: 0 clean, 1 findings, 2 a
//! usage error or a server that cannot be started.

mod answers;
mod connection;
mod exercise;
#[cfg(feature = "proxy")]
mod http;
mod judging;
mod rules;
mod synth;
mod table;

use std::{
    io::{self, Write},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use mcpwire::{
    live::{self, Pipeline},
    Direction, Mode, Options, Version,
};

pub use crate::commands::probe_args::ToolPolicy;
use crate::{
    commands::ProbeArgs,
    output::{self, Format, Out, Outputs, Severity, Summary},
    sink::Verdict,
    Failure,
};
use connection::{Connection, Link};
use exercise::{Exercise, ProbeFinding};
use judging::Judging;
use table::RevisionTable;

/// How long a server gets to exit after its input is closed, and the
/// reader to finish after the group is ended.
const GRACE: Duration = Duration::from_millis(500);

/// A writer into memory, shared with the sink that writes to it.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| io::Error::other("buffer poisoned"))?
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One output: its format, its real destination, and the buffer its sink
/// writes the findings to meanwhile.
struct Destination {
    format: Format,
    out: Box<dyn Write + Send>,
    buffer: Buffer,
}

/// The outputs of `args` (`--format` on standard output, text by default,
/// plus every `--output`), each writing to memory first.
fn outputs(args: &ProbeArgs) -> Result<(Outputs, Vec<Destination>), Failure> {
    let mut wanted = Vec::new();
    if let Some(f) = args
        .output
        .format
        .or(args.output.output.is_empty().then_some(Format::Text))
    {
        wanted.push((f, None));
    }
    for o in &args.output.output {
        wanted.push((o.format, o.path.clone()));
    }
    let mut sinks = Vec::new();
    let mut destinations = Vec::new();
    for (format, path) in wanted {
        let (out, color) = output::writer(path.as_ref(), false, args.output.color)
            .map_err(|e| Failure::Input(e.to_string()))?;
        let buffer = Buffer::default();
        sinks.push(output::sink(
            format,
            Box::new(buffer.clone()),
            color && format == Format::Text,
        ));
        destinations.push(Destination {
            format,
            out,
            buffer,
        });
    }
    Ok((Outputs::new(sinks, Verdict::default()), destinations))
}

/// Runs the probe; returns the exit status.
pub fn run(args: &ProbeArgs) -> Result<u8, Failure> {
    match (&args.url, args.command.is_empty()) {
        (None, true) => {
            return Err(Failure::Usage(
                "probe needs a command to run, after --, or --url".into(),
            ))
        }
        (Some(_), false) => {
            return Err(Failure::Usage(
                "probe takes either --url or a command to run, not both".into(),
            ))
        }
        (Some(_), true) if !args.env.is_empty() => {
            return Err(Failure::Usage(
                "--env sets the environment of a server the probe runs; with --url it runs none"
                    .into(),
            ))
        }
        #[cfg(feature = "proxy")]
        (Some(url), true) => {
            http::check_url(url).map_err(Failure::Usage)?;
        }
        #[cfg(not(feature = "proxy"))]
        (Some(_), true) => {
            return Err(Failure::Usage(
                "probe --url needs mcpwire built with the `proxy` feature (HTTP)".into(),
            ))
        }
        (None, false) => {}
    }
    if args.url.is_none() {
        let http_only = [
            ("--header", !args.headers.is_empty()),
            ("--har", args.har.is_some()),
            ("--transcript", args.transcript.is_some()),
        ];
        if let Some((flag, _)) = http_only.iter().find(|(_, given)| *given) {
            return Err(Failure::Usage(format!(
                "{flag} is for the HTTP requests of probe --url"
            )));
        }
    }
    #[cfg(feature = "proxy")]
    let http = http::HttpConfig {
        headers: args.headers.clone(),
        captures: http::Captures::create(args.har.as_deref(), args.transcript.as_deref())
            .map_err(Failure::Input)?
            .map(Arc::new),
    };
    #[cfg(not(feature = "proxy"))]
    let http = ();
    let (mut sink, destinations) = outputs(args)?;
    let mut summary = Summary {
        summary: true,
        ..Summary::default()
    };
    let deadline = Instant::now() + args.deadline;
    let mut tables: Vec<RevisionTable> = Vec::new();
    for (i, &revision) in args.revisions.iter().enumerate() {
        if Instant::now() >= deadline {
            let mut t = RevisionTable::new(revision.as_str());
            t.note = Some("not probed: the run's deadline passed".into());
            tables.push(t);
            continue;
        }
        let probed = revision_run(args, &http, revision, deadline, sink, summary);
        let (table, back, counts) = match probed {
            Ok(done) => done,
            Err(failed) => {
                let (e, (back, counts)) = *failed;
                if i == 0 {
                    return Err(Failure::Input(e.to_string()));
                }
                let mut t = RevisionTable::new(revision.as_str());
                t.note = Some(format!("the server could not be started: {e}"));
                (t, back, counts)
            }
        };
        sink = back;
        summary = counts;
        tables.push(table);
    }
    #[cfg(feature = "proxy")]
    if let Some(c) = &http.captures {
        c.close().map_err(Failure::Output)?;
    }
    negotiation_across(&tables, &mut sink, &mut summary).map_err(Failure::Output)?;
    sink.finish(&summary).map_err(Failure::Output)?;
    for mut d in destinations {
        write_tables(&tables, d.format, &mut d.out).map_err(Failure::Output)?;
        let bytes = d.buffer.0.lock().map(|b| b.clone()).unwrap_or_default();
        d.out
            .write_all(&bytes)
            .and_then(|()| d.out.flush())
            .map_err(Failure::Output)?;
    }
    Ok(sink.verdict.exit_code(&summary))
}

type Carried = (Outputs, Summary);

/// What every revision's HTTP link is given besides the URL.
#[cfg(feature = "proxy")]
type HttpConfig = http::HttpConfig;
#[cfg(not(feature = "proxy"))]
type HttpConfig = ();

/// One revision: a fresh server, the conversation, its findings. On a
/// server that cannot be started, the error and the outputs back.
fn revision_run(
    args: &ProbeArgs,
    http: &HttpConfig,
    revision: Version,
    deadline: Instant,
    sink: Outputs,
    summary: Summary,
) -> Result<(RevisionTable, Outputs, Summary), Box<(io::Error, Carried)>> {
    let limits = args.limits.limits();
    let pipeline = Pipeline::start(
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
    );
    let submitter = pipeline.submitter();
    let started = Conn::start(args, http, revision, &submitter, limits.max_bytes);
    drop(submitter);
    let mut conn = match started {
        Ok(c) => c,
        Err(e) => {
            let j = pipeline.finish().consumer;
            return Err(Box::new((e, (j.sink, j.summary))));
        }
    };
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
    let finished = pipeline.finish();
    let mut j = finished.consumer;
    // A request cancelled with `notifications/cancelled` is no longer
    // pending for the session (it saw the notification). Over HTTP a
    // request cancelled by closing its stream (2026-07-28) tells the
    // session nothing, and one answered without a JSON-RPC response is a
    // probe finding or a note already: those are left out here.
    let unanswered: Vec<live::Pending> = finished
        .totals
        .unanswered
        .into_iter()
        .filter(|p| {
            p.direction != Direction::ClientToServer
                || !p
                    .id
                    .as_ref()
                    .and_then(serde_json::Value::as_u64)
                    .is_some_and(|id| cancelled.contains(&id))
        })
        .collect();
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

/// A server on loopback must refuse a request with a foreign `Origin`
/// (DNS rebinding): the revision's opening request is sent with one.
#[cfg(feature = "proxy")]
fn origin_check(
    h: &mut http::HttpLink,
    revision: Version,
    timeout: Duration,
    table: &mut RevisionTable,
    findings: &mut Vec<ProbeFinding>,
) {
    use table::NotCalled;
    if !h.loopback {
        table.not_called.push(NotCalled {
            what: format!("the Origin check (Origin: {})", http::FOREIGN_ORIGIN),
            why: "the URL's host is not a loopback address".into(),
        });
        return;
    }
    let legacy = h.transport() == http::Transport::Legacy;
    let id = h.last_id() + 1;
    let (method, message) = if exercise::stateless(revision) {
        (
            "server/discover",
            connection::request_message(
                id,
                "server/discover",
                None,
                Some(&exercise::request_meta(revision)),
            ),
        )
    } else {
        (
            "initialize",
            connection::request_message(
                id,
                "initialize",
                Some(exercise::initialize_params(revision)),
                None,
            ),
        )
    };
    let what = if legacy {
        "a GET of the SSE endpoint".to_string()
    } else {
        format!("a POST of '{method}'")
    };
    let status = match h.origin_check(&message, timeout) {
        http::OriginCheck::Accepted(status) => status,
        http::OriginCheck::Refused(status) => {
            table.origin_check = Some(format!("{what} refused (HTTP {status})"));
            return;
        }
        http::OriginCheck::NoAnswer(why) => {
            table.origin_check = Some(format!("{what}: no answer ({why})"));
            return;
        }
    };
    table.origin_check = Some(format!("{what} served (HTTP {status})"));
    {
        *table
            .findings
            .entry(rules::ORIGIN.id.to_string())
            .or_default() += 1;
        findings.push(ProbeFinding {
            rule: rules::ORIGIN,
            method: Some(if legacy { "GET" } else { method }.to_string()),
            message: format!(
                "{what} with `Origin: {}` was served (HTTP {status}): a server on loopback that \
                 accepts a foreign origin answers web pages through DNS rebinding",
                http::FOREIGN_ORIGIN
            ),
            warning: true,
        });
    }
}

/// The session and protocol-version checks (Streamable HTTP, a server
/// that issued a session id), each a table line and, when its sentence is
/// broken, a finding.
#[cfg(feature = "proxy")]
fn security_checks(
    h: &mut http::HttpLink,
    revision: Version,
    timeout: Duration,
    table: &mut RevisionTable,
    findings: &mut Vec<ProbeFinding>,
) {
    use http::Check;
    let id = h.last_id() + 100;
    let ping = connection::request_message(id, "ping", None, None);
    let initialize = connection::request_message(
        id + 1,
        "initialize",
        Some(exercise::initialize_params(revision)),
        None,
    );
    for o in h.security_checks(&ping, &initialize, timeout) {
        let name = o.check.name();
        if let Some(why) = o.skipped {
            table.not_called.push(table::NotCalled {
                what: format!("the {name} check"),
                why,
            });
            continue;
        }
        table.http_checks.insert(name.to_string(), o.what.clone());
        if !o.failed {
            continue;
        }
        let (rule, warning) = match o.check {
            Check::SessionMissing => (rules::SESSION_MISSING, true),
            Check::SessionMadeUp => (rules::SESSION_MADE_UP, true),
            Check::SessionDeleted => (rules::SESSION_DELETED, false),
            Check::VersionMissing => (rules::VERSION_MISSING, true),
            Check::VersionUnsupported => (rules::VERSION_UNSUPPORTED, false),
        };
        *table.findings.entry(rule.id.to_string()).or_default() += 1;
        findings.push(ProbeFinding {
            rule,
            method: Some("ping".to_string()),
            message: o.what,
            warning,
        });
    }
}

/// The probe's own findings, as `check` writes a rule's.
fn write_findings(findings: &[ProbeFinding], revision: Version, j: &mut Judging) -> io::Result<()> {
    let file = j.label(Direction::ServerToClient).to_string();
    for f in findings {
        let message = format!("{} ({})", f.message, f.rule.sentence);
        let severity = if f.warning {
            Severity::Warning
        } else {
            Severity::Violation
        };
        write_one(
            &Probed {
                file: &file,
                revision,
                rule: f.rule.id,
                method: f.method.as_deref(),
                severity,
            },
            &message,
            &mut j.sink,
            &mut j.summary,
        )?;
    }
    Ok(())
}

/// Where a probe finding is and what it is.
struct Probed<'a> {
    file: &'a str,
    revision: Version,
    rule: &'a str,
    method: Option<&'a str>,
    severity: Severity,
}

fn write_one(
    at: &Probed<'_>,
    message: &str,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    let Probed {
        file,
        revision,
        rule,
        method,
        severity,
    } = *at;
    if severity == Severity::Warning {
        summary.warnings += 1;
    } else {
        summary.violations += 1;
    }
    sink.revision(revision);
    sink.finding(
        &Out {
            file,
            line: 0,
            severity,
            direction: Some(Direction::ServerToClient),
            direction_inferred: false,
            origin: mcpwire::Origin::Implementation,
            revision: Some(revision),
            kind: None,
            method,
            id: None,
            batch_index: None,
            definition: None,
            pointer: "",
            schema_pointer: None,
            keyword: rule,
            message,
            definition_path: "",
        },
        None,
    )?;
    sink.message_done()
}

/// Across revisions: offered A, the server answered B; offered B (in its
/// own run), it did not answer B — so B is not a revision it supports.
fn negotiation_across(
    tables: &[RevisionTable],
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
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
        let message = format!(
            "offered {}, the server answered {answered}; offered {answered}, it answered \
             {other_answer}: it answered a revision it does not support ({})",
            t.offered,
            rules::NEGOTIATION.sentence
        );
        let file = format!("{} <server>", t.offered);
        let at = Probed {
            file: &file,
            revision,
            rule: rules::NEGOTIATION.id,
            method: Some("initialize"),
            severity: Severity::Violation,
        };
        write_one(&at, &message, sink, summary)?;
    }
    Ok(())
}

/// The tables, in `format` (text and JSON Lines carry them; the single-
/// document formats carry the findings only).
fn write_tables(tables: &[RevisionTable], format: Format, out: &mut dyn Write) -> io::Result<()> {
    for t in tables {
        match format {
            Format::Text => t.text(out)?,
            Format::Json => t.json(out)?,
            _ => {}
        }
    }
    Ok(())
}

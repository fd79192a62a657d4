//! `mcpwire probe`: a client of mcpwire's own that starts a stdio MCP
//! server once per revision ([`connection`]) — or, with `--url`, opens a
//! fresh HTTP connection to one per revision ([`http`]: Streamable HTTP,
//! or the 2024-11-05 HTTP+SSE transport by the backwards-compatibility
//! procedure) — exercises everything the server declares and nothing it
//! does not ([`exercise`]), and judges every message, both directions, on
//! the live pipeline exactly as `tap` (stdio) and `proxy` (HTTP, with the
//! HTTP rules) do ([`judging`]). Each revision is one run ([`revision`]).
//!
//! The report ([`report`]) is a table per revision ([`table`]) followed by the
//! findings as `check` writes them (every `--format`, `--output`). The
//! findings are written to memory while the revisions run and copied out
//! behind the tables at the end. Exit status: 0 clean, 1 findings, 2 a
//! usage error or a server that cannot be started.

mod answers;
mod connection;
mod exercise;
#[cfg(feature = "proxy")]
mod http;
#[cfg(feature = "proxy")]
mod http_checks;
mod judging;
mod link;
mod messages;
mod report;
mod revision;
mod rules;
mod server_process;
mod stdio_reader;
mod stdio_writer;
mod synth;
mod table;
mod watch;

#[cfg(feature = "proxy")]
use std::sync::Arc;
use std::time::Instant;

pub use crate::commands::probe_args::ToolPolicy;
use crate::{
    commands::ProbeArgs,
    output::{Outputs, Summary},
    Failure,
};
use revision::{revision_run, HttpConfig};
use table::RevisionTable;

/// Runs the probe; returns the exit status.
pub fn run(args: &ProbeArgs) -> Result<u8, Failure> {
    check_usage(args)?;
    let http = http_config(args)?;
    let (sink, destinations) = report::outputs(args)?;
    let summary = Summary {
        summary: true,
        ..Summary::default()
    };
    let (tables, mut sink, mut summary) = probe_revisions(args, &http, sink, summary)?;
    #[cfg(feature = "proxy")]
    if let Some(c) = &http.captures {
        c.close().map_err(Failure::Output)?;
    }
    report::negotiation_across(&tables, &mut sink, &mut summary).map_err(Failure::Output)?;
    sink.finish(&summary).map_err(Failure::Output)?;
    report::write_report(&tables, destinations)?;
    Ok(sink.verdict.exit_code(&summary))
}

/// The usage errors: neither or both of `--url` and a command, and the
/// flags that belong to the other transport.
fn check_usage(args: &ProbeArgs) -> Result<(), Failure> {
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
    Ok(())
}

/// The HTTP links' headers and captures (`--har`, `--transcript`).
#[cfg(feature = "proxy")]
fn http_config(args: &ProbeArgs) -> Result<HttpConfig, Failure> {
    Ok(http::HttpConfig {
        headers: args.headers.clone(),
        captures: http::Captures::create(args.har.as_deref(), args.transcript.as_deref())
            .map_err(Failure::Input)?
            .map(Arc::new),
    })
}

/// Without HTTP there is nothing to configure.
#[cfg(not(feature = "proxy"))]
#[allow(clippy::unnecessary_wraps)]
fn http_config(_args: &ProbeArgs) -> Result<HttpConfig, Failure> {
    Ok(())
}

/// Every revision in turn, until the run's deadline (the later ones then
/// get a note). A server that cannot be started fails the whole run on the
/// first revision, and is a note on a later one.
fn probe_revisions(
    args: &ProbeArgs,
    http: &HttpConfig,
    mut sink: Outputs,
    mut summary: Summary,
) -> Result<(Vec<RevisionTable>, Outputs, Summary), Failure> {
    let deadline = Instant::now() + args.deadline;
    let mut tables: Vec<RevisionTable> = Vec::new();
    for (i, &revision) in args.revisions.iter().enumerate() {
        if Instant::now() >= deadline {
            let mut t = RevisionTable::new(revision.as_str());
            t.note = Some("not probed: the run's deadline passed".into());
            tables.push(t);
            continue;
        }
        let probed = revision_run(args, http, revision, deadline, sink, summary);
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
    Ok((tables, sink, summary))
}

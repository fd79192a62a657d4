//! `mcpwire snapshot`.

use std::{ffi::OsString, path::PathBuf};

use mcpwire::Version;

use super::{
    args::{Command, Flag, Matches, Positional, Stop, UsageError},
    parse_version,
};

pub(super) const SNAPSHOT: Command = Command {
    name: "snapshot",
    about: "Write a server's declared interface (tools, schemas, prompts, resources, \
            capabilities, per revision) as a canonical snapshot to commit and diff",
    long_about: Some(
        "Write a server's declared interface as a canonical snapshot: per revision it speaks, \
         server info, capabilities, instructions, tools with their input and output schemas, \
         resources, resource templates and prompts, every page, members sorted, nothing that \
         changes from run to run. The interface comes from the server itself — a stdio server \
         it runs (-- COMMAND) or one at --url, asked by the probe, which calls no tool — or \
         from captured transcripts (--from-transcript FILE...). Compare two snapshots with \
         `mcpwire diff OLD.json NEW.json`. See docs/snapshot.md.",
    ),
    flags: &[&[URL, REVISION, FROM_TRANSCRIPT, SNAPSHOT_OUTPUT]],
    positional: Some(Positional {
        name: "COMMAND|FILE",
        help: "The stdio server to run, after `--`; with --from-transcript, transcripts of \
               conversations with the server (JSON Lines, as `mcpwire check` reads), one or \
               one per revision",
        many: true,
        required: false,
        default: None,
        after_dashes: false,
    }),
};

const URL: Flag = Flag::value(
    "url",
    "URL",
    "Ask the MCP server at this http:// or https:// URL instead of running a command",
);

const REVISION: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "revision",
        "REV",
        "A revision to ask the server about (repeatable; default: every revision compiled in)",
    )
};

const FROM_TRANSCRIPT: Flag = Flag::switch(
    "from-transcript",
    "Read the interface off captured transcripts (the results of initialize and the lists) \
     instead of asking the server",
);

const SNAPSHOT_OUTPUT: Flag = Flag::value(
    "output",
    "FILE",
    "Write the snapshot to FILE instead of standard output",
);

/// Where a snapshot's interface comes from.
#[derive(Debug)]
pub enum SnapshotSource {
    /// `--from-transcript FILE...`.
    Transcripts(Vec<PathBuf>),
    /// `-- COMMAND ARGS...`: a stdio server the probe runs.
    Command(Vec<OsString>),
    /// `--url URL`: an HTTP server the probe asks.
    Url(String),
}

/// `mcpwire snapshot`.
#[derive(Debug)]
pub struct SnapshotArgs {
    /// Where the interface comes from.
    pub source: SnapshotSource,
    /// `--revision` (empty: every revision compiled in).
    pub revisions: Vec<Version>,
    /// `--output`.
    pub output: Option<PathBuf>,
}

impl SnapshotArgs {
    pub(super) fn take(m: &mut Matches) -> Result<SnapshotArgs, Stop> {
        let from_transcript = m.switch(&FROM_TRANSCRIPT);
        let url = m.maybe(&URL, |s| Ok::<_, String>(s.to_string()))?;
        let revisions = m.all(&REVISION, parse_version)?;
        let positionals = m.positionals();
        let usage = |message: &str| Stop::from(UsageError::new(Some(&SNAPSHOT), message.into()));
        let source = match (from_transcript, url, positionals.is_empty()) {
            (true, None, false) if revisions.is_empty() => {
                SnapshotSource::Transcripts(positionals.into_iter().map(PathBuf::from).collect())
            }
            (true, None, false) => {
                return Err(usage(
                    "--revision is for asking a server, not --from-transcript",
                ))
            }
            (true, Some(_), _) => return Err(usage("--from-transcript reads files, not --url")),
            (true, None, true) => return Err(usage("--from-transcript needs FILE...")),
            (false, Some(url), true) => SnapshotSource::Url(url),
            (false, None, false) => SnapshotSource::Command(positionals),
            (false, Some(_), false) => {
                return Err(usage(
                    "snapshot takes either --url or a command to run, not both",
                ))
            }
            (false, None, true) => {
                return Err(usage(
                    "say where the interface comes from: -- COMMAND, --url URL or \
                     --from-transcript FILE...",
                ))
            }
        };
        Ok(SnapshotArgs {
            source,
            revisions,
            output: m.path(&SNAPSHOT_OUTPUT),
        })
    }
}

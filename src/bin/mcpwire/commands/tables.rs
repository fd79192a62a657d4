//! `mcpwire dispatch` and `mcpwire diff`.

use std::path::PathBuf;

use mcpwire::Version;

use super::values::parse_version;
use crate::args::{self, Choice, Command, Flag, Matches, Positional, Stop, UsageError};

pub(super) const DISPATCH: Command = Command {
    name: "dispatch",
    about: "Print a revision's dispatch maps: methods, error codes, envelopes",
    long_about: None,
    flags: &[&[DISPATCH_SPEC, MAPS_FORMAT]],
    positional: None,
};

pub(super) const DISPATCH_SPEC: Flag = Flag {
    required: true,
    ..Flag::value("spec", "REVISION", "Revision")
};

pub(super) const MAPS_FORMAT: Flag = Flag {
    default: Some("text"),
    choices: Some(args::choices::<MapsFormat>),
    ..Flag::value(
        "format",
        "FORMAT",
        "`text` for people, `json` for the maps as data",
    )
};

/// `mcpwire dispatch`.
#[derive(Debug)]
pub struct DispatchArgs {
    /// `--spec`.
    pub spec: Version,
    /// `--format`.
    pub format: MapsFormat,
}

impl DispatchArgs {
    pub(super) fn take(m: &mut Matches) -> Result<DispatchArgs, Stop> {
        Ok(DispatchArgs {
            spec: m.one(&DISPATCH_SPEC, parse_version)?,
            format: m.one(&MAPS_FORMAT, args::choice)?,
        })
    }
}

/// `dispatch --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapsFormat {
    /// For people.
    Text,
    /// The maps as JSON.
    Json,
}

impl Choice for MapsFormat {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        ("text", MapsFormat::Text, ""),
        ("json", MapsFormat::Json, ""),
    ];
}

pub(super) const DIFF: Command = Command {
    name: "diff",
    about: "Compare two revisions (methods, definitions, constraints) or two server snapshots \
            (breaking, compatible and undecided changes)",
    long_about: Some(
        "Compare two revisions compiled in (2025-11-25 2026-07-28: methods, definitions and \
         constraints added, removed or changed), or two snapshot files written by `mcpwire \
         snapshot` (old.json new.json: each change to the server's interface classified for a \
         client built against the old one). Arguments that end in `.json` or name existing files \
         are snapshot files.\n\n\
         Exit status for snapshots: 0 no change or compatible changes only, 1 a breaking change \
         (or an undecided one with --fail-on undecided), 2 usage or input error. See \
         docs/snapshot.md.",
    ),
    flags: &[&[DIFF_FORMAT, FAIL_ON]],
    positional: Some(Positional {
        name: "OLD NEW",
        help: "Two revisions, or two snapshot files, the older first",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

pub(super) const DIFF_FORMAT: Flag = Flag {
    default: Some("text"),
    choices: Some(args::choices::<DiffFormat>),
    ..Flag::value(
        "format",
        "FORMAT",
        "Output format (revisions: `text` or `json`)",
    )
};

pub(super) const FAIL_ON: Flag = Flag {
    default: Some("breaking"),
    choices: Some(args::choices::<FailOn>),
    ..Flag::value(
        "fail-on",
        "LEVEL",
        "Snapshots: exit 1 on breaking changes, or on undecided ones too",
    )
};

/// `diff --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiffFormat {
    /// For people.
    Text,
    /// One JSON document.
    Json,
    /// A pull-request comment.
    Markdown,
    /// GitHub Actions workflow commands.
    Github,
    /// SARIF 2.1.0.
    Sarif,
}

impl Choice for DiffFormat {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        ("text", DiffFormat::Text, "for people"),
        ("json", DiffFormat::Json, "the report as data"),
        (
            "markdown",
            DiffFormat::Markdown,
            "snapshots: a pull-request comment",
        ),
        (
            "github",
            DiffFormat::Github,
            "snapshots: GitHub Actions annotations",
        ),
        (
            "sarif",
            DiffFormat::Sarif,
            "snapshots: SARIF 2.1.0 for code scanning",
        ),
    ];
}

/// `diff --fail-on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailOn {
    /// Breaking changes fail.
    Breaking,
    /// Breaking and undecided changes fail.
    Undecided,
}

impl Choice for FailOn {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        ("breaking", FailOn::Breaking, "breaking changes fail"),
        (
            "undecided",
            FailOn::Undecided,
            "breaking and undecided changes fail",
        ),
    ];
}

/// What `mcpwire diff` compares.
#[derive(Debug)]
pub enum DiffTargets {
    /// Two revisions compiled in: the older, the newer.
    Revisions(Version, Version),
    /// Two snapshot files: the older, the newer.
    Snapshots(PathBuf, PathBuf),
}

/// `mcpwire diff`.
#[derive(Debug)]
pub struct DiffArgs {
    /// What to compare.
    pub targets: DiffTargets,
    /// `--format`.
    pub format: DiffFormat,
    /// `--fail-on`.
    pub fail_on: FailOn,
}

/// Whether a `diff` argument names a snapshot file rather than a revision.
fn is_file(name: &str) -> bool {
    name.ends_with(".json") || std::path::Path::new(name).is_file()
}

impl DiffArgs {
    pub(super) fn take(m: &mut Matches) -> Result<DiffArgs, Stop> {
        let usage = |message: String| Stop::from(UsageError::new(Some(&DIFF), message));
        let names = m.positional_strings()?;
        let [from, to] = names.as_slice() else {
            let message = format!(
                "expected two revisions or two snapshot files, got {}",
                names.len()
            );
            return Err(usage(message));
        };
        let format = m.one(&DIFF_FORMAT, args::choice)?;
        let fail_on = m.one(&FAIL_ON, args::choice)?;
        let targets = match (is_file(from), is_file(to)) {
            (true, true) => DiffTargets::Snapshots(from.into(), to.into()),
            (false, false) => {
                let revision =
                    |name: &str| parse_version(name).map_err(|e| usage(format!("{name}: {e}")));
                if !matches!(format, DiffFormat::Text | DiffFormat::Json) {
                    return Err(usage(
                        "two revisions are compared as `text` or `json`".into(),
                    ));
                }
                DiffTargets::Revisions(revision(from)?, revision(to)?)
            }
            _ => {
                let message = format!("{from} and {to}: give two revisions or two snapshot files");
                return Err(usage(message));
            }
        };
        Ok(DiffArgs {
            targets,
            format,
            fail_on,
        })
    }
}

//! `mcpwire dispatch` and `mcpwire diff`.

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
    about: "Compare two revisions: methods, definitions and constraints added, removed or changed",
    long_about: None,
    flags: &[&[DIFF_FORMAT]],
    positional: Some(Positional {
        name: "REVISION",
        help: "The older revision, then the newer one",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

pub(super) const DIFF_FORMAT: Flag = Flag {
    default: Some("text"),
    choices: Some(args::choices::<MapsFormat>),
    ..Flag::value(
        "format",
        "FORMAT",
        "`text` for people, `json` for the report as data",
    )
};

/// `mcpwire diff`.
#[derive(Debug)]
pub struct DiffArgs {
    /// The older revision.
    pub from: Version,
    /// The newer revision.
    pub to: Version,
    /// `--format`.
    pub format: MapsFormat,
}

impl DiffArgs {
    pub(super) fn take(m: &mut Matches) -> Result<DiffArgs, Stop> {
        let names = m.positional_strings()?;
        let [from, to] = names.as_slice() else {
            let message = format!("expected two revisions, got {}", names.len());
            return Err(UsageError::new(Some(&DIFF), message).into());
        };
        let revision = |name: &str| {
            parse_version(name)
                .map_err(|e| Stop::from(UsageError::new(Some(&DIFF), format!("{name}: {e}"))))
        };
        Ok(DiffArgs {
            from: revision(from)?,
            to: revision(to)?,
            format: m.one(&DIFF_FORMAT, args::choice)?,
        })
    }
}

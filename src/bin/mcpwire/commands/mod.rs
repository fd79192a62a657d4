//! What each subcommand takes: one [`Flag`] per option, with its help
//! beside it, the [`Command`] tables that group them, and the typed
//! arguments ([`CheckArgs`], …) read from a [`Matches`]. [`APP`] is the
//! whole command line; [`crate::args`] parses it, [`crate::help`] lays out
//! its help.

use mcpwire::Version;

use crate::args::{self, App, Entry};

// `mcpwire probe`'s options.
pub(crate) mod probe_args;
pub use probe_args::ProbeArgs;

/// A parsed command line.
#[derive(Debug)]
pub enum Cmd {
    /// `mcpwire check`.
    Check(CheckArgs),
    /// `mcpwire validate`.
    Validate(ValidateArgs),
    /// `mcpwire tap`.
    Tap(TapArgs),
    /// `mcpwire probe`.
    Probe(ProbeArgs),
    /// `mcpwire dispatch`.
    Dispatch(DispatchArgs),
    /// `mcpwire diff`.
    Diff(DiffArgs),
    /// `mcpwire snapshot`.
    Snapshot(SnapshotArgs),
    /// `mcpwire proxy`.
    #[cfg(feature = "proxy")]
    Proxy(ProxyArgs),
}

/// The command line: the subcommands in help order.
pub const APP: App<Cmd> = App {
    about: "Validate Model Context Protocol (MCP) wire traffic against the published JSON \
            schemas, with validators compiled from them",
    after_help: "Exit status: 0 passed, 1 failed (violations; warnings with --strict; fewer \
                 messages than --require-messages), 2 usage or input error (an input that \
                 cannot be read fails every output format too); `tap` exits with the \
                 server's status; `probe` exits 2 when the server cannot be started. See docs/cli.md.",
    commands: &[
        Entry {
            command: &CHECK,
            build: |m| CheckArgs::take(m).map(Cmd::Check),
        },
        Entry {
            command: &VALIDATE,
            build: |m| ValidateArgs::take(m).map(Cmd::Validate),
        },
        Entry {
            command: &TAP,
            build: |m| TapArgs::take(m).map(Cmd::Tap),
        },
        Entry {
            command: &probe_args::PROBE,
            build: |m| ProbeArgs::take(m).map(Cmd::Probe),
        },
        Entry {
            command: &DISPATCH,
            build: |m| DispatchArgs::take(m).map(Cmd::Dispatch),
        },
        Entry {
            command: &DIFF,
            build: |m| DiffArgs::take(m).map(Cmd::Diff),
        },
        Entry {
            command: &SNAPSHOT,
            build: |m| SnapshotArgs::take(m).map(Cmd::Snapshot),
        },
        #[cfg(feature = "proxy")]
        Entry {
            command: &PROXY,
            build: |m| ProxyArgs::take(m).map(Cmd::Proxy),
        },
    ],
};

/// `--spec`: a revision or `auto`.
#[derive(Clone, Copy, Debug)]
pub enum SpecChoice {
    /// Follow the negotiated revision.
    Auto,
    /// Judge at this one.
    Fixed(Version),
}

mod common;
mod judging;
mod live;
mod snapshot;
mod tables;
#[cfg(test)]
mod tests;
mod values;

pub use common::{LimitArgs, OutputArgs};
use common::{LIMIT_FLAGS, OUTPUT_FLAGS};
pub use judging::{CheckArgs, ValidateArgs};
use judging::{CHECK, VALIDATE};
#[cfg(feature = "proxy")]
pub use live::ProxyArgs;
pub use live::TapArgs;
#[cfg(feature = "proxy")]
use live::PROXY;
use live::TAP;
use snapshot::SNAPSHOT;
pub use snapshot::{SnapshotArgs, SnapshotSource};
pub use tables::{DiffArgs, DiffFormat, DiffTargets, DispatchArgs, FailOn, MapsFormat};
use tables::{DIFF, DISPATCH};
use values::{parse_count, parse_version};

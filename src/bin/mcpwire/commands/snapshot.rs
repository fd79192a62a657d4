//! `mcpwire snapshot`.

use std::path::PathBuf;

use crate::args::{Command, Flag, Matches, Positional, Stop, UsageError};

pub(super) const SNAPSHOT: Command = Command {
    name: "snapshot",
    about: "Write a server's declared interface (tools, schemas, prompts, resources, \
            capabilities, per revision) as a canonical snapshot to commit and diff",
    long_about: Some(
        "Write a server's declared interface as a canonical snapshot: per revision it speaks, \
         server info, capabilities, instructions, tools with their input and output schemas, \
         resources, resource templates and prompts, every page, members sorted, nothing that \
         changes from run to run. Compare two snapshots with `mcpwire diff OLD.json NEW.json`. \
         See docs/snapshot.md.",
    ),
    flags: &[&[FROM_TRANSCRIPT, SNAPSHOT_OUTPUT]],
    positional: Some(Positional {
        name: "FILE",
        help: "Transcripts of conversations with the server (JSON Lines, as `mcpwire check` \
               reads), one or one per revision",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

const FROM_TRANSCRIPT: Flag = Flag {
    required: true,
    ..Flag::switch(
        "from-transcript",
        "Read the interface off captured transcripts (the results of initialize and the lists)",
    )
};

const SNAPSHOT_OUTPUT: Flag = Flag::value(
    "output",
    "FILE",
    "Write the snapshot to FILE instead of standard output",
);

/// `mcpwire snapshot`.
#[derive(Debug)]
pub struct SnapshotArgs {
    /// The transcripts.
    pub transcripts: Vec<PathBuf>,
    /// `--output`.
    pub output: Option<PathBuf>,
}

impl SnapshotArgs {
    pub(super) fn take(m: &mut Matches) -> Result<SnapshotArgs, Stop> {
        if !m.switch(&FROM_TRANSCRIPT) {
            let message = "say where the interface comes from: --from-transcript FILE...";
            return Err(UsageError::new(Some(&SNAPSHOT), message.into()).into());
        }
        Ok(SnapshotArgs {
            transcripts: m.positionals().into_iter().map(PathBuf::from).collect(),
            output: m.path(&SNAPSHOT_OUTPUT),
        })
    }
}

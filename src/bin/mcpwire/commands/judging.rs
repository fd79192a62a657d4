//! `mcpwire check` and `mcpwire validate`.

use mcpwire::Version;

use super::{
    values::{parse_count, parse_spec, parse_version, revisions_help, text},
    LimitArgs, OutputArgs, SpecChoice, LIMIT_FLAGS, OUTPUT_FLAGS,
};
use crate::args::{Command, Flag, Matches, Positional, Stop};

pub(super) const CHECK: Command = Command {
    name: "check",
    about: "Check transcripts of captured traffic, message by message",
    long_about: Some(
        "Check transcripts of captured traffic, message by message.\n\n\
         A transcript is JSON Lines — each line a record \
         {\"dir\":\"c2s\"|\"s2c\",\"msg\":MESSAGE[,\"origin\":\"harness\"|\"implementation\"]} \
         or a bare JSON-RPC message whose direction is inferred — a JSON array of records or \
         messages, or pretty-printed JSON values one after the other. UTF-16 is decoded; a \
         directory stands for the *.jsonl, *.ndjson and *.json files below it. Files are \
         streamed with bounded memory.",
    ),
    flags: &[
        &[CHECK_SPEC],
        OUTPUT_FLAGS,
        &[STRICT, REQUIRE_MESSAGES, CHECK_NULL_ID, NO_PROGRESS],
        LIMIT_FLAGS,
    ],
    positional: Some(Positional {
        name: "FILE",
        help: "Transcripts; `-` reads standard input",
        many: true,
        required: true,
        default: None,
        after_dashes: false,
    }),
};

pub(super) const CHECK_SPEC: Flag = Flag {
    default: Some("auto"),
    long_help: Some(|| {
        format!(
            "Revision to judge at ({}), or `auto` to follow the negotiated one (initialize, \
             per-request `_meta` protocol version)",
            revisions_help()
        )
    }),
    ..Flag::value(
        "spec",
        "REVISION|auto",
        "Revision to judge at, or `auto` to follow the negotiated one (initialize, \
         per-request `_meta` protocol version)",
    )
};

pub(super) const STRICT: Flag = Flag::switch(
    "strict",
    "Exit 1 on warnings too (every format reports them as failing)",
);

pub(super) const REQUIRE_MESSAGES: Flag = Flag::value(
    "require-messages",
    "N",
    "Fail a file with fewer than N messages (an empty or truncated capture)",
);

pub(super) const CHECK_NULL_ID: Flag = Flag::switch(
    "null-id-as-warning",
    "Report `\"id\": null` on parse-error / invalid-request error responses as a warning \
     (JSON-RPC 2.0 requires it) instead of a violation",
);

pub(super) const NO_PROGRESS: Flag = Flag::switch("no-progress", "No progress bar");

/// `mcpwire check`.
#[derive(Debug)]
pub struct CheckArgs {
    /// `--spec`.
    pub spec: SpecChoice,
    /// The output options.
    pub output: OutputArgs,
    /// `--strict`.
    pub strict: bool,
    /// `--require-messages`.
    pub require_messages: Option<usize>,
    /// `--null-id-as-warning`.
    pub null_id_as_warning: bool,
    /// `--no-progress`.
    pub no_progress: bool,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The transcripts.
    pub files: Vec<String>,
}

impl CheckArgs {
    pub(super) fn take(m: &mut Matches) -> Result<CheckArgs, Stop> {
        Ok(CheckArgs {
            spec: m.one(&CHECK_SPEC, parse_spec)?,
            output: OutputArgs::take(m)?,
            strict: m.switch(&STRICT),
            require_messages: m.maybe(&REQUIRE_MESSAGES, parse_count)?,
            null_id_as_warning: m.switch(&CHECK_NULL_ID),
            no_progress: m.switch(&NO_PROGRESS),
            limits: LimitArgs::take(m)?,
            files: m.positional_strings()?,
        })
    }
}

pub(super) const VALIDATE: Command = Command {
    name: "validate",
    about: "Validate one JSON document against one schema definition",
    long_about: None,
    flags: &[&[VALIDATE_SPEC, DEF], OUTPUT_FLAGS, LIMIT_FLAGS],
    positional: Some(Positional {
        name: "FILE",
        help: "The JSON document; `-` (default) reads standard input",
        many: false,
        required: false,
        default: Some("-"),
        after_dashes: false,
    }),
};

pub(super) const VALIDATE_SPEC: Flag = Flag {
    required: true,
    ..Flag::value("spec", "REVISION", "Revision of the schema")
};

pub(super) const DEF: Flag = Flag {
    required: true,
    ..Flag::value(
        "def",
        "DEFINITION",
        "Definition to validate against (`CallToolRequest`)",
    )
};

/// `mcpwire validate`.
#[derive(Debug)]
pub struct ValidateArgs {
    /// `--spec`.
    pub spec: Version,
    /// `--def`.
    pub def: String,
    /// The output options.
    pub output: OutputArgs,
    /// The reading limits.
    pub limits: LimitArgs,
    /// The document (`-`: standard input).
    pub file: String,
}

impl ValidateArgs {
    pub(super) fn take(m: &mut Matches) -> Result<ValidateArgs, Stop> {
        Ok(ValidateArgs {
            spec: m.one(&VALIDATE_SPEC, parse_version)?,
            def: m.one(&DEF, text)?,
            output: OutputArgs::take(m)?,
            limits: LimitArgs::take(m)?,
            file: m.positional_strings()?.pop().unwrap_or_default(),
        })
    }
}

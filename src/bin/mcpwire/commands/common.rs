//! The options several subcommands share: the reading limits and the
//! output options.

use std::path::PathBuf;

use mcpwire::{input::Limits, render::Format};

use super::values::{parse_depth, parse_size};
use crate::{
    args::{self, Choice, Flag, Matches, Stop},
    style::ColorChoice,
};

/// `--format` and `--output FORMAT=FILE` name the library's formats.
impl Choice for Format {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = Format::CHOICES;
}

/// One `--output FORMAT=FILE` (`-` for standard output).
#[derive(Clone, Debug)]
pub struct OutputSpec {
    /// The format.
    pub format: Format,
    /// The file; `None`: standard output.
    pub path: Option<PathBuf>,
}

/// Parses `FORMAT=FILE`.
pub fn parse_output(s: &str) -> Result<OutputSpec, String> {
    let Some((format, path)) = s.split_once('=') else {
        return Err(format!(
            "expected FORMAT=FILE (e.g. sarif=mcpwire.sarif), not {s:?}"
        ));
    };
    let format = args::choice_ignore_case::<Format>(format).ok_or_else(|| {
        let names = args::names::<Format>().join(", ");
        format!("unknown format {format:?}; one of {names}")
    })?;
    if path.is_empty() {
        return Err(format!("no file after {format:?}="));
    }
    Ok(OutputSpec {
        format,
        path: (path != "-").then(|| PathBuf::from(path)),
    })
}

/// The reading limits: `--max-depth`, `--max-message-bytes`.
pub(super) const LIMIT_FLAGS: &[Flag] = &[MAX_DEPTH, MAX_MESSAGE_BYTES];

pub(super) const MAX_DEPTH: Flag = Flag {
    default: Some("512"),
    ..Flag::value(
        "max-depth",
        "LEVELS",
        "Deepest nesting of arrays and objects accepted in one message; deeper messages are \
         reported, not parsed",
    )
};

pub(super) const MAX_MESSAGE_BYTES: Flag = Flag {
    default: Some("256MiB"),
    ..Flag::value(
        "max-message-bytes",
        "SIZE",
        "Largest message accepted (bytes; KiB, MiB, GiB suffixes); larger ones are reported and \
         skipped without being stored",
    )
};

/// Reading limits.
#[derive(Debug)]
pub struct LimitArgs {
    /// `--max-depth`.
    pub max_depth: u32,
    /// `--max-message-bytes`.
    pub max_message_bytes: usize,
}

impl LimitArgs {
    pub(super) fn take(m: &mut Matches) -> Result<LimitArgs, Stop> {
        Ok(LimitArgs {
            max_depth: m.one(&MAX_DEPTH, parse_depth)?,
            max_message_bytes: m.one(&MAX_MESSAGE_BYTES, parse_size)?,
        })
    }

    /// The limits for the library.
    pub fn limits(&self) -> Limits {
        Limits {
            max_depth: self.max_depth as usize,
            max_bytes: self.max_message_bytes,
        }
    }

    /// Stack for the thread that parses, validates and drops messages:
    /// all three recurse once per nesting level.
    pub fn stack(&self) -> usize {
        (32 << 20) + self.max_depth as usize * (16 << 10)
    }
}

/// The output options: `--format`, `--output`, `--color`.
pub(super) const OUTPUT_FLAGS: &[Flag] = &[FORMAT, OUTPUT, COLOR];

pub(super) const FORMAT: Flag = Flag {
    choices: Some(args::choices::<Format>),
    ..Flag::value(
        "format",
        "FORMAT",
        "Format of standard output [default: text; with --output, nothing goes to standard \
         output unless --format is given]",
    )
};

pub(super) const OUTPUT: Flag = Flag {
    repeat: true,
    ..Flag::value(
        "output",
        "FORMAT=FILE",
        "Also write FORMAT to FILE (repeatable: `--output json=out.jsonl --output \
         sarif=out.sarif`); `-` is standard output. The text summary then goes to standard \
         error",
    )
};

pub(super) const COLOR: Flag = Flag {
    default: Some("auto"),
    choices: Some(args::choices::<ColorChoice>),
    ..Flag::value(
        "color",
        "WHEN",
        "Colour the text format (auto honours NO_COLOR, CLICOLOR_FORCE and TERM=dumb)",
    )
};

/// Output options.
#[derive(Debug)]
pub struct OutputArgs {
    /// `--format`.
    pub format: Option<Format>,
    /// Each `--output`.
    pub output: Vec<OutputSpec>,
    /// `--color`.
    pub color: ColorChoice,
}

impl OutputArgs {
    pub(super) fn take(m: &mut Matches) -> Result<OutputArgs, Stop> {
        Ok(OutputArgs {
            format: m.maybe(&FORMAT, args::choice)?,
            output: m.all(&OUTPUT, parse_output)?,
            color: m.one(&COLOR, args::choice)?,
        })
    }
}

#[cfg(test)]
mod output_tests {
    use super::*;

    #[test]
    fn output_specs() {
        let o = parse_output("sarif=out/mcpwire.sarif").unwrap();
        assert_eq!(o.format, Format::Sarif);
        assert_eq!(o.path, Some(PathBuf::from("out/mcpwire.sarif")));
        assert_eq!(parse_output("json=-").unwrap().path, None);
        assert!(parse_output("sarif").is_err());
        assert!(parse_output("xml=a").unwrap_err().contains("one of text"));
    }
}

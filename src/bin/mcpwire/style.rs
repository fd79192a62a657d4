//! Terminal colour through anstyle (the styles) and anstream (the
//! streams): text is always written with ANSI styles, and
//! [`anstream::AutoStream`] strips them where the stream takes none —
//! `--color never`, `NO_COLOR`, `TERM=dumb`, a pipe or a file — or turns
//! them on for `CLICOLOR_FORCE` and `--color always`; on Windows consoles
//! it translates them. The help text ([`crate::help`]) is coloured the same
//! way.

pub use mcpwire::render::Style;

use crate::table::Choice;

/// `--color` (the names and their help: [`ColorChoice::CHOICES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// `auto`.
    Auto,
    /// `always`.
    Always,
    /// `never`.
    Never,
}

impl Choice for ColorChoice {
    const CHOICES: &'static [(&'static str, Self, &'static str)] = &[
        (
            "auto",
            ColorChoice::Auto,
            "Colour when the stream is a terminal, honouring `NO_COLOR`, `CLICOLOR`, \
             `CLICOLOR_FORCE` and `TERM=dumb`",
        ),
        ("always", ColorChoice::Always, "Always colour"),
        ("never", ColorChoice::Never, "Never colour"),
    ];
}

impl ColorChoice {
    /// anstream's decision for `stream`: `auto` asks anstream, which
    /// reads the terminal, `NO_COLOR`, `CLICOLOR(_FORCE)` and `TERM`.
    pub fn resolve<S: anstream::stream::RawStream>(self, stream: &S) -> anstream::ColorChoice {
        match self {
            ColorChoice::Auto => anstream::AutoStream::choice(stream),
            ColorChoice::Always => anstream::ColorChoice::Always,
            ColorChoice::Never => anstream::ColorChoice::Never,
        }
    }
}

//! Terminal colour through anstyle (the styles) and anstream (the
//! streams): text is always written with ANSI styles, and
//! [`anstream::AutoStream`] strips them where the stream takes none —
//! `--color never`, `NO_COLOR`, `TERM=dumb`, a pipe or a file — or turns
//! them on for `CLICOLOR_FORCE` and `--color always`; on Windows consoles
//! it translates them. The help text ([`crate::help`]) is coloured the same
//! way.

use anstyle::{AnsiColor, Style as Ansi};

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

/// Paints text, or leaves it alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// Whether to emit styles at all.
    pub color: bool,
}

impl Style {
    fn paint(self, style: Ansi, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }

    /// Violations.
    pub fn error(self, text: &str) -> String {
        self.paint(AnsiColor::Red.on_default().bold(), text)
    }

    /// Warnings.
    pub fn warning(self, text: &str) -> String {
        self.paint(AnsiColor::Yellow.on_default().bold(), text)
    }

    /// Locations.
    pub fn location(self, text: &str) -> String {
        self.paint(AnsiColor::Blue.on_default().bold(), text)
    }

    /// The offending value.
    pub fn highlight(self, text: &str) -> String {
        self.paint(AnsiColor::Red.on_default().bold(), text)
    }

    /// Secondary text.
    pub fn dim(self, text: &str) -> String {
        self.paint(Ansi::new().dimmed(), text)
    }

    /// Emphasis.
    pub fn bold(self, text: &str) -> String {
        self.paint(Ansi::new().bold(), text)
    }

    /// Success, and the tip of a usage error.
    pub fn good(self, text: &str) -> String {
        self.paint(AnsiColor::Green.on_default().bold(), text)
    }

    /// Help headings and `Usage:` (as clap styled them).
    pub fn heading(self, text: &str) -> String {
        self.good(text)
    }

    /// What is typed literally in help: commands and flags.
    pub fn literal(self, text: &str) -> String {
        self.paint(AnsiColor::Cyan.on_default().bold(), text)
    }

    /// Placeholders in help (`<FILE>`).
    pub fn placeholder(self, text: &str) -> String {
        self.paint(AnsiColor::Cyan.on_default(), text)
    }
}

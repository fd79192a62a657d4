//! Terminal colour: ANSI escapes, only when asked for or writing to a
//! terminal, and never when `NO_COLOR` is set (<https://no-color.org>).

use std::io::IsTerminal;

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when the output is a terminal and `NO_COLOR` is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour a stream that `is_terminal` says it is.
    pub fn enabled(self, is_terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }

    /// For standard output.
    pub fn stdout(self) -> bool {
        self.enabled(std::io::stdout().is_terminal())
    }

    /// For standard error.
    pub fn stderr(self) -> bool {
        self.enabled(std::io::stderr().is_terminal())
    }
}

/// Paints text, or leaves it alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    /// Whether to emit escapes.
    pub color: bool,
}

impl Style {
    fn paint(self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Violations.
    pub fn error(self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// Warnings.
    pub fn warning(self, text: &str) -> String {
        self.paint("1;33", text)
    }

    /// Locations.
    pub fn location(self, text: &str) -> String {
        self.paint("1;34", text)
    }

    /// The offending value.
    pub fn highlight(self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// Secondary text.
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// Emphasis.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Success.
    pub fn good(self, text: &str) -> String {
        self.paint("1;32", text)
    }
}

//! Terminal colour for the text format and the command line's help: ANSI
//! styles from anstyle (no dependencies), written only when asked
//! ([`Style::color`]). Whether a stream takes colour is the writer's
//! business (the command line's anstream streams strip or translate
//! them), not the renderer's.

use anstyle::{AnsiColor, Style as Ansi};

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

//! A record as text: where its message was (`<server>:3`, or
//! `<server>#7` without a line number; `harness` for harness-origin
//! messages), then the report in the library's own words — the
//! [`Display`](std::fmt::Display) of [`crate::Report`], [`crate::Finding`]
//! and [`crate::Warning`] (`src/display.rs`), the headline lines of `mcpwire
//! check`'s text output — each violation followed by the offending value in
//! the message's own bytes, marked, as the CLI shows it
//! ([`crate::excerpt`]):
//!
//! ```text
//! <server>#1: result of 'tools/call' (id 1) · s2c · 2025-11-25: 1 violation, 0 warnings
//!   violation[type]: /result/isError: expected boolean, found string (definition CallToolResult; schema …)
//!     | {"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":"false"}}
//!     |                                                          ^^^^^^^
//! ```
//!
//! (No excerpt when the record has no bytes — reports given to
//! [`crate::testing::Findings::record`] — or only the first 4 KiB of a
//! longer message.)

use std::fmt::{self, Write};

use super::Record;
use crate::{excerpt, Direction, Origin};

/// The stream a record's message came from: `<client>` or `<server>`.
fn stream(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    }
}

/// Writes one record — its violations and unreadable input, with
/// `warnings` its warnings too — as [`crate::Report`]'s `Display` does,
/// after where the message was, each violation followed by its excerpt;
/// then a blank line.
pub fn write_record(out: &mut impl Write, record: &Record, warnings: bool) -> fmt::Result {
    let c = &record.context;
    let mut report = record.report.clone();
    if !warnings {
        report.warnings.clear();
    }
    match c.line {
        Some(line) => write!(out, "{}:{line}", stream(c.direction))?,
        None => write!(out, "{}#{}", stream(c.direction), c.sequence)?,
    }
    if c.origin == Origin::Harness {
        out.write_str(" · harness")?;
    }
    // The report's header line, then its findings one by one (the layout
    // of `Report`'s `Display`), each violation with its excerpt.
    let whole = report.to_string();
    let header = whole.lines().next().unwrap_or_default();
    writeln!(out, ": {header}")?;
    for f in &report.violations {
        writeln!(out, "  {f}")?;
        if let Some(e) = excerpt::locate(
            &record.bytes,
            Default::default(),
            f.violation.instance.as_str(),
        ) {
            // `start` and `len` count characters, as the text shows them.
            writeln!(out, "    | {}", e.text)?;
            writeln!(
                out,
                "    | {}{}",
                " ".repeat(e.start),
                "^".repeat(e.len.max(1))
            )?;
        }
    }
    for w in &report.warnings {
        writeln!(out, "  {w}")?;
    }
    writeln!(out)
}

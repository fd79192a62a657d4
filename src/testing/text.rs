//! A record as text: where its message was (`<server>:3`, or
//! `<server>#7` without a line number; `harness` for harness-origin
//! messages), then the report in the library's own words — the
//! [`Display`](std::fmt::Display) of [`crate::Report`], [`crate::Finding`]
//! and [`crate::Warning`] (`src/display.rs`), the headline lines of `mcpwire
//! check`'s text output:
//!
//! ```text
//! <server>:3: result of 'tools/call' (id 2) · s2c · 2025-11-25: 1 violation, 0 warnings
//!   violation[type]: /result/isError: expected boolean, found string (definition CallToolResult; schema …)
//! ```

use std::fmt::{self, Write};

use super::Record;
use crate::{Direction, Origin};

/// The stream a record's message came from: `<client>` or `<server>`.
fn stream(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    }
}

/// Writes one record — its violations and unreadable input, with
/// `warnings` its warnings too — as [`crate::Report`]'s `Display` does,
/// after where the message was, followed by a blank line.
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
    writeln!(out, ": {report}\n")
}

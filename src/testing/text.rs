//! A record written like `mcpwire check`'s text output.
//!
//! (Until the library has a `Display` for findings, this mirrors the CLI's
//! text layout from the report's fields: `violation[keyword]: pointer:
//! message`, then `  --> place · direction · what · revision` and
//! `   = definition … · schema …`.)

use std::fmt::{self, Write};

use super::Record;
use crate::{report::MessageKind, Direction, Origin};

/// The stream a record's message came from: `<client>` or `<server>`.
fn stream(direction: Direction) -> &'static str {
    match direction {
        Direction::ClientToServer => "<client>",
        Direction::ServerToClient => "<server>",
    }
}

fn place(record: &Record) -> String {
    let c = &record.context;
    let r = &record.report;
    let at = match c.line {
        Some(line) => format!("{}:{line}", stream(c.direction)),
        None => format!("{}#{}", stream(c.direction), c.sequence),
    };
    let mut place = vec![at, c.direction.as_str().to_string()];
    if c.origin == Origin::Harness {
        place.push("harness".into());
    }
    let what = match (r.kind, r.method.as_deref()) {
        (MessageKind::Result, Some(m)) => Some(format!("result of {m}")),
        (MessageKind::Error, Some(m)) => Some(format!("error for {m}")),
        (MessageKind::Request, Some(m)) => Some(format!("request {m}")),
        (MessageKind::Notification, Some(m)) => Some(format!("notification {m}")),
        _ => None,
    };
    place.extend(what);
    if let Some(v) = r.revision {
        place.push(v.to_string());
    }
    place.join(" · ")
}

/// Writes one record's violations (and, with `warnings`, its warnings)
/// as the CLI's text format does, each block followed by a blank line.
pub fn write_record(out: &mut impl Write, record: &Record, warnings: bool) -> fmt::Result {
    let r = &record.report;
    let place = place(record);
    if let Some(e) = &r.input_error {
        writeln!(out, "violation[input]: {e}")?;
        writeln!(out, "  --> {place}\n")?;
    }
    for f in &r.violations {
        let pointer = f.violation.instance.as_str();
        let at = if pointer.is_empty() {
            "(message)"
        } else {
            pointer
        };
        writeln!(
            out,
            "violation[{}]: {at}: {}",
            f.violation.keyword.as_str(),
            f.violation.message
        )?;
        writeln!(out, "  --> {place}")?;
        write!(out, "   = definition {}", f.definition)?;
        if !f.violation.schema.is_empty() {
            write!(out, " · schema {}", f.violation.schema)?;
        }
        writeln!(out, "\n")?;
    }
    if warnings {
        for w in &r.warnings {
            let kind = match w.rule {
                Some(rule) => rule.id.to_string(),
                None => serde_json::to_value(w.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            };
            let pointer = w.pointer.as_str();
            let at = if pointer.is_empty() {
                "(message)"
            } else {
                pointer
            };
            writeln!(out, "warning[{kind}]: {at}: {}", w.message)?;
            writeln!(out, "  --> {place}\n")?;
        }
    }
    Ok(())
}

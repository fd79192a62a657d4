//! `mcpwire diff REV REV`: what changes between two compiled revisions —
//! methods, definitions and constraints added, removed or changed, each
//! with its schema pointer — for SDK authors implementing a new revision.
//!
//! Each revision carries its constraint table (`Spec::constraints`,
//! written by the generator), so the comparison needs neither the spec
//! files nor a schema interpreter: it compares two tables of lines
//! ([`mcpwire::constraints::compare`]).

use std::io::{self, Write};

use mcpwire::constraints::{self, Report, Side};
use mcpwire::spec::Spec;

/// The `(method, definition)` pairs of a revision.
fn methods(spec: &Spec) -> Vec<(&'static str, &'static str)> {
    spec.maps
        .methods
        .iter()
        .map(|m| (m.method, m.definition))
        .collect()
}

/// Compares `from` (the base) with `to`.
pub fn report(from: &Spec, to: &Spec) -> Report {
    let (a, b) = (methods(from), methods(to));
    constraints::compare(
        &Side {
            revision: from.version.as_str(),
            table: from.constraints,
            methods: &a,
        },
        &Side {
            revision: to.version.as_str(),
            table: to.constraints,
            methods: &b,
        },
    )
}

/// Writes the report for people: a summary line, then one line per change.
pub fn text<W: Write>(report: &Report, out: &mut W) -> io::Result<()> {
    let methods = |kind| report.methods.iter().filter(|m| m.change == kind).count();
    let constraints = |kind| {
        report
            .constraints
            .iter()
            .filter(|c| c.change == kind)
            .count()
    };
    use constraints::ChangeKind::{Added, Changed, Removed};
    writeln!(
        out,
        "MCP {} → {}: definitions +{} -{}, methods +{} -{} ~{}, constraints +{} -{} ~{}",
        report.from,
        report.to,
        report.definitions_added.len(),
        report.definitions_removed.len(),
        methods(Added),
        methods(Removed),
        methods(Changed),
        constraints(Added),
        constraints(Removed),
        constraints(Changed),
    )?;
    for line in report.lines().iter().skip(1) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Writes the report as one JSON document.
pub fn json<W: Write>(report: &Report, out: &mut W) -> io::Result<()> {
    let value = serde_json::json!({
        "from": report.from,
        "to": report.to,
        "changes_verdicts": report.changes_verdicts(),
        "definitions_added": report.definitions_added,
        "definitions_removed": report.definitions_removed,
        "methods": report.methods,
        "constraints": report.constraints,
    });
    serde_json::to_writer_pretty(&mut *out, &value).map_err(io::Error::from)?;
    out.write_all(b"\n")
}

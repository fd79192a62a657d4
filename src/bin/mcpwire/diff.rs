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

/// `mcpwire diff OLD.json NEW.json`: the changes between two snapshots in
/// the five formats (docs/snapshot.md).
pub mod snapshots {
    use std::io::{self, Write};

    use mcpwire::render::github::{data, property};
    use mcpwire::snapshot::{Change, Severity};
    use serde_json::{json, Value};

    /// Two snapshot files and the changes between them.
    pub struct Report<'a> {
        /// The older file, as given.
        pub old: &'a str,
        /// The newer file, as given.
        pub new: &'a str,
        /// The changes, breaking first, then undecided, then compatible.
        pub changes: Vec<Change>,
    }

    impl Report<'_> {
        /// How many changes of a severity.
        pub fn count(&self, severity: Severity) -> usize {
            self.changes
                .iter()
                .filter(|c| c.severity == severity)
                .count()
        }

        fn headline(&self) -> String {
            format!(
                "{} breaking, {} undecided, {} compatible",
                self.count(Severity::Breaking),
                self.count(Severity::Undecided),
                self.count(Severity::Compatible)
            )
        }
    }

    /// For people: a headline, then a line per change.
    pub fn text<W: Write>(r: &Report<'_>, out: &mut W) -> io::Result<()> {
        writeln!(out, "{} → {}: {}", r.old, r.new, r.headline())?;
        for c in &r.changes {
            writeln!(
                out,
                "  {:<10} [{}] {} ({}): {}",
                c.severity.as_str(),
                c.revision,
                c.place(),
                c.keyword,
                c.message
            )?;
        }
        Ok(())
    }

    /// One JSON document: `old`, `new`, `summary`, `changes`.
    pub fn json<W: Write>(r: &Report<'_>, out: &mut W) -> io::Result<()> {
        let value = json!({
            "old": r.old,
            "new": r.new,
            "summary": {
                "breaking": r.count(Severity::Breaking),
                "undecided": r.count(Severity::Undecided),
                "compatible": r.count(Severity::Compatible),
            },
            "changes": r.changes,
        });
        serde_json::to_writer_pretty(&mut *out, &value).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }

    /// Text inside a Markdown table cell: pipes escaped, one line.
    fn cell(s: &str) -> String {
        s.replace('|', "\\|").replace(['\n', '\r'], " ")
    }

    /// Inline code in a table cell (backticks inside widen the fence).
    fn code(s: &str) -> String {
        let s = cell(s);
        if s.contains('`') {
            format!("`` {s} ``")
        } else {
            format!("`{s}`")
        }
    }

    /// A pull-request comment: a headline, breaking and undecided changes
    /// in a table, compatible ones folded.
    pub fn markdown<W: Write>(r: &Report<'_>, out: &mut W) -> io::Result<()> {
        writeln!(out, "### MCP server interface: {}\n", r.headline())?;
        writeln!(out, "{} → {}\n", code(r.old), code(r.new))?;
        if r.changes.is_empty() {
            return writeln!(out, "No change to the declared interface.");
        }
        let table = |out: &mut W, changes: &[&Change]| -> io::Result<()> {
            writeln!(out, "| | Revision | Where | Member | Keyword | Change |")?;
            writeln!(out, "|---|---|---|---|---|---|")?;
            for c in changes {
                let mark = match c.severity {
                    Severity::Breaking => "🔴 breaking",
                    Severity::Undecided => "🟡 undecided",
                    Severity::Compatible => "🟢 compatible",
                };
                writeln!(
                    out,
                    "| {mark} | {} | {} {} | {} | {} | {} |",
                    c.revision,
                    c.subject.as_str(),
                    code(&c.name),
                    if c.pointer.is_empty() {
                        String::new()
                    } else {
                        code(&c.pointer)
                    },
                    code(&c.keyword),
                    cell(&c.message)
                )?;
            }
            Ok(())
        };
        let (notable, compatible): (Vec<&Change>, Vec<&Change>) = r
            .changes
            .iter()
            .partition(|c| c.severity != Severity::Compatible);
        if !notable.is_empty() {
            table(out, &notable)?;
            writeln!(out)?;
        }
        if !compatible.is_empty() {
            writeln!(
                out,
                "<details><summary>{} compatible changes</summary>\n",
                compatible.len()
            )?;
            table(out, &compatible)?;
            writeln!(out, "\n</details>")?;
        }
        Ok(())
    }

    /// GitHub Actions workflow commands: an `error` per breaking change,
    /// a `warning` per undecided one, a `notice` per compatible one, on the
    /// new snapshot file.
    pub fn github<W: Write>(r: &Report<'_>, out: &mut W) -> io::Result<()> {
        for c in &r.changes {
            let level = match c.severity {
                Severity::Breaking => "error",
                Severity::Undecided => "warning",
                Severity::Compatible => "notice",
            };
            writeln!(
                out,
                "::{level} file={},title={}::{}",
                property(r.new),
                property(&format!(
                    "{} change: {} {}",
                    c.severity,
                    c.subject.as_str(),
                    c.name
                )),
                data(&format!(
                    "[{}] {} ({}): {}",
                    c.revision,
                    c.place(),
                    c.keyword,
                    c.message
                ))
            )?;
        }
        Ok(())
    }

    /// SARIF 2.1.0: one rule per severity (`interface/breaking`, …), one
    /// result per change on the new snapshot file, its place as a logical
    /// location (`2025-11-25/tool/get_weather/inputSchema/required`).
    pub fn sarif<W: Write>(r: &Report<'_>, out: &mut W) -> io::Result<()> {
        let rules: Vec<Value> = [
            (Severity::Breaking, "A change that can fail a client built against the old interface"),
            (Severity::Undecided, "A change whose effect on such a client cannot be decided"),
            (Severity::Compatible, "A change such a client does not notice"),
        ]
        .iter()
        .map(|(s, text)| json!({"id": format!("interface/{s}"), "name": format!("interface_{s}"), "shortDescription": {"text": text}}))
        .collect();
        let uri = r
            .new
            .replace('\\', "/")
            .replace('%', "%25")
            .replace(' ', "%20");
        let results: Vec<Value> = r
            .changes
            .iter()
            .map(|c| {
                let level = match c.severity {
                    Severity::Breaking => "error",
                    Severity::Undecided => "warning",
                    Severity::Compatible => "note",
                };
                let name = format!("{}/{}/{}{}", c.revision, c.subject.as_str(), c.name, c.pointer);
                json!({
                    "ruleId": format!("interface/{}", c.severity),
                    "level": level,
                    "message": {"text": format!("{} ({}): {}", c.place(), c.keyword, c.message)},
                    "locations": [{
                        "physicalLocation": {"artifactLocation": {"uri": uri}},
                        "logicalLocations": [{"fullyQualifiedName": name, "kind": "member"}],
                    }],
                    "properties": {"revision": c.revision, "subject": c.subject, "name": c.name, "pointer": c.pointer, "keyword": c.keyword},
                })
            })
            .collect();
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "mcpwire",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://modelcontextprotocol.io",
                    "rules": rules,
                }},
                "results": results,
            }],
        });
        serde_json::to_writer_pretty(&mut *out, &log).map_err(io::Error::from)?;
        out.write_all(b"\n")
    }
}

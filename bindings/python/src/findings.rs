//! Reports as the Python side reads them: each report with its findings
//! flattened into one list (violations, expected violations, warnings,
//! unreadable input), each finding carrying its severity, rule, keyword,
//! pointers, message, revision and, for a protocol rule, the spec sentence.

use mcpwire::{report::Level, Report};
use pyo3::{prelude::*, types::PyTuple, IntoPyObjectExt};
use serde::Serialize;
use serde_json::Value;

/// One finding.
#[derive(Serialize)]
struct Finding<'a> {
    /// `"error"` (a schema violation, unreadable input, a rule whose
    /// severity is error) or `"warning"`.
    severity: &'static str,
    /// The protocol rule's id, for rule warnings.
    rule: Option<&'static str>,
    /// The JSON Schema keyword of a violation, the warning kind of a
    /// warning, `"input"` for unreadable input.
    keyword: &'a str,
    /// The instance pointer in the message.
    pointer: &'a str,
    /// The schema pointer of a violation.
    schema_pointer: Option<&'static str>,
    /// What is wrong.
    message: &'a str,
    /// The revision the message was judged at.
    revision: Option<&'static str>,
    /// The definition checked, for violations.
    definition: Option<&'static str>,
    /// The spec sentence a rule rests on.
    spec: Option<&'static str>,
    /// Where that sentence is written (relative to the spec repository).
    spec_source: Option<&'static str>,
    /// A violation the caller declared deliberate (`expect`).
    expected: bool,
}

/// One report.
#[derive(Serialize)]
struct Out<'a> {
    index: usize,
    batch_index: Option<usize>,
    direction: &'static str,
    revision: Option<&'static str>,
    kind: &'static str,
    method: Option<&'a str>,
    id: Option<&'a Value>,
    definitions: &'a [&'static str],
    valid: bool,
    findings: Vec<Finding<'a>>,
}

fn kind_name(kind: mcpwire::MessageKind) -> &'static str {
    use mcpwire::MessageKind as K;
    match kind {
        K::Request => "request",
        K::Notification => "notification",
        K::Result => "result",
        K::Error => "error",
        K::Unknown => "unknown",
        K::Unreadable => "unreadable",
    }
}

fn out(r: &Report) -> Out<'_> {
    let revision = r.revision.map(|v| v.as_str());
    let findings = r
        .rows()
        .map(|row| Finding {
            severity: match row.level {
                Level::Warning => "warning",
                Level::Violation | Level::Expected => "error",
            },
            rule: row.rule.map(|rule| rule.id),
            // A rule warning's keyword is its kind (`rule`); the rule's id
            // is `rule`.
            keyword: if row.rule.is_some() {
                "rule"
            } else {
                row.keyword
            },
            pointer: row.pointer,
            schema_pointer: row.schema_pointer,
            message: row.message,
            revision,
            definition: row.schema_pointer.and(row.definition),
            spec: row.rule.map(|rule| rule.quote),
            spec_source: row.rule.map(|rule| rule.source),
            expected: row.level == Level::Expected,
        })
        .collect();
    Out {
        index: r.index,
        batch_index: r.batch_index,
        direction: r.direction.as_str(),
        revision,
        kind: kind_name(r.kind),
        method: r.method.as_deref(),
        id: r.id.as_ref(),
        definitions: &r.definitions,
        valid: r.is_valid(),
        findings,
    }
}

/// The reports as JSON text (an array of report objects).
pub fn reports_json(reports: &[Report]) -> String {
    let outs: Vec<Out<'_>> = reports.iter().map(out).collect();
    serde_json::to_string(&outs).expect("reports serialize")
}

/// For one report with nothing to say (valid, no warning, no expected
/// violation, readable, not a batch element), a tuple `(index, direction,
/// revision, kind, method, id, definitions)` the Python side turns into
/// the same `Report` without a JSON round trip; `id` is an `int` or `str`
/// as written, or its JSON text in a one-element list otherwise. `None`
/// for anything else (the JSON form).
pub fn clean(py: Python<'_>, reports: &[Report]) -> PyResult<Option<PyObject>> {
    let [r] = reports else { return Ok(None) };
    let quiet = r.violations.is_empty()
        && r.warnings.is_empty()
        && r.expected.is_empty()
        && r.input_error.is_none()
        && r.batch_index.is_none();
    if !quiet {
        return Ok(None);
    }
    let id = match &r.id {
        None => py.None(),
        Some(Value::Number(n)) if n.is_i64() => n.as_i64().into_py_any(py)?,
        Some(Value::String(s)) => s.into_py_any(py)?,
        Some(other) => vec![other.to_string()].into_py_any(py)?,
    };
    let tuple = PyTuple::new(
        py,
        [
            r.index.into_py_any(py)?,
            r.direction.as_str().into_py_any(py)?,
            r.revision.map(|v| v.as_str()).into_py_any(py)?,
            kind_name(r.kind).into_py_any(py)?,
            r.method.as_deref().into_py_any(py)?,
            id,
            r.definitions.clone().into_py_any(py)?,
        ],
    )?;
    Ok(Some(tuple.into_any().unbind()))
}

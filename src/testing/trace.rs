//! Feature `tracing`: every finding as a `tracing` event (target
//! `mcpwire`), violations at `error`, warnings at `warn`, with the
//! finding's fields as structured fields.

use crate::live::Judged;

pub(super) fn emit(m: &Judged<'_>) {
    let c = m.context;
    for r in m.reports {
        let revision = r.revision.map(|v| v.as_str());
        let method = r.method.as_deref();
        if let Some(e) = &r.input_error {
            tracing::error!(
                target: "mcpwire",
                direction = c.direction.as_str(),
                origin = c.origin.as_str(),
                sequence = c.sequence,
                line = c.line,
                keyword = "input",
                "{e}"
            );
        }
        for f in &r.violations {
            tracing::error!(
                target: "mcpwire",
                direction = c.direction.as_str(),
                origin = c.origin.as_str(),
                sequence = c.sequence,
                line = c.line,
                revision,
                method,
                definition = f.definition,
                pointer = f.violation.instance.as_str(),
                schema = f.violation.schema,
                keyword = f.violation.keyword.as_str(),
                "{}",
                f.violation.message
            );
        }
        for w in &r.warnings {
            tracing::warn!(
                target: "mcpwire",
                direction = c.direction.as_str(),
                origin = c.origin.as_str(),
                sequence = c.sequence,
                line = c.line,
                revision,
                method,
                pointer = w.pointer.as_str(),
                rule = w.rule.map(|r| r.id),
                "{}",
                w.message
            );
        }
    }
}

//! `mcpwire dispatch`: a revision's dispatch maps, for people (or as JSON).

use std::io::{self, Write};

use mcpwire::spec::{ErrorShape, MethodKind, Spec};

/// Writes the maps as aligned text.
pub fn text<W: Write>(spec: &Spec, out: &mut W) -> io::Result<()> {
    let m = spec.maps;
    writeln!(
        out,
        "MCP revision {} ({} definitions, schema sha256 {})",
        m.revision, m.definition_count, spec.schema_sha256
    )?;
    writeln!(out)?;
    writeln!(out, "Envelopes")?;
    let e = &m.envelopes;
    let rows = [
        ("request", Some(e.request)),
        ("notification", Some(e.notification)),
        ("result", Some(e.result)),
        ("error", Some(e.error)),
        ("message", Some(e.message)),
        ("error object", e.error_object),
        ("input required", e.input_required_result),
    ];
    for (what, def) in rows {
        writeln!(out, "  {what:<15} {}", def.unwrap_or("-"))?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Methods ({}): method, kind, sent by, definition -> result",
        m.methods.len()
    )?;
    let width = m.methods.iter().map(|x| x.method.len()).max().unwrap_or(0);
    for x in m.methods {
        let kind = match x.kind {
            MethodKind::Request => "request",
            MethodKind::Notification => "notification",
        };
        let senders = match (x.client_sends, x.server_sends, x.embedded) {
            (_, _, true) => "embedded",
            (true, true, _) => "both",
            (true, false, _) => "client",
            (false, true, _) => "server",
            (false, false, _) => "-",
        };
        let mut line = format!(
            "  {:<width$}  {kind:<12}  {senders:<8}  {}",
            x.method, x.definition
        );
        if let Some(r) = x.result {
            line.push_str(&format!(" -> {r}"));
        }
        if let Some(r) = x.result_response {
            line.push_str(&format!(" (response {r})"));
        }
        if x.admits_input_required {
            line.push_str(" [may be input_required]");
        }
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    writeln!(out, "Error codes ({})", m.error_codes.len())?;
    for x in m.error_codes {
        let shape = match x.shape {
            ErrorShape::Message => "whole response",
            ErrorShape::ErrorObject => "error object",
        };
        writeln!(out, "  {:>7}  {:<40} {shape}", x.code, x.definition)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "Definitions declaring resultType ({})",
        m.result_type_declarers.len()
    )?;
    if m.result_type_declarers.is_empty() {
        writeln!(out, "  (none)")?;
    }
    for d in m.result_type_declarers {
        writeln!(out, "  {d}")?;
    }
    Ok(())
}

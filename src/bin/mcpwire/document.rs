//! One JSON document judged against one definition and written as
//! findings: `mcpwire validate`, natively and in the npm package.

use std::io;

use mcpwire::{
    bytes, input, input::Limits, report::MessageKind, spec::DefinitionFns, transcript::Problem,
    Origin, Version,
};

use crate::output::{Out, Outputs, Severity, Summary};

/// Judges `bytes` (or the problem reading them) against `fns` of
/// `version`: the bytes path first, so a valid document is never parsed;
/// else each violation of the `Value` path, or the one problem of
/// unreadable text.
pub fn judge(
    version: Version,
    fns: &DefinitionFns,
    label: &str,
    bytes: Result<Vec<u8>, Problem>,
    limits: Limits,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    summary.files = 1;
    summary.messages = 1;
    sink.revision(version);
    let line = first_line(&bytes);
    if let Ok(b) = &bytes {
        sink.source(b, mcpwire::transcript::Position::default());
    }
    if let (Some(def), Ok(b)) = (bytes::Definition::find(version, fns.name), &bytes) {
        if def.fast(b, limits) == bytes::Fast::Valid {
            summary.valid = 1;
            return Ok(());
        }
    }
    let base = Out {
        file: label,
        line,
        severity: Severity::Violation,
        direction: None,
        direction_inferred: false,
        origin: Origin::Implementation,
        revision: Some(version),
        kind: None,
        method: None,
        id: None,
        batch_index: None,
        definition: Some(fns.name),
        pointer: "",
        schema_pointer: None,
        keyword: "",
        message: "",
        definition_path: "",
    };
    let value = match bytes.and_then(|b| input::parse(&b, limits).map_err(Problem::Input)) {
        Ok(v) => v,
        Err(problem) => {
            summary.violations += 1;
            let message = problem.to_string();
            let out = Out {
                kind: Some(MessageKind::Unreadable),
                keyword: problem.class(),
                message: &message,
                ..base
            };
            return sink.finding(&out, None);
        }
    };
    let violations = fns.check(&value);
    if violations.is_empty() {
        summary.valid = 1;
    }
    for v in &violations {
        summary.violations += 1;
        let out = Out {
            pointer: v.instance.as_str(),
            schema_pointer: Some(v.schema),
            keyword: v.keyword.as_str(),
            message: &v.message,
            definition_path: v.instance.as_str(),
            ..base
        };
        sink.finding(&out, Some(&value))?;
    }
    Ok(())
}

/// 1-based line of the first non-blank byte.
fn first_line(bytes: &Result<Vec<u8>, Problem>) -> usize {
    let Ok(bytes) = bytes else { return 1 };
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    1 + bytes[..start].iter().filter(|&&b| b == b'\n').count()
}

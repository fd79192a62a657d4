//! `mcpwire validate`: one JSON document against one definition.

use std::{
    fs::File,
    io::{self, Read},
};

use mcpwire::{
    bytes,
    input::{self, Limits},
    report::MessageKind,
    transcript::Problem,
    Origin, Spec, Version,
};

use crate::{
    output::{Out, Outputs, Severity, Summary},
    Failure,
};

/// Validates `file` (`-`: standard input) against `definition`.
pub fn run(
    version: Version,
    definition: &str,
    file: &str,
    limits: Limits,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> Result<(), Failure> {
    let spec = version
        .spec()
        .ok_or_else(|| Failure::Usage(format!("revision {version} is not compiled in")))?;
    let Some(fns) = spec.definition(definition) else {
        return Err(Failure::Usage(unknown_definition(spec, definition)));
    };
    let fast = bytes::Definition::find(version, definition);
    let (label, bytes) = read(file, limits)?;
    summary.files = 1;
    summary.messages = 1;
    sink.revision(version);
    let line = first_line(&bytes);
    if let Ok(b) = &bytes {
        sink.source(b, mcpwire::transcript::Position::default());
    }
    // The bytes path first: a valid document is never parsed.
    if let (Some(def), Ok(b)) = (fast, &bytes) {
        if def.fast(b, limits) == bytes::Fast::Valid {
            summary.valid = 1;
            return Ok(());
        }
    }
    let value = match bytes.and_then(|b| input::parse(&b, limits).map_err(Problem::Input)) {
        Ok(v) => v,
        Err(problem) => {
            summary.violations += 1;
            let message = problem.to_string();
            sink.finding(
                &Out {
                    file: &label,
                    line,
                    severity: Severity::Violation,
                    direction: None,
                    direction_inferred: false,
                    origin: Origin::Implementation,
                    revision: Some(version),
                    kind: Some(MessageKind::Unreadable),
                    method: None,
                    id: None,
                    batch_index: None,
                    definition: Some(fns.name),
                    pointer: "",
                    schema_pointer: None,
                    keyword: problem.class(),
                    message: &message,
                    definition_path: "",
                },
                None,
            )
            .map_err(Failure::Output)?;
            return Ok(());
        }
    };
    let violations = fns.check(&value);
    if violations.is_empty() {
        summary.valid = 1;
    }
    for v in &violations {
        summary.violations += 1;
        sink.finding(
            &Out {
                file: &label,
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
                pointer: v.instance.as_str(),
                schema_pointer: Some(v.schema),
                keyword: v.keyword.as_str(),
                message: &v.message,
                definition_path: v.instance.as_str(),
            },
            Some(&value),
        )
        .map_err(Failure::Output)?;
    }
    Ok(())
}

/// Reads at most `max_bytes` (+1, to tell a longer input).
fn read(file: &str, limits: Limits) -> Result<(String, Result<Vec<u8>, Problem>), Failure> {
    let (label, input): (String, Box<dyn Read>) = if file == "-" {
        ("<stdin>".into(), Box::new(io::stdin().lock()))
    } else {
        let f = File::open(file).map_err(|e| Failure::Input(format!("cannot open {file}: {e}")))?;
        (file.to_string(), Box::new(f))
    };
    let mut bytes = Vec::new();
    let cap = limits.max_bytes as u64 + 1;
    input
        .take(cap)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::Input(format!("cannot read {label}: {e}")))?;
    if bytes.len() > limits.max_bytes {
        let len = bytes.len();
        return Ok((
            label,
            Err(Problem::Input(input::InputError::TooLarge {
                len,
                limit: limits.max_bytes,
            })),
        ));
    }
    Ok((label, Ok(bytes)))
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

/// The error for an unknown definition, with the closest names
/// (`mcpwire::suggest`, the ranking the `fixture!` macro uses too).
pub fn unknown_definition(spec: &Spec, name: &str) -> String {
    let close = mcpwire::suggest::closest(name, spec.definitions.iter().map(|d| d.name));
    let mut message = format!(
        "unknown definition {name:?} in revision {} ({} definitions)",
        spec.version,
        spec.definitions.len()
    );
    if !close.is_empty() {
        message.push_str(&format!("; closest: {}", close.join(", ")));
    }
    message
}

//! `mcpwire validate`: one JSON document against one definition.

use std::{
    fs::File,
    io::{self, Read},
};

use mcpwire::{
    input::{self, Limits},
    transcript::Problem,
    Spec, Version,
};

use crate::{
    output::{Outputs, Summary},
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
    let (label, bytes) = read(file, limits)?;
    crate::document::judge(version, fns, &label, bytes, limits, sink, summary)
        .map_err(Failure::Output)
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

//! `validate(revision, definition, text)`: one document against one
//! definition, through the bytes validators.

use mcpwire::{bytes, input::Limits};
use pyo3::prelude::*;

use crate::errors::{error, revision};

/// Messages at least this long are judged without the GIL.
pub const DETACH_BYTES: usize = 16 * 1024;

/// The violations of `text` (JSON) against `definition` at `revision`,
/// as JSON text (`[]` when valid). Raises `McpwireError` for an unknown
/// revision or definition (with close names) and unreadable text.
#[pyfunction]
pub fn validate(
    py: Python<'_>,
    revision_name: &str,
    definition: &str,
    text: &[u8],
) -> PyResult<String> {
    let version = revision(revision_name)?;
    let Some(def) = bytes::Definition::find(version, definition) else {
        let spec = version.spec().expect("checked by revision()");
        let names = spec.definitions.iter().map(|d| d.name);
        let close = mcpwire::suggest::closest(definition, names);
        let hint = match close.as_slice() {
            [] => String::new(),
            some => format!("; did you mean {}?", some.join(", ")),
        };
        return Err(error(format!(
            "revision {version} has no definition {definition:?}{hint}"
        )));
    };
    let run = || def.check(text, Limits::default());
    let checked = if text.len() >= DETACH_BYTES {
        py.allow_threads(run)
    } else {
        run()
    };
    let violations = checked.map_err(|e| error(e.to_string()))?;
    Ok(serde_json::to_string(&violations).expect("violations serialize"))
}

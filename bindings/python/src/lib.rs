//! `pymcpwire._mcpwire`: the native half of the Python package `pymcpwire`
//! (python/pymcpwire/ wraps it). Messages cross as bytes, answers as JSON
//! text that the Python side turns into objects; the judging runs without
//! the GIL for large messages, a probe always.

mod errors;
mod findings;
mod probe;
mod session;
mod stack;
mod validate;

use pyo3::prelude::*;

/// The revisions compiled into this build, oldest first.
#[pyfunction]
fn revisions() -> Vec<&'static str> {
    mcpwire::Version::enabled()
        .map(mcpwire::Version::as_str)
        .collect()
}

/// The native module.
#[pymodule]
fn _mcpwire(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("McpwireError", m.py().get_type::<errors::McpwireError>())?;
    m.add_function(wrap_pyfunction!(revisions, m)?)?;
    m.add_function(wrap_pyfunction!(validate::validate, m)?)?;
    m.add_class::<session::Session>()?;
    m.add_function(wrap_pyfunction!(probe::probe, m)?)?;
    m.add_class::<probe::ProbeRun>()?;
    Ok(())
}

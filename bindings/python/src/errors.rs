//! The package's exception and the argument readers that raise it.

use mcpwire::{Direction, Version};
use pyo3::{create_exception, exceptions::PyValueError, PyErr};

create_exception!(
    _mcpwire,
    McpwireError,
    PyValueError,
    "A call mcpwire refused: an unknown revision or definition, bad options, unreadable input."
);

/// A [`McpwireError`] with `message`.
pub fn error(message: impl Into<String>) -> PyErr {
    McpwireError::new_err(message.into())
}

/// A revision by name that is compiled into this build (the CLI's words
/// when it is not).
pub fn revision(name: &str) -> Result<Version, PyErr> {
    let version: Version = name
        .parse()
        .map_err(|e: mcpwire::UnknownVersion| error(e.to_string()))?;
    if version.spec().is_none() {
        let enabled: Vec<&str> = Version::enabled().map(Version::as_str).collect();
        return Err(error(format!(
            "revision {version} is not compiled into this build (compiled in: {})",
            enabled.join(", ")
        )));
    }
    Ok(version)
}

/// `"c2s"`/`"client"`, `"s2c"`/`"server"` (who sent it), or `"auto"`
/// (inferred by the session: `None`).
pub fn direction(s: &str) -> Result<Option<Direction>, PyErr> {
    match s {
        "c2s" | "client" => Ok(Some(Direction::ClientToServer)),
        "s2c" | "server" => Ok(Some(Direction::ServerToClient)),
        "auto" => Ok(None),
        other => Err(error(format!(
            "direction {other:?}: expected \"c2s\" or \"client\" (client to server), \"s2c\" or \"server\" (server to client) or \"auto\" (inferred)"
        ))),
    }
}

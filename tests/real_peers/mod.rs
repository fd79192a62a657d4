//! Where the pinned real peers live (`tests/peers`: the reference server
//! `@modelcontextprotocol/server-everything` and the official TypeScript
//! SDK client, pinned by `tests/peers/package-lock.json` and installed by
//! `.ci/setup/40-npm-peers.sh`), shared by the real-peer tests.
//!
//! Without `tests/peers/node_modules` (a fresh clone that never ran
//! `npm ci` there) or without `node`, a real-peer test says so on stderr
//! and passes, so that the README's `cargo test --workspace` works on a
//! fresh clone; under CI (`CI` set, where the setup installs them) it
//! fails instead, so CI never passes without having run the real peers.
//!
//! The python-sdk peer (`tests/peers/python`, for `tests/probe_python.rs`)
//! follows the same rule with its own setup script,
//! `.ci/setup/40-python-peers.sh`.

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// The peers' directory when they are installed and `node` runs; `None`
/// (after saying why) when not, outside CI. Panics under CI.
#[allow(dead_code)] // each real-peer test uses the helpers it needs
pub fn installed(test: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers");
    let modules = dir.join("node_modules/@modelcontextprotocol");
    let installed = modules.join("server-everything/dist/index.js").is_file()
        && modules.join("sdk/package.json").is_file();
    let node = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if installed && node {
        return Some(dir);
    }
    let why = if node {
        "tests/peers/node_modules is missing: run `npm ci` in tests/peers (.ci/setup/40-npm-peers.sh)"
    } else {
        "node is not installed"
    };
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED {test}: {why}");
    None
}

/// The python-sdk peer: the interpreter of `tests/peers/python/.venv`
/// (made by `.ci/setup/40-python-peers.sh` with the `mcp` package pinned
/// by `bindings/python/constraints.txt`) and the server script beside it,
/// when both are there; `None` (after saying why) when not, outside CI.
/// Panics under CI.
#[allow(dead_code)] // each real-peer test uses the helpers it needs
pub fn python_sdk(test: &str) -> Option<(PathBuf, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/python");
    let python = dir.join(".venv/bin/python");
    let script = dir.join("server.py");
    let installed = python.is_file()
        && Command::new(&python)
            .args(["-c", "import mcp.server.mcpserver"])
            .output()
            .is_ok_and(|o| o.status.success());
    if installed {
        return Some((python, script));
    }
    let why = "tests/peers/python/.venv (with the python-sdk, `mcp`) is missing: run .ci/setup/40-python-peers.sh";
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED {test}: {why}");
    None
}

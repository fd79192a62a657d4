//! Helpers for the tests that build mcpwire from outside this workspace
//! (`tests/downstream.rs`, `xtask/tests/new_revision.rs` includes this file
//! too): where the repository and the spec mirror are, a cargo command with
//! this workspace's environment taken off, and a shared target directory.
//!
//! Cost: every such build compiles mcpwire again (one revision, no CLI).
//! They share `target/outside`, so the dependencies are compiled once per
//! checkout, not once per test.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The repository root (this file is `tests/outside/mod.rs` in it).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|d| d.join("schemas/pin.toml").is_file())
        .expect("the repository root holds schemas/pin.toml")
        .to_path_buf()
}

/// The spec mirror: `$MCPWIRE_SPEC_DIR` (cargo sets it from
/// `.cargo/config.toml`, absolute), else `../shared/mcp-spec`.
pub fn spec_mirror() -> PathBuf {
    let root = repo_root();
    match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    }
}

/// `target/outside`, shared by the outside builds.
pub fn target_dir() -> PathBuf {
    repo_root().join("target/outside")
}

/// `cargo <args>` in `dir`, without the variables this workspace's cargo
/// set for the test (`MCPWIRE_SPEC_*` from `.cargo/config.toml`), with the
/// shared target directory.
pub fn cargo(dir: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(dir).args(args);
    for var in [
        "MCPWIRE_SPEC_DIR",
        "MCPWIRE_SPEC_BASE_URL",
        "MCPWIRE_SPEC_CACHE",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET_DIR",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("CARGO_TARGET_DIR", target_dir())
        .env("CARGO_TERM_COLOR", "never");
    cmd
}

/// Runs a command, returning its output and how long it took.
pub fn run(mut cmd: Command) -> (Output, Duration) {
    let start = Instant::now();
    let out = cmd.output().expect("cargo runs");
    (out, start.elapsed())
}

/// stdout + stderr as text.
pub fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

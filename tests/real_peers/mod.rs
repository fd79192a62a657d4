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

use std::{
    path::{Path, PathBuf},
    process::Command,
};

/// The peers' directory when they are installed and `node` runs; `None`
/// (after saying why) when not, outside CI. Panics under CI.
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

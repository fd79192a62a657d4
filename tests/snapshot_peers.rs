//! Two real releases of a server, diffed as a server's CI would: `mcpwire
//! snapshot` runs `@modelcontextprotocol/server-everything` 2025.11.25 and
//! 2026.8.31 (both pinned in `tests/peers`, the older one under the alias
//! `server-everything-2025.11.25`, installed by `.ci/setup/40-npm-peers.sh`)
//! over stdio, and `mcpwire diff` must name the real changes between them:
//! the camelCase tools renamed to kebab-case (`add` became `get-sum`: the
//! old name removed, breaking; the new one added, compatible), the
//! resource template `test://static/resource/{id}` removed, `echo`'s
//! `additionalProperties: false` dropped (its input widened, compatible),
//! the static resources no longer listed (undecided: resource lists follow
//! what a server holds) — and `--fail-on breaking` exits 1. Both
//! releases' tool schemas declare draft-07, which each snapshot records.
//!
//! Both servers are asked at 2025-11-25 only (`--revision`): the earlier
//! revisions show the same changes (the servers list the same entries at
//! each, apart from the tools that need 2025-06-18), and each revision
//! costs a server process. Under CI the peers must be installed
//! (`real_peers::installed`).
#![cfg(all(feature = "cli", feature = "v2025_11_25"))]

mod real_peers;

use std::{
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
};

use serde_json::Value;

/// The entry points of the two releases, relative to the peers directory.
const OLD: &str = "node_modules/server-everything-2025.11.25/dist/index.js";
const NEW: &str = "node_modules/@modelcontextprotocol/server-everything/dist/index.js";

/// Starts `mcpwire snapshot --revision 2025-11-25 --output OUT -- node
/// SERVER stdio` in the peers directory (the server preloads
/// `loopback.mjs`: anything it listens on is bound to loopback).
fn start_snapshot(peers: &Path, server: &str, out: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .current_dir(peers)
        .args(["snapshot", "--revision", "2025-11-25", "--output"])
        .arg(out)
        .args(["--", "node", "--import", "./loopback.mjs", server, "stdio"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mcpwire snapshot")
}

fn finish(child: Child, what: &str) {
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "snapshot of {what} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `mcpwire diff OLD NEW` with `extra` arguments: exit code and stdout.
fn diff(old: &Path, new: &Path, extra: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("diff")
        .args([old, new])
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

/// The change at (`subject`, `name`, `pointer`, `keyword`), if reported.
fn find<'a>(
    changes: &'a [Value],
    subject: &str,
    name: &str,
    pointer: &str,
    keyword: &str,
) -> Option<&'a Value> {
    changes.iter().find(|c| {
        c["subject"] == subject
            && c["name"] == name
            && c["pointer"] == pointer
            && c["keyword"] == keyword
    })
}

/// The older release's directory under the peers', when installed (it is
/// when the lock file is: `npm ci` installs both); panics under CI.
fn older_release(peers: &Path) -> Option<PathBuf> {
    let old = peers.join(OLD);
    if old.is_file() {
        return Some(old);
    }
    let why =
        "tests/peers/node_modules lacks server-everything-2025.11.25: run `npm ci` in tests/peers";
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED snapshot_peers: {why}");
    None
}

#[test]
fn two_releases_of_server_everything() {
    let Some(peers) = real_peers::installed("snapshot_peers") else {
        return;
    };
    if older_release(&peers).is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (old, new) = (dir.path().join("old.json"), dir.path().join("new.json"));
    // Both at once: each is a server process and a probe.
    let (a, b) = (
        start_snapshot(&peers, OLD, &old),
        start_snapshot(&peers, NEW, &new),
    );
    finish(a, "server-everything 2025.11.25");
    finish(b, "server-everything 2026.8.31");

    let (code, stdout) = diff(&old, &new, &["--format", "json"]);
    assert_eq!(code, 1, "breaking changes exit 1: {stdout}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let changes = report["changes"].as_array().unwrap();
    let severity = |subject, name, pointer, keyword| {
        find(changes, subject, name, pointer, keyword)
            .unwrap_or_else(|| panic!("no change {subject} {name} {pointer} {keyword}: {stdout}"))
            ["severity"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // The renames: every camelCase tool of 2025.11.25 is gone (breaking,
    // by name) and its kebab-case successor added (compatible).
    for (gone, successor) in [
        ("add", "get-sum"),
        ("getTinyImage", "get-tiny-image"),
        ("longRunningOperation", "trigger-long-running-operation"),
        ("structuredContent", "get-structured-content"),
    ] {
        assert_eq!(severity("tool", gone, "", "name"), "breaking");
        assert_eq!(severity("tool", successor, "", "name"), "compatible");
    }
    // The resource template removed; its successors added.
    let template = "test://static/resource/{id}";
    assert_eq!(
        severity("resourceTemplate", template, "", "uriTemplate"),
        "breaking"
    );
    assert_eq!(
        severity(
            "resourceTemplate",
            "demo://resource/dynamic/text/{resourceId}",
            "",
            "uriTemplate"
        ),
        "compatible"
    );
    // The old prompts renamed too (`simple_prompt` → `simple-prompt`).
    assert_eq!(severity("prompt", "simple_prompt", "", "name"), "breaking");
    assert_eq!(
        severity("prompt", "simple-prompt", "", "name"),
        "compatible"
    );
    // `echo` kept its name: `additionalProperties: false` dropped from its
    // input widens it, its new title and annotations are additions.
    let echo = find(
        changes,
        "tool",
        "echo",
        "/inputSchema/additionalProperties",
        "additionalProperties",
    )
    .unwrap();
    assert_eq!(echo["severity"], "compatible", "{echo}");
    assert!(echo["message"].as_str().unwrap().contains("input widened"));
    assert_eq!(severity("tool", "echo", "/title", "title"), "compatible");
    assert_eq!(
        severity(
            "capability",
            "tools.listChanged",
            "/capabilities/tools/listChanged",
            "listChanged"
        ),
        "compatible"
    );
    // A static resource no longer listed: not decided (resource lists
    // follow what a server holds).
    assert_eq!(
        severity("resource", "test://static/resource/1", "", "uri"),
        "undecided"
    );
    // The whole tally at 2025-11-25, for these two pinned releases.
    assert_eq!(
        report["summary"],
        serde_json::json!({"breaking": 16, "compatible": 41, "undecided": 100}),
        "{stdout}"
    );
    assert!(changes.iter().all(|c| c["revision"] == "2025-11-25"));

    // Both releases' tools declare draft-07 (zod-to-json-schema): the
    // snapshot records it, with the finding a session reports at
    // 2025-11-25; the same dialect on both sides is no change.
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&new).unwrap()).unwrap();
    let facts = &recorded["revisions"]["2025-11-25"]["schemas"]["tools"]["get-sum"]["inputSchema"];
    assert_eq!(facts["dialect"], "draft-07", "{facts}");
    assert_eq!(
        facts["findings"][0]["rule"], "contract.dialect-not-2020-12",
        "{facts}"
    );
    assert!(!changes.iter().any(|c| c["keyword"] == "$schema"
        || c["keyword"]
            .as_str()
            .is_some_and(|k| k.starts_with("contract."))));

    // The exit codes a CI job sees: 1 on breaking, 0 for no change.
    let (code, text) = diff(&old, &new, &["--fail-on", "breaking"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("16 breaking, 100 undecided, 41 compatible"),
        "{text}"
    );
    let (code, text) = diff(&new, &new, &["--fail-on", "breaking"]);
    assert_eq!(code, 0, "{text}");
}

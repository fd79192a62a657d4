//! A real peer over stdio: `@modelcontextprotocol/server-everything`
//! driven by the official TypeScript SDK client (`tests/peers`, pinned by
//! its lock file, installed by `.ci/setup/40-npm-peers.sh`), the client
//! spawning `mcpwire tap -- node server-everything stdio`. The session
//! completes exactly as it does without the tap, and the tap's findings
//! are the same on every run.
#![cfg(all(feature = "v2025_11_25", feature = "v2026_07_28"))]

mod real_peers;

use std::{path::Path, process::Command};

/// Runs the scripted client against `command`; returns its output.
fn session(peers: &Path, command: &[&std::ffi::OsStr]) -> String {
    let out = Command::new("node")
        .arg(peers.join("stdio_client.mjs"))
        .args(command)
        .current_dir(peers)
        .output()
        .expect("node runs (the CI setup installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success() && stdout.contains("\"done\""),
        "client failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn server_everything_over_stdio_through_the_tap() {
    let Some(peers) = real_peers::installed("tap_peer") else {
        return;
    };
    let server = peers.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    let node = std::ffi::OsStr::new("node");
    let stdio = std::ffi::OsStr::new("stdio");
    let direct = session(&peers, &[node, server.as_os_str(), stdio]);
    let dir = tempfile::tempdir().unwrap();
    let mut reports = Vec::new();
    for run in 0..3 {
        let report = dir.path().join(format!("report-{run}.jsonl"));
        let tapped = session(
            &peers,
            &[
                std::ffi::OsStr::new(env!("CARGO_BIN_EXE_mcpwire")),
                "tap".as_ref(),
                "--format".as_ref(),
                "json".as_ref(),
                "--report".as_ref(),
                report.as_os_str(),
                "--".as_ref(),
                node,
                server.as_os_str(),
                stdio,
            ],
        );
        assert_eq!(tapped, direct, "the session differs through the tap");
        // The client closes the tap (end of input, then SIGTERM): the
        // report is complete once the file has its summary line.
        let mut text = String::new();
        for _ in 0..100 {
            text = std::fs::read_to_string(&report).unwrap_or_default();
            if text.contains("\"summary\":true") {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        assert!(text.contains("\"summary\":true"), "no summary: {text}");
        reports.push(text);
    }
    eprintln!("server-everything through the tap:\n{}", reports[0]);
    for (run, r) in reports.iter().enumerate().skip(1) {
        assert_eq!(r, &reports[0], "run {run} gave other findings");
    }
}

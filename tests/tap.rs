//! `mcpwire tap` against a scripted fake server (`tests/fake_server`, the
//! workspace member `mcpwire-fake-server`, built on first use): forwarding
//! is byte for byte both ways (sha256 of what each side sent and what the
//! other received), with 10 MB messages, partial writes and invalid lines;
//! findings, exit status and signal forwarding.
#![cfg(all(feature = "v2025_11_25", feature = "v2026_07_28"))]

mod support;

use std::{
    process::{Command, Stdio},
    thread,
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use support::tap::{fake_server, init_result, initialize, initialized, line, sha256, tap};

#[test]
fn forwards_byte_for_byte_with_large_messages_partial_writes_and_junk() {
    let ten_mb = "a".repeat(10 << 20);
    let mut input = Vec::new();
    input.extend(initialize());
    input.extend(initialized());
    input.extend(line(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": ten_mb}}}),
    ));
    input.extend(b"this line is not JSON\r\n");
    input.extend(b"\n");
    input.extend(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}");
    let mut script = Vec::new();
    script.extend(init_result());
    script.extend(line(
        json!({"jsonrpc": "2.0", "method": "notifications/progress",
        "params": {"progressToken": "t", "progress": 0.5}}),
    ));
    script.extend(line(json!({"jsonrpc": "2.0", "id": 1, "result": {
        "content": [{"type": "text", "text": ten_mb}]}})));
    script.extend(b"{\"jsonrpc\": \"2.0\", oops}\n");
    script.extend(b"\xff\xfe not utf-8\n");
    // The client does not wait for the initialize result: fix the revision.
    let t = tap(
        &["--format", "json", "--spec", "2025-11-25"],
        &input,
        &script,
        &["--after-lines", "3", "--chunk", "7919", "--exit", "3"],
        65_521,
    );
    assert_eq!(
        t.code,
        Some(3),
        "exits with the server's status; {}",
        t.report
    );
    assert_eq!(sha256(&t.received), sha256(&input), "client → server");
    assert_eq!(sha256(&t.stdout), sha256(&script), "server → client");
    let rows: Vec<Value> = t
        .report
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let findings: Vec<(String, u64, String)> = rows
        .iter()
        .filter(|r| r.get("summary").is_none())
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["keyword"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        findings.contains(&("<client>".into(), 4, "input".into())),
        "{findings:?}"
    );
    assert!(
        findings.contains(&("<server>".into(), 4, "input".into())),
        "{findings:?}"
    );
    assert!(
        findings.contains(&("<server>".into(), 5, "input".into())),
        "{findings:?}"
    );
    let summary = rows.last().unwrap();
    assert_eq!(summary["summary"], true);
    assert_eq!(summary["dropped"], 0);
    assert_eq!(
        summary["messages"], 10,
        "5 client lines + 5 server lines, the blank one skipped: {summary}"
    );
    assert_eq!(summary["violations"], 3, "{}", t.report);
}

#[test]
fn findings_in_text_with_correlation() {
    let mut input = Vec::new();
    input.extend(initialize());
    input.extend(initialized());
    input.extend(line(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    ));
    let mut script = Vec::new();
    script.extend(init_result());
    script.extend(line(json!({"jsonrpc": "2.0", "id": 1, "result": {
        "tools": [{"name": "get_weather", "inputSchema": {"type": "array"}}]}})));
    let t = tap(
        &["--format", "text", "--spec", "2025-11-25"],
        &input,
        &script,
        &["--after-lines", "3"],
        4096,
    );
    assert_eq!(t.code, Some(0));
    assert_eq!(t.stdout, script);
    let report = t.report;
    assert!(report.contains("result of 'tools/list' (id 1)"), "{report}");
    assert!(
        !report.contains("unknown_response"),
        "responses follow their requests: {report}"
    );
    expectorate::assert_contents("tests/snapshots/cli/tap-report.txt", &report);
}

#[test]
fn conformance_report_after_exit() {
    let mut input = initialize();
    input.extend(initialized());
    let t = tap(
        &["--format", "conformance"],
        &input,
        &init_result(),
        &["--after-lines", "1"],
        4096,
    );
    let checks: Value = serde_json::from_str(&t.report).unwrap();
    assert_eq!(checks[0]["id"], "wire-schema-valid");
    assert_eq!(checks[0]["status"], "SUCCESS", "{}", t.report);
    assert_eq!(checks[0]["details"]["messagesValidated"], 3);
}

#[test]
fn dropped_lines_are_counted_never_lost_from_the_stream() {
    // A queue of 1 byte: while one line waits, every other is dropped from
    // validation; all still reach the server.
    let mut input = Vec::new();
    for i in 0..2000 {
        input.extend(line(
            json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": i, "progress": i, "message": "x".repeat(2000)}}),
        ));
    }
    let t = tap(
        &["--format", "json", "--queue-bytes", "1"],
        &input,
        b"",
        &[],
        1 << 20,
    );
    assert_eq!(sha256(&t.received), sha256(&input));
    let summary: Value = serde_json::from_str(t.report.lines().last().unwrap()).unwrap();
    let messages = summary["messages"].as_u64().unwrap();
    let dropped = summary["dropped"].as_u64().unwrap();
    assert_eq!(messages + dropped, 2000, "{summary}");
}

#[cfg(unix)]
#[test]
fn signals_reach_the_server_and_tap_dies_the_same_way() {
    use rustix::process::Signal;
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["tap", "--report"])
        .arg(dir.path().join("report.txt"))
        .arg("--")
        .arg(fake_server())
        .arg("--pid-file")
        .arg(&pid_file)
        .arg("--hang")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let server_pid: i32 = loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "server never started"
        );
        thread::sleep(Duration::from_millis(10));
    };
    let tap_pid = i32::try_from(child.id()).unwrap();
    support::tap::signal(tap_pid, Signal::TERM);
    let status = child.wait().unwrap();
    assert_eq!(status.signal(), Some(Signal::TERM.as_raw()), "{status:?}");
    // The server got the signal and is gone (reaped by tap).
    assert!(
        !support::tap::alive(server_pid),
        "server {server_pid} still running"
    );
}

#[test]
fn a_command_that_cannot_start_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["tap", "--", "/no/such/server"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot run /no/such/server"));
}

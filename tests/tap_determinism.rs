//! `mcpwire tap` gives the same findings on every run, with every core
//! busy: a scripted client and a scripted server (`tests/fake_server
//! --converse`) that each answer only after receiving, replayed 100 times
//! under load. The exchange is one that is easy to get wrong:
//! in auto mode, messages sent right after the `initialize` result must be
//! judged at the negotiated 2025-06-18 (`ping` does not exist in the
//! 2026-07-28 fallback), every response after its request (no
//! `unknown_response`, no false `unanswered`), and the client's answer to
//! the server's `sampling/createMessage` after that request.
//!
//! A grandchild holding the server's pipe: SIGTERM ends the tap within 5 s
//! with its summary and report written.
#![cfg(all(feature = "v2025_06_18", feature = "v2026_07_28"))]

mod support;

use serde_json::{json, Value};
use support::tap::{converse, line, Load, Step};

fn client() -> Vec<Step> {
    vec![
        Step::Send(line(
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {"sampling": {}},
            "clientInfo": {"name": "scripted", "version": "1.0.0"}}}),
        )),
        Step::Expect(1),
        Step::Send(
            [
                line(json!({"jsonrpc": "2.0", "method": "notifications/initialized"})),
                line(json!({"jsonrpc": "2.0", "id": 1, "method": "ping"})),
                line(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})),
            ]
            .concat(),
        ),
        Step::Expect(4),
        Step::Send(line(json!({"jsonrpc": "2.0", "id": "s1", "result": {
            "role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}}))),
        Step::Expect(5),
    ]
}

fn dialogue() -> String {
    let lines = [
        "#wait 1".to_string(),
        json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-06-18",
            "capabilities": {"tools": {}, "logging": {}}, "serverInfo": {"name": "fake", "version": "0.0.1"}}})
        .to_string(),
        "#wait 4".into(),
        json!({"jsonrpc": "2.0", "id": 1, "result": {}}).to_string(),
        json!({"jsonrpc": "2.0", "id": "s1", "method": "sampling/createMessage", "params": {
            "messages": [{"role": "user", "content": {"type": "text", "text": "hello"}}],
            "maxTokens": 10}})
        .to_string(),
        // The one violation: a tool without `inputSchema`.
        json!({"jsonrpc": "2.0", "id": 2, "result": {"tools": [{"name": "t"}]}}).to_string(),
        "#wait 5".into(),
        json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": "done"}})
        .to_string(),
    ];
    lines.join("\n") + "\n"
}

/// The findings of one run: every row but the summary, as JSON.
fn findings(report: &str) -> Vec<Value> {
    report
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r.get("summary").is_none())
        .collect()
}

#[test]
fn same_findings_on_every_run_under_load() {
    let _load = Load::start();
    let mut first: Option<(Vec<Value>, String)> = None;
    for run in 0..100 {
        let t = converse(&["--format", "json"], client(), &dialogue());
        assert_eq!(t.code, Some(0), "run {run}: {}", t.report);
        let rows = findings(&t.report);
        let summary = t.report.lines().last().unwrap_or_default().to_string();
        match &first {
            None => {
                let keys: Vec<(&str, u64, &str, &str)> = rows
                    .iter()
                    .map(|r| {
                        (
                            r["file"].as_str().unwrap(),
                            r["line"].as_u64().unwrap(),
                            r["keyword"].as_str().unwrap(),
                            r["pointer"].as_str().unwrap(),
                        )
                    })
                    .collect();
                assert_eq!(
                    keys,
                    [("<server>", 4, "required", "/result/tools/0")],
                    "{}",
                    t.report
                );
                assert_eq!(rows[0]["revision"], "2025-06-18", "{}", t.report);
                first = Some((rows, summary));
            }
            Some((rows0, summary0)) => {
                assert_eq!(&rows, rows0, "run {run} differs:\n{}", t.report);
                assert_eq!(&summary, summary0, "run {run} differs:\n{}", t.report);
            }
        }
    }
}

/// The server is a wrapper script whose child ignores SIGTERM and keeps
/// the server's standard output open. SIGTERM to the tap reaches the
/// whole group; the wrapper dies, the grandchild lives on holding the
/// pipe, and the tap still ends within 5 s — report and summary written,
/// dying by SIGTERM as its server did.
#[cfg(unix)]
#[test]
fn sigterm_ends_the_tap_when_a_grandchild_holds_the_pipe() {
    use std::{
        io::Write,
        os::unix::process::ExitStatusExt,
        process::{Command, Stdio},
        thread,
        time::{Duration, Instant},
    };

    use rustix::process::Signal;

    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("grandchild.pid");
    let report = dir.path().join("report.txt");
    let wrapper = dir.path().join("wrapper.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n\
             # A grandchild that ignores SIGTERM and keeps stdout open.\n\
             (trap '' TERM; exec sleep 600) &\n\
             echo $! > '{}'\n\
             printf '%s\\n' '{}'\n\
             wait\n",
            pid_file.display(),
            json!({"jsonrpc": "2.0", "method": "notifications/message",
                "params": {"level": "info", "data": "up"}})
        ),
    )
    .unwrap();
    let mut tap = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("tap")
        .arg("--report")
        .arg(&report)
        .args(["--format", "json", "--spec", "2025-06-18"])
        .arg("--")
        .arg("sh")
        .arg(&wrapper)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = tap.stdin.take().unwrap();
    stdin
        .write_all(&line(json!({"jsonrpc": "2.0", "id": 7, "method": "ping"})))
        .unwrap();
    let started = Instant::now();
    let grandchild: i32 = loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "wrapper never started"
        );
        thread::sleep(Duration::from_millis(10));
    };
    // Let the wrapper's line through before the signal.
    thread::sleep(Duration::from_millis(300));
    let signalled = Instant::now();
    support::tap::signal(i32::try_from(tap.id()).unwrap(), Signal::TERM);
    let status = loop {
        if let Some(status) = tap.try_wait().unwrap() {
            break status;
        }
        if signalled.elapsed() > Duration::from_secs(5) {
            let _ = tap.kill();
            let _ = tap.wait();
            support::tap::signal(grandchild, Signal::KILL);
            panic!("tap still running 5 s after SIGTERM");
        }
        thread::sleep(Duration::from_millis(20));
    };
    let elapsed = signalled.elapsed();
    let grandchild_alive = support::tap::alive(grandchild);
    if grandchild_alive {
        support::tap::signal(grandchild, Signal::KILL);
    }
    drop(stdin);
    assert!(
        grandchild_alive,
        "the grandchild was to outlive the wrapper"
    );
    assert_eq!(status.signal(), Some(Signal::TERM.as_raw()), "{status:?}");
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    let report = std::fs::read_to_string(&report).unwrap();
    let rows: Vec<Value> = report
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary = rows.last().expect("a summary row");
    assert_eq!(summary["messages"], 2, "{report}");
    // The ping was never answered, and the report says so.
    assert!(
        rows.iter()
            .any(|r| r["keyword"] == "unanswered" && r["line"] == 1),
        "{report}"
    );
}

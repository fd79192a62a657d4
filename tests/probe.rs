//! `mcpwire probe` against the fake server's answering mode
//! (`mcpwire-fake-server --mcp FLAWS`): a correct server gives a clean
//! report with every declared method exercised; each planted defect gives
//! its finding and a finished report, never a hang.
#![cfg(all(feature = "v2024_11_05", feature = "v2025_06_18"))]

mod support;

use std::{
    process::Command,
    time::{Duration, Instant},
};

use serde_json::Value;
use support::tap::fake_server;

/// What one probe run gave.
struct Run {
    code: i32,
    tables: Vec<Value>,
    findings: Vec<Value>,
    summary: Value,
    took: Duration,
}

impl Run {
    fn table(&self, revision: &str) -> &Value {
        self.tables
            .iter()
            .find(|t| t["offered"] == revision)
            .unwrap_or_else(|| panic!("no table for {revision}: {:?}", self.tables))
    }

    fn rules(&self) -> Vec<String> {
        self.findings
            .iter()
            .map(|f| f["keyword"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    fn has(&self, rule: &str) -> bool {
        self.rules().iter().any(|r| r == rule)
    }
}

fn probe(flaws: &str, args: &[&str]) -> Run {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("probe")
        .args(["--format", "json"])
        .args(args)
        .arg("--")
        .arg(fake_server())
        .args(["--mcp", flaws])
        .output()
        .unwrap();
    let took = start.elapsed();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut run = Run {
        code: out.status.code().unwrap_or(-1),
        tables: Vec::new(),
        findings: Vec::new(),
        summary: Value::Null,
        took,
    };
    for line in stdout.lines() {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if let Some(t) = v.get("probe") {
            run.tables.push(t.clone());
        } else if v.get("summary") == Some(&Value::Bool(true)) {
            run.summary = v;
        } else {
            run.findings.push(v);
        }
    }
    assert!(
        !run.summary.is_null(),
        "no summary (exit {}): {stdout}\n{}",
        run.code,
        String::from_utf8_lossy(&out.stderr)
    );
    run
}

fn count(table: &Value, method: &str, what: &str) -> u64 {
    table["methods"][method][what].as_u64().unwrap_or(0)
}

#[test]
fn a_correct_server_is_exercised_fully_and_clean() {
    let run = probe("good", &["--spec", "2025-06-18"]);
    assert_eq!(run.code, 0, "{:?}", run.findings);
    assert!(run.findings.is_empty(), "{:?}", run.findings);
    let t = run.table("2025-06-18");
    assert_eq!(t["negotiated"], "2025-06-18");
    assert_eq!(t["server"], "fake-server 1.0.0");
    for (method, ok) in [
        ("initialize", 1),
        ("ping", 1),
        ("tools/list", 2), // both pages
        ("prompts/list", 1),
        ("prompts/get", 1), // with its declared argument
        ("resources/list", 1),
        ("resources/templates/list", 1),
        ("resources/read", 2),
        ("tools/call", 2), // only the read-only tools
        ("logging/setLevel", 1),
        ("completion/complete", 2), // a prompt argument, a template variable
        ("resources/subscribe", 1),
        ("resources/unsubscribe", 1),
    ] {
        assert_eq!(count(t, method, "ok"), ok, "{method}: {t}");
    }
    assert_eq!(count(t, "mcpwire/probe-unknown-method", "error"), 1);
    for row in [
        "tools/call (unknown tool)",
        "prompts/get (unknown prompt)",
        "prompts/get (missing argument)",
        "resources/read (unknown resource)",
    ] {
        assert_eq!(count(t, row, "error"), 1, "{row}: {t}");
    }
    // Each called tool once with arguments that break its inputSchema:
    // `add` without a required member, `echo` with a member of the wrong
    // type; both refused.
    assert_eq!(
        count(t, "tools/call (invalid arguments)", "error"),
        2,
        "{t}"
    );
    assert_eq!(count(t, "tools/call (invalid arguments)", "ok"), 0, "{t}");
    // One cancelled ping: answered or not, never a finding.
    let cancelled = &t["methods"]["ping (cancelled)"];
    assert_eq!(
        cancelled["ok"].as_u64().unwrap() + cancelled["timed_out"].as_u64().unwrap(),
        1,
        "{t}"
    );
    let skipped = t["not_called"].to_string();
    assert!(
        skipped.contains("tools/call delete-everything"),
        "{skipped}"
    );
    assert!(skipped.contains("readOnlyHint"), "{skipped}");
}

#[test]
fn tools_all_and_none() {
    let all = probe("good", &["--spec", "2025-06-18", "--tools", "all"]);
    let t = all.table("2025-06-18");
    assert_eq!(count(t, "tools/call", "ok"), 3);
    // `delete-everything` declares nothing to break: no invalid call,
    // and the table says so.
    assert_eq!(
        count(t, "tools/call (invalid arguments)", "error"),
        2,
        "{t}"
    );
    assert!(
        t["not_called"].as_array().unwrap().iter().any(|n| n["what"]
            == "tools/call (invalid arguments) delete-everything"
            && n["why"]
                .as_str()
                .unwrap()
                .contains("no required member or typed property")),
        "{t}"
    );
    assert!(all.findings.is_empty(), "{:?}", all.findings);
    let none = probe("good", &["--spec", "2025-06-18", "--tools", "none"]);
    let t = none.table("2025-06-18");
    assert_eq!(count(t, "tools/call", "ok"), 0);
    // One line for the group, naming both tools.
    assert_eq!(t["not_called"].as_array().map(Vec::len), Some(1), "{t}");
    assert_eq!(
        t["not_called"][0]["what"], "tools/call of 3 of 3 tools",
        "{t}"
    );
    assert_eq!(
        t["not_called"][0]["names"].as_array().map(Vec::len),
        Some(3)
    );
}

#[test]
fn every_revision_by_default_each_negotiated() {
    let run = probe("good", &[]);
    assert_eq!(run.code, 0, "{:?}", run.findings);
    for v in ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] {
        if run.tables.iter().any(|t| t["offered"] == v) {
            assert_eq!(run.table(v)["negotiated"], v);
        }
    }
    // The stateless revisions: an initialize-era server answers
    // server/discover with -32601, which is no failure.
    for t in &run.tables {
        if t["negotiated"].is_null() {
            assert!(
                t["note"].as_str().unwrap().contains("server/discover"),
                "{t}"
            );
        }
    }
}

#[test]
fn a_banner_on_stdout_is_found() {
    let run = probe("banner", &["--spec", "2025-06-18"]);
    assert_eq!(run.code, 1);
    assert!(run.has("input"), "{:?}", run.rules());
    assert_eq!(run.table("2025-06-18")["negotiated"], "2025-06-18");
}

#[test]
fn invalid_json_is_found() {
    let run = probe("invalid-json", &["--spec", "2025-06-18"]);
    assert_eq!(run.code, 1);
    assert!(run.has("input"), "{:?}", run.rules());
}

#[test]
fn a_server_that_never_answers_initialize() {
    let run = probe("silent", &["--spec", "2025-06-18", "--timeout", "500ms"]);
    assert_eq!(run.code, 1);
    assert!(
        run.has("probe-no-handshake") && run.has("probe-timeout"),
        "{:?}",
        run.rules()
    );
    assert!(run.took < Duration::from_secs(8), "{:?}", run.took);
}

#[test]
fn a_crash_is_found_and_the_report_finished() {
    let run = probe("crash:tools/list", &["--spec", "2025-06-18"]);
    // A warning: no MUST forbids a server to end the connection.
    assert_eq!(run.code, 0);
    assert!(run.has("probe-server-closed"), "{:?}", run.rules());
    let t = run.table("2025-06-18");
    assert_eq!(count(t, "ping", "ok"), 1);
    assert!(t["exit"].as_str().unwrap_or_default().contains('3'), "{t}");
}

/// A server that dies at start: its exit is "closed" (not "timed out"),
/// a warning, and the last lines of its standard error are shown.
#[test]
fn a_crash_at_start_shows_its_stderr() {
    let run = probe("crash:initialize", &["--spec", "2025-06-18"]);
    let t = run.table("2025-06-18");
    assert_eq!(count(t, "initialize", "closed"), 1, "{t}");
    assert_eq!(count(t, "initialize", "timed_out"), 0, "{t}");
    assert_eq!(
        t["stderr"][0], "fake-server: cannot serve initialize, exiting",
        "{t}"
    );
    let closed = run
        .findings
        .iter()
        .find(|f| f["keyword"] == "probe-server-closed")
        .expect("probe-server-closed");
    assert_eq!(closed["severity"], "warning", "{closed}");
    assert!(
        closed["message"]
            .as_str()
            .unwrap()
            .contains("cannot serve initialize"),
        "{closed}"
    );
}

/// `--transcript` over stdio: `mcpwire check` on the file gives the
/// probe's message findings, at the lines the probe named.
#[test]
fn the_transcript_gives_check_the_same_findings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("probe.jsonl");
    let shown = path.display().to_string();
    let run = probe(
        "invalid-json,twice,unknown-ok",
        &["--spec", "2025-06-18", "--transcript", &shown],
    );
    let at = |findings: &[Value]| {
        let mut v: Vec<(String, u64)> = findings
            .iter()
            .filter(|f| f["file"] == shown.as_str())
            .map(|f| {
                let k = f["keyword"].as_str().unwrap_or_default().to_string();
                (k, f["line"].as_u64().unwrap_or(0))
            })
            .collect();
        v.sort();
        v
    };
    let probed = at(&run.findings);
    assert!(probed.iter().any(|(k, _)| k == "input"), "{probed:?}");
    assert!(
        probed.iter().any(|(k, _)| k == "duplicate_response"),
        "{probed:?}"
    );
    // The probe's own finding points at its request's line.
    assert!(
        probed.iter().any(|(k, _)| k == "probe-unknown-method"),
        "{probed:?}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let all: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &Value| v.get("keyword").is_some())
        .collect();
    // The arguments the probe breaks on purpose (add without a required
    // member, echo with one of the wrong type): check finds them, the
    // probe does not report them as the server's.
    let broken = |f: &&Value| f["keyword"] == "contract.arguments-schema";
    assert_eq!(all.iter().filter(broken).count(), 2, "{all:?}");
    assert!(
        !run.findings.iter().any(|f| broken(&f)),
        "{:?}",
        run.findings
    );
    let checked: Vec<Value> = all
        .into_iter()
        .filter(|v| !broken(&v))
        // The probe sends an unknown method on purpose; check warns of it.
        .filter(|v| v["keyword"] != "method_not_in_revision")
        .collect();
    let messages: Vec<(String, u64)> = probed
        .into_iter()
        .filter(|(k, _)| !k.starts_with("probe-"))
        .collect();
    assert_eq!(at(&checked), messages);
    // Each line named is the record of the message found.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for (k, line) in &messages {
        let record = lines[*line as usize - 1];
        let parsed = serde_json::from_str::<Value>(record);
        assert_eq!(k == "input", parsed.is_err(), "{k} at {line}: {record}");
    }
}

/// An error for a prompt the server listed itself is shown in the table;
/// no sentence makes it wrong, so it is no finding.
#[test]
fn an_error_for_a_listed_prompt_is_shown() {
    let run = probe("prompt-error", &["--spec", "2025-06-18"]);
    let t = run.table("2025-06-18");
    let errors = t["errors"].as_array().expect("errors");
    assert!(
        errors
            .iter()
            .any(|e| e["what"].as_str().unwrap().starts_with("prompts/get ")
                && e["code"] == -32603
                && e["message"] == "the prompt store is down"),
        "{t}"
    );
    // The unknown prompt's own check is a finding of its own, not listed.
    assert!(!errors.iter().any(|e| e["what"]
        .as_str()
        .unwrap()
        .contains("mcpwire-probe-unknown")));
}

#[test]
fn a_hang_times_out_and_the_probe_goes_on() {
    let run = probe("hang:ping", &["--spec", "2025-06-18", "--timeout", "500ms"]);
    assert_eq!(run.code, 1);
    // The timed-out ping and the cancelled one were both cancelled with
    // `notifications/cancelled`: the session does not report them
    // unanswered.
    assert_eq!(run.rules(), ["probe-timeout"], "{:?}", run.findings);
    let t = run.table("2025-06-18");
    assert_eq!(count(t, "ping", "timed_out"), 1);
    assert_eq!(count(t, "ping (cancelled)", "timed_out"), 1);
    assert_eq!(count(t, "tools/list", "ok"), 2);
}

/// Each planted wrong answer gives its rule, at its severity.
#[test]
fn wrong_answers_to_wrong_requests_are_found() {
    for (flaw, rule, severity) in [
        ("unknown-tool-ok", "probe-unknown-tool", "warning"),
        ("unknown-prompt-ok", "probe-unknown-prompt", "warning"),
        ("unknown-resource-ok", "probe-unknown-resource", "warning"),
        (
            "prompt-missing-argument-ok",
            "probe-prompt-missing-argument",
            "warning",
        ),
    ] {
        let run = probe(flaw, &["--spec", "2025-06-18"]);
        assert_eq!(run.rules(), [rule], "{flaw}: {:?}", run.findings);
        assert_eq!(run.findings[0]["severity"], severity, "{flaw}");
        assert_eq!(run.table("2025-06-18")["findings"][rule], 1, "{flaw}");
    }
}

/// A server that runs tools on arguments breaking their `inputSchema`:
/// each is a violation, and the session's own `contract.arguments-schema`
/// on the probe's deliberately broken requests is not reported.
#[test]
fn invalid_arguments_accepted_are_found() {
    let run = probe("invalid-arguments-ok", &["--spec", "2025-06-18"]);
    assert_eq!(
        run.rules(),
        ["probe-invalid-arguments", "probe-invalid-arguments"],
        "{:?}",
        run.findings
    );
    assert!(run.findings.iter().all(|f| f["severity"] == "violation"));
    let messages: Vec<&str> = run
        .findings
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert!(
        messages[0].starts_with("tools/call add without its required argument \"a\""),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("tools/call echo with its argument \"text\" of the wrong type"),
        "{messages:?}"
    );
    assert!(messages[0].contains("Validate all tool inputs"));
    let t = run.table("2025-06-18");
    assert_eq!(t["findings"]["probe-invalid-arguments"], 2, "{t}");
    assert!(
        t["findings"].get("contract.arguments-schema").is_none(),
        "{t}"
    );
    assert_eq!(count(t, "tools/call (invalid arguments)", "ok"), 2, "{t}");
}

#[test]
fn declared_features_answered_method_not_found() {
    let run = probe("features-not-served", &["--spec", "2025-06-18"]);
    let methods: Vec<&str> = run
        .findings
        .iter()
        .filter(|f| f["keyword"] == "probe-declared-not-served")
        .map(|f| f["method"].as_str().unwrap())
        .collect();
    assert_eq!(
        methods,
        [
            "logging/setLevel",
            "resources/subscribe",
            "completion/complete",
            "completion/complete"
        ],
        "{:?}",
        run.findings
    );
}

/// A feature the server does not declare is never called.
#[test]
fn undeclared_features_are_not_called() {
    let run = probe("bare", &["--spec", "2025-06-18"]);
    assert_eq!(run.code, 0, "{:?}", run.findings);
    let t = run.table("2025-06-18");
    let methods = t["methods"].as_object().unwrap();
    for m in [
        "logging/setLevel",
        "completion/complete",
        "resources/subscribe",
        "prompts/get (unknown prompt)",
        "resources/read (unknown resource)",
    ] {
        assert!(!methods.contains_key(m), "{m}: {t}");
    }
    assert_eq!(count(t, "tools/call (unknown tool)", "error"), 1, "{t}");
    // 2024-11-05 has no `completions` capability: never asked there.
    let old = probe("good", &["--spec", "2024-11-05"]);
    let t = old.table("2024-11-05");
    assert!(t["methods"].get("completion/complete").is_none(), "{t}");
    assert_eq!(count(t, "logging/setLevel", "ok"), 1, "{t}");
}

#[test]
fn answering_twice_is_found() {
    let run = probe("twice", &["--spec", "2025-06-18"]);
    // Every second answer is a `duplicate_response` (a warning, as `check`
    // and `tap` report it): one per request the server answered.
    let rules = run.rules();
    assert!(
        !rules.is_empty() && rules.iter().all(|r| r == "duplicate_response"),
        "{rules:?}"
    );
    let answered: u64 = run.table("2025-06-18")["methods"]
        .as_object()
        .unwrap()
        .values()
        .map(|t| t["ok"].as_u64().unwrap() + t["error"].as_u64().unwrap())
        .sum();
    assert_eq!(rules.len() as u64, answered);
    assert!(run
        .findings
        .iter()
        .all(|f| f["file"].as_str().unwrap().ends_with("<server>")));
    assert_eq!(run.code, 0, "warnings only");
}

#[test]
fn a_cursor_loop_ends_the_listing() {
    let run = probe("cursor-loop", &["--spec", "2025-06-18"]);
    assert!(run.has("probe-cursor-loop"), "{:?}", run.rules());
    assert_eq!(count(run.table("2025-06-18"), "tools/list", "ok"), 2);
}

/// A declared feature answered −32601 is a warning: no MUST or SHOULD
/// sentence obliges a server to serve what its capability declares.
#[test]
fn a_declared_feature_not_served() {
    let run = probe("prompts-not-served", &["--spec", "2025-06-18"]);
    assert!(run.has("probe-declared-not-served"), "{:?}", run.rules());
    assert!(
        run.findings
            .iter()
            .filter(|f| f["keyword"] == "probe-declared-not-served")
            .all(|f| f["severity"] == "warning"),
        "{:?}",
        run.findings
    );
}

#[test]
fn an_unknown_method_answered_with_a_result() {
    let run = probe("unknown-ok", &["--spec", "2025-06-18"]);
    assert!(run.has("probe-unknown-method"), "{:?}", run.rules());
}

#[test]
fn a_downgrade_to_a_revision_it_does_not_keep() {
    let run = probe("downgrade", &["--spec", "2024-11-05,2025-06-18"]);
    assert_eq!(run.table("2025-06-18")["negotiated"], "2024-11-05");
    assert!(run.has("probe-negotiation"), "{:?}", run.rules());
    // A plain downgrade to a revision the server does keep is no finding.
    let fine = probe("good", &["--spec", "2025-06-18"]);
    assert!(!fine.has("probe-negotiation"));
}

#[test]
fn the_deadline_ends_the_run() {
    let run = probe("silent", &["--timeout", "10s", "--deadline", "1s"]);
    assert_eq!(run.code, 1);
    assert!(run.took < Duration::from_secs(6), "{:?}", run.took);
    assert!(run
        .tables
        .iter()
        .skip(1)
        .all(|t| t["note"].as_str().unwrap_or_default().contains("deadline")));
}

#[test]
fn a_server_that_cannot_start_exits_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--", "/nonexistent/mcp-server"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot run"));
}

#[test]
fn the_text_report_has_the_tables_first() {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--spec", "2025-06-18", "--color", "never", "--"])
        .arg(fake_server())
        .args(["--mcp", "unknown-ok"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("revision 2025-06-18: negotiated 2025-06-18 (server fake-server 1.0.0)\n"),
        "{text}"
    );
    let table_end = text
        .find("findings: probe-unknown-method 1")
        .expect("findings by rule");
    let finding = text.find("probe-unknown-method").unwrap();
    assert!(
        text[table_end + 10..].contains("JSON-RPC 2.0 §5.1"),
        "{text}"
    );
    assert!(finding <= table_end);
}

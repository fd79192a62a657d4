//! The `mcpwire` command line: every subcommand and format, exit codes, bad
//! input. Outputs are pinned under `tests/snapshots/cli/` (accept drift with
//! `EXPECTORATE=overwrite cargo test --test cli`); temporary paths are
//! replaced by `<TMP>`.
#![cfg(all(feature = "v2025_11_25", feature = "v2026_07_28"))]

use std::{io::Write, path::Path};

use assert_cmd::Command;
use serde_json::Value;

const EXAMPLE_2025: &str = "examples/session-2025-11-25.jsonl";
const EXAMPLE_2026: &str = "examples/session-2026-07-28.jsonl";

/// What one run printed, and how it ended.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn mcpwire(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = Command::cargo_bin("mcpwire").unwrap();
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env("SOURCE_DATE_EPOCH", "1767225600");
    if let Some(input) = stdin {
        cmd.write_stdin(input.to_vec());
    }
    let out = cmd.output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn snapshot(name: &str, text: &str, tmp: Option<&Path>) {
    let mut text = text.to_string();
    if let Some(dir) = tmp {
        text = text.replace(&dir.display().to_string(), "<TMP>");
    }
    expectorate::assert_contents(format!("tests/snapshots/cli/{name}"), &text);
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn check_example_2025_text_shows_the_deliberate_violation() {
    let run = mcpwire(&["check", EXAMPLE_2025], None);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(!run.stdout.contains('\x1b'), "no colour off a terminal");
    assert!(run.stdout.contains("session-2025-11-25.jsonl:18"));
    assert!(run
        .stdout
        .contains("summary: 1 file, 23 messages, 22 valid, 1 violation, 0 warnings"));
    snapshot("check-2025-11-25.txt", &run.stdout, None);
}

#[test]
fn check_example_2026_is_clean() {
    let run = mcpwire(&["check", EXAMPLE_2026], None);
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "summary: 1 file, 18 messages, 18 valid, 0 violations, 0 warnings; judged at 2026-07-28\n"
    );
    let strict = mcpwire(
        &["check", "--strict", "--spec", "2026-07-28", EXAMPLE_2026],
        None,
    );
    assert_eq!(strict.code, 0, "{}", strict.stdout);
}

#[test]
fn check_json_lines_fields() {
    let run = mcpwire(&["check", "--format", "json", EXAMPLE_2025], None);
    assert_eq!(run.code, 1);
    let rows = json_lines(&run.stdout);
    assert_eq!(rows.len(), 2, "{}", run.stdout);
    let f = &rows[0];
    for (key, want) in [
        ("file", Value::from(EXAMPLE_2025)),
        ("line", 18.into()),
        ("severity", "violation".into()),
        ("direction", "s2c".into()),
        ("direction_inferred", false.into()),
        ("origin", "implementation".into()),
        ("revision", "2025-11-25".into()),
        ("kind", "notification".into()),
        ("method", "notifications/progress".into()),
        ("definition", "ProgressNotification".into()),
        ("pointer", "/params/progress".into()),
        (
            "schema_pointer",
            "/$defs/ProgressNotificationParams/properties/progress/type".into(),
        ),
        ("keyword", "type".into()),
    ] {
        assert_eq!(f[key], want, "field {key} of {f}");
    }
    assert!(f["message"].as_str().is_some_and(|m| !m.is_empty()));
    let s = &rows[1];
    assert_eq!(s["summary"], true);
    assert_eq!(s["messages"], 23);
    assert_eq!(s["valid"], 22);
    assert_eq!(s["violations"], 1);
    assert_eq!(s["warnings"], 0);
    snapshot("check-2025-11-25.jsonl", &run.stdout, None);
}

#[test]
fn conformance_format_reads_back_like_the_harness() {
    let run = mcpwire(&["check", "--format", "conformance", EXAMPLE_2025], None);
    assert_eq!(run.code, 1);
    let checks: Value = serde_json::from_str(&run.stdout).unwrap();
    let checks = checks.as_array().unwrap();
    assert_eq!(checks.len(), 1, "no harness-origin violations: one check");
    let c = &checks[0];
    assert_eq!(c["id"], "wire-schema-valid");
    assert_eq!(c["name"], "WireSchemaValid");
    assert_eq!(c["status"], "FAILURE");
    assert_eq!(c["timestamp"], "2026-01-01T00:00:00.000Z");
    assert_eq!(c["details"]["messagesValidated"], 23);
    assert_eq!(
        c["specReferences"][0]["url"],
        "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.json"
    );
    assert_eq!(c["specReferences"][0]["id"], "MCP-Schema");
    let v = &c["details"]["violations"][0];
    assert_eq!(v["origin"], "implementation");
    assert_eq!(v["specVersion"], "2025-11-25");
    assert_eq!(
        v["errors"][0],
        "ProgressNotification/params/progress: expected number, found string"
    );
    assert_eq!(v["message"]["params"]["progress"], "50%");
    let error = c["errorMessage"].as_str().unwrap();
    assert!(
        error.starts_with("[implementation] examples/session-2025-11-25.jsonl:18 s2c"),
        "{error}"
    );
    snapshot("check-2025-11-25.conformance.json", &run.stdout, None);

    let clean = mcpwire(&["check", "--format", "conformance", EXAMPLE_2026], None);
    assert_eq!(clean.code, 0);
    let checks: Value = serde_json::from_str(&clean.stdout).unwrap();
    let c = &checks[0];
    assert_eq!(c["status"], "SUCCESS");
    assert_eq!(c["details"]["messagesValidated"], 18);
    assert_eq!(c["details"]["violations"], Value::Array(vec![]));
    assert!(c.get("errorMessage").is_none());
}

#[test]
fn conformance_harness_origin_gets_its_own_check() {
    let transcript = concat!(
        r#"{"dir":"c2s","origin":"harness","msg":{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"banana"}}}"#,
        "\n",
        r#"{"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{}}}"#,
        "\n"
    );
    let run = mcpwire(
        &[
            "check",
            "--spec",
            "2025-11-25",
            "--format",
            "conformance",
            "-",
        ],
        Some(transcript.as_bytes()),
    );
    assert_eq!(run.code, 1);
    let checks: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(checks[0]["id"], "wire-schema-valid");
    assert_eq!(
        checks[0]["status"], "SUCCESS",
        "the implementation was fine"
    );
    assert_eq!(checks[0]["details"]["messagesValidated"], 2);
    assert_eq!(checks[1]["id"], "wire-schema-harness-error");
    assert_eq!(checks[1]["status"], "FAILURE");
    let errors = &checks[1]["details"]["violations"][0]["errors"];
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .starts_with("SetLevelRequest/params/level: "),
        "{errors}"
    );
    assert!(checks[1]["errorMessage"]
        .as_str()
        .unwrap()
        .starts_with("HARNESS ERROR: [harness] <stdin>:1 c2s request 'logging/setLevel'"));
}

#[test]
fn bad_input_gets_findings_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.jsonl");
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(b"\xEF\xBB\xBF").unwrap(); // BOM
    f.write_all(br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        .unwrap();
    f.write_all(b"\r\n\r\n").unwrap(); // CRLF, blank line
    f.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":1,\n").unwrap(); // invalid JSON
    f.write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\"}\n")
        .unwrap(); // not UTF-8
    let deep = "[".repeat(600) + &"]".repeat(600);
    f.write_all(deep.as_bytes()).unwrap();
    f.write_all(b"\n").unwrap();
    f.write_all(br#"{"dir":"sideways","msg":{}}"#).unwrap();
    f.write_all(b"\n").unwrap();
    let big = format!(
        r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"info","data":"{}"}}}}"#,
        "x".repeat(5000)
    );
    f.write_all(big.as_bytes()).unwrap();
    f.write_all(b"\n").unwrap();
    f.write_all(br#"{"jsonrpc":"2.0","id":1,"result":{}}"#)
        .unwrap();
    f.write_all(b"\n").unwrap();
    drop(f);
    let file = path.to_str().unwrap();
    let run = mcpwire(
        &[
            "check",
            "--spec",
            "2025-11-25",
            "--max-message-bytes",
            "4KiB",
            file,
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let json = mcpwire(
        &[
            "check",
            "--spec",
            "2025-11-25",
            "--max-message-bytes",
            "4KiB",
            "--format",
            "json",
            file,
        ],
        None,
    );
    let rows = json_lines(&json.stdout);
    let seen: Vec<(u64, &str)> = rows
        .iter()
        .filter(|r| r.get("summary").is_none())
        .map(|r| (r["line"].as_u64().unwrap(), r["keyword"].as_str().unwrap()))
        .collect();
    assert_eq!(
        seen,
        [
            (3, "input"),
            (4, "input"),
            (5, "input"),
            (6, "record"),
            (7, "input"),
        ],
        "{}",
        json.stdout
    );
    let summary = rows.last().unwrap();
    assert_eq!(summary["messages"], 7);
    assert_eq!(summary["valid"], 2);
    snapshot("check-bad-input.txt", &run.stdout, Some(dir.path()));
}

#[test]
fn nesting_far_past_the_limit_is_a_finding_not_a_crash() {
    let deep = "[".repeat(200_000) + &"]".repeat(200_000) + "\n";
    let run = mcpwire(&["check", "-"], Some(deep.as_bytes()));
    assert_eq!(run.code, 1);
    assert!(run
        .stdout
        .contains("nesting deeper than the limit of 512 levels"));
    // A deep but allowed message is parsed, checked and dropped safely.
    let depth = 10_000;
    let msg = format!(
        r#"{{"jsonrpc":"2.0","method":"notifications/message","params":{{"level":"info","data":{}1{}}}}}"#,
        "[".repeat(depth - 3),
        "]".repeat(depth - 3)
    );
    let run = mcpwire(
        &["check", "--spec", "2025-11-25", "--max-depth", "10000", "-"],
        Some(msg.as_bytes()),
    );
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
}

#[test]
fn json_array_of_records_and_stdin() {
    let text = std::fs::read_to_string(EXAMPLE_2025).unwrap();
    let array = format!("[\n  {}\n]\n", text.trim_end().replace('\n', ",\n  "));
    let run = mcpwire(&["check", "--format", "json", "-"], Some(array.as_bytes()));
    assert_eq!(run.code, 1);
    let rows = json_lines(&run.stdout);
    assert_eq!(rows[0]["file"], "<stdin>");
    assert_eq!(rows[0]["line"], 19, "array element on line 19 (after `[`)");
    assert_eq!(rows[1]["messages"], 23);
}

#[test]
fn bare_messages_are_inferred_like_the_records_say() {
    let text = std::fs::read_to_string(EXAMPLE_2026).unwrap();
    let mut bare = String::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        bare.push_str(&record["msg"].to_string());
        bare.push('\n');
    }
    let run = mcpwire(&["check", "--strict", "-"], Some(bare.as_bytes()));
    assert_eq!(run.code, 0, "{}", run.stdout);
    // The violation in the 2025 example is found the same way bare.
    let text = std::fs::read_to_string(EXAMPLE_2025).unwrap();
    let mut bare = String::new();
    let mut dirs = Vec::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        bare.push_str(&record["msg"].to_string());
        bare.push('\n');
        dirs.push(record["dir"].as_str().unwrap().to_string());
    }
    let run = mcpwire(&["check", "--format", "json", "-"], Some(bare.as_bytes()));
    let rows = json_lines(&run.stdout);
    assert_eq!(rows[0]["direction"], "s2c");
    assert_eq!(rows[0]["direction_inferred"], true);
    assert_eq!(rows[0]["line"], 18);
    assert_eq!(rows.len(), 2, "{}", run.stdout);
    assert_eq!(dirs[17], "s2c");
}

#[test]
fn empty_file_is_clean() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.jsonl");
    std::fs::write(&path, b"").unwrap();
    let run = mcpwire(&["check", path.to_str().unwrap()], None);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        "summary: 1 file, 0 messages, 0 valid, 0 violations, 0 warnings\n"
    );
}

#[test]
fn warnings_fail_only_when_strict() {
    let transcript = br#"{"dir":"s2c","msg":{"jsonrpc":"2.0","id":99,"result":{}}}"#;
    let run = mcpwire(&["check", "--spec", "2025-11-25", "-"], Some(transcript));
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert!(run.stdout.contains("warning[unknown_response]"));
    let strict = mcpwire(
        &["check", "--strict", "--spec", "2025-11-25", "-"],
        Some(transcript),
    );
    assert_eq!(strict.code, 1);
}

#[test]
fn usage_and_input_errors_exit_2() {
    let run = mcpwire(&["check", "--spec", "2099-01-01", EXAMPLE_2025], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "unknown MCP revision \"2099-01-01\"; known revisions: 2024-11-05, 2025-03-26, \
             2025-06-18, 2025-11-25, 2026-07-28, draft"
        ),
        "{}",
        run.stderr
    );
    let run = mcpwire(&["check", "no/such/transcript.jsonl"], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("cannot open no/such/transcript.jsonl"),
        "{}",
        run.stderr
    );
    let run = mcpwire(&["check"], None);
    assert_eq!(run.code, 2);
    let run = mcpwire(&["check", "--max-depth", "0", "-"], None);
    assert_eq!(run.code, 2);
}

/// A usage error: status 2, nothing on standard output, `error: WHAT` on
/// standard error with the usage line.
fn usage_error(args: &[&str], what: &str) -> String {
    let run = mcpwire(args, Some(b""));
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
    assert!(
        run.stderr.starts_with(&format!("error: {what}")),
        "{args:?}: {}",
        run.stderr
    );
    assert!(run.stderr.contains("\nUsage: mcpwire"), "{}", run.stderr);
    run.stderr
}

#[test]
fn usage_errors_name_the_flag() {
    let e = usage_error(
        &["check", "--frmat", "json", "-"],
        "unexpected argument '--frmat' found",
    );
    assert!(
        e.contains("tip: a similar argument exists: '--format'"),
        "{e}"
    );
    let e = usage_error(&["chek", "-"], "unrecognized subcommand 'chek'");
    assert!(e.contains("'check'"), "{e}");
    usage_error(
        &["check", "-", "--max-message-bytes"],
        "a value is required for '--max-message-bytes <SIZE>' but none was supplied",
    );
    usage_error(
        &["check", "--max-depth", "10001", "-"],
        "invalid value '10001' for '--max-depth <LEVELS>': 10001 is not in 1..=10000",
    );
    usage_error(
        &["check", "--format", "yaml", "-"],
        "invalid value 'yaml' for '--format <FORMAT>': expected one of text, json, \
         conformance, sarif, junit, github",
    );
    usage_error(
        &["dispatch", "--spec", "2026-07-28", "--format", "sarif"],
        "invalid value 'sarif' for '--format <FORMAT>': expected one of text, json",
    );
    usage_error(
        &["validate", "--def", "Tool"],
        "the following required arguments were not provided:\n  --spec <REVISION>",
    );
    usage_error(&["tap", "server"], "unexpected argument 'server' found");
}

#[test]
fn help_and_version_on_every_subcommand() {
    let top = mcpwire(&["--help"], None);
    assert_eq!(top.code, 0);
    let bare = mcpwire(&[], None);
    assert_eq!(bare.code, 2, "no subcommand is a usage error");
    assert_eq!(
        bare.stderr, top.stdout,
        "and prints the help on standard error"
    );
    let commands: Vec<&str> = top
        .stdout
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 4, "{commands:?}");
    for c in commands {
        for flag in ["-h", "--help"] {
            let run = mcpwire(&[c, flag], None);
            assert_eq!(run.code, 0, "{c} {flag}: {}", run.stderr);
            assert!(
                run.stdout.contains(&format!("Usage: mcpwire {c}")),
                "{}",
                run.stdout
            );
        }
        let help = mcpwire(&["help", c], None);
        assert_eq!(help.stdout, mcpwire(&[c, "--help"], None).stdout);
        for flag in ["-V", "--version"] {
            let run = mcpwire(&[c, flag], None);
            assert_eq!(run.code, 0);
            assert_eq!(
                run.stdout,
                format!("mcpwire-{c} {}\n", env!("CARGO_PKG_VERSION"))
            );
        }
    }
    for flag in ["-V", "--version"] {
        let run = mcpwire(&[flag], None);
        assert_eq!(
            run.stdout,
            format!("mcpwire {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn validate_one_document() {
    let doc = br#"{"name": "get_weather", "inputSchema": {"type": "object"}}"#;
    let run = mcpwire(
        &["validate", "--spec", "2025-11-25", "--def", "Tool"],
        Some(doc),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "summary: 1 file, 1 message, 1 valid, 0 violations, 0 warnings; judged at 2025-11-25\n"
    );
    let bad = br#"{"name": 7, "inputSchema": {"type": "object"}}"#;
    let run = mcpwire(
        &["validate", "--spec", "2025-11-25", "--def", "Tool", "-"],
        Some(bad),
    );
    assert_eq!(run.code, 1);
    snapshot("validate-tool.txt", &run.stdout, None);
    let json = mcpwire(
        &[
            "validate",
            "--spec",
            "2025-11-25",
            "--def",
            "Tool",
            "--format",
            "json",
        ],
        Some(bad),
    );
    let rows = json_lines(&json.stdout);
    assert_eq!(rows[0]["definition"], "Tool");
    assert_eq!(rows[0]["pointer"], "/name");
    assert_eq!(rows[0]["keyword"], "type");
    snapshot("validate-tool.jsonl", &json.stdout, None);
    let conformance = mcpwire(
        &[
            "validate",
            "--spec",
            "2025-11-25",
            "--def",
            "Tool",
            "--format",
            "conformance",
        ],
        Some(bad),
    );
    let checks: Value = serde_json::from_str(&conformance.stdout).unwrap();
    assert_eq!(checks[0]["status"], "FAILURE");
    assert_eq!(
        checks[0]["details"]["violations"][0]["errors"][0],
        "Tool/name: expected string, found integer"
    );
}

#[test]
fn validate_unknown_definition_suggests() {
    let run = mcpwire(
        &[
            "validate",
            "--spec",
            "2026-07-28",
            "--def",
            "CallToolReqest",
        ],
        Some(b"{}"),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("closest: CallToolRequest"),
        "{}",
        run.stderr
    );
    snapshot("validate-unknown-definition.txt", &run.stderr, None);
    let run = mcpwire(
        &[
            "validate",
            "--spec",
            "2026-07-28",
            "--def",
            "Tool",
            "missing.json",
        ],
        None,
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cannot open missing.json"));
}

#[test]
fn dispatch_maps_for_people_and_machines() {
    for rev in ["2025-11-25", "2026-07-28"] {
        let run = mcpwire(&["dispatch", "--spec", rev], None);
        assert_eq!(run.code, 0);
        assert!(run.stdout.contains("tools/call"));
        snapshot(&format!("dispatch-{rev}.txt"), &run.stdout, None);
    }
    let run = mcpwire(
        &["dispatch", "--spec", "2026-07-28", "--format", "json"],
        None,
    );
    let maps: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(maps["revision"], "2026-07-28");
    assert_eq!(maps["envelopes"]["result"], "JSONRPCResultResponse");
}

#[test]
fn help_everywhere() {
    for args in [
        &["--help"][..],
        &["check", "--help"],
        &["validate", "--help"],
        &["tap", "--help"],
        &["dispatch", "--help"],
        &["diff", "--help"],
        &["snapshot", "--help"],
    ] {
        let run = mcpwire(args, None);
        assert_eq!(run.code, 0);
        let name = if args.len() == 1 {
            "help.txt".to_string()
        } else {
            format!("help-{}.txt", args[0])
        };
        snapshot(&name, &run.stdout, None);
    }
}

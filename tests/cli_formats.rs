//! Every output format of `mcpwire check`, read back the way CI reads it:
//! SARIF validated against the OASIS SARIF 2.1.0 schema
//! (`tests/schemas/`), JUnit XML parsed by a JUnit reader (junit-parser),
//! GitHub annotations, the conformance harness's check objects for its own
//! cases (expected objects written from `wireSchemaChecks` in the
//! harness's `src/validation/wire-schema.ts` and `ConformanceCheck` in
//! `src/types.ts`), one verdict everywhere (unreadable input,
//! `--strict`, `--require-messages`), several outputs in one run, the
//! input shapes people have (pretty arrays, `jq .` streams, UTF-16,
//! directories) and colour. Outputs are pinned under
//! `tests/snapshots/cli/` (accept reviewed drift with
//! `EXPECTORATE=overwrite`).
#![cfg(all(feature = "v2025_11_25", feature = "v2026_07_28"))]

use std::path::Path;

use assert_cmd::Command;
use serde_json::{json, Value};

const EXAMPLE_2025: &str = "examples/session-2025-11-25.jsonl";
const EXAMPLE_2026: &str = "examples/session-2026-07-28.jsonl";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_env(args: &[&str], stdin: Option<&[u8]>, env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::cargo_bin("mcpwire").unwrap();
    cmd.args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .env("SOURCE_DATE_EPOCH", "1767225600");
    for (k, v) in env {
        cmd.env(k, v);
    }
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

fn mcpwire(args: &[&str], stdin: Option<&[u8]>) -> Run {
    run_env(args, stdin, &[])
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

/// A transcript of `records` (JSON values), one per line.
fn transcript(records: &[Value]) -> String {
    records.iter().map(|r| format!("{r}\n")).collect()
}

/// A warning only (a response to no request).
/// Written as text: the columns below depend on the members' order.
fn warning_only() -> String {
    "{\"dir\":\"s2c\",\"msg\":{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":{\"resultType\":\"complete\"}}}\n"
        .to_string()
}

/// The member names of a JSON object's text in written order (a parsed
/// `Value` sorts them: the shipped serde_json has no `preserve_order`).
fn member_order(text: &str) -> Vec<String> {
    struct Keys(Vec<String>);
    impl<'de> serde::Deserialize<'de> for Keys {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct Visit;
            impl<'de> serde::de::Visitor<'de> for Visit {
                type Value = Keys;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: serde::de::MapAccess<'de>>(
                    self,
                    mut m: A,
                ) -> Result<Keys, A::Error> {
                    let mut keys = Vec::new();
                    while let Some(k) = m.next_key::<String>()? {
                        m.next_value::<serde::de::IgnoredAny>()?;
                        keys.push(k);
                    }
                    Ok(Keys(keys))
                }
            }
            d.deserialize_map(Visit)
        }
    }
    serde_json::from_str::<Keys>(text).unwrap().0
}

fn sarif_validator() -> jsonschema::Validator {
    // The schema's `run.language` pattern ends in `[a-zA-Z]{2}]?$`: a bare
    // `]`, a literal in ECMA-262 regexes but refused by the `regex` crate
    // the validator compiles patterns with; escaped here (same meaning) so
    // the meta-schema check accepts the file. Nothing else is touched.
    let text = std::fs::read_to_string("tests/schemas/sarif-2.1.0-rtm.5.json")
        .unwrap()
        .replace("[a-zA-Z]{2}]?$", "[a-zA-Z]{2}\\\\]?$");
    let schema: Value = serde_json::from_str(&text).unwrap();
    jsonschema::draft4::new(&schema).unwrap()
}

fn assert_valid_sarif(text: &str) -> Value {
    let log: Value = serde_json::from_str(text).unwrap();
    let validator = sarif_validator();
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "SARIF schema errors: {errors:#?}\n{text}"
    );
    log
}

#[test]
fn sarif_validates_against_the_sarif_2_1_0_schema() {
    let run = mcpwire(&["check", "--format", "sarif", EXAMPLE_2025], None);
    assert_eq!(run.code, 1);
    let log = assert_valid_sarif(&run.stdout);
    let result = &log["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "schema/type");
    assert_eq!(result["level"], "error");
    let region = &result["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 18);
    assert_eq!(
        region["startColumn"], 110,
        "the column of \"50%\" in the file"
    );
    assert_eq!(
        result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        EXAMPLE_2025
    );
    assert_eq!(
        log["runs"][0]["invocations"][0]["executionSuccessful"],
        true
    );
    snapshot("check-2025-11-25.sarif", &run.stdout, None);

    // A warning is a SARIF warning, an error with --strict; a missing file
    // makes the execution unsuccessful. Every variant is valid SARIF.
    let w = warning_only();
    let plain = mcpwire(
        &["check", "--format", "sarif", "--spec", "2025-11-25", "-"],
        Some(w.as_bytes()),
    );
    assert_eq!(plain.code, 0);
    let log = assert_valid_sarif(&plain.stdout);
    assert_eq!(log["runs"][0]["results"][0]["level"], "warning");
    assert_eq!(
        log["runs"][0]["results"][0]["ruleId"],
        "warning/unknown_response"
    );
    let strict = mcpwire(
        &[
            "check",
            "--format",
            "sarif",
            "--strict",
            "--spec",
            "2025-11-25",
            "-",
        ],
        Some(w.as_bytes()),
    );
    assert_eq!(strict.code, 1);
    let log = assert_valid_sarif(&strict.stdout);
    assert_eq!(log["runs"][0]["results"][0]["level"], "error");
    let missing = mcpwire(&["check", "--format", "sarif", "no/such.jsonl"], None);
    assert_eq!(missing.code, 2);
    let log = assert_valid_sarif(&missing.stdout);
    let invocation = &log["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], false);
    assert!(
        invocation["toolExecutionNotifications"][0]["message"]["text"]
            .as_str()
            .unwrap()
            .contains("cannot open no/such.jsonl")
    );
}

#[test]
fn junit_reads_back_with_a_junit_parser() {
    let dir = tempfile::tempdir().unwrap();
    let warn = dir.path().join("warn.jsonl");
    std::fs::write(&warn, warning_only()).unwrap();
    let warn = warn.to_str().unwrap();
    let run = mcpwire(
        &[
            "check",
            "--format",
            "junit",
            EXAMPLE_2025,
            EXAMPLE_2026,
            warn,
            "missing.jsonl",
        ],
        None,
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    let suites = junit_parser::from_reader(std::io::Cursor::new(run.stdout.as_bytes())).unwrap();
    let suite = &suites.suites[0];
    assert_eq!(suite.name, "mcpwire check");
    assert_eq!(suite.tests, 4, "one test case per file");
    let by_name = |n: &str| suite.cases.iter().find(|c| c.original_name == n).unwrap();
    let failed = by_name(EXAMPLE_2025);
    assert!(failed.status.is_failure(), "{failed:?}");
    let junit_parser::TestStatus::Failure(f) = &failed.status else {
        unreachable!()
    };
    assert!(
        f.text
            .contains("session-2025-11-25.jsonl:18:110: violation[type] /params/progress"),
        "{}",
        f.text
    );
    assert!(by_name(EXAMPLE_2026).status.is_success());
    let warned = by_name(warn);
    assert!(
        warned.status.is_success(),
        "a warning does not fail without --strict"
    );
    assert!(warned
        .system_out
        .as_deref()
        .unwrap_or("")
        .contains("warning[unknown_response]"));
    assert!(by_name("missing.jsonl").status.is_error());
    assert_eq!((suite.failures, suite.errors), (1, 1));
    snapshot("check-junit.xml", &run.stdout, Some(dir.path()));

    let strict = mcpwire(&["check", "--format", "junit", "--strict", warn], None);
    assert_eq!(strict.code, 1);
    let suites = junit_parser::from_reader(std::io::Cursor::new(strict.stdout.as_bytes())).unwrap();
    assert!(
        suites.suites[0].cases[0].status.is_failure(),
        "--strict fails on the warning"
    );
}

#[test]
fn github_annotations() {
    let run = mcpwire(&["check", "--format", "github", EXAMPLE_2025], None);
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with(
        "::error file=examples/session-2025-11-25.jsonl,line=18,col=110,title=mcpwire violation[type]::/params/progress: expected number"
    ), "{}", run.stdout);
    snapshot("check-2025-11-25.github.txt", &run.stdout, None);
    let w = warning_only();
    let run = mcpwire(
        &["check", "--format", "github", "--spec", "2025-11-25", "-"],
        Some(w.as_bytes()),
    );
    assert!(
        run.stdout
            .starts_with("::warning file=<stdin>,line=1,col=42,"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("::notice title=mcpwire::"),
        "{}",
        run.stdout
    );
}

/// The harness's check for a passing run (`wireSchemaChecks`, `src/types.ts`
/// field order): id, name, description, status, timestamp,
/// specReferences, details {messagesValidated, violations}.
fn harness_success(messages: usize, dir: &str) -> Value {
    json!({
        "id": "wire-schema-valid",
        "name": "WireSchemaValid",
        "description": "Every JSON-RPC message the implementation sent is valid per the spec JSON schema for the negotiated spec version",
        "status": "SUCCESS",
        "timestamp": "2026-01-01T00:00:00.000Z",
        "specReferences": [{"id": "MCP-Schema", "url": format!("https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/{dir}/schema.json")}],
        "details": {"messagesValidated": messages, "violations": []}
    })
}

fn conformance(args: &[&str], stdin: Option<&[u8]>) -> (i32, Value, String) {
    let mut all = vec!["check", "--format", "conformance"];
    all.extend_from_slice(args);
    let run = mcpwire(&all, stdin);
    (
        run.code,
        serde_json::from_str(&run.stdout).unwrap(),
        run.stdout,
    )
}

#[test]
fn conformance_no_traffic_no_check() {
    // The harness: `if (count === 0 && all.length === 0) return [];`
    let (code, checks, _) = conformance(&["-"], Some(b""));
    assert_eq!(code, 0);
    assert_eq!(checks, json!([]));
    // ... but an empty capture that must not be empty fails.
    let (code, checks, _) = conformance(&["--require-messages", "1", "-"], Some(b""));
    assert_eq!(code, 1);
    assert_eq!(checks[0]["status"], "FAILURE");
    assert!(checks[0]["errorMessage"]
        .as_str()
        .unwrap()
        .contains("--require-messages asks for at least 1"));
}

#[test]
fn conformance_clean_run_matches_the_harness_object() {
    let (code, checks, _) = conformance(&[EXAMPLE_2026], None);
    assert_eq!(code, 0);
    // 2026-07-28 is the harness's draft: its schema URL is schema/draft.
    assert_eq!(checks, json!([harness_success(18, "draft")]));
}

#[test]
fn conformance_violation_matches_the_harness_object() {
    let (code, checks, text) = conformance(&[EXAMPLE_2025], None);
    assert_eq!(code, 1);
    let message = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":6,"progress":"50%","message":"Rendering"}}"#;
    let context = "examples/session-2025-11-25.jsonl:18 s2c notification 'notifications/progress'";
    let error = "ProgressNotification/params/progress: expected number, found string";
    let mut expected = harness_success(23, "2025-11-25");
    expected["status"] = json!("FAILURE");
    expected["details"]["violations"] = json!([{
        "origin": "implementation",
        "specVersion": "2025-11-25",
        "context": context,
        "errors": [error],
        "message": serde_json::from_str::<Value>(message).unwrap(),
    }]);
    // formatWireViolation: `[origin] context (spec V): errors — message: JSON.stringify(message)`
    expected["errorMessage"] = json!(format!(
        "[implementation] {context} (spec 2025-11-25): {error} — message: {message}"
    ));
    assert_eq!(checks, json!([expected]));
    // Members in the order written (not sorted), as JSON.stringify keeps them.
    assert!(
        text.contains(r#""params":{"progressToken":6,"progress":"50%","message":"Rendering"}"#),
        "{text}"
    );
}

#[test]
fn conformance_harness_origin_violation_gets_the_harness_error_check() {
    let t = transcript(&[
        json!({"dir":"c2s","origin":"harness","msg":{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"banana"}}}),
        json!({"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{}}}),
    ]);
    let (code, checks, text) = conformance(&["--spec", "2025-11-25", "-"], Some(t.as_bytes()));
    assert_eq!(code, 1, "a violation fails the run whoever wrote it");
    assert_eq!(checks.as_array().unwrap().len(), 2);
    assert_eq!(checks[0], harness_success(2, "2025-11-25"));
    let h = &checks[1];
    let raw: Vec<Box<serde_json::value::RawValue>> = serde_json::from_str(&text).unwrap();
    assert_eq!(
        member_order(raw[1].get()),
        [
            "id",
            "name",
            "description",
            "status",
            "timestamp",
            "specReferences",
            "details",
            "errorMessage"
        ]
    );
    assert_eq!(h["id"], "wire-schema-harness-error");
    assert_eq!(h["name"], "WireSchemaHarnessError");
    assert_eq!(h["status"], "FAILURE");
    let details = h["details"].as_object().unwrap();
    assert_eq!(
        details.keys().collect::<Vec<_>>(),
        ["violations"],
        "no messagesValidated, as in the harness"
    );
    let v = &h["details"]["violations"][0];
    assert_eq!(v["origin"], "harness");
    assert_eq!(v["specVersion"], "2025-11-25");
    assert!(v["errors"][0]
        .as_str()
        .unwrap()
        .starts_with("SetLevelRequest/params/level: "));
    assert!(h["errorMessage"].as_str().unwrap().starts_with("HARNESS ERROR: [harness] <stdin>:1 c2s request 'logging/setLevel' (id 1) (spec 2025-11-25): SetLevelRequest/params/level"));
}

#[test]
fn conformance_several_files_are_one_scenario() {
    let (code, checks, _) = conformance(&[EXAMPLE_2026, EXAMPLE_2025], None);
    assert_eq!(code, 1);
    let c = &checks[0];
    assert_eq!(checks.as_array().unwrap().len(), 1);
    assert_eq!(
        c["details"]["messagesValidated"],
        18 + 23,
        "one recorder for the run"
    );
    assert_eq!(c["details"]["violations"].as_array().unwrap().len(), 1);
    let urls: Vec<&str> = c["specReferences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["url"].as_str().unwrap())
        .collect();
    assert_eq!(urls, [
        "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2025-11-25/schema.json",
        "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/draft/schema.json",
    ]);
}

#[test]
fn conformance_result_suffix_on_every_error_and_the_more_line() {
    let tools: Vec<Value> = (0..8)
        .map(|i| json!({"name": i, "inputSchema": {"type": "object"}}))
        .collect();
    let t = transcript(&[
        json!({"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}),
        json!({"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"tools": tools}}}),
    ]);
    let (_, checks, _) = conformance(&["--spec", "2025-11-25", "-"], Some(t.as_bytes()));
    let errors = checks[0]["details"]["violations"][0]["errors"]
        .as_array()
        .unwrap();
    assert_eq!(errors.len(), 7, "{errors:?}");
    assert_eq!(
        errors[0],
        "ListToolsResult/tools/0/name: expected string, found integer (result of 'tools/list')"
    );
    assert_eq!(errors[6], "... 2 more error(s) (result of 'tools/list')");
}

#[test]
fn conformance_never_says_success_for_a_failed_run() {
    let (code, checks, _) = conformance(&["no/such.jsonl"], None);
    assert_eq!(code, 2);
    assert_eq!(checks[0]["status"], "FAILURE");
    assert!(checks[0]["details"]["inputErrors"][0]
        .as_str()
        .unwrap()
        .contains("cannot open no/such.jsonl"));
    let (code, checks, _) = conformance(&[EXAMPLE_2026, "no/such.jsonl"], None);
    assert_eq!(code, 2);
    assert_eq!(
        checks[0]["status"], "FAILURE",
        "a readable file does not hide the unreadable one"
    );
    let w = warning_only();
    let (code, checks, _) = conformance(&["--spec", "2025-11-25", "-"], Some(w.as_bytes()));
    assert_eq!((code, checks[0]["status"].as_str()), (0, Some("SUCCESS")));
    let (code, checks, _) = conformance(
        &["--strict", "--spec", "2025-11-25", "-"],
        Some(w.as_bytes()),
    );
    assert_eq!(
        (code, checks[0]["status"].as_str()),
        (1, Some("FAILURE")),
        "--strict is reflected"
    );
    assert!(checks[0]["details"]["violations"][0]["errors"][0]
        .as_str()
        .unwrap()
        .contains("[warning unknown_response, failing with --strict]"));
}

#[test]
fn conformance_spec_version_is_a_harness_spec_version() {
    let msg = r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":"x"}}"#;
    let (_, checks, _) = conformance(&["--spec", "2026-07-28", "-"], Some(msg.as_bytes()));
    assert_eq!(
        checks[0]["details"]["violations"][0]["specVersion"],
        "2026-07-28"
    );
    assert_eq!(checks[0]["specReferences"][0]["url"], "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/draft/schema.json");
}

#[test]
fn every_format_fails_on_a_missing_file() {
    for format in ["text", "json", "conformance", "sarif", "junit", "github"] {
        let run = mcpwire(
            &["check", "--format", format, EXAMPLE_2026, "no/such.jsonl"],
            None,
        );
        assert_eq!(run.code, 2, "{format}");
        assert!(
            run.stderr.contains("cannot open no/such.jsonl"),
            "{format}: {}",
            run.stderr
        );
        assert!(
            run.stdout.contains("no/such.jsonl"),
            "{format} names the file: {}",
            run.stdout
        );
        assert!(!run.stdout.contains("\"SUCCESS\""), "{format}");
    }
    let json = mcpwire(&["check", "--format", "json", "no/such.jsonl"], None);
    let rows = json_lines(&json.stdout);
    assert_eq!(rows[0]["severity"], "error");
    assert_eq!(rows[0]["keyword"], "input-error");
    assert_eq!(rows[0]["format_version"], 1);
    assert_eq!(rows[1]["passed"], false);
    assert_eq!(rows[1]["input_errors"], 1);
}

#[test]
fn require_messages_fails_thin_captures() {
    let run = mcpwire(&["check", "--require-messages", "19", EXAMPLE_2026], None);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains(
            "error[require-messages]: 18 messages read, --require-messages asks for at least 19"
        ),
        "{}",
        run.stdout
    );
    let run = mcpwire(&["check", "--require-messages", "18", EXAMPLE_2026], None);
    assert_eq!(run.code, 0);
    let run = mcpwire(
        &["check", "--format", "json", "--require-messages", "1", "-"],
        Some(b"\n"),
    );
    assert_eq!(run.code, 1);
    let rows = json_lines(&run.stdout);
    assert_eq!(rows[0]["keyword"], "require-messages");
    assert_eq!(rows[1]["passed"], false);
}

#[test]
fn strict_is_in_every_format() {
    let w = warning_only();
    let json = mcpwire(
        &[
            "check",
            "--format",
            "json",
            "--strict",
            "--spec",
            "2025-11-25",
            "-",
        ],
        Some(w.as_bytes()),
    );
    assert_eq!(json.code, 1);
    let rows = json_lines(&json.stdout);
    assert_eq!(
        (
            rows[0]["fails"].as_bool(),
            rows[1]["passed"].as_bool(),
            rows[1]["strict"].as_bool()
        ),
        (Some(true), Some(false), Some(true))
    );
    let text = mcpwire(
        &["check", "--strict", "--spec", "2025-11-25", "-"],
        Some(w.as_bytes()),
    );
    assert!(
        text.stdout.contains("; failed: --strict"),
        "{}",
        text.stdout
    );
    let gh = mcpwire(
        &[
            "check",
            "--format",
            "github",
            "--strict",
            "--spec",
            "2025-11-25",
            "-",
        ],
        Some(w.as_bytes()),
    );
    assert!(gh.stdout.starts_with("::error "), "{}", gh.stdout);
}

#[test]
fn several_outputs_in_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("out.jsonl");
    let sarif = dir.path().join("out.sarif");
    let run = mcpwire(
        &[
            "check",
            "--output",
            &format!("json={}", json.display()),
            "--output",
            &format!("sarif={}", sarif.display()),
            EXAMPLE_2025,
        ],
        None,
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout, "",
        "with only --output, standard output stays empty"
    );
    assert_eq!(
        run.stderr,
        "summary: 1 file, 23 messages, 22 valid, 1 violation, 0 warnings; judged at 2025-11-25\n"
    );
    let rows = json_lines(&std::fs::read_to_string(&json).unwrap());
    assert_eq!(rows.len(), 2);
    assert_valid_sarif(&std::fs::read_to_string(&sarif).unwrap());
    let both = mcpwire(
        &[
            "check",
            "--format",
            "json",
            "--output",
            &format!("github={}", dir.path().join("gh.txt").display()),
            EXAMPLE_2025,
        ],
        None,
    );
    assert_eq!(
        json_lines(&both.stdout).len(),
        2,
        "--format keeps standard output"
    );
    let bad = mcpwire(&["check", "--output", "yaml=x", EXAMPLE_2025], None);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("unknown format \"yaml\""),
        "{}",
        bad.stderr
    );
}

#[test]
fn several_required_failures_on_one_object_are_one_block() {
    let t = transcript(&[
        json!({"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}),
        json!({"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{"tools":[{"description":"x"}]}}}),
    ]);
    let run = mcpwire(&["check", "--spec", "2025-11-25", "-"], Some(t.as_bytes()));
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.matches("  --> ").count(), 1, "{}", run.stdout);
    assert_eq!(
        run.stdout.matches("violation[required]").count(),
        2,
        "{}",
        run.stdout
    );
    snapshot("check-required-one-block.txt", &run.stdout, None);
}

#[test]
fn a_pretty_printed_array_of_bare_messages_is_a_list() {
    let text = std::fs::read_to_string(EXAMPLE_2025).unwrap();
    let msgs: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap()["msg"].clone())
        .collect();
    let pretty = serde_json::to_string_pretty(&msgs).unwrap();
    let run = mcpwire(&["check", "-"], Some(pretty.as_bytes()));
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("summary: 1 file, 23 messages, 22 valid, 1 violation, 0 warnings"),
        "{}",
        run.stdout
    );
    snapshot("check-pretty-array.txt", &run.stdout, None);
}

#[test]
fn a_jq_stream_is_read_value_by_value() {
    let text = std::fs::read_to_string(EXAMPLE_2025).unwrap();
    let mut stream = String::new();
    for l in text.lines() {
        let v: Value = serde_json::from_str(l).unwrap();
        stream.push_str(&serde_json::to_string_pretty(&v).unwrap());
        stream.push('\n');
    }
    let run = mcpwire(&["check", "--format", "json", "-"], Some(stream.as_bytes()));
    assert_eq!(run.code, 1, "{}", run.stdout);
    let rows = json_lines(&run.stdout);
    assert_eq!(
        rows.len(),
        2,
        "one violation, not one per line: {}",
        run.stdout
    );
    assert_eq!(rows[1]["messages"], 23);
    let span = &rows[0]["span"];
    let line = span["line"].as_u64().unwrap() as usize;
    assert_eq!(
        stream.lines().nth(line - 1).unwrap().trim(),
        "\"progress\": \"50%\",",
        "the span's line in the file"
    );
    assert!(
        rows[0]["line"].as_u64().unwrap() < line as u64,
        "the record starts above the span"
    );
}

#[test]
fn utf16_is_decoded() {
    let text = std::fs::read_to_string(EXAMPLE_2025).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = vec![0xFF, 0xFE];
    for u in text.encode_utf16() {
        bytes.extend_from_slice(&u.to_le_bytes());
    }
    let path = dir.path().join("powershell.jsonl");
    std::fs::write(&path, &bytes).unwrap();
    let run = mcpwire(&["check", "--format", "json", path.to_str().unwrap()], None);
    let utf8 = mcpwire(&["check", "--format", "json", EXAMPLE_2025], None);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout
            .replace(&path.display().to_string(), EXAMPLE_2025),
        utf8.stdout,
        "the same findings as the UTF-8 file"
    );
    // Without a byte order mark too.
    std::fs::write(&path, &bytes[2..]).unwrap();
    let run = mcpwire(&["check", "--format", "json", path.to_str().unwrap()], None);
    assert_eq!(
        run.stdout
            .replace(&path.display().to_string(), EXAMPLE_2025),
        utf8.stdout
    );
}

#[test]
fn a_directory_checks_the_transcripts_in_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("nested")).unwrap();
    std::fs::copy(EXAMPLE_2025, dir.path().join("a.jsonl")).unwrap();
    std::fs::copy(EXAMPLE_2026, dir.path().join("nested/b.jsonl")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a transcript").unwrap();
    let run = mcpwire(&["check", dir.path().to_str().unwrap()], None);
    assert_eq!(run.code, 1);
    assert!(
        run.stdout
            .contains("summary: 2 files, 41 messages, 40 valid, 1 violation, 0 warnings"),
        "{}",
        run.stdout
    );
    let empty = tempfile::tempdir().unwrap();
    let run = mcpwire(&["check", empty.path().to_str().unwrap()], None);
    assert_eq!(run.code, 2, "an empty directory is an input error");
}

#[test]
fn spec_takes_latest_and_suggests_the_closest() {
    let run = mcpwire(&["check", "--spec", "latest", EXAMPLE_2026], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let run = mcpwire(&["check", "--spec", "2025-11-52", EXAMPLE_2026], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("did you mean 2025-11-25?"),
        "{}",
        run.stderr
    );
    let help = mcpwire(&["check", "--help"], None);
    assert!(
        help.stdout.contains(
            "2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28, draft, or `latest`"
        ),
        "{}",
        help.stdout
    );
}

#[test]
fn colour_follows_the_environment() {
    let plain = mcpwire(&["check", EXAMPLE_2025], None);
    assert!(!plain.stdout.contains('\x1b'), "no colour into a pipe");
    let forced = run_env(&["check", EXAMPLE_2025], None, &[("CLICOLOR_FORCE", "1")]);
    assert!(
        forced.stdout.contains("\x1b["),
        "CLICOLOR_FORCE colours a pipe"
    );
    let no = run_env(
        &["check", EXAMPLE_2025],
        None,
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
    );
    assert!(!no.stdout.contains('\x1b'), "NO_COLOR wins");
    let always = mcpwire(&["check", "--color", "always", EXAMPLE_2025], None);
    assert!(always.stdout.contains("\x1b["));
    let never = run_env(
        &["check", "--color", "never", EXAMPLE_2025],
        None,
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(!never.stdout.contains('\x1b'));
    let dumb = run_env(&["check", EXAMPLE_2025], None, &[("TERM", "dumb")]);
    assert!(!dumb.stdout.contains('\x1b'));
    let json = run_env(
        &["check", "--format", "json", EXAMPLE_2025],
        None,
        &[("CLICOLOR_FORCE", "1")],
    );
    assert!(!json.stdout.contains('\x1b'), "only text is coloured");
    let help = run_env(&["check", "--help"], None, &[("CLICOLOR_FORCE", "1")]);
    assert!(help.stdout.contains("\x1b["), "the help is coloured");
}

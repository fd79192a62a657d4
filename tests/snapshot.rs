//! A server author's story, end to end through the CLI: snapshot a server
//! from a transcript, commit the snapshot, change a tool (by editing the
//! transcript's `tools/list` result) in a breaking and in a compatible way,
//! and let `mcpwire diff` say which is which — member, keyword, exit code —
//! in every format. And the snapshot of a live server (`mcpwire snapshot
//! -- COMMAND`, through the probe) against its transcript's.

#[cfg(all(feature = "proxy", feature = "v2025_11_25"))]
mod proxy_fake;
mod support;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

const SESSION: &str = include_str!("../examples/session-2025-11-25.jsonl");

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The session with `edit` applied to the `tools/list` result's tools.
fn edited(edit: impl Fn(&mut Vec<Value>)) -> String {
    let mut lines = Vec::new();
    for line in SESSION.lines() {
        let mut record: Value = serde_json::from_str(line).unwrap();
        if let Some(tools) = record
            .pointer_mut("/msg/result/tools")
            .and_then(Value::as_array_mut)
        {
            edit(tools);
        }
        lines.push(serde_json::to_string(&record).unwrap());
    }
    lines.join("\n") + "\n"
}

fn tool<'a>(tools: &'a mut [Value], name: &str) -> &'a mut Value {
    tools.iter_mut().find(|t| t["name"] == name).unwrap()
}

/// Writes `transcript` and snapshots it to `name`.json in `dir`.
fn snapshot(dir: &Path, name: &str, transcript: &str) -> PathBuf {
    let input = dir.join(format!("{name}.jsonl"));
    std::fs::write(&input, transcript).unwrap();
    let output = dir.join(format!("{name}.json"));
    let (code, _, stderr) = run(&[
        "snapshot",
        "--from-transcript",
        input.to_str().unwrap(),
        "--output",
        output.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    output
}

fn diff(old: &Path, new: &Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["diff", old.to_str().unwrap(), new.to_str().unwrap()];
    args.extend(extra);
    run(&args)
}

fn json_changes(old: &Path, new: &Path) -> (i32, Vec<Value>) {
    let (code, stdout, stderr) = diff(old, new, &["--format", "json"]);
    let report: Value =
        serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}{stderr}"));
    (code, report["changes"].as_array().unwrap().clone())
}

fn has(changes: &[Value], severity: &str, name: &str, pointer: &str, keyword: &str) -> bool {
    changes.iter().any(|c| {
        c["severity"] == severity
            && c["name"] == name
            && c["pointer"] == pointer
            && c["keyword"] == keyword
    })
}

#[test]
fn snapshot_is_canonical_and_stable() {
    let dir = tempfile::tempdir().unwrap();
    let a = snapshot(dir.path(), "a", SESSION);
    // The same interface with the tools in another order and members
    // reordered: the same bytes.
    let reordered = edited(|tools| {
        tools.reverse();
        for t in tools.iter_mut() {
            let members: Vec<(String, Value)> =
                t.as_object().unwrap().clone().into_iter().rev().collect();
            *t = Value::Object(members.into_iter().collect());
        }
    });
    let b = snapshot(dir.path(), "b", &reordered);
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    assert!(text.contains("\"mcpwireSnapshot\": 1"));
    assert!(
        !text.contains("acme-desktop"),
        "the client's own details are not the server's interface"
    );
    let (code, stdout, _) = diff(&a, &b, &[]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("0 breaking, 0 undecided, 0 compatible"),
        "{stdout}"
    );
}

#[test]
fn breaking_and_compatible_tool_changes() {
    let dir = tempfile::tempdir().unwrap();
    let committed = snapshot(dir.path(), "committed", SESSION);

    // Breaking: an enum value removed from an input, a required input member
    // added, an output member dropped, a tool removed.
    let breaking = snapshot(
        dir.path(),
        "breaking",
        &edited(|tools| {
            let w = tool(tools, "get_weather");
            w["inputSchema"]["properties"]["units"]["enum"] = serde_json::json!(["metric"]);
            w["inputSchema"]["required"] = serde_json::json!(["location", "units"]);
            w["outputSchema"]["properties"]
                .as_object_mut()
                .unwrap()
                .remove("conditions");
            tools.retain(|t| t["name"] != "render_chart");
        }),
    );
    let (code, changes) = json_changes(&committed, &breaking);
    assert_eq!(code, 1);
    assert!(
        has(
            &changes,
            "breaking",
            "get_weather",
            "/inputSchema/properties/units/enum",
            "enum"
        ),
        "{changes:#?}"
    );
    assert!(has(
        &changes,
        "breaking",
        "get_weather",
        "/inputSchema/required",
        "required"
    ));
    assert!(has(
        &changes,
        "breaking",
        "get_weather",
        "/outputSchema/properties/conditions",
        "properties"
    ));
    assert!(has(&changes, "breaking", "render_chart", "", "name"));

    // Compatible: an optional input member, a wider enum, a description, a
    // new tool, an output member added.
    let compatible = snapshot(
        dir.path(),
        "compatible",
        &edited(|tools| {
            let w = tool(tools, "get_weather");
            w["inputSchema"]["properties"]["days"] =
                serde_json::json!({"type": "integer", "minimum": 1});
            w["inputSchema"]["properties"]["units"]["enum"] =
                serde_json::json!(["metric", "imperial", "kelvin"]);
            w["description"] = serde_json::json!("Current weather and forecast for a location");
            w["outputSchema"]["properties"]["humidity"] = serde_json::json!({"type": "number"});
            let mut fresh = tools[0].clone();
            fresh["name"] = serde_json::json!("get_forecast");
            tools.push(fresh);
        }),
    );
    let (code, changes) = json_changes(&committed, &compatible);
    assert_eq!(code, 0, "{changes:#?}");
    assert!(
        changes.iter().all(|c| c["severity"] == "compatible"),
        "{changes:#?}"
    );
    assert!(has(
        &changes,
        "compatible",
        "get_weather",
        "/inputSchema/properties/days",
        "properties"
    ));
    assert!(has(
        &changes,
        "compatible",
        "get_weather",
        "/inputSchema/properties/units/enum",
        "enum"
    ));
    assert!(has(
        &changes,
        "compatible",
        "get_weather",
        "/description",
        "description"
    ));
    assert!(has(&changes, "compatible", "get_forecast", "", "name"));

    // The text names each change with its place and keyword.
    let (code, stdout, _) = diff(&committed, &breaking, &[]);
    assert_eq!(code, 1);
    assert!(
        stdout
            .lines()
            .any(|l| l.trim_start().starts_with("breaking")
                && l.contains("tool get_weather /inputSchema/properties/units/enum (enum)")
                && l.contains("\"imperial\" removed")),
        "{stdout}"
    );
}

#[test]
fn undecided_fails_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let with_pattern = |p: &'static str| {
        edited(move |tools| {
            tool(tools, "search_files")["inputSchema"]["properties"]["glob"]["pattern"] =
                serde_json::json!(p);
        })
    };
    let old = snapshot(dir.path(), "old", &with_pattern("^[a-z*/.]+$"));
    let new = snapshot(dir.path(), "new", &with_pattern("^[a-zA-Z*/.]+$"));
    let (code, changes) = json_changes(&old, &new);
    assert_eq!(code, 0);
    assert!(has(
        &changes,
        "undecided",
        "search_files",
        "/inputSchema/properties/glob/pattern",
        "pattern"
    ));
    let (code, _, _) = diff(&old, &new, &["--fail-on", "undecided"]);
    assert_eq!(code, 1);
}

#[test]
fn every_format_reports_the_same_changes() {
    let dir = tempfile::tempdir().unwrap();
    let old = snapshot(dir.path(), "old", SESSION);
    let new = snapshot(
        dir.path(),
        "new",
        &edited(|tools| {
            tool(tools, "search_files")["inputSchema"]["additionalProperties"] =
                serde_json::json!(false);
            tool(tools, "render_chart")["title"] = serde_json::json!("Chart | PNG");
        }),
    );
    let (code, md, _) = diff(&old, &new, &["--format", "markdown"]);
    assert_eq!(code, 1);
    assert!(
        md.starts_with("### MCP server interface: 1 breaking, 0 undecided, 1 compatible"),
        "{md}"
    );
    assert!(md.contains("| 🔴 breaking | 2025-11-25 | tool `search_files` | `/inputSchema/additionalProperties` | `additionalProperties` |"), "{md}");
    assert!(md.contains("<details><summary>1 compatible changes</summary>"));
    assert!(
        md.contains("Chart \\| PNG"),
        "pipes in a cell are escaped: {md}"
    );

    let (code, gh, _) = diff(&old, &new, &["--format", "github"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = gh.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("::error file=")
            && lines[0].contains("title=breaking change%3A tool search_files::"),
        "{gh}"
    );
    assert!(lines[1].starts_with("::notice file="));

    let (code, sarif, _) = diff(&old, &new, &["--format", "sarif"]);
    assert_eq!(code, 1);
    let sarif: Value = serde_json::from_str(&sarif).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["ruleId"], "interface/breaking");
    assert_eq!(results[0]["level"], "error");
    assert_eq!(
        results[0]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "2025-11-25/tool/search_files/inputSchema/additionalProperties"
    );
    // Validated against the SARIF 2.1.0 schema, as tests/cli_formats.rs
    // does (its `]?$` pattern escaped for the `regex` crate, same meaning).
    let text = std::fs::read_to_string("tests/schemas/sarif-2.1.0-rtm.5.json")
        .unwrap()
        .replace("[a-zA-Z]{2}]?$", "[a-zA-Z]{2}\\\\]?$");
    let schema: Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::draft4::new(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn usage_and_input_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let old = snapshot(dir.path(), "old", SESSION);
    let missing = dir.path().join("missing.json");
    let (code, _, stderr) = diff(&old, &missing, &[]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.json"), "{stderr}");
    let (code, _, stderr) = run(&["diff", old.to_str().unwrap(), "2025-11-25"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("two revisions or two snapshot files"),
        "{stderr}"
    );
    let transcript = dir.path().join("old.jsonl");
    let (code, _, stderr) = diff(&transcript, &old, &[]);
    assert_eq!(code, 2, "a transcript is not a snapshot");
    assert!(
        stderr.contains("not JSON") || stderr.contains("not an mcpwire snapshot"),
        "{stderr}"
    );
    let (code, _, _) = run(&["snapshot"]);
    assert_eq!(code, 2, "no server and no transcript");
    let (code, _, stderr) = run(&["snapshot", transcript.to_str().unwrap()]);
    assert_eq!(
        code, 2,
        "without --from-transcript a file is a command to run"
    );
    assert!(stderr.contains("--from-transcript"), "{stderr}");
    let (code, _, _) = run(&["snapshot", "--from-transcript"]);
    assert_eq!(code, 2, "--from-transcript without a file");
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(
        &empty,
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n",
    )
    .unwrap();
    let (code, _, stderr) = run(&["snapshot", "--from-transcript", empty.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no initialize"), "{stderr}");
    let (code, _, _) = run(&["diff", "2025-11-25", "2026-07-28", "--format", "markdown"]);
    assert_eq!(code, 2, "revisions are compared as text or json");
}

/// `mcpwire snapshot -- COMMAND` asks the fake server through the probe;
/// the snapshot it writes.
fn snapshot_of_server(dir: &Path, name: &str) -> PathBuf {
    let output = dir.join(format!("{name}.json"));
    let out = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(["snapshot", "--output", output.to_str().unwrap(), "--"])
        .arg(support::tap::fake_server())
        .args(["--mcp", "good"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    output
}

/// The snapshot of a live server equals the one built from the probe's
/// transcripts of the same server (the probe with `--tools none`, as the
/// snapshot runs it), and two runs give the same bytes and no change.
#[test]
fn snapshot_of_a_server_matches_its_transcript_and_is_stable() {
    let dir = tempfile::tempdir().unwrap();
    let first = snapshot_of_server(dir.path(), "first");
    let second = snapshot_of_server(dir.path(), "second");
    let text = std::fs::read_to_string(&first).unwrap();
    assert_eq!(text, std::fs::read_to_string(&second).unwrap());
    let parsed: Value = serde_json::from_str(&text).unwrap();
    let revisions = parsed["revisions"].as_object().unwrap();
    assert!(!revisions.is_empty(), "{text}");
    assert!(
        revisions.values().any(|r| r["tools"].is_array()),
        "the fake server's tools are in the snapshot: {text}"
    );

    // The revisions the server speaks (a revision it refuses leaves a
    // transcript with nothing to snapshot, which --from-transcript refuses).
    let spoken: Vec<&str> = revisions.keys().map(String::as_str).collect();
    let transcript = dir.path().join("probe.jsonl");
    let probe = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(["probe", "--tools", "none", "--spec", &spoken.join(",")])
        .arg("--transcript")
        .arg(&transcript)
        .arg("--")
        .arg(support::tap::fake_server())
        .args(["--mcp", "good"])
        .output()
        .unwrap();
    // One transcript per revision, FILE.REV.EXT (FILE when only one).
    let transcripts: Vec<PathBuf> = match spoken.as_slice() {
        [_] => vec![transcript.clone()],
        _ => spoken
            .iter()
            .map(|rev| dir.path().join(format!("probe.{rev}.jsonl")))
            .collect(),
    };
    for t in &transcripts {
        assert!(t.exists(), "{}", String::from_utf8_lossy(&probe.stderr));
    }
    let from_transcripts = dir.path().join("from-transcripts.json");
    let mut args = vec![
        "snapshot".to_string(),
        "--output".into(),
        from_transcripts.display().to_string(),
        "--from-transcript".into(),
    ];
    args.extend(transcripts.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, _, stderr) = run(&args);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(text, std::fs::read_to_string(&from_transcripts).unwrap());

    let (code, stdout, _) = diff(&first, &second, &[]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("0 breaking, 0 undecided, 0 compatible"),
        "{stdout}"
    );
}

/// `--revision` narrows the snapshot to the revisions asked; `--url` and a
/// command together, or `--revision` with transcripts, are usage errors.
#[cfg(feature = "v2025_06_18")]
#[test]
fn snapshot_revisions_and_usage() {
    let out = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(["snapshot", "--revision", "2025-06-18", "--"])
        .arg(support::tap::fake_server())
        .args(["--mcp", "good"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let parsed: Value = serde_json::from_slice(&out.stdout).unwrap();
    let revisions: Vec<&String> = parsed["revisions"].as_object().unwrap().keys().collect();
    assert_eq!(revisions, ["2025-06-18"]);
    let (code, _, stderr) = run(&["snapshot", "--url", "http://127.0.0.1:9/", "--", "x"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not both"), "{stderr}");
    let (code, _, stderr) = run(&[
        "snapshot",
        "--revision",
        "2025-06-18",
        "--from-transcript",
        "x.jsonl",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--revision"), "{stderr}");
}

/// A Streamable HTTP server of a few lines (the scripted fake of the proxy
/// tests): `initialize` echoes the revision offered, `tools/list` lists one
/// tool, everything else is "method not found".
#[cfg(all(feature = "proxy", feature = "v2025_11_25"))]
fn answer(received: &proxy_fake::Received) -> proxy_fake::Reply {
    use proxy_fake::Reply;
    if received.method != "POST" {
        return Reply::new(405);
    }
    let Ok(request) = serde_json::from_slice::<Value>(&received.body) else {
        return Reply::new(400);
    };
    let Some(id) = request.get("id") else {
        return Reply::new(202);
    };
    let reply = match request["method"].as_str() {
        Some("initialize") => serde_json::json!({"result": {
            "protocolVersion": request["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "http-fake", "version": "2.0.0"},
        }}),
        Some("tools/list") => serde_json::json!({"result": {"tools": [
            {"name": "echo", "inputSchema": {"type": "object"}},
        ]}}),
        Some("ping") => serde_json::json!({"result": {}}),
        _ => serde_json::json!({"error": {"code": -32601, "message": "Method not found"}}),
    };
    let mut message = reply;
    message["jsonrpc"] = "2.0".into();
    message["id"] = id.clone();
    Reply::new(200).json(&message.to_string())
}

/// `mcpwire snapshot --url URL` asks an HTTP server through the probe.
#[cfg(all(feature = "proxy", feature = "v2025_11_25"))]
#[test]
fn snapshot_of_an_http_server() {
    let server = proxy_fake::FakeServer::start(answer);
    let url = format!("http://{}/mcp", server.addr);
    let (code, stdout, stderr) = run(&["snapshot", "--url", &url, "--revision", "2025-11-25"]);
    assert_eq!(code, 0, "{stderr}");
    let parsed: Value = serde_json::from_str(&stdout).unwrap();
    let revision = &parsed["revisions"]["2025-11-25"];
    assert_eq!(revision["serverInfo"]["name"], "http-fake", "{stdout}");
    assert_eq!(revision["tools"][0]["name"], "echo", "{stdout}");
    assert!(
        server
            .received()
            .iter()
            .all(|r| !String::from_utf8_lossy(&r.body).contains("tools/call")),
        "a snapshot calls no tool"
    );
    // Nothing listening: exit 2, naming what failed.
    drop(server);
    let (code, _, stderr) = run(&["snapshot", "--url", &url]);
    assert_eq!(code, 2, "{stderr}");
}

//! HAR 1.2 captures as different tools write them parse into the steps the
//! proxy would judge, and `mcpwire check` judges them; a malformed HAR is
//! a clear error (exit 2), never a panic.

use std::process::Command;

use mcpwire::http::{har, Step};

const INIT: &str = r#"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"#;
const RESULT: &str = r#"{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}"#;

/// `mcpwire check --format json FILE`.
fn check_json(file: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .arg(file)
        .output()
        .unwrap()
}

fn entry(extra_entry: &str, request_extra: &str, response: &str) -> String {
    format!(
        r#"{{"startedDateTime":"2026-12-01T08:00:00.000Z","time":12.5,{extra_entry}
            "request":{{"method":"POST","url":"http://127.0.0.1:3001/mcp","httpVersion":"HTTP/1.1",
              "headers":[{{"name":"Accept","value":"application/json, text/event-stream"}},{{"name":"Content-Type","value":"application/json"}}],
              "postData":{{"mimeType":"application/json","text":"{INIT}"{request_extra}}}}},
            "response":{response}}}"#
    )
}

fn json_response(extra: &str) -> String {
    format!(
        r#"{{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","headers":[{{"name":"content-type","value":"application/json"}}],
            "content":{{"size":1,"mimeType":"application/json","text":"{RESULT}"{extra}}},"redirectURL":"","headersSize":-1,"bodySize":-1}}"#
    )
}

fn log(creator: &str, entries: &[String]) -> String {
    format!(
        r#"{{"log":{{"version":"1.2","creator":{{"name":"{creator}","version":"1"}},"entries":[{}]}}}}"#,
        entries.join(",")
    )
}

/// Every shape: (tool, HAR text).
fn shapes() -> Vec<(&'static str, String)> {
    use base64::Engine as _;
    let b64 =
        base64::engine::general_purpose::STANDARD.encode(RESULT.replace("\\\"", "\"").as_bytes());
    vec![
        ("chrome", log("WebInspector", &[entry(
            r#""_initiator":{"type":"script"},"_priority":"High","_resourceType":"fetch","cache":{},"timings":{"blocked":0.5,"dns":-1,"ssl":-1,"connect":-1,"send":0.1,"wait":10,"receive":1,"_blocked_queueing":0.2},"serverIPAddress":"127.0.0.1","connection":"81","#,
            "", &json_response(""))])),
        ("firefox", log("Firefox", &[entry(r#""cache":{},"timings":{"blocked":0,"dns":0,"connect":0,"ssl":-1,"send":0,"wait":10,"receive":0},"pageref":"page_1","#,
            r#","params":[]"#, &json_response(""))])),
        ("mitmproxy", log("mitmproxy", &[entry(r#""timings":{"send":0,"receive":1,"wait":2,"connect":-1,"ssl":-1,"dns":-1,"blocked":-1},"#, "",
            &json_response("").replace(&format!(r#""text":"{RESULT}""#), &format!(r#""text":"{b64}","encoding":"base64""#)))])),
        ("charles", log("Charles Proxy", &[entry(r#""comment":"","serverIPAddress":"127.0.0.1","#, r#","comment":"""#, &json_response(r#","comment":"""#))])),
        ("playwright", log("Playwright", &[entry(r#""_frameref":"frame@1","_monotonicTime":1.5,"#, r#","params":[]"#, &json_response(r#","_sha1":"x""#))])),
        ("minimal", r#"{"log":{"entries":[{"request":{"method":"GET","url":"http://h/mcp"},"response":{"status":0},"_error":"net::ERR_CONNECTION_REFUSED"}]}}"#.to_string()),
    ]
}

#[test]
fn every_documented_shape_parses_into_steps() {
    for (tool, text) in shapes() {
        let capture = har::read(text.as_bytes()).unwrap_or_else(|e| panic!("{tool}: {e}"));
        let steps = har::steps(&capture, 1 << 20).unwrap_or_else(|e| panic!("{tool}: {e}"));
        if tool == "minimal" {
            assert!(
                matches!(steps.as_slice(), [Step::Request { .. }, Step::End { .. }]),
                "{tool}: {steps:?}"
            );
            continue;
        }
        assert_eq!(
            steps.len(),
            4,
            "{tool}: request, response, body, end: {steps:?}"
        );
        let Step::Request { head, body, .. } = &steps[0] else {
            panic!("{tool}")
        };
        assert_eq!(
            (head.method.as_str(), head.target.as_str()),
            ("POST", "/mcp")
        );
        assert!(body.bytes.starts_with(b"{\"jsonrpc\""), "{tool}");
        let Step::Body { body, .. } = &steps[2] else {
            panic!("{tool}")
        };
        assert!(
            body.bytes.ends_with(b"}}}"),
            "{tool}: response body decoded"
        );
    }
}

#[test]
fn check_judges_a_capture_and_refuses_a_malformed_one() {
    let dir = tempfile::tempdir().unwrap();
    for (tool, text) in shapes().into_iter().filter(|s| s.0 != "minimal") {
        let path = dir.path().join(format!("{tool}.har"));
        std::fs::write(&path, text).unwrap();
        let out = check_json(&path);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{tool}: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            stdout.contains(r#""messages":2,"valid":2"#),
            "{tool}: {stdout}"
        );
    }
    // A HAR-shaped file named .json is detected by its content.
    let path = dir.path().join("capture.json");
    std::fs::write(&path, &shapes()[0].1).unwrap();
    let out = check_json(&path);
    assert!(String::from_utf8_lossy(&out.stdout).contains(r#""messages":2"#));
    for (name, text, says) in [
        (
            "truncated.har",
            r#"{"log":{"entries":[{"request":"#,
            "not a HAR 1.2 file",
        ),
        (
            "not-har.har",
            r#"{"log":{"entries":{"oops":1}}}"#,
            "not a HAR 1.2 file",
        ),
        (
            "base64.har",
            &shapes()[2].1.replace("\"text\":\"ey", "\"text\":\"!!"),
            "does not decode",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .args(["check"])
            .arg(&path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {stderr}");
        assert!(
            stderr.contains(says) && !stderr.contains("panicked"),
            "{name}: {stderr}"
        );
    }
}

/// A hand-written HTTP transcript (JSON Lines records with an `http`
/// member, docs/http.md): `check` applies the HTTP rules from the recorded
/// heads and judges every message; a record without `http`, or an unknown
/// step, is a clear error (exit 2).
#[test]
fn check_judges_an_http_transcript_and_refuses_a_broken_one() {
    let init = INIT.replace("\\\"", "\"");
    let result = RESULT.replace("\\\"", "\"");
    let accept =
        r#"["accept","application/json, text/event-stream"],["content-type","application/json"]"#;
    let lines = [
        format!(r#"{{"dir":"c2s","msg":{init},"http":{{"exchange":1,"step":"request","method":"POST","target":"/mcp","headers":[{accept}]}}}}"#),
        r#"{"http":{"exchange":1,"step":"response","status":200,"headers":[["content-type","application/json"],["mcp-session-id","S"]]}}"#.to_string(),
        format!(r#"{{"dir":"s2c","msg":{result},"http":{{"exchange":1,"step":"body"}}}}"#),
        r#"{"http":{"exchange":1,"step":"end","end":"complete"}}"#.to_string(),
        // A ping without Mcp-Session-Id or MCP-Protocol-Version, answered
        // on an SSE stream after a priming event.
        format!(r#"{{"dir":"c2s","msg":{{"jsonrpc":"2.0","id":1,"method":"ping"}},"http":{{"exchange":2,"step":"request","method":"POST","target":"/mcp","headers":[{accept}]}}}}"#),
        r#"{"http":{"exchange":2,"step":"response","status":200,"headers":[["content-type","text/event-stream"]]}}"#.to_string(),
        r#"{"http":{"exchange":2,"step":"event","id":"p0","hasData":true}}"#.to_string(),
        r#"{"dir":"s2c","msg":{"jsonrpc":"2.0","id":1,"result":{}},"http":{"exchange":2,"step":"event","id":"p1"}}"#.to_string(),
        r#"{"http":{"exchange":2,"step":"end","end":"complete"}}"#.to_string(),
    ];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("session.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let out = check_json(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let found: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("summary").is_none())
        .collect();
    // A transcript's entry is its exchange's position (from 0), with the
    // exchange's request line and status.
    for f in &found {
        assert_eq!((&f["exchange"], &f["entry"]), (&2.into(), &1.into()), "{f}");
        assert_eq!(
            f["http"],
            serde_json::json!({ "method": "POST", "url": "/mcp", "status": 200 })
        );
    }
    let keywords: Vec<(u64, String)> = found
        .iter()
        .map(|v| {
            (
                v["line"].as_u64().unwrap(),
                v["keyword"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        keywords,
        [
            (2, "http.session-id-required".to_string()),
            (2, "http.protocol-version-header".to_string())
        ],
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(r#""messages":4,"valid":4"#), "{stdout}");
    for (name, text, says) in [
        (
            "no-http.jsonl",
            format!("{}\n{{\"dir\":\"c2s\",\"msg\":{{}}}}\n", lines[0]),
            "without an \"http\" member",
        ),
        (
            "bad-step.jsonl",
            r#"{"http":{"exchange":1,"step":"teleport"}}"#.to_string() + "\n",
            "unknown step",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = check_json(&path);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{name}: {stdout}{stderr}");
        assert!(
            stderr.contains(says) || stdout.contains(says),
            "{name}: {stdout}{stderr}"
        );
    }
}

//! What `mcpwire check` says about HTTP captures (HAR 1.2 files): where
//! each finding is (the entry, the SSE event, the entry's request line and
//! status, in every format), the HTTP rules that fire at the right entry
//! whatever the status code and stay quiet on valid traffic, and the
//! revision a capture is judged at when it starts after the handshake.

use std::process::Command;

use serde_json::{json, Value};

const URL: &str = "http://127.0.0.1:3001/mcp";
const ACCEPT: (&str, &str) = ("Accept", "application/json, text/event-stream");
const JSON: (&str, &str) = ("Content-Type", "application/json");

/// One HAR entry to [`URL`].
fn entry(
    at: u64,
    method: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
    status: i64,
    response_headers: &[(&str, &str)],
    response_body: &str,
) -> Value {
    entry_to(
        URL,
        at,
        method,
        headers,
        body,
        status,
        response_headers,
        response_body,
        1,
    )
}

/// One HAR entry: a request to `url` started `at` ms into the capture,
/// answered `status` with `headers` and `body`, over after `time` ms.
#[allow(clippy::too_many_arguments)]
fn entry_to(
    url: &str,
    at: u64,
    method: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
    status: i64,
    response_headers: &[(&str, &str)],
    response_body: &str,
    time: u64,
) -> Value {
    let pairs = |h: &[(&str, &str)]| -> Vec<Value> {
        h.iter()
            .map(|(n, v)| json!({ "name": n, "value": v }))
            .collect()
    };
    let mut request = json!({
        "method": method, "url": url, "httpVersion": "HTTP/1.1",
        "headers": pairs(headers), "cookies": [], "queryString": [],
        "headersSize": -1, "bodySize": -1,
    });
    if let Some(b) = body {
        request["postData"] = json!({ "mimeType": "application/json", "text": b });
    }
    let mime = response_headers
        .iter()
        .find(|h| h.0.eq_ignore_ascii_case("content-type"))
        .map_or("", |h| h.1);
    json!({
        "startedDateTime": format!("2026-12-01T08:00:{:02}.{:03}Z", at / 1000, at % 1000),
        "time": time,
        "request": request,
        "response": {
            "status": status, "statusText": "", "httpVersion": "HTTP/1.1",
            "headers": pairs(response_headers), "cookies": [],
            "content": { "size": response_body.len(), "mimeType": mime, "text": response_body },
            "redirectURL": "", "headersSize": -1, "bodySize": -1,
        },
        "cache": {},
        "timings": { "send": 0, "wait": 0, "receive": 0 },
    })
}

fn har(entries: Vec<Value>) -> String {
    json!({ "log": { "version": "1.2", "creator": { "name": "test", "version": "1" }, "entries": entries } })
        .to_string()
}

fn init(v: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"method":"initialize","params":{{"protocolVersion":"{v}","capabilities":{{}},"clientInfo":{{"name":"c","version":"1"}}}}}}"#
    )
}

fn init_result(v: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","id":0,"result":{{"protocolVersion":"{v}","capabilities":{{"tools":{{}}}},"serverInfo":{{"name":"s","version":"1"}}}}}}"#
    )
}

/// `mcpwire check --format FORMAT` on the capture: (exit code, stdout).
fn check(capture: &str, format: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("capture.har");
    std::fs::write(&path, capture).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", format])
        .arg(&path)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The JSON findings (summary left out).
fn findings(capture: &str) -> Vec<Value> {
    check(capture, "json")
        .1
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v.get("summary").is_none())
        .collect()
}

/// (entry, keyword) of every finding, sorted.
fn where_keywords(capture: &str) -> Vec<(i64, String)> {
    let mut out: Vec<(i64, String)> = findings(capture)
        .iter()
        .map(|f| {
            (
                f["entry"].as_i64().unwrap_or(-1),
                f["keyword"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

fn owned(v: &[(i64, &str)]) -> Vec<(i64, String)> {
    v.iter().map(|(e, k)| (*e, k.to_string())).collect()
}

/// A 2025-11-25 session whose file order is not its start order: entry 1
/// (a ping without Accept) started after entry 2 (tools/list answered on
/// an SSE stream whose second event breaks the schema).
fn misplaced() -> String {
    let session = [
        ("Mcp-Session-Id", "S"),
        ("MCP-Protocol-Version", "2025-11-25"),
    ];
    let mut h = session.to_vec();
    h.extend([ACCEPT, JSON]);
    let ct = |v: &'static str| [("Content-Type", v)];
    har(vec![
        entry(0, "POST", &[ACCEPT, JSON], Some(&init("2025-11-25")), 200,
            &[("Content-Type", "application/json"), ("Mcp-Session-Id", "S")], &init_result("2025-11-25")),
        entry(30, "POST", &[JSON, session[0], session[1]], Some(r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#), 200,
            &ct("application/json"), r#"{"jsonrpc":"2.0","id":2,"result":{}}"#),
        entry(20, "POST", &h, Some(r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#), 200,
            &ct("text/event-stream"), "id: p0\ndata:\n\nid: p1\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":\"none\"}}\n\n"),
    ])
}

#[test]
fn json_findings_name_their_entry_and_event() {
    let capture = misplaced();
    let all = findings(&capture);
    let accept = all
        .iter()
        .find(|f| f["keyword"] == "http.post-accept")
        .unwrap();
    assert_eq!(accept["entry"], 1, "{accept}");
    assert_eq!(
        accept["exchange"], 3,
        "the third request to start: {accept}"
    );
    assert!(accept.get("event").is_none(), "{accept}");
    assert_eq!(
        accept["http"],
        json!({ "method": "POST", "url": URL, "status": 200 })
    );
    let schema = all.iter().find(|f| f["keyword"] == "type").unwrap();
    assert_eq!(
        (&schema["entry"], &schema["event"]),
        (&json!(2), &json!(1)),
        "{schema}"
    );
    // Every finding has its entry.
    assert!(all.iter().all(|f| f["entry"].is_u64()), "{all:?}");
}

#[test]
fn sarif_findings_have_a_logical_location() {
    let (_, out) = check(&misplaced(), "sarif");
    let log: Value = serde_json::from_str(&out).unwrap();
    // Still SARIF 2.1.0 (the OASIS schema, as tests/cli_formats.rs reads
    // it: one regex escaped for the `regex` crate).
    let schema = std::fs::read_to_string("tests/schemas/sarif-2.1.0-rtm.5.json")
        .unwrap()
        .replace("[a-zA-Z]{2}]?$", "[a-zA-Z]{2}\\\\]?$");
    let schema: Value = serde_json::from_str(&schema).unwrap();
    let errors: Vec<String> = jsonschema::draft4::new(&schema)
        .unwrap()
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = log["runs"][0]["results"].as_array().unwrap();
    let names: Vec<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(names.contains(&"log.entries[2].events[1]"), "{names:?}");
    assert!(names.contains(&"log.entries[1]"), "{names:?}");
    let schema = results
        .iter()
        .find(|r| r["ruleId"] == "schema/type")
        .unwrap();
    assert_eq!(schema["properties"]["entry"], 2);
    assert_eq!(schema["properties"]["event"], 1);
}

#[test]
fn text_findings_show_the_entry_request_and_status() {
    let (_, out) = check(&misplaced(), "text");
    assert!(
        out.contains(&format!("entry 2 · POST {URL} → 200 · event 1")),
        "{out}"
    );
    assert!(
        out.contains(&format!("entry 1 · POST {URL} → 200")),
        "{out}"
    );
}

/// A conversation without sessions at 2025-11-25: the handshake, then
/// `extra`.
fn after_handshake(extra: Vec<Value>) -> String {
    let mut entries = vec![entry(
        0,
        "POST",
        &[ACCEPT, JSON],
        Some(&init("2025-11-25")),
        200,
        &[JSON],
        &init_result("2025-11-25"),
    )];
    entries.extend(extra);
    har(entries)
}

const PV: (&str, &str) = ("MCP-Protocol-Version", "2025-11-25");
const SSE: (&str, &str) = ("Accept", "text/event-stream");

#[test]
fn a_get_answered_by_anything_but_a_stream_or_405_is_a_finding() {
    let html = [("Content-Type", "text/html")];
    let bad = after_handshake(vec![
        entry(
            10,
            "GET",
            &[SSE, PV],
            None,
            404,
            &html,
            "<h1>Not Found</h1>",
        ),
        entry(20, "GET", &[SSE, PV], None, 200, &[JSON], ""),
    ]);
    assert_eq!(
        where_keywords(&bad),
        owned(&[
            (1, "http.get-response-content-type"),
            (2, "http.get-response-content-type")
        ])
    );
    // 405, a stream, and 404 for a session that ended are the answers the
    // spec allows.
    let good = after_handshake(vec![
        entry(10, "GET", &[SSE, PV], None, 405, &html, ""),
        entry(
            20,
            "GET",
            &[SSE, PV],
            None,
            200,
            &[("Content-Type", "text/event-stream")],
            "",
        ),
        entry(
            30,
            "GET",
            &[SSE, PV, ("Mcp-Session-Id", "gone")],
            None,
            404,
            &html,
            "",
        ),
    ]);
    assert_eq!(where_keywords(&good), owned(&[]));
}

#[test]
fn a_post_answered_by_an_error_without_id_is_answered() {
    let ping = |id: u32| format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
    let capture = after_handshake(vec![
        entry(
            10,
            "POST",
            &[ACCEPT, JSON, PV],
            Some(&ping(1)),
            400,
            &[JSON],
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}"#,
        ),
        // Not answered at all (an error page): still reported.
        entry(
            20,
            "POST",
            &[ACCEPT, JSON, PV],
            Some(&ping(2)),
            500,
            &[("Content-Type", "text/plain")],
            "oops",
        ),
    ]);
    let got = where_keywords(&capture);
    assert!(!got.contains(&(1, "unanswered".to_string())), "{got:?}");
    assert!(got.contains(&(2, "unanswered".to_string())), "{got:?}");
}

#[test]
fn a_post_stream_without_a_priming_event_is_a_warning_at_2025_11_25() {
    let list = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
    let answer = "data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\n";
    let sse = [("Content-Type", "text/event-stream")];
    let bad = after_handshake(vec![entry(
        10,
        "POST",
        &[ACCEPT, JSON, PV],
        Some(list),
        200,
        &sse,
        answer,
    )]);
    let found = findings(&bad);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["keyword"], "http.sse-priming-event");
    assert_eq!(
        (&found[0]["entry"], &found[0]["event"]),
        (&json!(1), &json!(0))
    );
    assert_eq!(found[0]["severity"], "warning");
    let primed = format!("id: e0\ndata:\n\n{answer}");
    let good = after_handshake(vec![entry(
        10,
        "POST",
        &[ACCEPT, JSON, PV],
        Some(list),
        200,
        &sse,
        &primed,
    )]);
    assert_eq!(where_keywords(&good), owned(&[]));
}

/// A 2025-06-18 capture that starts after the handshake: every request
/// carries `MCP-Protocol-Version: 2025-06-18`; the result shapes are
/// 2025-06-18's (no `resultType`, which 2026-07-28 requires).
fn late_2025_06_18(pv: Option<&str>) -> String {
    let mut h = vec![ACCEPT, JSON];
    if let Some(v) = pv {
        h.push(("MCP-Protocol-Version", v));
    }
    har(vec![
        entry(
            0,
            "POST",
            &h,
            Some(r#"{"jsonrpc":"2.0","id":5,"method":"tools/list"}"#),
            200,
            &[JSON],
            r#"{"jsonrpc":"2.0","id":5,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}"#,
        ),
        entry(
            10,
            "POST",
            &h,
            Some(
                r#"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#,
            ),
            200,
            &[JSON],
            r#"{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"{\"x\":1}"}],"structuredContent":{"x":1}}}"#,
        ),
    ])
}

#[test]
fn a_late_capture_is_judged_at_its_header_revision() {
    let capture = late_2025_06_18(Some("2025-06-18"));
    let (code, out) = check(&capture, "json");
    assert_eq!(code, Some(0), "{out}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(summary["violations"], 0, "{out}");
    assert_eq!(
        summary["warnings"], 0,
        "no assumption: the header says which: {out}"
    );
    assert_eq!(summary["revisions"], json!(["2025-06-18"]), "{out}");
    // The HTTP rules agree: a later ping without the header breaks
    // 2025-06-18's header rule, and that finding and the ping's answer are
    // both at 2025-06-18.
    let mut v: Value = serde_json::from_str(&capture).unwrap();
    let ping = r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#;
    v["log"]["entries"].as_array_mut().unwrap().push(entry(
        20,
        "POST",
        &[ACCEPT, JSON],
        Some(ping),
        200,
        &[JSON],
        r#"{"jsonrpc":"2.0","id":7,"result":{}}"#,
    ));
    let found = findings(&v.to_string());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["keyword"], "http.protocol-version-header");
    assert_eq!(
        (&found[0]["revision"], &found[0]["entry"]),
        (&json!("2025-06-18"), &json!(2))
    );
    // The same traffic without headers: nothing says which revision, and
    // the report says what it assumed.
    let (_, out) = check(&late_2025_06_18(None), "json");
    assert!(out.contains("judged at 2025-03-26"), "{out}");
    assert!(out.contains(r#""keyword":"assumption""#), "{out}");
}

/// A 2024-11-05 HTTP+SSE session as a recording proxy writes it (no
/// per-event times): the GET stream (its `endpoint` event, then every
/// response and a server request) is one entry that lasts the whole
/// session; the POSTs to the message endpoint are answered `202
/// Accepted`, the client's answer to the server's request among them.
fn legacy_session(endpoint_first: bool) -> String {
    let base = "http://127.0.0.1:3001";
    let message = |data: &str| format!("event: message\ndata: {data}\n\n");
    let mut stream = String::new();
    if endpoint_first {
        stream.push_str("event: endpoint\ndata: /messages?sessionId=abc\n\n");
    }
    stream.push_str(&message(&init_result("2024-11-05")));
    stream.push_str(&message(
        r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#,
    ));
    stream.push_str(&message(
        r#"{"jsonrpc":"2.0","id":"s1","method":"roots/list"}"#,
    ));
    let text = [("Content-Type", "text/plain")];
    let post = |at: u64, body: &str| {
        entry_to(
            &format!("{base}/messages?sessionId=abc"),
            at,
            "POST",
            &[JSON],
            Some(body),
            202,
            &text,
            "Accepted",
            2,
        )
    };
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{"roots":{}},"clientInfo":{"name":"c","version":"1"}}}"#;
    har(vec![
        entry_to(
            &format!("{base}/sse"),
            0,
            "GET",
            &[SSE],
            None,
            200,
            &[("Content-Type", "text/event-stream")],
            &stream,
            1000,
        ),
        post(100, init),
        post(
            200,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ),
        post(300, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
        post(400, r#"{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}"#),
    ])
}

#[test]
fn the_http_sse_transport_is_judged_by_its_own_page() {
    let (code, out) = check(&legacy_session(true), "json");
    assert_eq!(code, Some(0), "{out}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    // Every message, each at the revision the initialize result (on the
    // GET stream) settled: 4 POSTed, 3 on the stream.
    assert_eq!(
        (
            &summary["messages"],
            &summary["valid"],
            &summary["violations"],
            &summary["warnings"]
        ),
        (&json!(7), &json!(7), &json!(0), &json!(0)),
        "{out}"
    );
    assert_eq!(summary["revisions"], json!(["2024-11-05"]), "{out}");
    // Without its `endpoint` event the stream breaks that transport's rule,
    // at the GET's entry.
    let got = where_keywords(&legacy_session(false));
    assert!(
        got.contains(&(0, "http.legacy-endpoint-event".to_string())),
        "{got:?}"
    );
}

/// A 2025-11-25 tools/call answered on an SSE stream that stays open
/// while the server asks the client for its roots; the client answers in
/// a POST of its own before the stream ends. A HAR gives both entries'
/// start and end only.
fn server_request_on_a_post_stream() -> String {
    let call =
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{}}}"#;
    let stream = concat!(
        "id: p0\ndata:\n\n",
        "id: p1\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"s1\",\"method\":\"roots/list\"}\n\n",
        "id: p2\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"content\":[]}}\n\n",
    );
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{}},"clientInfo":{"name":"c","version":"1"}}}"#;
    har(vec![
        entry(
            0,
            "POST",
            &[ACCEPT, JSON],
            Some(init),
            200,
            &[JSON],
            &init_result("2025-11-25"),
        ),
        entry(
            5,
            "POST",
            &[ACCEPT, JSON, PV],
            Some(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            202,
            &[],
            "",
        ),
        entry_to(
            URL,
            10,
            "POST",
            &[ACCEPT, JSON, PV],
            Some(call),
            200,
            &[("Content-Type", "text/event-stream")],
            stream,
            500,
        ),
        entry(
            100,
            "POST",
            &[ACCEPT, JSON, PV],
            Some(r#"{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}"#),
            202,
            &[],
            "",
        ),
    ])
}

#[test]
fn a_server_request_is_judged_before_the_answer_that_came_in_while_its_stream_was_open() {
    let (code, out) = check(&server_request_on_a_post_stream(), "json");
    assert_eq!(code, Some(0), "{out}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (
            &summary["messages"],
            &summary["valid"],
            &summary["warnings"]
        ),
        (&json!(7), &json!(7), &json!(0)),
        "no unknown_response, no unanswered: {out}"
    );
}

#[test]
fn a_backwards_compatibility_probe_then_the_http_sse_transport() {
    // The client first POSTs its initialize to the server URL, as the
    // 2025-03-26 transport's backwards compatibility section says; the
    // old server answers 405, and the client falls back to the GET stream.
    let base = "http://127.0.0.1:3001";
    let mut v: Value = serde_json::from_str(&legacy_session(true)).unwrap();
    let init = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{"roots":{}},"clientInfo":{"name":"c","version":"1"}}}"#;
    let probe = entry_to(
        &format!("{base}/sse"),
        0,
        "POST",
        &[ACCEPT, JSON],
        Some(init),
        405,
        &[("Content-Type", "text/plain")],
        "Method Not Allowed",
        1,
    );
    let entries = v["log"]["entries"].as_array_mut().unwrap();
    for e in entries.iter_mut() {
        let at = e["startedDateTime"]
            .as_str()
            .unwrap()
            .replace("08:00:00", "08:00:01");
        e["startedDateTime"] = json!(at);
    }
    entries.insert(0, probe);
    let (code, out) = check(&v.to_string(), "json");
    assert_eq!(code, Some(0), "{out}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (
            &summary["messages"],
            &summary["violations"],
            &summary["warnings"]
        ),
        (&json!(8), &json!(0), &json!(0)),
        "{out}"
    );
    assert_eq!(summary["revisions"], json!(["2024-11-05"]), "{out}");
}

#[test]
fn posts_to_a_message_endpoint_are_the_http_sse_transport_without_their_stream() {
    // A capture begun after the GET stream opened: only the POSTs to the
    // message endpoint, each answered `202 Accepted`. No Streamable HTTP
    // rule applies to them (Accept lists, 202 to requests, bodies on 202).
    let text = [("Content-Type", "text/plain")];
    let post = |at: u64, body: &str| {
        entry_to(
            "http://127.0.0.1:3001/messages?sessionId=abc",
            at,
            "POST",
            &[JSON],
            Some(body),
            202,
            &text,
            "Accepted",
            2,
        )
    };
    let capture = har(vec![
        post(
            0,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ),
        post(10, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
    ]);
    let got = where_keywords(&capture);
    assert!(got.iter().all(|(_, k)| !k.starts_with("http.")), "{got:?}");
    // The same POSTs to a Streamable HTTP endpoint break three rules.
    let streamable = capture.replace("/messages?sessionId=abc", "/mcp");
    let got = where_keywords(&streamable);
    for rule in [
        "http.post-accept",
        "http.accepted-no-body",
        "http.post-response-content-type",
    ] {
        assert!(got.iter().any(|(_, k)| k == rule), "{rule}: {got:?}");
    }
}

#[test]
fn an_endpoint_event_makes_a_conversation_the_http_sse_transport() {
    // A conversation that began as Streamable HTTP (a POSTed initialize,
    // answered without a session id) whose GET stream then announces a
    // message endpoint: from that event on it is judged by the 2024-11-05
    // transport's page — the endpoint's URI is not a message, and a
    // message in an event that is not `message` breaks that page's rule.
    let stream = concat!(
        "event: endpoint\ndata: /messages?sessionId=abc\n\n",
        "event: note\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n",
    );
    let capture = har(vec![
        entry(
            0,
            "POST",
            &[ACCEPT, JSON],
            Some(&init("2024-11-05")),
            200,
            &[JSON],
            &init_result("2024-11-05").replace(r#""tools":{}"#, r#""logging":{}"#),
        ),
        entry(
            10,
            "GET",
            &[SSE],
            None,
            200,
            &[("Content-Type", "text/event-stream")],
            stream,
        ),
    ]);
    let found = findings(&capture);
    let got: Vec<(&Value, &Value, &str)> = found
        .iter()
        .map(|f| (&f["entry"], &f["event"], f["keyword"].as_str().unwrap()))
        .collect();
    assert_eq!(
        got,
        [(&json!(1), &json!(1), "http.legacy-message-event")],
        "{found:?}"
    );
}

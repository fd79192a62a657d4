//! The contracts inside a conversation: tools' `inputSchema` /
//! `outputSchema` and elicitations' `requestedSchema`, learnt from the
//! traffic and judged (`mcpwire::contracts`, the rules `contract.*`). Every
//! transcript is judged three ways — the library `Session` on the bytes
//! path, on the `Value` path, and `mcpwire check` — with the same findings.

use std::io::Read;
use std::net::TcpListener;
use std::time::Duration;

use assert_cmd::Command;
use mcpwire::{session::rules, Direction, Session};
use serde_json::{json, Value};

const C2S: Direction = Direction::ClientToServer;
const S2C: Direction = Direction::ServerToClient;

/// One finding: the message's line, the keyword (a rule id, a warning
/// class, or a violated keyword) and the pointer into the message.
type Found = (usize, String, String);

fn transcript(records: &[(Direction, Value)]) -> String {
    records
        .iter()
        .map(|(d, msg)| {
            let dir = if *d == C2S { "c2s" } else { "s2c" };
            format!("{}\n", json!({"dir": dir, "msg": msg}))
        })
        .collect()
}

/// The findings of the library `Session`, bytes path (`bytes`) or
/// `Value` path.
fn library(records: &[(Direction, Value)], bytes: bool) -> (Vec<Found>, Vec<String>) {
    let mut session = Session::auto();
    let mut found = Vec::new();
    let mut messages = Vec::new();
    for (i, (direction, msg)) in records.iter().enumerate() {
        let text = serde_json::to_vec(msg).unwrap();
        let judged = if bytes {
            session.judge(*direction, &text)
        } else {
            session.judge(*direction, msg)
        };
        for report in &judged.reports {
            for w in &report.warnings {
                let keyword = w.rule.map_or(w.kind.name(), |r| r.id);
                found.push((i + 1, keyword.to_string(), w.pointer.as_str().to_string()));
                messages.push(w.message.clone());
            }
            for f in &report.violations {
                let keyword = f.violation.keyword.to_string();
                found.push((i + 1, keyword, f.violation.instance.as_str().to_string()));
                messages.push(f.violation.message.clone());
            }
        }
    }
    found.sort();
    (found, messages)
}

/// The findings of `mcpwire check --format json` on the transcript.
fn cli(text: &str) -> Vec<Found> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, text).unwrap();
    let out = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(["check", "--format", "json"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut found: Vec<Found> = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| matches!(v["severity"].as_str(), Some("violation" | "warning")))
        .map(|v| {
            (
                v["line"].as_u64().unwrap() as usize,
                v["keyword"].as_str().unwrap().to_string(),
                v["pointer"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    found
}

/// The findings, the same three ways; and the messages (library).
fn judged(records: &[(Direction, Value)]) -> (Vec<Found>, Vec<String>) {
    let (bytes, messages) = library(records, true);
    let (values, _) = library(records, false);
    assert_eq!(bytes, values, "bytes path and Value path");
    assert_eq!(
        cli(&transcript(records)),
        bytes,
        "mcpwire check and the library"
    );
    (bytes, messages)
}

fn at(line: usize, keyword: &str, pointer: &str) -> Found {
    (line, keyword.to_string(), pointer.to_string())
}

// --- 2025-11-25 conversations -------------------------------------------

fn initialize(version: &str) -> Vec<(Direction, Value)> {
    vec![
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": version, "capabilities": {"elicitation": {}},
                "clientInfo": {"name": "c", "version": "1"}}}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": version,
                "capabilities": {"tools": {"listChanged": true}},
                "serverInfo": {"name": "s", "version": "1"}}}),
        ),
        (
            C2S,
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ),
    ]
}

fn weather_tool() -> Value {
    json!({"name": "get_weather", "inputSchema": {"type": "object",
        "properties": {"location": {"type": "string"}}, "required": ["location"]},
        "outputSchema": {"type": "object",
        "properties": {"temperature": {"type": "number"}, "conditions": {"type": "string"}},
        "required": ["temperature", "conditions"]}})
}

fn list(id: u64, tools: Value) -> [(Direction, Value); 2] {
    [
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": id, "result": {"tools": tools}}),
        ),
    ]
}

fn call(id: u64, name: &str, arguments: Value) -> (Direction, Value) {
    (
        C2S,
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
               "params": {"name": name, "arguments": arguments}}),
    )
}

/// A result with `structuredContent` mirrored in a text block.
fn structured(id: u64, content: Value) -> (Direction, Value) {
    (
        S2C,
        json!({"jsonrpc": "2.0", "id": id, "result": {
            "content": [{"type": "text", "text": content.to_string()}],
            "structuredContent": content}}),
    )
}

fn conversation(rest: Vec<(Direction, Value)>) -> Vec<(Direction, Value)> {
    let mut records = initialize("2025-11-25");
    records.extend(rest);
    records
}

#[test]
fn conforming_traffic_stays_clean() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push(call(2, "get_weather", json!({"location": "Lisbon"})));
    rest.push(structured(
        2,
        json!({"temperature": 21.5, "conditions": "clear"}),
    ));
    let (found, messages) = judged(&conversation(rest));
    assert!(found.is_empty(), "{found:?} {messages:?}");
}

#[test]
fn structured_content_against_the_output_schema() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push(call(2, "get_weather", json!({"location": "Lisbon"})));
    rest.push(structured(
        2,
        json!({"temperature": "hot", "conditions": "clear"}),
    ));
    let (found, messages) = judged(&conversation(rest));
    assert_eq!(
        found,
        [at(
            7,
            rules::STRUCTURED_CONTENT_SCHEMA.id,
            "/result/structuredContent/temperature"
        )]
    );
    assert!(messages[0].contains("\"get_weather\""), "{messages:?}");
    assert!(
        messages[0].contains("/properties/temperature/type"),
        "{messages:?}"
    );
}

#[test]
fn structured_content_missing_unless_the_result_is_an_error() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push(call(2, "get_weather", json!({"location": "Lisbon"})));
    rest.push((
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "21.5"}]}}),
    ));
    rest.push(call(3, "get_weather", json!({"location": "Mars"})));
    rest.push((
        S2C,
        json!({"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "no weather on Mars"}],
               "isError": true}}),
    ));
    let (found, _) = judged(&conversation(rest));
    assert_eq!(
        found,
        [at(7, rules::STRUCTURED_CONTENT_MISSING.id, "/result")]
    );
}

#[test]
fn structured_content_without_its_text_block() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push(call(2, "get_weather", json!({"location": "Lisbon"})));
    rest.push((
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "result": {
            "content": [{"type": "text", "text": "21.5 degrees, clear"}],
            "structuredContent": {"temperature": 21.5, "conditions": "clear"}}}),
    ));
    // The same JSON with other spacing and 21.50 for 21.5 is the mirror.
    rest.push(call(3, "get_weather", json!({"location": "Lisbon"})));
    rest.push((
        S2C,
        json!({"jsonrpc": "2.0", "id": 3, "result": {
            "content": [{"type": "text", "text": "{ \"conditions\": \"clear\", \"temperature\": 21.50 }"}],
            "structuredContent": {"temperature": 21.5, "conditions": "clear"}}}),
    ));
    let (found, _) = judged(&conversation(rest));
    assert_eq!(
        found,
        [at(7, rules::STRUCTURED_CONTENT_TEXT.id, "/result/content")]
    );
}

#[test]
fn arguments_against_the_input_schema() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push(call(2, "get_weather", json!({"location": 7})));
    rest.push(structured(2, json!({"temperature": 1, "conditions": "?"})));
    rest.push(call(3, "get_weather", json!({})));
    rest.push(structured(3, json!({"temperature": 1, "conditions": "?"})));
    let (found, messages) = judged(&conversation(rest));
    assert_eq!(
        found,
        [
            at(6, rules::ARGUMENTS_SCHEMA.id, "/params/arguments/location"),
            at(8, rules::ARGUMENTS_SCHEMA.id, "/params/arguments"),
        ]
    );
    assert!(messages[1].contains("/required"), "{messages:?}");
}

#[test]
fn without_a_listing_a_result_is_not_judged_and_that_is_said_once() {
    let rest = vec![
        call(2, "get_weather", json!({"location": 7})),
        structured(2, json!({"temperature": "hot"})),
        call(3, "get_weather", json!({})),
        structured(3, json!({"temperature": "hot"})),
    ];
    let (found, messages) = judged(&conversation(rest));
    assert_eq!(found, [at(5, "assumption", "/result/structuredContent")]);
    assert!(messages[0].contains("no tools/list seen"), "{messages:?}");
}

#[test]
fn list_changed_forgets_and_a_new_listing_replaces() {
    let mut rest = list(1, json!([weather_tool()])).to_vec();
    rest.push((
        S2C,
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
    ));
    rest.push(call(2, "get_weather", json!({"location": "x"})));
    rest.push(structured(2, json!({"temperature": "hot"})));
    // A new listing without get_weather's outputSchema: nothing to judge.
    let plain = json!({"name": "get_weather", "inputSchema": {"type": "object"}});
    rest.extend(list(3, json!([plain])));
    rest.push(call(4, "get_weather", json!({"location": "x"})));
    rest.push(structured(4, json!({"temperature": "hot"})));
    let (found, _) = judged(&conversation(rest));
    assert_eq!(found, [at(8, "assumption", "/result/structuredContent")]);
}

#[test]
fn pages_of_one_listing_add_up() {
    let other = json!({"name": "other", "inputSchema": {"type": "object",
        "properties": {"n": {"type": "integer"}}}});
    let rest = vec![
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [weather_tool()], "nextCursor": "p2"}}),
        ),
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"cursor": "p2"}}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 2, "result": {"tools": [other]}}),
        ),
        call(3, "get_weather", json!({"location": 1})),
        structured(3, json!({"temperature": 1, "conditions": "?"})),
        call(4, "other", json!({"n": "one"})),
        structured(4, json!({})),
        // A new listing (no cursor) replaces both pages: get_weather is gone.
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 5, "result": {"tools": [{"name": "other", "inputSchema": {"type": "object"}}]}}),
        ),
        call(6, "get_weather", json!({"location": 1})),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 6, "result": {"content": []}}),
        ),
    ];
    let (found, _) = judged(&conversation(rest));
    assert_eq!(
        found,
        [
            at(8, rules::ARGUMENTS_SCHEMA.id, "/params/arguments/location"),
            at(10, rules::ARGUMENTS_SCHEMA.id, "/params/arguments/n"),
        ]
    );
}

#[test]
fn elicitation_content_against_the_requested_schema() {
    let schema = json!({"type": "object", "properties": {"age": {"type": "integer", "minimum": 18}},
                        "required": ["age"]});
    let ask = |id: u64| {
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": id, "method": "elicitation/create",
                   "params": {"message": "age?", "requestedSchema": schema}}),
        )
    };
    let answer = |id: u64, action: &str, content: Value| {
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": id, "result": {"action": action, "content": content}}),
        )
    };
    let rest = vec![
        ask(10),
        answer(10, "accept", json!({"age": 12})),
        ask(11),
        answer(11, "accept", json!({"age": 30})),
        ask(12),
        answer(12, "decline", json!({"age": "none of your business"})),
    ];
    let (found, messages) = judged(&conversation(rest));
    assert_eq!(
        found,
        [at(
            5,
            rules::ELICITATION_CONTENT_SCHEMA.id,
            "/result/content/age"
        )]
    );
    assert!(
        messages[0].contains("/properties/age/minimum"),
        "{messages:?}"
    );
}

#[test]
fn draft_07_is_judged_and_flagged_for_portability() {
    // @modelcontextprotocol/server-filesystem declares draft-07 in every tool.
    let tool = json!({"name": "read_file", "inputSchema": {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "properties": {"path": {"type": "string"}}, "required": ["path"],
        "additionalProperties": false}});
    let mut rest = list(1, json!([tool])).to_vec();
    rest.push(call(2, "read_file", json!({"path": "/a", "mode": "x"})));
    rest.push(structured(2, json!({})));
    let (found, _) = judged(&conversation(rest));
    assert_eq!(
        found,
        [
            at(
                5,
                rules::DIALECT_NOT_2020_12.id,
                "/result/tools/0/inputSchema/$schema"
            ),
            at(6, rules::ARGUMENTS_SCHEMA.id, "/params/arguments"),
        ]
    );
}

/// A schema that is not valid in its dialect (judged by the compiled
/// metaschemas, `mcpwire::metaschema`) is said where it is carried, with
/// the place inside it, and what it governs is not judged.
#[test]
fn a_schema_invalid_in_its_dialect_is_said_and_not_judged() {
    for (schema, inside) in [
        (
            json!({"type": "object", "properties": {"n": {"minLength": -1}}}),
            "/properties/n/minLength",
        ),
        (
            json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                   "required": "n"}),
            "/required",
        ),
    ] {
        let tool = json!({"name": "broken", "inputSchema": schema});
        let mut rest = list(1, json!([tool])).to_vec();
        rest.push(call(2, "broken", json!({"n": 5})));
        rest.push(structured(2, json!({})));
        let (found, messages) = judged(&conversation(rest));
        let invalid: Vec<&Found> = found
            .iter()
            .filter(|f| f.1 == rules::SCHEMA_INVALID.id)
            .collect();
        assert_eq!(
            invalid,
            [&at(
                5,
                rules::SCHEMA_INVALID.id,
                "/result/tools/0/inputSchema"
            )],
            "{found:?}"
        );
        assert!(
            messages.iter().any(|m| m.contains(inside)),
            "{inside}: {messages:?}"
        );
        // Nothing the broken schema governs is judged.
        assert!(
            !found.iter().any(|f| f.1 == rules::ARGUMENTS_SCHEMA.id),
            "{found:?}"
        );
    }
}

/// Before 2025-11-25 no revision named a dialect (MCP's own schema was
/// draft-07): a draft-07 tool schema there is said nothing of, and still
/// judged with (server-everything's tools at 2025-06-18).
#[test]
fn draft_07_before_2025_11_25_is_the_norm() {
    let tool = json!({"name": "read_file", "inputSchema": {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "properties": {"path": {"type": "string"}}, "required": ["path"]}});
    let mut records = initialize("2025-06-18");
    records.extend(list(1, json!([tool])));
    records.push(call(2, "read_file", json!({"path": 7})));
    records.push((
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "result": {"content": [], "isError": true}}),
    ));
    let (found, _) = judged(&records);
    assert_eq!(
        found,
        [at(6, rules::ARGUMENTS_SCHEMA.id, "/params/arguments/path")]
    );
}

#[test]
fn an_unsupported_dialect_is_said_and_not_judged() {
    let tool = json!({"name": "old", "inputSchema": {
        "$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
        "properties": {"n": {"type": "integer"}}}});
    let mut rest = list(1, json!([tool])).to_vec();
    rest.push(call(2, "old", json!({"n": "not judged"})));
    rest.push(structured(2, json!({})));
    let (found, messages) = judged(&conversation(rest));
    assert_eq!(
        found,
        [at(
            5,
            rules::DIALECT_UNSUPPORTED.id,
            "/result/tools/0/inputSchema/$schema"
        )]
    );
    assert!(messages[0].contains("draft-04"), "{messages:?}");
}

// --- 2026-07-28: input requests, $ref, bounds ------------------------------

fn meta() -> Value {
    json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
           "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
           "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}})
}

fn request_2026(id: u64, method: &str, mut params: Value) -> (Direction, Value) {
    params["_meta"] = meta();
    (
        C2S,
        json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
    )
}

fn result_2026(id: u64, mut result: Value) -> (Direction, Value) {
    result["resultType"] = result
        .get("resultType")
        .cloned()
        .unwrap_or(json!("complete"));
    result["_meta"] = json!({"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1"}});
    (S2C, json!({"jsonrpc": "2.0", "id": id, "result": result}))
}

fn listing_2026(tools: Value) -> Vec<(Direction, Value)> {
    vec![
        request_2026(1, "server/discover", json!({})),
        result_2026(
            1,
            json!({"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                   "ttlMs": 60000, "cacheScope": "public"}),
        ),
        request_2026(2, "tools/list", json!({})),
        result_2026(
            2,
            json!({"tools": tools, "ttlMs": 60000, "cacheScope": "public"}),
        ),
    ]
}

#[test]
fn input_responses_are_judged_by_key() {
    let tool = json!({"name": "deploy", "inputSchema": {"type": "object"}});
    let mut records = listing_2026(json!([tool]));
    records.push(request_2026(
        3,
        "tools/call",
        json!({"name": "deploy", "arguments": {}}),
    ));
    records.push(result_2026(
        3,
        json!({"resultType": "input_required", "inputRequests": {"confirm/prod": {
            "method": "elicitation/create", "params": {"mode": "form", "message": "sure?",
            "requestedSchema": {"type": "object", "properties": {"confirm": {"type": "boolean"}},
                                "required": ["confirm"]}}}}}),
    ));
    records.push(request_2026(
        4,
        "tools/call",
        json!({"name": "deploy", "arguments": {},
               "inputResponses": {"confirm/prod": {"action": "accept", "content": {"confirm": "yes"}}}}),
    ));
    records.push(result_2026(
        4,
        json!({"content": [{"type": "text", "text": "done"}]}),
    ));
    let (found, messages) = judged(&records);
    assert_eq!(
        found,
        [at(
            7,
            rules::ELICITATION_CONTENT_SCHEMA.id,
            "/params/inputResponses/confirm~1prod/content/confirm"
        )]
    );
    assert!(messages[0].contains("confirm/prod"), "{messages:?}");
}

/// A `$ref` to a server on loopback: reported as unresolvable (a network
/// URI), the schema not judged with, and no connection ever made.
#[test]
fn a_network_ref_is_never_fetched() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let url = format!("http://{}/schema.json", listener.local_addr().unwrap());
    let tool = json!({"name": "remote", "inputSchema": {"type": "object", "$ref": url}});
    let mut records = listing_2026(json!([tool]));
    records.push(request_2026(
        3,
        "tools/call",
        json!({"name": "remote", "arguments": {"x": 1}}),
    ));
    records.push(result_2026(3, json!({"content": []})));
    let (found, messages) = judged(&records);
    assert_eq!(
        found,
        [at(
            4,
            rules::REF_UNRESOLVABLE.id,
            "/result/tools/0/inputSchema"
        )]
    );
    assert!(messages[0].contains(&url), "{messages:?}");
    assert!(messages[0].contains("network URI"), "{messages:?}");
    std::thread::sleep(Duration::from_millis(100));
    match listener.accept() {
        Ok((mut stream, _)) => {
            let mut got = Vec::new();
            let _ = stream.read_to_end(&mut got);
            panic!("a connection arrived: {:?}", String::from_utf8_lossy(&got));
        }
        Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::WouldBlock),
    }
}

#[test]
fn a_schema_over_the_bounds_is_said_in_the_conversation() {
    let mut deep = json!({"type": "string"});
    for _ in 0..200 {
        deep = json!({"items": deep});
    }
    let tool =
        json!({"name": "deep", "inputSchema": {"type": "object", "properties": {"a": deep}}});
    let mut records = listing_2026(json!([tool]));
    records.push(request_2026(
        3,
        "tools/call",
        json!({"name": "deep", "arguments": {}}),
    ));
    records.push(result_2026(3, json!({"content": []})));
    let (found, _) = judged(&records);
    assert_eq!(
        found,
        [at(
            4,
            rules::SCHEMA_OVER_BOUNDS.id,
            "/result/tools/0/inputSchema"
        )]
    );
}

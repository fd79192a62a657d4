//! The contracts inside a conversation: tools' `inputSchema` /
//! `outputSchema` and elicitations' `requestedSchema`, learnt from the
//! traffic and judged (`mcpwire::contracts`, the rules `contract.*`). Every
//! transcript is judged three ways — the library `Session` on the bytes
//! path, on the `Value` path, and `mcpwire check` — with the same findings.

use std::io::Read;
use std::net::TcpListener;
use std::time::Duration;

use assert_cmd::Command;
use mcpwire::{
    contracts::{Engine, SchemaLimits, SchemaProblem, Verdict},
    session::rules,
    Direction, Session,
};
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
fn a_local_ref_that_does_not_resolve_is_reported() {
    let problem = Engine::shared()
        .compile(&json!({"$ref": "#/$defs/missing"}))
        .unwrap_err();
    assert!(
        matches!(
            &problem,
            SchemaProblem::UnresolvableRef { network: false, .. }
        ),
        "{problem:?}"
    );
    let problem = Engine::shared()
        .compile(&json!({"$ref": "other.json"}))
        .unwrap_err();
    assert!(
        matches!(&problem, SchemaProblem::UnresolvableRef { .. }),
        "{problem:?}"
    );
    // Refs inside the schema resolve.
    let schema =
        json!({"$defs": {"n": {"type": "integer"}}, "properties": {"a": {"$ref": "#/$defs/n"}}});
    let contract = Engine::shared().compile(&schema).unwrap();
    assert!(matches!(
        contract.judge(&json!({"a": "x"})),
        Verdict::Fails(_)
    ));
    assert_eq!(contract.judge(&json!({"a": 1})), Verdict::Conforms);
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

// --- the engine's bounds ------------------------------------------------

/// Runs `f` on a thread with a 2 MiB stack (a test thread's default).
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn ten_thousand_levels_of_schema_are_refused_without_recursion() {
    on_small_stack(|| {
        let mut deep = json!({"type": "string"});
        for _ in 0..10_000 {
            // Not `json!`: it would copy `deep` by serializing it, recursively.
            let mut level = serde_json::Map::new();
            level.insert("not".into(), deep);
            deep = Value::Object(level);
        }
        let problem = Engine::shared().compile(&deep).unwrap_err();
        assert!(
            matches!(problem, SchemaProblem::OverBounds(_)),
            "{problem:?}"
        );
        // Taken apart level by level (dropping a map recurses per level).
        while let Value::Object(mut level) = deep {
            match level.remove("not") {
                Some(inner) => deep = inner,
                None => break,
            }
        }
    });
}

/// A schema at the depth bound compiles, and a recursive schema judges a
/// value at the instance-depth bound, both on a 2 MiB stack; one level
/// more is refused.
#[test]
fn the_depth_bounds_fit_a_small_stack() {
    on_small_stack(|| {
        let limits = SchemaLimits::DEFAULT;
        let mut deep = json!({"type": "string"});
        for _ in 1..limits.max_depth {
            deep = json!({"not": deep});
        }
        assert!(Engine::shared().compile(&deep).is_ok());
        let recursive = json!({"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}},
                               "$ref": "#/$defs/n"});
        let contract = Engine::shared().compile(&recursive).unwrap();
        let mut value = json!([]);
        for _ in 1..limits.max_instance_depth {
            value = json!([value]);
        }
        assert_eq!(contract.judge(&value), Verdict::Conforms);
        let mut bad = json!(["x"]);
        for _ in 1..limits.max_instance_depth {
            bad = json!([bad]);
        }
        assert!(matches!(contract.judge(&bad), Verdict::Fails(_)));
        value = json!([value]);
        assert!(matches!(contract.judge(&value), Verdict::Unjudged(_)));
    });
}

#[test]
fn a_catastrophic_pattern_ends() {
    let contract = Engine::shared()
        .compile(&json!({"type": "string", "pattern": "^(a+)+$"}))
        .unwrap();
    let input = json!(format!("{}!", "a".repeat(40)));
    assert!(matches!(contract.judge(&input), Verdict::Fails(_)));
    // A backreference needs backtracking: past the limit it is not judged.
    let contract = Engine::shared()
        .compile(&json!({"type": "string", "pattern": "^(a|a?)+\\1$"}))
        .unwrap();
    assert!(matches!(
        contract.judge(&input),
        Verdict::Unjudged(_) | Verdict::Fails(_)
    ));
}

#[test]
fn the_cache_stays_within_its_bounds() {
    let limits = SchemaLimits {
        cache_entries: 8,
        cache_bytes: 600,
        ..SchemaLimits::DEFAULT
    };
    let engine = Engine::new(limits);
    for i in 0..500 {
        let schema = json!({"type": "object", "properties": {format!("p{i}"): {"const": i}}});
        let contract = engine.compile(&schema).unwrap();
        assert!(matches!(
            contract.judge(&json!({format!("p{i}"): -1})),
            Verdict::Fails(_)
        ));
        let stats = engine.cache_stats();
        assert!(stats.entries <= 8 && stats.bytes <= 600, "{stats:?}");
    }
    assert!(engine.cache_stats().entries > 0);
    // A schema seen again comes from the cache: the same compiled contract.
    let schema = json!({"type": "integer"});
    let first = engine.compile(&schema).unwrap();
    let second = engine.compile(&schema).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &second));
}

/// The engine's verdicts are plain jsonschema's on the
/// JSON-Schema-Test-Suite's draft2020-12 cases (`../shared`; skipped when
/// the suite is not there): the registry resource, the refusing retriever
/// and the bounds change no verdict. A schema the engine refuses is one
/// with a `$ref` outside itself or a dialect it does not judge.
#[test]
fn verdicts_are_plain_jsonschemas_on_the_suite() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/json-schema-test-suite/tests/draft2020-12"
    );
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: no test suite at {dir}");
        return;
    };
    let engine = Engine::new(SchemaLimits::DEFAULT);
    let (mut compared, mut refused) = (0, Vec::new());
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let groups: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for group in groups.as_array().unwrap() {
            let schema = &group["schema"];
            let Ok(plain) = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(schema)
            else {
                continue;
            };
            let ours = match engine.compile(schema) {
                Ok(c) => c,
                Err(problem) => {
                    assert!(
                        matches!(
                            problem,
                            SchemaProblem::UnresolvableRef { .. }
                                | SchemaProblem::UnsupportedDialect(_)
                        ),
                        "{}: {}: {problem}",
                        path.display(),
                        group["description"]
                    );
                    refused.push(format!("{}: {}", path.display(), group["description"]));
                    continue;
                }
            };
            for test in group["tests"].as_array().unwrap() {
                let data = &test["data"];
                let verdict = ours.judge(data);
                assert_eq!(
                    verdict == Verdict::Conforms,
                    plain.is_valid(data),
                    "{}: {} / {}: {verdict:?}",
                    path.display(),
                    group["description"],
                    test["description"]
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "{compared} compared");
    assert!(refused.len() < 30, "{refused:#?}");
}

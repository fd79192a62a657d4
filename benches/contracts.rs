//! Contracts (`mcpwire::contracts`): what judging a tool's result against
//! its `outputSchema` costs in a session.
//!
//! - `call_with_contract`: a 2025-11-25 `tools/call` request and its result
//!   with `structuredContent` (text, bytes path), the tool listed with an
//!   `inputSchema` and an `outputSchema` (compiled once, cached): the
//!   arguments and the structured content judged;
//! - `call_without_contract`: the same two messages, the tool listed with
//!   neither schema (the result still read for its `TextContent` mirror);
//! - `compile_tool_schemas`: compiling the tool's two schemas, no cache.
//!
//! `cargo bench --bench contracts` (docs/benchmarks.md, "Contracts").

use criterion::{criterion_group, criterion_main, Criterion};
use mcpwire::{
    contracts::{Engine, SchemaLimits},
    Direction, Session,
};
use serde_json::{json, Value};

const C2S: Direction = Direction::ClientToServer;
const S2C: Direction = Direction::ServerToClient;

fn input_schema() -> Value {
    json!({"type": "object", "properties": {"location": {"type": "string"},
           "units": {"type": "string", "enum": ["metric", "imperial"]}}, "required": ["location"]})
}

fn output_schema() -> Value {
    json!({"type": "object", "properties": {"temperature": {"type": "number"},
           "conditions": {"type": "string"}, "humidity": {"type": "integer", "minimum": 0, "maximum": 100}},
           "required": ["temperature", "conditions", "humidity"]})
}

/// A session past `initialize` and `tools/list` (the tool as given).
fn session(tool: Value) -> Session {
    let mut s = Session::auto();
    let setup = [
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "c", "version": "1"}}}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}}),
        ),
        (
            C2S,
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ),
        (
            C2S,
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        ),
        (
            S2C,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool]}}),
        ),
    ];
    for (direction, msg) in setup {
        assert!(s.judge(direction, &msg).is_valid());
    }
    s
}

/// `message` (whose id is `2`) with id `id`: the text rewritten in place.
fn with_id(message: &[u8], id: u64) -> Vec<u8> {
    let text = std::str::from_utf8(message).expect("JSON text");
    text.replacen("\"id\":2", &format!("\"id\":{id}"), 1)
        .into_bytes()
}

fn bench(c: &mut Criterion) {
    let structured = json!({"temperature": 21.5, "conditions": "clear sky", "humidity": 40});
    let request = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "get_weather", "arguments": {"location": "Lisbon", "units": "metric"}}}))
    .unwrap();
    let result = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 2, "result": {
        "content": [{"type": "text", "text": structured.to_string()}],
        "structuredContent": structured, "isError": false}}))
    .unwrap();
    let with = json!({"name": "get_weather", "inputSchema": input_schema(), "outputSchema": output_schema()});
    let without = json!({"name": "get_weather", "inputSchema": {"type": "object"}});
    let mut group = c.benchmark_group("contracts");
    for (name, tool) in [
        ("call_with_contract", with),
        ("call_without_contract", without),
    ] {
        let mut s = session(tool);
        // A fresh id per call, as real traffic has (a reused one is the
        // case below).
        let mut id = 2u64;
        let mut pair = || {
            id += 1;
            let (request, result) = (with_id(&request, id), with_id(&result, id));
            let a = s.judge(C2S, &request);
            let b = s.judge(S2C, &result);
            assert!(a.reports[0].warnings.is_empty() && b.reports[0].warnings.is_empty());
        };
        pair();
        group.bench_function(name, |b| b.iter(&mut pair));
    }
    // One id for every call (a peer that reuses it once answered): the
    // session's answered-id and open-call tables must stay O(1) per
    // message here too.
    let mut s = session(json!({"name": "get_weather", "inputSchema": input_schema(),
        "outputSchema": output_schema()}));
    group.bench_function("call_reusing_one_id", |b| {
        b.iter(|| {
            s.judge(C2S, &request);
            s.judge(S2C, &result);
        })
    });
    let uncached = Engine::new(SchemaLimits {
        cache_entries: 0,
        ..SchemaLimits::DEFAULT
    });
    let (input, output) = (input_schema(), output_schema());
    group.bench_function("compile_tool_schemas", |b| {
        b.iter(|| {
            uncached.compile(&input).unwrap();
            uncached.compile(&output).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

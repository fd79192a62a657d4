//! `mcpwire::snapshot::diff` on two snapshots of 200 tools each (input and
//! output schemas of a dozen members, nested objects, enums, a `$ref`), a
//! tenth of the tools changed — the size of a large real server. The
//! budget is 100 ms per diff (docs/snapshot.md "Speed").
//!
//! `cargo bench --bench snapshot_diff`

use criterion::{criterion_group, criterion_main, Criterion};
use mcpwire::snapshot::{diff, Builder, List, Snapshot};
use serde_json::{json, Value};

fn tool(i: usize, changed: bool) -> Value {
    let units = if changed {
        json!(["metric"])
    } else {
        json!(["metric", "imperial"])
    };
    let mut properties = serde_json::Map::new();
    for m in 0..8 {
        properties.insert(
            format!("field_{m}"),
            json!({"type": "string", "description": format!("Member {m} of tool {i}"), "minLength": 1, "maxLength": 200}),
        );
    }
    properties.insert("units".into(), json!({"type": "string", "enum": units}));
    properties.insert(
        "limit".into(),
        json!({"type": "integer", "minimum": 1, "maximum": if changed { 50 } else { 100 }}),
    );
    properties.insert("where".into(), json!({"$ref": "#/$defs/Place"}));
    properties.insert(
        "tags".into(),
        json!({"type": "array", "items": {"type": "string"}, "maxItems": 10}),
    );
    json!({
        "name": format!("tool_{i:03}"),
        "title": format!("Tool {i}"),
        "description": "A tool with a realistic schema",
        "annotations": {"readOnlyHint": true},
        "inputSchema": {
            "type": "object",
            "properties": properties,
            "required": ["field_0", "units"],
            "$defs": {"Place": {"type": "object", "properties": {
                "lat": {"type": "number", "minimum": -90, "maximum": 90},
                "lon": {"type": "number", "minimum": -180, "maximum": 180}
            }, "required": ["lat", "lon"]}}
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "items": {"type": "array", "items": {"type": "object", "properties": {
                    "id": {"type": "string"}, "score": {"type": "number"}
                }, "required": ["id"]}},
                "total": {"type": "integer"}
            },
            "required": if changed { json!(["items"]) } else { json!(["items", "total"]) }
        }
    })
}

fn snapshot(changed_every: usize) -> Snapshot {
    let tools: Vec<Value> = (0..200)
        .map(|i| tool(i, changed_every > 0 && i % changed_every == 0))
        .collect();
    let mut b = Builder::new();
    b.server("2025-11-25", &json!({"capabilities": {"tools": {"listChanged": true}}, "serverInfo": {"name": "big", "version": "1"}}));
    b.page("2025-11-25", List::Tools, true, &json!({ "tools": tools }));
    b.finish()
}

fn bench(c: &mut Criterion) {
    let old = snapshot(0);
    let new = snapshot(10);
    assert!(!diff(&old, &new).is_empty());
    c.bench_function("diff 200 tools, 20 changed", |b| {
        b.iter(|| diff(&old, &new))
    });
    c.bench_function("diff 200 tools, unchanged", |b| b.iter(|| diff(&old, &old)));
    let text = new.to_json();
    c.bench_function("read a 200-tool snapshot file", |b| {
        b.iter(|| Snapshot::from_json(&text).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);

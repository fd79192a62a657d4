//! `schema_compat` against a real validator (the `jsonschema` crate): for
//! every input schema change it calls compatible (widened, declared,
//! annotation), every instance the old schema accepts — its `examples` and
//! values made by a small generator from the schemas — the new one accepts
//! too. For every change it calls narrowed, the generator finds an
//! instance the old schema accepts and the new one refuses.

use mcpwire::schema_compat::{compare, Effect};
use serde_json::{json, Map, Value};

/// Values a schema's keywords suggest (enum members, bounds and around
/// them, lengths), of every type, plus the schema's own `examples`.
fn samples(schema: &Value, depth: usize, out: &mut Vec<Value>) {
    out.extend([
        json!(null),
        json!(true),
        json!(false),
        json!(0),
        json!(-1),
        json!(1),
        json!(2.5),
        json!(7),
        json!(12),
        json!(1e6),
    ]);
    out.extend([
        json!(""),
        json!("a"),
        json!("ab"),
        json!("abcdef"),
        json!("A1"),
        json!([]),
        json!({}),
    ]);
    let Some(s) = schema.as_object() else { return };
    for k in ["enum", "examples"] {
        if let Some(Value::Array(values)) = s.get(k) {
            out.extend(values.iter().cloned());
        }
    }
    if let Some(c) = s.get("const") {
        out.push(c.clone());
    }
    for k in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        if let Some(n) = s.get(k).and_then(Value::as_f64) {
            out.extend([
                json!(n),
                json!(n - 1.0),
                json!(n + 1.0),
                json!(n - 0.5),
                json!(n + 0.5),
            ]);
        }
    }
    for k in ["minLength", "maxLength"] {
        if let Some(n) = s.get(k).and_then(Value::as_u64) {
            out.extend([
                json!("x".repeat(n as usize)),
                json!("x".repeat(n as usize + 1)),
            ]);
            out.push(json!("x".repeat((n as usize).saturating_sub(1))));
        }
    }
    if depth == 0 {
        return;
    }
    if let Some(items) = s.get("items") {
        let mut inner = Vec::new();
        samples(items, depth - 1, &mut inner);
        out.extend(inner.iter().map(|v| json!([v])));
        out.push(Value::Array(inner.into_iter().take(3).collect()));
    }
    if let Some(Value::Object(props)) = s.get("properties") {
        // Each member alone and all members with each of their samples.
        let mut per: Vec<(String, Vec<Value>)> = Vec::new();
        let mut defaults = Map::new();
        for (name, sub) in props {
            let mut inner = Vec::new();
            samples(sub, depth - 1, &mut inner);
            // A value the member's own schema accepts, to fill the others.
            let valid = jsonschema::validator_for(sub).ok();
            let fits = |x: &&Value| valid.as_ref().is_some_and(|v| v.is_valid(x));
            if let Some(d) = inner.iter().find(fits).or(inner.first()) {
                defaults.insert(name.clone(), d.clone());
            }
            per.push((name.clone(), inner));
        }
        for (name, values) in &per {
            for v in values {
                let mut full = defaults.clone();
                full.insert(name.clone(), v.clone());
                out.push(Value::Object(full));
                out.push(json!({ name.clone(): v }));
            }
        }
        out.push(json!({"extra": 1}));
    }
}

fn accepted_by_old(old: &Value, new: &Value) -> Vec<Value> {
    let mut all = Vec::new();
    samples(old, 3, &mut all);
    samples(new, 3, &mut all);
    let validator = jsonschema::validator_for(old).unwrap();
    all.into_iter().filter(|v| validator.is_valid(v)).collect()
}

fn base() -> Value {
    json!({
        "type": "object",
        "properties": {
            "location": {"type": "string", "minLength": 2, "maxLength": 40, "examples": ["Lisbon"]},
            "units": {"type": "string", "enum": ["metric", "imperial"]},
            "days": {"type": "integer", "minimum": 1, "maximum": 7},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 3},
            "scale": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.5}
        },
        "required": ["location"],
        "additionalProperties": false
    })
}

type Edit = fn(&mut Value);

/// Changes an input schema may undergo, each with what a client sees.
fn edits() -> Vec<(&'static str, Edit, bool)> {
    vec![
        // (name, edit, compatible for an input)
        (
            "enum widened",
            |s| s["properties"]["units"]["enum"] = json!(["metric", "imperial", "kelvin"]),
            true,
        ),
        (
            "enum narrowed",
            |s| s["properties"]["units"]["enum"] = json!(["metric"]),
            false,
        ),
        ("required removed", |s| s["required"] = json!([]), true),
        (
            "required added",
            |s| s["required"] = json!(["location", "days"]),
            false,
        ),
        (
            "maximum raised",
            |s| s["properties"]["days"]["maximum"] = json!(14),
            true,
        ),
        (
            "minimum raised",
            |s| s["properties"]["days"]["minimum"] = json!(2),
            false,
        ),
        (
            "integer to number",
            |s| s["properties"]["days"]["type"] = json!("number"),
            true,
        ),
        (
            "number to integer",
            |s| s["properties"]["scale"]["type"] = json!("integer"),
            false,
        ),
        (
            "type made nullable",
            |s| s["properties"]["location"]["type"] = json!(["string", "null"]),
            true,
        ),
        (
            "maxLength lowered",
            |s| s["properties"]["location"]["maxLength"] = json!(4),
            false,
        ),
        (
            "minLength lowered",
            |s| s["properties"]["location"]["minLength"] = json!(0),
            true,
        ),
        (
            "maxItems raised",
            |s| s["properties"]["tags"]["maxItems"] = json!(10),
            true,
        ),
        (
            "maxItems lowered",
            |s| s["properties"]["tags"]["maxItems"] = json!(0),
            false,
        ),
        (
            "items widened",
            |s| s["properties"]["tags"]["items"] = json!({"type": ["string", "number"]}),
            true,
        ),
        (
            "exclusiveMinimum to minimum",
            |s| {
                let m = s["properties"]["scale"].as_object_mut().unwrap();
                m.remove("exclusiveMinimum");
                m.insert("minimum".into(), json!(0));
            },
            true,
        ),
        (
            "multipleOf finer",
            |s| s["properties"]["scale"]["multipleOf"] = json!(0.25),
            true,
        ),
        (
            "multipleOf coarser",
            |s| s["properties"]["scale"]["multipleOf"] = json!(1),
            false,
        ),
        (
            "additionalProperties opened",
            |s| {
                s.as_object_mut().unwrap().remove("additionalProperties");
            },
            true,
        ),
        (
            "optional member added",
            |s| s["properties"]["lang"] = json!({"type": "string"}),
            true,
        ),
        (
            "member removed under additionalProperties false",
            |s| {
                s["properties"].as_object_mut().unwrap().remove("tags");
            },
            false,
        ),
        (
            "pattern added",
            |s| s["properties"]["location"]["pattern"] = json!("^[A-Z]"),
            false,
        ),
        (
            "description changed",
            |s| s["properties"]["location"]["description"] = json!("City"),
            true,
        ),
        (
            "moved into $defs",
            |s| {
                let units = s["properties"]["units"].take();
                s["$defs"] = json!({"Units": units});
                s["properties"]["units"] = json!({"$ref": "#/$defs/Units"});
            },
            true,
        ),
    ]
}

#[test]
fn compatible_input_changes_accept_every_old_instance() {
    for (name, edit, compatible) in edits() {
        let old = base();
        let mut new = base();
        edit(&mut new);
        let changes = compare(&old, &new);
        let breaking = changes.iter().any(|c| {
            matches!(
                c.effect,
                Effect::Narrowed | Effect::Changed | Effect::Undecided
            )
        });
        assert_eq!(!breaking, compatible, "{name}: {changes:#?}");
        let instances = accepted_by_old(&old, &new);
        assert!(
            instances.len() > 10,
            "{name}: too few instances ({})",
            instances.len()
        );
        let validator = jsonschema::validator_for(&new).unwrap();
        let refused: Vec<&Value> = instances
            .iter()
            .filter(|v| !validator.is_valid(v))
            .collect();
        if compatible {
            assert!(
                refused.is_empty(),
                "{name}: compatible, yet the new schema refuses {refused:?}"
            );
        } else {
            assert!(
                !refused.is_empty(),
                "{name}: narrowed, yet no instance shows it"
            );
        }
    }
}

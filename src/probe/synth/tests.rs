//! The synthesiser's instances, checked with the `jsonschema` crate.

use super::*;

fn valid(schema: &Value) -> Value {
    let made = instance(schema);
    let validator = jsonschema::validator_for(schema).expect("a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(&made)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{made} breaks {schema}: {errors:?}");
    made
}

#[test]
fn required_properties_of_every_type() {
    let made = valid(&json!({
        "type": "object",
        "properties": {
            "s": {"type": "string", "minLength": 8},
            "i": {"type": "integer", "minimum": 3, "maximum": 9},
            "n": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "b": {"type": "boolean"},
            "a": {"type": "array", "items": {"type": "integer"}, "minItems": 2},
            "e": {"enum": ["red", "green"]},
            "c": {"const": 42},
            "o": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
            "optional": {"type": "string"}
        },
        "required": ["s", "i", "n", "b", "a", "e", "c", "o"]
    }));
    assert_eq!(made["i"], json!(3));
    assert_eq!(made["e"], json!("red"));
    assert_eq!(made["c"], json!(42));
    assert!(made.get("optional").is_none());
    assert_eq!(made["a"].as_array().map(Vec::len), Some(2));
}

#[test]
fn refs_and_combinators() {
    valid(&json!({
        "$defs": {"pos": {"type": "integer", "exclusiveMinimum": 0, "multipleOf": 5}},
        "type": "object",
        "properties": {
            "r": {"$ref": "#/$defs/pos"},
            "any": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
            "all": {"allOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"properties": {"b": {"type": "boolean"}}, "required": ["b"]}
            ]},
            "nullable": {"type": ["null", "string"], "format": "email"}
        },
        "required": ["r", "any", "all", "nullable"]
    }));
}

#[test]
fn a_recursive_ref_ends() {
    let schema = json!({"$ref": "#"});
    assert_eq!(instance(&schema), Value::Null);
}

/// A tiny deterministic generator (xorshift) of schemas from the
/// keywords the synthesiser claims; every instance must satisfy its
/// schema by the `jsonschema` crate.
#[test]
fn generated_schemas_are_satisfied() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for _ in 0..2000 {
        let schema = schema_gen(&mut next, 0);
        valid(&schema);
    }
}

fn schema_gen(next: &mut impl FnMut(u64) -> u64, depth: u32) -> Value {
    let leaf = depth >= 3;
    match next(if leaf { 6 } else { 9 }) {
        0 => {
            let min = next(20);
            let mut s = json!({"type": "string", "minLength": min});
            if next(2) == 0 {
                s["maxLength"] = json!(min + next(5));
            }
            if next(3) == 0 {
                let format = ["uri", "email", "date-time", "uuid"][next(4) as usize];
                s["format"] = json!(format);
            }
            s
        }
        1 => {
            let low = next(200) as i64 - 100;
            let mut s = json!({"type": "integer"});
            match next(4) {
                0 => s["minimum"] = json!(low),
                1 => s["exclusiveMinimum"] = json!(low),
                2 => s["maximum"] = json!(low),
                _ => s["exclusiveMaximum"] = json!(low),
            }
            if next(2) == 0 {
                s["multipleOf"] = json!(next(7) + 1);
            }
            s
        }
        2 => {
            let low = next(100) as f64 / 4.0;
            let mut s = json!({"type": "number", "exclusiveMinimum": low});
            if next(2) == 0 {
                s["maximum"] = json!(low + 1.0 + next(10) as f64);
            }
            s
        }
        3 => json!({"enum": [next(5), "b", null]}),
        4 => json!({"const": {"k": next(9)}}),
        5 => {
            let t = ["null", "boolean"][next(2) as usize];
            json!({ "type": t })
        }
        6 => {
            let mut props = Map::new();
            let mut required = Vec::new();
            for i in 0..next(4) {
                let name = format!("p{i}");
                props.insert(name.clone(), schema_gen(next, depth + 1));
                if next(3) > 0 {
                    required.push(json!(name));
                }
            }
            json!({"type": "object", "properties": props, "required": required})
        }
        7 => {
            let min = next(4);
            json!({"type": "array", "items": schema_gen(next, depth + 1), "minItems": min, "maxItems": min + next(3)})
        }
        _ => {
            let key = ["anyOf", "oneOf"][next(2) as usize];
            let first = schema_gen(next, depth + 1);
            // A oneOf's first branch must not also match the second.
            let second = if key == "oneOf" {
                json!({"not": {}})
            } else {
                schema_gen(next, depth + 1)
            };
            json!({key: [first, second]})
        }
    }
}

/// `pattern`s: the string read off the regex satisfies the schema (the
/// `jsonschema` crate, ECMA-262 semantics), lengths included.
#[test]
fn patterns_are_honoured() {
    for (pattern, min, max) in [
        ("^[a-z]{3}-\\d{4}$", None, None),
        ("^[A-Z][a-z]+$", Some(6), Some(9)),
        ("^(foo|bar)+$", Some(7), None),
        ("^\\d+(\\.\\d+)?$", None, None),
        ("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", None, None),
        ("^v[0-9]+\\.[0-9]+\\.[0-9]+$", None, Some(12)),
        ("[0-9a-f]{8}", Some(10), None),
        ("^\\p{Lu}{2}$", None, None),
        ("^[\\w.-]+$", Some(3), Some(3)),
        ("^$", None, None),
    ] {
        let mut schema = json!({"type": "string", "pattern": pattern});
        if let Some(min) = min {
            schema["minLength"] = json!(min);
        }
        if let Some(max) = max {
            schema["maxLength"] = json!(max);
        }
        let made = valid(&schema);
        assert_ne!(made, json!("probe"), "{pattern}: {made}");
    }
    // Inside an object, as a tool's argument.
    valid(&json!({"type": "object", "properties": {
        "id": {"type": "string", "pattern": "^[A-Z]{2}[0-9]{3}$"}}, "required": ["id"]}));
}

/// What `regex-syntax` cannot read (ECMA-262 lookaround, backreferences)
/// or what cannot fit falls back to the plain text, never a panic.
#[test]
fn unreadable_patterns_fall_back() {
    for pattern in ["^(?=.*\\d)\\w+$", "^(a)\\1$", "[", "^[^]$"] {
        let made = instance(&json!({"type": "string", "pattern": pattern}));
        assert_eq!(made, json!("probe"), "{pattern}");
    }
    let impossible = json!({"type": "string", "pattern": "^a$", "minLength": 7});
    assert_eq!(instance(&impossible), json!("probexx"));
}

/// Numbers take the small end of their range; an optional number is sent
/// at it rather than left to the server's default.
#[test]
fn numbers_at_the_small_end() {
    let made = valid(&json!({"type": "object", "properties": {
        "duration": {"type": "number", "default": 10},
        "steps": {"type": "integer", "default": 5},
        "upTo": {"type": "integer", "maximum": 0},
        "below": {"type": "number", "exclusiveMaximum": 1},
        "from": {"type": "integer", "minimum": 7},
        "name": {"type": "string"}
    }}));
    assert_eq!(
        made,
        json!({"duration": 1, "steps": 1, "upTo": 0, "below": 0, "from": 7})
    );
    let capped = valid(&json!({"type": "object", "maxProperties": 1,
        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}));
    assert_eq!(capped.as_object().map(|o| o.len()), Some(1));
}

//! The bytes stage on a tiny schema: one snapshot of the generated module
//! (`codegen/tests/snapshots/bytes/tiny.rs`; accept drift with
//! `EXPECTORATE=overwrite`), the shapes each keyword compiles to, and
//! determinism.

use serde_json::{json, Value};

use super::generate;
use crate::{Schema, Version};

fn schema(defs: Value) -> Schema {
    let version = Version::by_name("draft").expect("draft");
    Schema::new(version, json!({ "$defs": defs })).expect("schema")
}

fn tiny() -> Schema {
    schema(json!({
        "Request": {
            "type": "object",
            "properties": {
                "jsonrpc": {"const": "2.0", "type": "string"},
                "id": {"$ref": "#/$defs/RequestId"},
                "method": {"type": "string"},
                "params": {"type": "object", "additionalProperties": {"type": "string"}},
                "level": {"enum": ["debug", "info"], "type": "string"},
                "uri": {"type": "string", "format": "uri"},
                "progress": {"type": "number", "minimum": 0, "maximum": 1.5},
                "count": {"type": "integer"},
                "flag": {"const": true},
                "list": {"type": "array", "items": {"$ref": "#/$defs/Block"}, "maxItems": 3},
                "note": {"description": "annotation only"}
            },
            "required": ["jsonrpc", "method", "missing"]
        },
        "RequestId": {"type": ["string", "integer"]},
        "Block": {"anyOf": [{"$ref": "#/$defs/Text"}, {"$ref": "#/$defs/Image"}, {"type": "null"}]},
        "Text": {
            "type": "object",
            "properties": {"type": {"const": "text", "type": "string"}, "text": {"type": "string"}},
            "required": ["type", "text"]
        },
        "Image": {
            "allOf": [{"$ref": "#/$defs/Base"}],
            "type": "object",
            "properties": {"type": {"const": "image", "type": "string"}, "data": {"type": "string", "format": "byte"}},
            "required": ["type", "data"],
            "additionalProperties": false
        },
        "Base": {"type": "object", "properties": {"_meta": {"type": "object"}}}
    }))
}

fn text(schema: &Schema) -> String {
    let tokens = generate(schema).expect("generates");
    let file: syn::File = syn::parse2(tokens).expect("generated code parses");
    prettyplease::unparse(&file)
}

#[test]
fn tiny_module_snapshot() {
    let text = text(&tiny());
    expectorate::assert_contents("tests/snapshots/bytes/tiny.rs", &text);
    assert_eq!(text, self::text(&tiny()), "deterministic");
}

#[test]
fn keywords_compile_to_their_shapes() {
    let text = text(&tiny());
    for expected in [
        "r.string_eq(\"2.0\")",
        "\"id\" => rb::refer(r, \"RequestId\", read_request_id)",
        "seen |= 1",
        "seen |= 4",
        "rb::ok(seen == 7)",
        "matches!(s, \"debug\" | \"info\")",
        "rt::format::is_uri(s)",
        "rt::number::ge_int(&n, 0)",
        "rt::number::le_float(&n, 1.5)",
        "rt::number::is_integer(&n)",
        "rb::ok(r.boolean()?)",
        "if n > 3",
        "rb::any_of(",
        "Some(\"type\")",
        "tag: ::std::option::Option::Some(\"image\")",
        "_ => rb::stop()",
        "let mark = r.mark();",
        "r.byte_string()",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert!(
        !text.contains("\"note\""),
        "annotation-only members are skipped"
    );
}

#[test]
fn leaf_keywords_compile_natively() {
    let text = text(&schema(json!({
        "Name": {"type": "string", "minLength": 1, "maxLength": 8, "pattern": "^[a-z]+$"},
        "Price": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1e6, "multipleOf": 0.01},
        "Pair": {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "string"}},
        "Few": {"type": "object", "maxProperties": 3, "properties": {"a": {"type": "string"}}},
        "Fixed": {"const": "ab", "maxLength": 5},
        "Counted": {"minProperties": 1},
    })));
    for expected in [
        "rt::min_chars(s, 1)",
        "rt::max_chars(s, 8)",
        "static RE: rt::Pattern = rt::Pattern::new(\"^[a-z]+$\");",
        "rt::number::gt_int(&n, 0)",
        "rt::number::lt_int(&n, 1000000)",
        "rt::number::multiple_of(&n, 1, -2)",
        "rb::ok(n >= 2)",
        "if n > 2",
        "members += 1;",
        "if members > 3",
        "s == \"ab\"",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // A constant string with a length limit is decoded and tested, not
    // compared by `string_eq` alone.
    assert!(!text.contains("r.string_eq(\"ab\")"), "{text}");
    // `minProperties` would miscount repeated names: the Value path decides.
    let counted = text
        .split("pub fn read_counted")
        .nth(1)
        .expect("read_counted");
    assert!(counted.trim_start().contains("rb::stop()"), "{counted}");
}

#[test]
fn refuses_what_it_cannot_compile() {
    let names: Vec<String> = (0..65).map(|i| format!("m{i}")).collect();
    let err = generate(&schema(
        json!({"Big": {"type": "object", "required": names}}),
    ));
    assert!(
        matches!(err, Err(crate::Error::Unsupported { .. })),
        "{err:?}"
    );
}

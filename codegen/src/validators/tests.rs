//! The validators stage on tiny schemas: one snapshot of prettyplease text
//! per keyword (`codegen/tests/snapshots/validators/<keyword>.rs`; accept
//! drift with `EXPECTORATE=overwrite`), the refusals, and determinism.

use serde_json::{json, Value};

use super::{functions, generate};
use crate::keywords::discriminator;
use crate::node::Node;
use crate::{Error, Schema, Version};

fn schema(defs: Value) -> Schema {
    let version = Version::by_name("draft").expect("draft");
    Schema::new(version, json!({ "$defs": defs })).expect("schema")
}

fn draft07(defs: Value) -> Schema {
    let version = Version::by_name("2025-06-18").expect("2025-06-18");
    Schema::new(version, json!({ "definitions": defs })).expect("schema")
}

fn nodes(schema: &Schema) -> std::collections::BTreeMap<String, Node> {
    crate::keywords::units(schema)
        .expect("parse")
        .into_iter()
        .map(|(unit, node)| (unit.name, node))
        .collect()
}

/// The functions of every definition, as prettyplease text.
fn functions_text(schema: &Schema) -> String {
    let nodes = nodes(schema);
    let cx = crate::keywords::context(schema, &nodes);
    let tokens: proc_macro2::TokenStream = schema
        .defs()
        .keys()
        .flat_map(|name| functions(name, &nodes[name], &cx))
        .map(|(_, tokens)| tokens)
        .collect();
    let file: syn::File = syn::parse2(tokens).expect("generated code parses");
    prettyplease::unparse(&file)
}

fn snapshot(keyword: &str, schema: &Schema) {
    let text = functions_text(schema);
    expectorate::assert_contents(format!("tests/snapshots/validators/{keyword}.rs"), &text);
}

#[test]
fn type_keyword() {
    snapshot(
        "type",
        &schema(json!({
            "Obj": {"type": "object"},
            "Int": {"type": "integer"},
            "Num": {"type": "number"},
            "Id": {"type": ["string", "integer"]},
            "Nullable": {"type": ["integer", "null"], "description": "annotations are ignored"},
        })),
    );
}

#[test]
fn properties_required_additional_properties() {
    snapshot(
        "properties",
        &schema(json!({
            "Open": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "data": {}, "meta": {"additionalProperties": {}}},
                "required": ["name", "id"]
            },
            "Map": {"type": "object", "additionalProperties": {"type": "string"}},
            "Closed": {"type": "object", "properties": {"a": {}, "b": {"type": "boolean"}}, "additionalProperties": false},
            "Empty": {"additionalProperties": false},
            "AnyObject": {"type": "object", "additionalProperties": true},
        })),
    );
}

#[test]
fn items_and_max_items() {
    snapshot(
        "items",
        &schema(json!({
            "Values": {"type": "array", "items": {"type": "string"}, "maxItems": 100},
            "Anything": {"type": "array", "items": {}},
        })),
    );
}

#[test]
fn const_and_enum() {
    snapshot(
        "const_enum",
        &schema(json!({
            "Version": {"type": "string", "const": "2.0"},
            "Code": {"type": "integer", "const": -32021},
            "Scope": {"type": "string", "enum": ["private", "public"]},
            "Mixed": {"enum": ["a", 1, 2.5, true, null]},
        })),
    );
}

#[test]
fn minimum_maximum_format() {
    snapshot(
        "minmax_format",
        &schema(json!({
            "Ttl": {"type": "integer", "minimum": 0},
            "Priority": {"type": "number", "minimum": 0, "maximum": 1},
            "Half": {"type": "number", "maximum": 0.5},
            "Uri": {"type": "string", "format": "uri"},
            "Template": {"type": "string", "format": "uri-template"},
            "Blob": {"type": "string", "format": "byte"},
        })),
    );
}

#[test]
fn ref_any_of_all_of() {
    snapshot(
        "ref_any_of_all_of",
        &schema(json!({
            "JSONValue": {"anyOf": [
                {"$ref": "#/$defs/JSONObject"},
                {"type": "array", "items": {"$ref": "#/$defs/JSONValue"}},
                {"type": ["string", "number", "boolean", "null"]}
            ]},
            "JSONObject": {"type": "object", "additionalProperties": {"$ref": "#/$defs/JSONValue"}},
            "Text": {"type": "object", "properties": {"type": {"const": "text", "type": "string"}, "text": {"type": "string"}}, "required": ["type", "text"]},
            "Image": {"type": "object", "properties": {"type": {"const": "image", "type": "string"}, "data": {"type": "string", "format": "byte"}}, "required": ["type", "data"]},
            "Block": {"anyOf": [{"$ref": "#/$defs/Text"}, {"$ref": "#/$defs/Image"}, {"type": "array", "items": {"$ref": "#/$defs/Text"}}]},
            "Error": {"type": "object", "properties": {"code": {"type": "integer"}}, "required": ["code"]},
            "Coded": {"type": "object", "properties": {"error": {"allOf": [
                {"$ref": "#/$defs/Error", "description": "siblings of $ref are annotations"},
                {"type": "object", "properties": {"code": {"const": -32021, "type": "integer"}}}
            ]}}},
        })),
    );
}

#[test]
fn string_and_number_keywords() {
    snapshot(
        "strings_numbers",
        &schema(json!({
            "Name": {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[a-z]+$"},
            "Ratio": {"exclusiveMinimum": 0, "exclusiveMaximum": 1.5, "multipleOf": 0.0001},
        })),
    );
}

#[test]
fn object_keywords() {
    snapshot(
        "objects",
        &schema(json!({
            "Sized": {"minProperties": 1, "maxProperties": 3},
            "Names": {"propertyNames": {"maxLength": 3}},
            "Dependent": {
                "dependentRequired": {"a": ["b", "c"]},
                "dependentSchemas": {"d": {"required": ["e"]}}
            },
            "Patterned": {
                "properties": {"id": {"type": "integer"}},
                "patternProperties": {"^x-": {"type": "string"}, "^y": {}},
                "additionalProperties": false,
                "required": ["id"]
            },
            "OnlyPatterns": {"patternProperties": {"^n": {"type": "number"}}},
        })),
    );
}

#[test]
fn array_keywords() {
    snapshot(
        "arrays",
        &schema(json!({
            "Tuple": {"prefixItems": [{"type": "string"}, {}], "items": {"type": "integer"}, "minItems": 1},
            "Set": {"uniqueItems": true},
            "SomeString": {"contains": {"type": "string"}},
            "FewStrings": {"contains": {"type": "string"}, "minContains": 2, "maxContains": 3},
            "Constants": {"enum": [[1, 2], {"a": null}, "x"], "const": [1, 2]},
        })),
    );
}

#[test]
fn draft07_dependencies_and_tuples() {
    let text = functions_text(&draft07(json!({
        "X": {
            "dependencies": {"a": ["b"], "c": {"minProperties": 2}},
            "items": [{"type": "string"}],
            "additionalItems": {"type": "integer"}
        }
    })));
    assert!(
        text.contains("rt::dependencies_required(out, path, at, m, \"a\", &[\"b\"]);"),
        "{text}"
    );
    assert!(text.contains("a.get(1..).unwrap_or_default()"), "{text}");
    assert!(text.contains(".enumerate().skip(1)"), "{text}");
}

#[test]
fn dialects_differ_only_in_the_marker() {
    // The node pointers name no definitions container (`D::at("/X")`):
    // only `check_x` names the dialect, so `is_valid_x` and `check_x_at`
    // can be shared across dialects (`crate::share`).
    let defs =
        json!({"X": {"type": "object", "required": ["a"], "properties": {"b": {"const": 1}}}});
    let draft07 = functions_text(&draft07(defs.clone()));
    let draft2020 = functions_text(&schema(defs));
    assert!(draft07.contains("let at = D::at(\"/X\")"), "{draft07}");
    assert!(draft07.contains("check_x_at::<rt::Draft07>"), "{draft07}");
    assert!(!draft07.contains("definitions/X"), "{draft07}");
    assert_eq!(
        draft07.replace("rt::Draft07", "rt::Draft2020_12"),
        draft2020
    );
}

#[test]
fn generation_is_deterministic_and_parses() {
    let defs = json!({
        "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}},
        "A": {"anyOf": [{"$ref": "#/$defs/B"}, {"type": "string"}]},
    });
    let once = generate(&schema(defs.clone()))
        .expect("generate")
        .to_string();
    let twice = generate(&schema(defs)).expect("generate").to_string();
    assert_eq!(once, twice);
    let file: syn::File = syn::parse_str(&once).expect("parses");
    let text = prettyplease::unparse(&file);
    // DEFINITIONS and the enum are sorted by name, whatever the file order.
    let a = text.find("name: \"A\"").expect("A entry");
    let b = text.find("name: \"B\"").expect("B entry");
    assert!(a < b, "{text}");
    assert!(text.contains("pub enum Definition {"), "{text}");
}

fn refusal(defs: Value) -> (String, String) {
    match generate(&schema(defs)) {
        Err(Error::Unsupported { pointer, keyword }) => (pointer, keyword),
        Err(other) => panic!("expected Unsupported, got {other}"),
        Ok(_) => panic!("expected Unsupported, got code"),
    }
}

fn malformed(defs: Value) -> String {
    match generate(&schema(defs)) {
        Err(Error::Malformed { reason, .. }) => reason,
        Err(other) => panic!("expected Malformed, got {other}"),
        Ok(_) => panic!("expected Malformed, got code"),
    }
}

#[test]
fn unknown_keywords_are_refused_with_their_place() {
    let cases = [
        (
            json!({"X": {"type": "string", "maxLenght": 3}}),
            "/$defs/X/maxLenght",
            "maxLenght",
        ),
        (
            json!({"X": {"properties": {"y": {"x-kind": "tag"}}}}),
            "/$defs/X/properties/y/x-kind",
            "x-kind",
        ),
        (
            json!({"X": {"type": "bigint"}}),
            "/$defs/X/type",
            "type bigint",
        ),
        (
            json!({"X": {"$ref": "other.json#/Y"}}),
            "/$defs/X/$ref",
            "$ref other.json#/Y",
        ),
    ];
    for (defs, pointer, keyword) in cases {
        assert_eq!(refusal(defs), (pointer.to_string(), keyword.to_string()));
    }
}

#[test]
fn names_must_be_identifiers_and_must_not_collide() {
    assert!(malformed(json!({"Foo-Bar": {}})).contains("not a Rust identifier"));
    assert!(malformed(json!({"type": {}})).contains("not a Rust identifier"));
    let reason = malformed(json!({"JSONRPCRequest": {}, "JsonrpcRequest": {}}));
    assert!(
        reason.contains("JSONRPCRequest and JsonrpcRequest"),
        "{reason}"
    );
    let reason = malformed(json!({"Foo": {}, "FooAt": {}}));
    assert!(reason.contains("check_foo_at"), "{reason}");
}

#[test]
fn malformed_shapes_are_reported() {
    assert!(malformed(json!({"X": {"required": "a"}})).contains("array of strings"));
    assert!(malformed(json!({"X": {"multipleOf": 0}})).contains("greater than 0"));
    assert!(malformed(json!({"X": {"maxItems": -1}})).contains("non-negative"));
    assert!(malformed(json!({"X": {"type": ["string", "string"]}})).contains("twice"));
}

#[test]
fn discriminators_need_distinct_consts() {
    let s = schema(json!({
        "A": {"properties": {"type": {"const": "a"}, "jsonrpc": {"const": "2.0"}}},
        "B": {"allOf": [{"$ref": "#/$defs/Base"}, {"properties": {"type": {"const": "b"}}}]},
        "Base": {"properties": {"jsonrpc": {"const": "2.0"}}},
        "C": {"properties": {"type": {"const": "a"}}},
        "U": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}, {"type": "string"}]},
        "Ambiguous": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/C"}]},
    }));
    let nodes = nodes(&s);
    let cx = crate::keywords::context(&s, &nodes);
    let branches = |name: &str| nodes[name].any_of.clone().expect("anyOf");
    let found = discriminator::find(&branches("U"), &cx).expect("discriminated");
    assert_eq!(found.property, "type");
    assert_eq!(
        found.tags,
        [Some("a".to_string()), Some("b".to_string()), None]
    );
    assert_eq!(discriminator::find(&branches("Ambiguous"), &cx), None);
}

#[test]
fn collecting_form_runs_the_boolean_form_first() {
    let text = functions_text(&schema(json!({
        "Obj": {"type": "object", "required": ["a"]},
        "Any": {"description": "anything"},
    })));
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "out: &mut Vec<rt::Violation>, ) { if is_valid_obj(v) { return; } let at = D::at(\"/Obj\"); rt::type_("
        ),
        "{text}"
    );
    assert!(
        !flat.contains("is_valid_any(v) {"),
        "nothing to gate: {text}"
    );
}

//! The types stage on tiny schemas.

use serde_json::{json, Value};

use super::normalize::{marker_name, normalize};
use crate::{Error, Schema, Version};

/// A 2020-12 schema with these definitions.
fn schema(defs: Value) -> Schema {
    let version = Version::by_name("draft").expect("draft exists");
    Schema::new(version, json!({ "$defs": defs })).expect("has $defs")
}

/// A draft-07 schema with these definitions.
fn schema07(defs: Value) -> Schema {
    let version = Version::by_name("2024-11-05").expect("2024-11-05 exists");
    Schema::new(version, json!({ "definitions": defs })).expect("has definitions")
}

fn normalized(defs: Value) -> serde_json::Map<String, Value> {
    normalize(&schema(defs)).unwrap().definitions
}

#[test]
fn string_const_becomes_a_marker_reference() {
    let n = normalize(&schema(json!({
        "A": {"type": "object", "properties": {
            "method": {"const": "tools/call", "type": "string", "description": "d"},
            "jsonrpc": {"const": "2.0", "type": "string"}
        }},
        "B": {"type": "object", "properties": {"jsonrpc": {"const": "2.0", "type": "string"}}}
    })))
    .unwrap();
    let props = &n.definitions["A"]["properties"];
    assert_eq!(
        props["method"],
        json!({"description": "d", "$ref": "#/definitions/McpwireConstToolsCall"})
    );
    assert_eq!(
        props["jsonrpc"],
        json!({"$ref": "#/definitions/McpwireConstV20"})
    );
    // One marker per distinct value, shared by every use.
    assert_eq!(
        n.definitions["B"]["properties"]["jsonrpc"],
        props["jsonrpc"]
    );
    assert_eq!(n.consts.markers.len(), 2);
    assert_eq!(
        n.definitions["McpwireConstV20"],
        json!({"type": "string", "enum": ["2.0"]})
    );
}

#[test]
fn marker_names_are_plain_pascal_case() {
    assert_eq!(marker_name("tools/call"), "ToolsCall");
    assert_eq!(
        marker_name("notifications/tools/list_changed"),
        "NotificationsToolsListChanged"
    );
    assert_eq!(marker_name("2.0"), "V20");
    assert_eq!(marker_name("ref/resource"), "RefResource");
}

#[test]
fn integer_consts_are_dropped() {
    let d = normalized(json!({"E": {"type": "integer", "const": -32042}}));
    assert_eq!(d["E"], json!({"type": "number"}));
}

#[test]
fn numbers_map_to_number_everywhere() {
    let d = normalized(json!({
        "I": {"type": "integer", "minimum": 0, "description": "ms"},
        "F": {"type": "number", "maximum": 1},
        "Id": {"type": ["string", "integer"]},
        "Ttl": {"type": ["integer", "null"]},
        "Mixed": {"type": ["boolean", "integer", "number", "string"]},
        "Level": {"type": "integer", "enum": [1, 2]}
    }));
    assert_eq!(d["I"], json!({"type": "number", "description": "ms"}));
    assert_eq!(d["F"], json!({"type": "number"}));
    assert_eq!(d["Id"], json!({"type": ["string", "number"]}));
    assert_eq!(d["Ttl"], json!({"type": ["number", "null"]}));
    assert_eq!(d["Mixed"], json!({"type": ["boolean", "number", "string"]}));
    assert_eq!(d["Level"], json!({"type": "number"}));
}

#[test]
fn open_objects_get_an_explicit_empty_additional_properties() {
    let d = normalized(json!({
        "Absent": {"type": "object", "properties": {"a": {"type": "string"}}},
        "True": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": true},
        "Empty": {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {}},
        "Map": {"type": "object", "additionalProperties": true},
        "Typed": {"type": "object", "additionalProperties": {"type": "string"}}
    }));
    for name in ["Absent", "True", "Empty"] {
        assert_eq!(d[name]["additionalProperties"], json!({}), "{name}");
    }
    assert_eq!(
        d["Map"],
        json!({"type": "object", "additionalProperties": {}})
    );
    assert_eq!(
        d["Typed"]["additionalProperties"],
        json!({"type": "string"})
    );
}

#[test]
fn optional_arrays_and_maps_become_nullable() {
    let d = normalized(
        json!({"A": {"type": "object", "required": ["req"], "properties": {
            "req": {"type": "array", "items": {"type": "string"}},
            "opt": {"type": "array", "items": {"type": "string"}},
            "meta": {"type": "object", "additionalProperties": {}},
            "inner": {"type": "object", "properties": {"x": {"type": "string"}}}
        }}}),
    );
    let p = &d["A"]["properties"];
    assert_eq!(p["req"]["type"], json!("array"));
    assert_eq!(p["opt"]["type"], json!(["array", "null"]));
    assert_eq!(p["meta"]["type"], json!(["object", "null"]));
    assert_eq!(p["inner"]["type"], json!("object"));
}

#[test]
fn all_of_open_objects_is_merged() {
    // The 2025-11-25 shape that makes typify 0.8 panic.
    let d = normalized(json!({
        "Result": {"type": "object", "additionalProperties": {},
            "properties": {"_meta": {"type": "object", "additionalProperties": {}}}},
        "Task": {"type": "object", "required": ["taskId", "ttl"], "properties": {
            "taskId": {"type": "string"}, "ttl": {"type": ["integer", "null"]}}},
        "GetTaskResult": {"description": "r", "allOf": [
            {"$ref": "#/$defs/Result"}, {"$ref": "#/$defs/Task"}]},
        "Error": {"type": "object", "required": ["code"], "properties": {
            "code": {"type": "integer", "description": "c"}, "data": {}}},
        "Specific": {"allOf": [{"$ref": "#/$defs/Error"}, {"type": "object", "required": ["data"],
            "properties": {"code": {"const": -1, "type": "integer"},
                "data": {"type": "object", "properties": {"x": {"type": "string"}}}}}]}
    }));
    assert_eq!(
        d["GetTaskResult"],
        json!({
            "description": "r",
            "type": "object",
            "properties": {
                "_meta": {"type": ["object", "null"], "additionalProperties": {}},
                "taskId": {"type": "string"},
                "ttl": {"type": ["number", "null"]}
            },
            "required": ["taskId", "ttl"],
            "additionalProperties": {}
        })
    );
    let p = &d["Specific"]["properties"];
    assert_eq!(p["code"], json!({"type": "number", "description": "c"}));
    assert_eq!(p["data"]["properties"]["x"], json!({"type": "string"}));
    assert_eq!(d["Specific"]["required"], json!(["code", "data"]));
}

#[test]
fn any_of_becomes_one_of_and_refs_use_definitions() {
    let d = normalize(&schema07(json!({
        "A": {"type": "object", "properties": {"a": {"type": "string"}}},
        "U": {"anyOf": [{"$ref": "#/definitions/A"}, {"type": "string"}]}
    })))
    .unwrap()
    .definitions;
    assert_eq!(
        d["U"],
        json!({"oneOf": [{"$ref": "#/definitions/A"}, {"type": "string"}]})
    );
    let d = normalized(json!({"A": {"type": "string"}, "B": {"$ref": "#/$defs/A"}}));
    assert_eq!(d["B"], json!({"$ref": "#/definitions/A"}));
}

#[test]
fn validation_only_keywords_are_dropped() {
    let d = normalized(json!({"S": {"type": "object", "properties": {
        "uri": {"type": "string", "format": "uri"},
        "values": {"type": "array", "items": {"type": "string"}, "maxItems": 100}
    }, "required": ["uri", "values"]}}));
    assert_eq!(d["S"]["properties"]["uri"], json!({"type": "string"}));
    assert_eq!(
        d["S"]["properties"]["values"],
        json!({"type": "array", "items": {"type": "string"}})
    );
}

#[test]
fn unknown_keywords_and_foreign_refs_are_unsupported() {
    let err = normalize(&schema(
        json!({"A": {"type": "string", "pattern": "x", "x-foo": {}}}),
    ))
    .unwrap_err();
    assert!(
        matches!(&err, Error::Unsupported { pointer, keyword } if pointer == "/$defs/A/x-foo" && keyword == "x-foo"),
        "{err}"
    );
    // Declared an annotation, it is dropped like one.
    let declared = schema(json!({"A": {"type": "string", "x-foo": {}}})).with_options(
        crate::schema::Options {
            annotations: vec!["x-foo".into()],
            ..Default::default()
        },
    );
    assert_eq!(
        normalize(&declared).unwrap().definitions["A"],
        json!({"type": "string"})
    );
    let err = normalize(&schema(json!({"A": {"$ref": "other.json#/A"}}))).unwrap_err();
    assert!(matches!(err, Error::Unsupported { .. }), "{err}");
}

#[test]
fn a_ref_with_a_sibling_type_is_the_referenced_type() {
    // typify 0.8 asserts on this pair (`typify_panics_become_errors`).
    let out = rendered(json!({
        "A": {"type": "string"},
        "B": {"$ref": "#/$defs/A", "type": "object"}
    }));
    assert!(out.contains("pub struct B(pub A);"), "{out}");
}

#[test]
fn validation_only_keywords_leave_the_plain_shape() {
    let d = normalized(json!({
        "A": {"type": "string", "not": {"const": "x"}, "minLength": 1},
        "B": {"type": "object", "properties": {"a": {"type": "string"}},
              "if": {"required": ["a"]}, "then": {"minProperties": 2},
              "unevaluatedProperties": false, "dependentRequired": {"a": ["b"]}},
        "C": {"type": "object", "patternProperties": {"^x-": {"type": "string"}},
              "additionalProperties": false},
        "D": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "integer"}},
        "E": {"$ref": "#/$defs/A", "maxLength": 3, "description": "d"}
    }));
    assert_eq!(d["A"], json!({"type": "string"}));
    assert_eq!(
        d["B"],
        json!({"type": "object", "properties": {"a": {"type": "string"}},
               "additionalProperties": {}})
    );
    // The members `patternProperties` typed stay in the open map.
    assert_eq!(
        d["C"],
        json!({"type": "object", "additionalProperties": {}})
    );
    // A typed tail without its prefix would refuse valid arrays.
    assert_eq!(d["D"], json!({"type": "array"}));
    assert_eq!(
        d["E"],
        json!({"$ref": "#/definitions/A", "description": "d"})
    );
}

#[test]
fn draft07_tuples_are_plain_arrays() {
    let d = normalize(&schema07(json!({
        "T": {"type": "array", "items": [{"type": "string"}], "additionalItems": false}
    })))
    .unwrap()
    .definitions;
    assert_eq!(d["T"], json!({"type": "array"}));
}

/// Generates and formats the types module of `defs`.
fn rendered(defs: Value) -> String {
    let tokens = super::generate(&schema(defs)).unwrap();
    prettyplease::unparse(&syn::parse2(tokens).unwrap())
}

#[test]
fn generated_types_use_number_const_aliases_and_extra() {
    let out = rendered(json!({
        "JSONRPCRequest": {"type": "object", "required": ["jsonrpc", "id"], "properties": {
            "jsonrpc": {"const": "2.0", "type": "string"},
            "id": {"type": ["string", "integer"]},
            "ttlMs": {"type": "integer", "minimum": 0}
        }}
    }));
    assert!(out.contains("pub jsonrpc: Const<consts::V20>"), "{out}");
    assert!(out.contains("consts::V20"), "{out}");
    assert!(out.contains("Number(::serde_json::Number)"), "{out}");
    assert!(out.contains("Option<::serde_json::Number>"), "{out}");
    assert!(out.contains("pub extra: ::serde_json::Map<"), "{out}");
    assert!(
        out.contains("pub type JSONRPCRequest = JsonrpcRequest;"),
        "{out}"
    );
    assert!(
        out.contains(
            "definition!(JsonrpcRequest, check_jsonrpc_request, \"/$defs/JSONRPCRequest\")"
        ),
        "{out}"
    );
    assert!(
        out.contains("\"JSONRPCRequest\" => visit.visit::<JsonrpcRequest>(value)"),
        "{out}"
    );
    assert!(
        !out.contains("i64") && !out.contains("u64") && !out.contains("f64"),
        "{out}"
    );
}

#[test]
fn unions_get_a_most_specific_deserializer() {
    let out = rendered(json!({
        "Result": {"type": "object", "properties": {"_meta": {"type": "object"}}},
        "ListResult": {"type": "object", "required": ["items"], "properties": {
            "items": {"type": "array", "items": {}}}},
        "AnyResult": {"anyOf": [{"$ref": "#/$defs/Result"}, {"$ref": "#/$defs/ListResult"}]}
    }));
    assert!(
        out.contains("impl<'de> ::serde::Deserialize<'de> for AnyResult"),
        "{out}"
    );
    let flat: String = out.split_whitespace().collect();
    assert!(flat.contains("(\"ListResult\",&[\"items\"],"), "{out}");
    assert!(flat.contains("(\"Result\",&[\"_meta\"],"), "{out}");
    assert!(out.contains("fn deserialize_union<"), "{out}");
    // The derived `Deserialize` is gone (it would conflict).
    let derive = out
        .split("pub enum AnyResult")
        .next()
        .and_then(|head| head.rsplit("#[derive(").next())
        .unwrap();
    assert!(!derive.contains("Deserialize"), "{derive}");
}

#[test]
fn optional_any_members_keep_null() {
    let out = rendered(
        json!({"Error": {"type": "object", "required": ["code"], "properties": {
        "code": {"type": "integer"}, "data": {}}}}),
    );
    assert!(
        out.contains("deserialize_with = \"deserialize_some\""),
        "{out}"
    );
    assert!(out.contains("fn deserialize_some<"), "{out}");
}

#[test]
fn generation_is_deterministic() {
    let defs = json!({
        "A": {"type": "object", "properties": {"m": {"const": "x", "type": "string"},
            "n": {"type": "integer"}}},
        "B": {"type": "object", "properties": {"m": {"const": "y", "type": "string"}}},
        "U": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}
    });
    assert_eq!(rendered(defs.clone()), rendered(defs));
}

#[test]
fn typify_panics_become_errors() {
    // A `$ref` with a `type` that differs from the target's trips an
    // `assert!` inside typify 0.8. `normalize` keeps a `$ref` alone, so
    // the pair is handed to typify directly.
    let root = serde_json::from_value(json!({"definitions": {
        "A": {"type": "string"},
        "B": {"$ref": "#/definitions/A", "type": "object"}
    }}))
    .unwrap();
    let settings = super::settings("draft", &Default::default(), Default::default());
    let err = super::run_typify("draft", &settings, root, &["A", "B"]).unwrap_err();
    assert!(
        matches!(&err, Error::Typify { revision, reason } if revision == "draft" && reason.starts_with("typify panicked")),
        "{err}"
    );
}

//! What a schema bump changes: each revision's constraint table, and the
//! comparison of two revisions' patched documents (definitions, methods and
//! constraints added, removed or changed, each with its schema pointer).
//!
//! [`table`] walks every definition structurally, descending into the
//! keywords that hold schemas (`properties`, `items`, `anyOf`, `not`, …),
//! so a change is named at the deepest pointer it sits at. Annotations
//! (`description`, `title`, … [`crate::node::is_annotation`]),
//! `format`s the build does not assert and keywords declared annotations in
//! `schemas/errata.toml` judge nothing and are left out. The table is text
//! (format: [`mcpwire_runtime::constraints`]), emitted per revision as
//! `constraints::TABLE` so that `mcpwire diff` compares compiled revisions
//! without their spec files; the comparison itself is
//! [`mcpwire_runtime::constraints::compare`], shared by both.

use serde_json::Value;

pub use mcpwire_runtime::constraints::{Change, ChangeKind, MethodChange, Report};

use crate::node::is_annotation;
use crate::pointer::join;
use crate::{dispatch, Dialect, Error, Schema};

/// Keywords whose value is one schema.
const ONE_SCHEMA: &[&str] = &[
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "additionalProperties",
    "additionalItems",
    "unevaluatedProperties",
    "unevaluatedItems",
];

/// Keywords whose value is an array of schemas.
const SCHEMA_LIST: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value is an object of schemas by name.
const SCHEMA_MAP: &[&str] = &["properties", "patternProperties", "dependentSchemas"];

/// The constraint table of a schema (the format of
/// [`mcpwire_runtime::constraints`]): definitions in file order, each
/// (sub)schema and verdict-relevant keyword one line.
pub fn table(schema: &Schema) -> String {
    let mut out = String::from(schema.version.dialect.defs_key());
    out.push('\n');
    let draft07 = schema.version.dialect == Dialect::Draft07;
    for (name, value) in schema.defs() {
        walk(schema, draft07, value, &join("", name), &mut out);
    }
    out
}

fn line(out: &mut String, pointer: &str, value: &str) {
    // Pointers and compact JSON never hold a raw newline; a tab in a
    // property name is written escaped so the line keeps two fields.
    out.push_str(&pointer.replace('\t', "\\t"));
    out.push('\t');
    out.push_str(value);
    out.push('\n');
}

fn walk(schema: &Schema, draft07: bool, value: &Value, pointer: &str, out: &mut String) {
    let Value::Object(map) = value else {
        line(out, pointer, &value.to_string());
        return;
    };
    line(out, pointer, "{}");
    for (keyword, v) in map {
        if is_annotation(keyword, draft07) || schema.is_declared_annotation(keyword) {
            continue;
        }
        let at = join(pointer, keyword);
        let k = keyword.as_str();
        match (k, v) {
            ("format", Value::String(name)) if !schema.asserts_format(name) => {}
            (_, Value::Object(members)) if SCHEMA_MAP.contains(&k) => {
                for (name, sub) in members {
                    walk(schema, draft07, sub, &join(&at, name), out);
                }
            }
            ("dependencies", Value::Object(members)) => {
                for (name, sub) in members {
                    match sub {
                        Value::Array(_) => line(out, &join(&at, name), &sub.to_string()),
                        _ => walk(schema, draft07, sub, &join(&at, name), out),
                    }
                }
            }
            (_, Value::Array(items)) if SCHEMA_LIST.contains(&k) || k == "items" => {
                for (i, sub) in items.iter().enumerate() {
                    walk(schema, draft07, sub, &join(&at, &i.to_string()), out);
                }
            }
            _ if ONE_SCHEMA.contains(&k) || k == "items" => walk(schema, draft07, v, &at, out),
            ("$ref", Value::String(reference)) => {
                // Local definition references read the same in both
                // dialects: `#/definitions/X` and `#/$defs/X` are `X`.
                let prefix = format!("#/{}/", schema.version.dialect.defs_key());
                let shown = reference.strip_prefix(&prefix).unwrap_or(reference);
                line(out, &at, &Value::String(shown.to_string()).to_string());
            }
            _ => line(out, &at, &v.to_string()),
        }
    }
}

/// The `(method, definition)` pairs of a revision's dispatch maps.
pub fn methods(maps: &dispatch::Maps) -> Vec<(&str, &str)> {
    maps.methods
        .iter()
        .map(|m| (m.method.as_str(), m.definition.as_str()))
        .collect()
}

/// Compares two revisions' patched schemas: `old` is the base.
pub fn compare(old: &Schema, new: &Schema) -> Result<Report, Error> {
    let (old_maps, new_maps) = (dispatch::extract(old)?, dispatch::extract(new)?);
    let (old_table, new_table) = (table(old), table(new));
    let (old_methods, new_methods) = (methods(&old_maps), methods(&new_maps));
    Ok(mcpwire_runtime::constraints::compare(
        &mcpwire_runtime::constraints::Side {
            revision: old.version.name,
            table: &old_table,
            methods: &old_methods,
        },
        &mcpwire_runtime::constraints::Side {
            revision: new.version.name,
            table: &new_table,
            methods: &new_methods,
        },
    ))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{schema, Version};

    /// A schema of `defs` plus the envelopes dispatch needs.
    fn schema(mut defs: Value) -> Schema {
        for envelope in ENVELOPES {
            defs[envelope] = json!({});
        }
        Schema::new(Version::by_name("draft").unwrap(), json!({ "$defs": defs })).unwrap()
    }

    const ENVELOPES: [&str; 5] = [
        "JSONRPCRequest",
        "JSONRPCNotification",
        "JSONRPCResponse",
        "JSONRPCError",
        "JSONRPCMessage",
    ];

    fn lines(old: Value, new: Value) -> Vec<String> {
        let report = compare(&schema(old), &schema(new)).unwrap();
        report.constraints.into_iter().map(|c| c.line).collect()
    }

    #[test]
    fn a_new_constraint_is_named_at_its_pointer() {
        let old = json!({"BaseMetadata": {"type": "object", "properties": {
            "name": {"type": "string", "description": "a"}}}});
        let new = json!({"BaseMetadata": {"type": "object", "properties": {
            "name": {"type": "string", "maxLength": 256, "description": "b"}}}});
        let report = compare(&schema(old), &schema(new)).unwrap();
        assert_eq!(report.constraints.len(), 1);
        assert_eq!(
            report.constraints[0].line,
            "BaseMetadata.name: maxLength 256 added"
        );
        assert_eq!(
            report.constraints[0].pointer,
            "/$defs/BaseMetadata/properties/name/maxLength"
        );
    }

    #[test]
    fn annotations_and_unasserted_formats_judge_nothing() {
        let old = json!({"A": {"type": "string", "title": "x", "format": "date-time"}});
        let new = json!({"A": {"type": "string", "title": "y", "examples": ["z"]}});
        let report = compare(&schema(old), &schema(new)).unwrap();
        assert!(!report.changes_verdicts(), "{:?}", report.lines());
        // An asserted format is a constraint.
        let lines = lines(
            json!({"A": {"type": "string"}}),
            json!({"A": {"type": "string", "format": "uri"}}),
        );
        assert_eq!(lines, ["A: format \"uri\" added"]);
    }

    #[test]
    fn declared_annotations_judge_nothing() {
        let options = schema::Options {
            annotations: vec!["x-foo".into()],
            ..schema::Options::default()
        };
        let old = schema(json!({"A": {"type": "string"}}));
        let new = schema(json!({"A": {"type": "string", "x-foo": 1}})).with_options(options);
        assert!(!compare(&old, &new).unwrap().changes_verdicts());
    }

    #[test]
    fn descends_into_subschemas() {
        let old = json!({"A": {"anyOf": [{"type": "string"}, {"items": {"type": "integer"}}]},
            "B": {"$ref": "#/$defs/A"}});
        let new = json!({"A": {"anyOf": [{"type": "string", "pattern": "^a"},
            {"items": {"type": "integer", "minimum": 0}}, {"type": "null"}]},
            "B": {"$ref": "#/$defs/C"}, "C": {}});
        assert_eq!(
            lines(old, new),
            [
                "A/anyOf/0: pattern \"^a\" added",
                "A/anyOf/1[]: minimum 0 added",
                "A/anyOf/2: schema added",
                "B: $ref \"A\" → \"C\"",
            ]
        );
    }

    #[test]
    fn a_removed_property_is_one_line() {
        let old = json!({"A": {"properties": {"a": {"type": "string"}, "b": {"type": "string"}},
            "required": ["a", "b"]}});
        let new = json!({"A": {"properties": {"a": {"type": "string"}}, "required": ["a"]}});
        assert_eq!(
            lines(old, new),
            [
                "A.b: property removed",
                "A: required [\"a\",\"b\"] → [\"a\"]"
            ]
        );
    }

    #[test]
    fn methods_added_and_removed() {
        let old = json!({"PingRequest": {"properties": {"method": {"const": "ping"}}}});
        let new = json!({"PongRequest": {"properties": {"method": {"const": "pong"}}}});
        let report = compare(&schema(old), &schema(new)).unwrap();
        let text = report.lines().join("\n");
        assert!(text.contains("method pong added (PongRequest)"), "{text}");
        assert!(
            text.contains("method ping removed (was PingRequest)"),
            "{text}"
        );
        assert!(text.contains("definition PongRequest added"), "{text}");
    }

    #[test]
    fn dialects_compare_by_definition() {
        let mut defs = json!({"A": {"$ref": "#/definitions/B"}, "B": {"type": "string"}});
        for envelope in ENVELOPES {
            defs[envelope] = json!({});
        }
        let old = Schema::new(
            Version::by_name("2025-06-18").unwrap(),
            json!({ "definitions": defs }),
        )
        .unwrap();
        let new = schema(json!({"A": {"$ref": "#/$defs/B"}, "B": {"type": "string"}}));
        assert!(!compare(&old, &new).unwrap().changes_verdicts());
    }
}

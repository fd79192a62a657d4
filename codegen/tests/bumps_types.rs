//! The typed side keeps up with a bump: in every pinned revision, a
//! definition that gains new constraints (string bounds and `pattern`,
//! `minimum`, `oneOf`, `if`/`then`, `not`, `patternProperties`, and in
//! 2020-12 revisions `unevaluatedProperties` and `$ref` with siblings)
//! still generates the whole module — types (typify), validators, bytes —
//! with no change to the generator. Validation-only keywords are dropped
//! from typify's copy (`types::normalize`), so the types stay the plain
//! ones: no constrained newtype appears.
#![cfg(feature = "types")]

use std::path::PathBuf;

use mcpwire_codegen::{
    errata, generate_from_value_with, load, schema_for, Config, Dialect, Options, Version,
};
use serde_json::{json, Value};

fn config() -> Config {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let spec_dir = std::env::var_os("MCPWIRE_SPEC_DIR")
        .map(|d| root.join(d))
        .unwrap_or_else(|| root.join("../shared/mcp-spec"));
    Config {
        spec_dir,
        pin_file: root.join("schemas/pin.toml"),
    }
}

/// Today's file of `v` with `Implementation` (present in every revision)
/// constrained further.
fn bumped(v: Version) -> Value {
    let mut document = load::read(v, &config()).expect("pinned spec file").document;
    let key = v.dialect.defs_key();
    let def = &mut document[key]["Implementation"];
    let name = &mut def["properties"]["name"];
    name["maxLength"] = json!(64);
    name["minLength"] = json!(1);
    name["pattern"] = json!("^[A-Za-z]");
    name["not"] = json!({"const": "forbidden"});
    let props = def["properties"].as_object_mut().unwrap();
    props.insert(
        "weight".into(),
        json!({"type": "integer", "minimum": 0, "maximum": 10}),
    );
    props.insert(
        "mode".into(),
        json!({"oneOf": [{"type": "string", "maxLength": 8}, {"type": "integer"}]}),
    );
    props.insert(
        "tags".into(),
        json!({"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"},
               "uniqueItems": true, "maxItems": 4}),
    );
    def["if"] = json!({"required": ["weight"]});
    def["then"] = json!({"required": ["mode"]});
    def["patternProperties"] = json!({"^x-": {"type": "string"}});
    if v.dialect == Dialect::Draft2020_12 {
        def["unevaluatedProperties"] = json!(false);
        let props = def["properties"].as_object_mut().unwrap();
        props.insert(
            "meta".into(),
            json!({"$ref": "#/$defs/Implementation", "maxProperties": 3,
                   "description": "a reference with siblings"}),
        );
    }
    document
}

#[test]
fn every_revision_generates_with_new_constraints() {
    for &v in Version::ALL {
        let generated = generate_from_value_with(v, "synthetic", bumped(v), Options::default())
            .unwrap_or_else(|e| panic!("{}: {e}", v.name));
        let source = &generated.source;
        let start = source
            .find("pub struct Implementation {")
            .unwrap_or_else(|| panic!("{}: no Implementation struct", v.name));
        let body = &source[start..start + source[start..].find("\n}").unwrap()];
        for field in [
            "pub name: String",
            "pub weight: Option<",
            "pub mode: Option<",
        ] {
            assert!(body.contains(field), "{}: no `{field}` in\n{body}", v.name);
        }
        // No constrained newtype: the validators judge the bounds.
        assert!(
            !source.contains("pub struct ImplementationName"),
            "{}: typify made a newtype for the constrained name",
            v.name
        );
        assert!(source.contains("pub fn is_valid_implementation"));
    }
}

/// The constraints are in the validators' view of the bump (the constraint
/// table), not lost on the way: a typed side that drops them cannot hide
/// them from the verdicts.
#[test]
fn the_dropped_keywords_still_judge() {
    for &v in Version::ALL {
        let patched = errata::apply(v, bumped(v)).unwrap();
        let schema = schema_for(v, patched, &Options::default()).unwrap();
        let table = mcpwire_codegen::diff::table(&schema);
        for row in [
            "/Implementation/properties/name/maxLength\t64",
            "/Implementation/properties/name/pattern\t\"^[A-Za-z]\"",
            "/Implementation/then/required\t[\"mode\"]",
            "/Implementation/patternProperties/^x-/type\t\"string\"",
        ] {
            assert!(table.lines().any(|l| l == row), "{}: no {row}", v.name);
        }
    }
}

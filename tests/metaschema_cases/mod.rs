//! The schemas `tests/metaschema.rs` judges: every case schema of the JSON
//! Schema Test Suite, every MCP revision's `schema.json` and its
//! definitions, and invalid mutations of them.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

#[allow(dead_code)]
#[path = "../support/prng.rs"]
mod prng;

/// The dialects compiled into `mcpwire::metaschema`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Draft7,
    Draft2020_12,
}

/// One schema to judge, with where it came from (for failure messages).
pub struct Case {
    pub dialect: Dialect,
    pub origin: String,
    pub schema: Value,
}

/// The repository root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `../shared/json-schema-test-suite` (`MCPWIRE_JSON_SCHEMA_SUITE` names
/// another), or `None` after saying why; under CI a missing suite panics.
pub fn suite_dir(test: &str) -> Option<PathBuf> {
    let dir = std::env::var_os("MCPWIRE_JSON_SCHEMA_SUITE")
        .map(|d| root().join(d))
        .unwrap_or_else(|| root().join("../shared/json-schema-test-suite"));
    if dir.join("tests").is_dir() {
        return Some(dir);
    }
    let why = format!(
        "the JSON Schema Test Suite is not at {} (a checkout of \
         github.com/json-schema-org/JSON-Schema-Test-Suite; docs/json-schema-suite.md)",
        dir.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED {test}: {why}");
    None
}

/// Every case schema of `tests/<folder>/**/*.json` in the suite.
pub fn suite_cases(suite: &Path, folder: &str, dialect: Dialect) -> Vec<Case> {
    let mut files = Vec::new();
    collect_json(&suite.join("tests").join(folder), &mut files);
    files.sort();
    let mut cases = Vec::new();
    for file in files {
        let text = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let groups: Value =
            serde_json::from_slice(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, group) in groups.as_array().into_iter().flatten().enumerate() {
            cases.push(Case {
                dialect,
                origin: format!("{} case {i}", file.display()),
                schema: group["schema"].clone(),
            });
        }
    }
    cases
}

fn collect_json(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_json(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

/// Every MCP revision's `schema.json` (all of `schemas/pin.toml`, in its
/// pinned dialect) and each of its definitions on its own.
pub fn mcp_cases() -> Vec<Case> {
    let pin: toml::Table = std::fs::read_to_string(root().join("schemas/pin.toml"))
        .expect("schemas/pin.toml")
        .parse()
        .expect("pin is TOML");
    let spec = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root().join(dir),
        None => root().join("../shared/mcp-spec"),
    };
    let mut cases = Vec::new();
    for (revision, dialect) in pin["dialect"].as_table().expect("[dialect]") {
        let dialect = match dialect.as_str() {
            Some("draft-07") => Dialect::Draft7,
            _ => Dialect::Draft2020_12,
        };
        let file = spec.join(revision).join("schema.json");
        let text = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let schema: Value = serde_json::from_slice(&text).expect("schema.json is JSON");
        let defs = ["$defs", "definitions"]
            .iter()
            .find_map(|k| schema.get(*k).and_then(Value::as_object))
            .cloned()
            .unwrap_or_default();
        for (name, definition) in defs {
            cases.push(Case {
                dialect,
                origin: format!("{revision} {name}"),
                schema: definition,
            });
        }
        cases.push(Case {
            dialect,
            origin: format!("{revision} schema.json"),
            schema,
        });
    }
    cases
}

/// The invalid keyword values the mutations plant (a few are valid in a
/// dialect: both judges must agree on those too).
pub fn bad_values(dialect: Dialect) -> Vec<(&'static str, Value)> {
    let defs = match dialect {
        Dialect::Draft7 => "definitions",
        Dialect::Draft2020_12 => "$defs",
    };
    vec![
        ("type", json!("strin")),
        ("type", json!(["string", "string"])),
        ("required", json!("x")),
        ("required", json!(["a", "a"])),
        ("minLength", json!(-1)),
        ("maxItems", json!(1.5)),
        ("properties", json!([])),
        ("properties", json!({"a": 5})),
        ("$ref", json!(5)),
        ("enum", json!({})),
        ("items", json!(3)),
        ("additionalProperties", json!("no")),
        ("uniqueItems", json!("yes")),
        ("pattern", json!(7)),
        ("maximum", json!("1")),
        ("allOf", json!([])),
        ("anyOf", json!({})),
        ("not", json!(null)),
        (defs, json!([])),
        ("dependencies", json!({"a": 1})),
        ("$id", json!(1)),
        ("enum", json!([])),
        // Valid to mcpwire (`format` is an annotation), invalid to
        // `jsonschema::draft7::meta`, which asserts format `regex`.
        ("pattern", json!("(")),
    ]
}

/// `count` mutations of `base`: each sets one bad keyword value in one
/// object of the document (a subschema, or a map of them, or a plain
/// value), chosen by a generator seeded with `label`.
pub fn mutations(base: &Case, label: &str, count: usize) -> Vec<Case> {
    let mut paths = Vec::new();
    objects(&base.schema, String::new(), &mut paths);
    if paths.is_empty() {
        return Vec::new();
    }
    let values = bad_values(base.dialect);
    let mut rng = prng::Rng::derive(0x6d65_7461, label, 0);
    (0..count)
        .map(|_| {
            let at = &paths[rng.below(paths.len())];
            let (keyword, value) = &values[rng.below(values.len())];
            let mut schema = base.schema.clone();
            if let Some(Value::Object(object)) = schema.pointer_mut(at) {
                object.insert((*keyword).to_string(), value.clone());
            }
            Case {
                dialect: base.dialect,
                origin: format!("{} with {at}/{keyword} = {value}", base.origin),
                schema,
            }
        })
        .collect()
}

/// The pointer of every object in `value`, itself included.
fn objects(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let token = key.replace('~', "~0").replace('/', "~1");
                objects(child, format!("{at}/{token}"), out);
            }
            out.push(at);
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                objects(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

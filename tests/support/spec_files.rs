//! The upstream spec files the tests read: each revision's `schema.json`
//! (raw, and with mcpwire's errata, `schemas/errata.toml`, applied) and the
//! spec's examples.
//!
//! The directory comes from `MCPWIRE_SPEC_DIR` (cargo sets it from
//! `.cargo/config.toml`); a relative value resolves against this crate's
//! manifest directory, as in `build.rs`.

use std::path::PathBuf;

use serde_json::Value;

/// The spec mirror: `<dir>/<revision>/schema.json`.
pub fn spec_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    }
}

/// The key holding the definitions (`definitions` or `$defs`): the 2020-12
/// files have `$defs`.
pub fn defs_key(v: mcpwire::Version) -> &'static str {
    if raw_schema(v).get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    }
}

/// The bytes of a revision's published `schema.json`.
fn schema_bytes(v: mcpwire::Version) -> Vec<u8> {
    let path = spec_dir().join(v.as_str()).join("schema.json");
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The sha256 (hex) of the file the tests read, to compare with the one
/// the generated code was built from (`Spec::schema_sha256`).
pub fn schema_sha256(v: mcpwire::Version) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(schema_bytes(v));
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The published `schema.json` of a revision, unpatched.
pub fn raw_schema(v: mcpwire::Version) -> Value {
    serde_json::from_slice(&schema_bytes(v)).unwrap_or_else(|e| panic!("{v} schema.json: {e}"))
}

/// The schema mcpwire generates from: the published file with every
/// erratum of `schemas/errata.toml` for the revision applied, as codegen
/// applies them (each checked to hold its `before` value first).
pub fn patched_schema(v: mcpwire::Version) -> Value {
    let mut schema = raw_schema(v);
    let defs = defs_key(v);
    for erratum in errata() {
        if !erratum.revisions.iter().any(|r| r == v.as_str()) {
            continue;
        }
        let pointer = erratum.pointer.replace("{defs}", defs);
        let target = schema
            .pointer_mut(&pointer)
            .unwrap_or_else(|| panic!("erratum {} for {v}: nothing at {pointer}", erratum.id));
        let before: Value = serde_json::from_str(&erratum.before).expect("erratum before");
        assert_eq!(
            *target, before,
            "erratum {} for {v} at {pointer}",
            erratum.id
        );
        *target = serde_json::from_str(&erratum.after).expect("erratum after");
    }
    schema
}

/// One entry of `schemas/errata.toml` (the fields the tests use).
#[derive(serde::Deserialize)]
struct Erratum {
    id: String,
    revisions: Vec<String>,
    pointer: String,
    before: String,
    after: String,
}

/// `schemas/errata.toml`.
fn errata() -> Vec<Erratum> {
    #[derive(serde::Deserialize)]
    struct File {
        erratum: Vec<Erratum>,
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schemas/errata.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let file: File = toml::from_str(&text).unwrap_or_else(|e| panic!("schemas/errata.toml: {e}"));
    file.erratum
}

/// Every definition name of a (patched) schema, in file order.
pub fn definition_names(v: mcpwire::Version, schema: &Value) -> Vec<String> {
    schema[defs_key(v)]
        .as_object()
        .map(|defs| defs.keys().cloned().collect())
        .unwrap_or_default()
}

/// One spec example: `examples/<definition>/<case>.json`.
#[derive(Clone, Debug)]
pub struct Example {
    /// The definition it instantiates (its directory name).
    pub definition: String,
    /// The file name.
    pub case: String,
    /// The parsed document.
    pub value: Value,
}

/// The revision's examples, sorted by definition and case; none when the
/// revision publishes none (only 2026-07-28 and draft do).
pub fn examples(v: mcpwire::Version) -> Vec<Example> {
    let dir = spec_dir().join(v.as_str()).join("examples");
    let mut out = Vec::new();
    let Ok(defs) = std::fs::read_dir(&dir) else {
        return out;
    };
    for def in defs {
        let def = def.expect("examples directory entry");
        let definition = def.file_name().to_string_lossy().into_owned();
        let Ok(cases) = std::fs::read_dir(def.path()) else {
            continue;
        };
        for case in cases {
            let path = case.expect("example entry").path();
            if path.extension().and_then(|e| e.to_str()) != Some("json") {
                continue;
            }
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
            let value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push(Example {
                definition: definition.clone(),
                case: path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                value,
            });
        }
    }
    out.sort_by(|a, b| (&a.definition, &a.case).cmp(&(&b.definition, &b.case)));
    out
}

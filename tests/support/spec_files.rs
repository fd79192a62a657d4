//! The upstream spec files the tests read: each revision's `schema.json`
//! (raw, and with mcpwire's errata applied) and the spec's examples.
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

/// The codegen view of a run-time revision.
pub fn codegen_version(v: mcpwire::Version) -> mcpwire_codegen::Version {
    mcpwire_codegen::Version::by_name(v.as_str())
        .unwrap_or_else(|| panic!("codegen does not know revision {v}"))
}

/// The key holding the definitions (`definitions` or `$defs`).
pub fn defs_key(v: mcpwire::Version) -> &'static str {
    codegen_version(v).dialect.defs_key()
}

/// The bytes of a revision's published `schema.json`.
fn schema_bytes(v: mcpwire::Version) -> Vec<u8> {
    let path = spec_dir().join(v.as_str()).join("schema.json");
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The sha256 (hex) of the file the tests read, to compare with the one
/// the generated code was built from (`Spec::schema_sha256`).
pub fn schema_sha256(v: mcpwire::Version) -> String {
    mcpwire_codegen::load::sha256_hex(&schema_bytes(v))
}

/// The published `schema.json` of a revision, unpatched.
pub fn raw_schema(v: mcpwire::Version) -> Value {
    serde_json::from_slice(&schema_bytes(v)).unwrap_or_else(|e| panic!("{v} schema.json: {e}"))
}

/// The schema mcpwire generates from: the published file with every
/// erratum for the revision applied (`codegen/src/errata.rs`).
pub fn patched_schema(v: mcpwire::Version) -> Value {
    mcpwire_codegen::errata::apply(codegen_version(v), raw_schema(v))
        .unwrap_or_else(|e| panic!("errata for {v}: {e}"))
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

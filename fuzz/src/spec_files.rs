//! What `tests/support/oracle.rs` needs of `tests/support/spec_files.rs`,
//! for a binary that runs outside `cargo test`: the spec directory comes
//! from `MCPWIRE_SPEC_DIR` at run time (`fuzz/run` sets it), else
//! `../shared/mcp-spec` beside the repository (a relative value resolves
//! against the repository).

use std::path::PathBuf;

use serde_json::Value;

/// The repository: the package directory of whichever crate compiles
/// this file (`fuzz/`, or the root crate for `tests/fuzz_regressions.rs`).
pub fn repo_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if manifest.join("fuzz_targets").is_dir() {
        manifest.join("..")
    } else {
        manifest
    }
}

/// The spec mirror: `<dir>/<revision>/schema.json`.
pub fn spec_dir() -> PathBuf {
    let root = repo_root();
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

fn raw_schema(v: mcpwire::Version) -> Value {
    let path = spec_dir().join(v.as_str()).join("schema.json");
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One entry of `schemas/errata.toml` (the fields applied here).
#[derive(serde::Deserialize)]
struct Erratum {
    id: String,
    revisions: Vec<String>,
    pointer: String,
    before: String,
    after: String,
}

#[derive(serde::Deserialize)]
struct Errata {
    erratum: Vec<Erratum>,
}

/// The schema mcpwire generates from: the published file with every
/// erratum of `schemas/errata.toml` applied, as codegen applies them.
pub fn patched_schema(v: mcpwire::Version) -> Value {
    let mut schema = raw_schema(v);
    let defs = defs_key(v);
    let path = repo_root().join("schemas/errata.toml");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let errata: Errata =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for erratum in errata.erratum {
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

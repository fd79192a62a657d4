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

fn codegen_version(v: mcpwire::Version) -> mcpwire_codegen::Version {
    mcpwire_codegen::Version::by_name(v.as_str())
        .unwrap_or_else(|| panic!("codegen does not know revision {v}"))
}

/// The key holding the definitions (`definitions` or `$defs`).
pub fn defs_key(v: mcpwire::Version) -> &'static str {
    codegen_version(v).dialect.defs_key()
}

/// The schema mcpwire generates from: the published file with every
/// erratum applied.
pub fn patched_schema(v: mcpwire::Version) -> Value {
    let path = spec_dir().join(v.as_str()).join("schema.json");
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let raw = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    mcpwire_codegen::errata::apply(codegen_version(v), raw)
        .unwrap_or_else(|e| panic!("errata for {v}: {e}"))
}

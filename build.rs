//! Generates one module per enabled MCP revision into `OUT_DIR`.
//!
//! Inputs: `schemas/pin.toml` and `$MCPWIRE_SPEC_DIR/<revision>/schema.json`
//! (set for this repository in `.cargo/config.toml`). Only revisions whose
//! cargo feature is on are generated, and cargo reruns this script only when
//! one of those inputs changes, so a second `cargo build` runs no codegen.
//! The loop lives in `mcpwire_codegen::build::run`, shared with
//! `macros/build.rs`. Feature `builders` adds typify's struct builders to
//! the `types` modules.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let options = mcpwire_codegen::Options {
        stages: mcpwire_codegen::Stages::All,
        types: mcpwire_codegen::types::Options {
            builders: std::env::var_os("CARGO_FEATURE_BUILDERS").is_some(),
        },
    };
    mcpwire_codegen::build::run(&root, options);
}

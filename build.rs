//! Generates one module per enabled MCP revision into `OUT_DIR`.
//!
//! Inputs: the pin (`schemas/pin.toml`, carried by mcpwire-codegen) and
//! `<spec dir>/<revision>/schema.json`, the spec dir being
//! `$MCPWIRE_SPEC_DIR` (set for this repository in `.cargo/config.toml`) or,
//! with feature `fetch-spec`, the download cache
//! (`mcpwire_codegen::build::spec_dir` has the rules). Only revisions whose
//! cargo feature is on are generated, and cargo reruns this script only when
//! one of those inputs changes, so a second `cargo build` runs no codegen.
//! The loop lives in `mcpwire_codegen::build::run`, shared with
//! `macros/build.rs`. Feature `builders` adds typify's struct builders to
//! the `types` modules; without feature `types` they are empty and typify
//! never runs. `MCPWIRE_ASSERT_FORMATS` (a comma-separated list, default
//! `uri,uri-template,byte`) names the `format`s compiled to assertions; every
//! other format is an annotation (docs/bumps.md).

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
        skip_types: std::env::var_os("CARGO_FEATURE_TYPES").is_none(),
        // `MCPWIRE_ASSERT_FORMATS`, read by `build::run` (docs/bumps.md).
        asserted_formats: None,
    };
    mcpwire_codegen::build::run(&root, options);
    // Feature `metaschemas`: the JSON Schema metaschemas compiled into
    // `mcpwire::metaschema` (files from `$MCPWIRE_METASCHEMA_DIR` or, with
    // `fetch-spec`, the download cache; schemas/metaschemas.toml pins them).
    if std::env::var_os("CARGO_FEATURE_METASCHEMAS").is_some() {
        mcpwire_codegen::build::metaschemas(&root);
    }
    // The revision list every per-revision item expands from (src/lib.rs).
    let list = std::path::Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("revisions.rs");
    let text = mcpwire_codegen::revisions::render_list(mcpwire_codegen::Version::ALL);
    mcpwire_codegen::emit::write_if_changed(&list, &text)
        .unwrap_or_else(|e| panic!("cannot write {}: {e}", list.display()));
}

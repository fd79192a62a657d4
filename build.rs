//! Generates one module per enabled MCP revision into `OUT_DIR`.
//!
//! Inputs: `schemas/pin.toml` and `$MCPWIRE_SPEC_DIR/<revision>/schema.json`
//! (set for this repository in `.cargo/config.toml`). Only revisions whose
//! cargo feature is on are generated, and cargo reruns this script only when
//! one of those inputs changes, so a second `cargo build` runs no codegen.

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=schemas/pin.toml");
    println!("cargo:rerun-if-env-changed=MCPWIRE_SPEC_DIR");
    let spec_dir = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    };
    let cfg = mcpwire_codegen::Config {
        spec_dir: spec_dir.clone(),
        pin_file: root.join("schemas/pin.toml"),
    };
    for version in mcpwire_codegen::Version::ALL {
        if std::env::var_os(version.feature_env()).is_none() {
            continue;
        }
        let file = mcpwire_codegen::load::schema_path(&spec_dir, *version);
        println!("cargo:rerun-if-changed={}", file.display());
        let generated = match mcpwire_codegen::generate(*version, &cfg) {
            Ok(generated) => generated,
            Err(err) => {
                // A readable message instead of a panic backtrace.
                eprintln!("error: mcpwire: {err}");
                for line in err.to_string().lines() {
                    println!("cargo:warning={line}");
                }
                std::process::exit(1);
            }
        };
        let target = out.join(format!("{}.rs", version.module));
        mcpwire_codegen::emit::write_if_changed(&target, &generated.source)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
}

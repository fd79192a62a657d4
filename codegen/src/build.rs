//! The build-script driver shared by `mcpwire` and `mcpwire-macros`: both
//! generate one module per enabled revision into `OUT_DIR`, from the same
//! pinned spec files, and differ only in the [`Options`] they pass
//! (`mcpwire`: everything; `mcpwire-macros`: the validators alone).
//!
//! Unlike the pure stages, this module talks to cargo: it reads the
//! environment cargo gives build scripts and prints `cargo:` directives.

use std::path::{Path, PathBuf};

use crate::{emit, generate_all, load, Config, Options, Version};

/// Runs a build script: for every revision whose cargo feature is on
/// (`CARGO_FEATURE_V2025_11_25`, …), generates its module with `options`
/// (an alias module where an earlier enabled revision has the same patched
/// schema, [`generate_all`]) and writes it to `$OUT_DIR/<module>.rs` when
/// its bytes changed.
///
/// `repo_root` is the mcpwire repository (where `schemas/pin.toml` lives).
/// The spec directory is `$MCPWIRE_SPEC_DIR` (relative paths are taken from
/// `repo_root`), else `<repo_root>/../shared/mcp-spec`. Cargo reruns the
/// script only when `build.rs`, the pin, the spec files of enabled
/// revisions or `MCPWIRE_SPEC_DIR` change.
///
/// Returns the revisions it generated. A generation failure prints a
/// readable message (also as cargo warnings) and exits with status 1
/// instead of panicking.
pub fn run(repo_root: &Path, options: Options) -> Vec<Version> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let pin_file = repo_root.join("schemas/pin.toml");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={}", pin_file.display());
    println!("cargo:rerun-if-env-changed=MCPWIRE_SPEC_DIR");
    let spec_dir = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => repo_root.join(dir),
        None => repo_root.join("../shared/mcp-spec"),
    };
    let cfg = Config {
        spec_dir: spec_dir.clone(),
        pin_file,
    };
    let enabled: Vec<Version> = Version::ALL
        .iter()
        .copied()
        .filter(|v| std::env::var_os(v.feature_env()).is_some())
        .collect();
    for version in &enabled {
        let file = load::schema_path(&spec_dir, *version);
        println!("cargo:rerun-if-changed={}", file.display());
    }
    let generated = match generate_all(&enabled, &cfg, options) {
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
    for generated in &generated {
        let target = out.join(format!("{}.rs", generated.version.module));
        emit::write_if_changed(&target, &generated.source)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", target.display()));
    }
    enabled
}

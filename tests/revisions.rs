//! `schemas/pin.toml` is the one list of MCP revisions. The build scripts
//! generate `Version`, the revision modules and the macro tables from it;
//! what cannot be generated — the cargo features of `Cargo.toml` and
//! `macros/Cargo.toml`, the dispatch snapshots — is written by
//! `cargo xtask sync-schemas` (xtask/src/wire.rs) and checked here.

use std::collections::BTreeSet;
use std::path::Path;

use mcpwire::Version;

fn read_toml(path: &str) -> toml::Table {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The pinned revision names, sorted (the order of `Version::ALL`).
fn pinned() -> Vec<String> {
    read_toml("schemas/pin.toml")["sha256"]
        .as_table()
        .expect("[sha256]")
        .keys()
        .cloned()
        .collect()
}

fn modules() -> BTreeSet<String> {
    Version::ALL
        .iter()
        .map(|v| v.module().to_string())
        .collect()
}

#[test]
fn version_all_is_the_pin() {
    let names: Vec<&str> = Version::ALL.iter().map(|v| v.as_str()).collect();
    assert_eq!(names, pinned());
    let pin = read_toml("schemas/pin.toml");
    let dialects: Vec<&String> = pin["dialect"]
        .as_table()
        .expect("[dialect]")
        .keys()
        .collect();
    assert_eq!(
        dialects,
        pinned().iter().collect::<Vec<_>>(),
        "[dialect] lists every revision"
    );
}

#[test]
fn cargo_features_are_the_pin() {
    let root = read_toml("Cargo.toml");
    let features = root["features"].as_table().expect("[features]");
    let forwarding: BTreeSet<String> = features
        .iter()
        .filter(|(k, v)| {
            v.as_array().is_some_and(|a| {
                a.len() == 1 && a[0].as_str() == Some(&format!("mcpwire-macros?/{k}"))
            })
        })
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(
        forwarding,
        modules(),
        "Cargo.toml: one `<module> = [\"mcpwire-macros?/<module>\"]` per revision \
         (run `cargo xtask sync-schemas --from <dir>`)"
    );
    let default: BTreeSet<String> = features["default"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect();
    assert!(
        modules().is_subset(&default),
        "every revision is on by default"
    );
    let macros = read_toml("macros/Cargo.toml");
    let revision_features: BTreeSet<String> = macros["features"]
        .as_table()
        .unwrap()
        .iter()
        .filter(|(_, v)| v.as_array().is_some_and(|a| a.is_empty()))
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(
        revision_features,
        modules(),
        "macros/Cargo.toml: `<module> = []` per revision"
    );
}

#[test]
fn a_dispatch_snapshot_per_revision() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/dispatch");
    let stems: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
        .collect();
    assert_eq!(stems, modules());
}

//! `sync-schemas`: re-pin and report what a schema bump changes.

use std::{collections::BTreeSet, path::Path};

use mcpwire_codegen::{dispatch, errata, load, Schema, Version};
use serde_json::Value;

fn repo_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Reads `commit: <sha>` from `DIR/SOURCE`, if present.
fn source_commit(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join("SOURCE")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("commit:").map(|c| c.trim().to_string()))
}

fn maps_of(version: Version, raw: Value) -> Result<(Schema, dispatch::Maps), String> {
    let patched = errata::apply(version, raw).map_err(|e| e.to_string())?;
    let schema = Schema::new(version, patched).map_err(|e| e.to_string())?;
    let maps = dispatch::extract(&schema).map_err(|e| e.to_string())?;
    Ok((schema, maps))
}

fn read_json(file: &Path) -> Result<(Vec<u8>, Value), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let value = serde_json::from_slice(&bytes)
        .map_err(|e| format!("{} is not JSON: {e}", file.display()))?;
    Ok((bytes, value))
}

/// Line diff of two pretty JSON documents (only changed lines, `-`/`+`).
fn json_diff(old: &Value, new: &Value) -> Vec<String> {
    let a = serde_json::to_string_pretty(old).unwrap_or_default();
    let b = serde_json::to_string_pretty(new).unwrap_or_default();
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let (sa, sb): (BTreeSet<&str>, BTreeSet<&str>) =
        (a.iter().copied().collect(), b.iter().copied().collect());
    let removed = a
        .iter()
        .filter(|l| !sb.contains(*l))
        .map(|l| format!("  - {}", l.trim()));
    let added = b
        .iter()
        .filter(|l| !sa.contains(*l))
        .map(|l| format!("  + {}", l.trim()));
    removed.chain(added).collect()
}

fn report(version: Version, old: Option<Value>, new: Value) -> Result<(), String> {
    let (new_schema, new_maps) = maps_of(version, new)?;
    let Some(old) = old else {
        println!(
            "{}: no previously pinned file to compare with",
            version.name
        );
        return Ok(());
    };
    let (old_schema, old_maps) = maps_of(version, old)?;
    let (old_defs, new_defs) = (old_schema.defs(), new_schema.defs());
    let added: Vec<&String> = new_defs
        .keys()
        .filter(|k| !old_defs.contains_key(*k))
        .collect();
    let removed: Vec<&String> = old_defs
        .keys()
        .filter(|k| !new_defs.contains_key(*k))
        .collect();
    let changed: Vec<&String> = new_defs
        .iter()
        .filter(|(k, v)| old_defs.get(*k).is_some_and(|o| o != *v))
        .map(|(k, _)| k)
        .collect();
    println!(
        "{}: definitions {} → {} (added {added:?}, removed {removed:?}, changed {changed:?})",
        version.name,
        old_defs.len(),
        new_defs.len()
    );
    let diff = json_diff(
        &serde_json::to_value(&old_maps).map_err(|e| e.to_string())?,
        &serde_json::to_value(&new_maps).map_err(|e| e.to_string())?,
    );
    if diff.is_empty() {
        println!("  dispatch maps unchanged");
    } else {
        println!("  dispatch maps changed:");
        for line in diff {
            println!("{line}");
        }
    }
    Ok(())
}

/// Re-pins from `from` and reports.
pub fn run(from: &Path, dry_run: bool) -> Result<(), String> {
    let root = repo_root();
    let pin_file = root.join("schemas/pin.toml");
    let mut pin = load::Pin::read(&pin_file).map_err(|e| e.to_string())?;
    let current_dir = std::env::var_os("MCPWIRE_SPEC_DIR").map(|d| root.join(d));
    for version in Version::ALL {
        let file = load::schema_path(from, *version);
        let (bytes, new) = read_json(&file)?;
        let sha = load::sha256_hex(&bytes);
        let old = current_dir
            .as_ref()
            .map(|d| load::schema_path(d, *version))
            .and_then(|f| std::fs::read(&f).ok())
            .filter(|b| pin.sha256.get(version.name) == Some(&load::sha256_hex(b)))
            .and_then(|b| serde_json::from_slice(&b).ok());
        if pin.sha256.get(version.name) == Some(&sha) {
            println!("{}: unchanged ({sha})", version.name);
            continue;
        }
        report(*version, old, new)?;
        pin.sha256.insert(version.name.to_string(), sha);
    }
    if let Some(commit) = source_commit(from) {
        pin.commit = commit;
    }
    if dry_run {
        println!("dry run: schemas/pin.toml not written");
        return Ok(());
    }
    let header: String = std::fs::read_to_string(&pin_file)
        .unwrap_or_default()
        .lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let body = toml::to_string(&pin).map_err(|e| e.to_string())?;
    std::fs::write(&pin_file, header + &body).map_err(|e| e.to_string())?;
    println!(
        "wrote schemas/pin.toml. Build against the new files with MCPWIRE_SPEC_DIR={} (or update the mirror), \
         then run `cargo test`: the dispatch snapshot test shows what moved; accept with \
         `EXPECTORATE=overwrite cargo test --test dispatch_snapshot` after review.",
        from.display()
    );
    Ok(())
}

//! `sync-schemas`: re-pin and report what a schema bump changes.

use std::{collections::BTreeSet, path::Path};

use mcpwire_codegen::{build, diff, dispatch, errata, load, Options, Schema, Version};

use crate::{errata::Errata, wire};
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

fn maps_of(
    list: &[errata::Erratum],
    version: Version,
    raw: Value,
) -> Result<(Schema, dispatch::Maps), String> {
    let patched = errata::apply_list(list, version, raw).map_err(|e| e.to_string())?;
    // The build's view: its asserted formats, the declared annotations.
    let options = Options {
        asserted_formats: build::asserted_formats_from_env(),
        ..Options::default()
    };
    let schema =
        mcpwire_codegen::schema_for(version, patched, &options).map_err(|e| e.to_string())?;
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

fn report(
    list: &[errata::Erratum],
    version: Version,
    old: Option<Value>,
    new: Value,
) -> Result<(), String> {
    let (new_schema, new_maps) = maps_of(list, version, new)?;
    let Some(old) = old else {
        println!(
            "{}: no previously pinned file to compare with",
            version.name
        );
        return Ok(());
    };
    // The old file against the errata as they were pinned with it.
    let (old_schema, old_maps) = maps_of(errata::all(), version, old)?;
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
    // What the bump changes in verdicts, definition by definition.
    let changes = diff::compare(&old_schema, &new_schema).map_err(|e| e.to_string())?;
    println!("  verdicts:");
    for line in changes.lines().iter().skip(1) {
        println!("  {line}");
    }
    Ok(())
}

/// The revision directories of a spec directory: every `<name>/schema.json`
/// whose name is a revision name (a date or a lowercase word), sorted.
fn revision_dirs(from: &Path) -> Result<Vec<String>, String> {
    let entries =
        std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().join("schema.json").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| wire::module_name(n).is_some())
        .collect();
    names.sort();
    Ok(names)
}

/// Re-pins from `from` and reports; a revision directory the pin does not
/// list yet is added and wired in (pin, features, dispatch snapshot,
/// errata: [`crate::errata`]).
pub fn run(from: &Path, dry_run: bool) -> Result<(), String> {
    let root = repo_root();
    let pin_file = root.join("schemas/pin.toml");
    let (mut head, mut revisions) = wire::read_pin(&pin_file)?;
    let current_dir = std::env::var_os("MCPWIRE_SPEC_DIR").map(|d| root.join(d));
    let mut errata = Errata::load(&root)?;
    repin_listed(from, current_dir.as_deref(), &mut revisions, &mut errata)?;
    let added = add_unlisted(from, &mut revisions, &mut errata)?;
    if let Some(commit) = source_commit(from) {
        head.commit = commit;
    }
    if dry_run {
        println!("dry run: nothing written");
        return Ok(());
    }
    write_all(&root, &head, &revisions)?;
    errata.write()?;
    for (version, maps) in &added {
        write_snapshot(&root, version.module, maps)?;
    }
    println!(
        "Build against the new files with MCPWIRE_SPEC_DIR={} (or update the mirror), \
         then run `cargo test`: the dispatch snapshot test shows what moved; accept with \
         `EXPECTORATE=overwrite cargo test --test dispatch_snapshot` after review.",
        from.display()
    );
    Ok(())
}

/// The revisions the pin lists: each file of `from` whose hash changed is
/// re-pinned, wired into the errata, and reported against the pinned file
/// in `current_dir` (the spec directory built against), when that is
/// still the pinned one. An error when `from` lacks one.
fn repin_listed(
    from: &Path,
    current_dir: Option<&Path>,
    revisions: &mut [wire::Revision],
    errata: &mut Errata,
) -> Result<(), String> {
    for rev in revisions.iter_mut() {
        let version = wire::codegen_version(rev);
        let file = load::schema_path(from, version);
        if !file.is_file() {
            return Err(format!(
                "{} has no {}/schema.json; to drop revision {} run `cargo xtask remove-revision {}`",
                from.display(),
                rev.name,
                rev.name,
                rev.name
            ));
        }
        let (bytes, new) = read_json(&file)?;
        let sha = load::sha256_hex(&bytes);
        let old = current_dir
            .map(|d| load::schema_path(d, version))
            .and_then(|f| std::fs::read(&f).ok())
            .filter(|b| rev.sha256 == load::sha256_hex(b))
            .and_then(|b| serde_json::from_slice(&b).ok());
        if rev.sha256 == sha {
            println!("{}: unchanged ({sha})", rev.name);
            continue;
        }
        errata.wire(version, &new);
        report(errata.list(), version, old, new)?;
        rev.sha256 = sha;
    }
    Ok(())
}

/// The revision directories of `from` the pin does not list yet: each is
/// added to `revisions`, wired into the errata and reported (against the
/// newest earlier revision). Their versions and dispatch maps.
fn add_unlisted(
    from: &Path,
    revisions: &mut Vec<wire::Revision>,
    errata: &mut Errata,
) -> Result<Vec<(Version, dispatch::Maps)>, String> {
    let mut added = Vec::new();
    for name in revision_dirs(from)? {
        if revisions.iter().any(|r| r.name == name) {
            continue;
        }
        let (bytes, document) = read_json(&from.join(&name).join("schema.json"))?;
        let dialect = wire::dialect_of(&document).ok_or_else(|| {
            format!("{name}/schema.json: `$schema` is neither draft-07 nor 2020-12")
        })?;
        let rev = wire::Revision {
            name: name.clone(),
            sha256: load::sha256_hex(&bytes),
            dialect: dialect.to_string(),
        };
        let version = wire::codegen_version(&rev);
        errata.wire(version, &document);
        let (schema, maps) = maps_of(errata.list(), version, document)?;
        println!(
            "{name}: NEW revision ({dialect}; {} definitions, {} methods, {} error codes): \
             module and feature `{}`",
            schema.defs().len(),
            maps.methods.len(),
            maps.error_codes.len(),
            version.module
        );
        print_changes_since_previous(from, revisions, errata, &name, &schema)?;
        added.push((version, maps));
        revisions.push(rev);
    }
    Ok(added)
}

/// What the new revision `name` (`schema`) changes against the newest
/// earlier revision in `from`, if any.
fn print_changes_since_previous(
    from: &Path,
    revisions: &[wire::Revision],
    errata: &Errata,
    name: &str,
    schema: &Schema,
) -> Result<(), String> {
    let Some(previous) = revisions
        .iter()
        .filter(|r| r.name.as_str() < name)
        .max_by(|a, b| a.name.cmp(&b.name))
    else {
        return Ok(());
    };
    let previous = wire::codegen_version(previous);
    let (_, document) = read_json(&load::schema_path(from, previous))?;
    let (base, _) = maps_of(errata.list(), previous, document)?;
    let changes = diff::compare(&base, schema).map_err(|e| e.to_string())?;
    for line in changes.lines() {
        println!("  {line}");
    }
    Ok(())
}

/// `remove-revision NAME`: the reverse of adding one.
pub fn remove(name: &str) -> Result<(), String> {
    let root = repo_root();
    let (head, mut revisions) = wire::read_pin(&root.join("schemas/pin.toml"))?;
    let before = revisions.len();
    let module =
        wire::module_name(name).ok_or_else(|| format!("{name:?} is not a revision name"))?;
    let known: Vec<String> = revisions
        .iter()
        .filter_map(wire::Revision::module)
        .collect();
    revisions.retain(|r| r.name != name);
    if revisions.len() == before {
        return Err(format!("schemas/pin.toml does not list revision {name}"));
    }
    write_pin_and_features(&root, &head, &revisions, &known)?;
    let mut errata = Errata::load(&root)?;
    errata.unwire(name);
    errata.write()?;
    let snapshot = root.join(format!("tests/snapshots/dispatch/{module}.json"));
    if snapshot.exists() {
        std::fs::remove_file(&snapshot)
            .map_err(|e| format!("cannot remove {}: {e}", snapshot.display()))?;
        println!("removed {}", snapshot.display());
    }
    println!(
        "removed revision {name}. Code that names `Version::{}` or `{module}` by hand \
         (tests, docs) must go too: `git grep {module}`.",
        mcpwire_codegen::revisions::variant(Version {
            name: Box::leak(name.to_string().into_boxed_str()),
            module: "",
            dialect: mcpwire_codegen::Dialect::Draft2020_12,
        })
    );
    Ok(())
}

fn write_all(root: &Path, head: &wire::Head, revisions: &[wire::Revision]) -> Result<(), String> {
    let known: Vec<String> = revisions
        .iter()
        .filter_map(wire::Revision::module)
        .collect();
    write_pin_and_features(root, head, revisions, &known)
}

fn write_pin_and_features(
    root: &Path,
    head: &wire::Head,
    revisions: &[wire::Revision],
    known: &[String],
) -> Result<(), String> {
    let pin_file = root.join("schemas/pin.toml");
    let header = wire::header_of(&std::fs::read_to_string(&pin_file).unwrap_or_default());
    let text = wire::render_pin(&header, head, revisions);
    std::fs::write(&pin_file, text)
        .map_err(|e| format!("cannot write {}: {e}", pin_file.display()))?;
    println!("wrote {}", pin_file.display());
    let mut sorted = revisions.to_vec();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let modules: Vec<String> = sorted.iter().filter_map(wire::Revision::module).collect();
    wire::write_features(root, &modules, known)
}

/// `tests/snapshots/dispatch/<module>.json` of a new revision.
fn write_snapshot(root: &Path, module: &str, maps: &dispatch::Maps) -> Result<(), String> {
    let file = root.join(format!("tests/snapshots/dispatch/{module}.json"));
    let json = serde_json::to_string_pretty(maps).map_err(|e| e.to_string())? + "\n";
    std::fs::write(&file, json).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("wrote {} (review it)", file.display());
    Ok(())
}

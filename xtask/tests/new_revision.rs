//! A new revision is one step: in a scratch copy of the repository (the
//! tracked and untracked-but-not-ignored files, symbolic links kept),
//! `cargo xtask sync-schemas --from DIR` picks up a revision directory the
//! pin does not list (`2030-01-01`, a copy of 2026-07-28 that adds
//! `maxLength` and `pattern`, keywords no MCP schema used before) and wires
//! it in; the copy then builds and tests that revision alone (its module,
//! its `Version` variant, the proc macro's table via feature `macros`, the
//! dispatch snapshot the xtask wrote, the feature lists of
//! tests/revisions.rs), and `fixture!` refuses at compile time a fixture
//! that breaks a new constraint;
//! the errata whose bugs the copy carries now name it too (so its build
//! applies them);
//! `cargo xtask remove-revision 2030-01-01` restores every file byte for byte.
//!
//! Cost: compiles the xtask and mcpwire with one revision in `target/outside`
//! (shared with tests/downstream.rs). Unix only (it keeps symbolic links).
#![cfg(unix)]

#[path = "../../tests/outside/mod.rs"]
mod outside;

use std::path::{Path, PathBuf};
use std::process::Command;

const FAKE: &str = "2030-01-01";
const FAKE_MODULE: &str = "v2030_01_01";

/// Files of the repository as git sees them (tracked, or new and not ignored).
fn repository_files(root: &Path) -> Vec<PathBuf> {
    let out = Command::new("git")
        .current_dir(root)
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git ls-files: {out:?}");
    out.stdout
        .split(|b| *b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
        .filter(|p| root.join(p).symlink_metadata().is_ok())
        .collect()
}

fn copy_repository(root: &Path, to: &Path) -> Vec<PathBuf> {
    let files = repository_files(root);
    for rel in &files {
        let (from, dest) = (root.join(rel), to.join(rel));
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        let meta = from.symlink_metadata().unwrap();
        if meta.file_type().is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&from).unwrap(), &dest).unwrap();
        } else {
            std::fs::copy(&from, &dest).unwrap();
        }
    }
    files
}

/// A spec directory: the mirror's revisions plus the fake one.
fn spec_dir_with_fake(at: &Path) -> PathBuf {
    let mirror = outside::spec_mirror();
    std::fs::create_dir_all(at.join(FAKE)).unwrap();
    for entry in std::fs::read_dir(&mirror).unwrap().filter_map(Result::ok) {
        if entry.path().join("schema.json").is_file() {
            std::os::unix::fs::symlink(entry.path(), at.join(entry.file_name())).unwrap();
        }
    }
    // The fake revision is 2026-07-28 with constraints the MCP schemas do
    // not use yet: `Implementation.version` gains `maxLength` and `pattern`.
    let text = std::fs::read_to_string(mirror.join("2026-07-28/schema.json")).unwrap();
    let mut schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let version = &mut schema["$defs"]["Implementation"]["properties"]["version"];
    version["maxLength"] = serde_json::json!(8);
    version["pattern"] = serde_json::json!("^[0-9]+(\\.[0-9]+)*$");
    std::fs::write(
        at.join(FAKE).join("schema.json"),
        serde_json::to_string_pretty(&schema).unwrap(),
    )
    .unwrap();
    at.to_path_buf()
}

/// `fixture!` at the fake revision: a fixture that meets the new
/// constraints builds, one that breaks them is a compile error naming the
/// keyword.
fn fixtures_follow_new_constraints(scratch: &Path, spec: &Path, features: &str) {
    let example = |version: &str| {
        format!(
            "fn main() {{\n    let v = mcpwire::fixture!({FAKE_MODULE}::Implementation, \
             {{\"name\": \"x\", \"version\": \"{version}\"}});\n    println!(\"{{v}}\");\n}}\n"
        )
    };
    let path = scratch.join("examples/bump_fixture.rs");
    let build = [
        "build",
        "--no-default-features",
        "--features",
        features,
        "--example",
        "bump_fixture",
    ];
    std::fs::write(&path, example("1.2.3")).unwrap();
    cargo_ok(scratch, spec, &build);
    for (version, keyword) in [("1.2.3.4.5.6", "maxLength"), ("1.2-beta", "pattern")] {
        std::fs::write(&path, example(version)).unwrap();
        let mut cmd = outside::cargo(scratch, &build);
        cmd.env("MCPWIRE_SPEC_DIR", spec);
        let (out, _) = outside::run(cmd);
        let text = outside::text(&out);
        assert!(!out.status.success(), "{version}: built:\n{text}");
        assert!(
            text.contains("/version") && text.contains(keyword),
            "{version}: {text}"
        );
    }
    std::fs::remove_file(&path).unwrap();
}

fn cargo_ok(dir: &Path, spec: &Path, args: &[&str]) -> String {
    let mut cmd = outside::cargo(dir, args);
    cmd.env("MCPWIRE_SPEC_DIR", spec);
    let (out, took) = outside::run(cmd);
    let text = outside::text(&out);
    assert!(out.status.success(), "cargo {args:?} failed:\n{text}");
    eprintln!("cargo {}: {took:.1?}", args.join(" "));
    text
}

#[test]
fn a_new_revision_is_added_and_removed_by_the_xtask() {
    let root = outside::repo_root();
    let work = tempfile::tempdir().unwrap();
    let scratch = work.path().join("repo");
    let files = copy_repository(&root, &scratch);
    let before: Vec<Option<Vec<u8>>> = files
        .iter()
        .map(|rel| std::fs::read(scratch.join(rel)).ok())
        .collect();
    let spec = spec_dir_with_fake(&work.path().join("spec"));

    let log = cargo_ok(
        &scratch,
        &spec,
        &[
            "run",
            "--quiet",
            "-p",
            "xtask",
            "--",
            "sync-schemas",
            "--from",
            spec.to_str().unwrap(),
        ],
    );
    assert!(log.contains(&format!("{FAKE}: NEW revision")), "{log}");
    let pin = std::fs::read_to_string(scratch.join("schemas/pin.toml")).unwrap();
    assert!(pin.contains(&format!("\"{FAKE}\" = \"")), "{pin}");
    assert!(pin.contains(&format!("\"{FAKE}\" = \"2020-12\"")), "{pin}");
    let manifest = std::fs::read_to_string(scratch.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains(&format!(
            "{FAKE_MODULE} = [\"mcpwire-macros?/{FAKE_MODULE}\"]"
        )),
        "{manifest}"
    );
    let macros = std::fs::read_to_string(scratch.join("macros/Cargo.toml")).unwrap();
    assert!(macros.contains(&format!("{FAKE_MODULE} = []")), "{macros}");
    let wasm = std::fs::read_to_string(scratch.join("bindings/wasm/Cargo.toml")).unwrap();
    assert!(
        wasm.contains(&format!("{FAKE_MODULE} = [\"mcpwire/{FAKE_MODULE}\"]")),
        "{wasm}"
    );
    assert!(scratch
        .join(format!("tests/snapshots/dispatch/{FAKE_MODULE}.json"))
        .is_file());
    // A copy of 2026-07-28 carries its bugs: the errata that name 2026-07-28
    // now name the copy too, in the data and in the human table.
    let errata = std::fs::read_to_string(scratch.join("schemas/errata.toml")).unwrap();
    let named = errata
        .matches(&format!("\"2026-07-28\", \"{FAKE}\", \"draft\"]"))
        .count();
    assert_eq!(named, 2, "{log}\n{errata}");
    let table = std::fs::read_to_string(scratch.join("schemas/ERRATA.md")).unwrap();
    assert_eq!(
        table.matches(&format!("2026-07-28, {FAKE}, draft")).count(),
        2,
        "{table}"
    );

    // The new revision alone: generated, compiled (library and proc macro),
    // its dispatch tables equal to the snapshot the xtask wrote, and every
    // list of revisions agreeing with the pin.
    let features = format!("{FAKE_MODULE},macros");
    let log = cargo_ok(
        &scratch,
        &spec,
        &[
            "test",
            "--no-default-features",
            "--features",
            &features,
            "--test",
            "revisions",
            "--test",
            "dispatch_snapshot",
        ],
    );
    assert!(!log.contains("0 passed"), "{log}");
    fixtures_follow_new_constraints(&scratch, &spec, &features);

    cargo_ok(
        &scratch,
        &spec,
        &[
            "run",
            "--quiet",
            "-p",
            "xtask",
            "--",
            "remove-revision",
            FAKE,
        ],
    );
    for (rel, before) in files.iter().zip(&before) {
        assert!(
            std::fs::read(scratch.join(rel)).ok() == *before,
            "{} differs after remove-revision",
            rel.display()
        );
    }
    assert!(!scratch
        .join(format!("tests/snapshots/dispatch/{FAKE_MODULE}.json"))
        .exists());
}

//! The scratch cargo workspace under `target/json-schema-suite/`: one
//! library crate per group of cases (so cargo compiles groups in parallel
//! and recompiles only the groups whose code changed), one module file per
//! case, and the runner binary (`xtask/runner/main.rs`) that depends on
//! them all and on the `jsonschema` crate.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use serde_json::{json, Value};

use super::load::Case;

/// Cases per group crate. Measured on 2 cores: see `.ci/checks/60-json-schema-suite.sh`.
pub const GROUP_CASES: usize = 64;

/// The runner's source, written into the scratch workspace.
const RUNNER_MAIN: &str = include_str!("../../runner/main.rs");

/// The scratch workspace.
pub struct Scratch {
    /// Its directory.
    pub dir: PathBuf,
    /// The mcpwire repository root.
    pub root: PathBuf,
    /// The `jsonschema` version requirement (the root's dev-dependency).
    pub jsonschema_req: String,
}

/// Writes `contents` unless the file already holds exactly that, so cargo
/// rebuilds only what changed.
pub fn write_if_changed(path: &Path, contents: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == contents) {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, contents).map_err(|e| format!("{}: {e}", path.display()))
}

/// The group crate's name for group `g`.
pub fn group_name(g: usize) -> String {
    format!("g{g:02}")
}

/// The module name of case `id`.
pub fn case_module(id: usize) -> String {
    format!("c{id:04}")
}

/// Which group each case belongs to (by position: files stay together).
pub fn group_of(id: usize) -> usize {
    id / GROUP_CASES
}

/// A case module's file: the generated body and the runner's entry.
pub fn case_file(body: &str) -> String {
    format!(
        "{body}\n\
         fn check_is_empty(v: &::serde_json::Value) -> bool {{\n    check(v).is_empty()\n}}\n\n\
         /// The runner's entry: `is_valid`, `check(v).is_empty()`, `read`.\n\
         pub const ENTRY: crate::Entry = (is_valid, check_is_empty, read);\n"
    )
}

impl Scratch {
    fn group_dir(&self, g: usize) -> PathBuf {
        self.dir.join(group_name(g))
    }

    /// Writes the workspace: `modules` maps a case id to its generated body
    /// (cases without one are left out of their group and reported by the
    /// runner as not generated); `groups` is the number of groups.
    pub fn write(&self, modules: &BTreeMap<usize, String>, groups: usize) -> Result<(), String> {
        let runtime = self.root.join("runtime");
        let members: Vec<String> = std::iter::once("runner".to_string())
            .chain((0..groups).map(group_name))
            .collect();
        write_if_changed(
            &self.dir.join("Cargo.toml"),
            &format!(
                "# Written by `cargo xtask json-schema-suite`; never committed.\n\
                 [workspace]\nmembers = {members:?}\nresolver = \"2\"\n\n\
                 [profile.dev]\ndebug = 0\n"
            ),
        )?;
        // The repository's lock file, so the scratch crates build with the
        // versions mcpwire is tested with (cargo drops what they do not use),
        // copied on every run so a new dependency of the runtime is locked too.
        let lock = self.root.join("Cargo.lock");
        std::fs::copy(&lock, self.dir.join("Cargo.lock"))
            .map_err(|e| format!("{}: {e}", lock.display()))?;
        let mut runner_deps = String::new();
        let mut runner_groups = String::new();
        for g in 0..groups {
            let name = group_name(g);
            write_if_changed(
                &self.group_dir(g).join("Cargo.toml"),
                &format!(
                    "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                     [dependencies]\nmcpwire-runtime = {{ path = {runtime:?} }}\nserde_json = \"1\"\n"
                ),
            )?;
            let ids: Vec<usize> = modules
                .keys()
                .copied()
                .filter(|&id| group_of(id) == g)
                .collect();
            self.write_group(g, &ids, modules)?;
            runner_deps.push_str(&format!("{name} = {{ path = \"../{name}\" }}\n"));
            runner_groups.push_str(&format!("    out.extend({name}::cases());\n"));
        }
        write_if_changed(
            &self.dir.join("runner/Cargo.toml"),
            &format!(
                "[package]\nname = \"runner\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [dependencies]\nserde = {{ version = \"1\", features = [\"derive\"] }}\nserde_json = \"1\"\n\
                 jsonschema = {{ version = {:?}, default-features = false }}\n{runner_deps}",
                self.jsonschema_req
            ),
        )?;
        write_if_changed(&self.dir.join("runner/src/main.rs"), RUNNER_MAIN)?;
        write_if_changed(
            &self.dir.join("runner/src/groups.rs"),
            &format!(
                "//! Every group's cases.\n\n\
                 /// Every generated case's entry, by case id.\n\
                 pub fn all() -> Vec<(usize, crate::Entry)> {{\n    let mut out = Vec::new();\n{runner_groups}    out\n}}\n"
            ),
        )
    }

    /// Writes one group crate: a module file per case in `ids`, and removes
    /// the files of cases no longer in it.
    fn write_group(
        &self,
        g: usize,
        ids: &[usize],
        modules: &BTreeMap<usize, String>,
    ) -> Result<(), String> {
        let src = self.group_dir(g).join("src");
        let mut lib = String::from(
            "#![allow(warnings, clippy::all)]\n\n\
             /// `is_valid`, `check(v).is_empty()`, `read`.\n\
             pub type Entry = (fn(&::serde_json::Value) -> bool, fn(&::serde_json::Value) -> bool, fn(&[u8]) -> Option<bool>);\n\n",
        );
        let mut list = String::new();
        for &id in ids {
            let module = case_module(id);
            write_if_changed(&src.join(format!("{module}.rs")), &case_file(&modules[&id]))?;
            lib.push_str(&format!("pub mod {module};\n"));
            list.push_str(&format!("({id}, {module}::ENTRY), "));
        }
        lib.push_str(&format!(
            "\n/// This group's cases.\npub fn cases() -> Vec<(usize, Entry)> {{\n    vec![{list}]\n}}\n"
        ));
        write_if_changed(&src.join("lib.rs"), &lib)?;
        let keep: Vec<String> = ids
            .iter()
            .map(|&id| format!("{}.rs", case_module(id)))
            .collect();
        if let Ok(entries) = std::fs::read_dir(&src) {
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name != "lib.rs" && !keep.contains(&name) {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        Ok(())
    }

    /// Writes the runner's input: every case with its tests and the
    /// documents its references reach.
    pub fn write_cases(
        &self,
        cases: &[Case],
        resources: &BTreeMap<String, Value>,
    ) -> Result<PathBuf, String> {
        let cases: Vec<Value> = cases
            .iter()
            .enumerate()
            .map(|(id, c)| {
                json!({
                    "id": id,
                    "dialect": c.dialect,
                    // jsonschema asserts formats in the optional tests,
                    // as its own suite run does.
                    "formats": c.optional(),
                    "schema": c.schema,
                    "tests": c.tests.iter().map(|t| json!({"data": t.data, "valid": t.valid})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let path = self.dir.join("cases.json");
        write_if_changed(
            &path,
            &json!({"resources": resources, "cases": cases}).to_string(),
        )?;
        Ok(path)
    }
}

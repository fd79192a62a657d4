//! Wiring a revision in or out of the repository. `schemas/pin.toml` is the
//! one list of revisions (the build scripts generate codegen's
//! `Version::ALL`, `mcpwire::Version`, the revision modules and the proc
//! macro's tables from it); what cannot be generated is written here:
//!
//! - the pin itself ([`render_pin`]: `[sha256]` and `[dialect]`, sorted);
//! - the cargo features, one per revision: `<module> = ["mcpwire-macros?/<module>"]`
//!   in `Cargo.toml` (and in its `default` list) and `<module> = []` in
//!   `macros/Cargo.toml` ([`set_features`]);
//! - the dispatch snapshot `tests/snapshots/dispatch/<module>.json`, from
//!   codegen's maps, which serialize exactly as `mcpwire::spec::DispatchMaps`
//!   (so `tests/dispatch_snapshot.rs` then checks the compiled tables).
//!
//! `tests/revisions.rs` checks that all of these agree with the pin.
//!
//! The manifests are edited as lines, not re-serialized, so their comments
//! and layout stay as written: a revision feature is one line
//! `<module> = [...]` inside `[features]`, and `default = [...]` is one line.

use std::collections::BTreeMap;
use std::path::Path;

use mcpwire_codegen::{Dialect, Version};

/// A revision as the xtask sees it (owned: it may not be in `Version::ALL`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    /// `2025-11-25`, `draft`.
    pub name: String,
    /// sha256 of its `schema.json`.
    pub sha256: String,
    /// `draft-07` or `2020-12`.
    pub dialect: String,
}

impl Revision {
    /// Module and feature name (`v2025_11_25`), or `None` for a name that
    /// is neither a date nor a lowercase word.
    pub fn module(&self) -> Option<String> {
        module_name(&self.name)
    }
}

/// `2025-11-25` → `v2025_11_25`; `draft` → `draft` (as codegen/build.rs).
pub fn module_name(name: &str) -> Option<String> {
    let date = name.len() == 10
        && name.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    let word = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if date {
        Some(format!("v{}", name.replace('-', "_")))
    } else if word {
        Some(name.to_string())
    } else {
        None
    }
}

/// The dialect of a schema document from its `$schema`.
pub fn dialect_of(document: &serde_json::Value) -> Option<&'static str> {
    let uri = document.get("$schema")?.as_str()?;
    if uri.contains("draft-07") {
        Some("draft-07")
    } else if uri.contains("2020-12") {
        Some("2020-12")
    } else {
        None
    }
}

/// A codegen `Version` for a revision (leaks two short strings: the xtask
/// runs once).
pub fn codegen_version(rev: &Revision) -> Version {
    let module = rev.module().expect("checked when added");
    Version {
        name: Box::leak(rev.name.clone().into_boxed_str()),
        module: Box::leak(module.into_boxed_str()),
        dialect: if rev.dialect == "draft-07" {
            Dialect::Draft07
        } else {
            Dialect::Draft2020_12
        },
    }
}

/// The pin's scalar fields.
#[derive(Clone, Debug)]
pub struct Head {
    /// Upstream repository.
    pub upstream: String,
    /// Pinned commit.
    pub commit: String,
    /// Path template.
    pub path: String,
}

/// Reads `schemas/pin.toml`: its head and revisions (sorted by name).
pub fn read_pin(file: &Path) -> Result<(Head, Vec<Revision>), String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e| format!("{} is not TOML: {e}", file.display()))?;
    let s = |k: &str| {
        table
            .get(k)
            .and_then(toml::Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| format!("{}: no `{k}`", file.display()))
    };
    let head = Head {
        upstream: s("upstream")?,
        commit: s("commit")?,
        path: s("path").unwrap_or_else(|_| "schema/{revision}/schema.json".into()),
    };
    let map = |k: &str| -> BTreeMap<String, String> {
        table
            .get(k)
            .and_then(toml::Value::as_table)
            .map(|t| {
                t.iter()
                    .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                    .collect()
            })
            .unwrap_or_default()
    };
    let (hashes, dialects) = (map("sha256"), map("dialect"));
    let revisions = hashes
        .into_iter()
        .map(|(name, sha256)| Revision {
            dialect: dialects.get(&name).cloned().unwrap_or_default(),
            name,
            sha256,
        })
        .collect();
    Ok((head, revisions))
}

/// The text of `schemas/pin.toml`: `header` (its leading comment), the head,
/// then `[sha256]` and `[dialect]` sorted by name.
pub fn render_pin(header: &str, head: &Head, revisions: &[Revision]) -> String {
    let mut revisions = revisions.to_vec();
    revisions.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = String::from(header);
    out += &format!(
        "upstream = {:?}\ncommit = {:?}\npath = {:?}\n\n",
        head.upstream, head.commit, head.path
    );
    out += "# Revisions sort oldest first by name (dates, then `draft`); the Rust module\n\
            # and cargo feature of `2025-11-25` is `v2025_11_25`, of `draft` `draft`.\n[sha256]\n";
    for r in &revisions {
        out += &format!("{:?} = {:?}\n", r.name, r.sha256);
    }
    out += "\n# The JSON Schema dialect of each file (`draft-07` or `2020-12`).\n[dialect]\n";
    for r in &revisions {
        out += &format!("{:?} = {:?}\n", r.name, r.dialect);
    }
    out
}

/// The leading comment lines of a file.
pub fn header_of(text: &str) -> String {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Rewrites the revision features of a manifest so they are exactly
/// `modules` (in that order), each `<module> = <value(module)>`; with
/// `default`, the `default = [...]` list holds them too. `known` are every
/// module name that is or was a revision (the lines to replace).
pub fn set_features(
    manifest: &str,
    modules: &[String],
    known: &[String],
    value: impl Fn(&str) -> String,
    default: bool,
) -> Result<String, String> {
    let is_revision_line = |line: &str| {
        line.split_once(" = ")
            .is_some_and(|(k, _)| known.iter().any(|m| m == k.trim()))
    };
    let mut out: Vec<String> = Vec::new();
    let mut in_features = false;
    let mut inserted = false;
    for line in manifest.lines() {
        if line.starts_with('[') {
            if in_features && !inserted {
                return Err("no revision feature found in [features]".into());
            }
            in_features = line.trim() == "[features]";
        }
        if in_features && is_revision_line(line) {
            if !inserted {
                out.extend(modules.iter().map(|m| format!("{m} = {}", value(m))));
                inserted = true;
            }
            continue;
        }
        if in_features && default && line.starts_with("default = [") {
            let inner = line
                .trim_start_matches("default = [")
                .trim_end_matches(']')
                .to_string();
            let others: Vec<&str> = inner
                .split(',')
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .filter(|e| !known.iter().any(|m| format!("{m:?}") == *e))
                .collect();
            let list: Vec<String> = modules
                .iter()
                .map(|m| format!("{m:?}"))
                .chain(others.iter().map(|s| s.to_string()))
                .collect();
            out.push(format!("default = [{}]", list.join(", ")));
            continue;
        }
        out.push(line.to_string());
    }
    if !inserted {
        return Err("no revision feature found in [features]".into());
    }
    let text = out.join("\n") + "\n";
    text.parse::<toml::Table>()
        .map_err(|e| format!("the edited manifest is not TOML: {e}"))?;
    Ok(text)
}

/// Writes the revision features of `Cargo.toml` and `macros/Cargo.toml`.
pub fn write_features(root: &Path, modules: &[String], known: &[String]) -> Result<(), String> {
    let edit = |file: &Path, value: &dyn Fn(&str) -> String, default: bool| {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let new = set_features(&text, modules, known, value, default)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        if new != text {
            std::fs::write(file, new)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!("wrote {}", file.display());
        }
        Ok::<(), String>(())
    };
    edit(
        &root.join("Cargo.toml"),
        &|m| format!("[\"mcpwire-macros?/{m}\"]"),
        true,
    )?;
    edit(
        &root.join("macros/Cargo.toml"),
        &|_| "[]".to_string(),
        false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = "[package]\nname = \"x\"\n\n[features]\n\
        default = [\"a1\", \"b1\", \"cli\"]\ncli = []\n# revisions\na1 = [\"m?/a1\"]\nb1 = [\"m?/b1\"]\n\n[dependencies]\n";

    #[test]
    fn adds_and_removes_a_feature_in_place() {
        let known: Vec<String> = ["a1", "b1", "c1"].map(String::from).to_vec();
        let add = ["a1", "b1", "c1"].map(String::from).to_vec();
        let value = |m: &str| format!("[\"m?/{m}\"]");
        let added = set_features(MANIFEST, &add, &known, value, true).unwrap();
        assert!(
            added.contains("default = [\"a1\", \"b1\", \"c1\", \"cli\"]"),
            "{added}"
        );
        assert!(
            added.contains("b1 = [\"m?/b1\"]\nc1 = [\"m?/c1\"]\n\n[dependencies]"),
            "{added}"
        );
        let removed = set_features(&added, &add[..2], &known, value, true).unwrap();
        assert_eq!(removed, MANIFEST);
    }

    #[test]
    fn module_names() {
        assert_eq!(module_name("2025-11-25").as_deref(), Some("v2025_11_25"));
        assert_eq!(module_name("draft").as_deref(), Some("draft"));
        assert_eq!(module_name("Draft"), None);
        assert_eq!(module_name("2025-1-25"), None);
    }
}

//! Reads the JSON Schema Test Suite: every case of both dialects, the
//! `remotes/` documents and the metaschemas the `referencing` crate ships.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    process::Command,
};

use serde::Deserialize;
use serde_json::{value::RawValue, Value};

/// The two dialects, by the suite's folder names.
pub const DIALECTS: [&str; 2] = ["draft7", "draft2020-12"];

/// Where the suite serves `remotes/` (its README: "a webserver on
/// localhost:1234").
pub const REMOTES_BASE: &str = "http://localhost:1234/";

/// One test of a case: an instance and the expected verdict.
#[derive(Debug, Clone)]
pub struct Test {
    /// The test's `description`.
    pub description: String,
    /// The instance exactly as the suite file writes it (the bytes path
    /// reads this text).
    pub data: String,
    /// The expected verdict.
    pub valid: bool,
}

/// One case: a schema and its tests.
#[derive(Debug, Clone)]
pub struct Case {
    /// `draft7` or `draft2020-12`.
    pub dialect: &'static str,
    /// The file, relative to the dialect's folder (`optional/format/uri.json`).
    pub file: String,
    /// The case's `description`.
    pub description: String,
    /// The case's schema.
    pub schema: Value,
    /// Its tests, in file order.
    pub tests: Vec<Test>,
}

impl Case {
    /// Whether the case comes from the dialect's `optional/` folder.
    pub fn optional(&self) -> bool {
        self.file.starts_with("optional/")
    }
}

#[derive(Deserialize)]
struct RawCase {
    description: String,
    schema: Value,
    tests: Vec<RawTest>,
}

#[derive(Deserialize)]
struct RawTest {
    description: String,
    data: Box<RawValue>,
    valid: bool,
}

/// Every `.json` file under `dir`, sorted, as paths relative to `dir` with `/`.
fn json_files(dir: &Path) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let entries = std::fs::read_dir(dir.join(&rel))
            .map_err(|e| format!("{}: {e}", dir.join(&rel).display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| e.to_string())?;
            let path = rel.join(entry.file_name());
            if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let parts: Vec<_> = path
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Every case of `tests/<dialect>/` (required and optional), files sorted.
pub fn cases(suite: &Path, dialect: &'static str) -> Result<Vec<Case>, String> {
    let dir = suite.join("tests").join(dialect);
    let mut out = Vec::new();
    for file in json_files(&dir)? {
        let path = dir.join(&file);
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let raw: Vec<RawCase> =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for case in raw {
            out.push(Case {
                dialect,
                file: file.clone(),
                description: case.description,
                schema: case.schema,
                tests: case
                    .tests
                    .into_iter()
                    .map(|t| Test {
                        description: t.description,
                        data: t.data.get().to_string(),
                        valid: t.valid,
                    })
                    .collect(),
            });
        }
    }
    if out.is_empty() {
        return Err(format!("no test cases under {}", dir.display()));
    }
    Ok(out)
}

/// Reads a JSON file.
fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Every file of `remotes/`, keyed by the URI the suite serves it at.
pub fn remotes(suite: &Path) -> Result<BTreeMap<String, Value>, String> {
    let dir = suite.join("remotes");
    let mut out = BTreeMap::new();
    for file in json_files(&dir)? {
        out.insert(
            format!("{REMOTES_BASE}{file}"),
            read_json(&dir.join(&file))?,
        );
    }
    Ok(out)
}

/// A metaschema's absolute URI: its `$id` without an empty fragment.
fn metaschema_uri(doc: &Value) -> Option<String> {
    let id = doc.get("$id")?.as_str()?;
    Some(id.strip_suffix('#').unwrap_or(id).to_string())
}

/// The draft-07 and 2020-12 metaschemas (2020-12's vocabulary documents
/// included) from the `referencing` crate the root's `jsonschema`
/// dev-dependency uses, keyed by their `$id`.
pub fn metaschemas(root: &Path, jsonschema_req: &str) -> Result<BTreeMap<String, Value>, String> {
    let dir = referencing_dir(root, jsonschema_req)?.join("metaschemas");
    let mut out = BTreeMap::new();
    let mut files = vec!["draft7.json".to_string()];
    for file in json_files(&dir.join("draft2020-12"))? {
        files.push(format!("draft2020-12/{file}"));
    }
    for file in files {
        let doc = read_json(&dir.join(&file))?;
        let uri = metaschema_uri(&doc).ok_or_else(|| format!("{file}: no $id"))?;
        out.insert(uri, doc);
    }
    Ok(out)
}

/// Whether `version` satisfies a plain cargo requirement like `0.61`.
pub fn version_matches(version: &str, req: &str) -> bool {
    version == req || version.starts_with(&format!("{req}."))
}

/// The directory of the `referencing` package that the `jsonschema`
/// package matching `jsonschema_req` depends on (`cargo metadata`).
fn referencing_dir(root: &Path, jsonschema_req: &str) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--manifest-path"])
        .arg(root.join("Cargo.toml"))
        .output()
        .map_err(|e| format!("cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let meta: Value =
        serde_json::from_slice(&output.stdout).map_err(|e| format!("cargo metadata: {e}"))?;
    let packages = meta["packages"]
        .as_array()
        .ok_or("cargo metadata: no packages")?;
    let jsonschema = packages
        .iter()
        .find(|p| {
            p["name"] == "jsonschema"
                && p["version"]
                    .as_str()
                    .is_some_and(|v| version_matches(v, jsonschema_req))
        })
        .ok_or_else(|| format!("cargo metadata: no jsonschema {jsonschema_req}"))?;
    let nodes = meta["resolve"]["nodes"]
        .as_array()
        .ok_or("cargo metadata: no resolve")?;
    let node = nodes
        .iter()
        .find(|n| n["id"] == jsonschema["id"])
        .ok_or("cargo metadata: jsonschema not resolved")?;
    let dep_id = node["deps"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|d| d["name"] == "referencing")
        .map(|d| d["pkg"].clone())
        .ok_or("cargo metadata: jsonschema has no referencing dependency")?;
    let manifest = packages
        .iter()
        .find(|p| p["id"] == dep_id)
        .and_then(|p| p["manifest_path"].as_str())
        .ok_or("cargo metadata: referencing has no manifest path")?;
    Ok(Path::new(manifest)
        .parent()
        .ok_or("referencing manifest has no directory")?
        .to_path_buf())
}

/// The version requirement of the root's `jsonschema` dev-dependency.
pub fn jsonschema_requirement(root: &Path) -> Result<String, String> {
    let path = root.join("Cargo.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let manifest: toml::Value =
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let dep = &manifest["dev-dependencies"]["jsonschema"];
    dep.as_str()
        .or_else(|| dep.get("version").and_then(|v| v.as_str()))
        .map(str::to_string)
        .ok_or_else(|| "Cargo.toml: no jsonschema dev-dependency version".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_requirement_matches_its_patch_releases_only() {
        assert!(version_matches("0.61.2", "0.61"));
        assert!(version_matches("0.61", "0.61"));
        assert!(!version_matches("0.610.0", "0.61"));
        assert!(!version_matches("0.60.2", "0.61"));
    }

    #[test]
    fn metaschema_uri_drops_the_empty_fragment() {
        let doc = serde_json::json!({"$id": "http://json-schema.org/draft-07/schema#"});
        assert_eq!(
            metaschema_uri(&doc).as_deref(),
            Some("http://json-schema.org/draft-07/schema")
        );
        let doc = serde_json::json!({"$id": "https://json-schema.org/draft/2020-12/meta/core"});
        assert_eq!(
            metaschema_uri(&doc).as_deref(),
            Some("https://json-schema.org/draft/2020-12/meta/core")
        );
    }
}

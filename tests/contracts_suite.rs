//! The official JSON Schema Test Suite on the run-time engine
//! (`mcpwire::contracts::Engine`), as a peer's schema is judged: with its
//! bounds, its refusing retriever and the compiled metaschemas deciding
//! validity. Every required test of `tests/draft7/` and
//! `tests/draft2020-12/` (`optional/` aside) is judged against the
//! suite's expected verdict; each dialect must pass at least 99.5 %.
//!
//! Nothing is fetched: the suite's `remotes/` (its convention:
//! `http://localhost:1234/<path>`) and the dialects' metaschemas
//! (`../shared/json-schema-metaschemas`) are handed to the engine in memory
//! ([`Engine::with_documents`]). A draft-07 case names its dialect with
//! `$schema` (as a draft-07 schema in MCP must: without one a schema is
//! 2020-12). A case the engine refuses to compile fails all its tests.
//!
//! `cargo xtask json-schema-suite` reports mcpwire's generated validators
//! (docs/json-schema-suite.md); this file is the engine's line, run by
//! `cargo test`. Without the suite mirror it is skipped (and fails under
//! `CI`).

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use mcpwire::contracts::{Engine, SchemaLimits, Verdict};
use serde_json::Value;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared");

/// The least share of a dialect's required tests the engine must pass.
const REQUIRED_PASS_RATE: f64 = 0.995;

/// Every `.json` file under `dir`, relative to it, sorted.
fn json_files(dir: &Path, sub: &str, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
        return;
    };
    let mut names: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    names.sort();
    for path in names {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let rel = if sub.is_empty() {
            name
        } else {
            format!("{sub}/{name}")
        };
        if path.is_dir() {
            json_files(dir, &rel, out);
        } else if rel.ends_with(".json") || (!rel.contains('.') && rel != "SOURCE") {
            out.push(rel);
        }
    }
}

fn read(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The documents a case may `$ref`: the suite's remotes and the
/// metaschemas (by their `$id`, without fragment).
fn documents(suite: &Path, metaschemas: &Path) -> BTreeMap<String, Value> {
    let mut docs = BTreeMap::new();
    let remotes = suite.join("remotes");
    let mut files = Vec::new();
    json_files(&remotes, "", &mut files);
    for file in files {
        docs.insert(
            format!("http://localhost:1234/{file}"),
            read(&remotes.join(&file)),
        );
    }
    let mut files = Vec::new();
    json_files(metaschemas, "", &mut files);
    for file in files {
        let doc = read(&metaschemas.join(&file));
        if let Some(id) = doc.get("$id").and_then(Value::as_str) {
            docs.insert(id.trim_end_matches('#').to_string(), doc.clone());
        }
    }
    docs
}

/// (passed, total) over one dialect's required tests.
fn run_dialect(engine: &Engine, suite: &Path, dialect: &str, uri: Option<&str>) -> (usize, usize) {
    let dir = suite.join("tests").join(dialect);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let (mut passed, mut total) = (0, 0);
    for path in files {
        for case in read(&path).as_array().unwrap() {
            let mut schema = case["schema"].clone();
            if let (Some(uri), Some(object)) = (uri, schema.as_object_mut()) {
                object.entry("$schema").or_insert_with(|| Value::from(uri));
            }
            let compiled = engine.compile(&schema);
            for test in case["tests"].as_array().unwrap() {
                total += 1;
                let expected = test["valid"].as_bool().unwrap();
                let ok = match &compiled {
                    Ok(contract) => match contract.judge(&test["data"]) {
                        Verdict::Conforms => expected,
                        Verdict::Fails(_) => !expected,
                        Verdict::Unjudged(_) => false,
                    },
                    Err(_) => false,
                };
                if ok {
                    passed += 1;
                } else {
                    eprintln!(
                        "fails: {dialect}/{}: {} / {}{}",
                        path.file_name().unwrap().to_string_lossy(),
                        case["description"],
                        test["description"],
                        compiled
                            .as_ref()
                            .err()
                            .map(|e| format!(" (not compiled: {e})"))
                            .unwrap_or_default()
                    );
                }
            }
        }
    }
    (passed, total)
}

#[test]
fn the_engine_passes_the_suites_required_tests() {
    let suite = Path::new(SHARED).join("json-schema-test-suite");
    let metaschemas = Path::new(SHARED).join("json-schema-metaschemas");
    if !suite.join("tests").is_dir() || !metaschemas.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the JSON Schema Test Suite or the metaschemas are missing under {SHARED}"
        );
        eprintln!("skipped: no JSON Schema Test Suite under {SHARED}");
        return;
    }
    let engine = Engine::with_documents(SchemaLimits::DEFAULT, documents(&suite, &metaschemas));
    for (dialect, uri) in [
        ("draft7", Some("http://json-schema.org/draft-07/schema#")),
        ("draft2020-12", None),
    ] {
        let (passed, total) = run_dialect(&engine, &suite, dialect, uri);
        let rate = passed as f64 / total as f64;
        println!(
            "contracts engine: {dialect}: {passed} of {total} required tests pass ({:.2} %)",
            rate * 100.0
        );
        assert!(total > 500, "{dialect}: only {total} tests found");
        assert!(
            rate >= REQUIRED_PASS_RATE,
            "{dialect}: {passed} of {total} ({:.2} %) is under {:.1} %",
            rate * 100.0,
            REQUIRED_PASS_RATE * 100.0
        );
    }
}

//! Seed messages for the structure-aware targets, read once at run time
//! (never committed): the spec's examples,
//! `$MCPWIRE_SPEC_DIR/{2026-07-28,draft}/examples/<Definition>/<case>.json`,
//! and the project's transcripts, `examples/*.jsonl` (each line's `msg`,
//! judged as `JSONRPCMessage`). Always in the same order, so a saved input
//! replays the same way.

use std::{path::PathBuf, sync::OnceLock};

use serde_json::Value;

/// One seed instance.
#[derive(Clone, Debug)]
pub struct Seed {
    /// The definition it instantiates.
    pub definition: String,
    /// The instance.
    pub value: Value,
}

/// Every seed, plus the object keys and strings found in them (the
/// dictionary the edits draw from).
#[derive(Debug, Default)]
pub struct Seeds {
    /// The instances (never empty: a minimal ping when the directory is missing).
    pub seeds: Vec<Seed>,
    /// Object keys seen in the seeds, sorted, deduplicated.
    pub keys: Vec<String>,
    /// String values seen in the seeds, sorted, deduplicated.
    pub strings: Vec<String>,
}

/// The seeds (loaded on first use).
pub fn get() -> &'static Seeds {
    static SEEDS: OnceLock<Seeds> = OnceLock::new();
    SEEDS.get_or_init(load)
}

fn load() -> Seeds {
    let spec = super::spec_files::spec_dir();
    let mut seeds = Vec::new();
    for revision in ["2026-07-28", "draft"] {
        for def in read_dir(&spec.join(revision).join("examples")) {
            let definition = name(&def);
            for case in read_dir(&def) {
                if let Some(value) = std::fs::read(&case)
                    .ok()
                    .and_then(|b| serde_json::from_slice(&b).ok())
                {
                    seeds.push(Seed {
                        definition: definition.clone(),
                        value,
                    });
                }
            }
        }
    }
    let examples = super::spec_files::repo_root().join("examples");
    let transcripts = read_dir(&examples)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"));
    for file in transcripts {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for line in text.lines() {
            if let Ok(mut record) = serde_json::from_str::<Value>(line) {
                if let Some(msg) = record.get_mut("msg") {
                    seeds.push(Seed {
                        definition: "JSONRPCMessage".into(),
                        value: msg.take(),
                    });
                }
            }
        }
    }
    if seeds.is_empty() {
        eprintln!(
            "mcpwire-fuzz: no seeds under {} or {} (set MCPWIRE_SPEC_DIR); using a ping",
            spec.display(),
            examples.display()
        );
        seeds.push(Seed {
            definition: "JSONRPCMessage".into(),
            value: serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        });
    }
    let (mut keys, mut strings) = (Vec::new(), Vec::new());
    for seed in &seeds {
        collect(&seed.value, &mut keys, &mut strings);
    }
    for list in [&mut keys, &mut strings] {
        list.sort();
        list.dedup();
    }
    Seeds {
        seeds,
        keys,
        strings,
    }
}

fn collect(v: &Value, keys: &mut Vec<String>, strings: &mut Vec<String>) {
    match v {
        Value::String(s) => strings.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|i| collect(i, keys, strings)),
        Value::Object(map) => {
            for (k, v) in map {
                keys.push(k.clone());
                collect(v, keys, strings);
            }
        }
        _ => {}
    }
}

fn read_dir(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.sort();
    out
}

fn name(path: &std::path::Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

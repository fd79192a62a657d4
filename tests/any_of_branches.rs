//! anyOf diagnostics: the branch an instance's own
//! discriminating members select explains its failure; with an unknown tag
//! the alternatives are named. Verdicts are not affected (the differential
//! tests keep them), only which branch's violations are shown.
//!
//! Property: for every mutant of the differential corpus's seeds (examples
//! and synthesized instances of each union member) that fails a union
//! definition (an `anyOf` of `$ref`s, such as `ContentBlock`), the union's
//! violations are exactly those of one member's own check — or the one
//! `anyOf` violation that names the alternatives.

mod support;

use mcpwire::{Keyword, Version, Violation};
use serde_json::Value;
use support::{mutate::Mutator, prng::Rng, spec_files, synth::Synth};

/// Mutants per member seed.
const MUTANTS: u64 = 12;
/// Synthesized seeds per member.
const SYNTH: u64 = 3;

fn check(version: Version, definition: &str, v: &Value) -> Vec<Violation> {
    version
        .spec()
        .unwrap()
        .definition(definition)
        .unwrap_or_else(|| panic!("{version}: no {definition}"))
        .check(v)
}

/// Union definitions: `anyOf` of `$ref`s only, with their members.
fn unions(schema: &Value, defs_key: &str) -> Vec<(String, Vec<String>)> {
    let prefix = format!("#/{defs_key}/");
    let mut out = Vec::new();
    let Some(defs) = schema.get(defs_key).and_then(Value::as_object) else {
        return out;
    };
    for (name, def) in defs {
        let Some(branches) = def.get("anyOf").and_then(Value::as_array) else {
            continue;
        };
        let members: Option<Vec<String>> = branches
            .iter()
            .map(|b| {
                b.get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.strip_prefix(&prefix))
                    .map(str::to_string)
            })
            .collect();
        if let Some(members) = members {
            out.push((name.clone(), members));
        }
    }
    out
}

fn names_the_alternatives(found: &[Violation]) -> bool {
    matches!(found, [one] if one.keyword == Keyword::AnyOf && one.message.starts_with("expected one of"))
}

#[test]
fn the_reported_branch_is_one_whose_own_check_reports_those_violations() {
    let mut checked = 0usize;
    for version in Version::enabled() {
        let schema = spec_files::patched_schema(version);
        let defs_key = spec_files::defs_key(version);
        let mutator = Mutator::new(&schema);
        let examples = spec_files::examples(version);
        for (union, members) in unions(&schema, defs_key) {
            for member in &members {
                let mut seeds: Vec<Value> = examples
                    .iter()
                    .filter(|e| &e.definition == member)
                    .map(|e| e.value.clone())
                    .collect();
                for k in 0..SYNTH {
                    let label = format!("any-of/{version}/{member}");
                    let mut synth = Synth::new(&schema, Rng::derive(1, &label, k));
                    seeds.push(synth.definition(defs_key, member));
                }
                for (s, seed) in seeds.iter().enumerate() {
                    for m in 0..MUTANTS {
                        let label = format!("any-of/{version}/{union}/{member}/{s}");
                        let mut rng = Rng::derive(2, &label, m);
                        let mut instance = seed.clone();
                        let count = 1 + rng.below(2);
                        mutator.mutate(&mut instance, &mut rng, count);
                        let found = check(version, &union, &instance);
                        if found.is_empty() {
                            continue;
                        }
                        checked += 1;
                        if names_the_alternatives(&found) {
                            continue;
                        }
                        let explained_by = members
                            .iter()
                            .find(|b| check(version, b, &instance) == found);
                        assert!(
                            explained_by.is_some(),
                            "{version} {union}: {instance}\nreported {found:#?}\nwhich no member's own check reports"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} failing instances");
}

#[test]
#[cfg(feature = "v2025_11_25")]
fn a_blob_resource_is_explained_as_a_blob() {
    let v = Version::V2025_11_25;
    let bad = serde_json::json!({"type": "resource", "resource": {"uri": "file:///a.png", "blob": "not base64!"}});
    let found = check(v, "EmbeddedResource", &bad);
    assert!(!found.is_empty());
    assert!(
        found
            .iter()
            .all(|f| f.instance.as_str() == "/resource/blob"),
        "{found:#?}"
    );
    assert!(
        !found.iter().any(|f| f.message.contains("\"text\"")),
        "{found:#?}"
    );
}

#[test]
#[cfg(feature = "v2025_11_25")]
fn an_unknown_content_type_names_the_alternatives() {
    let v = Version::V2025_11_25;
    let found = check(
        v,
        "ContentBlock",
        &serde_json::json!({"type": "video", "data": "AAAA", "mimeType": "video/mp4"}),
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].instance.as_str(), "/type");
    assert_eq!(found[0].keyword, Keyword::AnyOf);
    assert_eq!(
        found[0].message,
        "expected one of text, image, audio, resource_link, resource; found \"video\""
    );
    // A known tag still selects its own branch.
    let found = check(
        v,
        "ContentBlock",
        &serde_json::json!({"type": "image", "data": 1}),
    );
    assert_eq!(
        found,
        check(
            v,
            "ImageContent",
            &serde_json::json!({"type": "image", "data": 1})
        )
    );
}

//! The contract engine alone (`mcpwire::contracts::Engine`): `$ref`s
//! that do not resolve, the bounds on a small stack, patterns, the cache,
//! and its verdicts against plain jsonschema's on the JSON-Schema-Test-Suite.
//! (`tests/contracts.rs`: the engine inside the conversation.)

use mcpwire::contracts::{Engine, SchemaLimits, SchemaProblem, Verdict};
use serde_json::{json, Value};

#[test]
fn a_local_ref_that_does_not_resolve_is_reported() {
    let problem = Engine::shared()
        .compile(&json!({"$ref": "#/$defs/missing"}))
        .unwrap_err();
    assert!(
        matches!(
            &problem,
            SchemaProblem::UnresolvableRef { network: false, .. }
        ),
        "{problem:?}"
    );
    let problem = Engine::shared()
        .compile(&json!({"$ref": "other.json"}))
        .unwrap_err();
    assert!(
        matches!(&problem, SchemaProblem::UnresolvableRef { .. }),
        "{problem:?}"
    );
    // Refs inside the schema resolve.
    let schema =
        json!({"$defs": {"n": {"type": "integer"}}, "properties": {"a": {"$ref": "#/$defs/n"}}});
    let contract = Engine::shared().compile(&schema).unwrap();
    assert!(matches!(
        contract.judge(&json!({"a": "x"})),
        Verdict::Fails(_)
    ));
    assert_eq!(contract.judge(&json!({"a": 1})), Verdict::Conforms);
}

/// Runs `f` on a thread with a 2 MiB stack (a test thread's default).
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn ten_thousand_levels_of_schema_are_refused_without_recursion() {
    on_small_stack(|| {
        let mut deep = json!({"type": "string"});
        for _ in 0..10_000 {
            // Not `json!`: it would copy `deep` by serializing it, recursively.
            let mut level = serde_json::Map::new();
            level.insert("not".into(), deep);
            deep = Value::Object(level);
        }
        let problem = Engine::shared().compile(&deep).unwrap_err();
        assert!(
            matches!(problem, SchemaProblem::OverBounds(_)),
            "{problem:?}"
        );
        // Taken apart level by level (dropping a map recurses per level).
        while let Value::Object(mut level) = deep {
            match level.remove("not") {
                Some(inner) => deep = inner,
                None => break,
            }
        }
    });
}

/// A schema at the depth bound compiles, and a recursive schema judges a
/// value at the instance-depth bound, both on a 2 MiB stack; one level
/// more is refused.
#[test]
fn the_depth_bounds_fit_a_small_stack() {
    on_small_stack(|| {
        let limits = SchemaLimits::DEFAULT;
        let mut deep = json!({"type": "string"});
        for _ in 1..limits.max_depth {
            deep = json!({"not": deep});
        }
        assert!(Engine::shared().compile(&deep).is_ok());
        let recursive = json!({"$defs": {"n": {"type": "array", "items": {"$ref": "#/$defs/n"}}},
                               "$ref": "#/$defs/n"});
        let contract = Engine::shared().compile(&recursive).unwrap();
        let mut value = json!([]);
        for _ in 1..limits.max_instance_depth {
            value = json!([value]);
        }
        assert_eq!(contract.judge(&value), Verdict::Conforms);
        let mut bad = json!(["x"]);
        for _ in 1..limits.max_instance_depth {
            bad = json!([bad]);
        }
        assert!(matches!(contract.judge(&bad), Verdict::Fails(_)));
        value = json!([value]);
        assert!(matches!(contract.judge(&value), Verdict::Unjudged(_)));
    });
}

#[test]
fn a_catastrophic_pattern_ends() {
    let contract = Engine::shared()
        .compile(&json!({"type": "string", "pattern": "^(a+)+$"}))
        .unwrap();
    let input = json!(format!("{}!", "a".repeat(40)));
    assert!(matches!(contract.judge(&input), Verdict::Fails(_)));
    // A backreference needs backtracking: past the limit it is not judged.
    let contract = Engine::shared()
        .compile(&json!({"type": "string", "pattern": "^(a|a?)+\\1$"}))
        .unwrap();
    assert!(matches!(
        contract.judge(&input),
        Verdict::Unjudged(_) | Verdict::Fails(_)
    ));
}

#[test]
fn the_cache_stays_within_its_bounds() {
    let limits = SchemaLimits {
        cache_entries: 8,
        cache_bytes: 600,
        ..SchemaLimits::DEFAULT
    };
    let engine = Engine::new(limits);
    for i in 0..500 {
        let schema = json!({"type": "object", "properties": {format!("p{i}"): {"const": i}}});
        let contract = engine.compile(&schema).unwrap();
        assert!(matches!(
            contract.judge(&json!({format!("p{i}"): -1})),
            Verdict::Fails(_)
        ));
        let stats = engine.cache_stats();
        assert!(stats.entries <= 8 && stats.bytes <= 600, "{stats:?}");
    }
    assert!(engine.cache_stats().entries > 0);
    // A schema seen again comes from the cache: the same compiled contract.
    let schema = json!({"type": "integer"});
    let first = engine.compile(&schema).unwrap();
    let second = engine.compile(&schema).unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &second));
}

/// The engine's verdicts are plain jsonschema's on the
/// JSON-Schema-Test-Suite's draft2020-12 cases (`../shared`; skipped when
/// the suite is not there): the registry resource, the refusing retriever
/// and the bounds change no verdict. A schema the engine refuses is one
/// with a `$ref` outside itself or a dialect it does not judge.
#[test]
fn verdicts_are_plain_jsonschemas_on_the_suite() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/json-schema-test-suite/tests/draft2020-12"
    );
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("skipped: no test suite at {dir}");
        return;
    };
    let engine = Engine::new(SchemaLimits::DEFAULT);
    let (mut compared, mut refused) = (0, Vec::new());
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let groups: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for group in groups.as_array().unwrap() {
            let schema = &group["schema"];
            let Ok(plain) = jsonschema::options()
                .with_draft(jsonschema::Draft::Draft202012)
                .build(schema)
            else {
                continue;
            };
            let ours = match engine.compile(schema) {
                Ok(c) => c,
                Err(problem) => {
                    assert!(
                        matches!(
                            problem,
                            SchemaProblem::UnresolvableRef { .. }
                                | SchemaProblem::UnsupportedDialect(_)
                        ),
                        "{}: {}: {problem}",
                        path.display(),
                        group["description"]
                    );
                    refused.push(format!("{}: {}", path.display(), group["description"]));
                    continue;
                }
            };
            for test in group["tests"].as_array().unwrap() {
                let data = &test["data"];
                let verdict = ours.judge(data);
                assert_eq!(
                    verdict == Verdict::Conforms,
                    plain.is_valid(data),
                    "{}: {} / {}: {verdict:?}",
                    path.display(),
                    group["description"],
                    test["description"]
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 1000, "{compared} compared");
    assert!(refused.len() < 30, "{refused:#?}");
}

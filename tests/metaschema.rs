//! `mcpwire::metaschema`: the draft-07 and 2020-12 metaschemas compiled by
//! mcpwire's generator, judged against the `jsonschema` crate's metaschema
//! validation on every case schema of the JSON Schema Test Suite, every MCP
//! revision's `schema.json` and its definitions, and mutations of them that
//! plant invalid keyword values at every depth.
//!
//! The reference: `jsonschema::draft202012::meta` for 2020-12; for
//! draft-07 a `jsonschema` validator of the same draft-07 metaschema with
//! formats off, since `jsonschema::draft7::meta` asserts `format` (draft-07
//! leaves that to the implementation) and mcpwire does not
//! (docs/metaschemas.md). `jsonschema::draft7::meta` must agree with
//! jsonschema on the pinned metaschema with formats asserted, so where it
//! disagrees with mcpwire, `format` is the only difference.
//!
//! The suite is read from `../shared/json-schema-test-suite`; without it
//! the suite corpora are skipped (and fail under `CI`).

mod metaschema_cases;

use metaschema_cases::{mcp_cases, mutations, suite_cases, suite_dir, Case, Dialect};
use serde_json::{json, Value};

use mcpwire::metaschema::{draft2020_12, draft7};

/// The draft-07 references: jsonschema on the pinned draft-07 metaschema
/// with `format` an annotation (mcpwire's reading) and asserted (what
/// `jsonschema::draft7::meta` does).
struct Draft7References {
    annotation: jsonschema::Validator,
    assertion: jsonschema::Validator,
}

fn draft7_references() -> Draft7References {
    let dir = std::env::var_os("MCPWIRE_METASCHEMA_DIR").expect("set by .cargo/config.toml");
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join("draft7/metaschema.json");
    let text = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let metaschema: Value = serde_json::from_slice(&text).expect("metaschema is JSON");
    let build = |formats: bool| {
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft7)
            .should_validate_formats(formats)
            .build(&metaschema)
            .expect("the draft-07 metaschema compiles")
    };
    Draft7References {
        annotation: build(false),
        assertion: build(true),
    }
}

/// Tallies of one corpus.
#[derive(Default)]
struct Tally {
    judged: usize,
    invalid: usize,
    format_only: usize,
}

/// Judges every case with mcpwire (value path, `check`, bytes path) and
/// the reference; panics listing the first disagreements.
fn judge(cases: &[Case], reference7: &Draft7References) -> Tally {
    let mut tally = Tally::default();
    let mut disagreements = Vec::new();
    for case in cases {
        let schema = &case.schema;
        let text = serde_json::to_vec(schema).expect("serializes");
        let (ours, violations, bytes, theirs) = match case.dialect {
            Dialect::Draft7 => (
                draft7::is_valid(schema),
                draft7::check(schema),
                draft7::is_valid_json(&text).expect("JSON"),
                reference7.annotation.is_valid(schema),
            ),
            Dialect::Draft2020_12 => (
                draft2020_12::is_valid(schema),
                draft2020_12::check(schema),
                draft2020_12::is_valid_json(&text).expect("JSON"),
                jsonschema::draft202012::meta::is_valid(schema),
            ),
        };
        tally.judged += 1;
        tally.invalid += usize::from(!theirs);
        if ours != theirs || violations.is_empty() != ours || bytes != ours {
            disagreements.push(format!(
                "{}: mcpwire {ours} (check: {} violations, bytes {bytes}), jsonschema {theirs}: {schema}",
                case.origin,
                violations.len()
            ));
        }
        if case.dialect == Dialect::Draft7 {
            // `jsonschema::draft7::meta` is the same metaschema with
            // formats asserted: where it differs, only `format` differs.
            let meta = jsonschema::draft7::meta::is_valid(schema);
            assert_eq!(
                meta,
                reference7.assertion.is_valid(schema),
                "{}: jsonschema::draft7::meta is not the pinned metaschema with formats asserted",
                case.origin
            );
            tally.format_only += usize::from(meta != ours);
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} disagree:\n{}",
        disagreements.len(),
        cases.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
    tally
}

fn report(corpus: &str, tally: &Tally) {
    eprintln!(
        "{corpus}: {} judged, {} invalid, all agree ({} differ from jsonschema::draft7::meta only by `format`)",
        tally.judged, tally.invalid, tally.format_only
    );
}

#[test]
fn agrees_with_jsonschema_on_the_test_suite_schemas() {
    let Some(suite) = suite_dir("agrees_with_jsonschema_on_the_test_suite_schemas") else {
        return;
    };
    let reference7 = draft7_references();
    for (folder, dialect) in [
        ("draft7", Dialect::Draft7),
        ("draft2020-12", Dialect::Draft2020_12),
    ] {
        let cases = suite_cases(&suite, folder, dialect);
        assert!(cases.len() > 100, "{folder}: only {} cases", cases.len());
        report(&format!("suite {folder}"), &judge(&cases, &reference7));
    }
}

#[test]
fn agrees_with_jsonschema_on_every_mcp_schema() {
    let cases = mcp_cases();
    let tally = judge(&cases, &draft7_references());
    report("MCP schemas and definitions", &tally);
    // The published files are valid in their dialects.
    assert_eq!(tally.invalid, 0);
}

#[test]
fn agrees_with_jsonschema_on_mutated_schemas() {
    let mut bases = mcp_cases();
    if let Some(suite) = suite_dir("agrees_with_jsonschema_on_mutated_schemas") {
        bases.extend(suite_cases(&suite, "draft7", Dialect::Draft7));
        bases.extend(suite_cases(&suite, "draft2020-12", Dialect::Draft2020_12));
    }
    let mutated: Vec<Case> = bases
        .iter()
        .enumerate()
        .flat_map(|(i, base)| mutations(base, &format!("{i} {}", base.origin), 3))
        .collect();
    let tally = judge(&mutated, &draft7_references());
    report("mutated schemas", &tally);
    assert!(
        tally.invalid * 2 > tally.judged,
        "most mutations are invalid"
    );
}

/// An invalid keyword value deep inside applicators and definitions is
/// caught. In 2020-12 this goes through `$dynamicRef: "#meta"`: the
/// applicator vocabulary's subschemas resolve to the whole metaschema (its
/// validation vocabulary included) only through the dynamic scope; resolved
/// statically they would reach the applicator vocabulary alone, which does
/// not know `minLength`.
#[test]
fn an_invalid_value_deep_inside_is_caught() {
    let deep = |leaf: Value, defs: &str| {
        json!({"properties": {"a": {defs: {"b": {"items": {"allOf": [
            {"additionalProperties": {"not": {"anyOf": [leaf]}}}
        ]}}}}}})
    };
    let at = |defs: &str| {
        format!("/properties/a/{defs}/b/items/allOf/0/additionalProperties/not/anyOf/0/minLength")
    };
    let good = deep(json!({"minLength": 1}), "$defs");
    let bad = deep(json!({"minLength": -1}), "$defs");
    assert!(draft2020_12::is_valid(&good));
    assert!(!draft2020_12::is_valid(&bad));
    let violations = draft2020_12::check(&bad);
    assert!(
        violations
            .iter()
            .any(|v| v.instance.as_str() == at("$defs")),
        "{violations:?}"
    );
    // `unevaluatedProperties` (its own vocabulary) and `prefixItems` too.
    let bad = json!({"prefixItems": [{"unevaluatedProperties": {"type": "strin"}}]});
    assert!(!draft2020_12::is_valid(&bad));

    let good = deep(json!({"minLength": 1}), "definitions");
    let bad = deep(json!({"minLength": -1}), "definitions");
    assert!(draft7::is_valid(&good));
    assert!(!draft7::is_valid(&bad));
    let violations = draft7::check(&bad);
    assert!(
        violations
            .iter()
            .any(|v| v.instance.as_str() == at("definitions")),
        "{violations:?}"
    );
}

/// The dialects differ where their metaschemas do.
#[test]
fn each_dialect_judges_its_own_keywords() {
    // draft-07's `items` may be an array; 2020-12's is one schema.
    let tuple = json!({"items": [{"type": "string"}]});
    assert!(draft7::is_valid(&tuple));
    assert!(!draft2020_12::is_valid(&tuple));
    // `$defs` is an annotation-free unknown keyword in draft-07.
    let defs = json!({"$defs": []});
    assert!(draft7::is_valid(&defs));
    assert!(!draft2020_12::is_valid(&defs));
    // `format` is an annotation: an invalid regex and a non-URI `$id` pass.
    let formats = json!({"pattern": "(", "$id": "not a uri reference \\"});
    assert!(draft7::is_valid(&formats));
    assert!(draft2020_12::is_valid(&formats));
    // The bytes path: an invalid text is an error, not a verdict.
    assert!(draft7::is_valid_json(b"{\"type\": ").is_err());
    assert_eq!(
        draft2020_12::is_valid_json(b"{\"type\":\"strin\"}").ok(),
        Some(false)
    );
    assert_eq!(draft2020_12::is_valid_json(b"true").ok(), Some(true));
}

/// The compiled path reads no file at run time: the generated modules are
/// code, with no include of the metaschema text and no file access.
#[test]
fn the_compiled_path_reads_no_file() {
    for file in ["metaschema_draft7.rs", "metaschema_draft2020_12.rs"] {
        let path = std::path::Path::new(env!("OUT_DIR")).join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        for needle in [
            "include_str!",
            "include_bytes!",
            "include!",
            "std::fs",
            "File::open",
            "from_str",
            "from_slice",
        ] {
            assert!(!text.contains(needle), "{file} holds `{needle}`");
        }
        assert!(
            text.contains("pub fn is_valid("),
            "{file} is the generated module"
        );
    }
    let module = include_str!("../src/metaschema.rs");
    for needle in ["include_str!", "include_bytes!", "std::fs"] {
        assert!(
            !module.contains(needle),
            "src/metaschema.rs holds `{needle}`"
        );
    }
}

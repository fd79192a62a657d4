//! Synthetic schema bumps built from today's pinned 2025-11-25 file: each
//! regenerates with no change to the generator, the diff report names what
//! changed, and the compiled validators judge as the changed schema says.
//!
//! The judging half compiles the generated `validate` modules (base and
//! bumped) into one small program against `mcpwire-runtime` (a crate
//! written under cargo's test scratch directory, built offline) and runs
//! instances through both. To keep that build small the document is cut to
//! the definitions the cases judge and what they reference.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use mcpwire_codegen::{
    diff, errata, generate_from_value_with, load, schema_declaring, schema_for, validators, Config,
    Options, Stages, Version,
};
use serde_json::{json, Value};

const REVISION: &str = "2025-11-25";

fn version() -> Version {
    Version::by_name(REVISION).unwrap()
}

fn config() -> Config {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let spec_dir = std::env::var_os("MCPWIRE_SPEC_DIR")
        .map(|d| root.join(d))
        .unwrap_or_else(|| root.join("../shared/mcp-spec"));
    Config {
        spec_dir,
        pin_file: root.join("schemas/pin.toml"),
    }
}

/// Definitions every generated module needs (dispatch's envelopes) and the
/// ones the errata of the revision patch.
const KEEP: &[&str] = &[
    "JSONRPCRequest",
    "JSONRPCNotification",
    "JSONRPCResultResponse",
    "JSONRPCErrorResponse",
    "JSONRPCMessage",
    "ElicitResult",
    "BaseMetadata",
    "Implementation",
];

/// Every `$ref` target below `value`.
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("$ref", Value::String(r)) => {
                        out.push(r.rsplit('/').next().unwrap_or_default().to_string())
                    }
                    _ => refs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

/// Today's file, unpatched, cut to [`KEEP`] and what it references.
fn today() -> Value {
    let mut document = load::read(version(), &config())
        .expect("pinned spec file")
        .document;
    let defs = document["$defs"].as_object().unwrap().clone();
    let mut keep: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<String> = KEEP.iter().map(|s| s.to_string()).collect();
    while let Some(name) = todo.pop() {
        if keep.insert(name.clone()) {
            refs(&defs[&name], &mut todo);
        }
    }
    document["$defs"] = Value::Object(
        defs.into_iter()
            .filter(|(name, _)| keep.contains(name))
            .collect(),
    );
    document
}

/// A bump: today's file changed by `edit`.
fn bumped(edit: impl FnOnce(&mut Value)) -> Value {
    let mut document = today();
    edit(&mut document);
    document
}

fn validators_only() -> Options {
    Options {
        stages: Stages::Validators,
        ..Options::default()
    }
}

/// The generated `validate` module (no header: it names the sha256).
fn module(document: Value, options: Options) -> Result<String, String> {
    let generated = generate_from_value_with(version(), "synthetic", document, options)
        .map_err(|e| e.to_string())?;
    Ok(generated.source)
}

/// The diff report between today's file and a bump, as its lines.
fn report(document: Value, options: &Options) -> diff::Report {
    let patched = |d| errata::apply(version(), d).unwrap();
    let old = schema_for(version(), patched(today()), options).unwrap();
    let new = schema_for(version(), patched(document), options).unwrap();
    diff::compare(&old, &new).unwrap()
}

fn constraint_lines(report: &diff::Report) -> Vec<String> {
    report.constraints.iter().map(|c| c.line.clone()).collect()
}

/// One instance judged by one definition of one module.
struct Case {
    module: &'static str,
    definition: &'static str,
    instance: Value,
    valid: bool,
}

fn case(module: &'static str, definition: &'static str, instance: Value, valid: bool) -> Case {
    Case {
        module,
        definition,
        instance,
        valid,
    }
}

/// Compiles `modules` into one program and returns each case's verdict.
fn judge(modules: &[(&str, String)], cases: &[Case]) -> Vec<bool> {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = scratch.join("bumps-harness");
    let src = dir.join("src");
    std::fs::create_dir_all(&src).unwrap();
    let runtime = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../runtime");
    let manifest = format!(
        "[package]\nname = \"bumps-harness\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\n\n[workspace]\n\n[dependencies]\n\
         mcpwire-runtime = {{ path = {:?} }}\nserde_json = \"1\"\n",
        runtime.display().to_string()
    );
    write(&dir.join("Cargo.toml"), &manifest);
    // The workspace's lock file: the same dependency versions, offline.
    let lock = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    std::fs::copy(lock, dir.join("Cargo.lock")).unwrap();
    let mut main = String::from("#![allow(warnings)]\n");
    for (name, source) in modules {
        write(&src.join(format!("{name}.rs")), source);
        main.push_str(&format!("mod {name} {{ include!(\"{name}.rs\"); }}\n"));
    }
    let tables: Vec<String> = modules
        .iter()
        .map(|(name, _)| format!("({name:?}, {name}::validate::DEFINITIONS)"))
        .collect();
    main.push_str(&format!(
        "static TABLES: &[(&str, &[::mcpwire_runtime::DefinitionFns])] = &[{}];\n",
        tables.join(", ")
    ));
    main.push_str(
        r#"fn main() {
    let cases: Vec<(String, String, serde_json::Value)> =
        serde_json::from_str(include_str!("cases.json")).unwrap();
    for (module, definition, instance) in cases {
        let table = TABLES.iter().find(|(m, _)| *m == module).expect("module").1;
        let row = table.iter().find(|d| d.name == definition).expect("definition");
        println!("{}", (row.is_valid)(&instance));
    }
}
"#,
    );
    write(&src.join("main.rs"), &main);
    let list: Vec<Value> = cases
        .iter()
        .map(|c| json!([c.module, c.definition, c.instance]))
        .collect();
    write(&src.join("cases.json"), &Value::Array(list).to_string());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["run", "--quiet", "--offline", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", scratch.join("bumps-target"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "the harness failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l == "true")
        .collect()
}

fn write(path: &Path, text: &str) {
    mcpwire_codegen::emit::write_if_changed(path, text).unwrap();
}

fn long_name(chars: usize) -> Value {
    json!({ "name": "n".repeat(chars) })
}

fn max_length_bump() -> Value {
    bumped(|d| d["$defs"]["BaseMetadata"]["properties"]["name"]["maxLength"] = json!(256))
}

fn property_removed_bump() -> Value {
    bumped(|d| {
        d["$defs"]["BaseMetadata"]["properties"]
            .as_object_mut()
            .unwrap()
            .remove("title");
    })
}

fn required_bump() -> Value {
    bumped(|d| d["$defs"]["BaseMetadata"]["required"] = json!(["name", "title"]))
}

fn uri_format_bump() -> Value {
    bumped(|d| d["$defs"]["BaseMetadata"]["properties"]["title"]["format"] = json!("uri"))
}

/// Every bump regenerates, and the programs built from them judge as the
/// bumped schemas say (the base judged alongside, so each case shows the
/// verdict moved).
#[test]
fn bumps_regenerate_and_judge_as_the_changed_schema_says() {
    let base = module(today(), validators_only()).unwrap();
    let modules = [
        ("base", base),
        (
            "max_length",
            module(max_length_bump(), validators_only()).unwrap(),
        ),
        (
            "property_removed",
            module(property_removed_bump(), validators_only()).unwrap(),
        ),
        (
            "required",
            module(required_bump(), validators_only()).unwrap(),
        ),
        (
            "uri_format",
            module(uri_format_bump(), validators_only()).unwrap(),
        ),
    ];
    let titled = |title: Value| json!({"name": "n", "title": title});
    let cases = [
        // maxLength 256 on BaseMetadata.name (code points, not bytes).
        case("base", "BaseMetadata", long_name(300), true),
        case("max_length", "BaseMetadata", long_name(300), false),
        case("max_length", "BaseMetadata", long_name(256), true),
        case(
            "max_length",
            "BaseMetadata",
            json!({"name": "é".repeat(256)}),
            true,
        ),
        case(
            "max_length",
            "Implementation",
            json!({"name": "n".repeat(257), "version": "1"}),
            true,
        ),
        // title removed: its type no longer judges.
        case("base", "BaseMetadata", titled(json!(5)), false),
        case("property_removed", "BaseMetadata", titled(json!(5)), true),
        // title required.
        case("base", "BaseMetadata", json!({"name": "n"}), true),
        case("required", "BaseMetadata", json!({"name": "n"}), false),
        case("required", "BaseMetadata", titled(json!("t")), true),
        // format: uri on title, asserted by default.
        case("base", "BaseMetadata", titled(json!("not a uri")), true),
        case(
            "uri_format",
            "BaseMetadata",
            titled(json!("not a uri")),
            false,
        ),
        case(
            "uri_format",
            "BaseMetadata",
            titled(json!("https://example.com/x")),
            true,
        ),
    ];
    let verdicts = judge(&modules, &cases);
    assert_eq!(verdicts.len(), cases.len());
    let wrong: Vec<String> = cases
        .iter()
        .zip(verdicts)
        .filter(|(c, verdict)| *verdict != c.valid)
        .map(|(c, _)| {
            let shown = c.instance.to_string();
            let shown = shown.get(..60).unwrap_or(&shown);
            format!(
                "{} {} {shown}: expected valid = {}",
                c.module, c.definition, c.valid
            )
        })
        .collect();
    assert!(wrong.is_empty(), "wrong verdicts:\n{}", wrong.join("\n"));
}

#[test]
fn the_report_names_each_bump() {
    let options = Options::default();
    assert_eq!(
        constraint_lines(&report(max_length_bump(), &options)),
        ["BaseMetadata.name: maxLength 256 added"]
    );
    let removed = report(property_removed_bump(), &options);
    assert_eq!(
        constraint_lines(&removed),
        ["BaseMetadata.title: property removed"]
    );
    assert_eq!(
        removed.constraints[0].pointer,
        "/$defs/BaseMetadata/properties/title"
    );
    assert_eq!(
        constraint_lines(&report(required_bump(), &options)),
        ["BaseMetadata: required [\"name\"] → [\"name\",\"title\"]"]
    );
    assert_eq!(
        constraint_lines(&report(uri_format_bump(), &options)),
        ["BaseMetadata.title: format \"uri\" added"]
    );
}

/// Every `description` rewritten: no verdict changes, and the generated
/// validators are the same code.
#[test]
fn a_descriptions_only_bump_changes_no_verdict_and_no_code() {
    fn rewrite(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (k, v) in map.iter_mut() {
                    match (k.as_str(), v) {
                        ("description", Value::String(s)) => s.push_str(" (reworded)"),
                        (_, v) => rewrite(v),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(rewrite),
            _ => {}
        }
    }
    let bump = bumped(rewrite);
    assert_ne!(bump, today());
    let report = report(bump.clone(), &Options::default());
    assert!(!report.changes_verdicts(), "{:?}", report.lines());
    assert!(report.lines()[1].contains("no verdict changes"));
    assert_eq!(
        module(bump, validators_only()).unwrap(),
        module(today(), validators_only()).unwrap()
    );
}

/// An unknown keyword stops the build, naming it and its pointer; declared
/// an annotation for the revision (an `[[annotation]]` entry), it builds,
/// to the same validators, and judges nothing.
#[test]
fn an_unknown_keyword_is_refused_then_declared() {
    let bump = bumped(|d| d["$defs"]["BaseMetadata"]["properties"]["name"]["x-foo"] = json!(7));
    let err = module(bump.clone(), validators_only()).unwrap_err();
    assert!(
        err.contains("/$defs/BaseMetadata/properties/name/x-foo") && err.contains("x-foo"),
        "{err}"
    );
    assert!(
        err.contains("schemas/errata.toml"),
        "says the way out: {err}"
    );
    let declared = errata::parse_annotations(&format!(
        "[[annotation]]\nkeyword = \"x-foo\"\nrevisions = [\"{REVISION}\"]\nreason = \"a hint\"\n"
    ))
    .unwrap();
    let options = Options::default();
    let schema = |document: Value, list: &[errata::Annotation]| {
        let patched = errata::apply(version(), document).unwrap();
        schema_declaring(version(), patched, &options, list).unwrap()
    };
    let rows = validators::Rows::ValueOnly;
    let with = validators::generate_with(&schema(bump.clone(), &declared), rows)
        .expect("declared, it builds")
        .to_string();
    let without = validators::generate_with(&schema(today(), &[]), rows)
        .unwrap()
        .to_string();
    assert_eq!(with, without, "an annotation changes no code");
    // Declared for another revision only, it is still refused here.
    let elsewhere = errata::parse_annotations(
        "[[annotation]]\nkeyword = \"x-foo\"\nrevisions = [\"draft\"]\nreason = \"r\"\n",
    )
    .unwrap();
    assert!(validators::generate_with(&schema(bump.clone(), &elsewhere), rows).is_err());
    let old = schema(today(), &declared);
    let new = schema(bump, &declared);
    assert!(!diff::compare(&old, &new).unwrap().changes_verdicts());
    #[cfg(feature = "types")]
    mcpwire_codegen::types::generate_with(&new, Default::default())
        .expect("the types stage builds with the declared keyword");
}

/// A format the build does not assert is an annotation: no verdict change,
/// the same code; asserting a name the generator has no check for is no
/// build failure either.
#[test]
fn an_unasserted_format_changes_nothing() {
    let bump = bumped(|d| {
        d["$defs"]["BaseMetadata"]["properties"]["title"]["format"] = json!("date-time")
    });
    assert!(!report(bump.clone(), &Options::default()).changes_verdicts());
    assert_eq!(
        module(bump.clone(), validators_only()).unwrap(),
        module(today(), validators_only()).unwrap()
    );
    let asserting = Options {
        stages: Stages::Validators,
        asserted_formats: Some(vec!["uri".into(), "no-such-format".into()]),
        ..Options::default()
    };
    let odd = bumped(|d| {
        d["$defs"]["BaseMetadata"]["properties"]["title"]["format"] = json!("no-such-format")
    });
    module(odd, asserting).expect("an unknown format name is an annotation");
    // Without `uri` asserted, the uri bump changes no verdict.
    let none = Options {
        asserted_formats: Some(Vec::new()),
        ..Options::default()
    };
    assert!(!report(uri_format_bump(), &none).changes_verdicts());
}

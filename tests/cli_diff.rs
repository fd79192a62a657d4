//! `mcpwire diff REV REV`: the report is checked against the spec files
//! themselves (read here, never by the command): every constraint it names
//! sits at its pointer with the value it shows, the methods it adds and
//! removes are those of the two revisions' dispatch maps, and a revision
//! compared with itself changes no verdict.

mod support;

use std::collections::BTreeSet;

use assert_cmd::Command;
use mcpwire::Version;
use serde_json::Value;
use support::spec_files::patched_schema;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("mcpwire")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn json_report(from: &str, to: &str) -> Value {
    let (code, stdout, stderr) = run(&["diff", from, to, "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).unwrap()
}

fn methods(v: Version) -> BTreeSet<&'static str> {
    v.spec()
        .unwrap()
        .maps
        .methods
        .iter()
        .map(|m| m.method)
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The local reference `$ref` values are shown as the definition they name.
fn shown(value: &Value, pointer: &str) -> Value {
    match (pointer.ends_with("/$ref"), value) {
        (true, Value::String(r)) => {
            Value::String(r.rsplit('/').next().unwrap_or_default().to_string())
        }
        _ => value.clone(),
    }
}

#[test]
fn every_constraint_sits_at_its_pointer_with_its_value() {
    let (old, new) = (Version::V2025_11_25, Version::V2026_07_28);
    let report = json_report("2025-11-25", "2026-07-28");
    assert_eq!(report["changes_verdicts"], true);
    let (old_doc, new_doc) = (patched_schema(old), patched_schema(new));
    let constraints = report["constraints"].as_array().unwrap();
    assert!(!constraints.is_empty());
    for c in constraints {
        let pointer = c["pointer"].as_str().unwrap();
        let (doc, value) = match c["change"].as_str().unwrap() {
            "removed" => (&old_doc, &c["before"]),
            "added" | "changed" => (&new_doc, &c["after"]),
            other => panic!("change {other}"),
        };
        let at = doc
            .pointer(pointer)
            .unwrap_or_else(|| panic!("{pointer} is in neither file: {c}"));
        let value: Value = serde_json::from_str(value.as_str().unwrap()).unwrap();
        if value != serde_json::json!({}) {
            assert_eq!(value, shown(at, pointer), "{c}");
        }
        if c["change"] == "changed" {
            let before = old_doc
                .pointer(pointer)
                .expect("a changed place is in both");
            assert_ne!(before, at, "{c}");
        }
        assert!(!c["line"].as_str().unwrap().is_empty());
    }
}

#[test]
fn methods_and_definitions_are_the_maps_difference() {
    let (old, new) = (Version::V2025_11_25, Version::V2026_07_28);
    let report = json_report("2025-11-25", "2026-07-28");
    let (a, b) = (methods(old), methods(new));
    let of = |kind: &str| -> BTreeSet<String> {
        report["methods"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["change"] == kind)
            .map(|m| m["method"].as_str().unwrap().to_string())
            .collect()
    };
    let expect = |x: &BTreeSet<&str>, y: &BTreeSet<&str>| -> BTreeSet<String> {
        x.difference(y).map(|s| s.to_string()).collect()
    };
    assert_eq!(of("added"), expect(&b, &a));
    assert_eq!(of("removed"), expect(&a, &b));
    let defs = |v: Version| -> BTreeSet<&'static str> {
        v.spec().unwrap().maps.definitions.iter().copied().collect()
    };
    let added: BTreeSet<String> = strings(&report["definitions_added"]).into_iter().collect();
    let removed: BTreeSet<String> = strings(&report["definitions_removed"])
        .into_iter()
        .collect();
    assert_eq!(added, expect(&defs(new), &defs(old)));
    assert_eq!(removed, expect(&defs(old), &defs(new)));
}

#[test]
fn a_revision_against_itself_changes_no_verdict() {
    let (code, stdout, _) = run(&["diff", "2026-07-28", "2026-07-28"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("no verdict changes"), "{stdout}");
    let report = json_report("2025-11-25", "2025-11-25");
    assert_eq!(report["changes_verdicts"], false);
    assert!(report["constraints"].as_array().unwrap().is_empty());
}

#[test]
fn the_text_names_each_change_with_its_pointer() {
    let (code, stdout, _) = run(&["diff", "2025-11-25", "2026-07-28"]);
    assert_eq!(code, 0);
    let report = json_report("2025-11-25", "2026-07-28");
    assert!(stdout.starts_with("MCP 2025-11-25 → 2026-07-28: definitions +"));
    for c in report["constraints"].as_array().unwrap() {
        let line = format!(
            "  {}  ({})",
            c["line"].as_str().unwrap(),
            c["pointer"].as_str().unwrap()
        );
        assert!(stdout.lines().any(|l| l == line), "missing {line}");
    }
}

#[test]
fn usage_errors() {
    let (code, _, stderr) = run(&["diff", "2025-11-25"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("expected two revisions or two snapshot files, got 1"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["diff", "2025-11-25", "2025-11-52"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean 2025-11-25?"), "{stderr}");
}

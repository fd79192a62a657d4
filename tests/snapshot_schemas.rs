//! A snapshot records what the run-time schema engine says of each tool
//! schema — its dialect, and the `contract.*` findings a session reports
//! on the `tools/list` that carried it — and `mcpwire diff` reports a
//! schema becoming invalid, gaining a finding, or changing dialect.
#![cfg(all(
    feature = "contracts",
    feature = "v2025_06_18",
    feature = "v2025_11_25"
))]

use mcpwire::snapshot::{diff, Builder, List, Severity, Snapshot};
use serde_json::{json, Value};

const REV: &str = "2025-11-25";
const DRAFT_07: &str = "http://json-schema.org/draft-07/schema#";

/// A snapshot of one revision listing `tools`.
fn snapshot(revision: &str, tools: Value) -> Snapshot {
    let mut b = Builder::new();
    b.server(
        revision,
        &json!({"capabilities": {"tools": {}}, "serverInfo": {"name": "s", "version": "1"}}),
    );
    b.page(revision, List::Tools, true, &json!({ "tools": tools }));
    b.finish()
}

/// The `schemas` member the file records for `tool`'s `member`.
fn recorded(snapshot: &Snapshot, revision: &str, tool: &str, member: &str) -> Value {
    let file: Value = serde_json::from_str(&snapshot.to_json()).unwrap();
    file["revisions"][revision]["schemas"]["tools"][tool][member].clone()
}

#[test]
fn the_file_records_dialect_and_findings() {
    let tools = json!([
        {"name": "plain", "inputSchema": {"type": "object"}},
        {"name": "seven", "inputSchema": {"$schema": DRAFT_07, "type": "object"},
         "outputSchema": {"type": "object", "properties": {"t": {"type": "number"}}}},
        {"name": "broken", "inputSchema": {"type": "objekt"}},
        {"name": "four", "inputSchema": {"$schema": "http://json-schema.org/draft-04/schema#"}},
        {"name": "remote", "inputSchema": {"$ref": "https://example.com/schema.json"}},
    ]);
    let s = snapshot(REV, tools.clone());
    assert_eq!(
        recorded(&s, REV, "plain", "inputSchema"),
        json!({"declared": false, "dialect": "2020-12"})
    );
    let seven = recorded(&s, REV, "seven", "inputSchema");
    assert_eq!(seven["dialect"], "draft-07");
    assert_eq!(seven["declared"], true);
    assert_eq!(seven["findings"][0]["rule"], "contract.dialect-not-2020-12");
    assert_eq!(
        recorded(&s, REV, "seven", "outputSchema"),
        json!({"declared": false, "dialect": "2020-12"})
    );
    let broken = recorded(&s, REV, "broken", "inputSchema");
    assert_eq!(broken["findings"][0]["rule"], "contract.schema-invalid");
    let message = broken["findings"][0]["message"].as_str().unwrap();
    assert!(message.contains("not a valid 2020-12 schema"), "{message}");
    let four = recorded(&s, REV, "four", "inputSchema");
    assert_eq!(four["dialect"], "http://json-schema.org/draft-04/schema#");
    assert_eq!(four["findings"][0]["rule"], "contract.dialect-unsupported");
    // contract.ref-unresolvable applies from 2026-07-28: nothing at 2025-11-25.
    assert_eq!(
        recorded(&s, REV, "remote", "inputSchema"),
        json!({"declared": false, "dialect": "2020-12"})
    );
    // Before 2025-11-25 no revision named a dialect: the dialect is
    // recorded, no finding is (as a session says nothing there).
    let old = snapshot("2025-06-18", tools);
    assert_eq!(
        recorded(&old, "2025-06-18", "seven", "inputSchema"),
        json!({"declared": true, "dialect": "draft-07"})
    );

    // Derived from the schemas: read back, written again, the same bytes.
    let text = s.to_json();
    let read = Snapshot::from_json(&text).unwrap();
    assert_eq!(read, s);
    assert_eq!(read.to_json(), text);
}

/// (severity, tool, pointer, keyword, message) of each change whose
/// keyword is a `contract.*` rule or `$schema`.
fn schema_changes(
    old: &Snapshot,
    new: &Snapshot,
) -> Vec<(Severity, String, String, String, String)> {
    diff(old, new)
        .into_iter()
        .filter(|c| c.keyword.starts_with("contract.") || c.keyword == "$schema")
        .map(|c| (c.severity, c.name, c.pointer, c.keyword, c.message))
        .collect()
}

#[test]
fn the_diff_reports_findings_and_dialects() {
    let old = snapshot(
        REV,
        json!([
            {"name": "a", "inputSchema": {"type": "object"}},
            {"name": "b", "inputSchema": {"type": "object"}},
            {"name": "c", "inputSchema": {"$schema": DRAFT_07, "type": "object"}},
            {"name": "d", "inputSchema": {"type": "object"}},
            {"name": "e", "inputSchema": {"type": "objekt"}},
            {"name": "f", "inputSchema": {"$schema": DRAFT_07, "type": "object"}},
        ]),
    );
    let new = snapshot(
        REV,
        json!([
            // Valid → invalid in its dialect.
            {"name": "a", "inputSchema": {"type": "object", "minProperties": -1}},
            // A new outputSchema that declares draft-07.
            {"name": "b", "inputSchema": {"type": "object"},
             "outputSchema": {"$schema": DRAFT_07, "type": "object"}},
            // draft-07 → 2020-12 (by default).
            {"name": "c", "inputSchema": {"type": "object"}},
            // 2020-12 → draft-07.
            {"name": "d", "inputSchema": {"$schema": DRAFT_07, "type": "object"}},
            // Invalid → valid.
            {"name": "e", "inputSchema": {"type": "object"}},
            // Unchanged draft-07: its finding is not a change.
            {"name": "f", "inputSchema": {"$schema": DRAFT_07, "type": "object"}},
        ]),
    );
    let changes = schema_changes(&old, &new);
    let at = |name: &str| -> Vec<&(Severity, String, String, String, String)> {
        changes.iter().filter(|c| c.1 == name).collect()
    };
    let a = at("a");
    assert_eq!(a.len(), 1, "{changes:#?}");
    assert_eq!(
        (a[0].0, a[0].2.as_str(), a[0].3.as_str()),
        (
            Severity::Breaking,
            "/inputSchema",
            "contract.schema-invalid"
        )
    );
    assert!(
        a[0].4
            .starts_with("new: inputSchema not a valid 2020-12 schema"),
        "{}",
        a[0].4
    );
    assert!(a[0].4.contains("minProperties"), "{}", a[0].4);
    let b = at("b");
    assert_eq!(b.len(), 1, "{changes:#?}");
    assert_eq!(
        (b[0].0, b[0].2.as_str(), b[0].3.as_str(), b[0].4.as_str()),
        (
            Severity::Undecided,
            "/outputSchema/$schema",
            "contract.dialect-not-2020-12",
            "new: outputSchema declares JSON Schema draft-07; peers need support only 2020-12 \
             (contract.dialect-not-2020-12)"
        )
    );
    let c = at("c");
    assert_eq!(c.len(), 1, "one change for the dialect: {changes:#?}");
    assert_eq!(
        (c[0].0, c[0].2.as_str(), c[0].3.as_str(), c[0].4.as_str()),
        (
            Severity::Compatible,
            "/inputSchema/$schema",
            "$schema",
            "inputSchema dialect changed from draft-07 to 2020-12 (by default)"
        )
    );
    let d = at("d");
    assert_eq!(d.len(), 1, "one change for the dialect: {changes:#?}");
    assert_eq!(
        (d[0].0, d[0].4.as_str()),
        (
            Severity::Undecided,
            "inputSchema dialect changed from 2020-12 (by default) to draft-07: peers need \
             support only 2020-12 (contract.dialect-not-2020-12)"
        )
    );
    let e = at("e");
    assert_eq!(e.len(), 1, "{changes:#?}");
    assert_eq!(
        (e[0].0, e[0].3.as_str()),
        (Severity::Compatible, "contract.schema-invalid")
    );
    assert!(e[0].4.starts_with("gone: "), "{}", e[0].4);
    assert!(at("f").is_empty(), "{changes:#?}");
    // Nothing is said twice, and an equal pair says nothing.
    assert_eq!(changes.len(), 5, "{changes:#?}");
    assert!(schema_changes(&new, &new).is_empty());
}

#[cfg(feature = "cli")]
#[test]
fn mcpwire_diff_fails_on_a_schema_made_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, input: Value| {
        let path = dir.path().join(name);
        let tools = json!([{"name": "get_weather", "inputSchema": input}]);
        std::fs::write(&path, snapshot(REV, tools).to_json()).unwrap();
        path
    };
    let old = write("old.json", json!({"type": "object"}));
    // A title that is not a string: an annotation change to the
    // comparison (compatible), invalid in 2020-12 — the one breaking change.
    let new = write("new.json", json!({"type": "object", "title": 5}));
    let out = assert_cmd::Command::cargo_bin("mcpwire")
        .unwrap()
        .arg("diff")
        .args([&old, &new])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("1 breaking, 0 undecided, 1 compatible"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "breaking   [2025-11-25] tool get_weather /inputSchema (contract.schema-invalid): new: inputSchema not a valid 2020-12 schema"
        ),
        "{stdout}"
    );
}

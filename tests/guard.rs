//! `mcpwire::testing::Guard` on a `Session` the test drives itself:
//! expectations work as a transcript record's `"expect"` does — a
//! violation the test declared is moved to `Report::expected` and does not
//! fail; a declared violation that never occurs fails the guard with
//! "expected violation missing"; anything else fails, written with the
//! library's `Display` for reports and findings.
#![cfg(feature = "v2025_11_25")]

use mcpwire::{
    live::Context,
    testing::{Expected, Findings, Guard},
    Direction, Keyword, Origin, Session, Version,
};
use serde_json::{json, Value};

/// A `tools/call` and its result `result`, judged into a collector.
fn call(result: Value) -> Findings {
    let findings = Findings::new();
    let mut session = Session::new(Version::V2025_11_25);
    let c2s = Direction::ClientToServer;
    let s2c = Direction::ServerToClient;
    let request =
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}});
    findings.record(
        &Context::new(c2s).with_origin(Origin::Harness),
        &session
            .judge(mcpwire::Source::new(c2s, Origin::Harness), &request)
            .reports,
    );
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": result});
    findings.record(&Context::new(s2c), &session.judge(s2c, &answer).reports);
    findings
}

fn string_is_error() -> Findings {
    call(json!({"content": [], "isError": "false"}))
}

#[test]
fn an_expected_violation_is_reported_as_expected_and_does_not_fail() {
    let findings = string_is_error();
    let mut guard = Guard::new(&findings);
    guard.expect(
        Expected::violation()
            .pointer("/result/isError")
            .keyword("type")
            .definition("CallToolResult")
            .origin(Origin::Implementation),
    );
    let review = guard.review();
    assert!(review.is_clean(), "{review}");
    assert_eq!(review.expected(), 1);
    assert!(review.missing.is_empty());
    let [record] = review.records.as_slice() else {
        panic!("one record: {:?}", review.records)
    };
    assert!(record.report.violations.is_empty(), "{record:?}");
    assert_eq!(record.report.expected.len(), 1);
    assert_eq!(
        record.report.expected[0].violation.instance.as_str(),
        "/result/isError"
    );
    // The collector itself still holds the violation as the session said it.
    assert_eq!(findings.violations().len(), 1);
    guard.assert_clean();
}

#[test]
fn a_pointer_covers_what_lies_below_it_as_a_records_expect_does() {
    let findings = string_is_error();
    let mut guard = Guard::new(&findings);
    guard.expect(Expected::violation().pointer("/result"));
    guard.assert_clean();
    // `/result/is` is not an ancestor of `/result/isError`.
    let mut guard = Guard::new(&findings);
    guard.expect(Expected::violation().pointer("/result/is"));
    let text = guard.verdict().unwrap_err();
    assert!(text.contains("violation[type]: /result/isError"), "{text}");
    assert!(
        text.contains("expected violation missing: the test expects a violation at /result/is,"),
        "{text}"
    );
}

#[test]
fn an_expected_violation_that_does_not_occur_fails_the_guard() {
    let findings = call(json!({"content": [], "isError": false}));
    assert!(findings.violations().is_empty());
    let mut guard = Guard::new(&findings);
    guard.expect(
        Expected::violation()
            .pointer("/result/isError")
            .definition("CallToolResult"),
    );
    let review = guard.review();
    assert!(!review.is_clean());
    let [missing] = review.missing.as_slice() else {
        panic!("{:?}", review.missing)
    };
    assert_eq!(missing.violation.keyword, Keyword::Dispatch);
    assert_eq!(missing.violation.instance.as_str(), "/result/isError");
    let text = guard.verdict().unwrap_err();
    assert!(
        text.starts_with("mcpwire: 1 protocol finding(s) the test did not expect"),
        "{text}"
    );
    assert!(
        text.contains(
            "violation[dispatch]: /result/isError: expected violation missing: the test expects \
             a violation at /result/isError (definition CallToolResult), and none was found"
        ),
        "{text}"
    );
}

#[test]
fn an_unexpected_violation_fails_written_as_the_library_displays_it() {
    let findings = string_is_error();
    let record = &findings.violations()[0];
    let text = Guard::new(&findings).verdict().unwrap_err();
    assert!(
        text.contains(&format!("<server>#0: {}", record.report)),
        "{text}"
    );
    assert!(
        text.contains(&record.report.violations[0].to_string()),
        "{text}"
    );
    assert!(
        text.contains("result of 'tools/call' (id 1) · s2c · 2025-11-25: 1 violation"),
        "{text}"
    );
    // An expectation for the harness's messages does not cover it.
    let mut guard = Guard::new(&findings);
    guard.expect(Expected::violation().origin(Origin::Harness));
    let text = guard.verdict().unwrap_err();
    assert!(text.contains("violation[type]: /result/isError"), "{text}");
    assert!(
        text.contains("from the harness, and none was found"),
        "{text}"
    );
}

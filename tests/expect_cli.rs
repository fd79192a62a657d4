//! `mcpwire check` with expected violations: a record that
//! declares its violations passes; one whose expected violation is missing
//! fails the run.

use std::{io::Write, process::Command};

fn check(text: &str) -> (i32, String) {
    check_as("json", text)
}

fn check_as(format: &str, text: &str) -> (i32, String) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--spec", "2026-07-28", "--format", format])
        .arg(file.path())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const ISSUE_376: &str = r#"{"jsonrpc":"2.0","id":401,"error":{"code":-32021,"message":"needs sampling","data":{"requiredCapabilities":["sampling"]}}}"#;
const FIXED: &str = r#"{"jsonrpc":"2.0","id":402,"error":{"code":-32021,"message":"needs sampling","data":{"requiredCapabilities":{"sampling":{}}}}}"#;

#[test]
fn expected_violations_pass_and_missing_ones_fail() {
    let expect = r#"{"violations":["/error/data/requiredCapabilities"]}"#;
    let (code, out) = check(&format!(
        "{{\"dir\":\"s2c\",\"expect\":{expect},\"msg\":{ISSUE_376}}}\n"
    ));
    assert_eq!(code, 0, "{out}");
    let (code, out) = check(&format!(
        "{{\"dir\":\"s2c\",\"expect\":\"invalid\",\"msg\":{FIXED}}}\n"
    ));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("expected violation missing"), "{out}");
    let (code, _) = check(&format!("{{\"dir\":\"s2c\",\"msg\":{ISSUE_376}}}\n"));
    assert_eq!(code, 1, "without expect the violation fails the run");
}

/// Text output shows expected violations as `expected[…]` blocks and
/// counts them in the summary, which names the revision used; JSON Lines
/// leaves them out of the findings, counts them (`expected`) and lists
/// the revisions (`revisions`).
#[test]
fn expected_violations_are_shown_in_text_and_counted() {
    let record = format!("{{\"dir\":\"s2c\",\"expect\":\"invalid\",\"msg\":{ISSUE_376}}}\n");
    let (code, text) = check_as("text", &record);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("expected[type]: /error/data/requiredCapabilities: expected object"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "summary: 1 file, 1 message, 1 valid, 0 violations, 1 warning, \
             1 expected violation; judged at 2026-07-28\n"
        ),
        "{text}"
    );
    let (code, json) = check(&record);
    assert_eq!(code, 0, "{json}");
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "the warning and the summary: {json}");
    assert_eq!(lines[0]["severity"], "warning");
    assert_eq!(lines[1]["expected"], 1);
    assert_eq!(lines[1]["revisions"], serde_json::json!(["2026-07-28"]));
    assert_eq!(lines[1]["violations"], 0);
}

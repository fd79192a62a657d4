//! `mcpwire check` with expected violations (issue 13): a record that
//! declares its violations passes; one whose expected violation is missing
//! fails the run.

use std::{io::Write, process::Command};

fn check(text: &str) -> (i32, String) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(text.as_bytes()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--spec", "2026-07-28", "--format", "json"])
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

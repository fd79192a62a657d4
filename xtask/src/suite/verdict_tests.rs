//! The runner's verdict rules (`xtask/runner/verdict.rs`) on stand-in
//! validators: what counts as a failure on the `Value` and bytes paths.

use serde_json::{json, Value};

use super::verdict::{bytes_path, value_path, Entry};

fn valid(_: &Value) -> bool {
    true
}
fn invalid(_: &Value) -> bool {
    false
}
fn stops(_: &[u8]) -> Option<bool> {
    None
}
fn accepts(_: &[u8]) -> Option<bool> {
    Some(true)
}
fn says_invalid(_: &[u8]) -> Option<bool> {
    Some(false)
}
fn panics(_: &Value) -> bool {
    panic!("boom")
}

const VALID: Entry = (valid, valid, stops);

#[test]
fn the_value_path_fails_on_the_wrong_verdict_only() {
    assert_eq!(value_path(&VALID, &json!(1), true), (None, Some(true)));
    let (failure, verdict) = value_path(&VALID, &json!(1), false);
    assert_eq!(failure.as_deref(), Some("said valid"));
    assert_eq!(verdict, Some(true));
    let rejecting: Entry = (invalid, invalid, stops);
    assert_eq!(
        value_path(&rejecting, &json!(1), false),
        (None, Some(false))
    );
}

#[test]
fn check_disagreeing_with_is_valid_is_a_value_failure() {
    // is_valid says valid but check finds violations, on a test expecting valid.
    let split: Entry = (valid, invalid, stops);
    let (failure, _) = value_path(&split, &json!(1), true);
    assert_eq!(
        failure.as_deref(),
        Some("check() found violations but is_valid() true")
    );
}

#[test]
fn a_panic_is_a_failure_not_an_abort() {
    let entry: Entry = (panics, valid, stops);
    let (failure, verdict) = value_path(&entry, &json!(1), true);
    assert!(failure.unwrap().starts_with("is_valid panicked: boom"));
    assert_eq!(verdict, None);
    // The bytes path then has no verdict to fall back to.
    let (failure, decided) = bytes_path(&entry, "1", None, true);
    assert_eq!(
        failure.as_deref(),
        Some("read() stopped and the Value path failed")
    );
    assert!(!decided);
}

#[test]
fn the_bytes_path_falls_back_to_the_value_verdict_when_read_stops() {
    assert_eq!(bytes_path(&VALID, "1", Some(true), true), (None, false));
    let (failure, decided) = bytes_path(&VALID, "1", Some(true), false);
    assert_eq!(
        failure.as_deref(),
        Some("read() stopped; the Value path said valid")
    );
    assert!(!decided);
}

#[test]
fn read_accepting_an_invalid_instance_is_a_bytes_failure() {
    let entry: Entry = (invalid, invalid, accepts);
    // The Value path is right; the reader is not, and it decided.
    let (failure, decided) = bytes_path(&entry, "1", Some(false), false);
    assert_eq!(failure.as_deref(), Some("read() said valid"));
    assert!(decided);
    assert_eq!(bytes_path(&entry, "1", Some(false), true), (None, true));
}

#[test]
fn read_never_may_say_invalid() {
    let entry: Entry = (invalid, invalid, says_invalid);
    let (failure, _) = bytes_path(&entry, "1", Some(false), false);
    assert_eq!(
        failure.as_deref(),
        Some("read() returned Some(false), which it never may")
    );
}

//! How a test's verdicts are judged on mcpwire's two paths (part of the
//! scratch runner; the xtask's unit tests include it too).

use std::panic::AssertUnwindSafe;

use serde_json::Value;

/// One case's functions: `is_valid`, `check(v).is_empty()`, `read`.
pub type Entry = (
    fn(&Value) -> bool,
    fn(&Value) -> bool,
    fn(&[u8]) -> Option<bool>,
);

/// A panic payload's message.
pub fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".into())
}

/// Runs `f`, turning a panic into its message.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(AssertUnwindSafe(f))
        .map_err(|p| format!("panicked: {}", panic_text(p)))
}

/// `said valid` / `said invalid`.
pub fn verdict_text(valid: bool) -> &'static str {
    if valid {
        "said valid"
    } else {
        "said invalid"
    }
}

/// The `Value` path: `is_valid`, and `check` agreeing with it.
pub fn value_path(
    entry: &Entry,
    instance: &Value,
    expected: bool,
) -> (Option<String>, Option<bool>) {
    let valid = match guarded(|| (entry.0)(instance)) {
        Ok(v) => v,
        Err(e) => return (Some(format!("is_valid {e}")), None),
    };
    let failure = match guarded(|| (entry.1)(instance)) {
        Err(e) => Some(format!("check {e}")),
        Ok(empty) if empty != valid => Some(format!(
            "check() {} but is_valid() {}",
            if empty {
                "found nothing"
            } else {
                "found violations"
            },
            valid
        )),
        Ok(_) if valid != expected => Some(verdict_text(valid).to_string()),
        Ok(_) => None,
    };
    (failure, Some(valid))
}

/// The bytes path: `read`, falling back to the `Value` path's verdict; and
/// whether `read` decided (did not stop).
pub fn bytes_path(
    entry: &Entry,
    text: &str,
    value_verdict: Option<bool>,
    expected: bool,
) -> (Option<String>, bool) {
    let read = guarded(|| (entry.2)(text.as_bytes()));
    let decided = matches!(read, Ok(Some(_)));
    let failure = match read {
        Err(e) => Some(format!("read {e}")),
        Ok(Some(false)) => Some("read() returned Some(false), which it never may".into()),
        Ok(Some(true)) if !expected => Some("read() said valid".into()),
        Ok(Some(true)) => None,
        Ok(None) => match value_verdict {
            None => Some("read() stopped and the Value path failed".into()),
            Some(v) if v != expected => Some(format!(
                "read() stopped; the Value path {}",
                verdict_text(v)
            )),
            Some(_) => None,
        },
    };
    (failure, decided)
}

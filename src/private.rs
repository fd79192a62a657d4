//! What the expansions of `fixture!` and `fixture_file!` call (not API:
//! hidden, may change with the macros).

pub use serde_json;

use serde_json::Value;

use crate::{Violation, Violations};

/// A fixture's literal JSON text, checked at compile time, as a `Value`.
#[track_caller]
pub fn literal(text: &str) -> Value {
    match serde_json::from_str(text) {
        Ok(value) => value,
        // The macro parsed this text (or produced it) at compile time.
        Err(e) => panic!("mcpwire bug: a fixture's checked JSON does not parse: {e}"),
    }
}

/// An interpolated expression's value, as `serde_json::json!` makes it.
#[track_caller]
pub fn to_value<T: serde::Serialize + ?Sized>(value: &T) -> Value {
    match serde_json::to_value(value) {
        Ok(value) => value,
        Err(e) => panic!("fixture: cannot serialize an interpolated value: {e}"),
    }
}

/// A fixture with interpolated values, checked whole when it is built:
/// returns it, or panics naming `what` and every violation.
#[track_caller]
pub fn validated(value: Value, check: impl Fn(&Value) -> Vec<Violation>, what: &str) -> Value {
    let violations = check(&value);
    if violations.is_empty() {
        value
    } else {
        panic!("fixture is not a valid {what}: {}", Violations(violations))
    }
}

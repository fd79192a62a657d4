//! JSON Schema number semantics over [`serde_json::Number`].
//!
//! JSON Schema numbers are mathematical values: `1`, `1.0` and `1e0` are the
//! same number, and an "integer" is any number with a zero fractional part
//! (JSON Schema 2020-12 Validation §6.1.1; draft-07 §6.1.1 agrees in
//! practice, and both ajv and the `jsonschema` crate accept `1.0`).
//! `serde_json` keeps three representations (`u64`, `i64`, `f64`), and parses
//! integers beyond `u64` (`18446744073709551616`) as `f64`. The helpers here
//! hide that: every comparison is exact — no rounding through `f64`, no
//! overflow — and every function is total (no panics).
//!
//! Generated validators call these by absolute path (`crate::number::ge_int`).

use std::cmp::Ordering;

use serde_json::Number;

/// A number as the helpers see it: an exact integer or a float.
#[derive(Clone, Copy, Debug)]
enum Repr {
    Int(i128),
    Float(f64),
}

#[inline]
fn repr(n: &Number) -> Repr {
    if let Some(u) = n.as_u64() {
        Repr::Int(i128::from(u))
    } else if let Some(i) = n.as_i64() {
        Repr::Int(i128::from(i))
    } else {
        // Without `arbitrary_precision`, every other number is a finite f64.
        Repr::Float(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// Whether `n` is an integer in the JSON Schema sense: `1`, `-7`, `1.0`,
/// `6e4` and `18446744073709551616` are; `1.5` is not.
#[inline]
pub fn is_integer(n: &Number) -> bool {
    match repr(n) {
        Repr::Int(_) => true,
        Repr::Float(f) => f.is_finite() && f.fract() == 0.0,
    }
}

/// Exact comparison of an integer with a float; `None` only for NaN.
pub fn cmp_int_float(a: i128, b: f64) -> Option<Ordering> {
    if b.is_nan() {
        return None;
    }
    // 2^127: every f64 at or beyond it exceeds every i128, and every f64
    // strictly inside (-2^127, 2^127) truncates to an exactly representable
    // i128.
    const LIMIT: f64 = 170_141_183_460_469_231_731_687_303_715_884_105_728.0;
    if b >= LIMIT {
        return Some(Ordering::Less);
    }
    if b < -LIMIT {
        return Some(Ordering::Greater);
    }
    let t = b.trunc();
    // In range and integral, so the cast is exact.
    let ti = t as i128;
    Some(match a.cmp(&ti) {
        Ordering::Equal => {
            if b > t {
                Ordering::Less
            } else if b < t {
                Ordering::Greater
            } else {
                Ordering::Equal
            }
        }
        other => other,
    })
}

/// Exact comparison of two JSON numbers by value (`1` = `1.0`).
pub fn compare(a: &Number, b: &Number) -> Option<Ordering> {
    match (repr(a), repr(b)) {
        (Repr::Int(x), Repr::Int(y)) => Some(x.cmp(&y)),
        (Repr::Int(x), Repr::Float(y)) => cmp_int_float(x, y),
        (Repr::Float(x), Repr::Int(y)) => cmp_int_float(y, x).map(Ordering::reverse),
        (Repr::Float(x), Repr::Float(y)) => x.partial_cmp(&y),
    }
}

/// Exact comparison of a JSON number with an integer bound.
#[inline]
pub fn cmp_int(n: &Number, bound: i128) -> Option<Ordering> {
    match repr(n) {
        Repr::Int(x) => Some(x.cmp(&bound)),
        Repr::Float(x) => cmp_int_float(bound, x).map(Ordering::reverse),
    }
}

/// Exact comparison of a JSON number with a float bound.
#[inline]
pub fn cmp_float(n: &Number, bound: f64) -> Option<Ordering> {
    match repr(n) {
        Repr::Int(x) => cmp_int_float(x, bound),
        Repr::Float(x) => x.partial_cmp(&bound),
    }
}

/// `n >= bound` (the `minimum` keyword with an integer bound).
#[inline]
pub fn ge_int(n: &Number, bound: i128) -> bool {
    matches!(cmp_int(n, bound), Some(Ordering::Greater | Ordering::Equal))
}

/// `n <= bound` (the `maximum` keyword with an integer bound).
#[inline]
pub fn le_int(n: &Number, bound: i128) -> bool {
    matches!(cmp_int(n, bound), Some(Ordering::Less | Ordering::Equal))
}

/// `n >= bound` (the `minimum` keyword with a float bound).
#[inline]
pub fn ge_float(n: &Number, bound: f64) -> bool {
    matches!(
        cmp_float(n, bound),
        Some(Ordering::Greater | Ordering::Equal)
    )
}

/// `n <= bound` (the `maximum` keyword with a float bound).
#[inline]
pub fn le_float(n: &Number, bound: f64) -> bool {
    matches!(cmp_float(n, bound), Some(Ordering::Less | Ordering::Equal))
}

/// `n == c` by value (`const`/`enum` with an integer: `1.0` equals `1`).
#[inline]
pub fn eq_int(n: &Number, c: i128) -> bool {
    cmp_int(n, c) == Some(Ordering::Equal)
}

/// `n == c` by value (`const`/`enum` with a float).
#[inline]
pub fn eq_float(n: &Number, c: f64) -> bool {
    cmp_float(n, c) == Some(Ordering::Equal)
}

/// JSON Schema equality of two values (`const`, `enum`): structural, with
/// numbers compared by value, so `[1, {"a": 2}]` equals `[1.0, {"a": 2e0}]`.
pub fn json_eq(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare(x, y) == Some(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_eq(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, xv)| y.get(k).is_some_and(|yv| json_eq(xv, yv)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn num(text: &str) -> Number {
        match serde_json::from_str::<Value>(text).unwrap() {
            Value::Number(n) => n,
            other => panic!("{text} parsed as {other}"),
        }
    }

    #[test]
    fn integers_include_integral_floats_and_big_numbers() {
        for text in [
            "0",
            "-7",
            "1.0",
            "6e4",
            "-0.0",
            "18446744073709551616",
            "1e300",
        ] {
            assert!(is_integer(&num(text)), "{text}");
        }
        for text in ["1.5", "-0.25", "1e-3", "4.000000001"] {
            assert!(!is_integer(&num(text)), "{text}");
        }
    }

    #[test]
    fn bounds_compare_exactly() {
        assert!(ge_int(&num("0"), 0));
        assert!(!ge_int(&num("-1"), 0));
        assert!(!ge_int(&num("-0.5"), 0));
        assert!(ge_int(&num("-0.0"), 0));
        assert!(ge_int(&num("18446744073709551615"), 0));
        assert!(ge_int(&num("18446744073709551616"), 0));
        assert!(!ge_int(&num("-18446744073709551616"), 0));
        assert!(le_int(&num("1"), 1));
        assert!(le_int(&num("1.0"), 1));
        assert!(!le_int(&num("1.0000000001"), 1));
        assert!(!le_int(&num("2"), 1));
        // Exact where f64 would round: 2^53 + 1 as an integer vs 2^53.
        assert!(!le_int(&num("9007199254740993"), 9_007_199_254_740_992));
        assert!(le_int(&num("9007199254740992.0"), 9_007_199_254_740_992));
        // u64::MAX vs its nearest f64 (2^64).
        assert!(!ge_float(
            &num("18446744073709551615"),
            18_446_744_073_709_551_616.0
        ));
        assert!(ge_float(&num("0.5"), 0.5));
        assert!(!ge_float(&num("0.49"), 0.5));
        assert!(le_float(&num("0"), 0.5));
        assert!(!le_float(&num("1"), 0.5));
        assert!(le_float(&num("-9223372036854775808"), 0.5));
    }

    #[test]
    fn int_float_comparison_at_the_edges() {
        assert_eq!(cmp_int_float(0, -0.5), Some(Ordering::Greater));
        assert_eq!(cmp_int_float(-1, -0.5), Some(Ordering::Less));
        assert_eq!(cmp_int_float(-1, -1.5), Some(Ordering::Greater));
        assert_eq!(cmp_int_float(3, 3.0), Some(Ordering::Equal));
        assert_eq!(cmp_int_float(i128::MAX, 1e300), Some(Ordering::Less));
        assert_eq!(cmp_int_float(i128::MIN, -1e300), Some(Ordering::Greater));
        assert_eq!(cmp_int_float(0, f64::NAN), None);
    }

    #[test]
    fn equality_is_by_value() {
        assert!(eq_int(&num("-32021"), -32021));
        assert!(eq_int(&num("-32021.0"), -32021));
        assert!(!eq_int(&num("-32021.5"), -32021));
        assert!(eq_float(&num("2"), 2.0));
        assert!(eq_float(&num("2.5"), 2.5));
        assert!(json_eq(&json!([1, {"a": 2}]), &json!([1.0, {"a": 2e0}])));
        assert!(!json_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert!(!json_eq(&json!({"a": 1}), &json!({"b": 1})));
        assert!(!json_eq(&json!("1"), &json!(1)));
        assert!(json_eq(&json!(null), &json!(null)));
    }
}

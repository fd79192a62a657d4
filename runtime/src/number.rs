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

/// `n > bound` (the `exclusiveMinimum` keyword with an integer bound).
#[inline]
pub fn gt_int(n: &Number, bound: i128) -> bool {
    cmp_int(n, bound) == Some(Ordering::Greater)
}

/// `n < bound` (the `exclusiveMaximum` keyword with an integer bound).
#[inline]
pub fn lt_int(n: &Number, bound: i128) -> bool {
    cmp_int(n, bound) == Some(Ordering::Less)
}

/// `n > bound` (the `exclusiveMinimum` keyword with a float bound).
#[inline]
pub fn gt_float(n: &Number, bound: f64) -> bool {
    cmp_float(n, bound) == Some(Ordering::Greater)
}

/// `n < bound` (the `exclusiveMaximum` keyword with a float bound).
#[inline]
pub fn lt_float(n: &Number, bound: f64) -> bool {
    cmp_float(n, bound) == Some(Ordering::Less)
}

/// Whether `n` is an integer multiple of the divisor `mantissa × 10^exp`
/// (the `multipleOf` keyword; the generator writes the divisor's shortest
/// decimal form, `0.0001` as `(1, -4)`), exactly: `0.0075` is a multiple of
/// `0.0001` and `0.00751` is not, as decimals, where a quotient in `f64`
/// would round. `n` is taken as its shortest decimal form too (what JSON
/// text wrote for it, up to `f64`'s precision), so no step can overflow:
/// `1e308` is no multiple of `0.123456789`. A zero divisor (never
/// generated: `multipleOf` must be positive) divides nothing.
pub fn multiple_of(n: &Number, mantissa: u64, exp: i32) -> bool {
    let Some((a, p)) = decimal(n) else {
        return false;
    };
    if a == 0 {
        return true;
    }
    let b = u128::from(mantissa);
    if b == 0 {
        return false;
    }
    // n / d = (a / b) × 10^e.
    let e = i64::from(p) - i64::from(exp);
    if e >= 0 {
        // b divides a × 10^e: both factors reduced modulo b (< 2^64), so
        // their product fits in u128.
        ((a % b) * pow10_mod(e.unsigned_abs(), b)).is_multiple_of(b)
    } else {
        // b × 10^-e divides a; a < 2^64 unless 0, so a divisor that
        // overflows u128 exceeds it.
        u32::try_from(-e)
            .ok()
            .and_then(|k| 10u128.checked_pow(k))
            .and_then(|t| t.checked_mul(b))
            .is_some_and(|d| a.is_multiple_of(d))
    }
}

/// `10^e mod m` (m > 0) by squaring; every intermediate is below m² < 2^128.
fn pow10_mod(mut e: u64, m: u128) -> u128 {
    let mut result = 1 % m;
    let mut base = 10 % m;
    while e > 0 {
        if e & 1 == 1 {
            result = result * base % m;
        }
        base = base * base % m;
        e >>= 1;
    }
    result
}

/// `|n|` as `(mantissa, exp)`, `mantissa × 10^exp`: integers exactly,
/// floats by their shortest round-tripping decimal form (Rust's `{:e}`);
/// `None` for a non-finite float (never parsed from JSON).
fn decimal(n: &Number) -> Option<(u128, i32)> {
    let f = match repr(n) {
        Repr::Int(i) => return Some((i.unsigned_abs(), 0)),
        Repr::Float(f) if f.is_finite() => f.abs(),
        Repr::Float(_) => return None,
    };
    if f == 0.0 {
        return Some((0, 0));
    }
    let mut text = StackText::default();
    std::fmt::Write::write_fmt(&mut text, format_args!("{f:e}")).ok()?;
    parse_scientific(text.as_bytes())
}

/// `d[.ddd]e[-]x` (at most 17 significant digits) as `(mantissa, exp)`.
fn parse_scientific(text: &[u8]) -> Option<(u128, i32)> {
    let e_at = text.iter().position(|&c| c == b'e')?;
    let (digits, exponent) = (&text[..e_at], &text[e_at + 1..]);
    let mut mantissa: u128 = 0;
    let mut fraction_digits: i32 = 0;
    let mut after_point = false;
    for &c in digits {
        match c {
            b'.' => after_point = true,
            b'0'..=b'9' => {
                mantissa = mantissa
                    .checked_mul(10)?
                    .checked_add(u128::from(c - b'0'))?;
                fraction_digits += i32::from(after_point);
            }
            _ => return None,
        }
    }
    let exp: i32 = std::str::from_utf8(exponent).ok()?.parse().ok()?;
    Some((mantissa, exp - fraction_digits))
}

/// A formatting target on the stack, big enough for any `f64` in `{:e}` (`[u8; 32]` has a `Default`)
/// (`-2.2250738585072014e-308`: 24 bytes).
#[derive(Default)]
struct StackText {
    bytes: [u8; 32],
    len: usize,
}

impl StackText {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
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
    fn exclusive_bounds_compare_exactly() {
        assert!(gt_int(&num("1"), 0));
        assert!(!gt_int(&num("0"), 0));
        assert!(!gt_int(&num("0.0"), 0));
        assert!(gt_int(&num("0.0000001"), 0));
        assert!(lt_int(&num("-1"), 0));
        assert!(!lt_int(&num("0"), 0));
        assert!(gt_float(&num("1.2"), 1.1));
        assert!(!gt_float(&num("1.1"), 1.1));
        assert!(lt_float(&num("1"), 1.1));
        assert!(!lt_float(&num("1.1"), 1.1));
        // u64::MAX is below its nearest f64 (2^64).
        assert!(lt_float(
            &num("18446744073709551615"),
            18_446_744_073_709_551_616.0
        ));
    }

    #[test]
    fn multiple_of_is_exact_for_decimals() {
        let of = |text: &str, m: u64, e: i32| multiple_of(&num(text), m, e);
        // The suite's cases.
        assert!(of("0.0075", 1, -4));
        assert!(!of("0.00751", 1, -4));
        assert!(!of("1e308", 123_456_789, -9));
        assert!(of("10", 2, 0));
        assert!(!of("7", 2, 0));
        assert!(of("4.5", 15, -1));
        assert!(!of("35", 15, -1));
        assert!(of("0", 7, 0));
        assert!(of("-0.0", 7, 0));
        assert!(of("-12", 3, 0));
        assert!(of("12.0", 3, 0));
        assert!(!of("12.5", 3, 0));
        // Where an f64 quotient rounds: 0.3 / 0.1 is 2.9999999999999996.
        assert!(of("0.3", 1, -1));
        assert!(of("19.99", 1, -2));
        // Big values, no overflow.
        assert!(of("18446744073709551615", 5, 0));
        assert!(!of("18446744073709551615", 2, 0));
        assert!(of("1e300", 1, 299));
        assert!(of("1e300", 2, 0));
        assert!(!of("1e-300", 1, -299));
        assert!(of("1e-300", 1, -300));
        assert!(!of("1", 1, 40));
        assert!(of("3", 1, -40));
        assert!(!of("3", 7, -40));
        assert!(of("3", 1, -400));
        // Integral divisors with exponents (2e20) and huge ones.
        assert!(of("4e20", 2, 20));
        assert!(!of("3e20", 2, 20));
        assert!(!of("1", 0, 0));
    }

    #[test]
    fn decimals_are_the_shortest_forms() {
        assert_eq!(decimal(&num("0.0075")), Some((75, -4)));
        assert_eq!(decimal(&num("-1.5e-7")), Some((15, -8)));
        assert_eq!(decimal(&num("123")), Some((123, 0)));
        assert_eq!(decimal(&num("1e308")), Some((1, 308)));
        assert_eq!(
            decimal(&num("-2.2250738585072014e-308")),
            Some((22_250_738_585_072_014, -324))
        );
        assert_eq!(parse_scientific(b"1.5"), None);
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

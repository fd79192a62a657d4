//! The collecting checks' reports: a check from the root ([`check`]) and
//! each keyword's violation (`type`, `required`, `const`, `format`, …),
//! whose test is inline and whose report is cold and out of line.

use super::kinds::{kind_name, kind_of, type_name};
use super::location::{at_keyword, at_property_type, join, push, report, At};
use super::show::{show, show_str};
use super::Value;
use crate::{Keyword, Path, Violation};

/// A collecting check from the root: what `check_<d>` returns for the
/// `check_<d>_at` it names.
pub fn check(v: &Value, check_at: fn(&Value, &Path<'_>, &mut Vec<Violation>)) -> Vec<Violation> {
    let mut out = Vec::new();
    check_at(v, &Path::Root, &mut out);
    out
}

/// The `type` keyword of one type at the node `at`: reports `expected
/// object, found array` (at `{at}/type`) unless the kind of `v` is among
/// `kinds`, the bits of that type ([`kind`]; `integer` is
/// [`kind::INTEGER`], `number` is [`kind::NUMBER`]), whose name the message
/// gives.
///
/// [`kind`]: super::kind
/// [`kind::INTEGER`]: super::kind::INTEGER
/// [`kind::NUMBER`]: super::kind::NUMBER
#[inline]
pub fn type_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, kinds: u8, v: &Value) {
    if kind_of(v) & kinds == 0 {
        type_failed(
            out,
            path,
            at_keyword(at, Keyword::Type),
            kind_name(kinds),
            v,
        );
    }
}

/// The `type` keyword listing several types: as [`type_`], the message
/// naming `expected` (`integer or string`, as the schema lists them).
#[inline]
pub fn types(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    kinds: u8,
    v: &Value,
) {
    if kind_of(v) & kinds == 0 {
        type_failed(out, path, at_keyword(at, Keyword::Type), expected, v);
    }
}

/// A listed property `k` of the object at `path`, whose schema is one
/// `type` and nothing else: [`type_`] for the member `v` (at `path/k`,
/// schema `{at}/properties/{k}/type`, `at` the object's node).
#[inline]
pub fn prop(out: &mut Vec<Violation>, path: &Path<'_>, at: At, k: &str, kinds: u8, v: &Value) {
    if kind_of(v) & kinds == 0 {
        let schema = at_property_type(at, k);
        type_failed(out, &path.key(k), schema, kind_name(kinds), v);
    }
}

#[cold]
#[inline(never)]
fn type_failed(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    schema: &'static str,
    expected: &'static str,
    v: &Value,
) {
    let message = join(&["expected ", expected, ", found ", type_name(v)]);
    push(out, path, schema, Keyword::Type, message);
}

/// The `required` keyword of the node `at`: reports each missing name (at
/// the object): `"name" is a required property`.
#[inline]
pub fn required(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    m: &serde_json::Map<String, Value>,
    names: &[&str],
) {
    for name in names {
        if !m.contains_key(*name) {
            required_failed(out, path, at, name);
        }
    }
}

#[cold]
#[inline(never)]
fn required_failed(out: &mut Vec<Violation>, path: &Path<'_>, at: At, name: &str) {
    let message = join(&[&show_str(name), " is a required property"]);
    report(out, path, at, Keyword::Required, message);
}

/// `additionalProperties: false` of the node `at` rejected a member:
/// `unexpected property "x"` (reported at the object).
#[cold]
#[inline(never)]
pub fn additional(out: &mut Vec<Violation>, path: &Path<'_>, at: At, name: &str) {
    let message = join(&["unexpected property ", &show_str(name)]);
    report(out, path, at, Keyword::AdditionalProperties, message);
}

/// `const` of the node `at` failed: `expected "2.0", found "1.0"`;
/// `expected` is the constant as JSON.
#[cold]
#[inline(never)]
pub fn const_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, expected: &str, v: &Value) {
    let message = join(&["expected ", expected, ", found ", &show(v)]);
    report(out, path, at, Keyword::Const, message);
}

/// A string `const` of the node `at`: reports as [`const_`] (the constant
/// as JSON: `"2.0"`) unless `v` is the string `expected`.
#[inline]
pub fn const_str(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    v: &Value,
) {
    if v.as_str() != Some(expected) {
        const_str_failed(out, path, at, expected, v);
    }
}

#[cold]
#[inline(never)]
fn const_str_failed(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    v: &Value,
) {
    const_(out, path, at, &Value::from(expected).to_string(), v);
}

/// `enum` of the node `at` failed: `expected one of "a", "b", found "c"`;
/// `expected` lists the values as JSON.
#[cold]
#[inline(never)]
pub fn enum_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, expected: &'static str, v: &Value) {
    let message = join(&["expected one of ", expected, ", found ", &show(v)]);
    report(out, path, at, Keyword::Enum, message);
}

/// `minimum` of the node `at` failed: `-1 is less than the minimum of 0`.
#[cold]
#[inline(never)]
pub fn minimum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &serde_json::Number,
) {
    let message = format!("{n} is less than the minimum of {bound}");
    report(out, path, at, Keyword::Minimum, message);
}

/// `maximum` of the node `at` failed: `2 is greater than the maximum of 1`.
#[cold]
#[inline(never)]
pub fn maximum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &serde_json::Number,
) {
    let message = format!("{n} is greater than the maximum of {bound}");
    report(out, path, at, Keyword::Maximum, message);
}

/// `maxItems` of the node `at` failed: `101 items, more than the maximum
/// of 100`.
#[cold]
#[inline(never)]
pub fn max_items(out: &mut Vec<Violation>, path: &Path<'_>, at: At, max: u64, len: usize) {
    let message = format!("{len} items, more than the maximum of {max}");
    report(out, path, at, Keyword::MaxItems, message);
}

/// `format` of the node `at` failed: `"relative/path" is not a valid
/// "uri"`.
#[cold]
#[inline(never)]
pub fn format(out: &mut Vec<Violation>, path: &Path<'_>, at: At, format: &'static str, s: &str) {
    let message = join(&[&show_str(s), " is not a valid \"", format, "\""]);
    report(out, path, at, Keyword::Format, message);
}

/// `format` of the node `at`, on a `v` of any kind: a string that `test`
/// rejects is reported as [`format()`] does; other kinds pass (`format`
/// constrains strings only).
#[inline]
pub fn formatted(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    (name, test): (&'static str, fn(&str) -> bool),
    v: &Value,
) {
    if let Value::String(s) = v {
        if !test(s) {
            format(out, path, at, name, s);
        }
    }
}

/// The formats mcpwire checks, as [`formatted`] takes them: the name and
/// the test (`crate::format`).
pub mod formats {
    /// `uri`.
    pub const URI: (&str, fn(&str) -> bool) = ("uri", crate::format::is_uri);
    /// `uri-template`.
    pub const URI_TEMPLATE: (&str, fn(&str) -> bool) =
        ("uri-template", crate::format::is_uri_template);
    /// `byte` (base64).
    pub const BYTE: (&str, fn(&str) -> bool) = ("byte", crate::format::is_byte);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::{kind, Dialect, Draft07, Draft2020_12};
    use serde_json::json;

    #[test]
    fn type_and_required_report_only_failures() {
        let mut out = Vec::new();
        type_(
            &mut out,
            &Path::Root,
            Draft07::at("/t"),
            kind::INTEGER,
            &json!(1.0),
        );
        assert!(out.is_empty());
        type_(
            &mut out,
            &Path::Root,
            Draft07::at("/t"),
            kind::INTEGER,
            &json!(1.5),
        );
        assert_eq!(out[0].message, "expected integer, found number");
        assert_eq!(out[0].schema, "/definitions/t/type");
        out.clear();
        let m = json!({"a": 1});
        let m = m.as_object().unwrap();
        required(&mut out, &Path::Root, Draft07::at("/r"), m, &["a", "b"]);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "\"b\" is a required property");
        assert_eq!(out[0].keyword, Keyword::Required);
        assert_eq!(out[0].schema, "/definitions/r/required");
    }

    #[test]
    fn derived_pointers_and_messages() {
        let mut out = Vec::new();
        let at = Draft2020_12::at("/X");
        prop(&mut out, &Path::Root, at, "a/b~", kind::NUMBER, &json!("1"));
        types(
            &mut out,
            &Path::Root,
            at,
            "integer or string",
            12,
            &json!(null),
        );
        const_str(&mut out, &Path::Root, at, "2.0", &json!("2.0"));
        const_str(&mut out, &Path::Root, at, "2.\"0", &json!(2));
        formatted(&mut out, &Path::Root, at, formats::URI, &json!("a b"));
        formatted(&mut out, &Path::Root, at, formats::URI, &json!(1));
        let got: Vec<_> = out
            .iter()
            .map(|v| format!("{} {} {}: {}", v.instance, v.schema, v.keyword, v.message))
            .collect();
        assert_eq!(
            got,
            [
                "/a~1b~0 /$defs/X/properties/a~1b~0/type type: expected number, found string",
                " /$defs/X/type type: expected integer or string, found null",
                " /$defs/X/const const: expected \"2.\\\"0\", found 2",
                " /$defs/X/format format: \"a b\" is not a valid \"uri\"",
            ]
        );
        assert!(std::ptr::eq(out[1].schema, at_keyword(at, Keyword::Type)));
        assert_eq!(check(&json!(1), |_, _, _| {}), []);
    }
}

//! The reports of the string, number, object and array keywords beyond
//! `type`/`required`/`minimum`/`maximum`/`maxItems` ([`crate::support`] has
//! those): each pushes one violation at `{at}/<keyword>`, in the same style
//! (`3 items, fewer than the minimum of 4`). All are cold: generated code
//! calls them only after its test failed.

use serde_json::{Map, Number, Value};

use crate::support::{join, report, show_str, At};
use crate::{Keyword, Path, Violation};

/// `n thing` or `n things`.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `minLength` of the node `at` failed: `"ab" is shorter than 3 characters`.
#[cold]
#[inline(never)]
pub fn min_length(out: &mut Vec<Violation>, path: &Path<'_>, at: At, min: u64, s: &str) {
    let message = format!(
        "{} is shorter than {}",
        show_str(s),
        counted(min, "character", "characters")
    );
    report(out, path, at, Keyword::MinLength, message);
}

/// `maxLength` of the node `at` failed: `"abc" is longer than 2 characters`.
#[cold]
#[inline(never)]
pub fn max_length(out: &mut Vec<Violation>, path: &Path<'_>, at: At, max: u64, s: &str) {
    let message = format!(
        "{} is longer than {}",
        show_str(s),
        counted(max, "character", "characters")
    );
    report(out, path, at, Keyword::MaxLength, message);
}

/// `pattern` of the node `at` failed: `"abc" does not match "^a$"`.
#[cold]
#[inline(never)]
pub fn pattern(out: &mut Vec<Violation>, path: &Path<'_>, at: At, source: &str, s: &str) {
    let message = join(&[&show_str(s), " does not match ", &show_str(source)]);
    report(out, path, at, Keyword::Pattern, message);
}

/// `exclusiveMinimum` of the node `at` failed: `0 is less than or equal to
/// the exclusive minimum of 0`.
#[cold]
#[inline(never)]
pub fn exclusive_minimum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &Number,
) {
    let message = format!("{n} is less than or equal to the exclusive minimum of {bound}");
    report(out, path, at, Keyword::ExclusiveMinimum, message);
}

/// `exclusiveMaximum` of the node `at` failed: `3 is greater than or equal
/// to the exclusive maximum of 3`.
#[cold]
#[inline(never)]
pub fn exclusive_maximum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &Number,
) {
    let message = format!("{n} is greater than or equal to the exclusive maximum of {bound}");
    report(out, path, at, Keyword::ExclusiveMaximum, message);
}

/// `multipleOf` of the node `at` failed: `7 is not a multiple of 2`.
#[cold]
#[inline(never)]
pub fn multiple_of(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    divisor: &'static str,
    n: &Number,
) {
    let message = format!("{n} is not a multiple of {divisor}");
    report(out, path, at, Keyword::MultipleOf, message);
}

/// `minProperties` of the node `at` failed: `1 property, fewer than the
/// minimum of 2`.
#[cold]
#[inline(never)]
pub fn min_properties(out: &mut Vec<Violation>, path: &Path<'_>, at: At, min: u64, len: usize) {
    let message = format!(
        "{}, fewer than the minimum of {min}",
        counted(len as u64, "property", "properties")
    );
    report(out, path, at, Keyword::MinProperties, message);
}

/// `maxProperties` of the node `at` failed: `3 properties, more than the
/// maximum of 2`.
#[cold]
#[inline(never)]
pub fn max_properties(out: &mut Vec<Violation>, path: &Path<'_>, at: At, max: u64, len: usize) {
    let message = format!(
        "{}, more than the maximum of {max}",
        counted(len as u64, "property", "properties")
    );
    report(out, path, at, Keyword::MaxProperties, message);
}

/// `dependentRequired` of the node `at`: when `m` has the member `trigger`,
/// reports each of `names` it lacks: `"bar" is required when "foo" is
/// present`.
#[inline]
pub fn dependent_required(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    m: &Map<String, Value>,
    trigger: &str,
    names: &[&str],
) {
    if m.contains_key(trigger) {
        missing_dependents(out, path, at, Keyword::DependentRequired, m, trigger, names);
    }
}

/// draft-07 `dependencies` with an array: as [`dependent_required`],
/// reported at `{at}/dependencies`.
#[inline]
pub fn dependencies_required(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    m: &Map<String, Value>,
    trigger: &str,
    names: &[&str],
) {
    if m.contains_key(trigger) {
        missing_dependents(out, path, at, Keyword::Dependencies, m, trigger, names);
    }
}

#[cold]
#[inline(never)]
fn missing_dependents(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    keyword: Keyword,
    m: &Map<String, Value>,
    trigger: &str,
    names: &[&str],
) {
    for name in names.iter().filter(|name| !m.contains_key(**name)) {
        let message = join(&[
            &show_str(name),
            " is required when ",
            &show_str(trigger),
            " is present",
        ]);
        report(out, path, at, keyword, message);
    }
}

/// `minItems` of the node `at` failed: `1 item, fewer than the minimum of
/// 2`.
#[cold]
#[inline(never)]
pub fn min_items(out: &mut Vec<Violation>, path: &Path<'_>, at: At, min: u64, len: usize) {
    let message = format!(
        "{}, fewer than the minimum of {min}",
        counted(len as u64, "item", "items")
    );
    report(out, path, at, Keyword::MinItems, message);
}

/// `uniqueItems` of the node `at`: reports the first pair of equal
/// elements of `a` (`items 0 and 2 are equal`), if any
/// ([`crate::arrays::duplicate`]).
#[inline]
pub fn unique_items(out: &mut Vec<Violation>, path: &Path<'_>, at: At, a: &[Value]) {
    if let Some((i, j)) = crate::arrays::duplicate(a) {
        not_unique(out, path, at, i, j);
    }
}

#[cold]
#[inline(never)]
fn not_unique(out: &mut Vec<Violation>, path: &Path<'_>, at: At, i: usize, j: usize) {
    let message = format!("items {i} and {j} are equal");
    report(out, path, at, Keyword::UniqueItems, message);
}

/// `contains` of the node `at` (no `minContains`) failed: `no item matches
/// the "contains" schema`.
#[cold]
#[inline(never)]
pub fn contains(out: &mut Vec<Violation>, path: &Path<'_>, at: At) {
    let message = "no item matches the \"contains\" schema".to_string();
    report(out, path, at, Keyword::Contains, message);
}

/// `minContains` of the node `at` failed: `1 item matches "contains",
/// fewer than the minimum of 2`.
#[cold]
#[inline(never)]
pub fn min_contains(out: &mut Vec<Violation>, path: &Path<'_>, at: At, min: u64, count: usize) {
    let message = format!(
        "{} \"contains\", fewer than the minimum of {min}",
        counted(count as u64, "item matches", "items match")
    );
    report(out, path, at, Keyword::MinContains, message);
}

/// `maxContains` of the node `at` failed: `3 items match "contains",
/// more than the maximum of 2`.
#[cold]
#[inline(never)]
pub fn max_contains(out: &mut Vec<Violation>, path: &Path<'_>, at: At, max: u64, count: usize) {
    let message = format!(
        "{} \"contains\", more than the maximum of {max}",
        counted(count as u64, "item matches", "items match")
    );
    report(out, path, at, Keyword::MaxContains, message);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::{Dialect, Draft2020_12};
    use serde_json::json;

    fn one(f: impl FnOnce(&mut Vec<Violation>, &Path<'_>, At)) -> Violation {
        let mut out = Vec::new();
        f(&mut out, &Path::Root, Draft2020_12::at("/X"));
        assert_eq!(out.len(), 1, "{out:?}");
        out.remove(0)
    }

    #[test]
    fn messages_and_pointers() {
        let v = one(|o, p, a| min_length(o, p, a, 3, "ab"));
        assert_eq!(v.message, "\"ab\" is shorter than 3 characters");
        assert_eq!(v.schema, "/$defs/X/minLength");
        let v = one(|o, p, a| pattern(o, p, a, "^a$", "abc"));
        assert_eq!(v.message, "\"abc\" does not match \"^a$\"");
        assert_eq!(v.keyword, Keyword::Pattern);
        let v = one(|o, p, a| min_properties(o, p, a, 2, 1));
        assert_eq!(v.message, "1 property, fewer than the minimum of 2");
        let v = one(|o, p, a| min_contains(o, p, a, 2, 1));
        assert_eq!(
            v.message,
            "1 item matches \"contains\", fewer than the minimum of 2"
        );
        assert_eq!(v.schema, "/$defs/X/minContains");
        let a = [json!(1), json!(2), json!(1.0)];
        let v = one(|o, p, at| unique_items(o, p, at, &a));
        assert_eq!(v.message, "items 0 and 2 are equal");
        let m = json!({"a": 1});
        let m = m.as_object().unwrap();
        let mut out = Vec::new();
        dependencies_required(
            &mut out,
            &Path::Root,
            Draft2020_12::at("/X"),
            m,
            "a",
            &["a", "b", "c"],
        );
        let messages: Vec<&str> = out.iter().map(|v| v.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "\"b\" is required when \"a\" is present",
                "\"c\" is required when \"a\" is present"
            ]
        );
        assert_eq!(out[0].schema, "/$defs/X/dependencies");
        let mut out = Vec::new();
        dependent_required(
            &mut out,
            &Path::Root,
            Draft2020_12::at("/X"),
            m,
            "z",
            &["b"],
        );
        assert!(out.is_empty());
    }
}

//! Reports of the applicators that judge a whole subschema: the `false`
//! schema, `not`, `oneOf`, and `unevaluatedProperties`/`unevaluatedItems`
//! (generated code calls them through `rt::`).

use serde_json::Value;

use crate::path::Path;
use crate::support::{join, push, report, show, show_str, At};
use crate::violation::{Keyword, Violation};

/// Whether exactly one of `branches` holds for `v` (stops at the second).
pub fn exactly_one(branches: &[&dyn Fn(&Value) -> bool], v: &Value) -> bool {
    let mut found = false;
    for branch in branches {
        if branch(v) {
            if found {
                return false;
            }
            found = true;
        }
    }
    found
}

/// The `false` schema at `at`: no value is valid there.
#[cold]
pub fn false_schema(out: &mut Vec<Violation>, path: &Path<'_>, at: At, v: &Value) {
    let schema = crate::support::intern(join(&[at.defs, at.node]));
    let message = join(&["no value is allowed here, found ", &show(v)]);
    push(out, path, schema, Keyword::False, message);
}

/// `not`: `v` is valid against the schema it must not match.
#[cold]
pub fn not_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, v: &Value) {
    let message = join(&[&show(v), " must not be valid against the `not` schema"]);
    report(out, path, at, Keyword::Not, message);
}

/// `oneOf`: reports unless exactly one branch holds.
pub fn one_of(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    branches: &[&dyn Fn(&Value) -> bool],
    v: &Value,
) {
    let holding = branches.iter().filter(|b| b(v)).count();
    if holding == 1 {
        return;
    }
    let message = if holding == 0 {
        join(&[&show(v), " is valid against none of the `oneOf` branches"])
    } else {
        format!(
            "{} is valid against {holding} of the `oneOf` branches, exactly one is allowed",
            show(v)
        )
    };
    report(out, path, at, Keyword::OneOf, message);
}

/// `unevaluatedProperties: false` (or a schema the member fails): the
/// member `name` is not allowed.
#[cold]
pub fn unevaluated_property(out: &mut Vec<Violation>, path: &Path<'_>, at: At, name: &str) {
    let message = join(&["unevaluated property ", &show_str(name), " is not allowed"]);
    report(out, path, at, Keyword::UnevaluatedProperties, message);
}

/// `unevaluatedItems: false` (or a schema the element fails): the element
/// at `index` is not allowed.
#[cold]
pub fn unevaluated_item(out: &mut Vec<Violation>, path: &Path<'_>, at: At, index: usize) {
    let message = format!("unevaluated item {index} is not allowed");
    report(out, path, at, Keyword::UnevaluatedItems, message);
}

//! The keywords whose containment is decided by comparing values alone:
//! `type`, `enum`/`const`, numeric bounds, counts, `multipleOf`.

use serde_json::{Map, Value};

use super::Effect;

/// Keywords that annotate and never change which instances are accepted,
/// plus the containers of definitions (reached through `$ref` only).
pub(super) fn is_annotation(keyword: &str) -> bool {
    matches!(
        keyword,
        "title"
            | "description"
            | "default"
            | "examples"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
            | "$comment"
            | "contentMediaType"
            | "contentEncoding"
    )
}

/// Keywords that are not compared at all: identifiers, dialects and the
/// definition containers (what they hold is compared where a `$ref` uses it).
pub(super) fn is_structural(keyword: &str) -> bool {
    matches!(
        keyword,
        "$schema"
            | "$id"
            | "id"
            | "$anchor"
            | "$dynamicAnchor"
            | "$vocabulary"
            | "$defs"
            | "definitions"
            | "$ref"
    )
}

/// What a keyword's value is.
pub(super) enum Holds {
    /// One schema (`not`, `if`, `contains`, `items` in its 2020-12 form).
    Schema,
    /// An array of schemas (`allOf`, `prefixItems`, tuple `items`).
    Schemas,
    /// An object of schemas (`patternProperties`, `dependentSchemas`).
    SchemaMap,
    /// Anything else, compared as JSON.
    Value,
}

/// What `keyword` holds (an unknown keyword holds a plain value).
pub(super) fn holds(keyword: &str) -> Holds {
    match keyword {
        "not"
        | "if"
        | "then"
        | "else"
        | "contains"
        | "propertyNames"
        | "additionalItems"
        | "unevaluatedProperties"
        | "unevaluatedItems"
        | "contentSchema"
        | "additionalProperties" => Holds::Schema,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" | "items" => Holds::Schemas,
        "patternProperties" | "dependentSchemas" | "properties" | "dependencies" => {
            Holds::SchemaMap
        }
        _ => Holds::Value,
    }
}

/// JSON equality with numbers compared by value (`1` equals `1.0`).
pub(super) fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

const ALL_TYPES: [&str; 7] = [
    "array", "boolean", "integer", "null", "number", "object", "string",
];

/// The types a schema's `type` allows (`None`: the keyword is absent or not
/// understood, every type).
pub(super) fn types(schema: &Map<String, Value>) -> Option<Vec<&str>> {
    let mut names: Vec<&str> = match schema.get("type")? {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    if names.iter().any(|t| !ALL_TYPES.contains(t)) {
        return None;
    }
    names.sort_unstable();
    names.dedup();
    Some(names)
}

/// Whether every instance of type set `a` is in type set `b`.
fn types_within(a: Option<&[&str]>, b: Option<&[&str]>) -> bool {
    let Some(b) = b else { return true };
    let a = a.unwrap_or(&ALL_TYPES);
    a.iter()
        .all(|t| b.contains(t) || (*t == "integer" && b.contains(&"number")))
}

/// The effect of `type` going from `old` to `new`; `None` when equal.
pub(super) fn type_effect(old: Option<&[&str]>, new: Option<&[&str]>) -> Option<Effect> {
    match (types_within(old, new), types_within(new, old)) {
        (true, true) => None,
        (true, false) => Some(Effect::Widened),
        (false, true) => Some(Effect::Narrowed),
        (false, false) => Some(Effect::Changed),
    }
}

/// The values a schema's `enum` and `const` allow, with the keyword that
/// says so (`None`: any value).
pub(super) fn allowed_values(schema: &Map<String, Value>) -> Option<(&'static str, Vec<&Value>)> {
    if let Some(c) = schema.get("const") {
        return Some(("const", vec![c]));
    }
    match schema.get("enum") {
        Some(Value::Array(values)) => Some(("enum", values.iter().collect())),
        _ => None,
    }
}

/// A bound on a number: its value and whether it is exclusive.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Bound {
    pub value: f64,
    pub exclusive: bool,
    pub keyword: &'static str,
}

/// The lower bound of a schema (`minimum`, `exclusiveMinimum`, the draft-04
/// boolean form), the tighter of the two.
pub(super) fn lower(schema: &Map<String, Value>) -> Option<Bound> {
    bound(schema, "minimum", "exclusiveMinimum", true)
}

/// The upper bound (`maximum`, `exclusiveMaximum`).
pub(super) fn upper(schema: &Map<String, Value>) -> Option<Bound> {
    bound(schema, "maximum", "exclusiveMaximum", false)
}

fn bound(
    schema: &Map<String, Value>,
    inclusive: &'static str,
    exclusive: &'static str,
    is_lower: bool,
) -> Option<Bound> {
    let plain = schema.get(inclusive).and_then(Value::as_f64);
    let excl = schema.get(exclusive);
    let mut candidates = Vec::new();
    if let Some(v) = plain {
        let draft4 = excl == Some(&Value::Bool(true));
        candidates.push(Bound {
            value: v,
            exclusive: draft4,
            keyword: if draft4 { exclusive } else { inclusive },
        });
    }
    if let Some(v) = excl.and_then(Value::as_f64) {
        candidates.push(Bound {
            value: v,
            exclusive: true,
            keyword: exclusive,
        });
    }
    candidates
        .into_iter()
        .reduce(|a, b| match tighter(a, b, is_lower) {
            true => a,
            false => b,
        })
}

/// Whether bound `a` admits no more than bound `b` (for a lower bound: `a`
/// is at least `b`).
pub(super) fn tighter(a: Bound, b: Bound, is_lower: bool) -> bool {
    let key = |x: Bound| (x.value, x.exclusive);
    let (av, ae) = key(a);
    let (bv, be) = key(b);
    match is_lower {
        true => av > bv || (av == bv && (ae || !be)),
        false => av < bv || (av == bv && (ae || !be)),
    }
}

/// The count keywords: (keyword, is it a lower bound).
pub(super) const COUNTS: [(&str, bool); 6] = [
    ("minLength", true),
    ("maxLength", false),
    ("minItems", true),
    ("maxItems", false),
    ("minProperties", true),
    ("maxProperties", false),
];

/// The effect of a count keyword going from `old` to `new` (absent: 0 for
/// a lower bound, no limit for an upper one); `None` when equal.
pub(super) fn count_effect(old: Option<f64>, new: Option<f64>, is_lower: bool) -> Option<Effect> {
    let (o, n) = match is_lower {
        true => (old.unwrap_or(0.0), new.unwrap_or(0.0)),
        false => (old.unwrap_or(f64::INFINITY), new.unwrap_or(f64::INFINITY)),
    };
    if o == n {
        return None;
    }
    Some(match (n > o) == is_lower {
        true => Effect::Narrowed,
        false => Effect::Widened,
    })
}

/// The effect of `multipleOf` going from `old` to `new`; `None` when equal.
pub(super) fn multiple_effect(old: Option<f64>, new: Option<f64>) -> Option<Effect> {
    let divides = |a: f64, b: f64| {
        let ratio = a / b;
        ratio.is_finite() && (ratio - ratio.round()).abs() < 1e-9
    };
    match (old, new) {
        (None, None) => None,
        (Some(o), Some(n)) if o == n => None,
        (None, Some(_)) => Some(Effect::Narrowed),
        (Some(_), None) => Some(Effect::Widened),
        // Every multiple of `o` is a multiple of `n` when `n` divides `o`.
        (Some(o), Some(n)) if divides(o, n) => Some(Effect::Widened),
        (Some(o), Some(n)) if divides(n, o) => Some(Effect::Narrowed),
        (Some(_), Some(_)) => Some(Effect::Changed),
    }
}

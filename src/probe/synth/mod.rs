//! One instance of a tool's `inputSchema`: the arguments `probe` sends to
//! `tools/call`.
//!
//! A small synthesiser, honest about what it covers: `type` (the first
//! non-null one), `required` properties (optional ones are left out, but
//! for numbers, below), `enum` / `const` (the first value), numeric bounds
//! (`minimum`, `maximum`, exclusive forms in both the draft-04 and later
//! spellings, `multipleOf` for integers), string lengths, `pattern`
//! ([`pattern`]: a string read off the regex, checked with the ECMA-262
//! engine mcpwire's validators use; the plain text where it cannot be),
//! the common `format`s, array `minItems` / `maxItems` / `items`, local
//! `$ref`s (`#/...`), `allOf` (object members merged), `anyOf` / `oneOf`
//! (the first branch).
//!
//! **Numbers ask for the least work.** A tool's numbers often size what
//! it does (a duration, a count of steps, a page size), so every number
//! is the small end of what its schema allows: its lower bound, else `1`
//! (the least positive whole number; `0` often means "none" or "no
//! limit"), else its upper bound. An optional numeric property is sent
//! too, at that small end, rather than left to the server's default,
//! which may be large: server-everything's read-only
//! `trigger-long-running-operation` runs `duration` seconds, 10 by
//! default; the probe asks for 1 (one step, one progress notification).
//!
//! At run time each `tools/call` is judged by the live pipeline against
//! the revision's `CallToolRequest` like every message; mcpwire has no
//! run-time validator for a tool's own `inputSchema`, so the unit tests
//! check the instances of generated schemas with the `jsonschema` crate.

use serde_json::{json, Map, Value};

mod pattern;

/// How deep `$ref`s and nesting are followed before `null` stands in.
const MAX_DEPTH: usize = 24;

/// An instance of `schema` (`root` resolves `#/...` references).
pub fn instance(schema: &Value) -> Value {
    at(schema, schema, 0)
}

fn at(schema: &Value, root: &Value, depth: usize) -> Value {
    if depth > MAX_DEPTH {
        return Value::Null;
    }
    let Some(s) = schema.as_object() else {
        // `true`, `false` (nothing is valid: null is as good as any) or junk.
        return Value::Null;
    };
    if let Some(target) = s.get("$ref").and_then(Value::as_str) {
        if let Some(resolved) = resolve(root, target) {
            return at(resolved, root, depth + 1);
        }
    }
    if let Some(c) = s.get("const") {
        return c.clone();
    }
    if let Some(first) = s
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return first.clone();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(first) = s.get(key).and_then(Value::as_array).and_then(|b| b.first()) {
            let mut merged = s.clone();
            merged.remove(key);
            return at(&merge(&Value::Object(merged), first), root, depth + 1);
        }
    }
    if let Some(all) = s.get("allOf").and_then(Value::as_array) {
        let mut merged = s.clone();
        merged.remove("allOf");
        let mut merged = Value::Object(merged);
        for branch in all {
            let branch = match branch.get("$ref").and_then(Value::as_str) {
                Some(r) => resolve(root, r).unwrap_or(branch),
                None => branch,
            };
            merged = merge(&merged, branch);
        }
        return at(&merged, root, depth + 1);
    }
    match type_of(s).as_str() {
        "object" => object(s, root, depth),
        "array" => array(s, root, depth),
        "string" => string(s),
        "integer" => integer(s),
        "number" => number(s),
        "boolean" => Value::Bool(false),
        _ => Value::Null,
    }
}

/// The type to make: the first non-null `type`, else what the keywords
/// suggest.
fn type_of(s: &Map<String, Value>) -> String {
    let named = match s.get("type") {
        Some(Value::String(t)) => Some(t.clone()),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .or_else(|| ts.iter().filter_map(Value::as_str).next())
            .map(str::to_string),
        _ => None,
    };
    if let Some(t) = named {
        return t;
    }
    let has = |k: &str| s.contains_key(k);
    if has("properties") || has("required") || has("additionalProperties") {
        "object".into()
    } else if has("items") || has("minItems") || has("prefixItems") {
        "array".into()
    } else if has("minLength") || has("maxLength") || has("format") || has("pattern") {
        "string".into()
    } else if has("minimum") || has("maximum") || has("multipleOf") {
        "number".into()
    } else {
        "null".into()
    }
}

fn object(s: &Map<String, Value>, root: &Value, depth: usize) -> Value {
    let empty = Map::new();
    let properties = s
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut out = Map::new();
    for name in s
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(name) = name.as_str() else { continue };
        let value = match properties.get(name) {
            Some(p) => at(p, root, depth + 1),
            None => match s.get("additionalProperties") {
                Some(a @ Value::Object(_)) => at(a, root, depth + 1),
                _ => json!(""),
            },
        };
        out.insert(name.to_string(), value);
    }
    let max = s.get("maxProperties").and_then(Value::as_u64);
    for (name, p) in properties {
        if out.contains_key(name) || max.is_some_and(|m| out.len() as u64 >= m) {
            continue;
        }
        let p = match p.get("$ref").and_then(Value::as_str) {
            Some(r) => resolve(root, r).unwrap_or(p),
            None => p,
        };
        let numeric = p.as_object().is_some_and(|o| {
            !o.contains_key("enum")
                && !o.contains_key("const")
                && matches!(type_of(o).as_str(), "integer" | "number")
        });
        if numeric {
            out.insert(name.clone(), at(p, root, depth + 1));
        }
    }
    let min = count(s, "minProperties");
    let mut i = 0;
    while out.len() < min {
        let name = properties
            .keys()
            .find(|k| !out.contains_key(*k))
            .cloned()
            .unwrap_or_else(|| format!("p{i}"));
        let value = match properties.get(&name) {
            Some(p) => at(p, root, depth + 1),
            None => match s.get("additionalProperties") {
                Some(a @ Value::Object(_)) => at(a, root, depth + 1),
                _ => json!(""),
            },
        };
        out.insert(name, value);
        i += 1;
    }
    Value::Object(out)
}

fn array(s: &Map<String, Value>, root: &Value, depth: usize) -> Value {
    let prefix = s.get("prefixItems").and_then(Value::as_array);
    let min = count(s, "minItems").max(prefix.map_or(0, Vec::len));
    let items = s.get("items");
    let mut out = Vec::with_capacity(min.min(64));
    for i in 0..min.min(64) {
        let schema = match (prefix.and_then(|p| p.get(i)), items) {
            (Some(p), _) => p,
            (None, Some(Value::Array(tuple))) => tuple.get(i).unwrap_or(&Value::Null),
            (None, Some(item)) => item,
            (None, None) => &Value::Null,
        };
        out.push(if schema.is_null() {
            json!("")
        } else {
            at(schema, root, depth + 1)
        });
    }
    // uniqueItems with several equal synthesised items: keep them apart.
    if s.get("uniqueItems") == Some(&Value::Bool(true)) {
        for (i, v) in out.iter_mut().enumerate() {
            if let Value::String(t) = v {
                t.push_str(&i.to_string());
            } else if let Some(n) = v.as_i64() {
                *v = Value::from(n + i64::try_from(i).unwrap_or(0));
            }
        }
    }
    Value::Array(out)
}

fn string(s: &Map<String, Value>) -> Value {
    let base = match s.get("format").and_then(Value::as_str) {
        Some("uri" | "url" | "iri" | "uri-reference" | "iri-reference") => "https://example.com/",
        Some("email" | "idn-email") => "probe@example.com",
        Some("date-time") => "2026-01-01T00:00:00Z",
        Some("date") => "2026-01-01",
        Some("time") => "00:00:00Z",
        Some("uuid") => "00000000-0000-4000-8000-000000000000",
        Some("ipv4") => "127.0.0.1",
        Some("ipv6") => "::1",
        Some("hostname" | "idn-hostname") => "example.com",
        _ => "probe",
    };
    let min = count(s, "minLength");
    let max = s
        .get("maxLength")
        .and_then(Value::as_u64)
        .map(|m| usize::try_from(m).unwrap_or(usize::MAX));
    if let Some(p) = s.get("pattern").and_then(Value::as_str) {
        if let Some(text) = pattern::matching(p, min, max) {
            return Value::String(text);
        }
    }
    let mut text: String = base.to_string();
    while text.chars().count() < min {
        text.push('x');
    }
    if let Some(max) = max {
        if text.chars().count() > max {
            text = text.chars().take(max).collect();
        }
    }
    Value::String(text)
}

/// The bounds as (lowest allowed, highest allowed, lower is exclusive,
/// upper is exclusive).
fn bounds(s: &Map<String, Value>) -> (Option<f64>, Option<f64>, bool, bool) {
    let mut low = s.get("minimum").and_then(Value::as_f64);
    let mut high = s.get("maximum").and_then(Value::as_f64);
    let (mut low_x, mut high_x) = (false, false);
    match s.get("exclusiveMinimum") {
        Some(Value::Bool(true)) => low_x = true,
        Some(v) => {
            if let Some(x) = v.as_f64() {
                if low.is_none_or(|l| x >= l) {
                    low = Some(x);
                    low_x = true;
                }
            }
        }
        None => {}
    }
    match s.get("exclusiveMaximum") {
        Some(Value::Bool(true)) => high_x = true,
        Some(v) => {
            if let Some(x) = v.as_f64() {
                if high.is_none_or(|h| x <= h) {
                    high = Some(x);
                    high_x = true;
                }
            }
        }
        None => {}
    }
    (low, high, low_x, high_x)
}

fn integer(s: &Map<String, Value>) -> Value {
    let (low, high, low_x, high_x) = bounds(s);
    let step = s
        .get("multipleOf")
        .and_then(Value::as_f64)
        .filter(|m| *m >= 1.0 && m.fract() == 0.0)
        .unwrap_or(1.0);
    let first = match low {
        Some(l) => {
            let l = if low_x { l.floor() + 1.0 } else { l.ceil() };
            (l / step).ceil() * step
        }
        None => match high {
            Some(h) if step < h || (step == h && !high_x) => step,
            Some(h) => {
                let h = if high_x { h.ceil() - 1.0 } else { h.floor() };
                (h / step).floor() * step
            }
            None => step,
        },
    };
    // Outside i64 the schema is odd; a float keeps the value.
    if first.abs() < 9.0e15 {
        #[allow(clippy::cast_possible_truncation)]
        return Value::from(first as i64);
    }
    json!(first)
}

fn number(s: &Map<String, Value>) -> Value {
    if s.get("multipleOf").is_some() {
        return integer(s);
    }
    let (low, high, low_x, high_x) = bounds(s);
    let v = match (low, high) {
        (Some(l), Some(h)) if low_x || high_x => (l + h) / 2.0,
        (Some(l), _) if low_x => l + 1.0,
        (Some(l), _) => l,
        (None, Some(h)) if 1.0 < h || (h == 1.0 && !high_x) => 1.0,
        (None, Some(h)) if high_x => h - 1.0,
        (None, Some(h)) => h,
        (None, None) => 1.0,
    };
    if v.fract() == 0.0 && v.abs() < 9.0e15 {
        #[allow(clippy::cast_possible_truncation)]
        return Value::from(v as i64);
    }
    serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
}

fn count(s: &Map<String, Value>, key: &str) -> usize {
    s.get(key)
        .and_then(Value::as_u64)
        .map_or(0, |n| usize::try_from(n).unwrap_or(usize::MAX))
}

/// `#/a/b` inside `root` (JSON pointer, `~0` / `~1` unescaped).
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    root.pointer(pointer)
}

/// `base` with `extra`'s keywords added; `properties` and `required` are
/// unioned.
fn merge(base: &Value, extra: &Value) -> Value {
    let mut out = base.as_object().cloned().unwrap_or_default();
    let Some(extra) = extra.as_object() else {
        return Value::Object(out);
    };
    for (k, v) in extra {
        match (k.as_str(), out.get_mut(k)) {
            ("properties", Some(Value::Object(mine))) => {
                if let Some(theirs) = v.as_object() {
                    for (p, s) in theirs {
                        mine.entry(p.clone()).or_insert_with(|| s.clone());
                    }
                }
            }
            ("required", Some(Value::Array(mine))) => {
                for r in v.as_array().into_iter().flatten() {
                    if !mine.contains(r) {
                        mine.push(r.clone());
                    }
                }
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(out)
}

#[cfg(test)]
mod tests;

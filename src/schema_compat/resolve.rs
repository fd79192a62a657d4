//! Local `$ref`s followed to their targets, so that a schema and a `$ref`
//! to an equal definition compare equal.

use std::borrow::Cow;

use serde_json::{Map, Value};

/// How many `$ref`s in a row are followed before giving up (a chain of
/// references that only point at each other).
const MAX_HOPS: usize = 32;

/// A schema with its local `$ref`s followed.
pub(super) struct Resolved<'a> {
    /// The schema to compare: the target, with the referring schema's other
    /// keywords added.
    pub schema: Cow<'a, Value>,
    /// The last reference followed (`#/$defs/Node`), `None` when none was.
    pub via: Option<String>,
}

/// Why a `$ref` was not followed.
pub(super) enum Unresolved {
    /// Not a local reference (`https://…`, `other.json#/…`): compared as text.
    NotLocal,
    /// A local reference to nothing, or a chain longer than [`MAX_HOPS`].
    Broken(String),
    /// The target and the referring schema both have this keyword with
    /// different values (both apply: their conjunction is not decided here).
    Conflict(String),
}

/// `schema` with its `$ref` followed inside `root` (the document it came
/// from), its sibling keywords kept beside the target's.
pub(super) fn resolve<'a>(root: &'a Value, schema: &'a Value) -> Result<Resolved<'a>, Unresolved> {
    let mut current = Cow::Borrowed(schema);
    let mut via = None;
    for _ in 0..MAX_HOPS {
        let Some(Value::String(reference)) = current.get("$ref") else {
            return Ok(Resolved {
                schema: current,
                via,
            });
        };
        let reference = reference.clone();
        let Some(fragment) = reference.strip_prefix('#') else {
            return Err(Unresolved::NotLocal);
        };
        let target = lookup(root, fragment).ok_or_else(|| Unresolved::Broken(reference.clone()))?;
        current = Cow::Owned(merge(&current, target)?);
        via = Some(reference);
    }
    Err(Unresolved::Broken(format!(
        "more than {MAX_HOPS} references in a row"
    )))
}

/// The value at a fragment (`/$defs/Node`, percent-encoded or not).
fn lookup<'a>(root: &'a Value, fragment: &str) -> Option<&'a Value> {
    if fragment.is_empty() {
        return Some(root);
    }
    root.pointer(&percent_decode(fragment)?)
}

fn percent_decode(text: &str) -> Option<String> {
    if !text.contains('%') {
        return Some(text.to_string());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The referring schema's keywords other than `$ref` laid over the target.
fn merge(referring: &Value, target: &Value) -> Result<Value, Unresolved> {
    let siblings: Vec<(&String, &Value)> = referring
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| k.as_str() != "$ref" && !super::keywords::is_annotation(k))
        .collect();
    let target = match target {
        Value::Bool(true) => Value::Object(Map::new()),
        other => other.clone(),
    };
    if siblings.is_empty() {
        return Ok(target);
    }
    let Value::Object(mut merged) = target else {
        // `false` with more keywords beside it is still `false`.
        return Ok(target);
    };
    for (key, value) in siblings {
        match merged.get(key) {
            Some(existing) if existing != value => return Err(Unresolved::Conflict(key.clone())),
            _ => {
                merged.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(Value::Object(merged))
}

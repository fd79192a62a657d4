//! A conservative structural proof that one schema implies another, shared
//! by `tests/conversation.rs` (a typed message implies its envelope) and
//! `tests/bytes_plan.rs` (a typed result implies the envelope's `Result`).

use serde_json::{json, Value};

/// Whether every instance valid for `t` is valid for `e`: equal schemas,
/// `$ref`s resolved, one `allOf` part implying (else `t`'s own keywords
/// are tried), or `e` a plain object/string schema whose `type`, `const`,
/// `required` and every property `t` restates at least as strictly (a
/// property `t` does not name is allowed only when `t` forbids additional
/// properties). Anything else is "not proved". `defs` is the revision's
/// definitions object; `depth` bounds the recursion.
pub fn implies(defs: &serde_json::Map<String, Value>, t: &Value, e: &Value, depth: usize) -> bool {
    const NOTES: [&str; 5] = ["description", "title", "examples", "default", "deprecated"];
    let strip = |v: &Value| -> Value {
        match v {
            Value::Object(m) => Value::Object(
                m.iter()
                    .filter(|(k, _)| !NOTES.contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            ),
            other => other.clone(),
        }
    };
    let resolve = |v: &Value| -> Option<Value> {
        let name = v.get("$ref")?.as_str()?.rsplit('/').next()?;
        defs.get(name).cloned()
    };
    if depth > 16 {
        return false;
    }
    let (t, e) = (strip(t), strip(e));
    if t == e {
        return true;
    }
    if t.get("$ref").is_some() {
        return resolve(&t).is_some_and(|def| implies(defs, &def, &e, depth + 1));
    }
    if e.get("$ref").is_some() {
        return resolve(&e).is_some_and(|def| implies(defs, &t, &def, depth + 1));
    }
    if let Some(parts) = t.get("allOf").and_then(Value::as_array) {
        if parts.iter().any(|p| implies(defs, p, &e, depth + 1)) {
            return true;
        }
    }
    let Some(eo) = e.as_object() else {
        return false;
    };
    let allowed = [
        "type",
        "properties",
        "required",
        "additionalProperties",
        "const",
    ];
    if eo.keys().any(|k| !allowed.contains(&k.as_str())) {
        return false;
    }
    if let Some(ty) = eo.get("type") {
        if t.get("type") != Some(ty) {
            return false;
        }
    }
    if let Some(c) = eo.get("const") {
        if t.get("const") != Some(c) {
            return false;
        }
    }
    if let Some(a) = eo.get("additionalProperties") {
        if a != &json!({}) && a != &json!(true) {
            return false;
        }
    }
    let required = |v: &Value| -> Vec<Value> {
        v.get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    let t_required = required(&t);
    if required(&e).iter().any(|r| !t_required.contains(r)) {
        return false;
    }
    let empty = serde_json::Map::new();
    let tp = t
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    for (name, es) in eo
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty)
    {
        match tp.get(name) {
            Some(ts) => {
                if !implies(defs, ts, es, depth + 1) {
                    return false;
                }
            }
            None if t.get("additionalProperties") == Some(&json!(false)) => {}
            None => return false,
        }
    }
    true
}

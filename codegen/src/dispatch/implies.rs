//! Implications the run time may lean on, proved here on the schema: which
//! checks a valid message lets the session skip.
//!
//! - **A typed definition implies its envelope**: every instance valid for
//!   `CallToolRequest` is valid for `JSONRPCRequest` (from 2025-11-25 on
//!   most typed requests, notifications and `XxxResultResponse`s restate
//!   the envelope's members at least as strictly), so a message whose
//!   typed check passes skips the envelope's. For a result definition
//!   (`CallToolResult`, planned on `result`) the claim is about the
//!   envelope's `result`: every valid instance is a valid `Result`, and
//!   the envelope reads `result` (and no other member) as `Result`, so one
//!   pass of the envelope with the typed reader in `Result`'s place judges
//!   both (`mcpwire::bytes::plan`).
//! - **The head shows the envelopes** ([`head_request`],
//!   [`head_notification`]): what the message head reads — `jsonrpc` is
//!   `"2.0"`, `method` a string, a request's `id` (and `_meta`'s
//!   `progressToken`) a string or integer, `params` and `_meta` objects —
//!   implies the request and notification envelopes (up to 2025-11-25 they
//!   ask nothing else), so the session checks neither when the head says
//!   so (`mcpwire::session::envelope`).
//!
//! [`prove`] is a conservative structural proof: equal schemas (notes
//! stripped), `$ref`s to definitions resolved, one `allOf` part implying,
//! or a plain object/string schema (`type`, `const`, `required`,
//! `properties`, an open `additionalProperties`) that the implying schema
//! restates at least as strictly. Anything else is "not proved", which
//! only costs a check; a wrong "proved" would cost a verdict, so the
//! run-time tests compare every skipped check with the check itself on
//! the corpora.

use serde_json::{json, Map, Value};

use super::Maps;
use crate::Schema;

/// What the head shows of a request, as a schema
/// (`mcpwire::session::envelope::shows_envelope` reads exactly this).
pub fn head_request() -> Value {
    json!({
        "type": "object",
        "required": ["jsonrpc", "id", "method"],
        "properties": {
            "jsonrpc": {"type": "string", "const": "2.0"},
            "id": {"type": ["string", "integer"]},
            "method": {"type": "string"},
            "params": {"type": "object", "properties": {"_meta": {
                "type": "object",
                "properties": {"progressToken": {"type": ["string", "integer"]}}
            }}}
        }
    })
}

/// What the head shows of a notification (see [`head_request`]).
pub fn head_notification() -> Value {
    json!({
        "type": "object",
        "required": ["jsonrpc", "method"],
        "properties": {
            "jsonrpc": {"type": "string", "const": "2.0"},
            "method": {"type": "string"},
            "params": {"type": "object", "properties": {"_meta": {"type": "object"}}}
        }
    })
}

/// The definition the result envelope reads `result` as.
pub const RESULT: &str = "Result";

/// The definitions results are typed as by their own shape, beside each
/// method's result.
const RESULTS_BY_SHAPE: [&str; 2] = ["InputRequiredResult", "CreateTaskResult"];

/// Proves the implications of one revision whose maps are `maps`, and
/// records them there ([`Maps::implies_envelope`],
/// [`crate::dispatch::Envelopes::shown_by_head`]).
pub fn prove(schema: &Schema, maps: &mut Maps) {
    let defs = schema.defs();
    let prefix = format!("#/{}/", schema.version.dialect.defs_key());
    let proof = Proof {
        defs,
        prefix: &prefix,
    };
    let e = &maps.envelopes;
    let mut implied = Vec::new();
    let mut claim = |typed: &str, envelope: &Value| {
        if defs
            .get(typed)
            .is_some_and(|t| proof.implies(t, envelope, 0))
        {
            implied.push(typed.to_string());
        }
    };
    for m in &maps.methods {
        let envelope = match m.kind {
            super::Kind::Request => &e.request,
            super::Kind::Notification => &e.notification,
        };
        if let Some(envelope) = defs.get(envelope) {
            claim(&m.definition, envelope);
        }
        if let (Some(response), Some(envelope)) = (&m.result_response, defs.get(&e.result)) {
            claim(response, envelope);
        }
    }
    if let (Some(result), true) = (defs.get(RESULT), reads_result_as(defs, &e.result, &prefix)) {
        let typed = maps.methods.iter().filter_map(|m| m.result.as_deref());
        for name in typed.chain(RESULTS_BY_SHAPE) {
            claim(name, result);
        }
    }
    implied.sort();
    implied.dedup();
    let shows = |head: Value, envelope: &str| {
        defs.get(envelope)
            .is_some_and(|e| proof.implies(&head, e, 0))
    };
    let shown_by_head =
        shows(head_request(), &e.request) && shows(head_notification(), &e.notification);
    maps.envelopes.shown_by_head = shown_by_head;
    maps.implies_envelope = implied;
}

/// Whether the result envelope `envelope` reads `result` as [`RESULT`]
/// and refers to [`RESULT`] nowhere else.
fn reads_result_as(defs: &Map<String, Value>, envelope: &str, prefix: &str) -> bool {
    let Some(def) = defs.get(envelope) else {
        return false;
    };
    let target = format!("{prefix}{RESULT}");
    let result = def
        .pointer("/properties/result/$ref")
        .and_then(Value::as_str);
    let mut rest = def.clone();
    if let Some(props) = rest.get_mut("properties").and_then(Value::as_object_mut) {
        props.remove("result");
    }
    result == Some(target.as_str()) && !refers(&rest, &target)
}

/// Whether `v` holds a `$ref` to `target` anywhere.
fn refers(v: &Value, target: &str) -> bool {
    match v {
        Value::Object(m) => m
            .iter()
            .any(|(k, x)| (k == "$ref" && x.as_str() == Some(target)) || refers(x, target)),
        Value::Array(a) => a.iter().any(|x| refers(x, target)),
        _ => false,
    }
}

/// The definitions a proof resolves `$ref`s in.
struct Proof<'a> {
    defs: &'a Map<String, Value>,
    /// `#/$defs/` or `#/definitions/`.
    prefix: &'a str,
}

/// Keywords that never change a verdict.
const NOTES: [&str; 5] = ["description", "title", "examples", "default", "deprecated"];

/// The keywords an implied schema may hold (the rest: not proved).
const PLAIN: [&str; 5] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "const",
];

/// Recursion bound of [`Proof::implies`].
const MAX_DEPTH: usize = 16;

impl Proof<'_> {
    /// The definition a `$ref` names (`None`: not a definition reference).
    fn resolve(&self, v: &Value) -> Option<&Value> {
        let name = v.get("$ref")?.as_str()?.strip_prefix(self.prefix)?;
        self.defs.get(name)
    }

    /// Whether every instance valid for `t` is valid for `e` (see the
    /// module docs for what is proved).
    fn implies(&self, t: &Value, e: &Value, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let (t, e) = (strip(t), strip(e));
        if t == e {
            return true;
        }
        if t.get("$ref").is_some() {
            return self
                .resolve(&t)
                .is_some_and(|def| self.implies(def, &e, depth + 1));
        }
        if e.get("$ref").is_some() {
            return self
                .resolve(&e)
                .is_some_and(|def| self.implies(&t, def, depth + 1));
        }
        if let Some(parts) = t.get("allOf").and_then(Value::as_array) {
            if parts.iter().any(|p| self.implies(p, &e, depth + 1)) {
                return true;
            }
        }
        self.restates(&t, &e, depth)
    }

    /// Whether `t` restates the plain object/string schema `e` at least as
    /// strictly.
    fn restates(&self, t: &Value, e: &Value, depth: usize) -> bool {
        let Some(eo) = e.as_object() else {
            return false;
        };
        if eo.keys().any(|k| !PLAIN.contains(&k.as_str())) {
            return false;
        }
        let same = |key: &str| eo.get(key).is_none_or(|x| t.get(key) == Some(x));
        if !same("type") || !same("const") {
            return false;
        }
        if eo
            .get("additionalProperties")
            .is_some_and(|a| a != &json!({}) && a != &json!(true))
        {
            return false;
        }
        let required = |v: &Value| -> Vec<Value> {
            v.get("required")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default()
        };
        let t_required = required(t);
        if required(e).iter().any(|r| !t_required.contains(r)) {
            return false;
        }
        let empty = Map::new();
        let properties = |v: &Value| v.get("properties").and_then(Value::as_object).cloned();
        let tp = properties(t).unwrap_or_else(|| empty.clone());
        let closed = t.get("additionalProperties") == Some(&json!(false));
        properties(e)
            .unwrap_or(empty)
            .iter()
            .all(|(name, es)| match tp.get(name) {
                Some(ts) => self.implies(ts, es, depth + 1),
                None => closed,
            })
    }
}

/// `v` without its [`NOTES`].
fn strip(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| !NOTES.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Version;

    fn proof(defs: &Map<String, Value>) -> Proof<'_> {
        Proof {
            defs,
            prefix: "#/$defs/",
        }
    }

    fn defs() -> Map<String, Value> {
        json!({
            "Id": {"type": ["string", "integer"], "description": "an id"},
            "Envelope": {"type": "object", "required": ["jsonrpc", "id"], "properties": {
                "jsonrpc": {"type": "string", "const": "2.0"},
                "id": {"$ref": "#/$defs/Id"},
                "params": {"type": "object", "additionalProperties": {}}
            }},
            "TypedRequest": {"type": "object", "required": ["jsonrpc", "id", "method"], "properties": {
                "jsonrpc": {"const": "2.0", "type": "string"},
                "id": {"$ref": "#/$defs/Id"},
                "method": {"const": "x", "type": "string"},
                "params": {"type": "object", "additionalProperties": {}, "description": "p"}
            }}
        })
        .as_object()
        .unwrap()
        .clone()
    }

    #[test]
    fn a_restatement_implies_and_every_loosening_does_not() {
        let defs = defs();
        let p = proof(&defs);
        let envelope = &defs["Envelope"];
        assert!(p.implies(&defs["TypedRequest"], envelope, 0));
        assert!(p.implies(&json!({"$ref": "#/$defs/TypedRequest"}), envelope, 0));
        assert!(p.implies(
            &json!({"allOf": [{"$ref": "#/$defs/TypedRequest"}, {}]}),
            envelope,
            0
        ));
        let loosen = |pointer: &str, to: Value| {
            let mut t = defs["TypedRequest"].clone();
            *t.pointer_mut(pointer).unwrap() = to;
            p.implies(&t, envelope, 0)
        };
        assert!(
            !loosen("/required", json!(["jsonrpc", "method"])),
            "id optional"
        );
        assert!(!loosen("/properties/jsonrpc/const", json!("1.0")));
        assert!(!loosen("/properties/id", json!({"type": "string"})));
        assert!(!loosen("/properties/params", json!({})));
        assert!(!loosen("/type", json!(["object", "null"])));
        // A property the implying schema does not name: only when it
        // forbids every other.
        let mut t = defs["TypedRequest"].clone();
        t["properties"].as_object_mut().unwrap().remove("params");
        assert!(!p.implies(&t, envelope, 0));
        t["additionalProperties"] = json!(false);
        assert!(p.implies(&t, envelope, 0));
    }

    #[test]
    fn what_is_not_plain_is_not_proved() {
        let defs = defs();
        let p = proof(&defs);
        let mut envelope = defs["Envelope"].clone();
        envelope["minProperties"] = json!(1);
        assert!(!p.implies(&defs["TypedRequest"], &envelope, 0));
        let mut envelope = defs["Envelope"].clone();
        envelope["additionalProperties"] = json!(false);
        assert!(!p.implies(&defs["TypedRequest"], &envelope, 0));
        assert!(!p.implies(&json!({"$ref": "#/$defs/Nowhere"}), &envelope, 0));
        assert!(!p.implies(
            &json!({"$ref": "other.json#/$defs/TypedRequest"}),
            &envelope,
            0
        ));
        let cycle: Map<String, Value> = json!({"A": {"$ref": "#/$defs/A"}})
            .as_object()
            .unwrap()
            .clone();
        assert!(!proof(&cycle).implies(&cycle["A"], &json!({"type": "object"}), 0));
    }

    fn schema(defs: Value) -> Schema {
        Schema::new(Version::by_name("draft").unwrap(), json!({ "$defs": defs })).unwrap()
    }

    /// A revision shaped like 2025-11-25: a typed request, a typed
    /// response, a typed result; the head shows both envelopes.
    #[test]
    fn proves_per_revision_and_keeps_what_it_cannot() {
        let mut d = serde_json::to_value(defs()).unwrap();
        let add = |d: &mut Value, name: &str, v: Value| {
            d.as_object_mut().unwrap().insert(name.into(), v);
        };
        let request = json!({"type": "object", "required": ["jsonrpc", "id", "method"], "properties": {
            "jsonrpc": {"type": "string", "const": "2.0"}, "id": {"$ref": "#/$defs/Id"},
            "method": {"type": "string"},
            "params": {"type": "object", "properties": {"_meta": {"type": "object",
                "properties": {"progressToken": {"$ref": "#/$defs/Id"}}}}}}});
        add(&mut d, "JSONRPCRequest", request);
        let notification = json!({"type": "object", "required": ["jsonrpc", "method"], "properties": {
            "jsonrpc": {"type": "string", "const": "2.0"}, "method": {"type": "string"},
            "params": {"type": "object", "properties": {"_meta": {"type": "object"}}}}});
        add(&mut d, "JSONRPCNotification", notification);
        add(
            &mut d,
            "Result",
            json!({"type": "object", "properties": {"_meta": {"type": "object"}}}),
        );
        add(
            &mut d,
            "JSONRPCResultResponse",
            json!({"type": "object", "required": ["result"],
            "properties": {"jsonrpc": {"const": "2.0"}, "result": {"$ref": "#/$defs/Result"}}}),
        );
        add(&mut d, "JSONRPCErrorResponse", json!({"type": "object"}));
        add(&mut d, "JSONRPCMessage", json!({"anyOf": []}));
        add(
            &mut d,
            "PingRequest",
            json!({"type": "object", "required": ["jsonrpc", "id", "method"],
            "properties": {"jsonrpc": {"type": "string", "const": "2.0"}, "id": {"$ref": "#/$defs/Id"},
                "method": {"type": "string", "const": "ping"}}, "additionalProperties": false}),
        );
        add(
            &mut d,
            "PingResult",
            json!({"type": "object", "properties": {
            "_meta": {"type": "object"}, "ok": {"type": "boolean"}}}),
        );
        add(
            &mut d,
            "ListRequest",
            json!({"type": "object", "properties": {
            "method": {"type": "string", "const": "list"}}}),
        );
        let s = schema(d);
        let maps = crate::dispatch::extract(&s).unwrap();
        assert_eq!(maps.implies_envelope, ["PingRequest", "PingResult"]);
        assert!(maps.envelopes.shown_by_head);
    }
}

//! The probe's answers to the server's own requests: schema-valid results
//! for the capabilities the probe declares at the revision (roots,
//! sampling, elicitation) and `ping`; −32601 for anything else (JSON-RPC
//! 2.0 §5.1, "Method not found") — a request for a capability the probe
//! did not declare among them, so it never answers as if it had (the
//! request itself is the server's finding, the session's to report).

use serde_json::{json, Map, Value};

/// The root the probe offers for `roots/list`.
pub const ROOT_URI: &str = "file:///mcpwire-probe";

/// The result for `method` at `revision`, or a JSON-RPC error (code,
/// message). The stateless revisions carry `resultType` on every result.
pub fn answer(
    method: &str,
    params: Option<&Value>,
    revision: crate::Version,
) -> Result<Value, (i64, String)> {
    let _ = params;
    let declared = capabilities(revision);
    let needs = match method {
        "roots/list" => Some("roots"),
        "sampling/createMessage" => Some("sampling"),
        "elicitation/create" => Some("elicitation"),
        _ => None,
    };
    if needs.is_some_and(|c| declared.get(c).is_none()) {
        return Err((-32601, format!("Method not found: {method}")));
    }
    let mut result = match method {
        "ping" => json!({}),
        "roots/list" => json!({"roots": [{"uri": ROOT_URI, "name": "mcpwire probe"}]}),
        "sampling/createMessage" => json!({
            "role": "assistant",
            "content": {"type": "text", "text": "mcpwire probe: no model behind this client"},
            "model": "mcpwire-probe",
            "stopReason": "endTurn"
        }),
        // Declining asks the user nothing and is valid in every revision
        // that has elicitation.
        "elicitation/create" => json!({"action": "decline"}),
        _ => return Err((-32601, format!("Method not found: {method}"))),
    };
    if super::protocol::stateless(revision) {
        if let Some(o) = result.as_object_mut() {
            o.insert("resultType".into(), Value::from("complete"));
        }
    }
    Ok(result)
}

/// The client capabilities the probe declares at `revision`: every one of
/// roots, sampling and elicitation the revision defines (its dispatch maps
/// list the method), so the server can show what it does with them.
pub fn capabilities(revision: crate::Version) -> Value {
    let mut caps = Map::new();
    let has = |m: &str| {
        revision
            .dispatch_maps()
            .is_some_and(|d| d.methods.iter().any(|e| e.method == m))
    };
    if has("roots/list") {
        caps.insert("roots".into(), json!({"listChanged": false}));
    }
    if has("sampling/createMessage") {
        caps.insert("sampling".into(), json!({}));
    }
    if has("elicitation/create") {
        caps.insert("elicitation".into(), json!({}));
    }
    Value::Object(caps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every answer is a valid result of its method at every revision
    /// that defines it, by mcpwire's own validators.
    #[test]
    fn answers_are_valid_results() {
        let mut checked = 0;
        for v in crate::Version::enabled() {
            let Some(maps) = v.dispatch_maps() else {
                continue;
            };
            for m in [
                "ping",
                "roots/list",
                "sampling/createMessage",
                "elicitation/create",
            ] {
                let Some(entry) = maps
                    .methods
                    .iter()
                    .find(|e| e.method == m && e.server_sends)
                else {
                    continue;
                };
                let Some(def) = entry.result else { continue };
                let result = answer(m, None, v).unwrap();
                let fns = v.spec().unwrap().definition(def).unwrap();
                let violations = fns.check(&result);
                assert!(violations.is_empty(), "{v} {m}: {violations:?}");
                checked += 1;
            }
        }
        assert!(checked > 0);
    }

    #[test]
    fn unknown_requests_get_method_not_found() {
        for v in crate::Version::enabled() {
            assert_eq!(answer("x/y", None, v).unwrap_err().0, -32601);
        }
    }

    /// Where the probe declares no elicitation capability (the revision
    /// has none), `elicitation/create` is a method it does not serve.
    #[test]
    fn undeclared_capabilities_are_not_answered() {
        for v in crate::Version::enabled() {
            let declared = capabilities(v).get("elicitation").is_some();
            let answered = answer("elicitation/create", None, v);
            assert_eq!(answered.is_ok(), declared, "{v}");
            if !declared {
                assert_eq!(answered.unwrap_err().0, -32601, "{v}");
            }
        }
    }

    #[test]
    fn capabilities_follow_the_revision() {
        for v in crate::Version::enabled() {
            let caps = capabilities(v);
            let maps = v.dispatch_maps().unwrap();
            let defines = |m: &str| maps.methods.iter().any(|e| e.method == m);
            assert_eq!(caps.get("roots").is_some(), defines("roots/list"), "{v}");
            assert_eq!(
                caps.get("elicitation").is_some(),
                defines("elicitation/create"),
                "{v}"
            );
        }
    }
}

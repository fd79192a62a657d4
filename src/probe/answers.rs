//! The probe's answers to the server's own requests: schema-valid results
//! for the capabilities the probe declares (roots, sampling, elicitation)
//! and `ping`; −32601 for anything else (JSON-RPC 2.0 §5.1, "Method not
//! found").

use serde_json::{json, Map, Value};

/// The root the probe offers for `roots/list`.
pub const ROOT_URI: &str = "file:///mcpwire-probe";

/// The result for `method`, or a JSON-RPC error (code, message).
/// `modern`: the revision carries `resultType` on every result.
pub fn answer(method: &str, params: Option<&Value>, modern: bool) -> Result<Value, (i64, String)> {
    let _ = params;
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
    if modern {
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
            let modern = maps.methods.iter().any(|e| e.method == "server/discover");
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
                let result = answer(m, None, modern).unwrap();
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
        assert_eq!(answer("x/y", None, false).unwrap_err().0, -32601);
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

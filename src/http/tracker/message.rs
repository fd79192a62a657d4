//! What the HTTP rules read of a JSON-RPC message (or batch) parsed from a
//! body or an event.

use serde_json::Value;

use crate::{session::META_PROTOCOL_VERSION, Version};

pub(super) fn version_of(v: &Value) -> Option<Version> {
    v.as_str().and_then(|s| s.parse().ok())
}

pub(super) fn meta_version(msg: &Value) -> Option<&str> {
    msg.get("params")?
        .get("_meta")?
        .get(META_PROTOCOL_VERSION)?
        .as_str()
}

pub(super) fn is_request(m: &Value) -> bool {
    m.get("method").is_some_and(Value::is_string) && m.get("id").is_some()
}

pub(super) fn is_response(m: &Value) -> bool {
    m.get("method").is_none() && (m.get("result").is_some() || m.get("error").is_some())
}

pub(super) fn messages(v: &Value) -> Vec<&Value> {
    match v {
        Value::Array(items) => items.iter().collect(),
        other => vec![other],
    }
}

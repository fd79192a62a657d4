//! The JSON-RPC messages the probe writes, on either transport: a request
//! with the per-request `_meta` merged into its params, and a notification
//! that carries the revision at a stateless revision.

use crate::session::META_PROTOCOL_VERSION;
use serde_json::{json, Value};

/// A request: `_meta` (the 2026-07-28 per-request metadata) merged into
/// its params.
pub fn request_message(
    id: u64,
    method: &str,
    params: Option<Value>,
    meta: Option<&Value>,
) -> Value {
    let mut params = params.unwrap_or_else(|| json!({}));
    if let (Some(meta), Some(p)) = (meta, params.as_object_mut()) {
        let m = p.entry("_meta").or_insert_with(|| json!({}));
        if let (Some(m), Some(add)) = (m.as_object_mut(), meta.as_object()) {
            for (k, v) in add {
                m.insert(k.clone(), v.clone());
            }
        }
    }
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

/// A notification. At a stateless revision (`meta`: the requests'
/// `_meta`) it carries the revision in its own `_meta` as requests do, so
/// it is judged at that revision (2026-07-28 basic/versioning); the client
/// information and capabilities are the requests' alone.
pub fn notification(method: &str, params: Option<Value>, meta: Option<&Value>) -> Value {
    let mut message = json!({"jsonrpc": "2.0", "method": method});
    let version = meta.and_then(|m| m.get(META_PROTOCOL_VERSION));
    let params = match (params, version) {
        (Some(mut p), Some(v)) => {
            if let Some(p) = p.as_object_mut() {
                let m = p.entry("_meta").or_insert_with(|| json!({}));
                if let Some(m) = m.as_object_mut() {
                    m.insert(META_PROTOCOL_VERSION.into(), v.clone());
                }
            }
            Some(p)
        }
        (None, Some(v)) => Some(json!({"_meta": {META_PROTOCOL_VERSION: v}})),
        (p, None) => p,
    };
    if let Some(p) = params {
        message["params"] = p;
    }
    message
}

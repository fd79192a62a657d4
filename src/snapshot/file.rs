//! The snapshot file: canonical JSON, written by [`Snapshot::to_json`] and
//! read back by [`Snapshot::from_json`].
//!
//! ```json
//! {
//!   "mcpwireSnapshot": 1,
//!   "revisions": {
//!     "2025-11-25": {
//!       "capabilities": {"tools": {"listChanged": true}},
//!       "serverInfo": {"name": "weather", "version": "0.9.2"},
//!       "tools": [{"inputSchema": {"type": "object"}, "name": "get_weather"}]
//!     }
//!   }
//! }
//! ```
//!
//! Pretty-printed with two spaces, members sorted at every depth, a final
//! newline: a snapshot of the same interface is the same bytes, so a
//! committed snapshot shows in review as a plain text diff too.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::{Interface, List, Snapshot};

/// The file format's version, the value of its `mcpwireSnapshot` member.
pub const FORMAT: u64 = 1;

/// Why a snapshot could not be built or read.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// Reading the input failed.
    #[error("reading: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not JSON.
    #[error("not JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON is not a snapshot (or one of another format version).
    #[error("not an mcpwire snapshot: {0}")]
    Format(String),
    /// A transcript holds no result the snapshot is made of.
    #[error(
        "no initialize, server/discover or list result with a known revision in the transcript"
    )]
    Empty,
}

/// `value` with the members of every object sorted by name (whatever map
/// `serde_json` was built with).
pub(super) fn canonical(value: &Value) -> Value {
    match value {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let mut out = Map::new();
            for k in keys {
                out.insert(k.clone(), canonical(&m[k]));
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

impl Snapshot {
    /// The snapshot as one canonical JSON value.
    pub fn to_value(&self) -> Value {
        let mut revisions = Map::new();
        for (name, interface) in &self.revisions {
            let mut r = Map::new();
            let mut put = |k: &str, v: Option<Value>| {
                if let Some(v) = v {
                    r.insert(k.to_string(), canonical(&v));
                }
            };
            put("serverInfo", interface.server_info.clone());
            put("capabilities", interface.capabilities.clone());
            put(
                "instructions",
                interface.instructions.clone().map(Value::String),
            );
            for list in List::ALL {
                let entries = interface.list(list);
                put(
                    list.member(),
                    entries.map(|e| Value::Array(e.values().cloned().collect())),
                );
            }
            #[cfg(feature = "contracts")]
            put("schemas", super::schemas::file_member(interface, name));
            revisions.insert(name.clone(), Value::Object(r));
        }
        let mut top = Map::new();
        top.insert("mcpwireSnapshot".into(), Value::from(FORMAT));
        top.insert("revisions".into(), Value::Object(revisions));
        canonical(&Value::Object(top))
    }

    /// The snapshot file's text: canonical, pretty-printed, newline-ended.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(&self.to_value()).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a snapshot file.
    pub fn from_json(text: &str) -> Result<Snapshot, SnapshotError> {
        let value: Value = serde_json::from_str(text)?;
        Snapshot::from_value(&value)
    }

    /// Reads a snapshot from its JSON value.
    pub fn from_value(value: &Value) -> Result<Snapshot, SnapshotError> {
        let bad = |m: String| SnapshotError::Format(m);
        match value.get("mcpwireSnapshot").and_then(Value::as_u64) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(bad(format!(
                    "format version {other}, this mcpwire reads {FORMAT}"
                )))
            }
            None => return Err(bad("no `mcpwireSnapshot` member".into())),
        }
        let revisions = value
            .get("revisions")
            .and_then(Value::as_object)
            .ok_or_else(|| bad("no `revisions` object".into()))?;
        let mut snapshot = Snapshot::default();
        for (name, r) in revisions {
            let r = r
                .as_object()
                .ok_or_else(|| bad(format!("revision {name} is not an object")))?;
            let mut interface = Interface {
                server_info: r.get("serverInfo").cloned(),
                capabilities: r.get("capabilities").cloned(),
                instructions: r
                    .get("instructions")
                    .and_then(Value::as_str)
                    .map(str::to_string),
                ..Interface::default()
            };
            for list in List::ALL {
                if let Some(entries) = r.get(list.member()) {
                    let entries = read_list(entries, list)
                        .map_err(|m| bad(format!("revision {name}: {m}")))?;
                    *interface.list_mut(list) = Some(entries);
                }
            }
            snapshot.revisions.insert(name.clone(), interface);
        }
        Ok(snapshot)
    }
}

fn read_list(entries: &Value, list: List) -> Result<BTreeMap<String, Value>, String> {
    let entries = entries
        .as_array()
        .ok_or_else(|| format!("`{}` is not an array", list.member()))?;
    let mut out = BTreeMap::new();
    for (i, entry) in entries.iter().enumerate() {
        let name = entry
            .get(list.key())
            .and_then(Value::as_str)
            .ok_or_else(|| format!("`{}/{i}` has no `{}`", list.member(), list.key()))?;
        if out.insert(name.to_string(), entry.clone()).is_some() {
            return Err(format!("`{}` lists {name} twice", list.member()));
        }
    }
    Ok(out)
}

//! Collecting the messages of one open `subscriptions/listen` request
//! ([`Watch`]): the notifications tagged with its subscription id and its
//! response.

use std::sync::Mutex;

use serde_json::Value;

/// The `_meta` key naming the subscription a message belongs to
/// (2026-07-28 basic/patterns/subscriptions).
const SUBSCRIPTION_ID: &str = "io.modelcontextprotocol/subscriptionId";

/// The messages that carry one open subscription's id: its notifications
/// (`_meta.io.modelcontextprotocol/subscriptionId`) and its response.
#[derive(Debug, Default)]
pub struct Watch(Mutex<Option<(Value, Vec<Value>)>>);

impl Watch {
    /// Starts collecting for the subscription `id`.
    pub fn open(&self, id: u64) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((Value::from(id), Vec::new()));
    }

    /// Keeps `message` when it carries the open subscription's id.
    pub fn see(&self, message: &Value) {
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let Some((id, seen)) = guard.as_mut() else {
            return;
        };
        let tagged = message
            .get("params")
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(SUBSCRIPTION_ID))
            == Some(id);
        let response = message.get("method").is_none() && message.get("id") == Some(id);
        if tagged || response {
            seen.push(message.clone());
        }
    }

    /// Stops collecting; what was kept, in order.
    pub fn take(&self) -> Vec<Value> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .map(|(_, seen)| seen)
            .unwrap_or_default()
    }
}

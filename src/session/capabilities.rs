//! What each side declared it supports, as the session saw it: the
//! `initialize` request's `capabilities` (client) and result's (server);
//! 2026-07-28's per-request `_meta["io.modelcontextprotocol/clientCapabilities"]`
//! (client, the latest seen wins) and `server/discover` results (server).
//!
//! A side whose capabilities were never seen is *unknown*
//! ([`Capabilities::client`] is `None`): rules that need them are not
//! applied, and task augmentation accepts either answer.

use serde_json::Value;

pub use crate::head::META_CLIENT_CAPABILITIES;

/// The capabilities both sides declared (JSON objects as sent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Capabilities {
    /// The client's, when seen.
    pub client: Option<Value>,
    /// The server's, when seen.
    pub server: Option<Value>,
}

impl Capabilities {
    /// One side's capabilities (`client`: the client's, else the server's).
    pub fn side(&self, client: bool) -> Option<&Value> {
        if client {
            self.client.as_ref()
        } else {
            self.server.as_ref()
        }
    }

    /// Whether that side declared the capability at `path`
    /// (`["resources", "subscribe"]`): `None` when its capabilities are
    /// unknown. A member counts as declared when present and neither
    /// `null` nor `false`.
    pub fn declares(&self, client: bool, path: &[&str]) -> Option<bool> {
        let mut at = self.side(client)?;
        for key in path {
            match at.get(key) {
                Some(Value::Null | Value::Bool(false)) | None => return Some(false),
                Some(v) => at = v,
            }
        }
        Some(true)
    }

    /// 2025-11-25 tasks: whether the receiver of `method` declared task
    /// support for it (`tasks.requests.<a>.<b>` for method `a/b`, on the
    /// receiver's side: the server's for `tools/call`, the client's for
    /// `sampling/createMessage` and `elicitation/create`); `None` when
    /// the receiver's capabilities are unknown.
    pub fn task_support(&self, receiver_is_client: bool, method: &str) -> Option<bool> {
        self.side(receiver_is_client)?;
        let Some((category, name)) = method.split_once('/') else {
            return Some(false);
        };
        self.declares(receiver_is_client, &["tasks", "requests", category, name])
    }
}

//! [`Body`]: what a message's checks run on, shared by the steps that
//! judge it (`observe`, `conversation`, `checks`, `contracts`), below
//! them all.

use serde_json::Value;

/// What a message's checks run on: its bytes (the fast path, a `Value`
/// parsed only when a check fails) or its `Value`.
#[derive(Clone, Copy)]
pub(super) enum Body<'m, 'b> {
    /// The bytes path.
    Bytes(&'m crate::scan::Message<'b>),
    /// The `Value` path.
    Value(&'m Value),
}

impl Body<'_, '_> {
    /// The message text the head's spans index (bytes path).
    pub(super) fn text(&self) -> Option<&[u8]> {
        match self {
            Body::Bytes(m) => Some(m.text()),
            Body::Value(_) => None,
        }
    }
}

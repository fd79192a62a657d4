//! What the HTTP rules read of a JSON-RPC message: its
//! [`MessageHead`], the one the session judges it by.

use crate::{scan::MessageHead, Version};

pub(super) fn version_of(v: Option<&str>) -> Option<Version> {
    v.and_then(|s| s.parse().ok())
}

pub(super) fn is_request(m: &MessageHead) -> bool {
    m.method.is_some() && m.id.is_some()
}

pub(super) fn is_response(m: &MessageHead) -> bool {
    m.method.is_none() && (m.has_result || m.has_error)
}

pub(super) fn is_initialize(m: &MessageHead) -> bool {
    m.method.as_deref() == Some("initialize")
}

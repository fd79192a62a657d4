//! Which request an SSE event answers: the id of a JSON-RPC response in
//! an event, and when each request id was sent, so a response arriving
//! on another entry's stream is placed after its request.

use std::collections::HashMap;

use serde::Deserialize;

use super::Entry;
use crate::http::exchange::Step;

/// What telling a request from a response needs of a JSON-RPC message:
/// its `id` (as JSON text) and which of `method`, `result` and `error` it
/// has.
#[derive(Deserialize)]
struct Head<'a> {
    #[serde(borrow, default)]
    id: Option<&'a serde_json::value::RawValue>,
    #[serde(default)]
    method: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    result: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    error: Option<serde::de::IgnoredAny>,
}

/// The id of a JSON-RPC response (`result` or `error`, no `method`) in an
/// event's data, as JSON text.
pub(super) fn response_id(data: &[u8]) -> Option<String> {
    let h: Head<'_> = serde_json::from_slice(data).ok()?;
    if h.method.is_some() || (h.result.is_none() && h.error.is_none()) {
        return None;
    }
    Some(h.id?.get().to_string())
}

/// When each request id was sent (its POST's start), for placing the
/// responses that arrive on another entry's stream.
pub(super) struct RequestTimes {
    /// Request id (JSON text) → (start, entry position, taken), by start.
    sent: HashMap<String, Vec<(f64, usize, bool)>>,
}

impl RequestTimes {
    pub(super) fn new(entries: &[(usize, &Entry, f64)], steps: &[Vec<Step>]) -> RequestTimes {
        let mut sent: HashMap<String, Vec<(f64, usize, bool)>> = HashMap::new();
        for (n, ((_, _, start), steps)) in entries.iter().zip(steps).enumerate() {
            let Some(Step::Request { body, .. }) = steps.first() else {
                continue;
            };
            // (Not an untagged enum: serde cannot buffer a borrowed
            // RawValue.)
            let batch = body.bytes.trim_ascii_start().starts_with(b"[");
            let heads = if batch {
                serde_json::from_slice::<Vec<Head<'_>>>(&body.bytes).unwrap_or_default()
            } else {
                serde_json::from_slice::<Head<'_>>(&body.bytes)
                    .map(|h| vec![h])
                    .unwrap_or_default()
            };
            for h in heads {
                if let (Some(id), Some(_)) = (h.id, h.method) {
                    sent.entry(id.get().to_string())
                        .or_default()
                        .push((*start, n, false));
                }
            }
        }
        RequestTimes { sent }
    }

    /// The start of the first request with `id`, sent in another entry
    /// than `entry` no earlier than `since`, not yet answered; now
    /// answered.
    /// A response to the entry's own request waits for nothing (`None`).
    pub(super) fn take(&mut self, id: &str, entry: usize, since: f64) -> Option<f64> {
        let slots = self.sent.get_mut(id)?;
        if let Some(own) = slots
            .iter_mut()
            .find(|(_, n, taken)| !*taken && *n == entry)
        {
            own.2 = true;
            return None;
        }
        let slot = slots
            .iter_mut()
            .find(|(start, n, taken)| !*taken && *n != entry && *start >= since)?;
        slot.2 = true;
        Some(slot.0)
    }
}

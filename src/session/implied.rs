//! Checks a plan can skip: from 2025-11-25 on, most typed method and
//! result-response definitions restate the JSON-RPC envelope's members
//! (`jsonrpc`, `id`, `method`, `params`/`result`) at least as strictly as
//! the envelope does, so a message valid for the typed definition is valid
//! for the envelope too. The bytes path then runs the typed check first
//! and skips the envelope's when it passes (one strict pass fewer per
//! valid message; the reports are the same, the envelope still listed in
//! [`crate::Report::definitions`]). An invalid message runs both.
//!
//! Hand-written, because the implication is a proof about the schema: the
//! rule is "revision ≥ 2025-11-25, except the definitions below", and
//! `tests/conversation.rs` (`skipped_envelope_checks_are_implied`) proves,
//! for every typed definition dispatch can plan beside an envelope in
//! every compiled revision from 2025-11-25 on, that it implies the
//! envelope unless it is listed here — a new revision or a schema change
//! that breaks it fails that test.

use crate::Version;

/// Definitions that do not restate the envelope strictly enough (their
/// `params`/`result` is wider than the envelope's, or `method` is not a
/// plain string), per revision.
pub fn exceptions(revision: Version) -> &'static [&'static str] {
    match revision {
        Version::V2025_11_25 => &["ElicitRequest"],
        Version::V2026_07_28 | Version::Draft => &[
            "CallToolResultResponse",
            "CreateMessageRequest",
            "ElicitRequest",
            "GetPromptResultResponse",
            "ListRootsRequest",
            "ReadResourceResultResponse",
        ],
        _ => &[],
    }
}

/// Whether a valid `typed` implies the envelope at `revision`.
pub fn implies_envelope(revision: Version, typed: &str) -> bool {
    revision >= Version::V2025_11_25 && !exceptions(revision).contains(&typed)
}

//! One strict pass for a response whose `result` is typed: the result
//! envelope (`JSONRPCResultResponse`) reads `result` as the definition
//! [`RESULT`]; when every valid instance of the typed result definition
//! is a valid `Result`, reading the typed definition *in its place*
//! ([`Reader::substituting`]) judges both in one pass
//! ([`reads_result_response`]): a pass that reads `Ok` shows the envelope
//! valid and `result` valid for the typed definition. A pass that fails
//! says nothing; the caller then runs the two checks apart (and reports
//! their violations as before).
//!
//! The implication is a proof about the schema, kept as data here and
//! proved by `tests/bytes_plan.rs` for every method's result definition
//! in every compiled revision (and that the envelope reads `result` —
//! and no other member of the top-level object — as `Result`): the rule
//! is "every result definition of every revision, except those listed"
//! ([`exceptions`]); a schema change that breaks it fails that test.

use super::{Reader, R};
use crate::input::Limits;
use crate::Version;

/// The definition the result envelope reads `result` as.
pub const RESULT: &str = "Result";

/// Result definitions that do not imply [`RESULT`] (per revision):
/// 2026-07-28's `Result` requires `resultType`, which these results (sent
/// by the client) do not.
pub fn exceptions(revision: Version) -> &'static [&'static str] {
    match revision {
        Version::V2026_07_28 | Version::Draft => {
            &["CreateMessageResult", "ElicitResult", "ListRootsResult"]
        }
        _ => &[],
    }
}

/// Whether every valid `typed` is a valid [`RESULT`] at `revision`: every
/// result definition of every revision except [`exceptions`] (before
/// 2025-11-25 `Result` is only `{"_meta": object}`, which every typed
/// result repeats).
pub fn result_implied(revision: Version, typed: &str) -> bool {
    !exceptions(revision).contains(&typed)
}

/// The result envelope `envelope` and the typed result reader `typed` in
/// one pass over a whole message `text`: `true` only when both are shown
/// valid (`typed` on `result`). Sound when `typed`'s definition implies
/// [`RESULT`] ([`result_implied`]) and `envelope` reads every `result`
/// member, and only those, as [`RESULT`] (both proved by the tests).
pub fn reads_result_response(
    envelope: fn(&mut Reader<'_>) -> R,
    typed: fn(&mut Reader<'_>) -> R,
    text: &[u8],
    limits: Limits,
) -> bool {
    let mut r = Reader::substituting(text, limits.max_depth, RESULT, 1, typed);
    envelope(&mut r).and_then(|()| r.finish()).is_ok() && r.substituted() > 0
}

/// The result envelope `envelope` over a whole message `text` whose every
/// `result` member a strict read has already shown valid for a definition
/// that implies [`RESULT`] (e.g. [`super::collect_member`] found nothing):
/// `result` is passed over by its brackets and quotes
/// ([`super::Reader::substituting`] with `skip_known`), the rest read
/// strictly. `true` only when the envelope is shown valid.
pub fn reads_envelope_around_result(
    envelope: fn(&mut Reader<'_>) -> R,
    text: &[u8],
    limits: Limits,
) -> bool {
    let mut r = Reader::substituting(text, limits.max_depth, RESULT, 1, super::skip_known);
    envelope(&mut r).and_then(|()| r.finish()).is_ok() && r.substituted() > 0
}

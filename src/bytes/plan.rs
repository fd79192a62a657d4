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
//! The implication is a proof about the schema, made by codegen
//! (`codegen/src/dispatch/implies.rs`: the envelope reads `result`, and no other
//! member of the top-level object, as `Result`, and the typed definition
//! implies `Result`) and recorded in the revision's tables
//! ([`crate::spec::DispatchMaps::implies`]); `tests/bytes_plan.rs`
//! compares the one pass with the two checks apart.

use super::{Reader, R};
use crate::input::Limits;

/// The definition the result envelope reads `result` as.
pub const RESULT: &str = "Result";

/// The result envelope `envelope` and the typed result reader `typed` in
/// one pass over a whole message `text`: `true` only when both are shown
/// valid (`typed` on `result`). Sound when `typed`'s definition implies
/// [`RESULT`] ([`crate::spec::DispatchMaps::implies`]) and `envelope` reads every `result`
/// member, and only those, as [`RESULT`] (both proved by codegen).
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

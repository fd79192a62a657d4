//! Running a generated `read_<d>` over a message's text, or over one
//! member of the object it holds, and settling what a stop means
//! ([`settle`]: the `Value` path's verdict, or unknown).

use super::{message_text::text, Fast, Reader, Stop, R};
use crate::input::Limits;

/// Runs `read` over a whole message (the text [`text`] gives).
pub fn fast(read: fn(&mut Reader<'_>) -> R, bytes: &[u8], limits: Limits) -> Fast {
    let Some(text) = text(bytes, limits) else {
        return Fast::Unknown;
    };
    run(read, text, limits)
}

/// Runs `read` over one JSON text that must hold exactly one value.
pub fn run(read: fn(&mut Reader<'_>) -> R, text: &[u8], limits: Limits) -> Fast {
    if reads(read, text, limits) {
        Fast::Valid
    } else {
        settle(text, limits)
    }
}

/// Whether `read` reads all of `text` (one value): [`Fast::Valid`] without
/// asking [`settle`] otherwise (for callers that need the `Value` path's
/// violations either way).
pub fn reads(read: fn(&mut Reader<'_>) -> R, text: &[u8], limits: Limits) -> bool {
    let mut r = Reader::new(text, limits.max_depth);
    read(&mut r).and_then(|()| r.finish()).is_ok()
}

/// The verdict after a validator stopped on `text`: [`Fast::Invalid`] when
/// `text` is one well-formed JSON value within the depth limit in which no
/// object repeats a member name ([`Reader::skip_distinct`]), else
/// [`Fast::Unknown`].
///
/// Why that is the `Value` path's verdict: on such a text the reader reads
/// every value as serde_json does (the runtime's tokenizer), so a stop is not about
/// the input; and without repeated members each generated keyword test is
/// exact, not only sound — every member is read once, as the `Value`
/// holds it, `required` bits are set exactly for the members present,
/// `anyOf` drops only branches that cannot pass (kinds, the discriminating
/// member, required members) and fails only when every remaining branch
/// fails. With repeated members an earlier occurrence may fail where the
/// `Value` keeps a later one, so that case is left to the `Value` path.
/// `tests/bytes_differential.rs` checks verdicts on every revision's
/// mutation corpus.
pub fn settle(text: &[u8], limits: Limits) -> Fast {
    let mut names = Vec::new();
    let mut r = Reader::new(text, limits.max_depth);
    match r.skip_distinct(&mut names).and_then(|()| r.finish()) {
        Ok(()) => Fast::Invalid,
        Err(Stop) => Fast::Unknown,
    }
}

/// Runs `read` on the member `name` of the object `text` holds — at every
/// occurrence, so that the last one, which a `Value` keeps, is among them —
/// skipping the other members. Not valid when the text is not an object,
/// lacks the member, or any occurrence is not shown valid: then
/// [`settle`] says whether that is [`Fast::Invalid`] (the `Value` path's
/// `v.get(name)` is absent or fails `read`'s definition).
pub fn run_member(read: fn(&mut Reader<'_>) -> R, text: &[u8], name: &str, limits: Limits) -> Fast {
    let mut r = Reader::new(text, limits.max_depth);
    let mut seen = false;
    let pass = r
        .object(|r, k| {
            if k == name {
                seen = true;
                read(r)
            } else {
                r.skip()
            }
        })
        .and_then(|()| r.finish());
    match pass {
        Ok(()) if seen => Fast::Valid,
        _ => settle(text, limits),
    }
}

/// Runs `read` on the member `name` of the object `text` holds, at every
/// occurrence, as [`run_member`] does: whether it is shown valid (`false`
/// also when the text is not such an object or lacks the member), without
/// asking [`settle`].
#[doc(hidden)]
pub fn reads_member(
    read: fn(&mut Reader<'_>) -> R,
    text: &[u8],
    name: &str,
    limits: Limits,
) -> bool {
    let mut r = Reader::new(text, limits.max_depth);
    let mut seen = false;
    r.object(|r, k| {
        if k == name {
            seen = true;
            read(r)
        } else {
            r.skip()
        }
    })
    .and_then(|()| r.finish())
    .is_ok()
        && seen
}

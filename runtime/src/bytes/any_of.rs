//! `anyOf` on bytes ([`any_of`]): the branches that cannot pass are ruled
//! out by a look at the value (its first byte; for an object, a survey of
//! its tag and member names, [`Reader::survey`]), and the others are read
//! in turn on the same bytes.
//!
//! The branch and the narrowing rules are the `Value` path's too
//! (`crate::branch`); this driver stays apart from that path's
//! (`crate::support::any_of`) because the two compute different things:
//! here a verdict, read from bytes with a look-ahead, there the violations
//! that explain a failure whose verdict generated code already has.

use std::borrow::Cow;

use super::{Reader, Stop, R};
use crate::branch;
use crate::same::same;

/// One `anyOf` branch, for [`any_of`]: `required` holds the bits (of the
/// `keys` given to [`any_of`]) of the members it requires, `read` is its
/// bytes validator.
pub type Branch<'f> = branch::Branch<'f, dyn Fn(&mut Reader<'_>) -> R + 'f, u64>;

/// `anyOf`: `Ok` when a branch reads the value. Branches that cannot pass
/// are not tried: those whose kinds exclude the value's first byte; for an
/// object, those tagged other than its `tag` member (when that names a
/// branch) and those requiring a member (of `keys`) it lacks.
pub fn any_of(r: &mut Reader<'_>, tag: Option<&str>, keys: &[&str], branches: &[Branch<'_>]) -> R {
    if r.collect.is_some() || r.subst.is_some() {
        // A failing branch is a legitimate "no": nothing inside an `anyOf`
        // is recorded (when every branch fails, the enclosing definition
        // is), nor substituted.
        let saved = (r.collect.take(), r.subst.take());
        let read = any_of(r, tag, keys, branches);
        (r.collect, r.subst) = saved;
        return read;
    }
    let hint = r.kind_hint();
    let by_kind = |b: &&Branch<'_>| b.admits(hint);
    let mut present = u64::MAX;
    let mut tagged: Option<&'static str> = None;
    if hint == crate::support::kind::OBJECT
        && (tag.is_some() || !keys.is_empty())
        && branches.iter().filter(by_kind).nth(1).is_some()
    {
        // When every branch left is tagged, the tag alone decides which
        // one to read: the survey looks for the tag only (and stops there);
        // which members are present is asked only when the tag names no
        // branch. (On a valid value the tagged branch has its required
        // members, so presence would not have ruled it out.)
        let by_tag = tag.is_some() && branches.iter().filter(by_kind).all(|b| b.tag.is_some());
        let (found, keys_present) = r.survey(tag, if by_tag { &[] } else { keys });
        tagged = found.and_then(|t| branch::by_tag(branches, &t)?.tag);
        if !keys.is_empty() {
            present = match (by_tag, tagged) {
                (false, _) => keys_present,
                (true, Some(_)) => u64::MAX,
                (true, None) => r.survey(None, keys).1,
            };
        }
    }
    let mark = r.mark();
    for branch in branches.iter().filter(by_kind) {
        if branch.required & !present != 0 {
            continue;
        }
        if tagged.is_some() && branch.tag.is_some() && branch.tag != tagged {
            continue;
        }
        if (branch.read)(r).is_ok() {
            return Ok(());
        }
        r.reset(mark);
    }
    Err(Stop)
}

impl<'a> Reader<'a> {
    /// The kind bits (`crate::support::kind`) the value at the cursor may
    /// have, from its first byte; 0 when it cannot start a value.
    pub fn kind_hint(&mut self) -> u8 {
        use crate::support::kind;
        match self.peek() {
            Ok(b'{') => kind::OBJECT,
            Ok(b'[') => kind::ARRAY,
            Ok(b'"') => kind::STRING,
            Ok(b'-' | b'0'..=b'9') => kind::INTEGER | kind::FRACTION,
            Ok(b't' | b'f') => kind::BOOLEAN,
            Ok(b'n') => kind::NULL,
            _ => 0,
        }
    }

    /// Looks into the object at the cursor without moving: the string value
    /// of the first member named `tag` (when `tag` is given and that value is
    /// a string), and which of `keys` are present (bit `i` for `keys[i]`).
    /// Input it cannot read gives `(None, 0)`.
    ///
    /// It reads keys, not values: other members' values are passed over by
    /// [`Reader::skip_lax`] (a long string costs a `memchr`, not a check),
    /// which on a well-formed text ends each value where the strict reader
    /// would. On any other text the survey may be wrong, which is harmless:
    /// it only rules branches out, a branch still has to read the bytes
    /// strictly to pass, and a stop on such a text is never settled as
    /// invalid (`settle` reads strictly).
    pub fn survey(&mut self, tag: Option<&str>, keys: &[&str]) -> (Option<Cow<'a, str>>, u64) {
        let mark = self.mark();
        let mut found: Option<Cow<'a, str>> = None;
        let mut present = 0u64;
        let mut tag_done = tag.is_none();
        let all = if keys.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << keys.len()) - 1
        };
        let result = self.object(|r, k| {
            if let Some(i) = keys.iter().position(|n| same(n, k)) {
                present |= 1u64.checked_shl(i as u32).unwrap_or(0);
            }
            if !tag_done && tag.is_some_and(|t| same(t, k)) {
                tag_done = true;
                if r.peek()? == b'"' {
                    found = Some(r.string()?);
                    return if present == all { Err(Stop) } else { Ok(()) };
                }
            }
            r.skip_lax()?;
            // Done early: nothing more to learn.
            if tag_done && present == all {
                return Err(Stop);
            }
            Ok(())
        });
        self.reset(mark);
        match result {
            Ok(()) => (found, present),
            // Stopped early on purpose, or unreadable: either way what was
            // seen so far is exact for the members before the stop.
            Err(Stop) if tag_done && present == all => (found, present),
            Err(Stop) => (None, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::MAX_DEPTH;

    #[test]
    fn survey_reads_the_tag_and_keys() {
        let text = r#"{"a":[1,{"type":"x"}],"type":"text","b":null}"#;
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        let (tag, present) = r.survey(Some("type"), &["b", "c", "a"]);
        assert_eq!(tag.as_deref(), Some("text"));
        assert_eq!(present, 0b101);
        assert_eq!(r.pos(), 0);
        let mut r = Reader::new(br#"{"type":1}"#, MAX_DEPTH);
        assert_eq!(r.survey(Some("type"), &[]), (None, 0));
        let mut r = Reader::new(br#"{"type":"a","x":1}"#, MAX_DEPTH);
        assert_eq!(r.survey(Some("type"), &[]).0.as_deref(), Some("a"));
    }
}

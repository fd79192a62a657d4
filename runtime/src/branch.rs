//! An `anyOf` branch as both paths take it — the kinds of value it can
//! accept, its discriminator value, the members it requires and its test —
//! and the two rules both narrow by: a branch whose kinds exclude the
//! value's cannot pass, and a discriminator value names one branch.
//!
//! The bytes path reads the branches for a verdict
//! ([`crate::bytes::any_of`]); the `Value` path, whose verdict generated
//! code computes inline, runs them on failure to choose the violations
//! that explain it ([`crate::support::any_of`]). The branch's two
//! parameters are what differs: its test (a bytes read, a collecting
//! check) and how its required members are given (bits of the names the
//! bytes `any_of` surveys, or the names, for a diagnostic rule).
//!
//! [`crate::bytes::any_of`]: fn@crate::bytes::any_of
//! [`crate::support::any_of`]: fn@crate::support::any_of

use crate::same::same;

/// One `anyOf` branch: `T` is its test, `Q` its required members. Each
/// path names its own ([`crate::bytes::Branch`],
/// [`crate::support::Branch`]).
pub struct Branch<'f, T: ?Sized, Q> {
    /// The kinds of instance the branch can accept (bits of
    /// [`crate::support::kind`]).
    pub kinds: u8,
    /// The branch's discriminator value, when the `anyOf` is discriminated
    /// and the branch has one.
    pub tag: Option<&'static str>,
    /// The members every object valid for the branch has.
    pub required: Q,
    /// Its test.
    pub read: &'f T,
}

impl<T: ?Sized, Q> Branch<'_, T, Q> {
    /// Whether the branch can accept a value of the kind `kind` (a bit of
    /// [`crate::support::kind`]).
    #[inline]
    pub fn admits(&self, kind: u8) -> bool {
        self.kinds & kind != 0
    }
}

/// The first of `branches` whose discriminator value is `tag`.
#[inline]
pub fn by_tag<'b, 'f, T: ?Sized, Q>(
    branches: &'b [Branch<'f, T, Q>],
    tag: &str,
) -> Option<&'b Branch<'f, T, Q>> {
    branches
        .iter()
        .find(|b| b.tag.is_some_and(|t| same(t, tag)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::support::kind;

    fn branch(kinds: u8, tag: Option<&'static str>) -> Branch<'static, u8, ()> {
        Branch {
            kinds,
            tag,
            required: (),
            read: &0,
        }
    }

    #[test]
    fn narrowing_by_kind_and_tag() {
        let branches = [
            branch(kind::OBJECT, Some("text")),
            branch(kind::OBJECT, None),
            branch(kind::OBJECT | kind::ARRAY, Some("image")),
            branch(kind::OBJECT, Some("image")),
        ];
        assert!(branches[2].admits(kind::ARRAY));
        assert!(!branches[0].admits(kind::ARRAY));
        assert!(!branches[0].admits(kind::NUMBER));
        let at = |tag: &str| by_tag(&branches, tag).map(|b| b as *const _);
        assert_eq!(at("image"), Some(&branches[2] as *const _), "the first");
        assert_eq!(at("text"), Some(&branches[0] as *const _));
        assert_eq!(at("video"), None);
        assert_eq!(at(""), None);
        assert_eq!(at("imag"), None);
    }
}

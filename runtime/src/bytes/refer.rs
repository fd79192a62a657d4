//! The `$ref` call of generated code ([`refer`]): on the fast path the
//! definition's read alone; a substituting reader
//! ([`Reader::substituting`]) reads another definition in its place, a
//! collecting one records the value when it fails (`record`).

use super::{Reader, R};
use crate::same::same;

/// [`Reader::substituting`]'s state.
#[derive(Clone, Copy, Debug)]
pub(super) struct Subst {
    name: &'static str,
    depth: usize,
    read: fn(&mut Reader<'_>) -> R,
    hits: usize,
}

impl<'a> Reader<'a> {
    /// A reader that, wherever a validator calls the definition `name`
    /// ([`refer`]) on a value at nesting `depth` (1: a member of the
    /// top-level object), reads `typed` there instead — not inside `typed`
    /// itself, nor inside `anyOf`. A pass that reads `Ok` then shows
    /// `typed` valid at every such value ([`Reader::substituted`] counts
    /// them), and shows the outer definition valid when every valid
    /// `typed` is a valid `name` (the caller's proof).
    pub fn substituting(
        text: &'a [u8],
        max_depth: usize,
        name: &'static str,
        depth: usize,
        typed: fn(&mut Reader<'_>) -> R,
    ) -> Reader<'a> {
        Reader {
            subst: Some(Subst {
                name,
                depth,
                read: typed,
                hits: 0,
            }),
            ..Reader::new(text, max_depth)
        }
    }

    /// How many values [`Reader::substituting`]'s `typed` read.
    pub fn substituted(&self) -> usize {
        self.subst.map_or(0, |s| s.hits)
    }

    /// [`refer`] substituting or collecting.
    #[inline(never)]
    fn refer_slow(&mut self, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
        if let Some(mut s) = self.subst {
            if s.depth == self.depth && same(s.name, name) {
                self.subst = None;
                let typed = (s.read)(self);
                s.hits += 1;
                self.subst = Some(s);
                return typed;
            }
        }
        if self.collect.is_some() {
            self.refer_collecting(name, read)
        } else {
            read(self)
        }
    }
}

/// A `$ref` call in generated code: `read(r)` — and in collecting mode
/// ([`Reader::collecting`]), when `read` fails, a [`Record`] of the
/// definition `name` (its instance path and bytes) and a strict skip of
/// the value, so that the enclosing read goes on. Records made inside a
/// value that is itself recorded are dropped (its definition's `Value`
/// check reports them), so what remains is, per failing place, the
/// innermost `$ref`'d definition whose own keywords fail. Failures inside
/// `anyOf` are never recorded ([`any_of`] leaves collecting mode).
///
/// [`Record`]: super::Record
/// [`any_of`]: fn@super::any_of
#[inline]
pub fn refer(r: &mut Reader<'_>, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
    if r.collect.is_none() && r.subst.is_none() {
        read(r)
    } else {
        r.refer_slow(name, read)
    }
}

/// Skips one value by its brackets and quotes alone (`Reader::skip_lax`):
/// for [`Reader::substituting`], in place of a definition already shown
/// valid on the same bytes by a strict read.
pub fn skip_known(r: &mut Reader<'_>) -> R {
    r.skip_lax()
}

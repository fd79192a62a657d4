//! A revision's dispatch tables resolved once, at its first message:
//! every definition name looked up to its functions ([`Def`]), methods in
//! an open-addressing index ([`MethodIndex`]) so that finding a method's
//! entry costs one hash of its name.

use std::sync::OnceLock;

use super::{check, Check, Target};
use crate::{
    spec::{DefinitionFns, ErrorShape, MethodEntry},
    Spec, Version,
};

/// One definition, named and resolved.
#[derive(Clone, Copy)]
pub(super) struct Def {
    pub(super) name: &'static str,
    pub(super) fns: Option<&'static DefinitionFns>,
    /// [`crate::spec::DispatchMaps::implies`].
    pub(super) implies_envelope: bool,
}

impl Def {
    pub(super) fn of(spec: &'static Spec, name: &'static str) -> Def {
        Def {
            name,
            fns: spec.definition(name),
            implies_envelope: spec.maps.implies(name),
        }
    }
}

/// A method's definitions, resolved.
pub(super) struct ResolvedMethod {
    pub(super) entry: &'static MethodEntry,
    pub(super) definition: Def,
    pub(super) result: Option<Def>,
    pub(super) result_response: Option<Def>,
}

/// A revision's dispatch tables with every definition name resolved to
/// its functions, and methods in a sorted index (built once per revision,
/// at its first message).
pub struct Resolved {
    pub(super) request: Def,
    pub(super) notification: Def,
    pub(super) result: Def,
    pub(super) error: Def,
    pub(super) message: Def,
    pub(super) input_required_result: Option<Def>,
    pub(super) create_task_result: Option<Def>,
    /// Sorted by method name.
    pub(super) methods: Vec<ResolvedMethod>,
    /// [`Resolved::method`]'s index into `methods` ([`MethodIndex`]).
    index: MethodIndex,
    pub(super) errors: Vec<(i64, ErrorShape, Def)>,
}

const VERSIONS: usize = Version::ALL.len();
static RESOLVED: [OnceLock<Resolved>; VERSIONS] = [const { OnceLock::new() }; VERSIONS];

impl Resolved {
    /// The resolved tables of `spec`'s revision.
    pub fn of(spec: &'static Spec) -> &'static Resolved {
        let i = Version::ALL
            .iter()
            .position(|v| *v == spec.version)
            .unwrap_or(0);
        RESOLVED[i].get_or_init(|| Resolved::build(spec))
    }

    fn build(spec: &'static Spec) -> Resolved {
        let e = &spec.maps.envelopes;
        let mut methods: Vec<ResolvedMethod> = spec
            .maps
            .methods
            .iter()
            .map(|m| ResolvedMethod {
                entry: m,
                definition: Def::of(spec, m.definition),
                result: m.result.map(|r| Def::of(spec, r)),
                result_response: m.result_response.map(|r| Def::of(spec, r)),
            })
            .collect();
        // `Spec::method` takes the first entry of a name; a stable sort
        // keeps it first.
        methods.sort_by_key(|m| m.entry.method);
        let names: Vec<&str> = methods.iter().map(|m| m.entry.method).collect();
        let index = MethodIndex::build(&names);
        Resolved {
            request: Def::of(spec, e.request),
            notification: Def::of(spec, e.notification),
            result: Def::of(spec, e.result),
            error: Def::of(spec, e.error),
            message: Def::of(spec, e.message),
            input_required_result: e.input_required_result.map(|n| Def::of(spec, n)),
            create_task_result: spec
                .definition("CreateTaskResult")
                .map(|d| Def::of(spec, d.name)),
            methods,
            index,
            errors: spec
                .maps
                .error_codes
                .iter()
                .map(|c| (c.code, c.shape, Def::of(spec, c.definition)))
                .collect(),
        }
    }

    pub(super) fn method(&self, method: &str) -> Option<&ResolvedMethod> {
        let methods = &self.methods;
        self.index
            .find(method, |i| methods[i].entry.method)
            .map(|i| &methods[i])
    }

    /// The envelope every message that is not a request, notification or
    /// response is checked against (`JSONRPCMessage`), as a check.
    pub fn message_check(&self) -> Check {
        check(self.message, Target::Message)
    }
}

/// An open-addressing table of a revision's method names (built once, never
/// inserted into afterwards): one cheap hash of the name and, as a rule,
/// one comparison per lookup, where the binary search it replaced compared
/// the name six or seven times. The hash is not keyed: the names in the
/// table are the spec's, so a crafted name can only probe the longest run
/// of occupied places (bounded by the table) and miss.
struct MethodIndex {
    /// Indices into the method list (`EMPTY`: free); a power of two long,
    /// at least twice the number of names.
    places: Vec<u16>,
}

const EMPTY: u16 = u16::MAX;

/// A multiply-rotate hash of a method name, 8 bytes at a time.
fn name_hash(name: &str) -> usize {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = (name.len() as u64).wrapping_mul(K);
    for chunk in name.as_bytes().chunks(8) {
        h = (h ^ le_word(chunk)).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)) as usize
}

/// At most 8 bytes as a little-endian word, zero-padded (what
/// `u64::from_le_bytes` gives for them copied into a zeroed `[u8; 8]`,
/// without the `memcpy` call that copy compiles to).
#[inline]
fn le_word(bytes: &[u8]) -> u64 {
    match <[u8; 8]>::try_from(bytes) {
        Ok(w) => u64::from_le_bytes(w),
        Err(_) => bytes.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b)),
    }
}

impl MethodIndex {
    /// The index of `names` (in order; a repeated name keeps its first
    /// place, as [`Spec::method`] takes the first entry of a name).
    fn build(all: &[&str]) -> MethodIndex {
        let len = (all.len() * 2).next_power_of_two().max(8);
        let mut places = vec![EMPTY; len];
        for (i, name) in all.iter().enumerate() {
            let mut at = name_hash(name) & (len - 1);
            loop {
                match places[at] {
                    EMPTY => {
                        places[at] = u16::try_from(i).expect("fewer than 65,535 methods");
                        break;
                    }
                    j if all[usize::from(j)] == *name => break,
                    _ => at = (at + 1) & (len - 1),
                }
            }
        }
        MethodIndex { places }
    }

    /// The index of `name`, given each index's name.
    fn find<'a>(&self, name: &str, name_of: impl Fn(usize) -> &'a str) -> Option<usize> {
        let mask = self.places.len() - 1;
        let mut at = name_hash(name) & mask;
        loop {
            match self.places[at] {
                EMPTY => return None,
                j if name_of(usize::from(j)) == name => return Some(usize::from(j)),
                _ => at = (at + 1) & mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_word_is_the_zero_padded_copy() {
        let text = b"notifications/initialized";
        for start in 0..text.len() {
            for end in start..=text.len().min(start + 8) {
                let bytes = &text[start..end];
                let mut w = [0u8; 8];
                w[..bytes.len()].copy_from_slice(bytes);
                assert_eq!(le_word(bytes), u64::from_le_bytes(w), "{bytes:?}");
            }
        }
    }
}

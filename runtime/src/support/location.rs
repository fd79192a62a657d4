//! Where a violation points in the schema: the node being checked ([`At`],
//! its definitions container by [`Dialect`]), each keyword's pointer joined
//! and interned once, and the violation pushed with it.

use crate::{Keyword, Path, Violation};

pub(crate) fn push(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    schema: &'static str,
    keyword: Keyword,
    message: String,
) {
    out.push(Violation {
        instance: path.to_pointer(),
        schema,
        keyword,
        message,
    });
}

/// The schema location of the node being checked: the definitions
/// container of its schema's dialect ([`Dialect::DEFS`]: `/$defs`,
/// `/definitions`) and the node's pointer below it (`/Tool/properties/icons`).
///
/// Generated checks write the node's pointer without the container
/// (`let at = D::at("/Tool/properties/icons");`, `D` the caller's
/// [`Dialect`]), so one function serves revisions of both dialects and
/// reports the pointers of the revision it was called for. The two halves
/// are joined only when a violation is reported (`intern`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// The definitions container: `/$defs`.
    pub defs: &'static str,
    /// The node below it: `/Tool/properties/icons`.
    pub node: &'static str,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.defs, self.node)
    }
}

/// Where a JSON Schema dialect keeps the definitions: what a generated
/// `check_<d>_at::<D>` is instantiated with (`D` is [`Draft07`] or
/// [`Draft2020_12`], named by each revision's `check_<d>` and table row).
/// `'static`, so that `&check_<d>_at::<D>` is a `&'static` `anyOf` branch.
pub trait Dialect: 'static {
    /// The definitions container's pointer: `/definitions`, `/$defs`.
    const DEFS: &'static str;

    /// The location of the node `node` (its pointer below [`Self::DEFS`]).
    #[inline(always)]
    fn at(node: &'static str) -> At {
        At {
            defs: Self::DEFS,
            node,
        }
    }
}

/// draft-07: definitions under `/definitions`.
#[derive(Clone, Copy, Debug)]
pub struct Draft07;

impl Dialect for Draft07 {
    const DEFS: &'static str = "/definitions";
}

/// 2020-12: definitions under `/$defs`.
#[derive(Clone, Copy, Debug)]
pub struct Draft2020_12;

impl Dialect for Draft2020_12 {
    const DEFS: &'static str = "/$defs";
}

/// The schema pointer `at` + `/` + `keyword` (`keyword` as spelled in JSON
/// Schema, [`Keyword::as_str`]).
///
/// Each (node, keyword) is joined and interned once per thread: later
/// violations at the same place find the pointer by the two `&'static str`
/// halves' addresses (no text built, no lock). On `benches/bytes.rs`'s
/// invalid-only corpus that took every-violation from 100.1 M to 93.3 M
/// instructions (callgrind; the parse alone is 92.5 M). The cache holds one entry
/// per node and keyword the program has reported, so it is bounded by the
/// compiled schemas like [`intern`].
pub(super) fn at_keyword(at: At, keyword: Keyword) -> &'static str {
    use std::cell::RefCell;
    use std::collections::HashMap;
    type Key = (usize, usize, usize, Keyword);
    type Joined = HashMap<Key, &'static str, std::hash::BuildHasherDefault<AddressHasher>>;
    thread_local! {
        static JOINED: RefCell<Joined> = RefCell::new(HashMap::default());
    }
    let key = (
        at.defs.as_ptr() as usize,
        at.node.as_ptr() as usize,
        at.node.len(),
        keyword,
    );
    let known = JOINED.with(|joined| joined.borrow().get(&key).copied());
    known.unwrap_or_else(|| {
        let pointer = intern(join(&[at.defs, at.node, "/", keyword.as_str()]));
        JOINED.with(|joined| joined.borrow_mut().insert(key, pointer));
        pointer
    })
}

/// The hasher of [`at_keyword`]'s cache, whose keys are addresses, lengths
/// and a keyword chosen by the program, not by an instance (so no defence
/// against chosen collisions is needed): a multiply-rotate mix per word
/// (FxHash's), a few instructions where SipHash takes about a hundred.
#[derive(Default)]
struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

/// `parts` end to end, in one allocation (no formatting machinery).
pub(crate) fn join(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for part in parts {
        out.push_str(part);
    }
    out
}

/// Pushes a violation of `keyword` of the node `at` (its schema pointer is
/// `{at}/{keyword}`).
pub(crate) fn report(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    keyword: Keyword,
    message: String,
) {
    push(out, path, at_keyword(at, keyword), keyword, message);
}

/// The schema pointer of the `type` of property `name` below `at`:
/// `{at}/properties/{name}/type`, `name` escaped (RFC 6901).
pub(super) fn at_property_type(at: At, name: &str) -> &'static str {
    if !name.bytes().any(|b| b == b'~' || b == b'/') {
        return intern(join(&[at.defs, at.node, "/properties/", name, "/type"]));
    }
    let name = name.replace('~', "~0").replace('/', "~1");
    intern(join(&[at.defs, at.node, "/properties/", &name, "/type"]))
}

/// The one `&'static str` holding `pointer`'s text.
///
/// Generated code names a schema location once per node (`at`: the
/// dialect's definitions container and the node's pointer below it, [`At`])
/// and each keyword's pointer is `at` joined with the keyword, so
/// the pointer of a violation is built when one is reported. Schema
/// pointers are `&'static str` ([`Violation::schema`]): each distinct one
/// is leaked once and reused. They all name places in the compiled
/// schemas (a keyword of a node, or a listed property's `type`), so the
/// set is bounded by the schemas' size, whatever the instances.
pub(crate) fn intern(pointer: String) -> &'static str {
    use std::collections::BTreeSet;
    use std::sync::{Mutex, PoisonError};
    static POINTERS: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut pointers = POINTERS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(known) = pointers.get(pointer.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(pointer.into_boxed_str());
    pointers.insert(leaked);
    leaked
}

//! Run-time support for the generated validators: violation constructors,
//! message formatting and the `anyOf` reporting rule.
//!
//! A generated `check_*` function collects only after its boolean form
//! failed, so these run on the failure path; the keyword tests that gate a
//! report (`type_`, `required`) are `#[inline]` and their reporting halves
//! `#[cold]` and out of line, so a passing keyword costs a comparison and no
//! call. Keeping message text here (rather than in generated code) keeps
//! every revision's module small and every message uniform. Not a stable
//! API: only generated code calls it.

pub use serde_json::Value;

use crate::{Keyword, Path, Violation};

/// Longest rendering of an instance value in a message, in characters.
pub const SHOW_MAX: usize = 80;

/// Kind bits of a JSON value, as the generator computes for each `anyOf`
/// branch: which instance kinds a branch can possibly accept.
pub mod kind {
    /// An object.
    pub const OBJECT: u8 = 1;
    /// An array.
    pub const ARRAY: u8 = 2;
    /// A string.
    pub const STRING: u8 = 4;
    /// A number with no fractional part (`1`, `1.0`).
    pub const INTEGER: u8 = 8;
    /// A number with a fractional part (`1.5`).
    pub const FRACTION: u8 = 16;
    /// `true` or `false`.
    pub const BOOLEAN: u8 = 32;
    /// `null`.
    pub const NULL: u8 = 64;
    /// Any number: [`INTEGER`] or [`FRACTION`].
    pub const NUMBER: u8 = INTEGER | FRACTION;
    /// Any value.
    pub const ANY: u8 = 127;
}

/// The kind bit of a value (see [`kind`]).
#[inline]
pub fn kind_of(v: &Value) -> u8 {
    match v {
        Value::Object(_) => kind::OBJECT,
        Value::Array(_) => kind::ARRAY,
        Value::String(_) => kind::STRING,
        Value::Number(n) if crate::number::is_integer(n) => kind::INTEGER,
        Value::Number(_) => kind::FRACTION,
        Value::Bool(_) => kind::BOOLEAN,
        Value::Null => kind::NULL,
    }
}

/// The JSON Schema type name of a value, as messages say it: `integer` for
/// integral numbers (`1.0` too), `number` for the others.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(n) if crate::number::is_integer(n) => "integer",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
    }
}

/// A value as compact JSON, cut to [`SHOW_MAX`] characters (`…` marks a cut).
pub fn show(v: &Value) -> String {
    shown(|w| serde_json::to_writer(w, v))
}

/// A string as a JSON string literal, cut like [`show`].
pub fn show_str(s: &str) -> String {
    // Most names and short values: nothing to escape (serde_json escapes
    // only `"`, `\` and control characters) and short enough that no cut
    // applies (at most `SHOW_MAX` characters with the quotes, counting
    // bytes, which are at least the characters): the literal is the string
    // in quotes.
    if s.len() + 2 <= SHOW_MAX && !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        let mut out = String::with_capacity(s.len() + 2);
        out.push('"');
        out.push_str(s);
        out.push('"');
        return out;
    }
    show_str_escaped(s)
}

/// [`show_str`] through serde_json's serializer and the cut.
fn show_str_escaped(s: &str) -> String {
    // Only the first `SHOW_MAX + 1` characters can reach the cut text (the
    // opening quote comes first and every character escapes to at least
    // one), so a longer string is not even scanned past them.
    let head = match s.char_indices().nth(SHOW_MAX + 1) {
        Some((end, _)) => &s[..end],
        None => s,
    };
    shown(|w| serde_json::to_writer(w, head))
}

/// Bytes of JSON text kept before cutting: enough for `SHOW_MAX + 1`
/// characters whatever their width (at most 4 bytes each), plus one more
/// to spare the character a cut may split.
const SHOWN_BYTES: usize = (SHOW_MAX + 2) * 4;

/// The compact JSON `write` produces, cut like [`truncate`], without
/// serializing more than [`SHOWN_BYTES`]: a 100 KiB base64 blob that fails
/// `format` costs a 100-character message, not a copy and an escape of the
/// whole string. The serializer emits the text front to back, so its first
/// `SHOWN_BYTES` bytes are those of the full text and the cut is the same.
fn shown(write: impl FnOnce(&mut Capped) -> serde_json::Result<()>) -> String {
    let mut capped = Capped(Vec::new());
    // An error means the cap was reached (serializing a `Value` or a `str`
    // fails in no other way); the bytes so far are what we want.
    let _ = write(&mut capped);
    let text = match String::from_utf8(capped.0) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            String::from_utf8(bytes).unwrap_or_default()
        }
    };
    truncate(text)
}

/// A writer that keeps the first [`SHOWN_BYTES`] bytes and then fails.
struct Capped(Vec<u8>);

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = SHOWN_BYTES.saturating_sub(self.0.len());
        if room == 0 {
            return Err(std::io::ErrorKind::WriteZero.into());
        }
        let n = buf.len().min(room);
        self.0.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn truncate(mut text: String) -> String {
    if let Some((cut, _)) = text.char_indices().nth(SHOW_MAX) {
        text.truncate(cut);
        text.push('…');
    }
    text
}

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
/// are joined only when a violation is reported ([`intern`]).
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
fn at_keyword(at: At, keyword: Keyword) -> &'static str {
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
fn at_property_type(at: At, name: &str) -> &'static str {
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

/// Whether `f` holds for every element of `a`: what a boolean check
/// calls instead of `a.iter().all(…)`. The loop is compiled once
/// (`every_dyn`), `f` called through a vtable: `Iterator::all` was
/// instantiated per call site (with its `try_fold` and closure, about 5 %
/// of the `mcpwire` library's LLVM IR for one revision; docs/benchmarks.md
/// "Build").
#[inline]
pub fn every<F: FnMut(&Value) -> bool>(a: &[Value], mut f: F) -> bool {
    every_dyn(a.iter(), &mut f)
}

/// Whether `f` holds for every member value of `m`, as [`every`].
#[inline]
pub fn every_value<F: FnMut(&Value) -> bool>(m: &Map, mut f: F) -> bool {
    every_dyn(m.values(), &mut f)
}

/// Whether `f` holds for every member (name, value) of `m`, as [`every`].
#[inline]
pub fn every_member<F: FnMut(&String, &Value) -> bool>(m: &Map, mut f: F) -> bool {
    every_member_dyn(m, &mut f)
}

/// Whether `f` holds for every member name of `m`, as [`every`].
#[inline]
pub fn every_key<F: FnMut(&String) -> bool>(m: &Map, mut f: F) -> bool {
    every_key_dyn(m, &mut f)
}

/// A JSON object, as generated code reads it.
type Map = serde_json::Map<String, Value>;

/// A test of one value, as [`every`]'s compiled loop calls it: a trait of
/// its own, not `dyn FnMut`, whose vtable would also carry a never-called
/// `call_once` shim per closure.
trait Holds<A: ?Sized> {
    fn holds(&mut self, a: &A) -> bool;
}

impl<A: ?Sized, F: FnMut(&A) -> bool> Holds<A> for F {
    #[inline]
    fn holds(&mut self, a: &A) -> bool {
        self(a)
    }
}

/// [`every`]'s and [`every_value`]'s loop.
#[inline(never)]
fn every_dyn<'v>(values: impl Iterator<Item = &'v Value>, f: &mut dyn Holds<Value>) -> bool {
    for v in values {
        if !f.holds(v) {
            return false;
        }
    }
    true
}

/// [`every_key`]'s loop.
#[inline(never)]
fn every_key_dyn(m: &Map, f: &mut dyn Holds<String>) -> bool {
    for k in m.keys() {
        if !f.holds(k) {
            return false;
        }
    }
    true
}

/// A test of one member, as `Holds` is of one value. The key is the map's
/// own `&String`, the type generated closures are written against.
#[allow(clippy::ptr_arg)]
trait HoldsMember {
    fn holds(&mut self, k: &String, v: &Value) -> bool;
}

impl<F: FnMut(&String, &Value) -> bool> HoldsMember for F {
    #[inline]
    fn holds(&mut self, k: &String, v: &Value) -> bool {
        self(k, v)
    }
}

/// [`every_member`]'s loop.
#[inline(never)]
fn every_member_dyn(m: &Map, f: &mut dyn HoldsMember) -> bool {
    for (k, v) in m {
        if !f.holds(k, v) {
            return false;
        }
    }
    true
}

/// Counts a required member in a boolean check's pass over an object's
/// members (`"name" => rt::count(&mut seen) && …`): adds one, holds.
#[inline(always)]
pub fn count(seen: &mut usize) -> bool {
    *seen += 1;
    true
}

/// A collecting check from the root: what `check_<d>` returns for the
/// `check_<d>_at` it names.
pub fn check(v: &Value, check_at: fn(&Value, &Path<'_>, &mut Vec<Violation>)) -> Vec<Violation> {
    let mut out = Vec::new();
    check_at(v, &Path::Root, &mut out);
    out
}

/// The JSON Schema name of a single type's kind bits ([`kind`]): `number`
/// for `INTEGER | FRACTION`.
fn kind_name(kinds: u8) -> &'static str {
    match kinds {
        kind::OBJECT => "object",
        kind::ARRAY => "array",
        kind::STRING => "string",
        kind::INTEGER => "integer",
        kind::NUMBER => "number",
        kind::BOOLEAN => "boolean",
        kind::NULL => "null",
        _ => "a listed type",
    }
}

/// The `type` keyword of one type at the node `at`: reports `expected
/// object, found array` (at `{at}/type`) unless the kind of `v` is among
/// `kinds`, the bits of that type ([`kind`]; `integer` is
/// [`kind::INTEGER`], `number` is [`kind::NUMBER`]), whose name the message
/// gives.
#[inline]
pub fn type_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, kinds: u8, v: &Value) {
    if kind_of(v) & kinds == 0 {
        type_failed(
            out,
            path,
            at_keyword(at, Keyword::Type),
            kind_name(kinds),
            v,
        );
    }
}

/// The `type` keyword listing several types: as [`type_`], the message
/// naming `expected` (`integer or string`, as the schema lists them).
#[inline]
pub fn types(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    kinds: u8,
    v: &Value,
) {
    if kind_of(v) & kinds == 0 {
        type_failed(out, path, at_keyword(at, Keyword::Type), expected, v);
    }
}

/// A listed property `k` of the object at `path`, whose schema is one
/// `type` and nothing else: [`type_`] for the member `v` (at `path/k`,
/// schema `{at}/properties/{k}/type`, `at` the object's node).
#[inline]
pub fn prop(out: &mut Vec<Violation>, path: &Path<'_>, at: At, k: &str, kinds: u8, v: &Value) {
    if kind_of(v) & kinds == 0 {
        let schema = at_property_type(at, k);
        type_failed(out, &path.key(k), schema, kind_name(kinds), v);
    }
}

#[cold]
#[inline(never)]
fn type_failed(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    schema: &'static str,
    expected: &'static str,
    v: &Value,
) {
    let message = join(&["expected ", expected, ", found ", type_name(v)]);
    push(out, path, schema, Keyword::Type, message);
}

/// The `required` keyword of the node `at`: reports each missing name (at
/// the object): `"name" is a required property`.
#[inline]
pub fn required(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    m: &serde_json::Map<String, Value>,
    names: &[&str],
) {
    for name in names {
        if !m.contains_key(*name) {
            required_failed(out, path, at, name);
        }
    }
}

#[cold]
#[inline(never)]
fn required_failed(out: &mut Vec<Violation>, path: &Path<'_>, at: At, name: &str) {
    let message = join(&[&show_str(name), " is a required property"]);
    report(out, path, at, Keyword::Required, message);
}

/// `additionalProperties: false` of the node `at` rejected a member:
/// `unexpected property "x"` (reported at the object).
#[cold]
#[inline(never)]
pub fn additional(out: &mut Vec<Violation>, path: &Path<'_>, at: At, name: &str) {
    let message = join(&["unexpected property ", &show_str(name)]);
    report(out, path, at, Keyword::AdditionalProperties, message);
}

/// `const` of the node `at` failed: `expected "2.0", found "1.0"`;
/// `expected` is the constant as JSON.
#[cold]
#[inline(never)]
pub fn const_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, expected: &str, v: &Value) {
    let message = join(&["expected ", expected, ", found ", &show(v)]);
    report(out, path, at, Keyword::Const, message);
}

/// A string `const` of the node `at`: reports as [`const_`] (the constant
/// as JSON: `"2.0"`) unless `v` is the string `expected`.
#[inline]
pub fn const_str(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    v: &Value,
) {
    if v.as_str() != Some(expected) {
        const_str_failed(out, path, at, expected, v);
    }
}

#[cold]
#[inline(never)]
fn const_str_failed(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    expected: &'static str,
    v: &Value,
) {
    const_(out, path, at, &Value::from(expected).to_string(), v);
}

/// `enum` of the node `at` failed: `expected one of "a", "b", found "c"`;
/// `expected` lists the values as JSON.
#[cold]
#[inline(never)]
pub fn enum_(out: &mut Vec<Violation>, path: &Path<'_>, at: At, expected: &'static str, v: &Value) {
    let message = join(&["expected one of ", expected, ", found ", &show(v)]);
    report(out, path, at, Keyword::Enum, message);
}

/// `minimum` of the node `at` failed: `-1 is less than the minimum of 0`.
#[cold]
#[inline(never)]
pub fn minimum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &serde_json::Number,
) {
    let message = format!("{n} is less than the minimum of {bound}");
    report(out, path, at, Keyword::Minimum, message);
}

/// `maximum` of the node `at` failed: `2 is greater than the maximum of 1`.
#[cold]
#[inline(never)]
pub fn maximum(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    bound: &'static str,
    n: &serde_json::Number,
) {
    let message = format!("{n} is greater than the maximum of {bound}");
    report(out, path, at, Keyword::Maximum, message);
}

/// `maxItems` of the node `at` failed: `101 items, more than the maximum
/// of 100`.
#[cold]
#[inline(never)]
pub fn max_items(out: &mut Vec<Violation>, path: &Path<'_>, at: At, max: u64, len: usize) {
    let message = format!("{len} items, more than the maximum of {max}");
    report(out, path, at, Keyword::MaxItems, message);
}

/// `format` of the node `at` failed: `"relative/path" is not a valid
/// "uri"`.
#[cold]
#[inline(never)]
pub fn format(out: &mut Vec<Violation>, path: &Path<'_>, at: At, format: &'static str, s: &str) {
    let message = join(&[&show_str(s), " is not a valid \"", format, "\""]);
    report(out, path, at, Keyword::Format, message);
}

/// `format` of the node `at`, on a `v` of any kind: a string that `test`
/// rejects is reported as [`format()`] does; other kinds pass (`format`
/// constrains strings only).
#[inline]
pub fn formatted(
    out: &mut Vec<Violation>,
    path: &Path<'_>,
    at: At,
    (name, test): (&'static str, fn(&str) -> bool),
    v: &Value,
) {
    if let Value::String(s) = v {
        if !test(s) {
            format(out, path, at, name, s);
        }
    }
}

/// The formats mcpwire checks, as [`formatted`] takes them: the name and
/// the test (`crate::format`).
pub mod formats {
    /// `uri`.
    pub const URI: (&str, fn(&str) -> bool) = ("uri", crate::format::is_uri);
    /// `uri-template`.
    pub const URI_TEMPLATE: (&str, fn(&str) -> bool) =
        ("uri-template", crate::format::is_uri_template);
    /// `byte` (base64).
    pub const BYTE: (&str, fn(&str) -> bool) = ("byte", crate::format::is_byte);
}

/// What a discriminated `anyOf` reads from the instance: the member named by
/// the discriminator (a property whose `const` differs per branch).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag<'a> {
    /// The instance is not an object, or lacks the member: every branch may
    /// apply.
    Missing,
    /// The member is present but not a string: no tagged branch applies.
    Other,
    /// The member's string value.
    Str(&'a str),
}

/// Reads the discriminator member `name` of `v`.
///
/// A scan over the members rather than `Map::get`: MCP objects have a
/// handful of members, and comparing a few keys (by length first) is
/// cheaper than hashing the name (`preserve_order`'s `IndexMap`) or a tree
/// search; the branch the tag selects iterates the members anyway.
#[inline]
pub fn tag<'a>(v: &'a Value, name: &str) -> Tag<'a> {
    let Value::Object(m) = v else {
        return Tag::Missing;
    };
    match m.iter().find(|(k, _)| k.as_str() == name) {
        None => Tag::Missing,
        Some((_, Value::String(s))) => Tag::Str(s),
        Some(_) => Tag::Other,
    }
}

/// One `anyOf` branch, for [`any_of`].
pub struct Branch<'a> {
    /// The kinds of instance the branch can accept (bits of [`kind`]).
    pub kinds: u8,
    /// The branch's discriminator value, when the `anyOf` is discriminated
    /// and the branch has one.
    pub tag: Option<&'static str>,
    /// The branch's collecting check (a `check_<def>_at`, or a closure for
    /// an inline branch).
    pub check: &'a Check,
    /// The members every object valid for the branch has: one present in
    /// the instance and required by no other branch of its kind selects
    /// the branch for diagnostics ([`any_of`], rule 2).
    pub required: &'static [&'static str],
}

/// The signature of a collecting check.
pub type Check = dyn Fn(&Value, &Path<'_>, &mut Vec<Violation>);

impl<'a> Branch<'a> {
    /// An untagged branch: its kinds and its check.
    pub fn new(kinds: u8, check: &'a Check) -> Branch<'a> {
        Branch {
            kinds,
            tag: None,
            check,
            required: &[],
        }
    }

    /// A branch of a discriminated `anyOf`, with its discriminator value.
    pub fn tagged(kinds: u8, tag: &'static str, check: &'a Check) -> Branch<'a> {
        Branch {
            kinds,
            tag: Some(tag),
            check,
            required: &[],
        }
    }

    /// The branch with the members it requires (for diagnostics only).
    pub fn requiring(self, required: &'static [&'static str]) -> Branch<'a> {
        Branch { required, ..self }
    }
}

/// Reports a failed `anyOf` of the node `at` (every branch failed; schema
/// pointer `{at}/anyOf`), by this rule (the
/// verdict is the caller's; this only chooses which branch explains it):
///
/// 1. If the `anyOf` is discriminated ([`any_of_tagged`]; the generator finds
///    the discriminator:
///    a property whose string `const` differs per branch, e.g. `type` of
///    `ContentBlock`, `method` of the request unions, `mode` of
///    `ElicitRequestParams`) and the instance's member equals one branch's
///    value, report that branch's violations. If the member is a string
///    that names no branch and every branch is tagged, report one `anyOf`
///    violation at the member: `expected one of text, image, audio,
///    resource_link, resource; found "video"`.
/// 2. Otherwise, for an object: if exactly one branch of the instance's
///    kind requires a member the object has that no other such branch
///    requires ([`Branch::required`]; `blob` selects
///    `BlobResourceContents` over `TextResourceContents`), report that
///    branch's violations.
/// 3. Otherwise, among the branches whose kinds include the instance's
///    (an object for object branches, …), report the one with the fewest
///    violations (the first on a tie).
/// 4. If no branch accepts the instance's kind at all, report one `anyOf`
///    violation at the `anyOf`: `expected one of: object (JSONObject),
///    array, string/integer/boolean; found null`.
pub fn any_of(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    branches: &[Branch<'_>],
) {
    closest(v, path, out, at, expected, branches);
}

/// [`any_of`] for a discriminated `anyOf` whose discriminator is the member
/// `tag_name` (rule 1).
pub fn any_of_tagged(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    tag_name: &'static str,
    branches: &[Branch<'_>],
) {
    if let Tag::Str(value) = tag(v, tag_name) {
        if let Some(branch) = branches.iter().find(|b| b.tag == Some(value)) {
            (branch.check)(v, path, out);
            return;
        }
        if branches.iter().all(|b| b.tag.is_some()) {
            unknown_tag(value, path, out, at, tag_name, branches);
            return;
        }
    }
    closest(v, path, out, at, expected, branches);
}

/// Rule 1's unknown tag: one violation at the member, listing the tags.
#[cold]
fn unknown_tag(
    value: &str,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    tag_name: &'static str,
    branches: &[Branch<'_>],
) {
    // `expected one of {tags, joined by ", "}; found {value}`, in one
    // string.
    let found = show_str(value);
    let mut message = String::with_capacity(64 + found.len());
    message.push_str("expected one of ");
    for (i, tag) in branches.iter().filter_map(|b| b.tag).enumerate() {
        if i > 0 {
            message.push_str(", ");
        }
        message.push_str(tag);
    }
    message.push_str("; found ");
    message.push_str(&found);
    let schema = at_keyword(at, Keyword::AnyOf);
    push(out, &path.key(tag_name), schema, Keyword::AnyOf, message);
}

/// Rule 2: the one branch (of the instance's kind) that a member of the
/// object selects, by being required there and by no other such branch.
fn selected<'b, 'a>(v: &Value, kind: u8, branches: &'b [Branch<'a>]) -> Option<&'b Branch<'a>> {
    let obj = v.as_object()?;
    let candidates = || branches.iter().filter(|b| b.kinds & kind != 0);
    let mut found: Option<&Branch<'_>> = None;
    for (i, branch) in candidates().enumerate() {
        let selects = branch.required.iter().any(|member| {
            obj.contains_key(*member)
                && !candidates()
                    .enumerate()
                    .any(|(j, other)| j != i && other.required.contains(member))
        });
        if selects {
            if found.is_some() {
                return None;
            }
            found = Some(branch);
        }
    }
    found
}

/// Rules 2 and 3 of [`any_of`].
fn closest(
    v: &Value,
    path: &Path<'_>,
    out: &mut Vec<Violation>,
    at: At,
    expected: &'static str,
    branches: &[Branch<'_>],
) {
    let kind = kind_of(v);
    if let Some(branch) = selected(v, kind, branches) {
        (branch.check)(v, path, out);
        return;
    }
    let mut best: Option<Vec<Violation>> = None;
    for branch in branches.iter().filter(|b| b.kinds & kind != 0) {
        let mut found = Vec::new();
        (branch.check)(v, path, &mut found);
        if best.as_ref().is_none_or(|b| found.len() < b.len()) {
            best = Some(found);
        }
    }
    match best {
        // An empty best means a branch passed after all (the caller checks
        // validity first, so this does not happen); report nothing.
        Some(found) => out.extend(found),
        None => {
            let message = format!("expected one of: {expected}; found {}", type_name(v));
            report(out, path, at, Keyword::AnyOf, message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shows_values_compactly_and_cuts_long_ones() {
        assert_eq!(show(&json!({"a": [1, "x"]})), r#"{"a":[1,"x"]}"#);
        assert_eq!(show_str("a\"b"), r#""a\"b""#);
        let long = "é".repeat(200);
        let shown = show_str(&long);
        assert_eq!(shown.chars().count(), SHOW_MAX + 1);
        assert!(shown.ends_with('…'));
    }

    #[test]
    fn long_values_are_cut_exactly_as_the_full_text_would_be() {
        let full = |v: &Value| truncate(v.to_string());
        for n in [0, 1, 77, 78, 79, 80, 81, 82, 200, 100_000] {
            for unit in ["a", "é", "\u{1F600}", "\"", "\n", "\u{1}"] {
                let s = unit.repeat(n);
                assert_eq!(
                    show_str(&s),
                    full(&Value::from(s.as_str())),
                    "{n} × {unit:?}"
                );
                let v = json!({ "k": s, "n": [1, 2.5, null] });
                assert_eq!(show(&v), full(&v), "{n} × {unit:?} in an object");
            }
        }
        assert_eq!(show(&json!(null)), "null");
    }

    #[test]
    fn show_str_is_serde_json_s_literal_cut() {
        let units = [
            "a",
            "é",
            "\u{1F600}",
            "\"",
            "\\",
            "\n",
            "\u{1}",
            "\u{7f}",
            "/",
            "~",
        ];
        for n in 0..=90 {
            for unit in units {
                for tail in ["", "b", "\""] {
                    let s = unit.repeat(n) + tail;
                    assert_eq!(
                        show_str(&s),
                        show_str_escaped(&s),
                        "{n} × {unit:?} {tail:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn type_names_follow_json_schema() {
        assert_eq!(type_name(&json!(1.0)), "integer");
        assert_eq!(type_name(&json!(1.5)), "number");
        assert_eq!(type_name(&json!(null)), "null");
        assert_eq!(kind_of(&json!(6e4)), kind::INTEGER);
        assert_eq!(kind_of(&json!(-0.5)), kind::FRACTION);
    }

    #[test]
    fn type_and_required_report_only_failures() {
        let mut out = Vec::new();
        type_(
            &mut out,
            &Path::Root,
            Draft07::at("/t"),
            kind::INTEGER,
            &json!(1.0),
        );
        assert!(out.is_empty());
        type_(
            &mut out,
            &Path::Root,
            Draft07::at("/t"),
            kind::INTEGER,
            &json!(1.5),
        );
        assert_eq!(out[0].message, "expected integer, found number");
        assert_eq!(out[0].schema, "/definitions/t/type");
        out.clear();
        let m = json!({"a": 1});
        let m = m.as_object().unwrap();
        required(&mut out, &Path::Root, Draft07::at("/r"), m, &["a", "b"]);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "\"b\" is a required property");
        assert_eq!(out[0].keyword, Keyword::Required);
        assert_eq!(out[0].schema, "/definitions/r/required");
    }

    #[test]
    fn derived_pointers_and_messages() {
        let mut out = Vec::new();
        let at = Draft2020_12::at("/X");
        prop(&mut out, &Path::Root, at, "a/b~", kind::NUMBER, &json!("1"));
        types(
            &mut out,
            &Path::Root,
            at,
            "integer or string",
            12,
            &json!(null),
        );
        const_str(&mut out, &Path::Root, at, "2.0", &json!("2.0"));
        const_str(&mut out, &Path::Root, at, "2.\"0", &json!(2));
        formatted(&mut out, &Path::Root, at, formats::URI, &json!("a b"));
        formatted(&mut out, &Path::Root, at, formats::URI, &json!(1));
        let got: Vec<_> = out
            .iter()
            .map(|v| format!("{} {} {}: {}", v.instance, v.schema, v.keyword, v.message))
            .collect();
        assert_eq!(
            got,
            [
                "/a~1b~0 /$defs/X/properties/a~1b~0/type type: expected number, found string",
                " /$defs/X/type type: expected integer or string, found null",
                " /$defs/X/const const: expected \"2.\\\"0\", found 2",
                " /$defs/X/format format: \"a b\" is not a valid \"uri\"",
            ]
        );
        assert!(std::ptr::eq(out[1].schema, at_keyword(at, Keyword::Type)));
        assert_eq!(check(&json!(1), |_, _, _| {}), []);
    }

    #[test]
    fn tag_reads_the_discriminator() {
        assert_eq!(tag(&json!({"type": "text"}), "type"), Tag::Str("text"));
        assert_eq!(tag(&json!({"type": 1}), "type"), Tag::Other);
        assert_eq!(tag(&json!({}), "type"), Tag::Missing);
        assert_eq!(tag(&json!([]), "type"), Tag::Missing);
    }

    fn fail(n: usize) -> impl Fn(&Value, &Path<'_>, &mut Vec<Violation>) {
        move |_: &Value, path: &Path<'_>, out: &mut Vec<Violation>| {
            for i in 0..n {
                push(out, path, "/b", Keyword::Type, format!("{n}.{i}"));
            }
        }
    }

    /// The violations of `any_of_tagged` (member `type`) over `branches`.
    fn tagged(v: &Value, branches: &[Branch<'_>]) -> Vec<Violation> {
        let mut out = Vec::new();
        any_of_tagged(
            v,
            &Path::Root,
            &mut out,
            Draft07::at(""),
            "x",
            "type",
            branches,
        );
        out
    }

    #[test]
    fn any_of_prefers_the_tagged_then_the_closest_branch() {
        let (one, two, three) = (fail(1), fail(2), fail(3));
        let branches = [
            Branch::tagged(kind::OBJECT, "a", &three),
            Branch::tagged(kind::OBJECT, "b", &two),
            Branch::new(kind::ARRAY, &one),
        ];
        let run = |v: Value| {
            let out = tagged(&v, &branches);
            out.into_iter().map(|v| v.message).collect::<Vec<_>>()
        };
        assert_eq!(run(json!({"type": "a"})), ["3.0", "3.1", "3.2"]);
        assert_eq!(run(json!({"type": "c"})), ["2.0", "2.1"]);
        assert_eq!(run(json!([])), ["1.0"]);
        assert_eq!(run(json!(null)), ["expected one of: x; found null"]);
        let mut out = Vec::new();
        any_of(
            &json!({"type": "a"}),
            &Path::Root,
            &mut out,
            Draft07::at(""),
            "x",
            &branches,
        );
        assert_eq!(out.len(), 2, "untagged: the closest object branch");
    }

    #[test]
    fn any_of_names_the_tags_for_an_unknown_one() {
        let (one, two) = (fail(1), fail(2));
        let branches = [
            Branch::tagged(kind::OBJECT, "text", &two),
            Branch::tagged(kind::OBJECT, "image", &one),
        ];
        let out = tagged(&json!({"type": "video"}), &branches);
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "expected one of text, image; found \"video\""
        );
        assert_eq!(out[0].instance.as_str(), "/type");
        assert_eq!(out[0].keyword, Keyword::AnyOf);
    }

    #[test]
    fn any_of_selects_the_branch_a_required_member_names() {
        let (one, two) = (fail(1), fail(2));
        let branches = [
            Branch::new(kind::OBJECT, &one).requiring(&["text", "uri"]),
            Branch::new(kind::OBJECT, &two).requiring(&["blob", "uri"]),
        ];
        let run = |v: Value| {
            let mut out = Vec::new();
            any_of(&v, &Path::Root, &mut out, Draft07::at(""), "x", &branches);
            out.into_iter().map(|v| v.message).collect::<Vec<_>>()
        };
        assert_eq!(run(json!({"uri": "u", "blob": "!"})), ["2.0", "2.1"]);
        assert_eq!(
            run(json!({"uri": "u"})),
            ["1.0"],
            "only shared members: the closest"
        );
        assert_eq!(
            run(json!({"text": "t", "blob": "b"})),
            ["1.0"],
            "two branches selected: the closest"
        );
    }
}

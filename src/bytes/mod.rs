//! Judging a message straight from its bytes, without building a
//! `serde_json::Value` first.
//!
//! Every revision module has a generated `bytes` submodule: per definition
//! `D`, `read_<d>(&mut Reader) -> R`, which validates while it tokenizes
//! (`type`, `const`, `enum`, `required`, bounds and formats are checked as
//! the tokens pass; members no keyword names are skipped without
//! allocating; strings are borrowed unless they hold escapes).
//!
//! **Same verdict, same violations, by construction.** The fast path only
//! ever says "valid" ([`Fast::Valid`]); it says so only when the `Value`
//! path (`crate::input::parse`, then the generated `is_valid_<d>`) would
//! accept the same bytes (see `mcpwire_runtime`'s `bytes` module for how parsing is kept identical
//! to serde_json, and the codegen stage for the soundness of each keyword).
//! Anything else — an invalid message, unreadable input, nesting the reader
//! leaves alone — is [`Fast::Unknown`], and [`is_valid`] then takes the
//! `Value` path. Violations always come from the `Value` path's generated
//! checks (instance pointer, schema pointer, keyword, message), but not
//! always from a `Value` of the whole message: [`check`] runs a
//! *collecting read* ([`collect`]) that records the innermost failing
//! `$ref`'d definitions and skips on, then parses and checks only those
//! values, each at its path; where that read cannot stand for the `Value`
//! path (the definition failing at its top, repeated member names, …) the
//! whole message is parsed and checked. So a valid message costs one pass
//! over its bytes; an invalid one that pass and a parse of its failing
//! values (or of the whole message). [`plan`] reads a response and its
//! typed `result` in one pass.
//!
//! [`check`]: Definition::check
//! [`is_valid`]: Definition::is_valid
//!
//! ```
//! # #[cfg(feature = "v2025_11_25")] {
//! use mcpwire::{bytes, input::Limits, Version};
//!
//! let ping = br#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#;
//! let def = bytes::Definition::find(Version::V2025_11_25, "JSONRPCRequest").unwrap();
//! assert_eq!(def.is_valid(ping, Limits::default()), Ok(true));
//! let bad = br#"{"jsonrpc": "2.0", "id": true, "method": "ping"}"#;
//! let found = def.check(bad, Limits::default()).unwrap();
//! assert_eq!(found[0].instance.as_str(), "/id");
//! # }
//! ```

mod message_text;
pub mod plan;
mod reading;

pub use message_text::{parse_text, text};
pub use reading::{fast, reads, reads_member, run, run_member, settle};

// The tokenizer the generated `read_<def>` functions drive lives in the
// runtime crate (they reach it by absolute path); re-exported, hidden, for
// this crate's own readers (`message`, `transcript`) and the benches.
#[doc(hidden)]
pub use mcpwire_runtime::__private::bytes::{
    ok, refer, skip_known, stop, Collected, Elided, Mark, PathStep, Reader, Record, Stop, R,
};

use crate::{
    input::{self, InputError, Limits},
    spec::DefinitionFns,
    Path, Spec, Version, Violation,
};

/// One definition's bytes validator: the name and `read` of its row in
/// `validate::DEFINITIONS` ([`DefinitionFns::read`]).
#[derive(Clone, Copy)]
pub struct Entry {
    /// Schema name.
    pub name: &'static str,
    /// Reads one value; `Ok` only if it is valid.
    pub read: fn(&mut Reader<'_>) -> R,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

/// What the fast path concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fast {
    /// Valid: the `Value` path agrees.
    Valid,
    /// Invalid: the `Value` path agrees (its violations say why). Concluded
    /// only when the reader stopped on a well-formed text in which no
    /// object repeats a member name ([`settle`]).
    Invalid,
    /// Neither shown: ask the `Value` path.
    Unknown,
}

/// One definition of one revision, both paths.
#[derive(Clone, Copy, Debug)]
pub struct Definition {
    /// The bytes validator.
    pub bytes: Entry,
    /// The `Value` validators.
    pub value: &'static DefinitionFns,
}

impl Definition {
    /// A definition by revision and schema name.
    pub fn find(version: Version, name: &str) -> Option<Definition> {
        Definition::of(version.spec()?.definition(name)?)
    }

    /// Both paths of one row of a revision's definitions table (`None` for
    /// a row without a bytes validator).
    pub fn of(value: &'static DefinitionFns) -> Option<Definition> {
        Some(Definition {
            bytes: Entry {
                name: value.name,
                read: value.read?,
            },
            value,
        })
    }

    /// The fast path alone: bytes → verdict, no fallback.
    pub fn fast(&self, bytes: &[u8], limits: Limits) -> Fast {
        fast(self.bytes.read, bytes, limits)
    }

    /// Whether `bytes` is one valid instance; the error the `Value` path
    /// gives for unreadable input. Parses only when the fast path cannot
    /// tell ([`Fast::Unknown`]).
    pub fn is_valid(&self, bytes: &[u8], limits: Limits) -> Result<bool, InputError> {
        match self.fast(bytes, limits) {
            Fast::Valid => Ok(true),
            Fast::Invalid => Ok(false),
            Fast::Unknown => input::parse(bytes, limits).map(|v| (self.value.is_valid)(&v)),
        }
    }

    /// Every violation of `bytes` (empty when valid), as the `Value` path
    /// reports them (it is asked whenever the message is not valid).
    ///
    /// One collecting read ([`collect`]): a valid message costs that pass
    /// alone; an invalid one, that pass and a parse of each failing value.
    /// Where the read cannot stand for the `Value` path, the message is
    /// parsed whole (no [`settle`] pass: the violations need the `Value`
    /// either way), in one pass ([`parse_text`]).
    pub fn check(&self, bytes: &[u8], limits: Limits) -> Result<Vec<Violation>, InputError> {
        let Some(text) = text(bytes, limits) else {
            return input::parse(bytes, limits).map(|v| self.value.check(&v));
        };
        if let Some(found) = spec_of(self.value)
            .and_then(|spec| collect(spec, self.value, text, &Path::Root, limits))
        {
            return Ok(found);
        }
        parse_text(bytes, text, limits).map(|v| self.value.check(&v))
    }
}

impl Definition {
    /// [`collect`] on a whole message (`None`: the `Value` path must say).
    #[doc(hidden)]
    pub fn collect(&self, bytes: &[u8], limits: Limits) -> Option<Vec<Violation>> {
        let spec = spec_of(self.value)?;
        collect(spec, self.value, text(bytes, limits)?, &Path::Root, limits)
    }

    /// [`collect_member`] on a whole message.
    #[doc(hidden)]
    pub fn collect_member(
        &self,
        bytes: &[u8],
        name: &str,
        limits: Limits,
    ) -> Option<Vec<Violation>> {
        let spec = spec_of(self.value)?;
        collect_member(spec, self.value, text(bytes, limits)?, name, limits)
    }
}

/// The revision whose definitions table holds `row`.
#[doc(hidden)]
pub fn spec_of(row: &'static DefinitionFns) -> Option<&'static Spec> {
    Version::ALL.iter().find_map(|v| {
        let spec = v.spec()?;
        spec.definitions
            .as_ptr_range()
            .contains(&std::ptr::from_ref(row))
            .then_some(spec)
    })
}

/// Every violation of `definition` (a row of `spec`'s table) on the value
/// `text` holds, which sits at `base` in its message — as the `Value`
/// path's `check_at` reports them, without parsing the whole value: one
/// collecting read ([`Reader::collecting`]) records the innermost failing
/// `$ref`'d definitions (instance path, bytes) and skips on; then only
/// those values are parsed and checked, each with its definition's
/// `check_at` at its path.
///
/// Empty when the read shows the value valid (one pass, as the fast path).
/// `None` — ask the whole-message `Value` path — when the read cannot
/// stand for it: the definition's own keywords fail at the top (the whole
/// value is the failing one), the text does not read, an object on the
/// way repeats a member name, the order of several records is not sure
/// ([`Reader::collected`]), or a record's bytes do not parse (failing
/// values are skipped laxly, by brackets and quotes, and checked by
/// serde_json as they are parsed; a record deeper than serde_json's 128
/// levels is one of those).
///
/// Why the violations are the same: below `anyOf` nothing is recorded (a
/// failing branch is a legitimate "no"; the enclosing definition then
/// fails and is recorded), so every keyword between the top and a record
/// is a conjunction (`properties`, `items`, `additionalProperties`,
/// `allOf`, `$ref`); the read is exact on a text without repeated names
/// (see [`settle`]) and the records' values are checked by the `Value`
/// path itself, so the records are exactly the places where the full check
/// reports something, and each reports what the full check reports there.
/// `tests/bytes_differential.rs` compares both on every mutant.
///
/// A value of at most [`PARSED_WHOLE`] bytes skips the collecting read
/// and is parsed and checked whole ([`parsed_whole`]): its records could
/// not make the parse much smaller.
#[doc(hidden)]
pub fn collect(
    spec: &'static Spec,
    definition: &'static DefinitionFns,
    text: &[u8],
    base: &Path<'_>,
    limits: Limits,
) -> Option<Vec<Violation>> {
    if parses_whole(text, limits) {
        return parsed_whole(definition, text, base);
    }
    checked(spec, text, base, &records(definition, text, limits)?)
}

/// The largest value [`collect`] parses whole instead of reading it for
/// records first. A collecting read costs about 1,500 instructions to set
/// up and 30 a byte; what it can save is the parse (and drop) of the
/// values its shell elides, about 60 a byte — and a valid `$ref`'d value
/// is elided only from 96 bytes (the runtime's `MIN_VALID_SPAN`), so in a
/// value this small it rarely elides enough to pay for itself (the npm
/// benchmark's two invalid messages, a 110-byte notification and a
/// 270-byte `result`, elided nothing).
pub const PARSED_WHOLE: usize = 384;

/// serde_json's recursion limit (`serde_json::Deserializer`).
const SERDE_DEPTH: usize = 128;

/// Whether [`collect`] parses `text` whole ([`parsed_whole`]): at most
/// [`PARSED_WHOLE`] bytes, and a depth limit no smaller than serde_json's
/// own (so that serde_json reading it says the `Value` path reads it).
#[doc(hidden)]
pub fn parses_whole(text: &[u8], limits: Limits) -> bool {
    text.len() <= PARSED_WHOLE && limits.max_depth >= SERDE_DEPTH
}

/// The violations of `definition` on the value `text` holds, at `base`:
/// `text` parsed by serde_json (its recursion limit on) and checked by the
/// definition's `check_at`; `None` when serde_json does not read `text` as
/// one value (ask the whole message).
///
/// Why that is the full check's answer: serde_json builds a value the
/// same way wherever it sits, so the `Value` of `text` is the one the
/// whole message's `Value` holds at `base` ([`collect`]'s contract), and
/// `check_at` at `base` is what the full check reports there — the same
/// function, not a second implementation. When `text` is the whole
/// message, this is [`parse_text`]'s parse.
fn parsed_whole(
    definition: &'static DefinitionFns,
    text: &[u8],
    base: &Path<'_>,
) -> Option<Vec<Violation>> {
    let mut de = serde_json::Deserializer::from_slice(text);
    let value: serde_json::Value = serde::Deserialize::deserialize(&mut de).ok()?;
    de.end().ok()?;
    let mut out = Vec::new();
    (definition.check_at)(&value, base, &mut out);
    Some(out)
}

/// The collecting read of [`collect`] alone: its records, not yet parsed
/// (for a caller that weighs them against one parse of the whole message,
/// [`checked`] then gives their violations).
#[doc(hidden)]
pub fn records(
    definition: &'static DefinitionFns,
    text: &[u8],
    limits: Limits,
) -> Option<Collected> {
    let read = definition.read?;
    let mut r = Reader::collecting(text, limits.max_depth);
    r.read_top(definition.name, read).ok()?;
    r.finish().ok()?;
    r.collected()
}

/// The collecting read of [`collect_member`] alone (see [`records`]).
#[doc(hidden)]
pub fn member_records(
    definition: &'static DefinitionFns,
    text: &[u8],
    name: &str,
    limits: Limits,
) -> Option<Collected> {
    let read = definition.read?;
    let mut r = Reader::collecting(text, limits.max_depth);
    let mut seen = false;
    r.object(|r, k| {
        if k == name {
            seen = true;
            r.read_top(definition.name, read)
        } else {
            r.skip()
        }
    })
    .ok()?;
    r.finish().ok()?;
    if !seen {
        return None;
    }
    r.collected()
}

/// [`collect`] for the member `name` of the object `text` holds (the
/// whole message; paths from its root): the object's other members are
/// skipped, and a failure of the member's top-level keywords is a record
/// like any other (only the member is parsed).
#[doc(hidden)]
pub fn collect_member(
    spec: &'static Spec,
    definition: &'static DefinitionFns,
    text: &[u8],
    name: &str,
    limits: Limits,
) -> Option<Vec<Violation>> {
    checked(
        spec,
        text,
        &Path::Root,
        &member_records(definition, text, name, limits)?,
    )
}

/// The violations of each record: its value parsed, its definition's
/// `check_at` at its path below `base` (`None` when a record's name is not
/// in `spec` or its bytes do not parse: ask the whole message).
#[doc(hidden)]
pub fn checked(
    spec: &'static Spec,
    text: &[u8],
    base: &Path<'_>,
    collected: &Collected,
) -> Option<Vec<Violation>> {
    // No record: nothing was swallowed, so the read was a plain bytes
    // validator pass, and `Ok` is the fast path's "valid".
    let mut out = Vec::new();
    for record in &collected.records {
        let fns = spec.definition(record.name)?;
        let bytes = text.get(record.start..record.end)?;
        if record.elided.is_empty() {
            let value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
            at_path(base, &record.path, &mut |path| {
                (fns.check_at)(&value, path, &mut out)
            });
            continue;
        }
        let value: serde_json::Value = serde_json::from_slice(&shell(text, record)?).ok()?;
        let mut found = Vec::new();
        at_path(base, &record.path, &mut |path| {
            (fns.check_at)(&value, path, &mut found)
        });
        let mut elided = Vec::new();
        for e in &record.elided {
            if let Some(steps) = &e.path {
                at_path(base, steps, &mut |path| elided.push(path.to_pointer()));
            }
        }
        found.retain(|v| !elided.iter().any(|p| v.instance.starts_with(p)));
        out.extend(found);
    }
    Some(out)
}

/// The text of `record` with each of its elided values replaced by a
/// placeholder ([`Elided`]): `null` for a `$ref`'d value shown valid (what
/// the check reports at or below it is dropped), an empty value of the
/// same kind for a value no keyword constrains (on which the check
/// reports nothing, as on the value). `None` when the elided values are
/// not in order inside the record.
///
/// Why the check of the shell, with those reports dropped, is the full
/// check of the value: the record's read went through the value's top
/// frame without reading any node twice (`allOf`, `anyOf` beside own
/// keywords) and with no repeated member names, and nothing in it sits
/// inside an `anyOf` (which reads with collecting off), so each elided
/// value is checked by exactly the one schema the read applied to it —
/// its `$ref`'d definition, which reports nothing on it (the strict read
/// passed it), or a schema that constrains only its kind. Every other
/// keyword sees the same thing in the shell as in the value: the keys of
/// every object, the length of every array, the kind of every elided
/// value, and the bytes of everything not elided (messages render only
/// scalars, names and counts). The elided values are well-formed (read
/// strictly), so the shell parses exactly when the value does.
/// `tests/bytes_differential.rs` compares it with the whole check on every
/// mutant.
fn shell(text: &[u8], record: &Record) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(256);
    let mut at = record.start;
    for e in &record.elided {
        if e.start < at || e.end > record.end || e.end <= e.start {
            return None;
        }
        out.extend_from_slice(text.get(at..e.start)?);
        out.extend_from_slice(match (&e.path, text.get(e.start)?) {
            (Some(_), _) => b"null",
            (None, b'{') => b"{}",
            (None, b'[') => b"[]",
            (None, b'"') => b"\"\"",
            (None, _) => return None,
        });
        at = e.end;
    }
    out.extend_from_slice(text.get(at..record.end)?);
    Some(out)
}

/// Calls `f` with the path `steps` below `base` (built on the stack).
fn at_path(base: &Path<'_>, steps: &[PathStep], f: &mut dyn FnMut(&Path<'_>)) {
    match steps.split_first() {
        None => f(base),
        Some((PathStep::Key(k), rest)) => at_path(&base.key(k), rest, f),
        Some((PathStep::Index(i), rest)) => at_path(&base.index(*i), rest, f),
    }
}

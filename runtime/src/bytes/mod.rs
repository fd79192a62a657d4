//! [`Reader`]: a strict, allocation-free JSON tokenizer over one message,
//! driven by the generated `bytes` validators, and [`any_of`](fn@any_of), the `anyOf`
//! they call. It lives here, beside the validators' other helpers, because
//! generated code reaches everything it calls through
//! `::mcpwire_runtime::__private` (not public API: `mcpwire::bytes` is the
//! face users see).
//!
//! It accepts a subset of what `serde_json` accepts, and reads every value
//! exactly as `serde_json` would, so that a verdict reached here is the
//! verdict of the `Value` path (`mcpwire::input::parse` then the generated
//! `is_valid_*`):
//!
//! - UTF-8 is checked inside strings, the only place non-ASCII bytes can
//!   be valid JSON, exactly as `std::str::from_utf8` checks it (the
//!   `Value` path checks the whole text first);
//! - whitespace is JSON's four bytes; literals, numbers, arrays and objects
//!   follow RFC 8259's grammar, as serde_json's parser does (no trailing
//!   commas, no leading zeros, a digit after `.` and in an exponent);
//! - strings: control characters are refused, escapes are checked by
//!   serde_json's rules for UTF-8 strings (`\u` with four hex digits, a
//!   leading surrogate followed by a trailing one, no lone trailing
//!   surrogate); a string with escapes is decoded by serde_json itself;
//! - numbers: non-negative and negative integers of up to 18 digits are
//!   read here (`u64`, or `i64` when negative, as serde_json does); every
//!   other number is handed to serde_json, so the `Number` is identical,
//!   and a number that serde_json would refuse (out of `f64` range) is
//!   refused;
//! - nesting deeper than the reader's limit stops it.
//!
//! Any doubt is a [`Stop`]: the caller then falls back to the `Value` path,
//! which gives the authoritative answer (and the input error, if any).
//! Stopping is never a verdict of its own.
//!
//! The parts, one concern each: `reader` (the cursor, objects, arrays,
//! literals), `string` (strings: checked, decoded, compared), `block`
//! (finding a string's next special byte a block at a time), `number`,
//! `skip` (strict, distinct-names and lax skips), `refer` (the `$ref`
//! call and substitution), `collect`, `record` and `collected`
//! (collecting mode: what it tracks during a read, how it records failing
//! values, and the records it gives), `any_of`.

mod any_of;
mod block;
mod collect;
mod collected;
mod number;
mod reader;
mod record;
mod refer;
mod skip;
mod string;
#[cfg(test)]
mod tests;

pub use any_of::{any_of, Branch};
pub use collected::{Collected, Elided, PathStep, Record};
pub use refer::{refer, skip_known};
pub use skip::Name;

use collect::Collect;
use refer::Subst;

/// "Not shown valid here": an invalid value, or input this reader leaves to
/// the `Value` path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop;

/// The result of reading one value: `Ok` when it is valid.
pub type R<T = ()> = Result<T, Stop>;

/// `Ok` when `valid`, else [`Stop`] (generated code's verdict helper).
#[inline]
pub fn ok(valid: bool) -> R {
    if valid {
        Ok(())
    } else {
        Err(Stop)
    }
}

/// Always [`Stop`] (a kind the schema does not admit).
#[inline]
pub fn stop() -> R {
    Err(Stop)
}

/// Deepest nesting a reader accepts at most (frames of generated
/// validators are small; deeper input goes to the `Value` path).
pub const MAX_DEPTH: usize = 512;

/// A position to come back to (for `anyOf` branches and `allOf` parts,
/// which read the same value again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pos: usize,
    depth: usize,
}

/// A cursor over one JSON text (bytes: UTF-8 is checked where it can
/// occur, inside strings, as the tokens pass).
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    depth: usize,
    max_depth: usize,
    /// Collecting mode ([`Reader::collecting`]); `None` on the fast path,
    /// which then pays one test per `$ref` call, object and array.
    collect: Option<Box<Collect>>,
    /// A definition read in place of another ([`Reader::substituting`]).
    subst: Option<Subst>,
}

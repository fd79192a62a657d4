//! Reading one message from bytes, with limits: bad input is a clear
//! [`InputError`], never a panic, a stack overflow or an unbounded
//! allocation. [`parse`] is the one parse of a message text into a
//! `Value` and [`nesting`] the one depth count; [`Quotes`] tells, byte by
//! byte, which bytes are inside string literals: every scan that reads
//! structure from bytes that may not be JSON uses it. A capture's
//! encoding is decided once, where it is opened ([`utf16`]).

use serde_json::Value;

mod quotes;
pub mod utf16;

pub use quotes::{Byte, Quotes};

/// Limits on one message (see `docs/limits.md`).
///
/// Set them per session ([`crate::Options::limits`]), per transcript
/// ([`crate::transcript::Reader::new`]) or per call ([`parse`]); the CLI's
/// `--max-depth` and `--max-message-bytes` set the same two numbers.
///
/// ```
/// use mcpwire::input::{parse, InputError, Limits};
///
/// let limits = Limits::new(2, 64);
/// assert!(parse(b"[[1]]", limits).is_ok());
/// assert_eq!(parse(b"[[[1]]]", limits), Err(InputError::TooDeep { limit: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nesting of arrays and objects accepted (default 512): `{}`
    /// is 1 level; a message exactly this deep is read, one level more is
    /// [`InputError::TooDeep`]. Found by a byte scan before parsing, so
    /// any depth costs one pass and no recursion.
    pub max_depth: usize,
    /// Largest message accepted, in bytes (default 256 MiB): a message of
    /// exactly this many bytes is read, one byte more is
    /// [`InputError::TooLarge`].
    pub max_bytes: usize,
}

impl Limits {
    /// The defaults: 512 levels, 256 MiB.
    pub const DEFAULT: Limits = Limits {
        max_depth: 512,
        max_bytes: 256 * 1024 * 1024,
    };

    /// Limits of `max_depth` levels and `max_bytes` bytes.
    pub const fn new(max_depth: usize, max_bytes: usize) -> Limits {
        Limits {
            max_depth,
            max_bytes,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Why bytes are not a readable message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// Not UTF-8 (JSON text must be).
    #[error("invalid UTF-8 at byte {offset}")]
    NotUtf8 {
        /// Offset of the first bad byte.
        offset: usize,
    },
    /// Nested deeper than [`Limits::max_depth`].
    #[error("nesting deeper than the limit of {limit} levels")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// Larger than [`Limits::max_bytes`].
    #[error("message of {len} bytes exceeds the limit of {limit} bytes")]
    TooLarge {
        /// Size.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// Not JSON.
    #[error("invalid JSON: {message}")]
    Json {
        /// serde_json's message (with line and column).
        message: String,
    },
}

/// Deepest nesting of arrays and objects in a JSON text, counted up to
/// `cap`. Brackets inside strings do not count; a string's content is
/// passed over at memchr speed ([`Quotes::skip`]).
pub fn nesting(bytes: &[u8], cap: usize) -> usize {
    let (mut depth, mut max, mut quotes) = (0usize, 0usize, Quotes::new());
    let mut i = 0;
    while i < bytes.len() {
        let next = quotes.skip(bytes, i);
        if next > i {
            i = next;
            continue;
        }
        let b = bytes[i];
        i += 1;
        if quotes.step(b) != Byte::Outside {
            continue;
        }
        match b {
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    max = depth;
                    if max >= cap {
                        return max;
                    }
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Whether a JSON text is nested deeper than `limit` ([`nesting`],
/// stopping early once `limit` is passed).
pub fn depth_exceeds(bytes: &[u8], limit: usize) -> bool {
    nesting(bytes, limit.saturating_add(1)) > limit
}

/// Parses one message. A leading UTF-8 byte order mark is skipped (some
/// Windows tools write one); anything else that is not a single JSON text
/// is an error.
pub fn parse(bytes: &[u8], limits: Limits) -> Result<Value, InputError> {
    if bytes.len() > limits.max_bytes {
        return Err(InputError::TooLarge {
            len: bytes.len(),
            limit: limits.max_bytes,
        });
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Err(e) = std::str::from_utf8(bytes) {
        return Err(InputError::NotUtf8 {
            offset: e.valid_up_to(),
        });
    }
    if depth_exceeds(bytes, limits.max_depth) {
        return Err(InputError::TooDeep {
            limit: limits.max_depth,
        });
    }
    parse_json(bytes)
}

/// [`parse`]'s last step, for a caller that bounded the text's size and
/// nesting itself (the transcript reader, whose records' wrapper does not
/// count): serde_json's parse without its fixed recursion limit of 128.
/// Text that is not UTF-8 is [`InputError::NotUtf8`], other text that is
/// not one JSON text [`InputError::Json`].
pub(crate) fn parse_json(bytes: &[u8]) -> Result<Value, InputError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    // Depth is bounded by the caller, so serde_json's fixed limit can go.
    de.disable_recursion_limit();
    let parsed = serde::Deserialize::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    parsed.map_err(|e| match std::str::from_utf8(bytes) {
        Err(u) => InputError::NotUtf8 {
            offset: u.valid_up_to(),
        },
        Ok(_) => InputError::Json {
            message: e.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Test builds judge with the map the shipped crate has: serde_json
    /// without `preserve_order` (sorted members), so nothing in the
    /// workspace may turn that feature on (feature unification would make
    /// `cargo test --workspace` run a different map type from the CLI).
    #[test]
    fn test_builds_use_the_shipped_map() {
        let v = parse(br#"{"b": 1, "a": 2}"#, Limits::default()).unwrap();
        let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["a", "b"],
            "serde_json's preserve_order is on in this build: find who enables it \
             (`cargo tree --workspace -e features -i serde_json`)"
        );
    }

    #[test]
    fn reads_and_limits() {
        let l = Limits::default();
        assert_eq!(parse(b"{\"a\":[1]}", l).unwrap()["a"][0], 1);
        assert_eq!(parse(b"\xEF\xBB\xBF{}", l).unwrap(), serde_json::json!({}));
        assert_eq!(
            parse(b"{\"a\":\"\xff\"}", l),
            Err(InputError::NotUtf8 { offset: 6 })
        );
        let deep = "[".repeat(600) + &"]".repeat(600);
        assert_eq!(
            parse(deep.as_bytes(), l),
            Err(InputError::TooDeep { limit: 512 })
        );
        let ok = "[".repeat(300) + &"]".repeat(300);
        assert!(
            parse(ok.as_bytes(), l).is_ok(),
            "deeper than serde_json's 128 but within the limit"
        );
        assert!(matches!(
            parse(b"{\"a\":1e400}", l),
            Err(InputError::Json { .. })
        ));
        assert!(matches!(parse(b"{} {}", l), Err(InputError::Json { .. })));
        let small = Limits { max_bytes: 4, ..l };
        assert_eq!(
            parse(b"[1,2,3]", small),
            Err(InputError::TooLarge { len: 7, limit: 4 })
        );
    }

    #[test]
    fn limits_are_inclusive() {
        let l = Limits::new(3, 7);
        assert!(parse(b"[[[1]]]", l).is_ok(), "3 levels, 7 bytes");
        assert_eq!(
            parse(b"[[[[]]]]", Limits::new(3, 100)),
            Err(InputError::TooDeep { limit: 3 })
        );
        assert_eq!(
            parse(b"[[[1 ]]]", l),
            Err(InputError::TooLarge { len: 8, limit: 7 })
        );
        assert_eq!(Limits::default(), Limits::new(512, 256 << 20));
    }

    #[test]
    fn brackets_in_strings_do_not_count() {
        let s = format!("{{\"a\":\"{}\\\"\"}}", "[".repeat(1000));
        assert!(!depth_exceeds(s.as_bytes(), 2));
        // Long strings are passed over, escapes and all.
        let long = format!(
            "[\"{}\\\"[[[{}\", [1], \"]\"]",
            "a".repeat(20),
            "b".repeat(40)
        );
        assert_eq!(nesting(long.as_bytes(), 100), 2, "{long}");
        assert!(depth_exceeds(long.as_bytes(), 1));
    }
}

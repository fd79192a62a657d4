//! Reading one message from bytes, with limits: bad input is a clear
//! [`InputError`], never a panic, a stack overflow or an unbounded
//! allocation. [`Quotes`] tells, byte by byte, which bytes are inside
//! string literals: every scan that reads structure from bytes that may
//! not be JSON uses it.

use serde_json::Value;

mod quotes;

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

/// Nesting depth of a JSON text, stopping early once `limit` is passed.
/// Brackets inside strings do not count.
pub fn depth_exceeds(bytes: &[u8], limit: usize) -> bool {
    let (mut depth, mut quotes) = (0usize, Quotes::new());
    for &b in bytes {
        if quotes.step(b) != Byte::Outside {
            continue;
        }
        match b {
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
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
    let mut de = serde_json::Deserializer::from_slice(bytes);
    // Depth is bounded above, so serde_json's fixed limit of 128 can go.
    de.disable_recursion_limit();
    let value = serde::Deserialize::deserialize(&mut de).map_err(|e| InputError::Json {
        message: e.to_string(),
    })?;
    de.end().map_err(|e| InputError::Json {
        message: e.to_string(),
    })?;
    Ok(value)
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
    }
}

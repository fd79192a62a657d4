//! A message's text as the `Value` path sees it ([`text`]), and its parse
//! in one pass where that gives `crate::input::parse`'s answer
//! ([`parse_text`]).

use super::SERDE_DEPTH;
use crate::input::{self, InputError, Limits};

/// The text of a message as `crate::input::parse` sees it (within the size
/// limit, a UTF-8 byte order mark skipped), or `None`. UTF-8 is checked by
/// the [`Reader`](super::Reader), inside strings.
pub fn text(bytes: &[u8], limits: Limits) -> Option<&[u8]> {
    if bytes.len() > limits.max_bytes {
        return None;
    }
    Some(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
}

/// [`crate::input::parse`]`(bytes, limits)` — the same `Value` or the same
/// error — for a message whose text ([`text`]: within the size limit, byte
/// order mark skipped) is `text`, with one pass over it instead of three
/// when it parses: serde_json with its own recursion limit (128 levels)
/// first, and only if that fails, `input::parse` itself.
///
/// Why that is the same: a text serde_json reads into a `Value` is valid
/// UTF-8 (it checks every string; outside strings only ASCII is JSON) and,
/// under the recursion limit, at most 128 levels deep, so when the limit
/// is at least that `input::parse`'s UTF-8 and depth checks pass and its
/// parse (the same serde_json, recursion limit off) builds the same
/// `Value`. Any failure, and a smaller depth limit, takes `input::parse`,
/// whose error is then the answer.
#[doc(hidden)]
pub fn parse_text(
    bytes: &[u8],
    text: &[u8],
    limits: Limits,
) -> Result<serde_json::Value, InputError> {
    if limits.max_depth >= SERDE_DEPTH {
        let mut de = serde_json::Deserializer::from_slice(text);
        if let Ok(v) = serde::Deserialize::deserialize(&mut de) {
            if de.end().is_ok() {
                return Ok(v);
            }
        }
    }
    input::parse(bytes, limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_text_is_input_parse() {
        let deep = |n: usize| "[".repeat(n) + &"]".repeat(n);
        let cases: Vec<Vec<u8>> = vec![
            br#"{"a":[1,2,{"b":"c"}]}"#.to_vec(),
            b"\xEF\xBB\xBF{}".to_vec(),
            b"\xEF\xBB\xBF\xEF\xBB\xBF{}".to_vec(),
            b"{\"a\":\"\xff\"}".to_vec(),
            b"[1,\xc3\xa9]".to_vec(),
            b"{\"a\":1e400}".to_vec(),
            b"{} {}".to_vec(),
            b"{\"a\":".to_vec(),
            b"".to_vec(),
            deep(127).into_bytes(),
            deep(128).into_bytes(),
            deep(129).into_bytes(),
            deep(512).into_bytes(),
            deep(513).into_bytes(),
        ];
        for bytes in &cases {
            for limits in [
                Limits::default(),
                Limits::new(128, 1 << 20),
                Limits::new(3, 1 << 20),
            ] {
                let Some(t) = text(bytes, limits) else {
                    continue;
                };
                assert_eq!(
                    parse_text(bytes, t, limits),
                    input::parse(bytes, limits),
                    "{:?} {limits:?}",
                    String::from_utf8_lossy(&bytes[..bytes.len().min(40)])
                );
            }
        }
    }
}

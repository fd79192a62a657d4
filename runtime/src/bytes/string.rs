//! Strings: scanned and checked as serde_json checks a UTF-8 string
//! (escapes, control characters, UTF-8 sequences), decoded, compared, and
//! `format: byte` checked in the same pass.

use std::borrow::Cow;

use super::block::find_special;
use super::{ok, Reader, Stop, R};

/// Bytes per block of the block-at-a-time loops over long strings.
const BLOCK: usize = 32;

/// A byte of the base64 alphabet (RFC 4648 §4; `=` is padding, not data).
#[inline]
fn base64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// Checks the UTF-8 sequence whose first byte is at `i` (not ASCII) as
/// `std::str::from_utf8` does (Unicode Table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF); returns the index after it.
#[inline]
fn utf8(b: &[u8], i: usize) -> R<usize> {
    let cont = |j: usize, lo: u8, hi: u8| match b.get(j) {
        Some(&c) if (lo..=hi).contains(&c) => Ok(()),
        _ => Err(Stop),
    };
    let (second, rest) = match b.get(i) {
        Some(0xC2..=0xDF) => ((0x80, 0xBF), 0),
        Some(0xE0) => ((0xA0, 0xBF), 1),
        Some(0xE1..=0xEC | 0xEE..=0xEF) => ((0x80, 0xBF), 1),
        Some(0xED) => ((0x80, 0x9F), 1),
        Some(0xF0) => ((0x90, 0xBF), 2),
        Some(0xF1..=0xF3) => ((0x80, 0xBF), 2),
        Some(0xF4) => ((0x80, 0x8F), 2),
        _ => return Err(Stop),
    };
    cont(i + 1, second.0, second.1)?;
    for k in 0..rest {
        cont(i + 2 + k, 0x80, 0xBF)?;
    }
    Ok(i + 2 + rest)
}

#[inline]
fn hex(b: u8) -> Option<u16> {
    match b {
        b'0'..=b'9' => Some(u16::from(b - b'0')),
        b'a'..=b'f' => Some(u16::from(b - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(b - b'A' + 10)),
        _ => None,
    }
}

/// A string token: where its contents are and whether they hold escapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) escaped: bool,
}

impl<'a> Reader<'a> {
    /// Scans a string at the cursor (which must be at `"`), checking it:
    /// plain bytes are passed over 16 at a time ([`find_special`]), and
    /// each special byte (`"`, `\\`, a control character, the first byte
    /// of a UTF-8 sequence) is handled on its own. A string whose closing
    /// quote is the first special byte of its first 16 (most member names
    /// and short values) is done inline, with one block test.
    #[inline]
    pub(crate) fn scan_string(&mut self) -> R<Token> {
        let b = self.bytes();
        let start = self.pos + 1;
        let i = find_special(b, start, 1);
        if b.get(i) == Some(&b'"') {
            self.pos = i + 1;
            return Ok(Token {
                start,
                end: i,
                escaped: false,
            });
        }
        self.scan_string_from(start, i)
    }

    /// [`Reader::scan_string`] of the string whose contents start at
    /// `start`, from its special byte (or the end of its plain blocks) at
    /// `i`.
    #[inline(never)]
    fn scan_string_from(&mut self, start: usize, mut i: usize) -> R<Token> {
        let b = self.bytes();
        let mut escaped = false;
        loop {
            match b.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Token {
                        start,
                        end: i,
                        escaped,
                    });
                }
                Some(b'\\') => {
                    escaped = true;
                    i = escape(b, i + 1)?;
                }
                Some(&c) if c < 0x20 => return Err(Stop),
                Some(&c) if c >= 0x80 => i = utf8(b, i)?,
                Some(_) => i += 1,
                None => return Err(Stop),
            }
            i = find_special(b, i, usize::MAX);
        }
    }

    /// The contents of an unescaped string token as `&str`, without a
    /// second UTF-8 check: [`Reader::scan_string`] checked every non-ASCII
    /// sequence between the quotes as `std::str::from_utf8` does (`utf8`),
    /// and ASCII bytes are UTF-8, so the bytes are valid UTF-8 (asserted
    /// in debug builds). Saves a `from_utf8` per member name and string
    /// (about 9 % of the instructions of `mcpwire check` on valid traffic).
    #[inline]
    pub(super) fn checked_str(&self, token: Token) -> R<&'a str> {
        let raw = self.text.get(token.start..token.end).ok_or(Stop)?;
        debug_assert!(std::str::from_utf8(raw).is_ok());
        // SAFETY: `raw` lies between the quotes of a string token that
        // `scan_string` accepted, which checks each byte: ASCII, or the
        // start of a sequence `utf8` validated by Unicode Table 3-7 (the
        // rules of `std::str::from_utf8`); escapes are ASCII.
        Ok(unsafe { std::str::from_utf8_unchecked(raw) })
    }

    pub(super) fn decode(&self, token: Token) -> R<Cow<'a, str>> {
        if !token.escaped {
            return self.checked_str(token).map(Cow::Borrowed);
        }
        let quoted = self.text.get(token.start - 1..token.end + 1).ok_or(Stop)?;
        serde_json::from_slice::<String>(quoted)
            .map(Cow::Owned)
            .map_err(|_| Stop)
    }

    /// Reads a string, decoded (borrowed unless it holds escapes).
    #[inline]
    pub fn string(&mut self) -> R<Cow<'a, str>> {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let token = self.scan_string()?;
        self.decode(token)
    }

    /// Reads a string and compares it with `expected`.
    #[inline]
    pub fn string_eq(&mut self, expected: &str) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let token = self.scan_string()?;
        if token.escaped {
            return ok(self.decode(token)? == expected);
        }
        ok(self.bytes().get(token.start..token.end) == Some(expected.as_bytes()))
    }

    /// Reads a string and checks `format: byte` on it
    /// (`crate::format::is_byte`) in the same pass: an unescaped string of
    /// base64 characters, at most two `=` and a length divisible by four is
    /// checked as its bytes pass (a block at a time, never decoded); any
    /// other string (escapes, other characters, a wrong length) is read and
    /// decoded as by [`Reader::string`] and given to `is_byte`, so the
    /// verdict is `is_byte`'s on the decoded string either way.
    #[inline]
    pub fn byte_string(&mut self) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let b = self.bytes();
        let start = self.pos + 1;
        let mut i = start;
        while let Some(block) = b.get(i..i + BLOCK) {
            if !block.iter().fold(true, |all, &c| all & base64(c)) {
                break;
            }
            i += BLOCK;
        }
        while b.get(i).is_some_and(|&c| base64(c)) {
            i += 1;
        }
        let data = i;
        while i - data < 2 && b.get(i) == Some(&b'=') {
            i += 1;
        }
        if b.get(i) == Some(&b'"') && (i - start).is_multiple_of(4) {
            self.pos = i + 1;
            return Ok(());
        }
        let s = self.string()?;
        ok(crate::format::is_byte(&s))
    }

    /// Skips a string, checking it.
    #[inline]
    pub fn skip_string(&mut self) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        self.scan_string().map(|_| ())
    }
}

/// Checks one escape (the byte after `\` is at `i`) as serde_json does for
/// UTF-8 strings; returns the index after it.
#[inline]
fn escape(b: &[u8], i: usize) -> R<usize> {
    match b.get(i) {
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(i + 1),
        Some(b'u') => {
            let n = hex4(b, i + 1)?;
            match n {
                0xDC00..=0xDFFF => Err(Stop),
                0xD800..=0xDBFF => {
                    if b.get(i + 5) != Some(&b'\\') || b.get(i + 6) != Some(&b'u') {
                        return Err(Stop);
                    }
                    match hex4(b, i + 7)? {
                        0xDC00..=0xDFFF => Ok(i + 11),
                        _ => Err(Stop),
                    }
                }
                _ => Ok(i + 5),
            }
        }
        _ => Err(Stop),
    }
}

#[inline]
fn hex4(b: &[u8], i: usize) -> R<u16> {
    let digits = b.get(i..i + 4).ok_or(Stop)?;
    digits
        .iter()
        .try_fold(0u16, |n, &d| hex(d).map(|h| (n << 4) | h))
        .ok_or(Stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::MAX_DEPTH;

    #[test]
    fn strings_decode_like_serde_json() {
        let text = r#""a\u00e9\n\ud83d\ude00""#;
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        let s = r.string().unwrap();
        assert_eq!(s, serde_json::from_str::<String>(text).unwrap());
        let mut r = Reader::new(b"\"plain\"", MAX_DEPTH);
        assert!(matches!(r.string().unwrap(), Cow::Borrowed("plain")));
        let long = format!("\"{}\\\"{}\"", "x".repeat(37), "y".repeat(20));
        let mut r = Reader::new(long.as_bytes(), MAX_DEPTH);
        assert_eq!(r.string().unwrap().len(), 58);
        assert!(r.finish().is_ok());
    }

    #[test]
    fn utf8_is_checked_as_std_does() {
        let conts = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF,
        ];
        let mut cases = 0;
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                for &b2 in &conts {
                    for &b3 in &conts {
                        let text = [b'"', b0, b1, b2, b3, b'"'];
                        let std_ok = std::str::from_utf8(&text).is_ok()
                            && serde_json::from_slice::<String>(&text).is_ok();
                        let mut r = Reader::new(&text, MAX_DEPTH);
                        let mine = r.skip_string().is_ok() && r.finish().is_ok();
                        assert_eq!(mine, std_ok, "{text:02x?}");
                        cases += 1;
                    }
                }
            }
        }
        assert!(cases > 100_000);
        // Outside strings no byte above ASCII is JSON.
        assert!(Reader::new("[1,\u{e9}]".as_bytes(), MAX_DEPTH)
            .skip()
            .is_err());
        let mut r = Reader::new("{\"clé\":\"日本\"}".as_bytes(), MAX_DEPTH);
        let mut keys = Vec::new();
        r.object(|r, k| {
            keys.push(k.to_string());
            r.skip()
        })
        .unwrap();
        assert_eq!(keys, ["clé"]);
    }

    #[test]
    fn byte_string_is_is_byte_on_the_decoded_string() {
        let long = "QUJD".repeat(40);
        let cases = [
            String::new(),
            "QQ==".into(),
            "QUI=".into(),
            "QUJD".into(),
            "QUJ".into(),
            "Q===".into(),
            "QQ=A".into(),
            "=QQ=".into(),
            long.clone(),
            format!("{long}QQ=="),
            format!("{long}Q"),
            format!("{long}QQ=\\u003d"),
            format!("{}\\/A==", &long[1..]),
            format!("{long}-_=="),
            format!("{long} "),
            format!("{long}\u{e9}A=="),
        ];
        for case in cases {
            let text = format!("\"{case}\" ");
            let mut fused = Reader::new(text.as_bytes(), MAX_DEPTH);
            let mine = fused.byte_string().is_ok();
            let mut plain = Reader::new(text.as_bytes(), MAX_DEPTH);
            let decoded = plain.string().unwrap();
            assert_eq!(mine, crate::format::is_byte(&decoded), "{case:?}");
            if mine {
                assert_eq!(fused.pos(), plain.pos(), "{case:?}");
            }
        }
        assert!(Reader::new(b"\"QUJD", MAX_DEPTH).byte_string().is_err());
        assert!(Reader::new(b"7", MAX_DEPTH).byte_string().is_err());
    }
}

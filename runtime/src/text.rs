//! String keywords: `minLength`/`maxLength` count Unicode code points
//! (JSON Schema 2020-12 Validation §6.3.1: "the number of its characters as
//! defined by RFC 8259"), and `pattern` is an ECMA-262 regular expression
//! (§6.3.3), matched anywhere in the string, compiled once per site.

use std::sync::OnceLock;

/// Whether `s` has at least `min` code points. The byte length decides
/// alone when it is below `min` (a code point takes 1-4 bytes) or at least
/// `4 × min`; only between them are the code points counted.
#[inline]
pub fn min_chars(s: &str, min: u64) -> bool {
    let bytes = s.len() as u64;
    if bytes < min {
        return false;
    }
    if bytes >= min.saturating_mul(4) {
        return true;
    }
    s.chars().count() as u64 >= min
}

/// Whether `s` has at most `max` code points (as [`min_chars`], the byte
/// length decides when it is at most `max` or beyond `4 × max`).
#[inline]
pub fn max_chars(s: &str, max: u64) -> bool {
    let bytes = s.len() as u64;
    if bytes <= max {
        return true;
    }
    if bytes > max.saturating_mul(4) {
        return false;
    }
    s.chars().count() as u64 <= max
}

/// A `pattern` (or a `patternProperties` name): the ECMA-262 source,
/// compiled with the Unicode flag on first use and kept. Generated code
/// holds one per site in a `static`.
///
/// The generator refuses a schema whose pattern does not compile with the
/// same `regress` version, so compiling here succeeds; were it ever to
/// fail, the pattern matches nothing (an instance is reported, never a
/// panic).
#[derive(Debug)]
pub struct Pattern {
    source: &'static str,
    regex: OnceLock<Option<regress::Regex>>,
}

impl Pattern {
    /// The pattern for an ECMA-262 `source`, compiled when first matched.
    pub const fn new(source: &'static str) -> Pattern {
        Pattern {
            source,
            regex: OnceLock::new(),
        }
    }

    /// The source, as the schema wrote it.
    pub fn source(&self) -> &'static str {
        self.source
    }

    /// Whether the pattern matches somewhere in `s` (patterns are not
    /// anchored).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        self.regex
            .get_or_init(|| regress::Regex::with_flags(self.source, "u").ok())
            .as_ref()
            .is_some_and(|re| re.find(s).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_code_points() {
        // U+1F4A9 is one code point in four bytes (two UTF-16 units).
        let astral = "\u{1F4A9}\u{1F4A9}";
        assert_eq!(astral.len(), 8);
        assert!(min_chars(astral, 2));
        assert!(!min_chars(astral, 3));
        assert!(max_chars(astral, 2));
        assert!(!max_chars(astral, 1));
        assert!(min_chars("", 0));
        assert!(!min_chars("", 1));
        assert!(max_chars("", 0));
        assert!(!max_chars("a", 0));
        assert!(min_chars("abcd", 1));
        assert!(!min_chars("é", 2));
        assert!(max_chars("éé", 2));
        assert!(!max_chars("ééé", 2));
        assert!(!min_chars("x", u64::MAX / 2));
        assert!(max_chars("x", u64::MAX));
    }

    #[test]
    fn patterns_are_ecma_262_and_unanchored() {
        static DIGITS: Pattern = Pattern::new("^[0-9]+$");
        assert!(DIGITS.is_match("123"));
        assert!(!DIGITS.is_match("12a"));
        static SOME: Pattern = Pattern::new("a+");
        assert!(SOME.is_match("xxaxx"));
        assert!(!SOME.is_match("xyz"));
        // `\d` is ASCII only in ECMA-262, and `.` takes one code point.
        static D: Pattern = Pattern::new("^\\d$");
        assert!(!D.is_match("\u{0967}"));
        static DOT: Pattern = Pattern::new("^.$");
        assert!(DOT.is_match("\u{1F4A9}"));
        assert_eq!(DOT.source(), "^.$");
        static BROKEN: Pattern = Pattern::new("(");
        assert!(!BROKEN.is_match("("));
    }
}

//! Skipping a value: strictly (checked as reading it would check it),
//! strictly with distinct member names, and laxly (by brackets and quotes
//! alone: the look-ahead's skip, and a value already shown valid).

use super::block::lax_string_end;
use super::string::Token;
use super::{Reader, Stop, R};

/// A member name seen by [`Reader::skip_distinct`].
#[derive(Clone, Copy, Debug)]
pub struct Name(Token);

impl<'a> Reader<'a> {
    /// Skips one value of any kind, checking it as strictly as reading it
    /// (in collecting mode, noting it as elidable: generated code skips
    /// only values no keyword constrains beyond the kind its arm matched).
    #[inline]
    pub fn skip(&mut self) -> R {
        if self.collect.is_some() {
            return self.skip_collecting();
        }
        self.skip_value()
    }

    /// [`Reader::skip`] itself (never noted).
    pub(super) fn skip_value(&mut self) -> R {
        match self.peek()? {
            b'{' => self.skip_object(),
            b'[' => self.skip_array(),
            b'"' => self.skip_string(),
            b'-' | b'0'..=b'9' => self.skip_number(),
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            _ => Err(Stop),
        }
    }

    /// Skips one value as strictly as [`Reader::skip`], and stops also at an
    /// object with two members of the same name (compared decoded, as a
    /// `Value`'s keys are). `names` is scratch space (the names of the
    /// objects being read), left as it was found.
    pub fn skip_distinct(&mut self, names: &mut Vec<Name>) -> R {
        match self.peek()? {
            b'{' => {
                let base = names.len();
                let read = self.object_distinct(names, base);
                names.truncate(base);
                read
            }
            b'[' => self.array(|r| r.skip_distinct(names)),
            _ => self.skip_value(),
        }
    }

    fn object_distinct(&mut self, names: &mut Vec<Name>, base: usize) -> R {
        let text = self.text;
        let mut more = self.enter(b'{', b'}')?;
        while more {
            let key = self.name()?;
            for &other in names.get(base..).unwrap_or_default() {
                let same = if key.escaped || other.0.escaped {
                    self.decode(key)? == self.decode(other.0)?
                } else {
                    text.get(key.start..key.end) == text.get(other.0.start..other.0.end)
                };
                if same {
                    return Err(Stop);
                }
            }
            names.push(Name(key));
            self.skip_distinct(names)?;
            more = self.more(b'}')?;
        }
        Ok(())
    }

    /// Skips an array (never noted: see [`Reader::skip_value`]).
    fn skip_array(&mut self) -> R {
        let mut more = self.enter(b'[', b']')?;
        while more {
            self.skip_value()?;
            more = self.more(b']')?;
        }
        Ok(())
    }

    /// Skips an object without decoding its keys.
    fn skip_object(&mut self) -> R {
        let mut more = self.enter(b'{', b'}')?;
        while more {
            self.name()?;
            self.skip_value()?;
            more = self.more(b'}')?;
        }
        Ok(())
    }

    /// Skips one value without checking it beyond finding where it ends
    /// (strings by their closing quote, containers by their brackets). On a
    /// well-formed text it ends exactly where [`Reader::skip`] would; on
    /// any other it may end anywhere, so it serves only to look ahead
    /// ([`Reader::survey`]), never for a verdict.
    pub(super) fn skip_lax(&mut self) -> R {
        self.skip_lax_depth().map(|_| ())
    }

    /// [`Reader::skip_lax`], giving the deepest nesting inside the value
    /// (0 for a scalar).
    pub(super) fn skip_lax_depth(&mut self) -> R<usize> {
        let b = self.bytes();
        let mut depth = 0usize;
        let mut deepest = 0usize;
        loop {
            match self.peek()? {
                b'"' => self.pos = lax_string_end(b, self.pos + 1)?,
                b'{' | b'[' => {
                    depth += 1;
                    deepest = deepest.max(depth);
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1).ok_or(Stop)?;
                    self.pos += 1;
                }
                b',' | b':' if depth > 0 => self.pos += 1,
                _ => {
                    // A number or literal: up to the next delimiter.
                    let rest = b.get(self.pos..).ok_or(Stop)?;
                    let n = rest
                        .iter()
                        .position(|&c| {
                            matches!(c, b',' | b'}' | b']' | b':' | b'"' | b'{' | b'[')
                                || c.is_ascii_whitespace()
                        })
                        .unwrap_or(rest.len())
                        .max(1);
                    self.pos += n;
                }
            }
            if depth == 0 {
                return Ok(deepest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::MAX_DEPTH;

    fn skips(text: &str) -> bool {
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        r.skip().is_ok() && r.finish().is_ok()
    }

    fn serde_accepts(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text).is_ok()
    }

    #[test]
    fn accepts_only_what_serde_json_accepts() {
        let cases = [
            "{}",
            "[]",
            " { \"a\" : [1, -2, 3.5, 1e3, -0, 0.0e-0, true, false, null] } ",
            r#""\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t""#,
            r#""\ud800""#,
            r#""\udc00""#,
            r#""\ud800\u0041""#,
            r#""\x""#,
            r#""\u12""#,
            "\"a\u{1}\"",
            "\"tab\there\"",
            "[1,]",
            "{\"a\":1,}",
            "[01]",
            "[1.]",
            "[.5]",
            "[+1]",
            "[-]",
            "[1e]",
            "[1e+]",
            "[1e400]",
            "[-1e400]",
            "[1e-400]",
            &format!("[{}]", "9".repeat(400)),
            &format!("[{}.5]", "9".repeat(290)),
            "[tru]",
            "[nul]",
            "{\"a\" 1}",
            "{1:2}",
            "[1 2]",
            "[1] x",
            "",
            "   ",
            "\"unterminated",
            "{\"a\":\"é ü 日本\"}",
        ];
        for case in cases {
            if skips(case) {
                assert!(
                    serde_accepts(case),
                    "reader accepts what serde_json refuses: {case:?}"
                );
            }
        }
        for good in [cases[0], cases[1], cases[2], cases[3], cases[22], cases[34]] {
            assert!(skips(good), "{good:?}");
        }
    }

    #[test]
    fn skip_distinct_refuses_repeated_and_escaped_names() {
        let distinct = |text: &str| {
            let mut names = Vec::new();
            let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
            let ok = r.skip_distinct(&mut names).is_ok() && r.finish().is_ok();
            assert!(names.is_empty());
            ok
        };
        assert!(distinct(r#"{"a":{"a":1,"b":[{"a":2},{"a":3}]},"b":2}"#));
        assert!(distinct("[1,\"x\",{}]"));
        assert!(!distinct(r#"{"a":1,"b":2,"a":3}"#));
        assert!(!distinct(r#"[{"x":{"a":1,"a":1}}]"#));
        assert!(distinct(r#"{"\u0061":1,"b":2}"#));
        assert!(!distinct(r#"{"\u0061":1,"a":2}"#));
        assert!(!distinct(r#"{"a":1,"\u0061":2}"#));
        assert!(!distinct(r#"{"a":1,}"#));
        assert!(!distinct(r#"{"a":1} x"#));
    }

    #[test]
    fn lax_skip_ends_where_skip_does_on_well_formed_text() {
        let long = "x".repeat(100);
        for text in [
            r#"{"a":[1,{"b":"]}"}],"c":-1.5e3}"#.to_string(),
            r#""esc \" aped \\" "#.to_string(),
            format!("[\"{long}\",\"{long}\\\"\"] "),
            "true ".to_string(),
            "-0.5,".to_string(),
            "null]".to_string(),
            "[ [ ] , { } ]".to_string(),
        ] {
            let mut strict = Reader::new(text.as_bytes(), MAX_DEPTH);
            strict.skip().unwrap();
            let mut lax = Reader::new(text.as_bytes(), MAX_DEPTH);
            lax.skip_lax().unwrap();
            assert_eq!(lax.pos(), strict.pos(), "{text}");
        }
    }
}

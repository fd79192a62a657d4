//! Which bytes of a JSON text are inside string literals, one byte at a
//! time ([`Quotes`]): the one place that knows how a string opens, how
//! `\"` and `\\` escape, and how it closes.
//!
//! The strict tokenizer ([`crate::bytes::Reader`]) reads only text that is
//! JSON; the scans that must go on where the text is not — the nesting
//! limit checked before a parse ([`crate::input`]), the transcript
//! reader's search for where a value that spans lines ends and its
//! splitting of top-level arrays ([`crate::transcript`]), the CLI's
//! whitespace-free copy of a message — need only this much of it, on any
//! bytes, and read brackets, commas and whitespace only where
//! [`Quotes::step`] says [`Byte::Outside`]. The tests below compare it
//! with serde_json on texts full of quotes, escapes and brackets inside
//! strings.

/// Where one byte falls, as [`Quotes::step`] sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Byte {
    /// Outside any string: structure, a number, a literal, whitespace.
    Outside,
    /// The quote that opens a string.
    Opens,
    /// Inside a string (an escape's backslash and the escaped byte too).
    Inside,
    /// The quote that closes a string.
    Closes,
}

/// Whether the text read so far ends inside a string, and inside an
/// escape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Quotes {
    in_string: bool,
    escaped: bool,
    /// A line break ends a string (see [`Quotes::line_bound`]).
    line_bound: bool,
}

impl Quotes {
    /// A scan from the start of a text, outside any string.
    pub fn new() -> Quotes {
        Quotes::default()
    }

    /// A scan for line-oriented input (JSON Lines, where a value may span
    /// lines): a line break, which JSON never allows inside a string, also
    /// ends an unterminated one, so a broken line cannot hide the
    /// structure of the lines after it.
    pub fn line_bound() -> Quotes {
        Quotes {
            line_bound: true,
            ..Quotes::default()
        }
    }

    /// Whether the text read so far ends inside a string.
    pub fn in_string(&self) -> bool {
        self.in_string
    }

    /// Reads one byte.
    #[inline]
    pub fn step(&mut self, b: u8) -> Byte {
        if !self.in_string {
            if b == b'"' {
                self.in_string = true;
                return Byte::Opens;
            }
            return Byte::Outside;
        }
        if self.escaped {
            self.escaped = false;
        } else if b == b'\\' {
            self.escaped = true;
        } else if b == b'"' || (self.line_bound && b == b'\n') {
            self.in_string = false;
            return Byte::Closes;
        }
        Byte::Inside
    }

    /// From `at`, the index of the next byte [`Quotes::step`] must see:
    /// inside a string, plain content is passed over at memchr speed up
    /// to the next quote, backslash (or line break, when line-bound);
    /// `at` itself otherwise. `bytes.len()` when the string runs to the
    /// end.
    #[inline]
    pub fn skip(&self, bytes: &[u8], at: usize) -> usize {
        if !self.in_string || self.escaped || at >= bytes.len() {
            return at;
        }
        let rest = &bytes[at..];
        let next = if self.line_bound {
            memchr::memchr3(b'"', b'\\', b'\n', rest)
        } else {
            memchr::memchr2(b'"', b'\\', rest)
        };
        next.map_or(bytes.len(), |j| at + j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The text with every string literal's content replaced by nothing:
    /// what the structure scans see.
    fn outside(text: &[u8], mut q: Quotes) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            let j = q.skip(text, i);
            if j > i {
                i = j;
                continue;
            }
            if q.step(text[i]) == Byte::Outside {
                out.push(text[i]);
            }
            i += 1;
        }
        out
    }

    fn depth(v: &Value) -> usize {
        match v {
            Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
            Value::Object(o) => 1 + o.values().map(depth).max().unwrap_or(0),
            _ => 0,
        }
    }

    /// Strings that try to look like structure.
    const TRICKY: [&str; 8] = [
        r#""[{""#,
        r#""\"]}""#,
        r#""\\""#,
        r#""\\\"{""#,
        r#""a\u0022[""#,
        r#""}}}\\\\""#,
        r#""\n]\t""#,
        "\"\u{e9}{\u{1F600}[\"",
    ];

    /// Nesting counted on the bytes outside strings equals the parsed
    /// value's, on values whose strings are full of brackets, quotes and
    /// escapes, written compact and pretty.
    #[test]
    fn brackets_outside_strings_are_the_structure() {
        let mut checked = 0;
        for (k, s) in TRICKY.iter().enumerate() {
            let leaf: Value = serde_json::from_str(s).unwrap();
            let mut v = leaf.clone();
            for level in 0..k {
                v = if level % 2 == 0 {
                    serde_json::json!([v, leaf, {"k": leaf}])
                } else {
                    serde_json::json!({ s.to_string(): v, "x": [leaf] })
                };
            }
            for text in [
                serde_json::to_vec(&v).unwrap(),
                serde_json::to_vec_pretty(&v).unwrap(),
            ] {
                for q in [Quotes::new(), Quotes::line_bound()] {
                    let structure = outside(&text, q);
                    let mut d: usize = 0;
                    let mut max = 0;
                    for b in structure {
                        match b {
                            b'[' | b'{' => {
                                d += 1;
                                max = max.max(d);
                            }
                            b']' | b'}' => d -= 1,
                            b'"' => panic!("a quote outside strings"),
                            _ => {}
                        }
                    }
                    assert_eq!(
                        (max, d),
                        (depth(&v), 0),
                        "{}",
                        String::from_utf8_lossy(&text)
                    );
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, TRICKY.len() * 4);
    }

    /// Each quote, escape and close is where it should be.
    #[test]
    fn steps() {
        let mut q = Quotes::new();
        let got: Vec<Byte> = br#"["a\"b",1]"#.iter().map(|&b| q.step(b)).collect();
        use Byte::*;
        assert_eq!(
            got,
            [Outside, Opens, Inside, Inside, Inside, Inside, Closes, Outside, Outside, Outside]
        );
        assert!(!q.in_string());
        let mut q = Quotes::new();
        q.step(b'"');
        assert_eq!(q.skip(b"\"abc\\\"", 1), 4);
        assert_eq!(q.skip(b"\"abc", 1), 4);
    }

    /// A line break ends an unterminated string only when line-bound.
    #[test]
    fn line_breaks() {
        for (q, inside) in [(Quotes::new(), true), (Quotes::line_bound(), false)] {
            let mut q = q;
            for &b in b"{\"a\n" {
                q.step(b);
            }
            assert_eq!(q.in_string(), inside);
        }
    }
}

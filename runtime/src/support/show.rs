//! Values as messages quote them: compact JSON, cut to [`SHOW_MAX`]
//! characters without serializing more than the cut keeps.

use super::Value;

/// Longest rendering of an instance value in a message, in characters.
pub const SHOW_MAX: usize = 80;

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
}

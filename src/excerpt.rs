//! The offending value in context, from the message's **original bytes**:
//! the file line that holds it, members in the order written, the value's
//! span underlined, and its `line:column` in the file.
//!
//! [`locate`] walks the message text along the finding's JSON Pointer with
//! a small scanner (strings, escapes and nesting; iterative, so any depth
//! the reader accepted is fine) — the text was already validated, so no
//! parser is needed, and nothing is re-serialized: what is shown is what
//! was sent. A duplicated member resolves to its last occurrence, as
//! serde_json reads it. Long lines are windowed around the span (`…` marks
//! a cut). [`from_value`] is the fallback when only a parsed `Value` is
//! known (keys then come in serde_json's order).
//!
//! Shared by the CLI's text output and [`crate::testing::Guard`]'s failure
//! text (moved here from the CLI so both show the same excerpt).

use crate::transcript::Position;
use serde_json::Value;

/// Characters of context shown before the span.
const BEFORE: usize = 40;
/// Longest part of the span shown.
const SPAN: usize = 60;
/// Longest line shown.
const WIDTH: usize = 110;

/// One line of the file (or a window of it) with the span marked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// Where the offending value starts in the file, when the bytes are
    /// known.
    pub at: Option<Position>,
    /// The text shown (one line, tabs as spaces).
    pub text: String,
    /// Start of the mark in `text`, in characters.
    pub start: usize,
    /// Length of the mark, in characters (at least 1).
    pub len: usize,
}

/// The excerpt for `pointer` (escaped RFC 6901) in the message `text`,
/// which starts at `start` in its file; `None` when the pointer does not
/// resolve.
pub fn locate(text: &[u8], start: Position, pointer: &str) -> Option<Excerpt> {
    let (from, to) = find(text, pointer)?;
    let at = start.advance(&text[..from]);
    let line_start = memchr::memrchr(b'\n', &text[..from]).map_or(0, |i| i + 1);
    let mut line_end = memchr::memchr(b'\n', &text[from..]).map_or(text.len(), |i| from + i);
    if line_end > line_start && text[line_end - 1] == b'\r' {
        line_end -= 1;
    }
    let before: Vec<char> = lossy(&text[line_start..from]);
    let span: Vec<char> = lossy(&text[from..to.min(line_end).max(from)]);
    let after: Vec<char> = lossy(&text[to.min(line_end).max(from)..line_end]);
    Some(window(Some(at), &before, &span, &after))
}

fn lossy(bytes: &[u8]) -> Vec<char> {
    String::from_utf8_lossy(bytes)
        .chars()
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// Cuts a line to at most about [`WIDTH`] characters around the span.
fn window(at: Option<Position>, before: &[char], span: &[char], after: &[char]) -> Excerpt {
    let mut text = String::new();
    let total = before.len() + span.len() + after.len();
    if total <= WIDTH {
        text.extend(before);
        text.extend(span);
        text.extend(after);
        return Excerpt {
            at,
            text,
            start: before.len(),
            len: span.len().max(1),
        };
    }
    let mut start = 0;
    if before.len() > BEFORE {
        text.push('…');
        text.extend(&before[before.len() - BEFORE..]);
        start += 1 + BEFORE;
    } else {
        text.extend(before);
        start += before.len();
    }
    let len = if span.len() > SPAN {
        text.extend(&span[..SPAN - 1]);
        text.push('…');
        SPAN
    } else {
        text.extend(span);
        span.len().max(1)
    };
    let room = WIDTH.saturating_sub(start + len);
    if after.len() > room {
        text.extend(&after[..room.saturating_sub(1)]);
        text.push('…');
    } else {
        text.extend(after);
    }
    Excerpt {
        at,
        text,
        start,
        len,
    }
}

/// The byte range of the value at `pointer` in `text`.
pub fn find(text: &[u8], pointer: &str) -> Option<(usize, usize)> {
    let mut pos = skip_ws(text, 0);
    let mut end = skip_value(text, pos)?;
    if pointer.is_empty() {
        return Some((pos, end));
    }
    for token in pointer.strip_prefix('/')?.split('/') {
        let token = token.replace("~1", "/").replace("~0", "~");
        let (from, to) = match text.get(pos)? {
            b'{' => member(text, pos, &token)?,
            b'[' => element(text, pos, token.parse().ok()?)?,
            _ => return None,
        };
        pos = from;
        end = to;
    }
    Some((pos, end))
}

/// The last member named `key` of the object at `pos`.
fn member(text: &[u8], pos: usize, key: &str) -> Option<(usize, usize)> {
    let mut i = skip_ws(text, pos + 1);
    let mut found = None;
    if text.get(i) == Some(&b'}') {
        return None;
    }
    loop {
        let key_end = string_end(text, i)?;
        let raw = &text[i..key_end];
        let matches = if raw.contains(&b'\\') {
            serde_json::from_slice::<String>(raw).ok().as_deref() == Some(key)
        } else {
            &raw[1..raw.len() - 1] == key.as_bytes()
        };
        i = skip_ws(text, key_end);
        if text.get(i) != Some(&b':') {
            return None;
        }
        let from = skip_ws(text, i + 1);
        let to = skip_value(text, from)?;
        if matches {
            found = Some((from, to));
        }
        i = skip_ws(text, to);
        match text.get(i) {
            Some(b',') => i = skip_ws(text, i + 1),
            _ => return found,
        }
    }
}

/// Element `index` of the array at `pos`.
fn element(text: &[u8], pos: usize, index: usize) -> Option<(usize, usize)> {
    let mut i = skip_ws(text, pos + 1);
    if text.get(i) == Some(&b']') {
        return None;
    }
    let mut n = 0;
    loop {
        let to = skip_value(text, i)?;
        if n == index {
            return Some((i, to));
        }
        n += 1;
        i = skip_ws(text, to);
        match text.get(i) {
            Some(b',') => i = skip_ws(text, i + 1),
            _ => return None,
        }
    }
}

fn skip_ws(text: &[u8], mut i: usize) -> usize {
    while text.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// The end (exclusive) of the string starting at `i`.
fn string_end(text: &[u8], i: usize) -> Option<usize> {
    if text.get(i) != Some(&b'"') {
        return None;
    }
    let mut j = i + 1;
    loop {
        match memchr::memchr2(b'"', b'\\', &text[j..]) {
            Some(k) if text[j + k] == b'\\' => j += k + 2,
            Some(k) => return Some(j + k + 1),
            None => return None,
        }
    }
}

/// The end (exclusive) of the value starting at `i`, without recursion.
fn skip_value(text: &[u8], i: usize) -> Option<usize> {
    match text.get(i)? {
        b'"' => string_end(text, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            while j < text.len() {
                match text[j] {
                    b'"' => {
                        j = string_end(text, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            None
        }
        _ => {
            let n = text[i..]
                .iter()
                .position(|b| matches!(b, b',' | b']' | b'}') || b.is_ascii_whitespace())
                .unwrap_or(text.len() - i);
            Some(i + n)
        }
    }
}

/// Fallback without the bytes: the value's parent rendered as compact
/// JSON (serde_json's key order), the value marked.
pub fn from_value(msg: &Value, pointer: &str) -> Option<Excerpt> {
    msg.pointer(pointer)?;
    let text = serde_json::to_vec(msg).ok()?;
    let mut e = locate(&text, Position::default(), pointer)?;
    e.at = None;
    Some(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(e: &Excerpt) -> String {
        e.text.chars().skip(e.start).take(e.len).collect()
    }

    #[test]
    fn members_in_written_order_with_the_span_marked() {
        let text = br#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":6,"progress":"50%","message":"Rendering"}}"#;
        let start = Position {
            line: 18,
            column: 20,
        };
        let e = locate(text, start, "/params/progress").unwrap();
        assert_eq!(marked(&e), "\"50%\"");
        assert!(e
            .text
            .contains(r#"{"progressToken":6,"progress":"50%","message":"Rendering"}"#));
        assert_eq!(
            e.at,
            Some(Position {
                line: 18,
                column: 20 + 90
            })
        );
    }

    #[test]
    fn pretty_printed_text_shows_the_line_of_the_span() {
        let text = b"{\n  \"a\": [1,\n    {\"b\":\t true}]\n}";
        let e = locate(text, Position::default(), "/a/1/b").unwrap();
        assert_eq!(e.text, "    {\"b\":  true}]");
        assert_eq!(marked(&e), "true");
        assert_eq!(
            e.at,
            Some(Position {
                line: 3,
                column: 12
            })
        );
        let e = locate(text, Position::default(), "/a").unwrap();
        assert_eq!(
            marked(&e),
            "[1,",
            "a span over lines is marked on its first line"
        );
    }

    #[test]
    fn last_duplicate_escaped_keys_and_misses() {
        let text = br#"{"a":1,"a":2,"a\/b":3,"x":[]}"#;
        assert_eq!(
            marked(&locate(text, Position::default(), "/a").unwrap()),
            "2"
        );
        assert_eq!(
            marked(&locate(text, Position::default(), "/a~1b").unwrap()),
            "3"
        );
        assert!(locate(text, Position::default(), "/x/0").is_none());
        assert!(locate(text, Position::default(), "/nope").is_none());
        let root = locate(text, Position::default(), "").unwrap();
        assert_eq!(root.start, 0);
    }

    #[test]
    fn long_lines_are_windowed() {
        let long = format!(
            r#"{{"pad":"{}","v":{},"tail":"{}"}}"#,
            "x".repeat(300),
            "9".repeat(100),
            "y".repeat(300)
        );
        let e = locate(long.as_bytes(), Position::default(), "/v").unwrap();
        assert!(e.text.chars().count() <= WIDTH + 2, "{}", e.text);
        assert!(e.text.starts_with('…') && e.text.ends_with('…'));
        assert_eq!(e.len, SPAN);
        assert!(marked(&e).starts_with("999"));
    }

    #[test]
    fn deep_values_do_not_recurse() {
        let deep = format!("{{\"a\":{}1{}}}", "[".repeat(100_000), "]".repeat(100_000));
        let e = locate(deep.as_bytes(), Position::default(), "/a").unwrap();
        assert_eq!(e.len, SPAN);
    }
}

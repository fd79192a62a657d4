//! The offending value in context: its parent rendered as compact,
//! truncated JSON on one line, with the value's span marked.

use serde_json::Value;

/// Longest rendering of the offending value itself, in characters.
const TARGET_BUDGET: usize = 72;
/// Longest rendering of a sibling.
const SIBLING_BUDGET: usize = 24;
/// Rough length of the whole line past which siblings are elided.
const LINE_BUDGET: usize = 110;

/// One rendered line and the span (in characters) of the offending value.
#[derive(Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// Escaped JSON pointer of the container shown (`""` for the message).
    pub at: String,
    /// The container (or the value itself, at the root), compact JSON.
    pub text: String,
    /// Start of the offending value in `text`, in characters.
    pub start: usize,
    /// Its length in characters.
    pub len: usize,
}

/// The excerpt for the value at `pointer` (escaped) in `msg`; `None` when
/// the pointer does not resolve.
pub fn excerpt(msg: &Value, pointer: &str) -> Option<Excerpt> {
    let target = msg.pointer(pointer)?;
    let Some(cut) = pointer.rfind('/') else {
        let text = render(target, TARGET_BUDGET * 2);
        let len = text.chars().count();
        return Some(Excerpt {
            at: String::new(),
            text,
            start: 0,
            len,
        });
    };
    let (parent_at, last) = (&pointer[..cut], &pointer[cut + 1..]);
    let parent = msg.pointer(parent_at)?;
    let key = last.replace("~1", "/").replace("~0", "~");
    let mut out = Line::default();
    match parent {
        Value::Object(map) => {
            out.push("{");
            let mut first = true;
            let mut elided = false;
            for (k, v) in sorted(map) {
                let is_target = *k == key;
                if !is_target && out.chars > LINE_BUDGET {
                    if !elided {
                        out.push(if first { "…" } else { ", …" });
                        elided = true;
                        first = false;
                    }
                    continue;
                }
                if !first {
                    out.push(", ");
                }
                first = false;
                out.push(&render(&Value::String(k.clone()), SIBLING_BUDGET));
                out.push(": ");
                if is_target {
                    out.mark(&render(v, TARGET_BUDGET));
                    elided = false;
                } else {
                    out.push(&render(v, SIBLING_BUDGET));
                }
            }
            out.push("}");
        }
        Value::Array(items) => {
            let index: usize = key.parse().ok()?;
            out.push("[");
            if index > 0 {
                let before = &items[index - 1];
                if index > 1 {
                    out.push("…, ");
                }
                out.push(&render(before, SIBLING_BUDGET));
                out.push(", ");
            }
            out.mark(&render(items.get(index)?, TARGET_BUDGET));
            if let Some(after) = items.get(index + 1) {
                out.push(", ");
                out.push(&render(after, SIBLING_BUDGET));
                if index + 2 < items.len() {
                    out.push(", …");
                }
            }
            out.push("]");
        }
        _ => return None,
    }
    Some(Excerpt {
        at: parent_at.to_string(),
        text: out.text,
        start: out.start,
        len: out.len,
    })
}

/// Members by key, so output does not depend on whether serde_json keeps
/// insertion order (its `preserve_order` feature).
fn sorted(map: &serde_json::Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut members: Vec<_> = map.iter().collect();
    members.sort_by(|a, b| a.0.cmp(b.0));
    members
}

#[derive(Default)]
struct Line {
    text: String,
    chars: usize,
    start: usize,
    len: usize,
}

impl Line {
    fn push(&mut self, s: &str) {
        self.text.push_str(s);
        self.chars += s.chars().count();
    }

    fn mark(&mut self, s: &str) {
        self.start = self.chars;
        self.len = s.chars().count();
        self.push(s);
    }
}

/// Compact JSON of `v`, at most about `budget` characters: long strings are
/// cut, containers lose their tail (`…`).
pub fn render(v: &Value, budget: usize) -> String {
    let mut out = String::new();
    write(v, budget.max(8), &mut out);
    out
}

fn write(v: &Value, budget: usize, out: &mut String) {
    let start = out.chars().count();
    let used = |out: &String| out.chars().count() - start;
    match v {
        Value::String(s) => {
            if s.len() <= budget {
                out.push_str(&v.to_string());
            } else {
                let keep: String = s.chars().take(budget.saturating_sub(3)).collect();
                let quoted = Value::String(keep).to_string();
                out.push_str(&quoted[..quoted.len() - 1]);
                out.push_str("…\"");
            }
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if used(out) >= budget {
                    out.push('…');
                    break;
                }
                let room = budget.saturating_sub(used(out)).max(8);
                write(item, room, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, item)) in sorted(map).into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if used(out) >= budget {
                    out.push('…');
                    break;
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push_str(": ");
                let room = budget.saturating_sub(used(out)).max(8);
                write(item, room, out);
            }
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn marks_an_object_member() {
        let msg = json!({"result": {"content": [{"type": "text", "text": 42}]}});
        let e = excerpt(&msg, "/result/content/0/text").unwrap();
        assert_eq!(e.at, "/result/content/0");
        assert_eq!(e.text, r#"{"text": 42, "type": "text"}"#);
        assert_eq!(&e.text[e.start..e.start + e.len], "42");
    }

    #[test]
    fn marks_an_array_element_with_neighbours() {
        let msg = json!({"a": [1, 2, 3, 4, 5]});
        let e = excerpt(&msg, "/a/2").unwrap();
        assert_eq!(e.text, "[…, 2, 3, 4, …]");
        assert_eq!(e.start, 7);
        assert_eq!(e.len, 1);
    }

    #[test]
    fn root_and_unresolved() {
        let msg = json!({"jsonrpc": "1.0"});
        let e = excerpt(&msg, "").unwrap();
        assert_eq!((e.start, e.len), (0, e.text.chars().count()));
        assert!(excerpt(&msg, "/nope").is_none());
    }

    #[test]
    fn truncates_long_values() {
        let long = "x".repeat(500);
        let r = render(&json!({"a": long, "b": [1, 2, 3]}), 30);
        assert!(r.chars().count() < 60, "{r}");
        assert!(r.contains('…'), "{r}");
    }
}

//! The members of an object schema: `properties`, `additionalProperties`,
//! `patternProperties` — a member declared on one side only is judged by
//! the other side's `additionalProperties`.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

use super::{
    walk::{accepts_all, empty, escape, Walker},
    Effect,
};

impl Walker<'_> {
    /// `properties`, `additionalProperties`, `patternProperties`.
    pub(super) fn compare_members<'a>(
        &mut self,
        o: &'a Map<String, Value>,
        n: &'a Map<String, Value>,
        ptr: &mut String,
        depth: usize,
    ) {
        let props = |m: &'a Map<String, Value>| {
            m.get("properties")
                .and_then(Value::as_object)
                .unwrap_or(empty())
        };
        let (op, np) = (props(o), props(n));
        let t = Value::Bool(true);
        let (oa, na) = (
            o.get("additionalProperties").unwrap_or(&t),
            n.get("additionalProperties").unwrap_or(&t),
        );
        let patterns = |m: &Map<String, Value>| {
            m.get("patternProperties")
                .is_some_and(|p| p.as_object().is_none_or(|p| !p.is_empty()))
        };
        let names: BTreeSet<&String> = op.keys().chain(np.keys()).collect();
        for name in names {
            let len = ptr.len();
            ptr.push_str("/properties/");
            ptr.push_str(&escape(name));
            match (op.get(name), np.get(name)) {
                (Some(a), Some(b)) => self.walk(a, b, ptr, depth + 1),
                (Some(a), None) => self.member_gone(name, a, na, patterns(n), ptr, depth),
                (None, Some(b)) => self.member_new(name, oa, b, patterns(o), ptr, depth),
                (None, None) => {}
            }
            ptr.truncate(len);
        }
        let (a, b) = (o.get("additionalProperties"), n.get("additionalProperties"));
        if a.is_some() || b.is_some() {
            let len = ptr.len();
            ptr.push_str("/additionalProperties");
            match (accepts_all(oa), na == &Value::Bool(false)) {
                (true, true) => self.push_values(
                    ptr,
                    "additionalProperties",
                    Effect::Narrowed,
                    "`additionalProperties: false` added".into(),
                    a,
                    b,
                ),
                _ if oa == &Value::Bool(false) && accepts_all(na) => self.push_values(
                    ptr,
                    "additionalProperties",
                    Effect::Widened,
                    "`additionalProperties: false` removed".into(),
                    a,
                    b,
                ),
                _ => self.walk(oa, na, ptr, depth + 1),
            }
            ptr.truncate(len);
        }
        if !self.same_keyword(
            "patternProperties",
            o.get("patternProperties"),
            n.get("patternProperties"),
            depth,
        ) {
            let at = format!("{ptr}/patternProperties");
            self.push_values(
                &at,
                "patternProperties",
                Effect::Undecided,
                "`patternProperties` changed".into(),
                o.get("patternProperties"),
                n.get("patternProperties"),
            );
        }
    }

    /// A member OLD declared and NEW does not: NEW judges it by its
    /// `additionalProperties`.
    fn member_gone(
        &mut self,
        name: &str,
        old: &Value,
        fallback: &Value,
        patterns: bool,
        ptr: &mut String,
        depth: usize,
    ) {
        if patterns {
            self.push(
                ptr,
                "properties",
                Effect::Undecided,
                format!("member `{name}` removed; `patternProperties` may still match it"),
            );
        } else if accepts_all(fallback) {
            self.push_values(
                ptr,
                "properties",
                Effect::Widened,
                format!("member `{name}` removed"),
                Some(old),
                None,
            );
        } else {
            self.walk(old, fallback, ptr, depth + 1);
        }
    }

    /// A member NEW declares and OLD did not: OLD judged it by its
    /// `additionalProperties`.
    fn member_new(
        &mut self,
        name: &str,
        fallback: &Value,
        new: &Value,
        patterns: bool,
        ptr: &mut String,
        depth: usize,
    ) {
        if patterns {
            self.push(
                ptr,
                "properties",
                Effect::Undecided,
                format!("member `{name}` added; `patternProperties` may have matched it"),
            );
        } else if accepts_all(fallback) {
            self.push_values(
                ptr,
                "properties",
                Effect::Declared,
                format!("member `{name}` added"),
                None,
                Some(new),
            );
        } else if fallback == &Value::Bool(false) {
            self.push_values(
                ptr,
                "properties",
                Effect::Widened,
                format!("member `{name}` added where `additionalProperties` was false"),
                None,
                Some(new),
            );
        } else {
            self.walk(fallback, new, ptr, depth + 1);
        }
    }
}

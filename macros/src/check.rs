//! The compile-time check of a fixture's literal parts (rules in the crate
//! docs, "Literal parts and holes").

use mcpwire_runtime::{DefinitionFns, Keyword, Violation};
use serde_json::{Map, Value};

use crate::parse::{Key, Node, Spans};

/// What each hole stands for, one run per entry: every JSON type.
fn placeholders() -> [Value; 6] {
    [
        Value::Null,
        Value::Bool(true),
        Value::from(0),
        Value::String(String::new()),
        Value::Array(Vec::new()),
        Value::Object(Map::new()),
    ]
}

/// The violations of `node`'s literal parts, each with the spans of the
/// member it is about.
pub fn violations(node: &Node, def: &DefinitionFns) -> Vec<(Violation, Spans)> {
    let mut holes = Vec::new();
    collect_holes(node, &mut Vec::new(), &mut holes);
    let certain = if holes.is_empty() {
        def.check(&value(node, &Value::Null))
    } else {
        let mut runs = placeholders()
            .iter()
            .map(|p| def.check(&value(node, p)))
            .collect::<Vec<_>>()
            .into_iter();
        let first = runs.next().unwrap_or_default();
        let rest: Vec<Vec<Violation>> = runs.collect();
        first
            .into_iter()
            .filter(|v| rest.iter().all(|run| run.contains(v)))
            .filter(|v| independent_of_holes(v, &holes))
            .collect()
    };
    certain
        .into_iter()
        .map(|v| {
            let tokens: Vec<String> = v.instance.tokens().collect();
            let spans = spans_at(node, &tokens);
            (v, spans)
        })
        .collect()
}

/// Not at or below a hole, and not a `const`/`enum` verdict on a value
/// that holds one.
fn independent_of_holes(v: &Violation, holes: &[Vec<String>]) -> bool {
    let at: Vec<String> = v.instance.tokens().collect();
    holes.iter().all(|hole| {
        let under_hole = at.starts_with(hole);
        let holds_hole = hole.starts_with(&at);
        let whole_value = matches!(v.keyword, Keyword::Const | Keyword::Enum);
        !under_hole && (!holds_hole || !whole_value)
    })
}

/// The pointers (as tokens) of every opaque node.
fn collect_holes(node: &Node, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    if node.is_opaque() {
        out.push(at.clone());
        return;
    }
    match node {
        Node::Array(items, _) => {
            for (i, item) in items.iter().enumerate() {
                at.push(i.to_string());
                collect_holes(item, at, out);
                at.pop();
            }
        }
        Node::Object(members, _) => {
            for m in members {
                if let Key::Lit(k) = &m.key {
                    at.push(k.clone());
                    collect_holes(&m.value, at, out);
                    at.pop();
                }
            }
        }
        Node::Scalar(..) | Node::Hole(..) => {}
    }
}

/// The fixture as a `Value`, every opaque node replaced by `placeholder`.
pub fn value(node: &Node, placeholder: &Value) -> Value {
    if node.is_opaque() {
        return placeholder.clone();
    }
    match node {
        Node::Scalar(v, _) => v.clone(),
        Node::Array(items, _) => {
            Value::Array(items.iter().map(|i| value(i, placeholder)).collect())
        }
        Node::Object(members, _) => Value::Object(
            members
                .iter()
                .filter_map(|m| match &m.key {
                    Key::Lit(k) => Some((k.clone(), value(&m.value, placeholder))),
                    Key::Expr(_) => None,
                })
                .collect(),
        ),
        Node::Hole(..) => placeholder.clone(),
    }
}

/// The spans of what an instance pointer names: an object member (key to
/// value), an array item, or, for the root, the whole fixture.
fn spans_at(node: &Node, tokens: &[String]) -> Spans {
    let Some((first, rest)) = tokens.split_first() else {
        return node.spans();
    };
    match node {
        Node::Object(members, _) => {
            let found = members
                .iter()
                .rev()
                .find(|m| matches!(&m.key, Key::Lit(k) if k == first));
            match found {
                Some(m) if rest.is_empty() => m.spans,
                Some(m) => spans_at(&m.value, rest),
                None => node.spans(),
            }
        }
        Node::Array(items, _) => match first.parse::<usize>().ok().and_then(|i| items.get(i)) {
            Some(item) => spans_at(item, rest),
            None => node.spans(),
        },
        Node::Scalar(..) | Node::Hole(..) => node.spans(),
    }
}

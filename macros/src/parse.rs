//! `json!`-style tokens → a [`Node`] tree that keeps every member's spans.

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use serde_json::{Number, Value};

/// How deep a fixture may nest: serde_json's parser limit, which the
/// expansion's run-time parse of the literal text also has.
pub const MAX_DEPTH: usize = 128;

/// The first and last token of something, for errors that cover it.
#[derive(Clone, Copy, Debug)]
pub struct Spans {
    /// Span of the first token.
    pub start: Span,
    /// Span of the last token.
    pub end: Span,
}

impl Spans {
    /// The spans of a non-empty token list (`Span::call_site` if empty).
    pub fn of(tokens: &[TokenTree]) -> Spans {
        let start = tokens.first().map_or_else(Span::call_site, TokenTree::span);
        let end = tokens.last().map_or(start, TokenTree::span);
        Spans { start, end }
    }

    /// An error covering these tokens (first to last, on stable Rust too).
    pub fn error(self, message: impl std::fmt::Display) -> syn::Error {
        let marks: TokenStream = [
            TokenTree::Ident(Ident::new("start", self.start)),
            TokenTree::Ident(Ident::new("end", self.end)),
        ]
        .into_iter()
        .collect();
        syn::Error::new_spanned(marks, message)
    }
}

/// One JSON value of a fixture.
#[derive(Debug)]
pub enum Node {
    /// `null`, `true`, `false`, a number or a string.
    Scalar(Value, Spans),
    /// `[..]`.
    Array(Vec<Node>, Spans),
    /// `{..}`.
    Object(Vec<Member>, Spans),
    /// An interpolated Rust expression.
    Hole(TokenStream, Spans),
}

/// One `key: value` of an object.
#[derive(Debug)]
pub struct Member {
    /// The key.
    pub key: Key,
    /// The value.
    pub value: Node,
    /// From the key's first token to the value's last.
    pub spans: Spans,
}

/// An object key.
#[derive(Debug)]
pub enum Key {
    /// A string literal.
    Lit(String),
    /// A Rust expression (`Into<String>`, as in `json!`).
    Expr(TokenStream),
}

impl Node {
    /// This node's spans.
    pub fn spans(&self) -> Spans {
        match self {
            Node::Scalar(_, s) | Node::Array(_, s) | Node::Object(_, s) | Node::Hole(_, s) => *s,
        }
    }

    /// Whether the value is known at compile time only in part: a hole, or
    /// an object with an expression key.
    pub fn is_opaque(&self) -> bool {
        match self {
            Node::Hole(..) => true,
            Node::Object(members, _) => members.iter().any(|m| matches!(m.key, Key::Expr(_))),
            _ => false,
        }
    }

    /// Whether this node or anything below it is a hole.
    pub fn has_holes(&self) -> bool {
        match self {
            Node::Scalar(..) => false,
            Node::Hole(..) => true,
            Node::Array(items, _) => items.iter().any(Node::has_holes),
            Node::Object(members, _) => members
                .iter()
                .any(|m| matches!(m.key, Key::Expr(_)) || m.value.has_holes()),
        }
    }
}

/// Parses one value (the tokens between two top-level commas).
pub fn value(tokens: Vec<TokenTree>, depth: usize) -> syn::Result<Node> {
    let spans = Spans::of(&tokens);
    if depth > MAX_DEPTH {
        return Err(spans.error(format!(
            "fixture nests deeper than {MAX_DEPTH} levels (serde_json's parser limit)"
        )));
    }
    match tokens.as_slice() {
        [] => Err(spans.error("expected a JSON value")),
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Bracket => {
            let items = split_commas(g.stream())?
                .into_iter()
                .map(|item| value(item, depth + 1))
                .collect::<syn::Result<Vec<_>>>()?;
            Ok(Node::Array(items, spans))
        }
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::Brace => {
            let members = split_commas(g.stream())?
                .into_iter()
                .map(|m| member(m, depth + 1))
                .collect::<syn::Result<Vec<_>>>()?;
            duplicates(&members)?;
            Ok(Node::Object(members, spans))
        }
        [TokenTree::Ident(i)] if i == "null" => Ok(Node::Scalar(Value::Null, spans)),
        [TokenTree::Ident(i)] if i == "true" => Ok(Node::Scalar(Value::Bool(true), spans)),
        [TokenTree::Ident(i)] if i == "false" => Ok(Node::Scalar(Value::Bool(false), spans)),
        [TokenTree::Literal(lit)] => Ok(literal("", lit)
            .map(|v| Node::Scalar(v, spans))
            .unwrap_or_else(|| hole(tokens, spans))),
        [TokenTree::Punct(p), TokenTree::Literal(lit)] if p.as_char() == '-' => {
            Ok(literal("-", lit)
                .filter(Value::is_number)
                .map(|v| Node::Scalar(v, spans))
                .unwrap_or_else(|| hole(tokens, spans)))
        }
        _ => Ok(hole(tokens, spans)),
    }
}

fn hole(tokens: Vec<TokenTree>, spans: Spans) -> Node {
    Node::Hole(tokens.into_iter().collect(), spans)
}

/// A literal that is a JSON string or number (with `sign` in front), or
/// `None` (then it is a hole: `1u8`, `1_000`, `'c'`, `b".."`).
fn literal(sign: &str, lit: &proc_macro2::Literal) -> Option<Value> {
    match syn::Lit::new(lit.clone()) {
        syn::Lit::Str(s) if s.suffix().is_empty() && sign.is_empty() => {
            Some(Value::String(s.value()))
        }
        syn::Lit::Int(_) | syn::Lit::Float(_) => {
            let text = format!("{sign}{lit}");
            serde_json::from_str::<Number>(&text)
                .ok()
                .map(Value::Number)
        }
        _ => None,
    }
}

/// Parses `key: value`.
fn member(tokens: Vec<TokenTree>, depth: usize) -> syn::Result<Member> {
    let spans = Spans::of(&tokens);
    let Some(colon) = key_separator(&tokens) else {
        return Err(spans.error("expected `key: value`"));
    };
    let mut key_tokens = tokens;
    let value_tokens = key_tokens.split_off(colon + 1);
    key_tokens.pop();
    let key = match key_tokens.as_slice() {
        [] => return Err(spans.error("expected a key before `:`")),
        [TokenTree::Literal(lit)] => match syn::Lit::new(lit.clone()) {
            syn::Lit::Str(s) => Key::Lit(s.value()),
            _ => Key::Expr(key_tokens.into_iter().collect()),
        },
        _ => Key::Expr(key_tokens.into_iter().collect()),
    };
    if value_tokens.is_empty() {
        return Err(spans.error("expected a value after `:`"));
    }
    let value = value(value_tokens, depth)?;
    Ok(Member { key, value, spans })
}

/// The index of the `:` between key and value (not one of a `::`).
fn key_separator(tokens: &[TokenTree]) -> Option<usize> {
    let mut previous_joint_colon = false;
    for (i, t) in tokens.iter().enumerate() {
        match t {
            TokenTree::Punct(p) if p.as_char() == ':' => {
                if p.spacing() == proc_macro2::Spacing::Joint {
                    previous_joint_colon = true;
                    continue;
                }
                if !previous_joint_colon {
                    return Some(i);
                }
            }
            _ => {}
        }
        previous_joint_colon = false;
    }
    None
}

/// A literal key written twice is a mistake `json!` hides (the last wins).
fn duplicates(members: &[Member]) -> syn::Result<()> {
    let mut seen = std::collections::BTreeSet::new();
    for m in members {
        if let Key::Lit(k) = &m.key {
            if !seen.insert(k.as_str()) {
                return Err(m.spans.error(format!("duplicate member {k:?}")));
            }
        }
    }
    Ok(())
}

/// Splits a group's tokens at top-level commas; one trailing comma is fine.
/// (An expression with a top-level comma, such as a turbofish with two
/// types, must be parenthesized.)
pub fn split_commas(stream: TokenStream) -> syn::Result<Vec<Vec<TokenTree>>> {
    let mut parts = Vec::new();
    let mut current = Vec::new();
    for t in stream {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => {
                if current.is_empty() {
                    return Err(
                        Spans::of(std::slice::from_ref(&t)).error("expected a value before `,`")
                    );
                }
                parts.push(std::mem::take(&mut current));
            }
            _ => current.push(t),
        }
    }
    if !current.is_empty() {
        parts.push(current);
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Node {
        let tokens: TokenStream = src.parse().unwrap();
        value(tokens.into_iter().collect(), 0).unwrap()
    }

    fn error(src: &str) -> String {
        let tokens: TokenStream = src.parse().unwrap();
        value(tokens.into_iter().collect(), 0)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn literals_are_json() {
        let node = parse(r#"{ "a": [null, true, false, -1, 2.5, 6e4, "x\n"], "b": {} }"#);
        assert!(!node.has_holes());
        let v = crate::check::value(&node, &Value::Null);
        assert_eq!(
            v,
            serde_json::json!({ "a": [null, true, false, -1, 2.5, 6e4, "x\n"], "b": {} })
        );
    }

    #[test]
    fn rust_only_literals_and_expressions_are_holes() {
        for src in [
            "1u8", "1_000", "0x10", "'c'", "x", "a::b(1)", "(1 + 2)", "- x",
        ] {
            assert!(matches!(parse(src), Node::Hole(..)), "{src}");
        }
    }

    #[test]
    fn keys_split_at_the_first_lone_colon() {
        let Node::Object(members, _) = parse(r#"{ "k": a::b::C, name: 1 }"#) else {
            panic!("not an object");
        };
        assert!(matches!(&members[0].key, Key::Lit(k) if k == "k"));
        assert!(matches!(&members[0].value, Node::Hole(t, _) if t.to_string() == "a :: b :: C"));
        assert!(matches!(&members[1].key, Key::Expr(t) if t.to_string() == "name"));
        assert!(parse(r#"{ name: 1 }"#).is_opaque());
    }

    #[test]
    fn malformed_input_is_an_error_not_a_panic() {
        assert!(error("").contains("expected a JSON value"));
        assert!(error(r#"{ "a" }"#).contains("expected `key: value`"));
        assert!(error(r#"{ "a": }"#).contains("expected a value after"));
        assert!(error(r#"{ : 1 }"#).contains("expected a key"));
        assert!(error("[1,,2]").contains("expected a value before"));
        assert!(error(r#"{ "a": 1, "a": 2 }"#).contains("duplicate member"));
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert!(error(&deep).contains("deeper than 128"));
    }
}

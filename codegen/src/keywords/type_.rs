//! `type` (a name or an array of names). `integer` admits every integral
//! number (`1.0`, `6e4`, integers beyond `u64` that serde_json holds as
//! `f64`); `number` admits every number (`mcpwire::number::is_integer`).

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::variant::{kinds_test, Variant};
use crate::node::{kind, Node};

/// The kinds the node's `type` admits (every kind without `type`).
pub fn admits(node: &Node) -> u8 {
    node.type_kinds()
}

/// `type`'s demand on one variant.
pub fn arm(node: &Node, variant: Variant) -> Cond {
    let tests = kinds_test(admits(node));
    let index = Variant::ALL.iter().position(|v| *v == variant).unwrap_or(0);
    tests[index].clone()
}

/// `expected integer or string`: the names as listed, `a, b or c`.
pub fn expected(node: &Node) -> String {
    let names: Vec<&str> = node.types.iter().flatten().map(|t| t.name()).collect();
    match names.split_last() {
        Some((last, [])) => (*last).to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `if !<type test> { report }`.
pub fn check(node: &Node) -> TokenStream {
    if node.types.is_none() {
        return TokenStream::new();
    }
    let kinds = admits(node);
    if kinds == kind::ANY {
        return TokenStream::new();
    }
    let at = super::context::at();
    let tokens = super::kinds::tokens(kinds);
    match node.types.as_deref() {
        Some([_]) => quote!(rt::type_(out, path, #at, #tokens, v);),
        _ => {
            let expected = expected(node);
            quote!(rt::types(out, path, #at, #expected, #tokens, v);)
        }
    }
}

/// The kinds of a node whose only keyword is one `type` (not every kind):
/// a property of such a node is checked by one `rt::prop` call.
pub fn only(node: &Node) -> Option<u8> {
    let single = matches!(node.types.as_deref(), Some([_]));
    let kinds = admits(node);
    let only = Node {
        pointer: node.pointer.clone(),
        types: None,
        ..node.clone()
    };
    (single && kinds != kind::ANY && only.is_trivial()).then_some(kinds)
}

/// The bytes form's test on a decoded number `n`: whether it must be an
/// integer, or must not be one, by the `kinds` its arm admits.
pub fn read_number(kinds: u8) -> Option<TokenStream> {
    match (kinds & kind::INTEGER != 0, kinds & kind::FRACTION != 0) {
        (true, false) => Some(quote!(rt::number::is_integer(&n))),
        (false, true) => Some(quote!(!rt::number::is_integer(&n))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::Type;

    fn typed(types: &[Type]) -> Node {
        Node {
            pointer: "/$defs/X".into(),
            types: Some(types.to_vec()),
            ..Node::default()
        }
    }

    #[test]
    fn names_the_expected_types() {
        assert_eq!(expected(&typed(&[Type::Object])), "object");
        assert_eq!(
            expected(&typed(&[Type::Integer, Type::String])),
            "integer or string"
        );
        assert_eq!(
            expected(&typed(&[Type::Boolean, Type::Integer, Type::String])),
            "boolean, integer or string"
        );
    }

    #[test]
    fn number_admits_integers_and_fractions() {
        assert_eq!(
            admits(&typed(&[Type::Number])),
            kind::INTEGER | kind::FRACTION
        );
        assert!(arm(&typed(&[Type::Number]), Variant::Number).is_true());
        let integer = arm(&typed(&[Type::Integer]), Variant::Number);
        assert_eq!(
            integer.tokens().to_string(),
            "rt :: number :: is_integer (n)"
        );
        assert!(check(&Node::default()).is_empty());
    }

    #[test]
    fn reports_at_the_keyword() {
        let text = check(&typed(&[Type::Object])).to_string();
        assert_eq!(
            text,
            "rt :: type_ (out , path , at , rt :: kind :: OBJECT , v) ;"
        );
        let text = check(&typed(&[Type::Integer, Type::String])).to_string();
        assert!(
            text.contains(
                "at , \"integer or string\" , rt :: kind :: STRING | rt :: kind :: INTEGER , v"
            ),
            "{text}"
        );
        assert_eq!(only(&typed(&[Type::Object])), Some(kind::OBJECT));
        assert_eq!(only(&typed(&[Type::Integer, Type::String])), None);
    }
}

//! `const` (any JSON value; the MCP schemas use strings and integers).
//! Equality is JSON Schema's: numbers by value, so `const: 1` accepts `1.0`
//! (`mcpwire::number::eq_int`), and arrays and objects structurally, objects
//! regardless of member order (`rt::Constant`).

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::literal;
use super::variant::{select, Variant};
use crate::node::{Constant, Node};

/// Whether an instance of `variant` (bound as `s`, `n`, `b`) equals `value`.
pub fn equals(value: &Constant, variant: Variant) -> Cond {
    match (value, variant) {
        (Constant::String(x), Variant::String) => Cond::cmp(quote!(s == #x)),
        (Constant::Number(x), Variant::Number) => {
            Cond::atom(literal::number_call("eq_int", "eq_float", x))
        }
        (Constant::Bool(true), Variant::Bool) => Cond::atom(quote!(*b)),
        (Constant::Bool(false), Variant::Bool) => Cond::atom(quote!(!*b)),
        (Constant::Null, Variant::Null) => Cond::True,
        (Constant::Array(_), Variant::Array) => structured(value, quote!(matches_array(a))),
        (Constant::Object(_), Variant::Object) => structured(value, quote!(matches_object(m))),
        _ => Cond::False,
    }
}

/// An array or object constant compared with the arm's `a`/`m`: a
/// `static rt::Constant` holding its JSON text, parsed once
/// (`rt::Constant::matches_array`, JSON equality).
fn structured(value: &Constant, test: TokenStream) -> Cond {
    let json = value.json();
    Cond::atom(quote!({
        static C: rt::Constant = rt::Constant::new(#json);
        C.#test
    }))
}

/// `const`'s demand on one variant.
pub fn arm(node: &Node, variant: Variant) -> Cond {
    node.const_
        .as_ref()
        .map_or(Cond::True, |value| equals(value, variant))
}

/// `if v != const { report }`.
pub fn check(node: &Node) -> TokenStream {
    let Some(value) = &node.const_ else {
        return TokenStream::new();
    };
    let at = super::context::at();
    if let Constant::String(x) = value {
        // `v.as_str() == Some(x)`: the test `equals` compiles, in the runtime.
        return quote!(rt::const_str(out, path, #at, #x, v););
    }
    let test = select(Variant::ALL.map(|variant| equals(value, variant)));
    let not = test.not();
    let expected = value.json();
    quote! {
        if #not {
            rt::const_(out, path, #at, #expected, v);
        }
    }
}

/// The bytes form when `const` is a string and the string arm has no other
/// keyword: compared as the bytes pass, no decode.
pub fn read_string_alone(node: &Node) -> Option<TokenStream> {
    let shaped = node.min_length.is_some() || node.max_length.is_some() || node.pattern.is_some();
    match &node.const_ {
        Some(Constant::String(x)) if node.enum_.is_none() && node.format.is_none() && !shaped => {
            Some(quote!(r.string_eq(#x)))
        }
        _ => None,
    }
}

/// The bytes form's test on a decoded string `s`.
pub fn read_string(node: &Node) -> Option<TokenStream> {
    match &node.const_ {
        Some(Constant::String(x)) => Some(quote!(s == #x)),
        _ => None,
    }
}

/// The bytes form's test on a decoded number `n`.
pub fn read_number(node: &Node) -> Option<TokenStream> {
    match &node.const_ {
        Some(Constant::Number(x)) => Some(literal::read_number_call("eq_int", "eq_float", x)),
        _ => None,
    }
}

/// The booleans `const` admits, if it is a boolean.
pub fn read_booleans(node: &Node) -> Option<Vec<bool>> {
    match &node.const_ {
        Some(Constant::Bool(b)) => Some(vec![*b]),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(value: Constant) -> Node {
        Node {
            pointer: "/$defs/X/properties/jsonrpc".into(),
            const_: Some(value),
            ..Node::default()
        }
    }

    #[test]
    fn compares_in_the_matching_arm_only() {
        let node = with(Constant::String("2.0".into()));
        assert_eq!(
            arm(&node, Variant::String).tokens().to_string(),
            "s == \"2.0\""
        );
        assert!(matches!(arm(&node, Variant::Number), Cond::False));
        let node = with(Constant::Number((-32021).into()));
        assert_eq!(
            arm(&node, Variant::Number).tokens().to_string(),
            "rt :: number :: eq_int (n , - 32021)"
        );
    }

    #[test]
    fn reports_the_expected_json() {
        let text = check(&with(Constant::String("2.0".into()))).to_string();
        assert_eq!(
            text, "rt :: const_str (out , path , at , \"2.0\" , v) ;",
            "{text}"
        );
        let text = check(&with(Constant::Bool(true))).to_string();
        assert!(
            text.contains("rt :: const_ (out , path , at , \"true\" , v)"),
            "{text}"
        );
        assert!(check(&Node::default()).is_empty());
    }

    #[test]
    fn arrays_and_objects_compare_structurally() {
        let node = with(Constant::from_value(&serde_json::json!([1, {"a": 2}])));
        assert_eq!(
            arm(&node, Variant::Array).tokens().to_string(),
            "{ static C : rt :: Constant = rt :: Constant :: new (\"[1,{\\\"a\\\":2}]\") ; C . matches_array (a) }"
        );
        assert!(matches!(arm(&node, Variant::Object), Cond::False));
        let node = with(Constant::from_value(&serde_json::json!({})));
        assert!(arm(&node, Variant::Object)
            .tokens()
            .to_string()
            .contains("C . matches_object (m)"));
        let text = check(&node).to_string();
        assert!(
            text.contains("rt :: const_ (out , path , at , \"{}\" , v)"),
            "{text}"
        );
    }
}

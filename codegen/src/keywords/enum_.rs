//! `enum`: any listed value, numbers by value, arrays and objects
//! structurally ([`super::const_::equals`]; the MCP schemas use strings).
//! Strings compile to one `matches!(s.as_str(), "a" | "b")`.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::const_::equals;
use super::variant::{select, Variant};
use crate::node::{Constant, Node};

/// Whether an instance of `variant` is one of `values`.
fn one_of(values: &[Constant], variant: Variant) -> Cond {
    let strings: Vec<&str> = values
        .iter()
        .filter_map(|v| match v {
            Constant::String(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    if variant == Variant::String && strings.len() > 1 {
        return Cond::atom(quote!(matches!(s.as_str(), #(#strings)|*)));
    }
    Cond::any(values.iter().map(|value| equals(value, variant)))
}

/// `enum`'s demand on one variant.
pub fn arm(node: &Node, variant: Variant) -> Cond {
    node.enum_
        .as_ref()
        .map_or(Cond::True, |values| one_of(values, variant))
}

/// `if v not in enum { report }`, listing the values.
pub fn check(node: &Node) -> TokenStream {
    let Some(values) = &node.enum_ else {
        return TokenStream::new();
    };
    let test = select(Variant::ALL.map(|variant| one_of(values, variant)));
    let not = test.not();
    let at = super::context::at();
    let expected = values
        .iter()
        .map(Constant::json)
        .collect::<Vec<_>>()
        .join(", ");
    quote! {
        if #not {
            rt::enum_(out, path, #at, #expected, v);
        }
    }
}

/// The bytes form's test on a decoded string `s`.
pub fn read_string(node: &Node) -> Option<TokenStream> {
    let values = node.enum_.as_ref()?;
    let strings: Vec<&str> = values
        .iter()
        .filter_map(|v| match v {
            Constant::String(s) => Some(s.as_str()),
            _ => None,
        })
        .collect();
    Some(quote!(matches!(s, #(#strings)|*)))
}

/// The bytes form's test on a decoded number `n`.
pub fn read_number(node: &Node) -> Option<TokenStream> {
    let values = node.enum_.as_ref()?;
    let eqs: Vec<TokenStream> = values
        .iter()
        .filter_map(|v| match v {
            Constant::Number(x) => Some(super::literal::read_number_call("eq_int", "eq_float", x)),
            _ => None,
        })
        .collect();
    Some(quote!((#(#eqs)||*)))
}

/// The booleans `enum` lists, if it is present.
pub fn read_booleans(node: &Node) -> Option<Vec<bool>> {
    let values = node.enum_.as_ref()?;
    Some(
        values
            .iter()
            .filter_map(|v| match v {
                Constant::Bool(b) => Some(*b),
                _ => None,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_become_one_match() {
        let node = Node {
            pointer: "/$defs/X".into(),
            enum_: Some(vec![
                Constant::String("private".into()),
                Constant::String("public".into()),
            ]),
            ..Node::default()
        };
        assert_eq!(
            arm(&node, Variant::String).tokens().to_string(),
            "matches ! (s . as_str () , \"private\" | \"public\")"
        );
        assert!(matches!(arm(&node, Variant::Null), Cond::False));
        let text = check(&node).to_string();
        assert!(text.contains(r#""\"private\", \"public\"""#), "{text}");
        assert!(text.contains("rt :: enum_ (out , path , at ,"), "{text}");
    }
}

//! `minimum` and `maximum` (inclusive), compared exactly whatever the
//! representations (`mcpwire::number::{ge,le}_{int,float}`): `-1 is less
//! than the minimum of 0`. They apply to numbers only.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::literal::number_call;
use crate::node::Node;

/// The bounds' demand on a number `n`.
pub fn valid(node: &Node) -> Cond {
    let min = node
        .minimum
        .as_ref()
        .map(|b| Cond::atom(number_call("ge_int", "ge_float", b)));
    let max = node
        .maximum
        .as_ref()
        .map(|b| Cond::atom(number_call("le_int", "le_float", b)));
    Cond::all(min.into_iter().chain(max))
}

/// One `if !bound { report }` per bound (inside `if let Number(n)`).
pub fn check(node: &Node) -> TokenStream {
    let min = node.minimum.as_ref().map(|b| {
        let test = number_call("ge_int", "ge_float", b);
        let at = super::context::at();
        let shown = b.to_string();
        quote! {
            if !#test {
                rt::minimum(out, path, #at, #shown, n);
            }
        }
    });
    let max = node.maximum.as_ref().map(|b| {
        let test = number_call("le_int", "le_float", b);
        let at = super::context::at();
        let shown = b.to_string();
        quote! {
            if !#test {
                rt::maximum(out, path, #at, #shown, n);
            }
        }
    });
    quote!(#min #max)
}

/// The bytes form's tests on a decoded number `n`.
pub fn read(node: &Node) -> Vec<TokenStream> {
    let min = node
        .minimum
        .as_ref()
        .map(|b| super::literal::read_number_call("ge_int", "ge_float", b));
    let max = node
        .maximum
        .as_ref()
        .map(|b| super::literal::read_number_call("le_int", "le_float", b));
    min.into_iter().chain(max).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_and_float_bounds() {
        let node = Node {
            pointer: "/$defs/X".into(),
            minimum: Some(0.into()),
            maximum: serde_json::Number::from_f64(0.5),
            ..Node::default()
        };
        assert_eq!(
            valid(&node).tokens().to_string(),
            "rt :: number :: ge_int (n , 0) && rt :: number :: le_float (n , 0.5)"
        );
        let text = check(&node).to_string();
        assert!(
            text.contains("rt :: minimum (out , path , at , \"0\" , n)"),
            "{text}"
        );
        assert!(
            text.contains("rt :: maximum (out , path , at , \"0.5\" , n)"),
            "{text}"
        );
        assert!(valid(&Node::default()).is_true());
    }
}

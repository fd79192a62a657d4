//! `items` (one schema for every element; the tuple form is refused when
//! parsing): each element is checked below `path.index(i)`.

use proc_macro2::TokenStream;
use quote::quote;

use super::compile::{check_below, valid as node_valid, Ctx};
use super::cond::Cond;
use super::node::Node;

/// The element schema's demand on an array `a`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let Some(items) = &node.items else {
        return Cond::True;
    };
    match node_valid(items, cx) {
        Cond::True => Cond::True,
        cond => {
            let cond = cond.tokens();
            Cond::atom(quote!(rt::every(a, |v| #cond)))
        }
    }
}

/// One pass over the elements (inside `if let Array(a)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let Some(items) = &node.items else {
        return TokenStream::new();
    };
    let body = check_below(items, cx, quote!(path.index(i)));
    if body.is_empty() {
        return body;
    }
    quote! {
        for (i, v) in a.iter().enumerate() {
            #body
        }
    }
}

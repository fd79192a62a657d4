//! `items`: one schema for every element after `prefixItems` (draft-07:
//! `additionalItems` after the array form of `items`), each checked below
//! `path.index(i)`.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::Node;
use crate::Error;

/// The element schema's demand on an array `a`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let Some(items) = &node.items else {
        return Cond::True;
    };
    match (cx.valid(items), prefix_len(node)) {
        (Cond::True, _) => Cond::True,
        (Cond::False, Some(n)) => Cond::cmp(quote!(a.len() <= #n)),
        (cond, None) => {
            let cond = cond.tokens();
            Cond::atom(quote!(rt::every(a, |v| #cond)))
        }
        (cond, Some(n)) => {
            let cond = cond.tokens();
            Cond::atom(quote!(rt::every(a.get(#n..).unwrap_or_default(), |v| #cond)))
        }
    }
}

/// One pass over the elements (inside `if let Array(a)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let Some(items) = &node.items else {
        return TokenStream::new();
    };
    let body = cx.check_below(items, quote!(path.index(i)));
    if body.is_empty() {
        return body;
    }
    let skip = prefix_len(node).map(|n| quote!(.skip(#n)));
    quote! {
        for (i, v) in a.iter().enumerate()#skip {
            #body
        }
    }
}

/// How many leading elements `prefixItems` takes, when present.
fn prefix_len(node: &Node) -> Option<proc_macro2::Literal> {
    node.prefix_items
        .as_ref()
        .map(|prefix| proc_macro2::Literal::usize_unsuffixed(prefix.len()))
}

/// The bytes form: each element read against `items`, unless it is trivial.
pub fn read(node: &Node, cx: &Ctx<'_>) -> Result<Option<TokenStream>, Error> {
    match &node.items {
        Some(items) if !items.is_trivial() => Ok(Some(cx.read(items)?)),
        _ => Ok(None),
    }
}

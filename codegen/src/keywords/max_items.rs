//! `maxItems`: `101 items, more than the maximum of 100`; arrays only.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use crate::node::Node;

/// The limit's demand on an array `a`.
pub fn valid(node: &Node) -> Cond {
    node.max_items.map_or(Cond::True, |max| {
        let max = Literal::u64_unsuffixed(max);
        Cond::cmp(quote!(a.len() <= #max))
    })
}

/// `if a.len() > max { report }` (inside `if let Array(a)`).
pub fn check(node: &Node) -> TokenStream {
    let Some(max) = node.max_items else {
        return TokenStream::new();
    };
    let at = super::context::at();
    let max = Literal::u64_unsuffixed(max);
    quote! {
        if a.len() > #max {
            rt::max_items(out, path, #at, #max, a.len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_the_length() {
        let node = Node {
            pointer: "/$defs/X".into(),
            max_items: Some(100),
            ..Node::default()
        };
        assert_eq!(valid(&node).tokens().to_string(), "a . len () <= 100");
        assert!(check(&node)
            .to_string()
            .contains("rt :: max_items (out , path , at , 100 , a . len ())"));
    }
}

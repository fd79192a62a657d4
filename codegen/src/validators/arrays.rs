//! `minItems`, `uniqueItems` (JSON equality, `rt::unique`), `prefixItems`
//! (draft-07 `items` array form) and `contains`/`minContains`/
//! `maxContains` (default `minContains` 1): arrays only. (`items` and
//! `maxItems` have files of their own.)

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::compile::{check_below, valid as node_valid, Ctx};
use super::cond::Cond;
use super::node::Node;

/// The keywords' demand on an array `a` (the whole value is `v`).
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let mut parts = Vec::new();
    if let Some(min) = node.min_items {
        let min = Literal::u64_unsuffixed(min);
        parts.push(Cond::cmp(quote!(a.len() >= #min)));
    }
    if node.unique_items {
        parts.push(Cond::atom(quote!(rt::unique(a))));
    }
    for (i, sub) in node.prefix_items.iter().flatten().enumerate() {
        let index = Literal::usize_unsuffixed(i);
        parts.push(match node_valid(sub, cx) {
            Cond::True => continue,
            Cond::False => Cond::cmp(quote!(a.len() <= #index)),
            cond => {
                let cond = cond.tokens();
                Cond::atom(quote!(a.get(#index).is_none_or(|v| #cond)))
            }
        });
    }
    if let Some(contains) = &node.contains {
        parts.push(contains_valid(node, contains, cx));
    }
    Cond::all(parts)
}

/// `contains` with its bounds: how many elements match, within
/// `[minContains (1), maxContains]`.
fn contains_valid(node: &Node, contains: &Node, cx: &Ctx<'_>) -> Cond {
    let min = node.min_contains.unwrap_or(1);
    let max = node.max_contains;
    let lit = Literal::u64_unsuffixed;
    let bounds = |count: TokenStream| {
        let low = (min > 0).then(|| {
            let min = lit(min);
            Cond::cmp(quote!(#count >= #min))
        });
        let high = max.map(|max| {
            let max = lit(max);
            Cond::cmp(quote!(#count <= #max))
        });
        Cond::all(low.into_iter().chain(high))
    };
    match node_valid(contains, cx) {
        _ if min == 0 && max.is_none() => Cond::True,
        Cond::True => bounds(quote!(a.len())),
        Cond::False => Cond::constant(min == 0),
        cond if min == 1 && max.is_none() => {
            let not = cond.not();
            Cond::atom(quote!(!rt::every(a, |v| #not)))
        }
        cond => {
            let cond = cond.tokens();
            let test = bounds(quote!(count)).tokens();
            Cond::atom(quote!({
                let count = rt::count_where(a, |v| #cond);
                #test
            }))
        }
    }
}

/// The keywords' reports (inside `if let Array(a)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(min) = node.min_items {
        let at = super::compile::at();
        let min = Literal::u64_unsuffixed(min);
        out.extend(quote! {
            if a.len() < #min {
                rt::min_items(out, path, #at, #min, a.len());
            }
        });
    }
    if node.unique_items {
        let at = super::compile::at();
        out.extend(quote!(rt::unique_items(out, path, #at, a);));
    }
    for (i, sub) in node.prefix_items.iter().flatten().enumerate() {
        let index = Literal::usize_unsuffixed(i);
        let body = check_below(sub, cx, quote!(path.index(#index)));
        if !body.is_empty() {
            out.extend(quote! {
                if let Some(v) = a.get(#index) {
                    #body
                }
            });
        }
    }
    if let Some(contains) = &node.contains {
        out.extend(contains_check(node, contains, cx));
    }
    out
}

/// Counts the matching elements and reports a count out of bounds:
/// `contains` itself when no `minContains` is given.
fn contains_check(node: &Node, contains: &Node, cx: &Ctx<'_>) -> TokenStream {
    let min = node.min_contains.unwrap_or(1);
    let max = node.max_contains;
    if min == 0 && max.is_none() {
        return TokenStream::new();
    }
    let cond = node_valid(contains, cx).tokens();
    let low = (min > 0).then(|| {
        let at = super::compile::at();
        let min_lit = Literal::u64_unsuffixed(min);
        let report = match node.min_contains {
            None => quote!(rt::contains(out, path, #at);),
            Some(_) => quote!(rt::min_contains(out, path, #at, #min_lit, count);),
        };
        quote! {
            if count < #min_lit {
                #report
            }
        }
    });
    let high = max.map(|max| {
        let at = super::compile::at();
        let max = Literal::u64_unsuffixed(max);
        quote! {
            if count > #max {
                rt::max_contains(out, path, #at, #max, count);
            }
        }
    });
    quote! {
        let count = rt::count_where(a, |v| #cond);
        #low
        #high
    }
}

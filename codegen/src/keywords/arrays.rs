//! `minItems`, `uniqueItems` (JSON equality, `rt::unique`), `prefixItems`
//! (draft-07 `items` array form) and `contains`/`minContains`/
//! `maxContains` (default `minContains` 1): arrays only. (`items` and
//! `maxItems` have files of their own.)

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::Node;

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
        parts.push(match cx.valid(sub) {
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
    match cx.valid(contains) {
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
        let at = super::context::at();
        let min = Literal::u64_unsuffixed(min);
        out.extend(quote! {
            if a.len() < #min {
                rt::min_items(out, path, #at, #min, a.len());
            }
        });
    }
    if node.unique_items {
        let at = super::context::at();
        out.extend(quote!(rt::unique_items(out, path, #at, a);));
    }
    for (i, sub) in node.prefix_items.iter().flatten().enumerate() {
        let index = Literal::usize_unsuffixed(i);
        let body = cx.check_below(sub, quote!(path.index(#index)));
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
    let cond = cx.valid(contains).tokens();
    let low = (min > 0).then(|| {
        let at = super::context::at();
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
        let at = super::context::at();
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::node::Type;
    use crate::{Schema, Version};

    fn strings() -> Node {
        Node {
            types: Some(vec![Type::String]),
            ..Node::default()
        }
    }

    fn texts(node: &Node) -> (String, String) {
        let version = Version::by_name("draft").expect("draft");
        let schema = Schema::new(version, serde_json::json!({"$defs": {}})).expect("schema");
        let nodes = BTreeMap::new();
        let cx = crate::keywords::context(&schema, &nodes);
        (
            valid(node, &cx).tokens().to_string(),
            check(node, &cx).to_string(),
        )
    }

    #[test]
    fn min_items_unique_and_prefix() {
        let node = Node {
            pointer: "/$defs/X".into(),
            min_items: Some(2),
            unique_items: true,
            prefix_items: Some(vec![Node::default(), strings()]),
            ..Node::default()
        };
        let (valid, check) = texts(&node);
        assert_eq!(
            valid,
            "a . len () >= 2 && rt :: unique (a) && a . get (1) . is_none_or (| v | v . is_string ())"
        );
        assert!(
            check.contains("rt :: min_items (out , path , at , 2 , a . len ())"),
            "{check}"
        );
        assert!(
            check.contains("rt :: unique_items (out , path , at , a) ;"),
            "{check}"
        );
        assert!(check.contains("if let Some (v) = a . get (1)"), "{check}");
        assert!(!check.contains("a . get (0)"), "{check}");
    }

    #[test]
    fn contains_bounds() {
        let with = |min: Option<u64>, max: Option<u64>| Node {
            pointer: "/$defs/X".into(),
            contains: Some(Box::new(strings())),
            min_contains: min,
            max_contains: max,
            ..Node::default()
        };
        let (valid, check) = texts(&with(None, None));
        assert_eq!(valid, "! rt :: every (a , | v | ! v . is_string ())");
        assert!(
            check.contains("rt :: contains (out , path , at)"),
            "{check}"
        );
        let (valid, _) = texts(&with(Some(0), None));
        assert_eq!(valid, "true");
        let (valid, check) = texts(&with(Some(2), Some(3)));
        assert!(
            valid.contains("let count = rt :: count_where (a , | v | v . is_string ()) ; count >= 2 && count <= 3"),
            "{valid}"
        );
        assert!(
            check.contains("rt :: min_contains (out , path , at , 2 , count)"),
            "{check}"
        );
        assert!(
            check.contains("rt :: max_contains (out , path , at , 3 , count)"),
            "{check}"
        );
    }
}

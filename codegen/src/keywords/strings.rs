//! `minLength`, `maxLength` (Unicode code points, `rt::min_chars`/
//! `rt::max_chars`, which count only when the byte length does not decide)
//! and `pattern` (ECMA-262, compiled once per site: a `static rt::Pattern`
//! in the generated code): strings only.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use crate::node::Node;

/// `{ static RE: rt::Pattern = rt::Pattern::new(source); RE.is_match(text) }`:
/// the pattern `source` (checked to compile when the node was parsed)
/// matched somewhere in `text` (a `&str` expression).
pub fn matches(source: &str, text: TokenStream) -> TokenStream {
    quote!({
        static RE: rt::Pattern = rt::Pattern::new(#source);
        RE.is_match(#text)
    })
}

/// The keywords' demand on a string `s`.
pub fn valid(node: &Node) -> Cond {
    let min = node.min_length.map(|min| {
        let min = Literal::u64_unsuffixed(min);
        Cond::atom(quote!(rt::min_chars(s, #min)))
    });
    let max = node.max_length.map(|max| {
        let max = Literal::u64_unsuffixed(max);
        Cond::atom(quote!(rt::max_chars(s, #max)))
    });
    let pattern = node
        .pattern
        .as_deref()
        .map(|source| Cond::atom(matches(source, quote!(s))));
    Cond::all(min.into_iter().chain(max).chain(pattern))
}

/// One `if !test { report }` per keyword (inside `if let String(s)`).
pub fn check(node: &Node) -> TokenStream {
    let min = node.min_length.map(|min| {
        let at = super::context::at();
        let min = Literal::u64_unsuffixed(min);
        quote! {
            if !rt::min_chars(s, #min) {
                rt::min_length(out, path, #at, #min, s);
            }
        }
    });
    let max = node.max_length.map(|max| {
        let at = super::context::at();
        let max = Literal::u64_unsuffixed(max);
        quote! {
            if !rt::max_chars(s, #max) {
                rt::max_length(out, path, #at, #max, s);
            }
        }
    });
    let pattern = node.pattern.as_deref().map(|source| {
        let at = super::context::at();
        let test = matches(source, quote!(s));
        quote! {
            if !#test {
                rt::pattern(out, path, #at, #source, s);
            }
        }
    });
    quote!(#min #max #pattern)
}

/// The bytes form's tests on a decoded string `s`, in keyword order.
pub fn read(node: &Node) -> Vec<TokenStream> {
    let mut tests = Vec::new();
    if let Some(min) = node.min_length {
        let min = Literal::u64_unsuffixed(min);
        tests.push(quote!(rt::min_chars(s, #min)));
    }
    if let Some(max) = node.max_length {
        let max = Literal::u64_unsuffixed(max);
        tests.push(quote!(rt::max_chars(s, #max)));
    }
    if let Some(source) = &node.pattern {
        tests.push(quote!({
            static RE: rt::Pattern = rt::Pattern::new(#source);
            RE.is_match(s)
        }));
    }
    tests
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_pattern() {
        let node = Node {
            pointer: "/$defs/X".into(),
            min_length: Some(1),
            max_length: Some(10),
            pattern: Some("^a+$".into()),
            ..Node::default()
        };
        assert_eq!(
            valid(&node).tokens().to_string(),
            "rt :: min_chars (s , 1) && rt :: max_chars (s , 10) && { static RE : rt :: Pattern = rt :: Pattern :: new (\"^a+$\") ; RE . is_match (s) }"
        );
        let text = check(&node).to_string();
        assert!(
            text.contains("rt :: min_length (out , path , at , 1 , s)"),
            "{text}"
        );
        assert!(
            text.contains("rt :: max_length (out , path , at , 10 , s)"),
            "{text}"
        );
        assert!(
            text.contains("rt :: pattern (out , path , at , \"^a+$\" , s)"),
            "{text}"
        );
        assert!(valid(&Node::default()).is_true());
        assert!(check(&Node::default()).is_empty());
    }
}

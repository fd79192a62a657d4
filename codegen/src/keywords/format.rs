//! `format`: `uri`, `uri-template` and `byte`, asserted (as ajv-formats'
//! full mode does) by `mcpwire::format`; strings only. Any other format
//! is refused when parsing.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use crate::names::ident;
use crate::node::{Format, Node};

/// The format's demand on a string `s`.
pub fn valid(node: &Node) -> Cond {
    node.format.map_or(Cond::True, |format| {
        let f = ident(format.function());
        Cond::atom(quote!(rt::format::#f(s)))
    })
}

/// `if !format(s) { report }` (inside `if let String(s)`).
pub fn check(node: &Node) -> TokenStream {
    let Some(format) = node.format else {
        return TokenStream::new();
    };
    let at = super::context::at();
    let format = ident(&format.name().replace('-', "_").to_uppercase());
    quote!(rt::formatted(out, path, #at, rt::formats::#format, v);)
}

/// The bytes form when `format` is the string arm's only test: `byte` is
/// checked as the bytes pass, no decode, no second pass.
pub fn read_alone(node: &Node) -> Option<TokenStream> {
    matches!(node.format, Some(Format::Byte)).then(|| quote!(r.byte_string()))
}

/// The bytes form's test on a decoded string `s`.
pub fn read(node: &Node) -> Option<TokenStream> {
    node.format.map(|format| {
        let f = ident(format.function());
        quote!(rt::format::#f(s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::Format;

    #[test]
    fn calls_the_runtime_check() {
        let node = Node {
            pointer: "/$defs/X".into(),
            format: Some(Format::UriTemplate),
            ..Node::default()
        };
        assert_eq!(
            valid(&node).tokens().to_string(),
            "rt :: format :: is_uri_template (s)"
        );
        assert!(check(&node)
            .to_string()
            .contains("rt :: formatted (out , path , at , rt :: formats :: URI_TEMPLATE , v)"));
    }
}

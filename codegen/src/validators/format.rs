//! `format`: `uri`, `uri-template` and `byte`, asserted (as ajv-formats'
//! full mode does) by `mcpwire::format`; strings only. Any other format
//! is refused when parsing.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::node::Node;
use crate::names::ident;
use crate::schema::join;

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
    let f = ident(format.function());
    let pointer = join(&node.pointer, "format");
    let name = format.name();
    quote! {
        if !rt::format::#f(s) {
            rt::format(out, path, #pointer, #name, s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validators::node::Format;

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
            .contains("\"/$defs/X/format\" , \"uri-template\""));
    }
}

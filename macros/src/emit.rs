//! The expansion: code that builds the fixture's `Value`, naming only
//! `::mcpwire::…` paths (`::mcpwire::__private::serde_json`, so callers need
//! not depend on serde_json themselves).

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;
use serde_json::Value;

use crate::check;
use crate::parse::{Key, Node};
use crate::target::Target;

/// The whole expansion of `fixture!`.
pub fn fixture(node: &Node, target: &Target) -> TokenStream {
    if !node.has_holes() {
        return literal(node);
    }
    let build = build(node);
    let revision = &target.revision;
    let definition = &target.definition;
    let what = target.display();
    quote! {
        ::mcpwire::__private::validated(
            #build,
            |v| ::mcpwire::#revision::validate::Definition::#definition.check(v),
            #what,
        )
    }
}

/// A hole-free value: its JSON text, parsed when the fixture is built.
fn literal(node: &Node) -> TokenStream {
    let text = check::value(node, &Value::Null).to_string();
    let text = Literal::string(&text);
    quote!(::mcpwire::__private::literal(#text))
}

/// Code that builds a value with holes, evaluating them in source order.
fn build(node: &Node) -> TokenStream {
    if !node.has_holes() {
        return literal(node);
    }
    match node {
        Node::Hole(tokens, _) => quote!(::mcpwire::__private::to_value(&(#tokens))),
        Node::Array(items, _) => {
            let items = items.iter().map(build);
            quote!(::mcpwire::__private::serde_json::Value::Array(
                ::std::vec![#(#items),*]
            ))
        }
        Node::Object(members, _) => {
            let map = Ident::new("fixture_map", Span::mixed_site());
            let inserts = members.iter().map(|m| {
                let key = match &m.key {
                    Key::Lit(k) => quote!(::std::string::String::from(#k)),
                    Key::Expr(tokens) => {
                        quote!(::std::convert::Into::<::std::string::String>::into(#tokens))
                    }
                };
                let value = build(&m.value);
                quote!(#map.insert(#key, #value);)
            });
            quote! {{
                let mut #map = ::mcpwire::__private::serde_json::Map::new();
                #(#inserts)*
                ::mcpwire::__private::serde_json::Value::Object(#map)
            }}
        }
        Node::Scalar(..) => literal(node),
    }
}

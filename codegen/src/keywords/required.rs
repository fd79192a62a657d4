//! `required`, collecting form: `mcpwire::support::required` looks each name
//! up and reports a missing member at the object: `"name" is a required
//! property`. (The boolean form counts required names during the member
//! pass: see [`super::properties`].)

use proc_macro2::TokenStream;
use quote::quote;

use crate::node::Node;

/// One runtime call checking every name (inside `if let Object(m)`).
pub fn check(node: &Node) -> TokenStream {
    let names = &node.required;
    if names.is_empty() {
        return TokenStream::new();
    }
    let at = super::context::at();
    quote!(rt::required(out, path, #at, m, &[#(#names),*]);)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn requiring(names: &[&str]) -> Node {
        Node {
            pointer: "/$defs/X".into(),
            required: names.iter().map(|n| n.to_string()).collect(),
            ..Node::default()
        }
    }

    #[test]
    fn looks_each_name_up() {
        assert!(check(&requiring(&[])).is_empty());
        let text = check(&requiring(&["a", "b"])).to_string();
        assert!(
            text.contains("(out , path , at , m , & [\"a\" , \"b\"])"),
            "{text}"
        );
    }
}

//! `required`: `m.contains_key(name)` per name; a missing member is
//! reported at the object: `"name" is a required property`
//! (`mcpwire::support::required`).

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::node::Node;
use crate::schema::join;

/// The names' demand on an object `m`.
pub fn valid(node: &Node) -> Cond {
    Cond::all(
        node.required
            .iter()
            .map(|name| Cond::atom(quote!(m.contains_key(#name)))),
    )
}

/// One runtime call checking every name (inside `if let Object(m)`).
pub fn check(node: &Node) -> TokenStream {
    let names = &node.required;
    if names.is_empty() {
        return TokenStream::new();
    }
    let pointer = join(&node.pointer, "required");
    quote!(crate::support::required(out, path, #pointer, m, &[#(#names),*]);)
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
        assert_eq!(
            valid(&requiring(&["a", "b"])).tokens().to_string(),
            "m . contains_key (\"a\") && m . contains_key (\"b\")"
        );
        assert!(valid(&requiring(&[])).is_true());
        assert!(check(&requiring(&[])).is_empty());
        let text = check(&requiring(&["a", "b"])).to_string();
        assert!(
            text.contains("\"/$defs/X/required\" , m , & [\"a\" , \"b\"]"),
            "{text}"
        );
    }
}

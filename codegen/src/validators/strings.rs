//! `minLength`, `maxLength` (Unicode code points) and `pattern`
//! (ECMA-262, compiled once per pattern): strings only.

use proc_macro2::TokenStream;

use super::cond::Cond;
use super::node::Node;

/// The keywords' demand on a string `s`.
pub fn valid(_node: &Node) -> Cond {
    Cond::True
}

/// One `if !test { report }` per keyword (inside `if let String(s)`).
pub fn check(_node: &Node) -> TokenStream {
    TokenStream::new()
}

//! `exclusiveMinimum`, `exclusiveMaximum` and `multipleOf` (exact for
//! decimals): numbers only.

use proc_macro2::TokenStream;

use super::cond::Cond;
use super::node::Node;

/// The keywords' demand on a number `n`.
pub fn valid(_node: &Node) -> Cond {
    Cond::True
}

/// One `if !test { report }` per keyword (inside `if let Number(n)`).
pub fn check(_node: &Node) -> TokenStream {
    TokenStream::new()
}

//! The in-place applicators beyond `allOf`/`anyOf`: `not`, `oneOf` and
//! `if`/`then`/`else`, and the `false` schema.

use proc_macro2::TokenStream;

use super::compile::Ctx;
use super::cond::Cond;
use super::node::Node;

/// Their demand on `v`.
pub fn valid(_node: &Node, _cx: &Ctx<'_>) -> Cond {
    Cond::True
}

/// Their reports.
pub fn check(_node: &Node, _cx: &Ctx<'_>) -> TokenStream {
    TokenStream::new()
}

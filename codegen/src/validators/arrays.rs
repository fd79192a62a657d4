//! `minItems`, `uniqueItems` (JSON equality), `prefixItems` (draft-07
//! `items` array form) and `contains`/`minContains`/`maxContains`: arrays
//! only. (`items` and `maxItems` have files of their own.)

use proc_macro2::TokenStream;

use super::compile::Ctx;
use super::cond::Cond;
use super::node::Node;

/// The keywords' demand on an array `a` (the whole value is `v`).
pub fn valid(_node: &Node, _cx: &Ctx<'_>) -> Cond {
    Cond::True
}

/// The keywords' reports (inside `if let Array(a)`).
pub fn check(_node: &Node, _cx: &Ctx<'_>) -> TokenStream {
    TokenStream::new()
}

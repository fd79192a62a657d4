//! `minProperties`, `maxProperties`, `propertyNames`,
//! `dependentRequired` and `dependentSchemas` (draft-07 `dependencies`):
//! objects only. (`patternProperties` is read with `properties`.)

use proc_macro2::TokenStream;

use super::compile::Ctx;
use super::cond::Cond;
use super::node::Node;

/// The keywords' demand on an object `m` (the whole value is `v`).
pub fn valid(_node: &Node, _cx: &Ctx<'_>) -> Cond {
    Cond::True
}

/// The keywords' reports (inside `if let Object(m)`).
pub fn check(_node: &Node, _cx: &Ctx<'_>) -> TokenStream {
    TokenStream::new()
}

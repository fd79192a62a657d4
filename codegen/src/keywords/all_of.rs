//! `allOf`: every part applies to the same instance; each part is inlined,
//! and the violations of all parts are reported.

use proc_macro2::TokenStream;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::Node;

/// Every part's demand, in order.
pub fn valid(parts: &[Node], cx: &Ctx<'_>) -> Cond {
    Cond::all(parts.iter().map(|part| cx.valid(part)))
}

/// Every part's statements, in order.
pub fn check(parts: &[Node], cx: &Ctx<'_>) -> TokenStream {
    // Each part in a block of its own: a part that binds `at` (its own
    // pointer) must not shadow the `at` of the statements after it.
    parts
        .iter()
        .map(|part| cx.check(part))
        .filter(|body| !body.is_empty())
        .map(|body| quote::quote!({ #body }))
        .collect()
}

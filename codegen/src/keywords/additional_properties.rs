//! `additionalProperties`: what members not named in `properties` must
//! satisfy. Absent, `true` and `{}` constrain nothing (every MCP object is
//! open); a schema is checked on each such member below `path.key(k)`;
//! `false` (never used by the MCP schemas, supported cheaply) rejects them:
//! `unexpected property "x"`, reported at the object. The member loop itself
//! belongs to [`super::properties`], which calls these for its `_` arm.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::{Additional, Node};
use crate::Error;

/// The demand on one other member `v` (named `k`).
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    match &node.additional {
        None => Cond::True,
        Some(Additional::False) => Cond::False,
        Some(Additional::Schema(schema)) => cx.valid(schema),
    }
}

/// The statements for one other member (`k`, `v` and the object's `path`
/// in scope), and whether they read `v`.
pub fn check(node: &Node, cx: &Ctx<'_>) -> (TokenStream, bool) {
    match &node.additional {
        None => (TokenStream::new(), false),
        Some(Additional::False) => {
            let at = super::context::at();
            (quote!(rt::additional(out, path, #at, k);), false)
        }
        Some(Additional::Schema(schema)) => {
            let body = cx.check_below(schema, quote!(path.key(k)));
            let reads = !body.is_empty();
            (body, reads)
        }
    }
}

/// The bytes form for one other member: skipped, refused (`Stop`) or read.
pub fn read(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    Ok(match &node.additional {
        None => quote!(r.skip()),
        Some(Additional::False) => quote!(rb::stop()),
        Some(Additional::Schema(schema)) => cx.read(schema)?,
    })
}

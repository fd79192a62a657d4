//! What selects an `anyOf` branch for diagnostics (never for the verdict):
//! the members every object valid for a branch has (`required`, followed
//! through `$ref` and `allOf`). At run time a required member present in
//! the instance and required by only one branch of its kind selects that
//! branch (`blob` selects `BlobResourceContents`), so a failing instance is
//! explained by the branch it is evidently meant as
//! (`mcpwire::support::any_of`, rule 2).

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::context::Ctx;
use crate::node::Node;

/// How deep `$ref`/`allOf` chains are followed (cycles end here).
const MAX_DEPTH: usize = 8;

/// The member names every object valid for `node` has.
pub fn required_members(node: &Node, cx: &Ctx<'_>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    collect(node, cx, 0, &mut out);
    out
}

fn collect(node: &Node, cx: &Ctx<'_>, depth: usize, out: &mut BTreeSet<String>) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(target) = &node.ref_ {
        if let Some(def) = cx.nodes.get(target) {
            collect(def, cx, depth + 1, out);
        }
        return;
    }
    out.extend(node.required.iter().cloned());
    for part in node.all_of.iter().flatten() {
        collect(part, cx, depth + 1, out);
    }
}

/// `.requiring(&["uri", "blob"])` for a branch's constructor; nothing when
/// the branch requires no member.
pub fn requiring(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let members = required_members(node, cx);
    if members.is_empty() {
        return TokenStream::new();
    }
    let members = members.iter().map(String::as_str);
    quote!(.requiring(&[#(#members),*]))
}

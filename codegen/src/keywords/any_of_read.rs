//! `anyOf`: `rb::any_of` tries the branches on the same bytes,
//! in order, and passes at the first that reads the value. Before trying,
//! it narrows the branches (each narrowing drops only branches that cannot
//! pass, so the verdict is the same and usually one branch is read):
//!
//! - by the value's first byte against each branch's kinds (`RequestId`:
//!   a string goes to the string branch only);
//! - for an object, by the discriminating member, when the branches have
//!   one (a property whose string `const` differs per branch: `type` of
//!   `ContentBlock`, `method` of the request unions): the branch with that
//!   tag and the untagged ones;
//! - for an object, by presence: a branch whose `required` names a member
//!   the object lacks cannot pass (`JSONRPCMessage`: a result has no
//!   `method`).
//!
//! Kinds and the discriminator are the validators stage's analyses
//! (`validators::kinds`, `validators::discriminator`), so both stages
//! narrow alike; `required` is followed through `$ref` and `allOf` (both
//! apply to the same instance).

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::context::Ctx;
use super::{discriminator, kinds};
use crate::node::Node;
use crate::Error;

/// How deep `$ref`/`allOf` chains are followed (cycles end here).
const MAX_DEPTH: usize = 8;

/// Most distinct `required` names tracked for presence (bits of a `u64`).
const MAX_KEYS: usize = 64;

/// `rb::any_of(r, tag, keys, &[Branch { … }, …])`.
pub fn read(branches: &[Node], cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    let tags = discriminator::find(branches, cx);
    let required: Vec<BTreeSet<String>> = branches
        .iter()
        .map(|b| {
            let mut out = BTreeSet::new();
            required_of(b, cx, 0, &mut out);
            out
        })
        .collect();
    let mut keys: Vec<&String> = required.iter().flatten().collect();
    keys.sort();
    keys.dedup();
    if keys.len() > MAX_KEYS {
        keys.clear();
    }
    let mut entries = Vec::new();
    for (i, branch) in branches.iter().enumerate() {
        let kinds = kinds::tokens(kinds::kinds(branch, cx));
        let tag = match tags
            .as_ref()
            .and_then(|d| d.tags.get(i))
            .and_then(Option::as_ref)
        {
            Some(t) => quote!(::std::option::Option::Some(#t)),
            None => quote!(::std::option::Option::None),
        };
        let mask = keys
            .iter()
            .enumerate()
            .filter(|(_, k)| required.get(i).is_some_and(|r| r.contains(k.as_str())))
            .fold(0u64, |m, (bit, _)| m | (1u64 << bit));
        let mask = Literal::u64_unsuffixed(mask);
        let read = match &branch.ref_ {
            Some(target) => {
                let f = crate::names::ident(&crate::names::read_fn(target));
                quote!(&#f)
            }
            None => {
                let body = cx.read(branch)?;
                quote!(&|r: &mut rb::Reader<'_>| -> rb::R { #body })
            }
        };
        entries.push(quote! {
            rb::Branch { kinds: #kinds, tag: #tag, required: #mask, read: #read },
        });
    }
    let tag_name = match tags.as_ref().map(|d| d.property.as_str()) {
        Some(property) => quote!(::std::option::Option::Some(#property)),
        None => quote!(::std::option::Option::None),
    };
    let keys = keys.iter().map(|k| k.as_str());
    Ok(quote!(rb::any_of(r, #tag_name, &[#(#keys),*], &[#(#entries)*])))
}

/// The member names every object valid for `node` has.
fn required_of(node: &Node, cx: &Ctx<'_>, depth: usize, out: &mut BTreeSet<String>) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(target) = &node.ref_ {
        if let Some(def) = cx.nodes.get(target) {
            required_of(def, cx, depth + 1, out);
        }
        return;
    }
    out.extend(node.required.iter().cloned());
    for part in node.all_of.iter().flatten() {
        required_of(part, cx, depth + 1, out);
    }
}

//! `anyOf`: `crate::bytes::any_of` tries the branches on the same bytes,
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
//! Kinds, consts and `required` are followed through `$ref` and `allOf`
//! (both apply to the same instance).

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::{value, Ctx};
use crate::validators::node::{kind, Node, Scalar};
use crate::Error;

/// How deep `$ref`/`allOf` chains are followed (cycles end here).
const MAX_DEPTH: usize = 8;

/// Most distinct `required` names tracked for presence (bits of a `u64`).
const MAX_KEYS: usize = 64;

/// `crate::bytes::any_of(r, tag, keys, &[Branch { … }, …])`.
pub fn read(branches: &[Node], cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    let tags = discriminator(branches, cx);
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
        let kinds = Literal::u8_unsuffixed(kinds(branch, cx));
        let tag = match tags
            .as_ref()
            .and_then(|(_, t)| t.get(i))
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
                let f = crate::names::ident(&super::read_fn(target));
                quote!(&#f)
            }
            None => {
                let body = value::read(branch, cx)?;
                quote!(&|r: &mut crate::bytes::Reader<'_>| -> crate::bytes::R { #body })
            }
        };
        entries.push(quote! {
            crate::bytes::Branch { kinds: #kinds, tag: #tag, required: #mask, read: #read },
        });
    }
    let tag_name = match &tags {
        Some((property, _)) => quote!(::std::option::Option::Some(#property)),
        None => quote!(::std::option::Option::None),
    };
    let keys = keys.iter().map(|k| k.as_str());
    Ok(quote!(crate::bytes::any_of(r, #tag_name, &[#(#keys),*], &[#(#entries)*])))
}

/// The kinds of instance `node` can accept at all.
pub fn kinds(node: &Node, cx: &Ctx<'_>) -> u8 {
    kinds_in(node, cx, 0)
}

fn kinds_in(node: &Node, cx: &Ctx<'_>, depth: usize) -> u8 {
    if depth > MAX_DEPTH {
        return kind::ANY;
    }
    if let Some(target) = &node.ref_ {
        return cx
            .nodes
            .get(target)
            .map_or(kind::ANY, |def| kinds_in(def, cx, depth + 1));
    }
    let mut k = value::own_kinds(node);
    for part in node.all_of.iter().flatten() {
        k &= kinds_in(part, cx, depth + 1);
    }
    if let Some(branches) = &node.any_of {
        k &= branches
            .iter()
            .fold(0, |acc, b| acc | kinds_in(b, cx, depth + 1));
    }
    k
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

/// The string consts a branch fixes, by property.
fn consts(node: &Node, cx: &Ctx<'_>, depth: usize, out: &mut BTreeMap<String, String>) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(target) = &node.ref_ {
        if let Some(def) = cx.nodes.get(target) {
            consts(def, cx, depth + 1, out);
        }
        return;
    }
    for (name, sub) in &node.properties {
        if let Some(Scalar::String(value)) = &sub.const_ {
            out.entry(name.clone()).or_insert_with(|| value.clone());
        }
    }
    for part in node.all_of.iter().flatten() {
        consts(part, cx, depth + 1, out);
    }
}

/// The discriminating property and each branch's value for it: a property
/// fixed by at least two branches, all to different strings (the one fixed
/// by the most branches, then the first by name). Branches that leave it
/// free are untagged.
fn discriminator(branches: &[Node], cx: &Ctx<'_>) -> Option<(String, Vec<Option<String>>)> {
    let per_branch: Vec<BTreeMap<String, String>> = branches
        .iter()
        .map(|b| {
            let mut out = BTreeMap::new();
            consts(b, cx, 0, &mut out);
            out
        })
        .collect();
    let candidates: BTreeSet<&String> = per_branch.iter().flat_map(|m| m.keys()).collect();
    let mut best: Option<(usize, String, Vec<Option<String>>)> = None;
    for property in candidates {
        let tags: Vec<Option<String>> = per_branch
            .iter()
            .map(|m| m.get(property).cloned())
            .collect();
        let values: BTreeSet<&String> = tags.iter().flatten().collect();
        let tagged = tags.iter().flatten().count();
        if tagged < 2 || values.len() != tagged {
            continue;
        }
        if best.as_ref().is_none_or(|(n, _, _)| tagged > *n) {
            best = Some((tagged, property.clone(), tags));
        }
    }
    best.map(|(_, property, tags)| (property, tags))
}

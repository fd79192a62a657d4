//! `anyOf`: valid when any branch is.
//!
//! Boolean form: the branches joined by `||`, except for a discriminated
//! `anyOf` ([`super::discriminator`]), which first reads the tag member and
//! tries only the branch it names (plus untagged branches), so a 20-way
//! request union costs one lookup.
//!
//! Collecting form: the boolean test first (success allocates nothing);
//! on failure, `mcpwire::support::any_of` reports by the documented rule —
//! the tagged branch's violations (an unknown tag: one violation listing
//! the tags); else the branch a required member selects
//! ([`super::selectors`]); else the closest branch of the instance's kind
//! (fewest violations); else one `anyOf` violation listing what the
//! branches accept (`expected one of: object (JSONObject), array,
//! string/integer/boolean; found null`).
//!
//! Bytes form: `rb::any_of` tries the branches on the same bytes,
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
//! Kinds and the discriminator are the analyses the other forms use
//! ([`super::kinds`], [`super::discriminator`]), so both stages narrow
//! alike; `required` is followed through `$ref` and `allOf` (both
//! apply to the same instance).

use std::collections::BTreeSet;

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use super::discriminator::{self, Discriminator};
use super::kinds::{self, describe_branch};
use crate::node::Node;
use crate::Error;

/// Any branch's demand.
pub fn valid(branches: &[Node], cx: &Ctx<'_>) -> Cond {
    let conds: Vec<Cond> = branches.iter().map(|b| cx.valid(b)).collect();
    if conds.iter().any(Cond::is_true) {
        return Cond::True;
    }
    match discriminator::find(branches, cx) {
        None => Cond::any(conds),
        Some(d) => tagged(&d, conds),
    }
}

/// `match rt::tag(v, "type") { Str("text") => …, Missing => all, _ => untagged }`.
fn tagged(d: &Discriminator, conds: Vec<Cond>) -> Cond {
    let untagged = Cond::any(
        conds
            .iter()
            .zip(&d.tags)
            .filter(|(_, tag)| tag.is_none())
            .map(|(c, _)| c.clone()),
    );
    let arms = conds.iter().zip(&d.tags).filter_map(|(cond, tag)| {
        let tag = tag.as_ref()?;
        let cond = Cond::any([cond.clone(), untagged.clone()]).tokens();
        Some(quote!(rt::Tag::Str(#tag) => #cond,))
    });
    let all = Cond::any(conds.iter().cloned()).tokens();
    let untagged = untagged.tokens();
    let property = &d.property;
    Cond::atom(quote! {
        match rt::tag(v, #property) {
            #(#arms)*
            rt::Tag::Missing => #all,
            _ => #untagged,
        }
    })
}

/// `if !any { rt::any_of(…, &[Branch { kinds, tag, check }, …]) }`.
pub fn check(branches: &[Node], cx: &Ctx<'_>) -> TokenStream {
    let test = valid(branches, cx);
    if test.is_true() {
        return TokenStream::new();
    }
    let not = test.not();
    let at = super::context::at();
    let expected = branches
        .iter()
        .map(|b| describe_branch(b, cx))
        .collect::<Vec<_>>()
        .join(", ");
    let d = discriminator::find(branches, cx);
    let entries = branches.iter().enumerate().map(|(i, branch)| {
        let kinds = kinds::tokens(kinds::kinds(branch, cx));
        let check = match &branch.ref_ {
            Some(target) => {
                let f = super::ref_::check_fn(target);
                quote!(&#f)
            }
            None => {
                let body = cx.check(branch);
                quote! {
                    &|v: &rt::Value, path: &rt::Path<'_>, out: &mut Vec<rt::Violation>| { #body }
                }
            }
        };
        let requiring = super::selectors::requiring(branch, cx);
        match d
            .as_ref()
            .and_then(|d| d.tags.get(i))
            .and_then(Option::as_ref)
        {
            Some(tag) => quote!(rt::Branch::tagged(#kinds, #tag, #check) #requiring,),
            None => quote!(rt::Branch::new(#kinds, #check) #requiring,),
        }
    });
    let call = match &d {
        Some(d) => {
            let property = &d.property;
            quote!(rt::any_of_tagged(v, path, out, #at, #expected, #property, &[#(#entries)*]);)
        }
        None => quote!(rt::any_of(v, path, out, #at, #expected, &[#(#entries)*]);),
    };
    quote! {
        if #not {
            #call
        }
    }
}

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

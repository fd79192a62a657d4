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

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use super::discriminator::{self, Discriminator};
use super::kinds::{describe_branch, kinds};
use crate::node::Node;

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
        let kinds = super::kinds::tokens(kinds(branch, cx));
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

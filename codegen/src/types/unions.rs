//! Deserialization of untagged unions: the most specific member wins.
//!
//! typify renders every `anyOf` (handed to it as `oneOf`, see
//! [`super::normalize`]) as a `#[serde(untagged)]` enum, and serde picks
//! the *first* member that deserializes. MCP objects are open, so an
//! earlier, looser member swallows what a later one describes exactly:
//! `ServerResult` lists the bare `Result` first, and every result is a valid
//! `Result`. For each untagged enum with two or more object members this
//! module replaces the derived `Deserialize` with one that tries the members
//! declaring the most of the instance's keys first (schema order on ties)
//! and takes the first that deserializes:
//! `{"resultType": "input_required", "inputRequests": {..}}` is an
//! `InputRequiredResult`, `{"resultType": "complete"}` a `Result`, a
//! `tools/call` request a `CallToolRequest` (the other requests fail on
//! their `method` constant).

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;
use syn::{punctuated::Punctuated, Fields, Item, Token, Type};

use super::items::{is_untagged, Items};

/// One member of an untagged enum.
enum Member {
    /// `Variant(T)`.
    Typed(syn::Ident, Type, BTreeSet<String>),
    /// `Variant` (matches `null`).
    Null(syn::Ident),
}

/// Rewrites the untagged enums of `file` that need it; returns the new
/// `Deserialize` impls plus the shared helpers (empty when none needed).
pub fn rewrite(file: &mut syn::File) -> TokenStream {
    let plans: Vec<(String, TokenStream)> = {
        let items = Items::new(file);
        file.items
            .iter()
            .filter_map(|item| match item {
                Item::Enum(e) if is_untagged(&e.attrs) => plan(&items, e),
                _ => None,
            })
            .collect()
    };
    if plans.is_empty() {
        return TokenStream::new();
    }
    let names: BTreeSet<&str> = plans.iter().map(|(n, _)| n.as_str()).collect();
    for item in &mut file.items {
        if let Item::Enum(e) = item {
            if names.contains(e.ident.to_string().as_str()) {
                strip_deserialize(&mut e.attrs);
            }
        }
    }
    let impls = plans.into_iter().map(|(_, tokens)| tokens);
    quote! {
        #(#impls)*

        /// Try order of an untagged union's members for `value`: those
        /// declaring more of its keys first, schema order on ties.
        fn union_order(
            value: &::serde_json::Value,
            members: &[&[&str]],
        ) -> ::std::vec::Vec<usize> {
            let score = |keys: &[&str]| match value {
                ::serde_json::Value::Object(map) => {
                    keys.iter().filter(|k| map.contains_key(**k)).count()
                }
                _ => 0,
            };
            let mut order: ::std::vec::Vec<usize> = (0..members.len()).collect();
            order.sort_by_key(|&i| ::core::cmp::Reverse(score(members[i])));
            order
        }

        /// The error of a union no member of which accepts the value: the
        /// most specific member's complaint.
        fn union_error<E: ::serde::de::Error>(
            union: &str,
            first: ::core::option::Option<(&str, ::serde_json::Error)>,
        ) -> E {
            match first {
                Some((member, e)) => E::custom(::std::format!(
                    "not a valid {union} (as {member}: {e})"
                )),
                None => E::custom(::std::format!("not a valid {union}")),
            }
        }
    }
}

/// The replacement impl for one enum, when it has two or more object
/// members.
fn plan(items: &Items<'_>, e: &syn::ItemEnum) -> Option<(String, TokenStream)> {
    let mut members = Vec::new();
    for v in &e.variants {
        match &v.fields {
            Fields::Unit => members.push(Member::Null(v.ident.clone())),
            Fields::Unnamed(f) if f.unnamed.len() == 1 => {
                let ty = f.unnamed[0].ty.clone();
                let keys = items.members(&ty);
                members.push(Member::Typed(v.ident.clone(), ty, keys));
            }
            _ => return None,
        }
    }
    let objects = members
        .iter()
        .filter(|m| matches!(m, Member::Typed(_, _, keys) if !keys.is_empty()))
        .count();
    if objects < 2 {
        return None;
    }
    let name = &e.ident;
    let union = name.to_string();
    let keys = members.iter().map(|m| match m {
        Member::Typed(_, _, keys) => {
            let keys = keys.iter();
            quote! { &[#(#keys),*] }
        }
        Member::Null(_) => quote! { &[] },
    });
    let last = members.len() - 1;
    let arms = members.iter().enumerate().map(|(i, m)| {
        let pat = if i == last { quote!(_) } else { quote!(#i) };
        match m {
            Member::Typed(variant, ty, _) => {
                let label = variant.to_string();
                quote! {
                    #pat => (#label, <#ty as ::serde::Deserialize>::deserialize(&value).map(Self::#variant)),
                }
            }
            Member::Null(variant) => {
                let label = variant.to_string();
                quote! {
                    #pat => (#label, <() as ::serde::Deserialize>::deserialize(&value).map(|()| Self::#variant)),
                }
            }
        }
    });
    let tokens = quote! {
        impl<'de> ::serde::Deserialize<'de> for #name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                const MEMBERS: &[&[&str]] = &[#(#keys),*];
                let value = <::serde_json::Value as ::serde::Deserialize>::deserialize(deserializer)?;
                let mut first = None;
                for i in union_order(&value, MEMBERS) {
                    let (member, result) = match i {
                        #(#arms)*
                    };
                    match result {
                        Ok(v) => return Ok(v),
                        Err(e) => {
                            first.get_or_insert((member, e));
                        }
                    }
                }
                Err(union_error(#union, first))
            }
        }
    };
    Some((union, tokens))
}

/// Removes `::serde::Deserialize` from `#[derive(...)]`.
fn strip_deserialize(attrs: &mut [syn::Attribute]) {
    for attr in attrs.iter_mut().filter(|a| a.path().is_ident("derive")) {
        let Ok(paths) = attr.parse_args_with(Punctuated::<syn::Path, Token![,]>::parse_terminated)
        else {
            continue;
        };
        let kept = paths
            .into_iter()
            .filter(|p| p.segments.last().is_none_or(|s| s.ident != "Deserialize"));
        *attr = syn::parse_quote!(#[derive(#(#kept),*)]);
    }
}

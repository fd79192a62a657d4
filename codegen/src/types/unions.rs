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

/// One member of an untagged enum: `Variant(T)`, or `Variant` (`null`).
struct Member {
    variant: syn::Ident,
    /// `T`; `None` for a unit variant.
    ty: Option<Type>,
    /// The JSON members `T` declares.
    keys: BTreeSet<String>,
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

        /// One member of an untagged union: its name, the JSON members it
        /// declares, and how to read it.
        type UnionMember<U> = (
            &'static str,
            &'static [&'static str],
            fn(&::serde_json::Value) -> ::core::result::Result<U, ::serde_json::Error>,
        );

        /// Reads one member of a union: a `T` from `v`, as the union's
        /// `variant`.
        fn union_member<'v, T: ::serde::Deserialize<'v>, U>(
            v: &'v ::serde_json::Value,
            variant: fn(T) -> U,
        ) -> ::core::result::Result<U, ::serde_json::Error> {
            T::deserialize(v).map(variant)
        }

        /// Reads an untagged union: members declaring more of the value's
        /// keys are tried first, schema order on ties; the first that
        /// deserializes wins. On failure, the most specific member's error.
        fn deserialize_union<'de, D: ::serde::Deserializer<'de>, U>(
            deserializer: D,
            union: &str,
            members: &[UnionMember<U>],
        ) -> ::core::result::Result<U, D::Error> {
            let value = <::serde_json::Value as ::serde::Deserialize>::deserialize(deserializer)?;
            let score = |keys: &[&str]| match &value {
                ::serde_json::Value::Object(map) => {
                    keys.iter().filter(|k| map.contains_key(**k)).count()
                }
                _ => 0,
            };
            let mut order: ::std::vec::Vec<&UnionMember<U>> = members.iter().collect();
            order.sort_by_key(|m| ::core::cmp::Reverse(score(m.1)));
            let mut first = None;
            for (name, _, read) in order {
                match read(&value) {
                    Ok(v) => return Ok(v),
                    Err(e) => {
                        first.get_or_insert((name, e));
                    }
                }
            }
            Err(<D::Error as ::serde::de::Error>::custom(match first {
                Some((member, e)) => ::std::format!("not a valid {union} (as {member}: {e})"),
                None => ::std::format!("not a valid {union}"),
            }))
        }
    }
}

/// The replacement impl for one enum, when it has two or more object
/// members.
fn plan(items: &Items<'_>, e: &syn::ItemEnum) -> Option<(String, TokenStream)> {
    let mut members = Vec::new();
    for v in &e.variants {
        let ty = match &v.fields {
            Fields::Unit => None,
            Fields::Unnamed(f) if f.unnamed.len() == 1 => Some(f.unnamed[0].ty.clone()),
            _ => return None,
        };
        let keys = ty.as_ref().map(|t| items.members(t)).unwrap_or_default();
        members.push(Member {
            variant: v.ident.clone(),
            ty,
            keys,
        });
    }
    let objects = members.iter().filter(|m| !m.keys.is_empty()).count();
    if objects < 2 {
        return None;
    }
    let name = &e.ident;
    let union = name.to_string();
    let entries = members.iter().map(|m| {
        let variant = &m.variant;
        let label = variant.to_string();
        let keys = m.keys.iter();
        let read = match &m.ty {
            Some(ty) => {
                // `T` is the variant's field type, inferred from its constructor.
                let _ = ty;
                quote! { union_member(v, #name::#variant) }
            }
            None => {
                quote! { <() as ::serde::Deserialize>::deserialize(v).map(|()| #name::#variant) }
            }
        };
        quote! { (#label, &[#(#keys),*], |v| #read), }
    });
    let tokens = quote! {
        impl<'de> ::serde::Deserialize<'de> for #name {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                const MEMBERS: &[UnionMember<#name>] = &[#(#entries)*];
                deserialize_union(deserializer, #union, MEMBERS)
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

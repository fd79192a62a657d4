//! Optional members whose type itself accepts `null`.
//!
//! typify renders an optional member as `Option<T>`; serde reads an
//! explicit `null` as `None` and the member then vanishes on serialization.
//! When `T` accepts `null` (`::serde_json::Value` for a `{}` schema such as
//! `Error.data`, or a union with a `null` member), `"data": null` is a
//! different valid message than no `data`; this module makes such members
//! deserialize `null` as `Some(null)`, so both round-trip.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Fields, Item};

use super::items::{option_inner, Items};

/// Adds `#[serde(default, deserialize_with = "deserialize_some")]` to the
/// affected members of `file`; returns the helper (empty when unused).
pub fn rewrite(file: &mut syn::File) -> TokenStream {
    let targets: Vec<(String, String)> = {
        let items = Items::new(file);
        let mut out = Vec::new();
        for item in &file.items {
            let Item::Struct(s) = item else { continue };
            let Fields::Named(fields) = &s.fields else {
                continue;
            };
            for f in &fields.named {
                let optional = option_inner(&f.ty).is_some_and(|t| items.admits_null(t));
                let skipped = f.attrs.iter().any(|a| {
                    a.path().is_ident("serde")
                        && quote!(#a).to_string().contains("skip_serializing_if")
                });
                if optional && skipped {
                    if let Some(ident) = &f.ident {
                        out.push((s.ident.to_string(), ident.to_string()));
                    }
                }
            }
        }
        out
    };
    if targets.is_empty() {
        return TokenStream::new();
    }
    for item in &mut file.items {
        let Item::Struct(s) = item else { continue };
        let name = s.ident.to_string();
        let Fields::Named(fields) = &mut s.fields else {
            continue;
        };
        for f in fields.named.iter_mut() {
            let hit = f
                .ident
                .as_ref()
                .is_some_and(|i| targets.contains(&(name.clone(), i.to_string())));
            if hit {
                f.attrs.push(syn::parse_quote!(
                    #[serde(default, deserialize_with = "deserialize_some")]
                ));
            }
        }
    }
    // `dead_code` allowed: the members that use the helper may all belong
    // to types shared with another revision (`crate::share`), which are
    // re-exported from that revision's module and use its copy, so the
    // copy here can be unused (a warning in every user's build).
    quote! {
        /// Reads a present member, `null` included, as `Some`.
        #[allow(dead_code)]
        fn deserialize_some<'de, D, T>(
            deserializer: D,
        ) -> ::core::result::Result<::core::option::Option<T>, D::Error>
        where
            D: ::serde::Deserializer<'de>,
            T: ::serde::Deserialize<'de>,
        {
            T::deserialize(deserializer).map(Some)
        }
    }
}

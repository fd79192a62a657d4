//! A `types` module cut into [`share`](crate::share) entries: one per type
//! typify made — its `struct`/`enum`/`type` item, every `impl` for it and
//! its `definition!(…)` line — and the rest as the module's tables.
//!
//! A type's entry names what it depends on by identifier: other types
//! (`Option<Vec<Role>>`), the validator its `definition!` line calls
//! (`check_tool`), the bytes readers none. [`share::homes`] shares an entry
//! only when those are shared too, so a re-exported `Tool` is exactly the
//! type the other revision would have made, its `validated()` checking
//! with the same function and reporting the same pointer (the pointer is
//! in the entry's text, so types are shared within a dialect only). What an
//! entry reaches in the tables (`consts::Audio`, `deserialize_some`,
//! `error::ConversionError`) is the home's, which is the same code: the
//! tables of two revisions differ only in which markers and aliases they
//! hold.

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::ToTokens;

use crate::share::Module;

/// The name of a type item (`struct`, `enum`, `type`).
pub(super) fn item_name(item: &syn::Item) -> Option<String> {
    match item {
        syn::Item::Struct(s) => Some(s.ident.to_string()),
        syn::Item::Enum(e) => Some(e.ident.to_string()),
        syn::Item::Type(t) => Some(t.ident.to_string()),
        _ => None,
    }
}

/// The types an item may belong to, first choice first: its own name, a
/// `definition!` line's first argument, an `impl`'s self type, then the
/// types its trait names (`impl From<Cursor> for String` is `Cursor`'s: a
/// revision that re-exports `Cursor` must not implement it again).
fn owners(item: &syn::Item) -> Vec<String> {
    let single = |ty: &syn::Type| match ty {
        syn::Type::Path(p) if p.qself.is_none() && p.path.segments.len() == 1 => {
            Some(p.path.segments[0].ident.to_string())
        }
        _ => None,
    };
    match item {
        syn::Item::Impl(i) => {
            let mut out: Vec<String> = single(&i.self_ty).into_iter().collect();
            if let Some((path, _)) = &i.trait_ {
                for segment in &path.segments {
                    if let syn::PathArguments::AngleBracketed(args) = &segment.arguments {
                        out.extend(args.args.iter().filter_map(|arg| match arg {
                            syn::GenericArgument::Type(ty) => single(ty),
                            _ => None,
                        }));
                    }
                }
            }
            out
        }
        syn::Item::Macro(m) if m.mac.path.is_ident("definition") => {
            match m.mac.tokens.clone().into_iter().next() {
                Some(proc_macro2::TokenTree::Ident(ty)) => vec![ty.to_string()],
                _ => Vec::new(),
            }
        }
        other => item_name(other).into_iter().collect(),
    }
}

/// `file` as entries, keyed by type name, for the types in `keys`; what
/// belongs to none of them is the tables, in order.
pub(super) fn split(file: syn::File, keys: &BTreeSet<String>) -> Module {
    let mut functions: Vec<(String, TokenStream)> = Vec::new();
    let mut tables = TokenStream::new();
    for item in file.items {
        match owners(&item).into_iter().find(|name| keys.contains(name)) {
            Some(name) => match functions.iter_mut().find(|(k, _)| *k == name) {
                Some((_, tokens)) => item.to_tokens(tokens),
                None => functions.push((name, item.into_token_stream())),
            },
            None => item.to_tokens(&mut tables),
        }
    }
    Module {
        functions,
        tables,
        keyed: true,
    }
}

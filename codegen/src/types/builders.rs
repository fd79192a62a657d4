//! Fix-up of typify's struct builders ([`super::Options::builders`]): in a
//! builder, a struct's flattened `extra` map (the unknown members) defaults
//! to empty and its string constants (`Const<..>`: `type`, `method`,
//! `jsonrpc`) to their only value. typify treats both as required fields, so
//! every builder would otherwise fail with "no value supplied for extra"
//! unless `.extra(..)` and `.type_(..)` were called.

use std::collections::{BTreeMap, BTreeSet};

use syn::{Expr, ImplItem, Item, Member};

use super::items::is_flattened;

/// Rewrites the `Default` impls in `mod builder` of `file`.
pub fn defaults(file: &mut syn::File) {
    let flattened = defaulted_fields(&file.items);
    for item in &mut file.items {
        let Item::Mod(m) = item else { continue };
        if m.ident != "builder" {
            continue;
        }
        let Some((_, items)) = &mut m.content else {
            continue;
        };
        for item in items {
            let Item::Impl(imp) = item else { continue };
            let is_default = imp
                .trait_
                .as_ref()
                .and_then(|(path, _)| path.segments.last())
                .is_some_and(|s| s.ident == "Default");
            let syn::Type::Path(ty) = imp.self_ty.as_ref() else {
                continue;
            };
            let Some(name) = ty.path.segments.last().map(|s| s.ident.to_string()) else {
                continue;
            };
            let Some(fields) = flattened.get(&name) else {
                continue;
            };
            if !is_default {
                continue;
            }
            for item in &mut imp.items {
                let ImplItem::Fn(f) = item else { continue };
                for stmt in &mut f.block.stmts {
                    if let syn::Stmt::Expr(Expr::Struct(s), _) = stmt {
                        for field in &mut s.fields {
                            if let Member::Named(ident) = &field.member {
                                if fields.contains(&ident.to_string()) {
                                    field.expr = syn::parse_quote!(Ok(Default::default()));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Struct name → its `#[serde(flatten)]` and `Const<..>` fields, for
/// top-level structs.
fn defaulted_fields(items: &[Item]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for item in items {
        let Item::Struct(s) = item else { continue };
        let names: BTreeSet<String> = s
            .fields
            .iter()
            .filter(|f| is_flattened(&f.attrs) || is_const(&f.ty))
            .filter_map(|f| f.ident.as_ref().map(ToString::to_string))
            .collect();
        if !names.is_empty() {
            out.insert(s.ident.to_string(), names);
        }
    }
    out
}

/// `…::Const<…>`.
fn is_const(ty: &syn::Type) -> bool {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().is_some_and(|s| s.ident == "Const"),
        _ => false,
    }
}

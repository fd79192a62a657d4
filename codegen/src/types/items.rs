//! A lookup over typify's output (parsed with syn), for the fix-ups that
//! need to know what a type is: which JSON members a struct declares, and
//! whether a type accepts `null`.

use std::collections::{BTreeMap, BTreeSet};

use syn::{Fields, Item, ItemEnum, ItemStruct, Type};

/// Items of the generated file by name.
pub struct Items<'a> {
    structs: BTreeMap<String, &'a ItemStruct>,
    enums: BTreeMap<String, &'a ItemEnum>,
}

impl<'a> Items<'a> {
    /// Indexes the top-level structs and enums of `file`.
    pub fn new(file: &'a syn::File) -> Self {
        let mut structs = BTreeMap::new();
        let mut enums = BTreeMap::new();
        for item in &file.items {
            match item {
                Item::Struct(s) => {
                    structs.insert(s.ident.to_string(), s);
                }
                Item::Enum(e) => {
                    enums.insert(e.ident.to_string(), e);
                }
                _ => {}
            }
        }
        Items { structs, enums }
    }

    /// The JSON member names a value of type `ty` may declare: a struct's
    /// (serde-renamed) fields without its flattened `extra`; through
    /// newtypes; for an untagged enum, the union over its members.
    pub fn members(&self, ty: &Type) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.members_into(ty, &mut out, &mut BTreeSet::new());
        out
    }

    fn members_into(&self, ty: &Type, out: &mut BTreeSet<String>, seen: &mut BTreeSet<String>) {
        let Some(name) = local_name(ty) else { return };
        if !seen.insert(name.clone()) {
            return;
        }
        if let Some(s) = self.structs.get(&name) {
            match &s.fields {
                Fields::Named(fields) => {
                    for f in &fields.named {
                        if !is_flattened(&f.attrs) {
                            if let Some(ident) = &f.ident {
                                out.insert(serde_name(&f.attrs).unwrap_or_else(|| {
                                    ident.to_string().trim_start_matches("r#").to_string()
                                }));
                            }
                        }
                    }
                }
                Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                    self.members_into(&fields.unnamed[0].ty, out, seen);
                }
                _ => {}
            }
        } else if let Some(e) = self.enums.get(&name) {
            for v in &e.variants {
                if let Fields::Unnamed(fields) = &v.fields {
                    if let Some(f) = fields.unnamed.first() {
                        self.members_into(&f.ty, out, seen);
                    }
                }
            }
        }
    }

    /// Whether `ty` deserializes from `null` (so that `Option<ty>` would
    /// swallow an explicit `null` as absent).
    pub fn admits_null(&self, ty: &Type) -> bool {
        self.admits_null_inner(ty, &mut BTreeSet::new())
    }

    fn admits_null_inner(&self, ty: &Type, seen: &mut BTreeSet<String>) -> bool {
        if is_path(ty, "::serde_json::Value") || option_inner(ty).is_some() {
            return true;
        }
        let Some(name) = local_name(ty) else {
            return false;
        };
        if !seen.insert(name.clone()) {
            return false;
        }
        if let Some(s) = self.structs.get(&name) {
            match &s.fields {
                Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                    self.admits_null_inner(&fields.unnamed[0].ty, seen)
                }
                _ => false,
            }
        } else if let Some(e) = self.enums.get(&name) {
            is_untagged(&e.attrs)
                && e.variants.iter().any(|v| match &v.fields {
                    Fields::Unit => true,
                    Fields::Unnamed(fields) => fields
                        .unnamed
                        .first()
                        .is_some_and(|f| self.admits_null_inner(&f.ty, seen)),
                    Fields::Named(_) => false,
                })
        } else {
            false
        }
    }
}

/// `T` of `::std::option::Option<T>`.
pub fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let segments: Vec<String> = p
        .path
        .segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect();
    if segments != ["std", "option", "Option"] && segments != ["Option"] {
        return None;
    }
    match &p.path.segments.last()?.arguments {
        syn::PathArguments::AngleBracketed(args) => match args.args.first()? {
            syn::GenericArgument::Type(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The name of a type defined in the generated module (a single-segment
/// path without generics).
pub fn local_name(ty: &Type) -> Option<String> {
    let Type::Path(p) = ty else { return None };
    if p.qself.is_some() || p.path.leading_colon.is_some() || p.path.segments.len() != 1 {
        return None;
    }
    let seg = &p.path.segments[0];
    seg.arguments.is_none().then(|| seg.ident.to_string())
}

fn is_path(ty: &Type, path: &str) -> bool {
    let Type::Path(p) = ty else { return false };
    let text: String = p
        .path
        .segments
        .iter()
        .map(|s| format!("::{}", s.ident))
        .collect();
    text == path
}

/// Whether `attrs` hold `#[serde(untagged)]`.
pub fn is_untagged(attrs: &[syn::Attribute]) -> bool {
    serde_flags(attrs).iter().any(|f| f == "untagged")
}

/// Whether a field is `#[serde(flatten)]`.
pub fn is_flattened(attrs: &[syn::Attribute]) -> bool {
    serde_flags(attrs).iter().any(|f| f == "flatten")
}

/// The words of every `#[serde(...)]` (`untagged`, `flatten`, `rename`…).
fn serde_flags(attrs: &[syn::Attribute]) -> Vec<String> {
    let mut out = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if let Some(ident) = meta.path.get_ident() {
                out.push(ident.to_string());
            }
            if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
            Ok(())
        });
    }
    out
}

/// `rename = "..."` of a field's `#[serde(...)]`.
fn serde_name(attrs: &[syn::Attribute]) -> Option<String> {
    let mut name = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename") {
                let lit: syn::LitStr = meta.value()?.parse()?;
                name = Some(lit.value());
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
            Ok(())
        });
    }
    name
}

//! `minProperties`, `maxProperties`, `propertyNames` (each member name as a
//! string instance, `rt::name_value`), `dependentRequired` and
//! `dependentSchemas` (draft-07 `dependencies`, reported at
//! `{at}/dependencies`): objects only. (`patternProperties` is read with
//! `properties`.)

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::compile::{check as node_check, valid as node_valid, Ctx};
use super::cond::Cond;
use super::node::Node;
use crate::Dialect;

/// `m.contains_key(name)`.
fn has(name: &str) -> Cond {
    Cond::atom(quote!(m.contains_key(#name)))
}

/// `!m.contains_key(name)`.
fn lacks(name: &str) -> Cond {
    Cond::atom(quote!(!m.contains_key(#name)))
}

/// The keywords' demand on an object `m` (the whole value is `v`).
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let mut parts = Vec::new();
    if let Some(min) = node.min_properties {
        let min = Literal::u64_unsuffixed(min);
        parts.push(Cond::cmp(quote!(m.len() >= #min)));
    }
    if let Some(max) = node.max_properties {
        let max = Literal::u64_unsuffixed(max);
        parts.push(Cond::cmp(quote!(m.len() <= #max)));
    }
    if let Some(names) = &node.property_names {
        match node_valid(names, cx) {
            Cond::True => {}
            Cond::False => parts.push(Cond::atom(quote!(m.is_empty()))),
            cond => {
                let cond = cond.tokens();
                parts.push(Cond::atom(quote!(rt::every_key(m, |k| {
                    let v = &rt::name_value(k);
                    #cond
                }))));
            }
        }
    }
    for (trigger, names) in &node.dependent_required {
        let present = Cond::all(names.iter().map(|name| has(name)));
        if !present.is_true() {
            parts.push(Cond::any([lacks(trigger), present]));
        }
    }
    for (trigger, schema) in &node.dependent_schemas {
        let cond = node_valid(schema, cx);
        if !cond.is_true() {
            parts.push(Cond::any([lacks(trigger), cond]));
        }
    }
    Cond::all(parts)
}

/// The keywords' reports (inside `if let Object(m)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(min) = node.min_properties {
        let at = super::compile::at();
        let min = Literal::u64_unsuffixed(min);
        out.extend(quote! {
            if m.len() < #min {
                rt::min_properties(out, path, #at, #min, m.len());
            }
        });
    }
    if let Some(max) = node.max_properties {
        let at = super::compile::at();
        let max = Literal::u64_unsuffixed(max);
        out.extend(quote! {
            if m.len() > #max {
                rt::max_properties(out, path, #at, #max, m.len());
            }
        });
    }
    if let Some(names) = &node.property_names {
        // Reported at the object: a name is no value of its own.
        let body = node_check(names, cx);
        if !body.is_empty() {
            out.extend(quote! {
                for k in m.keys() {
                    let v = &rt::name_value(k);
                    #body
                }
            });
        }
    }
    let report = if cx.schema.version.dialect == Dialect::Draft07 {
        quote!(dependencies_required)
    } else {
        quote!(dependent_required)
    };
    for (trigger, names) in &node.dependent_required {
        if names.is_empty() {
            continue;
        }
        let at = super::compile::at();
        out.extend(quote!(rt::#report(out, path, #at, m, #trigger, &[#(#names),*]);));
    }
    for (trigger, schema) in &node.dependent_schemas {
        let body = node_check(schema, cx);
        if !body.is_empty() {
            out.extend(quote! {
                if m.contains_key(#trigger) {
                    #body
                }
            });
        }
    }
    out
}

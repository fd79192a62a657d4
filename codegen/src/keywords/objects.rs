//! `minProperties`, `maxProperties`, `propertyNames` (each member name as a
//! string instance, `rt::name_value`), `dependentRequired` and
//! `dependentSchemas` (draft-07 `dependencies`, reported at
//! `{at}/dependencies`): objects only. (`patternProperties` is read with
//! `properties`.)

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::Node;
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
        match cx.valid(names) {
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
        let cond = cx.valid(schema);
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
        let at = super::context::at();
        let min = Literal::u64_unsuffixed(min);
        out.extend(quote! {
            if m.len() < #min {
                rt::min_properties(out, path, #at, #min, m.len());
            }
        });
    }
    if let Some(max) = node.max_properties {
        let at = super::context::at();
        let max = Literal::u64_unsuffixed(max);
        out.extend(quote! {
            if m.len() > #max {
                rt::max_properties(out, path, #at, #max, m.len());
            }
        });
    }
    if let Some(names) = &node.property_names {
        // Reported at the object: a name is no value of its own.
        let body = cx.check(names);
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
        let at = super::context::at();
        out.extend(quote!(rt::#report(out, path, #at, m, #trigger, &[#(#names),*]);));
    }
    for (trigger, schema) in &node.dependent_schemas {
        let body = cx.check(schema);
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

/// The bytes form of `maxProperties`: counts members as they pass. A
/// repeated name counts twice, so the count is at least the `Value`'s, and
/// within the limit it is sound (beyond it the reader stops and the
/// `Value` path decides). `minProperties` is left to the `Value` path for
/// the same reason.
pub fn read_limit(node: &Node) -> Option<TokenStream> {
    node.max_properties.map(|max| {
        let max = Literal::u64_unsuffixed(max);
        quote! {
            members += 1;
            if members > #max {
                return rb::stop();
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{Schema, Version};

    fn texts(node: &Node, version: &str) -> (String, String) {
        let version = Version::by_name(version).expect("version");
        let defs = version.dialect.defs_key();
        let schema = Schema::new(version, serde_json::json!({ defs: {} })).expect("schema");
        let nodes = BTreeMap::new();
        let cx = crate::keywords::context(&schema, &nodes);
        (
            valid(node, &cx).tokens().to_string(),
            check(node, &cx).to_string(),
        )
    }

    #[test]
    fn counts_names_and_dependencies() {
        let node = Node {
            pointer: "/$defs/X".into(),
            min_properties: Some(1),
            max_properties: Some(4),
            property_names: Some(Box::new(Node {
                max_length: Some(3),
                ..Node::default()
            })),
            dependent_required: vec![("a".into(), vec!["b".into()]), ("c".into(), vec![])],
            ..Node::default()
        };
        let (valid, check) = texts(&node, "draft");
        assert!(
            valid.starts_with("m . len () >= 1 && m . len () <= 4 && rt :: every_key (m , | k | { let v = & rt :: name_value (k) ;"),
            "{valid}"
        );
        assert!(
            valid.ends_with("(! m . contains_key (\"a\") || m . contains_key (\"b\"))"),
            "{valid}"
        );
        assert!(
            check.contains("rt :: min_properties (out , path , at , 1 , m . len ())"),
            "{check}"
        );
        assert!(
            check.contains("rt :: dependent_required (out , path , at , m , \"a\" , & [\"b\"]) ;"),
            "{check}"
        );
        assert!(
            !check.contains("\"c\""),
            "an empty list demands nothing: {check}"
        );
        // draft-07 reports at `dependencies`.
        let (_, check) = texts(&node, "2025-06-18");
        assert!(check.contains("rt :: dependencies_required ("), "{check}");
    }
}

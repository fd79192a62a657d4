//! `unevaluatedProperties` and `unevaluatedItems` (2020-12): the subschema
//! applies to each member (element) that no adjacent keyword evaluated,
//! where *evaluated* follows the annotations the spec collects: the
//! node's own `properties`, `patternProperties`, `additionalProperties`
//! (`prefixItems`, `items`, `contains`), then, through the in-place
//! applicators, `allOf` parts, the `anyOf`/`oneOf` branches that hold,
//! `if` with `then` when `if` holds and `else` when it does not,
//! `dependentSchemas` whose member is present, `$ref`/`$dynamicRef`
//! targets, and any nested `unevaluated*` (which evaluates the rest).
//!
//! The question "is member `k` evaluated?" is compiled, not interpreted: an
//! expression over `v` and `k` built from the schema, with one function
//! per referenced unit (`evaluated_props_<u>`, `evaluated_items_<u>`)
//! emitted on demand ([`take_demands`]), which is how references and
//! recursion reach it.

use std::cell::RefCell;
use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::names;
use crate::node::Node;

/// Which annotation a demanded function computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Members (`k: &str`).
    Props,
    /// Elements (`i: usize`).
    Items,
}

thread_local! {
    /// Units whose `evaluated_*` function some compiled code calls.
    static DEMANDS: RefCell<BTreeSet<(String, Kind)>> = const { RefCell::new(BTreeSet::new()) };
}

/// The `evaluated_*` functions demanded since the last call.
pub fn take_demands() -> BTreeSet<(String, Kind)> {
    DEMANDS.with(|d| std::mem::take(&mut *d.borrow_mut()))
}

fn function_name(unit: &str, kind: Kind) -> String {
    match kind {
        Kind::Props => format!("evaluated_props_{}", names::snake(unit)),
        Kind::Items => format!("evaluated_items_{}", names::snake(unit)),
    }
}

/// `fn evaluated_props_<u>(v, k) -> bool` (or `_items_`, `(v, i)`): the
/// function [`take_demands`] named, with its name.
pub fn function(unit: &str, kind: Kind, node: &Node, cx: &Ctx<'_>) -> (String, TokenStream) {
    let name = function_name(unit, kind);
    let f = names::ident(&name);
    let doc = format!(" Whether `{unit}` evaluates the member or element given.");
    let tokens = match kind {
        Kind::Props => {
            let body = evaluated(node, kind, false, cx);
            quote! {
                #[doc = #doc]
                pub fn #f(v: &rt::Value, k: &str) -> bool {
                    let _ = (v, k);
                    #body
                }
            }
        }
        Kind::Items => {
            let body = evaluated(node, kind, false, cx);
            quote! {
                #[doc = #doc]
                pub fn #f(v: &rt::Value, i: usize) -> bool {
                    let _ = (v, i);
                    #body
                }
            }
        }
    };
    (name, tokens)
}

/// Whether `node` evaluates member `k` (element `i`) of `v`, as an
/// expression; `own` leaves out the node's own `unevaluated*` (the keyword
/// being compiled).
fn evaluated(node: &Node, kind: Kind, own: bool, cx: &Ctx<'_>) -> TokenStream {
    if let Some(target) = &node.ref_ {
        DEMANDS.with(|d| d.borrow_mut().insert((target.clone(), kind)));
        let f = names::ident(&function_name(target, kind));
        return match kind {
            Kind::Props => quote!(#f(v, k)),
            Kind::Items => quote!(#f(v, i)),
        };
    }
    let mut terms: Vec<TokenStream> = Vec::new();
    match kind {
        Kind::Props => {
            if node.additional_present || (!own && node.unevaluated_properties.is_some()) {
                return quote!(true);
            }
            let names: Vec<&str> = node.properties.iter().map(|(n, _)| n.as_str()).collect();
            if !names.is_empty() {
                terms.push(quote!(matches!(k, #(#names)|*)));
            }
            for (source, _) in &node.pattern_properties {
                terms.push(super::strings::matches(source, quote!(k)));
            }
            for (name, dependent) in &node.dependent_schemas {
                let holds = evaluated(dependent, kind, false, cx);
                terms.push(quote!((v.get(#name).is_some() && #holds)));
            }
        }
        Kind::Items => {
            let items = node.items.is_some();
            if items || (!own && node.unevaluated_items.is_some()) {
                return quote!(true);
            }
            if let Some(prefix) = &node.prefix_items {
                let len = prefix.len();
                terms.push(quote!(i < #len));
            }
            if let Some(contains) = &node.contains {
                let holds = cx.valid(contains).tokens();
                terms.push(quote!(v.get(i).is_some_and(|v| #holds)));
            }
        }
    }
    for part in node.all_of.iter().flatten() {
        terms.push(evaluated(part, kind, false, cx));
    }
    for branch in node.any_of.iter().chain(&node.one_of).flatten() {
        let holds = cx.valid(branch).tokens();
        let inner = evaluated(branch, kind, false, cx);
        terms.push(quote!((#holds && #inner)));
    }
    if let Some(test) = &node.if_ {
        let holds = cx.valid(test).tokens();
        let when_true = evaluated(test, kind, false, cx);
        let then_ = node
            .then_
            .as_ref()
            .map_or(quote!(false), |n| evaluated(n, kind, false, cx));
        let else_ = node
            .else_
            .as_ref()
            .map_or(quote!(false), |n| evaluated(n, kind, false, cx));
        terms.push(quote!((if #holds { #when_true || #then_ } else { #else_ })));
    }
    if terms.is_empty() {
        quote!(false)
    } else {
        quote!((#(#terms)||*))
    }
}

/// Their demand on `v`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let mut parts = Vec::new();
    if let Some(rest) = &node.unevaluated_properties {
        let seen = evaluated(node, Kind::Props, true, cx);
        let rest = cx.valid(rest).tokens();
        parts.push(Cond::atom(quote! {
            match v {
                rt::Value::Object(m) => {
                    let seen = |k: &str| #seen;
                    m.iter().all(|(k, v)| seen(k) || #rest)
                }
                _ => true,
            }
        }));
    }
    if let Some(rest) = &node.unevaluated_items {
        let seen = evaluated(node, Kind::Items, true, cx);
        let rest = cx.valid(rest).tokens();
        parts.push(Cond::atom(quote! {
            match v {
                rt::Value::Array(a) => {
                    let seen = |i: usize| #seen;
                    a.iter().enumerate().all(|(i, v)| seen(i) || #rest)
                }
                _ => true,
            }
        }));
    }
    Cond::all(parts)
}

/// Their reports.
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    if let Some(rest) = &node.unevaluated_properties {
        let seen = evaluated(node, Kind::Props, true, cx);
        let report = if rest.never {
            let at = super::context::at();
            quote!(rt::unevaluated_property(out, path, #at, k);)
        } else {
            cx.check_below(rest, quote!(path.key(k)))
        };
        out.extend(quote! {
            if let rt::Value::Object(m) = v {
                let seen = |k: &str| #seen;
                for (k, v) in m {
                    if !seen(k) {
                        #report
                    }
                }
            }
        });
    }
    if let Some(rest) = &node.unevaluated_items {
        let seen = evaluated(node, Kind::Items, true, cx);
        let report = if rest.never {
            let at = super::context::at();
            quote!(rt::unevaluated_item(out, path, #at, i);)
        } else {
            cx.check_below(rest, quote!(path.index(i)))
        };
        out.extend(quote! {
            if let rt::Value::Array(a) = v {
                let seen = |i: usize| #seen;
                for (i, v) in a.iter().enumerate() {
                    if !seen(i) {
                        #report
                    }
                }
            }
        });
    }
    out
}

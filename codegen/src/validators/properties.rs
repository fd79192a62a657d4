//! `properties` together with `additionalProperties` (and, in the boolean
//! form, `required`): one pass over the instance's members, `match`ing each name against the listed properties
//! (`_` takes `additionalProperties`). Properties apply only to members
//! that are present; listed properties with a trivial schema are dropped
//! unless `additionalProperties` constrains, since then their names must be
//! excluded from it.

use proc_macro2::TokenStream;
use quote::quote;

use super::additional_properties;
use super::compile::{check_below, valid as node_valid, Ctx};
use super::cond::Cond;
use super::node::Node;

/// The members' demand on an object `m`, `required` included: each
/// required name's arm counts it, and the pass ends with `seen == count`.
/// Counting during the one pass replaces a `contains_key` (a tree search
/// with out-of-line string comparisons) per required name; member names are
/// unique, so the count is exact.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let rest = additional_properties::valid(node, cx);
    let required = &node.required;
    let mut arms: Vec<(&str, Cond, bool)> = node
        .properties
        .iter()
        .map(|(name, sub)| {
            let counted = required.contains(name);
            (name.as_str(), node_valid(sub, cx), counted)
        })
        .filter(|(_, cond, counted)| *counted || !(rest.is_true() && cond.is_true()))
        .collect();
    for name in required {
        if !node.properties.iter().any(|(p, _)| p == name) {
            arms.push((name.as_str(), Cond::True, true));
        }
    }
    if arms.is_empty() {
        return match rest {
            Cond::True => Cond::True,
            Cond::False => Cond::atom(quote!(m.is_empty())),
            rest => {
                let rest = rest.tokens();
                Cond::atom(quote!(rt::every_value(m, |v| #rest)))
            }
        };
    }
    let reads = !rest.is_const() || arms.iter().any(|(_, c, _)| !c.is_const());
    let arm_tokens = arms.iter().map(|(name, cond, counted)| {
        let cond = if *counted {
            // `{ seen += 1; cond }` as one expression (one formatted line).
            Cond::all([Cond::atom(quote!(rt::count(&mut seen))), cond.clone()])
        } else {
            cond.clone()
        };
        let cond = cond.tokens();
        quote!(#name => #cond,)
    });
    let rest = rest.tokens();
    let body = quote! {
        match k.as_str() {
            #(#arm_tokens)*
            _ => #rest,
        }
    };
    let pass = if reads {
        quote!(rt::every_member(m, |k, v| #body))
    } else {
        quote!(rt::every_key(m, |k| #body))
    };
    if required.is_empty() {
        return Cond::atom(pass);
    }
    let count = proc_macro2::Literal::usize_unsuffixed(required.len());
    Cond::atom(quote!({
        let mut seen = 0usize;
        #pass && seen == #count
    }))
}

/// One pass over the members (inside `if let Object(m)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let (rest, rest_reads) = additional_properties::check(node, cx);
    let constrained = node.additional.is_some();
    let arms: Vec<(&str, Arm)> = node
        .properties
        .iter()
        .map(|(name, sub)| (name.as_str(), arm(sub, cx)))
        .filter(|(_, body)| constrained || !body.is_empty())
        .collect();
    if arms.is_empty() && rest.is_empty() {
        return TokenStream::new();
    }
    let reads = rest_reads || arms.iter().any(|(_, body)| !body.is_empty());
    let body = if arms.is_empty() {
        rest
    } else {
        let arms = arms.iter().map(|(name, body)| match body {
            Arm::Call(call) => quote!(#name => #call,),
            Arm::Block(body) => quote!(#name => { #body }),
        });
        quote! {
            match k.as_str() {
                #(#arms)*
                _ => { #rest }
            }
        }
    };
    if reads {
        quote!(for (k, v) in m { #body })
    } else {
        quote!(for k in m.keys() { #body })
    }
}

/// The statements for one listed property (its member bound as `k`, `v`).
enum Arm {
    /// One call: a `$ref` (`check_x_at(v, &path.key(k), out)`) or a
    /// property whose schema is one `type`
    /// (`rt::prop(out, path, at, k, rt::kind::STRING, v)`, the
    /// object's `at`; the runtime builds `{at}/properties/{k}/type`).
    Call(TokenStream),
    /// Statements below `path.key(k)`.
    Block(TokenStream),
}

impl Arm {
    fn is_empty(&self) -> bool {
        matches!(self, Arm::Block(body) if body.is_empty())
    }
}

fn arm(sub: &Node, cx: &Ctx<'_>) -> Arm {
    if let Some(target) = &sub.ref_ {
        let f = super::ref_::check_fn(target);
        return Arm::Call(quote!(#f(v, &path.key(k), out)));
    }
    match super::type_::only(sub) {
        Some(kinds) => {
            let at = super::compile::at();
            let kinds = super::kinds::tokens(kinds);
            Arm::Call(quote!(rt::prop(out, path, #at, k, #kinds, v)))
        }
        None => Arm::Block(check_below(sub, cx, quote!(path.key(k)))),
    }
}

//! The in-place applicators beyond `allOf`/`anyOf`: `not`, `oneOf` and
//! `if`/`then`/`else`, and the `false` schema. Each subschema is inlined
//! on the same instance `v` (a `$ref` in it is a call); `then` and `else`
//! report their own violations, the others one violation of their own.

use proc_macro2::TokenStream;
use quote::quote;

use super::compile::{check as node_check, valid as node_valid, Ctx};
use super::cond::Cond;
use super::node::Node;

/// Their demand on `v`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let mut parts = Vec::new();
    if node.never {
        parts.push(Cond::False);
    }
    if let Some(sub) = &node.not {
        parts.push(negated(&node_valid(sub, cx)));
    }
    if let Some(branches) = &node.one_of {
        parts.push(one_of(branches, cx));
    }
    if let Some(test) = &node.if_ {
        parts.push(if_then_else(node, test, cx));
    }
    Cond::all(parts)
}

fn negated(cond: &Cond) -> Cond {
    if cond.is_const() {
        Cond::constant(!cond.is_true())
    } else {
        Cond::atom(cond.not())
    }
}

/// Exactly one branch holds: counting stops at the second.
fn one_of(branches: &[Node], cx: &Ctx<'_>) -> Cond {
    let conds: Vec<TokenStream> = branches
        .iter()
        .map(|b| node_valid(b, cx).tokens())
        .collect();
    Cond::atom(quote!(rt::exactly_one(&[#(&|v: &rt::Value| #conds),*], v)))
}

fn if_then_else(node: &Node, test: &Node, cx: &Ctx<'_>) -> Cond {
    let test = node_valid(test, cx);
    let then_ = node
        .then_
        .as_ref()
        .map_or(Cond::True, |n| node_valid(n, cx));
    let else_ = node
        .else_
        .as_ref()
        .map_or(Cond::True, |n| node_valid(n, cx));
    if then_.is_true() && else_.is_true() {
        return Cond::True;
    }
    let (test, then_, else_) = (test.tokens(), then_.tokens(), else_.tokens());
    Cond::atom(quote!(if #test { #then_ } else { #else_ }))
}

/// Their reports.
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    if node.never {
        let at = super::compile::at();
        out.extend(quote!(rt::false_schema(out, path, #at, v);));
    }
    if let Some(sub) = &node.not {
        let holds = node_valid(sub, cx);
        if !matches!(holds, Cond::False) {
            let at = super::compile::at();
            let holds = holds.tokens();
            out.extend(quote! {
                if #holds {
                    rt::not_(out, path, #at, v);
                }
            });
        }
    }
    if let Some(branches) = &node.one_of {
        let at = super::compile::at();
        let conds: Vec<TokenStream> = branches
            .iter()
            .map(|b| node_valid(b, cx).tokens())
            .collect();
        out.extend(quote! {
            rt::one_of(out, path, #at, &[#(&|v: &rt::Value| #conds),*], v);
        });
    }
    if let Some(test) = &node.if_ {
        let test = node_valid(test, cx).tokens();
        let branch = |n: &Option<Box<Node>>| {
            let body = n.as_ref().map(|n| node_check(n, cx)).unwrap_or_default();
            quote!({ #body })
        };
        let (then_, else_) = (branch(&node.then_), branch(&node.else_));
        out.extend(quote! {
            if #test #then_ else #else_
        });
    }
    out
}

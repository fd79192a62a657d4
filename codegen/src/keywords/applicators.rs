//! The in-place applicators beyond `allOf`/`anyOf`: `not`, `oneOf` and
//! `if`/`then`/`else`, and the `false` schema. Each subschema is inlined
//! on the same instance `v` (a `$ref` in it is a call); `then` and `else`
//! report their own violations, the others one violation of their own.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::node::Node;

/// Their demand on `v`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let mut parts = Vec::new();
    if node.never {
        parts.push(Cond::False);
    }
    if let Some(sub) = &node.not {
        parts.push(negated(&cx.valid(sub)));
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
    let conds: Vec<TokenStream> = branches.iter().map(|b| cx.valid(b).tokens()).collect();
    Cond::atom(quote!(rt::exactly_one(&[#(&|v: &rt::Value| #conds),*], v)))
}

fn if_then_else(node: &Node, test: &Node, cx: &Ctx<'_>) -> Cond {
    let test = cx.valid(test);
    let then_ = node.then_.as_ref().map_or(Cond::True, |n| cx.valid(n));
    let else_ = node.else_.as_ref().map_or(Cond::True, |n| cx.valid(n));
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
        let at = super::context::at();
        out.extend(quote!(rt::false_schema(out, path, #at, v);));
    }
    if let Some(sub) = &node.not {
        let holds = cx.valid(sub);
        if !matches!(holds, Cond::False) {
            let at = super::context::at();
            let holds = holds.tokens();
            out.extend(quote! {
                if #holds {
                    rt::not_(out, path, #at, v);
                }
            });
        }
    }
    if let Some(branches) = &node.one_of {
        let at = super::context::at();
        let conds: Vec<TokenStream> = branches.iter().map(|b| cx.valid(b).tokens()).collect();
        out.extend(quote! {
            rt::one_of(out, path, #at, &[#(&|v: &rt::Value| #conds),*], v);
        });
    }
    if let Some(test) = &node.if_ {
        let test = cx.valid(test).tokens();
        let branch = |n: &Option<Box<Node>>| {
            let body = n.as_ref().map(|n| cx.check(n)).unwrap_or_default();
            quote!({ #body })
        };
        let (then_, else_) = (branch(&node.then_), branch(&node.else_));
        out.extend(quote! {
            if #test #then_ else #else_
        });
    }
    out
}

//! `properties` together with `patternProperties` and
//! `additionalProperties` (and, in the boolean form, `required`): one pass
//! over the instance's members, `match`ing each name against the listed
//! properties (`_` takes `additionalProperties`, unless a pattern matched
//! the name). Each pattern whose schema constrains, or that keeps names
//! from `additionalProperties`, is tested once per member (`let p0 = …`);
//! its schema applies whether or not the name is also listed. Properties apply only to members
//! that are present; listed properties with a trivial schema are dropped
//! unless `additionalProperties` constrains, since then their names must be
//! excluded from it.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use super::{additional_properties, required};
use crate::node::Node;
use crate::Error;

/// The members' demand on an object `m`, `required` included: each
/// required name's arm counts it and the pass ends with `seen == count`
/// ([`super::required::valid`]).
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    let rest = additional_properties::valid(node, cx);
    let required = &node.required;
    let mut arms: Vec<(&str, Cond, bool)> = node
        .properties
        .iter()
        .map(|(name, sub)| {
            let counted = required.contains(name);
            (name.as_str(), cx.valid(sub), counted)
        })
        .filter(|(_, cond, counted)| *counted || !(rest.is_true() && cond.is_true()))
        .collect();
    for name in required {
        if !node.properties.iter().any(|(p, _)| p == name) {
            arms.push((name.as_str(), Cond::True, true));
        }
    }
    let patterns: Vec<(&str, Cond)> = node
        .pattern_properties
        .iter()
        .map(|(source, sub)| (source.as_str(), cx.valid(sub)))
        .filter(|(_, cond)| !(rest.is_true() && cond.is_true()))
        .collect();
    if !patterns.is_empty() {
        return with_patterns(&arms, &patterns, rest, required.len());
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
        let cond = required::valid_arm(cond, *counted).tokens();
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
    required::valid(required.len(), pass)
}

/// [`valid`] when patterns take part: the member pass's body binds each
/// pattern's match, demands its schema where it matched, and gives the `_`
/// arm `additionalProperties` only where none matched.
fn with_patterns(
    arms: &[(&str, Cond, bool)],
    patterns: &[(&str, Cond)],
    rest: Cond,
    required: usize,
) -> Cond {
    let flags: Vec<proc_macro2::Ident> = (0..patterns.len())
        .map(|i| crate::names::ident(&format!("p{i}")))
        .collect();
    let reads = !rest.is_const()
        || arms.iter().any(|(_, c, _)| !c.is_const())
        || patterns.iter().any(|(_, c)| !c.is_const());
    let binds = patterns.iter().zip(&flags).map(|((source, _), flag)| {
        let test = super::strings::matches(source, quote!(k));
        quote!(let #flag = #test;)
    });
    let pattern_demands = patterns
        .iter()
        .zip(&flags)
        .map(|((_, cond), flag)| Cond::any([Cond::atom(quote!(!#flag)), cond.clone()]));
    let others = Cond::any(
        flags
            .iter()
            .map(|flag| Cond::atom(quote!(#flag)))
            .chain([rest]),
    );
    let listed = if arms.is_empty() {
        others
    } else {
        let arm_tokens = arms.iter().map(|(name, cond, counted)| {
            let cond = required::valid_arm(cond, *counted).tokens();
            quote!(#name => #cond,)
        });
        let others = others.tokens();
        Cond::atom(quote! {
            match k.as_str() {
                #(#arm_tokens)*
                _ => #others,
            }
        })
    };
    let demand = Cond::all(pattern_demands.chain([listed])).tokens();
    let body = quote!({
        #(#binds)*
        #demand
    });
    let pass = if reads {
        quote!(rt::every_member(m, |k, v| #body))
    } else {
        quote!(rt::every_key(m, |k| #body))
    };
    required::valid(required, pass)
}

/// One pass over the members (inside `if let Object(m)`).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let (rest, rest_reads) = additional_properties::check(node, cx);
    let patterns: Vec<(&str, TokenStream)> = node
        .pattern_properties
        .iter()
        .map(|(source, sub)| {
            let body = cx.check_below(sub, quote!(path.key(k)));
            (source.as_str(), body)
        })
        .filter(|(_, body)| !(rest.is_empty() && body.is_empty()))
        .collect();
    if !patterns.is_empty() {
        return check_with_patterns(node, cx, &patterns, rest, rest_reads);
    }
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

/// [`check`] when patterns take part: each member's pattern matches bound
/// once, their schemas checked where they matched, `additionalProperties`
/// only where none did.
fn check_with_patterns(
    node: &Node,
    cx: &Ctx<'_>,
    patterns: &[(&str, TokenStream)],
    rest: TokenStream,
    rest_reads: bool,
) -> TokenStream {
    let constrained = node.additional.is_some();
    let arms: Vec<(&str, Arm)> = node
        .properties
        .iter()
        .map(|(name, sub)| (name.as_str(), arm(sub, cx)))
        .filter(|(_, body)| constrained || !body.is_empty())
        .collect();
    let reads = rest_reads
        || arms.iter().any(|(_, body)| !body.is_empty())
        || patterns.iter().any(|(_, body)| !body.is_empty());
    let flags: Vec<proc_macro2::Ident> = (0..patterns.len())
        .map(|i| crate::names::ident(&format!("p{i}")))
        .collect();
    let binds = patterns.iter().zip(&flags).map(|((source, _), flag)| {
        let test = super::strings::matches(source, quote!(k));
        quote!(let #flag = #test;)
    });
    let applied = patterns
        .iter()
        .zip(&flags)
        .filter(|((_, body), _)| !body.is_empty())
        .map(|((_, body), flag)| quote!(if #flag { #body }));
    let rest = if rest.is_empty() {
        rest
    } else {
        quote!(if !(#(#flags)||*) { #rest })
    };
    let listed = if arms.is_empty() {
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
    let body = quote! {
        #(#binds)*
        #(#applied)*
        #listed
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
            let at = super::context::at();
            let kinds = super::kinds::tokens(kinds);
            Arm::Call(quote!(rt::prop(out, path, #at, k, #kinds, v)))
        }
        None => Arm::Block(cx.check_below(sub, quote!(path.key(k)))),
    }
}

/// The bytes form: one member arm per name with a demand, a constraining
/// property (any property when `additionalProperties` constrains, so that
/// it does not apply to it), then each required name that is no property
/// ([`super::required::read_arm`]).
pub fn read_arms(node: &Node, cx: &Ctx<'_>) -> Result<Vec<TokenStream>, Error> {
    let constrained = node.additional.is_some();
    let mut arms = Vec::new();
    for (name, sub) in &node.properties {
        let required = required::read_bit(node, name);
        if sub.is_trivial() && required.is_none() && !constrained {
            continue;
        }
        let read = if sub.is_trivial() {
            quote!(r.skip())
        } else {
            cx.read(sub)?
        };
        arms.push(required::read_arm(name, required, read));
    }
    for (i, name) in node.required.iter().enumerate() {
        if !node.properties.iter().any(|(p, _)| p == name) {
            arms.push(required::read_arm(name, Some(i), quote!(r.skip())));
        }
    }
    Ok(arms)
}

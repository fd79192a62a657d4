//! The object and array arms: `properties`, `required`,
//! `additionalProperties` and `maxProperties` in one pass over the members;
//! `items`, `maxItems` and `minItems` in one pass over the elements.
//!
//! `maxProperties` counts members as they pass: a repeated name counts
//! twice, so the count is at least the `Value`'s, and within the limit it
//! is sound (beyond it the reader stops and the `Value` path decides).
//! `minProperties` is left to the `Value` path for the same reason.
//!
//! `required` is a bit per name, set by the name's arm: a repeated member
//! sets the same bit, so the test `seen == all` holds exactly when every
//! name occurred. Members with no demand go to the `_` arm, which skips
//! them (or applies `additionalProperties`).

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::context::Ctx;
use crate::node::{Additional, Node};
use crate::Error;

/// Most `required` names one object arm tracks (bits of a `u64`).
const MAX_REQUIRED: usize = 64;

/// The object arm: `r.object(|r, k| match k { … })`, then the `required`
/// test.
pub fn read(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    if node.required.len() > MAX_REQUIRED {
        return Err(Error::Unsupported {
            pointer: format!("{}/required", node.pointer),
            keyword: format!("required with more than {MAX_REQUIRED} names"),
        });
    }
    let rest = match &node.additional {
        None => quote!(r.skip()),
        Some(Additional::False) => quote!(rb::stop()),
        Some(Additional::Schema(schema)) => cx.read(schema)?,
    };
    let arms = member_arms(node, cx)?;
    let limit = node.max_properties.map(|max| {
        let max = Literal::u64_unsuffixed(max);
        quote! {
            members += 1;
            if members > #max {
                return rb::stop();
            }
        }
    });
    if arms.is_empty() && node.additional.is_none() && limit.is_none() {
        return Ok(quote!(r.skip()));
    }
    let pass = members_pass(&arms, &rest, limit.as_ref());
    if node.required.is_empty() {
        return Ok(pass);
    }
    let all = Literal::u64_unsuffixed(all_bits(node.required.len()));
    Ok(quote!({
        let mut seen = 0u64;
        #pass?;
        rb::ok(seen == #all)
    }))
}

/// One arm per member name with a demand: a constraining property (any
/// property when `additionalProperties` constrains, so that it does not
/// apply to it), then each required name that is no property.
fn member_arms(node: &Node, cx: &Ctx<'_>) -> Result<Vec<TokenStream>, Error> {
    let constrained = node.additional.is_some();
    let bit = |name: &str| node.required.iter().position(|r| r == name);
    let mut arms = Vec::new();
    for (name, sub) in &node.properties {
        let required = bit(name);
        if sub.is_trivial() && required.is_none() && !constrained {
            continue;
        }
        let read = if sub.is_trivial() {
            quote!(r.skip())
        } else {
            cx.read(sub)?
        };
        arms.push(arm(name, required, read));
    }
    for (i, name) in node.required.iter().enumerate() {
        if !node.properties.iter().any(|(p, _)| p == name) {
            arms.push(arm(name, Some(i), quote!(r.skip())));
        }
    }
    Ok(arms)
}

/// The pass over the members: the `arms` by name, `rest` for the others,
/// the `maxProperties` count first when there is a `limit`.
fn members_pass(
    arms: &[TokenStream],
    rest: &TokenStream,
    limit: Option<&TokenStream>,
) -> TokenStream {
    let pass = match (arms.is_empty(), limit) {
        (true, None) => quote!(r.object(|r, _| #rest)),
        (false, None) => quote! {
            r.object(|r, k| match k {
                #(#arms)*
                _ => #rest,
            })
        },
        (true, Some(limit)) => quote! {
            r.object(|r, _| {
                #limit
                #rest
            })
        },
        (false, Some(limit)) => quote! {
            r.object(|r, k| {
                #limit
                match k {
                    #(#arms)*
                    _ => #rest,
                }
            })
        },
    };
    if limit.is_some() {
        quote!({
            let mut members = 0u64;
            #pass
        })
    } else {
        pass
    }
}

fn all_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

fn arm(name: &str, required: Option<usize>, read: TokenStream) -> TokenStream {
    match required {
        Some(i) => {
            let bit = Literal::u64_unsuffixed(1u64 << i);
            quote!(#name => { seen |= #bit; #read })
        }
        None => quote!(#name => #read,),
    }
}

/// The array arm: each element against `items`, at most `maxItems`, at
/// least `minItems`.
pub fn array(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    let item = match &node.items {
        Some(items) if !items.is_trivial() => Some(cx.read(items)?),
        _ => None,
    };
    Ok(match (node.max_items, node.min_items, item) {
        (None, None, None) => quote!(r.skip()),
        (None, None, Some(item)) => quote!(r.array(|r| #item)),
        (Some(max), None, item) => {
            let max = Literal::u64_unsuffixed(max);
            let item = item.unwrap_or_else(|| quote!(r.skip()));
            quote!({
                let mut n = 0u64;
                r.array(|r| {
                    n += 1;
                    if n > #max {
                        return rb::stop();
                    }
                    #item
                })
            })
        }
        (max, Some(min), item) => {
            let min = Literal::u64_unsuffixed(min);
            let limit = max.map(|max| {
                let max = Literal::u64_unsuffixed(max);
                quote! {
                    if n > #max {
                        return rb::stop();
                    }
                }
            });
            let item = item.unwrap_or_else(|| quote!(r.skip()));
            quote!({
                let mut n = 0u64;
                r.array(|r| {
                    n += 1;
                    #limit
                    #item
                })?;
                rb::ok(n >= #min)
            })
        }
    })
}

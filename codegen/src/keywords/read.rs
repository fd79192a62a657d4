//! The driver of the bytes form: one schema node as an expression of type
//! `rb::R` that reads exactly one value at `r`: its own keywords in one
//! pass (a `match` on the value's first byte, one arm per kind of value,
//! each arm asking every keyword that applies to that kind for its test, in
//! a fixed order), then each `allOf` part and the `anyOf` again from a
//! mark. `$ref` is a call (through `rb::refer`, which records the
//! definition when it fails in collecting mode), which is how recursion
//! works.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::context::Ctx;
use super::{
    additional_properties, any_of, const_, enum_, format, items, minmax, numbers, objects,
    properties, ref_, required, strings, type_,
};
use crate::node::{kind, Node};
use crate::Error;

/// The expression reading one value valid for `node`.
pub fn read(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    if node.beyond_bytes() {
        // A keyword the readers do not compile: `Stop`, and the `Value`
        // path decides (sound: never a different verdict).
        return Ok(quote!(rb::stop()));
    }
    if let Some(target) = &node.ref_ {
        return Ok(ref_::read(target, cx));
    }
    let mut passes = Vec::new();
    if let Some(own) = own(node, cx)? {
        passes.push(own);
    }
    for part in node.all_of.iter().flatten() {
        if !part.is_trivial() {
            passes.push(read(part, cx)?);
        }
    }
    if let Some(branches) = &node.any_of {
        passes.push(any_of::read(branches, cx)?);
    }
    Ok(match passes.len() {
        0 => quote!(r.skip()),
        1 => passes.remove(0),
        _ => {
            let last = passes.pop();
            quote!({
                let mark = r.mark();
                #( #passes?; r.reset(mark); )*
                #last
            })
        }
    })
}

/// Whether `node` has keywords of its own (beside `allOf`/`anyOf`/`$ref`).
fn has_own(node: &Node) -> bool {
    node.types.is_some()
        || node.const_.is_some()
        || node.enum_.is_some()
        || !node.required.is_empty()
        || node.additional.is_some()
        || node.properties.iter().any(|(_, p)| !p.is_trivial())
        || node.items.as_ref().is_some_and(|i| !i.is_trivial())
        || node.max_items.is_some()
        || node.minimum.is_some()
        || node.maximum.is_some()
        || node.format.is_some()
        || node.max_properties.is_some()
        || node.min_items.is_some()
        || node.exclusive_minimum.is_some()
        || node.exclusive_maximum.is_some()
        || node.multiple_of.is_some()
        || node.min_length.is_some()
        || node.max_length.is_some()
        || node.pattern.is_some()
}

/// The kinds the node's `type`, `const` and `enum` admit.
pub fn own_kinds(node: &Node) -> u8 {
    let mut k = node.type_kinds();
    if let Some(value) = &node.const_ {
        k &= value.kinds();
    }
    if let Some(values) = &node.enum_ {
        k &= values.iter().fold(0, |acc, v| acc | v.kinds());
    }
    k
}

/// `match r.peek()? { b'{' => …, … }` over the kinds the node admits.
fn own(node: &Node, cx: &Ctx<'_>) -> Result<Option<TokenStream>, Error> {
    if !has_own(node) {
        return Ok(None);
    }
    let kinds = own_kinds(node);
    let number = kinds & kind::NUMBER;
    let mut arms = Vec::new();
    if kinds & kind::OBJECT != 0 {
        let body = object_arm(node, cx)?;
        arms.push(quote!(b'{' => #body,));
    }
    if kinds & kind::ARRAY != 0 {
        let body = array_arm(node, cx)?;
        arms.push(quote!(b'[' => #body,));
    }
    if kinds & kind::STRING != 0 {
        let body = string_arm(node);
        arms.push(quote!(b'"' => #body,));
    }
    if number != 0 {
        let body = number_arm(node, number);
        arms.push(quote!(b'-' | b'0'..=b'9' => #body,));
    }
    if kinds & kind::BOOLEAN != 0 {
        let body = boolean_arm(node);
        arms.push(quote!(b't' | b'f' => #body,));
    }
    if kinds & kind::NULL != 0 {
        arms.push(quote!(b'n' => r.null(),));
    }
    if arms.is_empty() {
        return Ok(Some(quote!(rb::stop())));
    }
    Ok(Some(quote! {
        match r.peek()? {
            #(#arms)*
            _ => rb::stop(),
        }
    }))
}

/// The string arm: `const`, `enum`, `minLength`/`maxLength`/`pattern` and
/// `format` on the decoded string, with the same runtime helpers as the
/// `Value` path (or compared as the bytes pass when one keyword alone can).
fn string_arm(node: &Node) -> TokenStream {
    if let Some(alone) = const_::read_string_alone(node) {
        return alone;
    }
    let mut tests: Vec<TokenStream> = [const_::read_string(node), enum_::read_string(node)]
        .into_iter()
        .flatten()
        .chain(strings::read(node))
        .collect();
    if tests.is_empty() {
        if let Some(alone) = format::read_alone(node) {
            return alone;
        }
    }
    tests.extend(format::read(node));
    if tests.is_empty() {
        return quote!(r.skip_string());
    }
    quote!({
        let s = r.string()?;
        let s: &str = &s;
        rb::ok(#(#tests)&&*)
    })
}

/// The number arm; `kinds` says whether integers, fractions or both pass.
/// Numbers are the `serde_json::Number` serde_json would build, compared by
/// the same `rt::number` helpers as the `Value` path.
fn number_arm(node: &Node, kinds: u8) -> TokenStream {
    let tests: Vec<TokenStream> = [
        type_::read_number(kinds),
        const_::read_number(node),
        enum_::read_number(node),
    ]
    .into_iter()
    .flatten()
    .chain(minmax::read(node))
    .chain(numbers::read(node))
    .collect();
    if tests.is_empty() {
        return quote!(r.skip_number());
    }
    quote!({
        let n = r.number()?;
        rb::ok(#(#tests)&&*)
    })
}

/// The boolean arm: the booleans `const` and `enum` both admit.
fn boolean_arm(node: &Node) -> TokenStream {
    let allowed = match (const_::read_booleans(node), enum_::read_booleans(node)) {
        (None, listed) => listed,
        (constant, None) => constant,
        (Some(c), Some(listed)) => Some(c.into_iter().filter(|b| listed.contains(b)).collect()),
    };
    match allowed {
        None => quote!(r.boolean().map(|_| ())),
        Some(values) => match (values.contains(&true), values.contains(&false)) {
            (true, true) => quote!(r.boolean().map(|_| ())),
            (true, false) => quote!(rb::ok(r.boolean()?)),
            (false, true) => quote!(rb::ok(!r.boolean()?)),
            (false, false) => quote!(rb::stop()),
        },
    }
}

/// The object arm: `properties`, `required`, `additionalProperties` and
/// `maxProperties` in one pass over the members
/// (`r.object(|r, k| match k { … })`), then the `required` test. Members
/// with no demand go to the `_` arm, which skips them (or applies
/// `additionalProperties`).
fn object_arm(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    required::read_supported(node)?;
    let rest = additional_properties::read(node, cx)?;
    let arms = properties::read_arms(node, cx)?;
    let limit = objects::read_limit(node);
    if arms.is_empty() && node.additional.is_none() && limit.is_none() {
        return Ok(quote!(r.skip()));
    }
    Ok(required::read(
        node,
        members_pass(&arms, &rest, limit.as_ref()),
    ))
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

/// The array arm: each element against `items`, at most `maxItems`, at
/// least `minItems`, in one pass over the elements.
fn array_arm(node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    let item = items::read(node, cx)?;
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

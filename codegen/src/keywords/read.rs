//! One schema node as an expression of type `rb::R` that reads
//! exactly one value at `r`: its own keywords in one pass (a `match` on the
//! value's first byte), then each `allOf` part and the `anyOf` again from a
//! mark. `$ref` is a call (through `rb::refer`, which records
//! the definition when it fails in collecting mode), which is how
//! recursion works.

use proc_macro2::TokenStream;
use quote::quote;

use super::context::Ctx;
use super::{any_of_read as any_of, object, scalar};
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
        // Through `refer`, which in collecting mode records the definition
        // when it fails and skips on.
        let f = crate::names::ident(&crate::names::read_fn(target));
        if !cx.schema.defs().contains_key(target) {
            // Not a definition (no `DEFINITIONS` row to check it by name):
            // a plain call; a failure is recorded by the nearest enclosing
            // definition's `refer`.
            return Ok(quote!(#f(r)));
        }
        return Ok(quote!(rb::refer(r, #target, #f)));
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
        let body = object::read(node, cx)?;
        arms.push(quote!(b'{' => #body,));
    }
    if kinds & kind::ARRAY != 0 {
        let body = object::array(node, cx)?;
        arms.push(quote!(b'[' => #body,));
    }
    if kinds & kind::STRING != 0 {
        let body = scalar::string(node);
        arms.push(quote!(b'"' => #body,));
    }
    if number != 0 {
        let body = scalar::number(node, number);
        arms.push(quote!(b'-' | b'0'..=b'9' => #body,));
    }
    if kinds & kind::BOOLEAN != 0 {
        let body = scalar::boolean(node);
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

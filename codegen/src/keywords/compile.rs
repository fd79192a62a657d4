//! The driver of the `Value` forms: compiles one [`Node`] into its two
//! forms, calling each keyword's form in a fixed order (the registry of
//! these forms):
//!
//! - [`valid`]: a boolean expression over `v: &Value` that short-circuits
//!   and allocates nothing (the body of `is_valid_<def>`);
//! - [`check`]: statements over `v`, `path: &rt::Path<'_>` and
//!   `out: &mut Vec<rt::Violation>` that push every violation (the body
//!   of `check_<def>_at`).
//!
//! Subschemas (`properties`, `items`, `allOf`/`anyOf` branches) are inlined
//! by shadowing `v` and `path`; `$ref` is a call to the target's function,
//! which is how recursion (`JSONValue` ↔ `JSONObject`) works.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::{replace_at_used, Ctx};
use super::variant::{select, Variant};
use super::{
    all_of, any_of, applicators, arrays, const_, enum_, format, items, max_items, minmax, numbers,
    objects, properties, ref_, required, strings, type_, unevaluated,
};
use crate::node::Node;

/// The boolean form of `node`.
pub fn valid(node: &Node, cx: &Ctx<'_>) -> Cond {
    if let Some(target) = &node.ref_ {
        return ref_::valid(target);
    }
    let arms = Variant::ALL.map(|variant| arm(node, variant, cx));
    let mut parts = vec![select(arms)];
    if let Some(parts_of) = &node.all_of {
        parts.push(all_of::valid(parts_of, cx));
    }
    if let Some(branches) = &node.any_of {
        parts.push(any_of::valid(branches, cx));
    }
    parts.push(applicators::valid(node, cx));
    parts.push(unevaluated::valid(node, cx));
    Cond::all(parts)
}

/// What `node` demands of an instance of `variant` (the arm's binding —
/// `m`, `a`, `s`, `n`, `b` — is in scope).
fn arm(node: &Node, variant: Variant, cx: &Ctx<'_>) -> Cond {
    let typed = type_::arm(node, variant);
    let value = Cond::all([const_::arm(node, variant), enum_::arm(node, variant)]);
    let keywords = match variant {
        Variant::Object => Cond::all([properties::valid(node, cx), objects::valid(node, cx)]),
        Variant::Array => Cond::all([
            max_items::valid(node),
            items::valid(node, cx),
            arrays::valid(node, cx),
        ]),
        Variant::String => Cond::all([format::valid(node), strings::valid(node)]),
        Variant::Number => Cond::all([minmax::valid(node), numbers::valid(node)]),
        Variant::Bool | Variant::Null => Cond::True,
    };
    Cond::all([typed, value, keywords])
}

/// The collecting form of `node`. Its keywords report below `at`, bound
/// here to the node's pointer when they name it (a nested node binds its
/// own; [`super::all_of`] scopes its parts).
pub fn check(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    if let Some(target) = &node.ref_ {
        return ref_::check(target);
    }
    let outer = replace_at_used(false);
    let body = keywords(node, cx);
    if replace_at_used(outer) {
        let at = match below_defs(&node.pointer, cx) {
            Some(pointer) => quote!(D::at(#pointer)),
            // Outside the definitions (a standalone root, another
            // document): the whole location, the same in both dialects.
            None => {
                let pointer = node.pointer.as_str();
                quote!(rt::At { defs: "", node: #pointer })
            }
        };
        quote! {
            let at = #at;
            #body
        }
    } else {
        body
    }
}

/// `pointer` without the definitions container it starts with
/// (`/$defs/X/y` → `/X/y`): what [`super::context::at`] names, dialect-independent.
fn below_defs<'p>(pointer: &'p str, cx: &Ctx<'_>) -> Option<&'p str> {
    let defs = format!("/{}", cx.schema.version.dialect.defs_key());
    pointer
        .strip_prefix(defs.as_str())
        .filter(|rest| rest.starts_with('/'))
}

fn keywords(node: &Node, cx: &Ctx<'_>) -> TokenStream {
    let type_ = type_::check(node);
    let const_ = const_::check(node);
    let enum_ = enum_::check(node);
    let object = guarded(
        Variant::Object,
        [
            required::check(node),
            properties::check(node, cx),
            objects::check(node, cx),
        ],
    );
    let array = guarded(
        Variant::Array,
        [
            max_items::check(node),
            items::check(node, cx),
            arrays::check(node, cx),
        ],
    );
    let number = guarded(Variant::Number, [minmax::check(node), numbers::check(node)]);
    let string = format::check(node);
    let string_keywords = guarded(Variant::String, [strings::check(node)]);
    let applicators = applicators::check(node, cx);
    let unevaluated = unevaluated::check(node, cx);
    let all_of = node.all_of.as_ref().map(|parts| all_of::check(parts, cx));
    let any_of = node
        .any_of
        .as_ref()
        .map(|branches| any_of::check(branches, cx));
    quote! {
        #type_
        #const_
        #enum_
        #object
        #array
        #number
        #string
        #string_keywords
        #all_of
        #any_of
        #applicators
        #unevaluated
    }
}

/// `if let Value::Object(m) = v { … }` around the statements of the
/// keywords that apply only to one variant; nothing if they are empty.
fn guarded<const N: usize>(variant: Variant, stmts: [TokenStream; N]) -> TokenStream {
    if stmts.iter().all(TokenStream::is_empty) {
        return TokenStream::new();
    }
    let pattern = variant.pattern(true);
    quote! {
        if let #pattern = v {
            #(#stmts)*
        }
    }
}

/// `node` compiled for a subinstance: `v` rebound to `value`, `path`
/// extended by `step` (`path.key(k)`, `path.index(i)`).
pub fn check_below(node: &Node, cx: &Ctx<'_>, step: TokenStream) -> TokenStream {
    if let Some(target) = &node.ref_ {
        return ref_::check_at(target, step);
    }
    let body = check(node, cx);
    if body.is_empty() {
        return body;
    }
    quote! {
        let path = &#step;
        #body
    }
}

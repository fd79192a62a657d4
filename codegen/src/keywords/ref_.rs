//! `$ref` (local `#/$defs/Name` / `#/definitions/Name` only, resolved when
//! parsing): a call to the target definition's function. Siblings of
//! `$ref` are annotations only (the parser refuses anything else), so the
//! reference is the whole schema. Violations found through it carry the
//! target's schema pointers.

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use super::context::Ctx;
use crate::names;

/// `is_valid_<target>(v)`.
pub fn valid(target: &str) -> Cond {
    let f = names::ident(&names::is_valid_fn(target));
    Cond::atom(quote!(#f(v)))
}

/// `check_<target>_at::<D>`: the target's collecting check for the
/// caller's dialect `D` (the generic parameter of every `check_<d>_at`).
pub fn check_fn(target: &str) -> TokenStream {
    let f = names::ident(&names::check_at_fn(target));
    quote!(#f::<D>)
}

/// `check_<target>_at::<D>(v, path, out);`.
pub fn check(target: &str) -> TokenStream {
    let f = check_fn(target);
    quote!(#f(v, path, out);)
}

/// `check_<target>_at::<D>(v, &<path step>, out);` (a property or element
/// that is a `$ref`).
pub fn check_at(target: &str, step: TokenStream) -> TokenStream {
    let f = check_fn(target);
    quote!(#f(v, &#step, out);)
}

/// `rb::refer(r, "Target", read_<target>)`: the target's bytes validator,
/// through `refer`, which in collecting mode records the definition when
/// it fails and skips on.
pub fn read(target: &str, cx: &Ctx<'_>) -> TokenStream {
    let f = names::ident(&names::read_fn(target));
    if !cx.schema.defs().contains_key(target) {
        // Not a definition (no `DEFINITIONS` row to check it by name):
        // a plain call; a failure is recorded by the nearest enclosing
        // definition's `refer`.
        return quote!(#f(r));
    }
    quote!(rb::refer(r, #target, #f))
}

#[cfg(test)]
mod tests {
    #[test]
    fn calls_the_target() {
        assert_eq!(
            super::valid("JSONObject").tokens().to_string(),
            "is_valid_json_object (v)"
        );
        assert_eq!(
            super::check("JSONObject").to_string(),
            "check_json_object_at :: < D > (v , path , out) ;"
        );
    }
}

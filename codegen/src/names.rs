//! Names of generated items, shared by every stage so that a definition's
//! type, its two check functions and its `Definition` variant always agree.

use heck::ToSnakeCase;

/// snake_case stem of a definition: `JSONRPCRequest` → `jsonrpc_request`.
pub fn snake(definition: &str) -> String {
    definition.to_snake_case()
}

/// `is_valid_<stem>`: the short-circuit boolean check.
pub fn is_valid_fn(definition: &str) -> String {
    format!("is_valid_{}", snake(definition))
}

/// `check_<stem>`: the check that collects every violation.
pub fn check_fn(definition: &str) -> String {
    format!("check_{}", snake(definition))
}

/// `check_<stem>_at`: the collecting check below a given instance path
/// (what a `$ref` compiles to).
pub fn check_at_fn(definition: &str) -> String {
    format!("check_{}_at", snake(definition))
}

/// Identifier from a string (panics only on strings that are not identifiers,
/// which the callers construct themselves).
pub fn ident(name: &str) -> proc_macro2::Ident {
    proc_macro2::Ident::new(name, proc_macro2::Span::call_site())
}

/// `read_<stem>`: the bytes validator of a definition.
pub fn read_fn(definition: &str) -> String {
    format!("read_{}", snake(definition))
}

//! Bytes stage: validators that judge a message straight from its bytes,
//! never building a `serde_json::Value`.
//!
//! [`generate`] returns the contents of the generated `pub mod bytes`: for
//! each definition `D`, `read_<d>(r: &mut rb::Reader<'_>) -> rb::R` (`rb`
//! is the module's alias of `::mcpwire_runtime::__private::bytes`, so the
//! readers' calls fit on one line), which reads one value and returns `Ok`
//! only if it is a valid `D`. `validate::DEFINITIONS` names it in `D`'s row
//! (`read`), beside the `Value` checks.
//!
//! The functions are the verdict-only (`is_valid`) form, compiled from the
//! same parsed units as the validators stage (one parse per revision), each
//! keyword by the `read` form beside its other two in `keywords/`: `type`, `const`, `enum`,
//! `required`, `properties`, `additionalProperties`, `items`, `maxItems`,
//! `minimum`/`maximum` and `format` are checked as the tokens pass; members
//! no keyword names are skipped (strictly, without allocation); `allOf`
//! parts and `anyOf` branches read the same bytes again from a mark, and
//! `anyOf` first narrows its branches by the value's first byte, by the
//! discriminating member (`type`, `method`, …) and by which members are
//! present (`keywords/any_of.rs`).
//!
//! A `read_*` function is *sound*: `Ok` implies the `Value` path's
//! `is_valid_*` holds on the same bytes. Duplicate members are checked at
//! every occurrence (the `Value` keeps the last one, which is among them),
//! and `required` is a set of bits, so a repeated member is not counted
//! twice. Anything else — an invalid value, or input the reader leaves to
//! serde_json — is a `Stop`, after which `mcpwire::bytes` asks the `Value`
//! path, so verdicts and violations are identical by construction.
//!
//! Every `$ref` is a call through `rb::refer(r, "Name", read_name)`:
//! a plain call on the fast path; in the reader's collecting mode, a
//! failing definition is recorded (name, instance path, bytes) and its
//! value skipped, so that `mcpwire::bytes::collect` can parse and check
//! only the failing values (the `Value` path's `check_<d>_at` at their
//! paths) instead of the whole message.

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use crate::keywords::{Ctx, Units};
use crate::node::Node;
use crate::{names, Error, Schema};

/// `read_<stem>`: the bytes validator of a definition.
pub use crate::names::read_fn;

/// The contents of the `bytes` module.
pub fn generate(schema: &Schema) -> Result<TokenStream, Error> {
    let module = module(schema)?;
    Ok(crate::share::tokens(&module, &BTreeMap::new(), "bytes"))
}

/// The `bytes` module's function per definition, for [`crate::share`].
pub fn module(schema: &Schema) -> Result<crate::share::Module, Error> {
    module_of(&Units::parse(schema)?, schema)
}

/// [`module`] of units already parsed (the revision's one [`Units`], which
/// the validators stage compiles too).
pub(crate) fn module_of(units: &Units, schema: &Schema) -> Result<crate::share::Module, Error> {
    let cx = units.context(schema);
    let mut functions = Vec::new();
    for (unit, node) in &units.list {
        functions.push((unit.name.clone(), function(&unit.name, node, &cx)?));
    }
    Ok(crate::share::Module {
        functions,
        tables: TokenStream::new(),
        keyed: false,
    })
}

/// `read_<d>` of one definition.
fn function(name: &str, node: &Node, cx: &Ctx<'_>) -> Result<TokenStream, Error> {
    let read = names::ident(&read_fn(name));
    // No schema pointer in the text: it would differ between the
    // `definitions` and `$defs` dialects and keep identical readers from
    // being shared across them (`share`).
    let doc = format!(" Reads one value; `Ok` only if it is a valid `{name}`.");
    let body = cx.read(node)?;
    Ok(quote! {
        #[doc = #doc]
        pub fn #read(r: &mut rb::Reader<'_>) -> rb::R {
            #body
        }
    })
}

//! `mcpwire-macros`: MCP fixtures checked against the schema when the crate
//! that writes them compiles. Use them through `mcpwire` (feature `macros`):
//! `mcpwire::fixture!` and `mcpwire::fixture_file!`.
//!
//! # Why a proc macro
//!
//! The reference conformance harness's worst bug class was a hand-written
//! fixture with a shape the schema forbids (it once required
//! `requiredCapabilities` as `["sampling"]` where the schema wants an
//! object). mcpwire
//! already compiles every schema into native check functions; this crate
//! compiles the same functions (the `validate` stage of `mcpwire-codegen`,
//! from the same pinned `schema.json`) into the macro and runs them on the
//! fixture while the caller's crate builds, so such a fixture is a compile
//! error pointing at the offending member.
//!
//! The validators call the run-time helpers of `mcpwire-runtime`, not of
//! `mcpwire`: `mcpwire` re-exports these macros, so depending on it here
//! would be a cycle. Generated code reaches the runtime by absolute path
//! (`::mcpwire_runtime::__private`), so nothing here mirrors its names.
//!
//! # Literal parts and holes
//!
//! The value syntax is `serde_json::json!`'s: `null`, `true`, `false`,
//! numbers, strings, `[..]`, `{ "key": value, .. }`, and any other Rust
//! expression as a *hole* (interpolated with `serde_json::to_value`, as
//! `json!` does). An object with a non-literal key is a hole as a whole.
//! Literal numbers are JSON numbers; a Rust literal that is not one
//! (`1_000`, `1u8`, `0x10`) is a hole.
//!
//! - The literal parts are checked at compile time. Holes cannot be, so the
//!   check runs with every hole set to `null`, then `true`, `0`, `""`, `[]`
//!   and `{}`, and reports a violation only if every run reports it, it is
//!   neither at nor below a hole, and it is not a `const`/`enum` violation
//!   of a value that contains a hole. So a union whose branch depends on a
//!   hole's value does not fail the build, and a missing member, a wrong
//!   `const` or a wrong shape beside a hole still does.
//! - A fixture with holes is checked again, whole, when it is built at run
//!   time; a violation panics (fixtures are test data: the panic is the
//!   failed assertion), naming the definition and every violation.
//!
//! # Output
//!
//! Both macros evaluate to a `serde_json::Value`, equal to what
//! `serde_json::json!` builds from the same tokens. A `Value` keeps exactly
//! what the fixture says (member order, unknown members, `null`s), which is
//! what a fixture is for: being sent or compared as a wire message. The
//! typed value is one call away: `types::CallToolResult::validated(&value)`.
#![deny(missing_docs)]

mod check;
mod emit;
mod file;
mod fixture;
mod parse;
mod suggest;
mod target;

/// The enabled revisions' validators (`macros/build.rs`).
// `Definition` variants such as `ToolDefinition` (public, hence allowed, in
// mcpwire); shared definitions re-exported from an earlier revision that
// this crate does not call (`mcpwire_codegen::share`).
#[allow(
    dead_code,
    unused_imports,
    clippy::enum_variant_names,
    rustdoc::bare_urls
)]
mod revisions {
    include!(concat!(env!("OUT_DIR"), "/revisions.rs"));
}

/// A fixture written inline, checked against a definition at compile time.
///
/// `fixture!(v2026_07_28::CallToolResult, { "content": [], "resultType": "complete" })`
/// evaluates to a `serde_json::Value`. Syntax, holes and the return type:
/// see the crate docs. A violation of the literal parts is a compile error
/// on the offending member: `/content/0/text: expected string, found
/// number`.
#[proc_macro]
pub fn fixture(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    fixture::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// A fixture read from a JSON file, checked against a definition at
/// compile time.
///
/// `fixture_file!(v2025_11_25::InitializeResult, "tests/fixtures/init.json")`:
/// the path is relative to the calling crate's `CARGO_MANIFEST_DIR`. The
/// expansion `include_str!`s the file, so editing it re-runs the check. It
/// evaluates to the file's `serde_json::Value`.
#[proc_macro]
pub fn fixture_file(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    file::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

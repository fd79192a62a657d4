//! Validators stage: compiled checks for every definition of one revision.
//! Each keyword's `valid` and `check` forms are in `keywords/`, beside its
//! bytes form; this module wraps them into the functions and tables of the
//! generated `validate` module.
//!
//! [`generate`] returns the contents of the generated `pub mod validate`.
//! For each definition `X` (schema order, after errata):
//!
//! - `is_valid_<x>(v) -> bool`: short-circuits, allocates nothing;
//! - `check_<x>(v) -> Vec<Violation>`: every violation, pointers relative
//!   to `v`;
//! - `check_<x>_at::<D>(v, path, out)`: the same below an instance path
//!   (what a `$ref` compiles to in collecting mode). It runs `is_valid_<x>`
//!   first and collects only if that fails, so checking valid
//!   (sub)instances costs what the boolean form costs. `D: rt::Dialect`
//!   is the revision's dialect (`rt::Draft07`, `rt::Draft2020_12`), which
//!   supplies the definitions container of the schema pointers it reports
//!   (`/definitions`, `/$defs`): the function's text names none, so
//!   revisions of both dialects can share it ([`crate::share`]);
//!
//! plus `DEFINITIONS` (sorted by name, for `Spec::definition`) and the
//! `Definition` enum. Generated code names runtime helpers by absolute path
//! through `use ::mcpwire_runtime::__private as rt;` (`rt::number`,
//! `rt::format`, `rt::type_`, …), so an including crate needs nothing at
//! its root; no schema is walked at run time.
//!
//! Recursion depth: `$ref` compiles to a call, so checking recurses as deep
//! as the instance nests through recursive definitions (`JSONValue` ↔
//! `JSONObject`). Frames are small and the success path keeps no per-level
//! buffers. serde_json's parser caps nesting at 128, so parsed input is
//! safe; a `Value` built in Rust can be deeper. Measured on a 2 MiB thread
//! stack (release): 8,000 levels of alternating arrays and objects pass
//! `is_valid_json_value` and `check_json_value`, and at 10,000 serde_json's
//! own recursive `Drop` and `Display` overflow as well, so the validators
//! add no lower limit than the `Value` type already has.
//!
//! Cost of the collecting form: on a valid instance, that of `is_valid`.
//! On an invalid one, each definition on the way from the root down to a
//! violation runs its boolean form (which stops at the first failure)
//! before collecting, and valid siblings stop at their own gate; so the
//! work is bounded by (definitions nested through `$ref` on that way) ×
//! (instance size). On the bench's `invalid` class (one violation deep in a
//! large message) it is ~3.7× `is_valid`'s, reporting included
//! (`docs/benchmarks.md`).
//!

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;

use crate::keywords::{compile, cond, unevaluated, Ctx, Units};
use crate::node::Node;
use crate::{names, Error, Schema};

/// The contents of the `validate` module, its `DEFINITIONS` rows without
/// bytes validators (what `mcpwire-macros` compiles).
pub fn generate(schema: &Schema) -> Result<TokenStream, Error> {
    generate_with(schema, Rows::ValueOnly)
}

/// What a `DEFINITIONS` row names besides the `Value` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rows {
    /// `read: None`: no bytes stage is compiled.
    ValueOnly,
    /// `read: Some(super::bytes::read_<d>)`: the sibling `bytes` module's.
    WithBytes,
}

/// The contents of the `validate` module, rows as `rows` says.
pub fn generate_with(schema: &Schema, rows: Rows) -> Result<TokenStream, Error> {
    let module = module(schema, rows)?;
    Ok(crate::share::tokens(&module, &BTreeMap::new(), "validate"))
}

/// The `validate` module's functions per definition and its tables, for
/// [`crate::share`].
pub fn module(schema: &Schema, rows: Rows) -> Result<crate::share::Module, Error> {
    module_of(&Units::parse(schema)?, schema, rows)
}

/// [`module`] of units already parsed (the revision's one [`Units`], which
/// the bytes stage compiles too).
pub(crate) fn module_of(
    units: &Units,
    schema: &Schema,
    rows: Rows,
) -> Result<crate::share::Module, Error> {
    let cx = units.context(schema);
    let nodes = &units.nodes;
    let mut functions = Vec::new();
    unevaluated::take_demands();
    for (unit, node) in &units.list {
        let [is_valid, check, check_at] = self::functions(&unit.name, node, &cx);
        functions.push(is_valid);
        if unit.entry {
            functions.push(check);
        }
        functions.push(check_at);
    }
    // What `unevaluated*` asks of referenced units, until nothing new.
    let mut made = BTreeSet::new();
    loop {
        let demands: Vec<_> = unevaluated::take_demands()
            .into_iter()
            .filter(|d| !made.contains(d))
            .collect();
        if demands.is_empty() {
            break;
        }
        for (unit, kind) in demands {
            if let Some(node) = nodes.get(&unit) {
                functions.push(unevaluated::function(&unit, kind, node, &cx));
            }
            made.insert((unit, kind));
        }
    }
    Ok(crate::share::Module {
        functions,
        tables: tables(schema, rows),
        keyed: false,
    })
}

/// The three functions of one definition, each with its name (what
/// [`crate::share`] shares: one function at a time).
///
/// `is_valid_<d>` and `check_<d>_at` are the same text in both dialects:
/// no schema pointer but the node's below the definitions container, which
/// `check_<d>_at`'s type parameter `D: rt::Dialect` supplies
/// (`D::at("/X")`; `$ref`s pass it on as `check_<t>_at::<D>`). Only
/// `check_<d>` (and the table rows) name the revision's dialect
/// ([`dialect`]).
fn functions(name: &str, node: &Node, cx: &Ctx<'_>) -> [(String, TokenStream); 3] {
    let is_valid = names::ident(&names::is_valid_fn(name));
    let check = names::ident(&names::check_fn(name));
    let check_at = names::ident(&names::check_at_fn(name));
    let dialect = dialect(cx.schema);
    let valid_doc = format!(" Whether `v` is a valid `{name}`.");
    let check_doc = format!(" Every violation of `{name}` in `v`, pointers relative to `v`.");
    let check_at_doc = format!(
        " Pushes every violation of `{name}` in `v` (at `path`) onto `out`, \
         schema pointers below `D`'s definitions."
    );
    let valid_body = match compile::valid(node, cx) {
        cond::Cond::True => quote!(let _ = v; true),
        cond => cond.tokens(),
    };
    let check_body = compile::check(node, cx);
    let check_body = if check_body.is_empty() {
        quote!(let _ = (v, path, out);)
    } else {
        // The boolean form first: a valid instance (the common case, and
        // every valid subinstance below a violation, since each `$ref` is a
        // call to this gate) costs what `is_valid` costs and touches no
        // `Path`, `Vec` or message code. The collecting statements run only
        // where something failed, and report exactly what they would have
        // reported ungated: `is_valid` holds exactly when they report
        // nothing (the differential tests assert it on every instance).
        quote! {
            if #is_valid(v) {
                return;
            }
            #check_body
        }
    };
    [
        (
            is_valid.to_string(),
            quote! {
                #[doc = #valid_doc]
                pub fn #is_valid(v: &rt::Value) -> bool {
                    #valid_body
                }
            },
        ),
        (
            check.to_string(),
            quote! {
                #[doc = #check_doc]
                pub fn #check(v: &rt::Value) -> Vec<rt::Violation> {
                    rt::check(v, #check_at::<#dialect>)
                }
            },
        ),
        (
            check_at.to_string(),
            quote! {
                #[doc = #check_at_doc]
                pub fn #check_at<D: rt::Dialect>(
                    v: &rt::Value,
                    path: &rt::Path<'_>,
                    out: &mut Vec<rt::Violation>,
                ) {
                    #check_body
                }
            },
        ),
    ]
}

/// The runtime's marker of the schema's dialect (`rt::Draft07`,
/// `rt::Draft2020_12`): what a revision instantiates `check_<d>_at` with.
fn dialect(schema: &Schema) -> TokenStream {
    match schema.version.dialect {
        crate::Dialect::Draft07 => quote!(rt::Draft07),
        crate::Dialect::Draft2020_12 => quote!(rt::Draft2020_12),
    }
}

/// `DEFINITIONS` and `enum Definition`, both sorted by name so that a
/// variant's discriminant indexes `DEFINITIONS`.
fn tables(schema: &Schema, rows: Rows) -> TokenStream {
    if schema.defs().is_empty() {
        return TokenStream::new();
    }
    let sorted: BTreeSet<&str> = schema.defs().keys().map(String::as_str).collect();
    let entries = sorted.iter().map(|name| {
        let pointer = schema.def_pointer(name);
        let is_valid = names::ident(&names::is_valid_fn(name));
        let check_at = names::ident(&names::check_at_fn(name));
        let dialect = dialect(schema);
        let read = match rows {
            Rows::ValueOnly => quote!(::std::option::Option::None),
            Rows::WithBytes => {
                let read = names::ident(&names::read_fn(name));
                quote!(::std::option::Option::Some(super::bytes::#read))
            }
        };
        quote! {
            rt::DefinitionFns {
                name: #name,
                pointer: #pointer,
                is_valid: #is_valid,
                check_at: #check_at::<#dialect>,
                read: #read,
            },
        }
    });
    let variants: Vec<proc_macro2::Ident> = sorted.iter().map(|n| names::ident(n)).collect();
    let docs = sorted
        .iter()
        .map(|n| format!(" `{n}` (`{}`).", schema.def_pointer(n)));
    quote! {
        /// Every definition's checks (one row each: `Value` checks and bytes
        /// validator), sorted by name (`Spec::definition` binary-searches it).
        pub static DEFINITIONS: &[rt::DefinitionFns] = &[#(#entries)*];

        /// The definitions of this revision, in name order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Definition {
            #(
                #[doc = #docs]
                #variants,
            )*
        }

        impl Definition {
            /// Every definition, in name order.
            pub const ALL: &'static [Definition] = &[#(Definition::#variants),*];

            fn fns(self) -> &'static rt::DefinitionFns {
                &DEFINITIONS[self as usize]
            }

            /// The schema name.
            pub fn name(self) -> &'static str {
                self.fns().name
            }

            /// The definition with this schema name.
            pub fn from_name(name: &str) -> ::std::option::Option<Definition> {
                DEFINITIONS
                    .binary_search_by(|d| d.name.cmp(name))
                    .ok()
                    .and_then(|i| Definition::ALL.get(i).copied())
            }

            /// Whether `v` is valid for this definition.
            pub fn is_valid(self, v: &rt::Value) -> bool {
                (self.fns().is_valid)(v)
            }

            /// Every violation of this definition in `v`.
            pub fn check(self, v: &rt::Value) -> Vec<rt::Violation> {
                self.fns().check(v)
            }
        }
    }
}

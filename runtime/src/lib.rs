//! The run-time half of mcpwire's generated validators: what a generated
//! `is_valid_<def>` / `check_<def>` function calls.
//!
//! It is a crate of its own, not a module of `mcpwire`, because two crates
//! compile the generated validators: `mcpwire` itself and the proc-macro
//! crate `mcpwire-macros`, which runs them at compile time to check
//! fixtures. A proc-macro crate cannot depend on `mcpwire` while `mcpwire`
//! re-exports its macros (a dependency cycle), so both depend on this crate
//! instead. `mcpwire` re-exports the public modules here at the same path
//! (`mcpwire::violation`, `mcpwire::path`, …).
//!
//! Generated code reaches everything it calls by absolute path, through
//! one hidden module: every generated module begins with
//! `use ::mcpwire_runtime::__private as rt;` and calls `rt::type_(…)`,
//! `rt::number::…`, `rt::bytes::Reader`, … — so a crate that includes
//! generated code needs nothing at its root. [`__private`] is not API: it
//! changes with the generator.
#![deny(missing_docs)]

#[doc(hidden)]
pub mod applicators;
#[doc(hidden)]
pub mod arrays;
#[doc(hidden)]
pub mod branch;
#[doc(hidden)]
pub mod bytes;
#[doc(hidden)]
pub mod constant;
pub mod constraints;
pub mod definition;
pub mod format;
pub mod number;
pub mod path;
#[doc(hidden)]
pub mod reports;
mod same;
pub mod suggest;
#[doc(hidden)]
pub mod support;
#[doc(hidden)]
pub mod text;
#[doc(hidden)]
pub mod typed;
pub mod violation;

pub use definition::DefinitionFns;
pub use path::Path;
pub use violation::{Keyword, Pointer, Violation, Violations};

/// What generated code calls (see the crate docs). Not API.
#[doc(hidden)]
pub mod __private {
    pub use crate::applicators::*;
    pub use crate::arrays::{count_where, duplicate, unique};
    pub use crate::constant::{name_value, Constant};
    pub use crate::reports::*;
    pub use crate::support::*;
    pub use crate::text::{max_chars, min_chars, Pattern};
    pub use crate::{bytes, format, number, typed, DefinitionFns, Path, Violation};
}

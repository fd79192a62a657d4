//! The run-time half of mcpwire's generated validators: what a generated
//! `is_valid_<def>` / `check_<def>` function calls.
//!
//! It is a crate of its own, not a module of `mcpwire`, because two crates
//! compile the generated validators: `mcpwire` itself and the proc-macro
//! crate `mcpwire-macros`, which runs them at compile time to check
//! fixtures. A proc-macro crate cannot depend on `mcpwire` while `mcpwire`
//! re-exports its macros (a dependency cycle), so both depend on this crate
//! instead. `mcpwire` re-exports every module here at the same path
//! (`mcpwire::violation`, `mcpwire::path`, …), so users and the generated
//! code (`crate::support::…`) see no difference.
#![deny(missing_docs)]

pub mod definition;
pub mod format;
pub mod number;
pub mod path;
pub mod suggest;
#[doc(hidden)]
pub mod support;
pub mod violation;

pub use definition::DefinitionFns;
pub use path::Path;
pub use violation::{Keyword, Pointer, Violation, Violations};

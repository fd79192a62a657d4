//! mcpwire: typed, compiled validators for the Model Context Protocol wire
//! format.
//!
//! `build.rs` turns each pinned MCP `schema.json` into one module per
//! revision (`v2024_11_05` … `draft`, one cargo feature each) holding:
//! - `types`: a Rust type per schema definition (typify);
//! - `validate`: `is_valid_<def>` / `check_<def>` per definition — native
//!   code, no schema interpreted at run time;
//! - `bytes`: `read_<def>` per definition — the same verdict straight from
//!   a message's bytes, without building a `Value` ([`bytes`]);
//! - `dispatch`: the method / error-code / result tables extracted from the
//!   schema;
//! - `SPEC`: all of it as a [`Spec`] for code that works across revisions.
#![deny(missing_docs)]

pub mod bytes;
pub mod check;
pub mod correlate;
pub mod dispatch;
// `Display` for reports and findings (the CLI's headline lines).
mod display;
pub mod head;
pub mod input;
pub mod message;
pub mod report;
pub mod rule;
pub mod session;
pub mod spec;
pub mod transcript;
pub mod version;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

#[cfg(feature = "macros")]
pub use mcpwire_macros::{fixture, fixture_file};

// The validators' run-time helpers live in `mcpwire-runtime` (shared with
// the `mcpwire-macros` proc macro); generated code reaches them there by
// absolute path (`::mcpwire_runtime::__private`). These are the public ones.
pub use mcpwire_runtime::{format, number, path, suggest, violation};

pub use check::check_transcript;
pub use message::{Direction, Origin};
pub use path::Path;
pub use report::{Finding, MessageKind, Report, Warning, WarningKind};
pub use rule::{Rule, Severity};
pub use session::{Judged, Mode, NotCompiledIn, Options, Session, Source};
pub use spec::Spec;
pub use version::{UnknownVersion, Version};
pub use violation::{Keyword, Pointer, Violation, Violations};

macro_rules! revision {
    ($feature:literal, $module:ident, $doc:literal) => {
        #[doc = $doc]
        #[cfg(feature = $feature)]
        // types (typify): struct fields and enum variants whose schema has no
        // `description`, typify's `error` module and builders lack docs; unions
        // such as `ServerResult` hold their members inline (boxing would
        // change every constructor); schema descriptions (the docs) hold bare
        // URLs; builders (feature `builders`) hold `Result<Option<Vec<..>>, String>`
        // fields. (The validate module names its own lints, in codegen/src/emit.rs.)
        #[allow(
            missing_docs,
            clippy::large_enum_variant,
            clippy::type_complexity,
            rustdoc::bare_urls
        )]
        pub mod $module {
            include!(concat!(env!("OUT_DIR"), "/", $feature, ".rs"));
        }
    };
}

revision!("v2024_11_05", v2024_11_05, "MCP revision 2024-11-05.");
revision!("v2025_03_26", v2025_03_26, "MCP revision 2025-03-26.");
revision!("v2025_06_18", v2025_06_18, "MCP revision 2025-06-18.");
revision!("v2025_11_25", v2025_11_25, "MCP revision 2025-11-25.");
revision!("v2026_07_28", v2026_07_28, "MCP revision 2026-07-28.");
revision!("draft", draft, "The MCP spec's working draft.");

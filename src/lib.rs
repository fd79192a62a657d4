//! mcpwire: typed, compiled validators for the Model Context Protocol wire
//! format.
//!
//! Judge MCP traffic message by message: a [`Session`] picks the most
//! specific schema definition for each JSON-RPC message (by method, error
//! code, or the request a result answers) and runs its compiled check.
//!
//! ```
//! # #[cfg(feature = "v2025_11_25")] {
//! use mcpwire::{Direction, Session, Version};
//! use serde_json::json;
//!
//! let mut session = Session::new(Version::V2025_11_25); // or Session::auto()
//! let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {}});
//! let reports = session.judge(Direction::ClientToServer, &call).reports;
//! let finding = &reports[0].violations[0];
//! assert_eq!(finding.definition, "CallToolRequest");
//! assert_eq!(finding.violation.instance.as_str(), "/params"); // `name` is required
//!
//! // The same bytes, judged without building a `Value` first.
//! let bytes = br#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#;
//! assert!(session.judge(Direction::ServerToClient, bytes).reports[0].is_valid());
//! # }
//! ```
//!
//! Each revision module also has one plain function per definition, and a
//! Rust type per definition that checks before it deserializes
//! (`validated`) and checks a value built in Rust (`validate`):
//!
//! ```
//! # #[cfg(all(feature = "v2025_11_25", feature = "types"))] {
//! use mcpwire::v2025_11_25::{types::CallToolRequest, validate};
//! use serde_json::json;
//!
//! let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
//!                   "params": {"name": "echo", "arguments": {"text": "hi"}}});
//! assert!(validate::is_valid_call_tool_request(&call));
//!
//! let request = CallToolRequest::validated(&call).expect("valid");
//! assert_eq!(request.params.name, "echo");
//! assert_eq!(request.validate(), Ok(()));
//!
//! let violations = CallToolRequest::validated(&json!({"jsonrpc": "2.0", "id": true,
//!     "method": "tools/call", "params": {"name": "echo"}})).unwrap_err();
//! assert_eq!(violations.0[0].instance.as_str(), "/id");
//! # }
//! ```
//!
//! With feature `macros`, [`fixture!`] checks a test fixture against its
//! definition while your crate compiles (a typo in a fixture is a build
//! error pointing at the member), and [`fixture_file!`] does the same for a
//! JSON file:
//!
//! ```
//! # #[cfg(all(feature = "macros", feature = "v2025_11_25"))] {
//! let id = 7;
//! let result = mcpwire::fixture!(v2025_11_25::CallToolResult, {
//!     "content": [{ "type": "text", "text": "hi" }],
//!     "isError": false
//! });
//! let request = mcpwire::fixture!(v2025_11_25::PingRequest, {
//!     "jsonrpc": "2.0", "id": id, "method": "ping"   // `id` is checked when built
//! });
//! assert_eq!(request["id"], 7);
//! # let _ = result;
//! # }
//! ```
//!
//! `build.rs` turns each pinned MCP `schema.json` into one module per
//! revision (`v2024_11_05` … `draft`, one cargo feature each) holding:
//! - `types`: a Rust type per schema definition (typify; feature `types`,
//!   on by default — without it the module is empty);
//! - `validate`: `is_valid_<def>` / `check_<def>` per definition — native
//!   code, no schema interpreted at run time;
//! - `bytes`: `read_<def>` per definition — the same verdict straight from
//!   a message's bytes, without building a `Value` ([`bytes`]);
//! - `dispatch`: the method / error-code / result tables extracted from the
//!   schema;
//! - `SPEC`: all of it as a [`Spec`] for code that works across revisions.
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

// `for_each_revision!`: the revision list of schemas/pin.toml (build.rs),
// which `Version`, the revision modules below and per-revision matches expand.
include!(concat!(env!("OUT_DIR"), "/revisions.rs"));

pub mod bytes;
pub mod capture;
pub mod check;
#[cfg(feature = "contracts")]
pub mod contracts;
pub mod correlate;
pub mod dispatch;
pub mod http;
// `Display` for reports and findings (the CLI's headline lines).
mod display;
pub mod excerpt;
pub mod expect;
pub mod input;
pub mod live;
pub mod message;
#[cfg(feature = "metaschemas")]
#[cfg_attr(docsrs, doc(cfg(feature = "metaschemas")))]
pub mod metaschema;
#[cfg(feature = "probe")]
#[cfg_attr(docsrs, doc(cfg(feature = "probe")))]
pub mod probe;
#[cfg(feature = "render")]
#[cfg_attr(docsrs, doc(cfg(feature = "render")))]
pub mod render;
pub mod report;
pub mod rule;
pub mod scan;
pub mod schema_compat;
pub mod session;
pub mod snapshot;
pub mod spec;
pub mod testing;
#[cfg(feature = "tokio")]
pub mod tokio;
pub mod transcript;
pub mod version;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

#[cfg(feature = "macros")]
#[cfg_attr(docsrs, doc(cfg(feature = "macros")))]
pub use mcpwire_macros::{fixture, fixture_file};

// The validators' run-time helpers live in `mcpwire-runtime` (shared with
// the `mcpwire-macros` proc macro); generated code reaches them there by
// absolute path (`::mcpwire_runtime::__private`). These are the public ones.
pub use mcpwire_runtime::{constraints, format, number, path, suggest, violation};

pub use check::check_transcript;
pub use message::{Direction, MessageKind, Origin};
pub use path::Path;
pub use report::{Finding, Report, Warning, WarningKind};
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

/// Expands `revision!` for every revision of `for_each_revision!`.
macro_rules! revision_modules {
    ($([$variant:ident, $module:ident, $feature:literal, $name:literal, $variant_doc:literal, $module_doc:literal]),* $(,)?) => {
        $( revision!($feature, $module, $module_doc); )*
    };
}

for_each_revision!(revision_modules);

//! The probe: a client of mcpwire's own that exercises an MCP server at
//! every revision and judges every message, both directions — what
//! `mcpwire probe` runs, callable from a server author's own tests.
//!
//! ```no_run
//! # #[cfg(feature = "v2025_11_25")] {
//! use mcpwire::{probe::Probe, Version};
//!
//! let report = Probe::stdio(["python", "server.py"])
//!     .revisions([Version::V2025_11_25])
//!     .run()
//!     .expect("the server starts");
//! report.assert_no_violations(); // panics naming each violation
//! # }
//! ```
//!
//! For each revision the probe starts the server afresh (a process over
//! stdio, [`Probe::stdio`]; or, with feature `probe-http`, a fresh HTTP
//! connection, [`Probe::url`]: Streamable HTTP, or the 2024-11-05 HTTP+SSE
//! transport by the spec's backwards-compatibility procedure), proposes
//! the revision as its lifecycle says, exercises everything the server
//! declares and nothing it does not, and judges every message on the live
//! pipeline ([`crate::live`]) exactly as `mcpwire tap` (stdio) and
//! `mcpwire proxy` (HTTP, with the HTTP rules) do. The result is plain
//! data ([`Report`], serde `Serialize`): per revision what was exercised
//! and what was not and why ([`RevisionReport`]), and every finding with
//! its revision, direction, method, id and place ([`Finding`]). An
//! [`Observer`] sees each judged message as it happens (the CLI writes its
//! formats from it).
//!
//! **Features.** `probe` (stdio; on with `cli`) builds no async runtime
//! and no TLS stack; `probe-http` adds the HTTP link on hyper 1, tokio and
//! rustls — the client `mcpwire proxy` uses upstream
//! ([`crate::http::client`]) — so a stdio-only user never builds them,
//! and neither needs the command line's dependencies.
//!
//! Inside: the conversation (`exercise`) over a `link::Link` (the stdio
//! `connection` or the HTTP link), one revision's run (`revision`), the
//! findings gathered (`collect`).

mod answers;
mod collect;
mod config;
mod connection;
mod exercise;
#[cfg(feature = "probe-http")]
mod http;
#[cfg(feature = "probe-http")]
mod http_checks;
mod link;
mod messages;
mod observer;
mod protocol;
mod result;
mod revision;
mod rules;
mod run;
mod server_process;
mod stdio_reader;
mod stdio_writer;
mod synth;
mod table;
mod transcript;
mod watch;

pub use config::{Error, Probe, Tools};
pub use observer::Observer;
pub use result::{Finding, Report};
pub use table::{ListedError, NotCalled, RevisionReport, Tally};

/// The method no revision defines, sent to see −32601 (the session's
/// "not in this revision" warning about it is not reported).
pub const UNKNOWN_METHOD: &str = protocol::UNKNOWN_METHOD;

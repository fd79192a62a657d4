//! Making a test fail on a protocol violation: a collector of findings
//! ([`Findings`]) that a tee ([`crate::tokio::Tee`]), a live pipeline or
//! your own [`crate::Session`] calls feed, and a [`Guard`] that fails the
//! test when it ends — on drop or at [`Guard::assert_clean`] — with every
//! implementation- and harness-origin violation, written like the CLI's
//! text output (the library's `Display` for reports and findings, and the
//! offending value's excerpt from the wire bytes), unless the test declared
//! it expected ([`Expected`]). Expectations work as a transcript record's
//! `"expect"` does ([`crate::expect`]): what they cover is reported as
//! expected ([`Guard::review`], [`crate::Report::expected`]) and does not
//! fail; one that nothing met fails with "expected violation missing".
//!
//! ```
//! use mcpwire::testing::{Expected, Findings, Guard};
//! use mcpwire::{live::Context, Direction, Origin, Session, Source, Version};
//! use serde_json::json;
//!
//! let findings = Findings::new();
//! let mut guard = Guard::new(&findings);
//! guard.expect(Expected::violation().pointer("/result/isError"));
//!
//! let mut session = Session::new(Version::V2025_11_25);
//! let message = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}});
//! let harness = Source::new(Direction::ClientToServer, Origin::Harness);
//! findings.record(&Context::new(Direction::ClientToServer), &session.judge(harness, &message).reports);
//! let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {"content": [], "isError": "false"}});
//! findings.record(&Context::new(Direction::ServerToClient), &session.judge(Direction::ServerToClient, &answer).reports);
//! guard.assert_clean(); // the one violation was expected
//! ```
//!
//! The reference harness runs such a check after every test (a
//! vitest-wide `afterEach`); in Rust the guard is a value the test holds.

mod findings;
mod guard;
mod text;
#[cfg(feature = "tracing")]
mod trace;

pub use findings::{Findings, Record, Recorder};
pub use guard::{Expected, Guard, Review};
pub use text::write_record;

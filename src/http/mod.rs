//! MCP over HTTP: the Streamable HTTP transport (2025-03-26 on) and the
//! 2024-11-05 HTTP+SSE transport, as data a judge can replay.
//!
//! - [`sse`]: an incremental Server-Sent Events splitter;
//! - [`exchange`]: request/response heads, bodies, and the ordered
//!   [`Step`]s of a conversation;
//! - [`read`]: a body's or event's JSON-RPC text, read once for the
//!   router, the rules and the session;
//! - [`params`]: tool parameters mirrored into `Mcp-Param-*` headers
//!   (2026-07-28 `x-mcp-header`), their encoding and decoding;
//! - [`router`]: which conversation (MCP session) an exchange belongs to;
//! - [`tracker`]: the HTTP rules of one conversation ([`rules`]), and which
//!   messages to judge with a [`crate::Session`];
//! - [`har`]: HAR 1.2 captures, read into the same steps;
//! - [`redact`]: credentials kept out of captures and reports;
//! - [`transcript`]: HTTP transcripts (JSON Lines with HTTP metadata),
//!   read and written; [`har::out`] writes HAR captures;
//! - `client` (feature `probe-http`): the hyper/rustls client of the proxy
//!   and of the probe's HTTP link.
//!
//! `mcpwire proxy` produces steps from live traffic and `mcpwire check`
//! from a HAR; both judge them with the same [`Tracker`] and `Session`, so
//! a capture gives the findings the proxy gave. Everything here is std +
//! serde: no async runtime, no HTTP stack (`docs/http.md`).

#[cfg(feature = "probe-http")]
#[cfg_attr(docsrs, doc(cfg(feature = "probe-http")))]
pub mod client;
pub mod exchange;
pub mod har;
pub mod params;
pub mod read;
pub mod redact;
pub mod router;
pub mod rules;
pub mod sse;
pub mod tracker;
pub mod transcript;

pub use exchange::{
    is_field_name, is_field_value, Body, End, Headers, RequestHead, ResponseHead, Step,
};
pub use read::Read;
pub use redact::Redaction;
pub use router::{ConversationId, Router};
pub use rules::HttpRule;
pub use tracker::{HttpFinding, Output, Tracker};

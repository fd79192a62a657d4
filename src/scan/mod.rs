//! The **scan** stage: one strict pass over a message's bytes gives its
//! typed **message head** — what dispatch, correlation, direction
//! inference and the session's conversation rules read of one JSON-RPC
//! message — and where its `result` and `error` sit ([`Message`]), built once — from bytes ([`MessageHead::scan`], or
//! [`HeadBuilder`] inside another strict pass such as the transcript's
//! record scan) or from a `Value` ([`MessageHead::of_value`]) — so that
//! [`crate::Session`] has one observe path and a message is parsed into a
//! `Value` only when a finding must be shown.
//!
//! **What it holds**, with serde_json's last-occurrence rule for repeated
//! members (a repeated member replaces everything read from the earlier
//! one): whether `jsonrpc` is `"2.0"`, whether `params` and its `_meta`
//! are objects (what [`crate::session::envelope`] judges a request or
//! notification envelope by); whether `id` is present and its value (small: parsed as
//! serde_json would); `method` when a string; whether `result` / `error`
//! are present (and `error` non-null), `error.code`; `result`'s
//! `resultType` and `protocolVersion` (strings), `capabilities`, whether
//! its `task` is an object; `params`' `protocolVersion`, `capabilities`,
//! `requestId`, `progressToken`, `name` and `uri` (strings: what the
//! 2026-07-28 `Mcp-Name` header mirrors), whether its `task` is an object; and
//! `params._meta`'s protocol version, `progressToken` and client
//! capabilities. Values the session reads only as strings or objects are
//! `None` when they are something else, as the `Value` accessors
//! (`as_str`, `is_object`) read them.
//!
//! **Capabilities are kept as text** on the bytes path ([`Json::Span`], a
//! span of the message text) and parsed by the session only when they
//! differ from the last seen, so a 2026-07-28 session, whose every request
//! restates the client's capabilities in `_meta`, does not build the same
//! object per request.
//!
//! **Same head both ways.** The bytes scan reads with the strict
//! [`crate::bytes::Reader`], which reads every value as serde_json does
//! and refuses what it cannot read that way (then the `Value` path builds
//! the head); `tests/bytes_differential.rs` (`heads_agree`) compares both
//! heads on every message of the corpora.

mod builder;
mod head;
mod message;

pub use builder::{scan_value, HeadBuilder};
pub use head::{
    Json, MessageHead, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, TASK_AUGMENTABLE,
};
pub use message::Message;

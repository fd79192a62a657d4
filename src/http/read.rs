//! A body's or an SSE event's JSON-RPC text, read once for everything on
//! the HTTP side that reads it: the [`super::Router`] (is it an
//! `initialize`?), the [`super::Tracker`]'s rules (each message's
//! [`MessageHead`]), and the conversation's [`crate::Session`], which
//! judges the same scan. So a valid message over HTTP
//! costs what it costs in `mcpwire check`: one scan and the planned checks
//! on its bytes; a batch, or text the scan leaves to serde_json, is parsed
//! once and its elements' heads read from the `Value`.

use serde_json::Value;

use crate::{
    http::exchange::{Body, RequestHead},
    input::{self, InputError, Limits},
    scan::{Message, MessageHead},
};

/// A JSON-RPC text read once (see the module docs).
// `Scanned` is much larger than the others; a `Read` lives for one step,
// moved once, and boxing it would allocate for every message.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Read<'a> {
    /// One message, scanned.
    Scanned(Message<'a>),
    /// A batch, or a message the scan leaves to serde_json, parsed.
    Parsed {
        /// The message or batch.
        value: Value,
        /// The head of the message, or of each element of the batch.
        heads: Vec<MessageHead>,
    },
    /// Text that is not a JSON-RPC message: not JSON, not UTF-8, too deep,
    /// or over the size limit (then not kept).
    Unreadable(InputError),
}

impl<'a> Read<'a> {
    /// Reads `bytes` within `limits`; `oversized` is the length of a text
    /// that was over the limit and not kept.
    pub fn of(bytes: &'a [u8], oversized: Option<u64>, limits: Limits) -> Read<'a> {
        if let Some(len) = oversized {
            return Read::Unreadable(InputError::TooLarge {
                len: usize::try_from(len).unwrap_or(usize::MAX),
                limit: limits.max_bytes,
            });
        }
        if let Some(message) = Message::scan(bytes, limits) {
            return Read::Scanned(message);
        }
        match input::parse(bytes, limits) {
            Ok(value) => {
                let heads = match &value {
                    Value::Array(items) => items.iter().map(MessageHead::of_value).collect(),
                    one => vec![MessageHead::of_value(one)],
                };
                Read::Parsed { value, heads }
            }
            Err(e) => Read::Unreadable(e),
        }
    }

    /// A request's body: `None` when a request other than a POST (a GET,
    /// a DELETE) sent none.
    pub fn request(head: &RequestHead, body: &'a Body, limits: Limits) -> Option<Read<'a>> {
        if body.is_empty() && !head.method.eq_ignore_ascii_case("POST") {
            return None;
        }
        Some(Read::of(&body.bytes, body.oversized, limits))
    }

    /// The heads of the messages it holds: one, one per element of a
    /// batch, none when unreadable (or an empty batch).
    pub fn heads(&self) -> &[MessageHead] {
        match self {
            Read::Scanned(message) => std::slice::from_ref(message.head()),
            Read::Parsed { heads, .. } => heads,
            Read::Unreadable(_) => &[],
        }
    }

    /// Whether it holds an `initialize`.
    pub fn is_initialize(&self) -> bool {
        self.heads()
            .iter()
            .any(|h| h.method.as_deref() == Some("initialize"))
    }
}

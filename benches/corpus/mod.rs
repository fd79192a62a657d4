//! The benchmark corpus: realistic MCP messages generated deterministically
//! in code (no fixture files), grouped into classes, plus a whole
//! conversation for session throughput.
//!
//! Classes (sizes are those of the validate bench):
//! - `initialize_request` / `initialize_result` (2025-11-25), or
//!   `discover_request` / `discover_result` (2026-07-28): the handshake;
//! - `tools_list_result`: 200 tools, each with an `inputSchema` of 3–8
//!   properties, annotations, some `outputSchema`s and icons;
//! - `call_tool_result`: 500 content blocks (text, resource links, embedded
//!   resources) and a `structuredContent` of 250 records;
//! - `read_resource_blob`: a 100 KB base64 `blob` and a text resource;
//! - `progress`: 16 progress notifications (string tokens, fractional
//!   progress, optional total and message);
//! - `error`: 10 error responses (method not found, invalid params with
//!   data, internal error, resource not found, server error);
//! - `invalid`: 10 messages with one violation each ([`mutate`]).

pub mod gen;
pub mod messages;
pub mod mutate;
pub mod transcript;

use mcpwire::Version;
use serde_json::{json, Value};

pub use messages::{Builder, Check, Msg};
pub use transcript::transcript;

/// The revisions the corpus is built for.
pub const REVISIONS: [Version; 2] = [Version::V2025_11_25, Version::V2026_07_28];

/// Tools in the `tools_list_result` class.
pub const TOOLS: usize = 200;
/// Content blocks in the `call_tool_result` class.
pub const BLOCKS: usize = 500;
/// Raw bytes of the `read_resource_blob` blob (base64: 100 KiB).
pub const BLOB: usize = 75 * 1024;
/// Seed of every generator.
pub const SEED: u64 = 0x6D63_7077_6972_6521;

/// One corpus message.
#[derive(Debug)]
pub struct Entry {
    /// Its class.
    pub class: &'static str,
    /// The message and its checks.
    pub msg: Msg,
    /// Its serialized bytes (what a transport delivers).
    pub bytes: Vec<u8>,
    /// `None` for a valid message, else what was broken.
    pub broken: Option<&'static str>,
}

/// Every class of one revision, in bench order.
#[derive(Debug)]
pub struct Corpus {
    /// The revision.
    pub version: Version,
    /// The messages.
    pub entries: Vec<Entry>,
}

impl Corpus {
    /// Builds the corpus of `version`.
    pub fn build(version: Version) -> Corpus {
        gen::check_base64();
        let mut b = Builder::new(version, SEED);
        let (req, res) = match version {
            Version::V2025_11_25 => ("initialize_request", "initialize_result"),
            _ => ("discover_request", "discover_result"),
        };
        let mut valid: Vec<(&'static str, Msg)> = vec![
            (req, b.handshake_request(1)),
            (res, b.handshake_result(1)),
            ("tools_list_result", b.tools_list_result(2, TOOLS)),
            ("call_tool_result", b.call_tool_result(3, BLOCKS, true)),
            ("read_resource_blob", b.read_resource_result(4, BLOB)),
        ];
        for i in 0..16u64 {
            let token = if i.is_multiple_of(4) {
                json!(1000 + i)
            } else {
                json!(format!("progress-{i}"))
            };
            valid.push(("progress", b.progress(token, i % 8 + 1, 8)));
        }
        for i in 0..10usize {
            let id = if i.is_multiple_of(3) {
                json!(format!("req-{i}"))
            } else {
                json!(10 + i)
            };
            valid.push(("error", b.error_response(id, i)));
        }
        let mut entries: Vec<Entry> = valid
            .into_iter()
            .map(|(class, msg)| Entry::new(class, msg, None))
            .collect();
        entries.extend(
            mutate::mutants(&mut b, TOOLS, BLOCKS, BLOB)
                .into_iter()
                .map(|m| Entry::new("invalid", m.msg, Some(m.what))),
        );
        Corpus { version, entries }
    }

    /// Class names in order of first appearance.
    pub fn classes(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for e in &self.entries {
            if !out.contains(&e.class) {
                out.push(e.class);
            }
        }
        out
    }
}

impl Entry {
    fn new(class: &'static str, msg: Msg, broken: Option<&'static str>) -> Entry {
        let bytes = serde_json::to_vec(&msg.value).expect("a Value serializes");
        Entry {
            class,
            msg,
            bytes,
            broken,
        }
    }

    /// The parts of the message each check applies to.
    pub fn targets(&self) -> impl Iterator<Item = (&Check, &Value)> {
        self.msg.checks.iter().map(|c| {
            let target = c
                .target(&self.msg.value)
                .unwrap_or_else(|| panic!("{}: no target for {}", self.class, c.definition));
            (c, target)
        })
    }
}

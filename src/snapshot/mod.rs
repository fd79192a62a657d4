//! A server's declared interface, pinned: a [`Snapshot`] holds, for every
//! revision the server speaks, what a client built against it relies on —
//! server info, capabilities, instructions, tools (name, title, annotations,
//! `inputSchema`, `outputSchema`), resources, resource templates and prompts
//! with their arguments, every page of every list — as canonical JSON small
//! enough to commit. [`diff`] compares two snapshots and classifies each
//! change for a client built against the older one: [`Severity::Breaking`],
//! [`Severity::Compatible`] or [`Severity::Undecided`] (said as such, never
//! guessed). docs/snapshot.md is the guide; the CLI is `mcpwire snapshot`
//! and `mcpwire diff OLD.json NEW.json`.
//!
//! ```
//! use mcpwire::snapshot::{diff, Severity, Snapshot};
//!
//! let transcript = |input: &str| format!(
//!     "{{\"dir\":\"c2s\",\"msg\":{{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{{}}}}}}\n\
//!      {{\"dir\":\"s2c\",\"msg\":{{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{{\"protocolVersion\":\"2025-11-25\",\
//!      \"capabilities\":{{\"tools\":{{}}}},\"serverInfo\":{{\"name\":\"s\",\"version\":\"1\"}}}}}}}}\n\
//!      {{\"dir\":\"c2s\",\"msg\":{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}}}}\n\
//!      {{\"dir\":\"s2c\",\"msg\":{{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{{\"tools\":[\
//!      {{\"name\":\"echo\",\"inputSchema\":{input}}}]}}}}}}\n");
//! let old = Snapshot::from_transcript(transcript(r#"{"type":"object","properties":{"text":{"type":"string"}}}"#).as_bytes()).unwrap();
//! let new = Snapshot::from_transcript(transcript(r#"{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}"#).as_bytes()).unwrap();
//! let changes = diff(&old, &new);
//! assert_eq!(changes[0].severity, Severity::Breaking);
//! assert_eq!((changes[0].pointer.as_str(), changes[0].keyword.as_str()), ("/inputSchema/required", "required"));
//! // A snapshot file is canonical JSON: the same interface, the same bytes.
//! assert_eq!(Snapshot::from_json(&old.to_json()).unwrap(), old);
//! ```
//!
//! **Canonical form.** Object members sorted by name at every depth;
//! tools and prompts sorted by `name`, resources by `uri`, resource
//! templates by `uriTemplate` (the member a client addresses them by); no
//! times, cursors, request ids, `_meta` of list entries or results, or
//! anything else that changes from run to run. Descriptions and titles are
//! kept (a diff reports them as compatible, apart from shapes). A list the
//! conversation never asked for is absent, not empty.
//!
//! **Schema findings** (feature `contracts`): each revision also records
//! what the run-time schema engine says of every tool schema — its
//! dialect and the `contract.*` findings a session reports on it
//! (`SchemaFacts`, the file's `schemas` member) — derived from the
//! schemas, so not read back; [`diff`] reports a finding that appears or
//! goes and a change of dialect.
//!
//! **Sources.** [`Snapshot::from_transcript`] reads a JSON Lines transcript
//! ([`crate::transcript`]): the results of `initialize` (or `server/discover`),
//! `tools/list`, `resources/list`, `resources/templates/list` and
//! `prompts/list`, per revision. A [`Conversation`] takes the same messages
//! one by one as they travel (`mcpwire snapshot -- COMMAND` feeds one per
//! revision from the probe's `mcpwire::probe::Observer`), and a [`Builder`]
//! takes the results themselves.

mod builder;
mod changes;
mod diff;
mod file;
mod members;
#[cfg(feature = "contracts")]
mod schemas;
mod transcript;

use std::collections::BTreeMap;

use serde_json::Value;

pub use builder::{Builder, List};
pub use changes::{Change, Severity, Subject};
pub use diff::diff;
pub use file::{SnapshotError, FORMAT};
#[cfg(feature = "contracts")]
pub use schemas::{facts, SchemaFacts, SchemaFinding};
pub use transcript::Conversation;

/// A server's declared interface, per revision (the revision's name as the
/// server negotiated it, `2025-11-25`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// The interface of each revision the server speaks.
    pub revisions: BTreeMap<String, Interface>,
}

/// What a server declares at one revision. Each entry is the object the
/// server listed, without its `_meta`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Interface {
    /// `serverInfo` (`name`, `title`, `version`, …).
    pub server_info: Option<Value>,
    /// `capabilities`.
    pub capabilities: Option<Value>,
    /// `instructions`.
    pub instructions: Option<String>,
    /// `tools/list`, by tool name; `None` when never listed.
    pub tools: Option<BTreeMap<String, Value>>,
    /// `resources/list`, by URI.
    pub resources: Option<BTreeMap<String, Value>>,
    /// `resources/templates/list`, by URI template.
    pub resource_templates: Option<BTreeMap<String, Value>>,
    /// `prompts/list`, by prompt name.
    pub prompts: Option<BTreeMap<String, Value>>,
}

impl Interface {
    /// The entries of one list.
    pub fn list(&self, list: List) -> Option<&BTreeMap<String, Value>> {
        match list {
            List::Tools => self.tools.as_ref(),
            List::Resources => self.resources.as_ref(),
            List::ResourceTemplates => self.resource_templates.as_ref(),
            List::Prompts => self.prompts.as_ref(),
        }
    }

    fn list_mut(&mut self, list: List) -> &mut Option<BTreeMap<String, Value>> {
        match list {
            List::Tools => &mut self.tools,
            List::Resources => &mut self.resources,
            List::ResourceTemplates => &mut self.resource_templates,
            List::Prompts => &mut self.prompts,
        }
    }
}

#[cfg(test)]
mod tests;

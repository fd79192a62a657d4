//! What the probe's steps share about the wire, below them all: whether a
//! revision is stateless, the markers the probe puts on its deliberate
//! requests, and a finding before it is written.

use crate::Version;

use super::rules::ProbeRule;

/// A probe finding, before it is written.
#[derive(Debug)]
pub struct ProbeFinding {
    /// The rule.
    pub rule: ProbeRule,
    /// The method it is about.
    pub method: Option<String>,
    /// The id of the probe's request it is about, when one.
    pub id: Option<u64>,
    /// What happened.
    pub message: String,
    /// A warning rather than a violation (a tool that runs longer than
    /// the timeout may be doing just what it says).
    pub warning: bool,
}

/// The method no revision defines, sent to see −32601.
pub const UNKNOWN_METHOD: &str = "mcpwire/probe-unknown-method";

/// The progress token's prefix that marks the probe's deliberately
/// invalid `tools/call` ([`Exercise::invalid_arguments`]): the session's
/// `contract.arguments-schema` finding on it is not reported.
pub const INVALID_ARGUMENTS_TOKEN: &str = "mcpwire-probe-invalid-arguments";

/// Whether `revision` is stateless (2026-07-28 on: `server/discover` and
/// per-request `_meta`, no `initialize`).
pub fn stateless(revision: Version) -> bool {
    defines(revision, "server/discover") && !defines(revision, "initialize")
}

/// Whether `revision` defines `method` as a request the client sends.
pub fn defines(revision: Version, method: &str) -> bool {
    revision.dispatch_maps().is_some_and(|d| {
        d.methods
            .iter()
            .any(|e| e.method == method && e.client_sends)
    })
}

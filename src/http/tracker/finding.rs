//! What the tracker gives: the messages to judge and the HTTP findings.

use serde_json::Value;

use crate::{http::rules::HttpRule, input::InputError, Direction, Severity, Version};

/// An HTTP-level finding.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HttpFinding {
    /// The exchange it is about.
    pub exchange: u64,
    /// The rule broken, when it is a rule (`None`: a transport problem).
    #[serde(serialize_with = "rule_id")]
    pub rule: Option<&'static HttpRule>,
    /// How bad: the rule's severity; transport problems are warnings,
    /// a message cut off is an error.
    pub severity: Severity,
    /// Which way the offending thing went.
    pub direction: Direction,
    /// The revision the rule was applied at.
    pub revision: Option<Version>,
    /// What and why.
    pub message: String,
}

fn rule_id<S: serde::Serializer>(r: &Option<&'static HttpRule>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(r.id()),
        None => s.serialize_none(),
    }
}

impl HttpFinding {
    /// `input` (a message cut off), `transport`, or the rule's id.
    pub fn keyword(&self) -> &'static str {
        match self.rule {
            Some(r) => r.id(),
            None if self.severity == Severity::Error => "input",
            None => "transport",
        }
    }
}

/// What a step gives to judge.
#[derive(Debug)]
pub enum Output<'a> {
    /// A JSON-RPC message (or batch) to judge with a [`crate::Session`].
    Message {
        /// Its exchange.
        exchange: u64,
        /// Which way.
        direction: Direction,
        /// The bytes (empty when the body was over the limit).
        bytes: &'a [u8],
        /// The message read from them, or why it could not be.
        value: Result<Value, InputError>,
    },
    /// An HTTP finding.
    Finding(HttpFinding),
}

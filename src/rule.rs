//! Protocol rules the schema does not state: lifecycle, capabilities,
//! JSON-RPC and transport rules, each with a stable id and the spec
//! sentence it rests on.
//!
//! A rule breach is reported as a [`crate::Warning`] of kind
//! [`crate::WarningKind::Rule`] whose [`crate::Warning::rule`] names the
//! rule; by default it does not make a message invalid (`--strict` fails
//! on it). `docs/rules.md` lists every rule.

use serde::{Serialize, Serializer};

use crate::Version;

/// How much a breach of the rule matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Reported; fails the run only with `--strict`.
    Warning,
    /// The spec's MUST, as certain as a schema violation; fails the run.
    Error,
}

/// One rule.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    /// Stable id (`lifecycle.request-before-initialized`): never reused
    /// for another meaning, so baselines and filters can name it.
    pub id: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// The first revision that states the rule (it applies from there on).
    pub since: Version,
    /// Where the rule is written, relative to the spec mirror
    /// (`docs/2025-11-25/basic/lifecycle.mdx`).
    pub source: &'static str,
    /// The sentence it rests on, verbatim.
    pub quote: &'static str,
}

impl Rule {
    /// Whether the rule applies at `revision`.
    pub fn applies(&self, revision: Version) -> bool {
        revision >= self.since
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id)
    }
}

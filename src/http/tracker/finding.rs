//! What the tracker gives: the messages to judge and the HTTP findings,
//! and what outputs show of a finding ([`HttpFinding::row`]: the same
//! [`Row`] a message's findings give, so every output shows both alike).

use crate::{
    http::{read::Read, rules::HttpRule},
    report::{Level, Row},
    Direction, Severity, Version,
};

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

    /// What outputs show of this finding: a rule of severity error and a
    /// message cut off are violations, the rest warnings; the keyword is
    /// [`HttpFinding::keyword`] (the HTTP rule's id, `input` or
    /// `transport`). It has no message rule ([`Row::rule`]), definition,
    /// pointer or schema pointer: it is about the exchange, not a place in
    /// a message.
    pub fn row(&self) -> Row<'_> {
        Row {
            level: match self.severity {
                Severity::Error => Level::Violation,
                Severity::Warning => Level::Warning,
            },
            keyword: self.keyword(),
            rule: None,
            definition: None,
            pointer: "",
            definition_path: "",
            schema_pointer: None,
            message: &self.message,
        }
    }
}

/// What a step gives to judge.
// `Message` holds a `Read` (a scanned message's head): much larger than a
// finding, but an output lives for one step, moved once, and boxing it
// would allocate for every message.
#[allow(clippy::large_enum_variant)]
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
        /// The message read from them once (the rules read its heads), or
        /// why it could not be.
        read: Read<'a>,
    },
    /// An HTTP finding.
    Finding(HttpFinding),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Direction;

    fn finding(severity: Severity) -> HttpFinding {
        HttpFinding {
            exchange: 3,
            rule: None,
            severity,
            direction: Direction::ServerToClient,
            revision: None,
            message: "the body broke off".into(),
        }
    }

    #[test]
    fn a_cut_off_message_is_an_input_violation() {
        let f = finding(Severity::Error);
        let row = f.row();
        assert_eq!(row.level, Level::Violation);
        assert_eq!(row.keyword, "input");
        assert_eq!(row.message, "the body broke off");
        assert_eq!((row.pointer, row.definition), ("", None));
    }

    #[test]
    fn a_transport_problem_is_a_warning() {
        let f = finding(Severity::Warning);
        let row = f.row();
        assert_eq!(row.level, Level::Warning);
        assert_eq!(row.keyword, "transport");
    }
}

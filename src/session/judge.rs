//! The one way into a [`Session`]: [`Session::judge`] takes where a
//! message was seen ([`Source`]) and the message ([`Input`]: one JSON
//! text, a parsed `Value`, or a text whose head a caller's own pass read
//! already), and answers with what it found ([`Judged`]).
//!
//! Text takes the bytes path: the head is scanned once
//! ([`crate::scan::Message::scan`]; or taken from the caller's pass,
//! [`Input::Headed`]), the planned checks read the bytes, and a `Value` is
//! parsed only for a message with findings. Text the bytes path does not
//! read (a batch, input it leaves to serde_json) is parsed
//! ([`crate::input::parse`]) and judged as a `Value`. This is the one
//! place that decides between scanning and parsing.
//! [`Session::judge_into`] is the same for a caller that judges message
//! after message and wants no report allocated for a clean one.

use serde_json::Value;

use super::{Reason, Session};
use crate::{
    input, message::MessageKind, report::Report, scan::Message, scan::MessageHead, Direction,
    Origin,
};

/// Where a message was seen, for [`Session::judge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// Which way it went; `None`: infer it ([`Session::infer`]).
    pub direction: Option<Direction>,
    /// Who wrote it.
    pub origin: Origin,
    /// Its 1-based line in a transcript, when it has one.
    pub line: Option<usize>,
}

impl Source {
    /// A message that went `direction`, written by `origin`.
    pub fn new(direction: Direction, origin: Origin) -> Source {
        Source {
            direction: Some(direction),
            origin,
            line: None,
        }
    }
}

impl From<Direction> for Source {
    /// A message the implementation under test sent `direction`.
    fn from(direction: Direction) -> Source {
        Source::new(direction, Origin::Implementation)
    }
}

/// The message [`Session::judge`] judges.
// `Scanned` is much larger than the others; an `Input` lives only for one
// call, moved once, and boxing it would allocate for every message `check`
// judges.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Input<'a> {
    /// One JSON text (a message or a batch): the bytes path.
    Bytes(&'a [u8]),
    /// A parsed message or batch.
    Value(&'a Value),
    /// A JSON text whose head was read already, by [`Message::scan`] (the
    /// HTTP side's read of a body, [`crate::http::Read`]).
    Scanned(Message<'a>),
    /// A JSON text whose head a strict pass of the caller's own already
    /// read (the transcript reader's record scan,
    /// [`crate::transcript::Message::head`]): `head` must be
    /// [`MessageHead::scan`]'s head of `text` at the session's depth limit
    /// ([`Message::scanned`]), so the session reads it without a scan.
    Headed {
        /// The message text.
        text: &'a [u8],
        /// Its head.
        head: Box<MessageHead>,
    },
}

impl<'a> From<&'a [u8]> for Input<'a> {
    fn from(bytes: &'a [u8]) -> Input<'a> {
        Input::Bytes(bytes)
    }
}

impl<'a, const N: usize> From<&'a [u8; N]> for Input<'a> {
    fn from(bytes: &'a [u8; N]) -> Input<'a> {
        Input::Bytes(bytes)
    }
}

impl<'a> From<&'a Vec<u8>> for Input<'a> {
    fn from(bytes: &'a Vec<u8>) -> Input<'a> {
        Input::Bytes(bytes)
    }
}

impl<'a> From<&'a Value> for Input<'a> {
    fn from(value: &'a Value) -> Input<'a> {
        Input::Value(value)
    }
}

impl<'a> From<Message<'a>> for Input<'a> {
    fn from(message: Message<'a>) -> Input<'a> {
        Input::Scanned(message)
    }
}

/// What [`Session::judge`] found about one message.
#[derive(Debug)]
pub struct Judged {
    /// The direction it was judged in (given or inferred).
    pub direction: Direction,
    /// How the direction was inferred; `None` when the caller gave it.
    pub inferred: Option<Reason>,
    /// One report, or one per element of a batch.
    pub reports: Vec<Report>,
    /// The message as a `Value`, when the session parsed it from text (a
    /// batch, or a message with findings to show); `None` otherwise.
    pub value: Option<Value>,
    /// Whether the record's expected violations were met
    /// ([`crate::expect::Expect::apply`]); `None` when it expected none.
    pub expectation_met: Option<bool>,
}

impl Judged {
    /// Whether every report is valid.
    pub fn is_valid(&self) -> bool {
        self.reports.iter().all(Report::is_valid)
    }
}

impl Session {
    /// Judges one message (or batch), inferring its direction when
    /// `source` does not give it and citing it by `source.line`. A text
    /// that is not JSON gives one report with [`Report::input_error`] and
    /// the session goes on.
    ///
    /// ```
    /// use mcpwire::{Direction, Session, Version};
    ///
    /// let mut session = Session::new(Version::V2025_11_25);
    /// let judged = session.judge(Direction::ClientToServer, br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#);
    /// assert!(judged.is_valid());
    /// ```
    pub fn judge<'a>(&mut self, source: impl Into<Source>, input: impl Into<Input<'a>>) -> Judged {
        let source = source.into();
        self.line = source.line;
        let judged = match input.into() {
            Input::Value(value) => self.judge_value(source, value),
            Input::Scanned(message) => self.judge_scanned(source, message),
            Input::Headed { text, head } => {
                match Message::scanned(text, self.options.limits, *head) {
                    Some(message) => self.judge_scanned(source, message),
                    None => self.judge_unscanned(source, text),
                }
            }
            Input::Bytes(bytes) => match Message::scan(bytes, self.options.limits) {
                Some(message) => self.judge_scanned(source, message),
                None => self.judge_unscanned(source, bytes),
            },
        };
        self.line = None;
        judged
    }

    /// [`Session::judge`] on text into `reports` (cleared first), for a
    /// caller that judges message after message: a report left in
    /// `reports` by the previous call lends its room (vectors, method
    /// text) to the next, so a clean message on the bytes path allocates
    /// no report (the npm and Python packages' hot path). The reports are
    /// `judge`'s for the same message; the direction it was judged in is
    /// returned. Nothing is parsed into [`Judged::value`].
    pub fn judge_into(
        &mut self,
        source: impl Into<Source>,
        bytes: &[u8],
        reports: &mut Vec<Report>,
    ) -> Direction {
        let source = source.into();
        let Some(message) = Message::scan(bytes, self.options.limits) else {
            let judged = self.judge(source, bytes);
            *reports = judged.reports;
            return judged.direction;
        };
        self.line = source.line;
        reports.truncate(1);
        let (direction, _) = self.direction_of(source, message.head());
        if reports.is_empty() {
            reports.push(self.blank(direction, source.origin, MessageKind::Unknown));
        }
        self.observe_one_into(
            &mut reports[0],
            direction,
            source.origin,
            message.head(),
            super::body::Body::Bytes(&message),
        );
        self.next_index += 1;
        self.line = None;
        direction
    }

    fn judge_value(&mut self, source: Source, value: &Value) -> Judged {
        let (direction, inferred) = match source.direction {
            Some(d) => (d, None),
            None => {
                let (d, why) = self.infer(value);
                (d, Some(why))
            }
        };
        let reports = match value {
            Value::Array(elements) => self.observe_batch(direction, source.origin, elements),
            _ => vec![self.observe_one(
                direction,
                source.origin,
                &MessageHead::of_value(value),
                super::body::Body::Value(value),
            )],
        };
        self.next_index += 1;
        Judged {
            direction,
            inferred,
            reports,
            value: None,
            expectation_met: None,
        }
    }

    fn judge_scanned(&mut self, source: Source, message: Message<'_>) -> Judged {
        let (direction, inferred) = self.direction_of(source, message.head());
        let report = self.observe_one(
            direction,
            source.origin,
            message.head(),
            super::body::Body::Bytes(&message),
        );
        self.next_index += 1;
        let findings = !report.violations.is_empty() || !report.warnings.is_empty();
        Judged {
            direction,
            inferred,
            reports: vec![report],
            value: if findings { message.into_full() } else { None },
            expectation_met: None,
        }
    }

    /// Text the bytes path does not read: parsed and judged whole, or one
    /// report of the input error.
    fn judge_unscanned(&mut self, source: Source, bytes: &[u8]) -> Judged {
        match input::parse(bytes, self.options.limits) {
            Ok(value) => {
                let mut judged = self.judge_value(source, &value);
                judged.value = Some(value);
                judged
            }
            Err(e) => {
                let direction = source.direction.unwrap_or(Direction::ClientToServer);
                let mut report = self.blank(direction, source.origin, MessageKind::Unreadable);
                report.input_error = Some(e.to_string());
                self.next_index += 1;
                Judged {
                    direction,
                    inferred: source.direction.is_none().then_some(Reason::Default),
                    reports: vec![report],
                    value: None,
                    expectation_met: None,
                }
            }
        }
    }

    fn direction_of(&self, source: Source, head: &MessageHead) -> (Direction, Option<Reason>) {
        match source.direction {
            Some(d) => (d, None),
            None => {
                let (d, why) = self.infer_head(head);
                (d, Some(why))
            }
        }
    }
}

#[cfg(all(test, feature = "v2025_11_25"))]
mod tests {
    use super::*;
    use crate::Version;

    /// `judge_into`, with each report recycled into the next message,
    /// says what `judge` says, message by message: clean
    /// and failing requests, responses (answered, duplicate, unknown),
    /// errors, a batch, unreadable text, an inferred direction.
    #[test]
    fn judge_into_reports_what_judge_does() {
        let c2s = Some(Direction::ClientToServer);
        let s2c = Some(Direction::ServerToClient);
        let messages: [(Option<Direction>, &str); 12] = [
            (c2s, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
            (s2c, r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#),
            (s2c, r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#),
            (
                c2s,
                r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":7}}"#,
            ),
            (
                s2c,
                r#"{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"bad"}}"#,
            ),
            (s2c, r#"{"jsonrpc":"2.0","id":9,"result":{}}"#),
            (
                c2s,
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            ),
            (None, r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#),
            (None, r#"{"jsonrpc":"2.0","id":2,"result":{}}"#),
            (
                c2s,
                r#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#,
            ),
            (c2s, r#"{"jsonrpc":"2.0","id":3,"method""#),
            (c2s, r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#),
        ];
        let mut plain = Session::new(Version::V2025_11_25);
        let mut recycling = Session::new(Version::V2025_11_25);
        let mut reports = Vec::new();
        for (direction, text) in messages {
            let source = Source {
                direction,
                origin: Origin::Implementation,
                line: None,
            };
            let expected = plain.judge(source, text.as_bytes()).reports;
            let judged_in = recycling.judge_into(source, text.as_bytes(), &mut reports);
            assert_eq!(judged_in, reports[0].direction, "{text}");
            let json = |r: &[Report]| serde_json::to_value(r).unwrap();
            assert_eq!(json(&reports), json(&expected), "{text}");
        }
        assert_eq!(
            serde_json::to_value(recycling.unanswered()).unwrap(),
            serde_json::to_value(plain.unanswered()).unwrap()
        );
    }
}

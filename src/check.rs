//! Judging a whole transcript: the [`crate::transcript::Reader`] feeding
//! one [`Session`], which infers the direction of bare messages and cites
//! messages by line; a record's `expect` member is applied to its reports
//! ([`crate::expect`]). `mcpwire check` is this loop plus output.
//!
//! **Strict passes per valid message.** The reader's record scan (raw
//! mode) reads the message's head as it goes ([`crate::scan::HeadBuilder`];
//! the same strict [`crate::bytes::Reader`] at the same depth limit as
//! [`crate::scan::MessageHead::scan`], so the head and the verdict on the
//! text are the same), and the session judges it without a scan of its
//! own ([`Session::judge`]). Then one pass per planned check: a
//! request or notification, or a result typed by its result response,
//! costs 2 passes in all (was 3); a result typed on `result`, or an error
//! with a typed code, 3 (was 4) — on `examples/session-2026-07-28.jsonl`
//! 2.33 passes per message, was 3.33.
//!
//! ```
//! # #[cfg(feature = "v2025_11_25")] {
//! use mcpwire::{check_transcript, check::Outcome, Session, Version};
//!
//! let text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\
//!             {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
//! let session = Session::try_new(Version::V2025_11_25).unwrap();
//! let mut checker = check_transcript(text.as_bytes(), session);
//! for checked in &mut checker {
//!     let checked = checked.unwrap();
//!     let Outcome::Message(judged) = &checked.outcome else { panic!() };
//!     assert!(judged.is_valid());
//! }
//! assert!(checker.session().unanswered().is_empty());
//! # }
//! ```

use std::io::{self, BufRead};

use crate::{
    session::{Judged, Source},
    transcript::{Item, Problem, Reader},
    Session,
};

/// One transcript entry, judged.
#[derive(Debug)]
pub struct Checked {
    /// 1-based line where the entry starts.
    pub line: usize,
    /// What was found there.
    pub outcome: Outcome,
    /// The message's text as read (raw mode), for excerpts from the
    /// original bytes; `None` for problems and parsed messages.
    pub text: Option<Vec<u8>>,
    /// Where the message's own text starts ([`crate::transcript::Message::position`]).
    pub position: crate::transcript::Position,
}

/// A judged message, or text that is not one.
#[derive(Debug)]
pub enum Outcome {
    /// A message (or batch) and its reports.
    Message(Judged),
    /// Text that is not a message (the reader's problem).
    Problem(Problem),
}

/// The loop: an iterator of [`Checked`] entries; its only errors are I/O
/// errors of the input. Memory stays bounded: the reader holds one message
/// at a time and the session's tables are bounded.
#[derive(Debug)]
pub struct Checker<R> {
    entries: Reader<R>,
    session: Session,
}

/// Judges the transcript `input` with `session` (its limits apply to each
/// message): bytes are judged on the bytes path, bare messages get their
/// direction inferred.
pub fn check_transcript<R: BufRead>(input: R, session: Session) -> Checker<R> {
    let limits = session.options().limits;
    Checker {
        entries: Reader::new(input, limits).raw(true),
        session,
    }
}

impl<R: BufRead> Checker<R> {
    /// The session (its revision, capabilities and unanswered requests so far).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, when the transcript is done.
    pub fn into_session(self) -> Session {
        self.session
    }

    /// Bytes read from the input so far.
    pub fn bytes_read(&self) -> u64 {
        self.entries.bytes_read()
    }
}

impl<R: BufRead> Iterator for Checker<R> {
    type Item = io::Result<Checked>;

    fn next(&mut self) -> Option<Self::Item> {
        let entry = match self.entries.next()? {
            Ok(e) => e,
            Err(e) => return Some(Err(e)),
        };
        let mut text = None;
        let mut position = crate::transcript::Position {
            line: entry.line,
            column: 1,
        };
        let outcome = match entry.item {
            Item::Message(m) => {
                position = m.position;
                let source = Source {
                    direction: m.direction,
                    origin: m.origin,
                    line: Some(entry.line),
                };
                let limits = self.session.options().limits;
                let mut judged = match &m.raw {
                    // The record scan read the head: no pass of its own.
                    Some(bytes) => match m
                        .head
                        .and_then(|head| crate::scan::Message::scanned(bytes, limits, *head))
                    {
                        Some(message) => self.session.judge(source, message),
                        None => self.session.judge(source, bytes),
                    },
                    None => {
                        let mut judged = self.session.judge(source, &m.value);
                        judged.value = Some(m.value);
                        judged
                    }
                };
                if let Some(expect) = &m.expect {
                    judged.expectation_met = Some(expect.apply(&mut judged.reports));
                    if judged.value.is_none()
                        && judged.reports.iter().any(|r| !r.expected.is_empty())
                    {
                        judged.value = m.raw.as_deref().and_then(|b| {
                            crate::input::parse(b, self.session.options().limits).ok()
                        });
                    }
                }
                text = m.raw;
                Outcome::Message(judged)
            }
            Item::Problem(p) => Outcome::Problem(p),
        };
        Some(Ok(Checked {
            line: entry.line,
            outcome,
            text,
            position,
        }))
    }
}

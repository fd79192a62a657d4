//! Judging a whole transcript: the [`crate::transcript::Reader`] feeding
//! one [`Session`], which infers the direction of bare messages and cites
//! messages by line; a record's `expect` member is applied to its reports
//! ([`crate::expect`]). `mcpwire check` is this loop plus output.
//!
//! **Stages.** A message goes through six: *input* ([`crate::capture`]:
//! the capture opened once, its encoding and kind decided) → *frame*
//! ([`crate::transcript::Reader`]: records, JSON Lines or an array, one
//! entry each) → *scan* (the reader's one strict record scan, which reads
//! the message's head) → *conversation* ([`Session::judge`]: direction,
//! correlation, the session's rules; the one place that decides between
//! scanning and parsing) → *validate* (the planned checks on the bytes) →
//! *emit* (the caller's output).
//!
//! **Strict passes per valid message.** The reader's record scan reads
//! the message's head as it goes ([`crate::scan::HeadBuilder`];
//! the same strict [`crate::bytes::Reader`] at the same depth limit as
//! [`crate::scan::MessageHead::scan`], so the head and the verdict on the
//! text are the same), and the session judges it without a scan of its
//! own ([`Session::judge`] with [`Input::Headed`]; the session alone
//! decides whether text is scanned or parsed). Then one pass per planned check: a
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
    session::{Input, Judged, Source},
    transcript::{Item, Position, Problem, Reader},
    Session,
};

/// One transcript entry, judged.
#[derive(Debug)]
pub struct Checked {
    /// 1-based line where the entry starts.
    pub line: usize,
    /// What was found there.
    pub outcome: Outcome,
    /// The message's text as read, for excerpts from the original bytes;
    /// `None` for problems.
    pub text: Option<Vec<u8>>,
    /// Where the message's own text starts ([`crate::transcript::Message::position`]).
    pub position: Position,
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
        entries: Reader::new(input, limits),
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
        let (outcome, text, position) = match entry.item {
            Item::Message(mut m) => {
                let source = Source {
                    direction: m.direction,
                    origin: m.origin,
                    line: Some(entry.line),
                };
                let input = match m.head.take() {
                    Some(head) => Input::Headed {
                        text: &m.text,
                        head,
                    },
                    None => Input::Bytes(&m.text),
                };
                let mut judged = self.session.judge(source, input);
                if let Some(expect) = &m.expect {
                    judged.expectation_met = Some(expect.apply(&mut judged.reports));
                    if judged.value.is_none()
                        && judged.reports.iter().any(|r| !r.expected.is_empty())
                    {
                        let limits = self.session.options().limits;
                        judged.value = crate::input::parse(&m.text, limits).ok();
                    }
                }
                (Outcome::Message(judged), Some(m.text), m.position)
            }
            Item::Problem(p) => (
                Outcome::Problem(p),
                None,
                Position {
                    line: entry.line,
                    column: 1,
                },
            ),
        };
        Some(Ok(Checked {
            line: entry.line,
            outcome,
            text,
            position,
        }))
    }
}

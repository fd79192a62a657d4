//! What a pipeline hands back: each judged message to its [`Consumer`],
//! and the [`Totals`] when it finishes.

use serde_json::Value;

use crate::{http::HttpFinding, live::Context, report::Report, Direction, Version};

/// One judged message, as the [`Consumer`] sees it.
#[derive(Debug)]
pub struct Judged<'a> {
    /// Where it came from ([`Context::sequence`] set).
    pub context: &'a Context,
    /// Its bytes (without the newline and a trailing `\r`); empty when it
    /// was over [`crate::input::Limits::max_bytes`] and not stored.
    pub bytes: &'a [u8],
    /// The session's reports: one, or one per batch element (plus a batch
    /// head with findings).
    pub reports: &'a [Report],
    /// The message parsed, when the session parsed it (a batch, or a
    /// message with findings), for excerpts.
    pub value: Option<&'a Value>,
    /// Its size in bytes (as `bytes.len()`, or the size of a message too
    /// large to keep).
    pub size: usize,
    /// The session's revision in force after judging it (the revision an
    /// unreadable message was read at).
    pub revision: Version,
    /// Messages not judged (over budget) since the previous judged one.
    pub skipped_before: u64,
}

impl Judged<'_> {
    /// Violations in all reports (an unreadable message counts one).
    pub fn violations(&self) -> usize {
        self.reports
            .iter()
            .map(|r| r.violations.len() + usize::from(r.input_error.is_some()))
            .sum()
    }
}

/// Receives every judged message, on the judge thread, in queue order.
///
/// Any `FnMut(&Judged)` closure is one. A [`Pipeline`](super::Pipeline) needs its consumer
/// `Send + 'static` (it runs on the judge thread); a [`crate::live::Replay`]
/// takes any.
pub trait Consumer {
    /// One message and its reports.
    fn judged(&mut self, message: &Judged<'_>);
    /// An HTTP-level finding (a rule of `docs/http.md`, or a transport
    /// problem) from a step submitted with [`Submitter::submit_step`](super::Submitter::submit_step), in
    /// queue order with the messages around it. `context` names the
    /// exchange ([`crate::live::Http::exchange`]); the default ignores it.
    fn http(&mut self, finding: &HttpFinding, context: &Context) {
        let _ = (finding, context);
    }
    /// The queue is drained; called once, last.
    fn finished(&mut self, totals: &Totals) {
        let _ = totals;
    }
}

impl<F: FnMut(&Judged<'_>)> Consumer for F {
    fn judged(&mut self, message: &Judged<'_>) {
        self(message)
    }
}

/// A request never answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    /// Which way the request went.
    pub direction: Direction,
    /// Its method.
    pub method: String,
    /// Its id.
    pub id: Option<Value>,
    /// Its [`Context::line`].
    pub line: Option<u64>,
    /// Its HTTP exchange ([`crate::live::Http::exchange`]), for a request that
    /// travelled over HTTP.
    pub exchange: Option<u64>,
    /// The revision it was judged at.
    pub revision: Option<Version>,
}

/// What a pipeline did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Totals {
    /// Messages judged.
    pub judged: u64,
    /// Messages not judged: over budget, or submitted after
    /// [`Pipeline::finish`](super::Pipeline::finish). They were forwarded all the same.
    pub unjudged: u64,
    /// Requests never answered, in the order they were sent.
    pub unanswered: Vec<Pending>,
}

/// What [`Pipeline::finish`](super::Pipeline::finish) returns.
#[derive(Debug)]
pub struct Finished<C> {
    /// The counts.
    pub totals: Totals,
    /// The consumer, back.
    pub consumer: C,
}

//! [`Observer`]: what a caller sees while the probe runs.

use crate::{
    http::HttpFinding,
    live::{Context, Judged, Pending},
    Version,
};

use super::result::Finding;

/// Shown everything the probe judges, in order, while it runs (on the
/// judge thread for messages and HTTP findings). Every method does
/// nothing by default; `()` is the observer that watches nothing.
///
/// The same findings are in the [`super::Report`] the run returns: an
/// observer is for writing them as they come (the CLI's formats), or with
/// everything a [`Judged`] message carries (its bytes, its reports).
pub trait Observer {
    /// A revision's conversation begins (before any of its messages);
    /// `transcript`: the stdio transcript it is written to, when one is.
    fn revision(&mut self, revision: Version, transcript: Option<&str>) {
        let _ = (revision, transcript);
    }
    /// One judged message (the probe's request for an unknown method
    /// without the "not in this revision" warning it was sent to get).
    /// When a stdio transcript is written, its [`Context::line`] is its
    /// line in the transcript (both directions in one file), as is an
    /// unanswered request's.
    fn judged(&mut self, message: &Judged<'_>) {
        let _ = message;
    }
    /// An HTTP rule's finding (`context` names the exchange).
    fn http(&mut self, finding: &HttpFinding, context: &Context) {
        let _ = (finding, context);
    }
    /// A request the conversation left unanswered (the probe's own
    /// cancelled requests are not).
    fn unanswered(&mut self, pending: &Pending) {
        let _ = pending;
    }
    /// A finding of the probe's own rules (`probe-*`), made by the client
    /// that drives the conversation.
    fn probe_finding(&mut self, finding: &Finding) {
        let _ = finding;
    }
}

impl Observer for () {}

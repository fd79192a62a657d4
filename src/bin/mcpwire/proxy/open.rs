//! An exchange the proxy has taken on and not yet ended: where its steps
//! go (the judge, and the HAR entry's `_mcpwireOrder`) and how it ends,
//! once. The request handler holds it until the response head is
//! forwarded; a streamed response body ([`super::body::Tap`]) takes it
//! over from there.
//!
//! **Nothing is lost when a task is dropped.** An exchange that is dropped
//! before it ended — the proxy stopping while the upstream has not yet
//! answered — still ends: its `End` step is judged (as failed, saying why)
//! and its HAR entry is written, so a check of the HAR replays what the
//! proxy judged. A capture that lost the entry would hold the request's
//! answer on another stream (the HTTP+SSE transport's GET) with no request
//! for it.

use std::sync::Arc;

use mcpwire::http::{
    har::out::{HarOut, Recording},
    End, Step,
};

use super::steps::Steps;

/// Why an exchange dropped before it ended is ended.
const CUT_OFF: &str = "the proxy stopped before the exchange ended";

/// One exchange, open.
pub struct Open {
    /// Its number.
    pub exchange: u64,
    steps: Steps,
    record: Option<Recording>,
    har: Option<Arc<HarOut>>,
    ended: bool,
}

impl Open {
    /// Opens exchange `exchange`; `record`: its HAR entry, when recording.
    pub fn new(
        exchange: u64,
        steps: Steps,
        record: Option<Recording>,
        har: Option<Arc<HarOut>>,
    ) -> Open {
        Open {
            exchange,
            steps,
            record,
            har,
            ended: false,
        }
    }

    /// The HAR entry being recorded, if any.
    pub fn record(&mut self) -> Option<&mut Recording> {
        self.record.as_mut()
    }

    /// Submits `step` and notes its position in the entry's order (and,
    /// for an SSE event, when it arrived).
    pub fn submit(&mut self, step: Step) {
        let event = match (&step, &self.record) {
            (Step::Event { event, .. }, Some(_)) => Some(event.offset),
            _ => None,
        };
        let seq = self.steps.submit(step);
        if let Some(r) = self.record.as_mut() {
            r.seq(seq);
            if let Some(offset) = event {
                r.event(offset);
            }
        }
    }

    /// Ends the exchange: submits its `End` and writes its HAR entry.
    pub fn end(mut self, end: End) {
        self.end_here(end);
    }

    fn end_here(&mut self, end: End) {
        if std::mem::replace(&mut self.ended, true) {
            return;
        }
        let error = match &end {
            End::Failed(why) => Some(why.clone()),
            _ => None,
        };
        self.submit(Step::End {
            exchange: self.exchange,
            end,
        });
        if let (Some(r), Some(h)) = (self.record.take(), &self.har) {
            h.write(&r.finish(error));
        }
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        if !self.ended {
            eprintln!("mcpwire proxy: exchange {}: {CUT_OFF}", self.exchange);
            self.end_here(End::Failed(CUT_OFF.into()));
        }
    }
}

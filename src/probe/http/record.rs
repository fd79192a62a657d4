//! `--har` and `--transcript` of the probe's own traffic, written by the
//! proxy's writers ([`crate::http::har::out`], [`TranscriptOut`]) from the
//! steps the link submits — so a capture holds exactly what was judged,
//! header values already redacted, and `mcpwire check` on it replays the
//! steps in the order the probe judged them (each HAR entry's
//! `_mcpwireOrder`).

use std::{collections::HashMap, path::Path};

use super::*;
use crate::http::{
    har::out::{self as har_out, HarOut, Recording},
    transcript::TranscriptOut,
};

/// The run's captures, shared by every revision's link.
pub struct Captures {
    har: Option<HarOut>,
    transcript: Option<TranscriptOut>,
    /// Steps submitted so far over the whole run (the next step's order),
    /// under the lock that keeps submission and writing in one order.
    order: Mutex<u64>,
}

impl Captures {
    /// Creates the files asked for (`None`: neither).
    pub fn create(
        har: Option<&Path>,
        transcript: Option<&Path>,
    ) -> Result<Option<Captures>, String> {
        if har.is_none() && transcript.is_none() {
            return Ok(None);
        }
        let open = |p: &Path| format!("cannot create {}", p.display());
        Ok(Some(Captures {
            har: har
                .map(|p| HarOut::create(p).map_err(|e| format!("{}: {e}", open(p))))
                .transpose()?,
            transcript: transcript
                .map(|p| TranscriptOut::create(p).map_err(|e| format!("{}: {e}", open(p))))
                .transpose()?,
            order: Mutex::new(0),
        }))
    }

    /// Closes both files.
    pub fn close(&self) -> std::io::Result<()> {
        if let Some(h) = &self.har {
            h.close()?;
        }
        if let Some(t) = &self.transcript {
            t.close()?;
        }
        Ok(())
    }
}

/// One link's exchanges being recorded (exchange number → its entry).
#[derive(Default)]
pub(super) struct Recordings(Mutex<HashMap<u64, Recording>>);

impl Shared {
    /// Submits `step` to the pipeline and, when capturing, writes it to
    /// the transcript and its exchange's HAR entry, all in one order.
    pub(super) fn submit(&self, step: Step) {
        let Some(captures) = &self.captures else {
            self.submitter.submit_step(step);
            return;
        };
        let mut order = captures.order.lock().unwrap_or_else(|e| e.into_inner());
        *order += 1;
        self.record_step(&step, *order, captures.har.is_some());
        match &captures.transcript {
            Some(t) => {
                let record = step.clone();
                t.write(&record, || self.submitter.submit_step(step));
            }
            None => {
                self.submitter.submit_step(step);
            }
        }
    }

    fn record_step(&self, step: &Step, order: u64, har: bool) {
        if !har {
            return;
        }
        let mut recordings = self.recordings.0.lock().unwrap_or_else(|e| e.into_inner());
        match step {
            Step::Request {
                exchange,
                head,
                body,
            } => {
                let url = format!("{}{}", self.base, head.target);
                let mut r = Recording::new(*exchange, har_out::arrived(), head, url, self.limit);
                r.request_body(&body.bytes, body.bytes.len() as u64);
                r.seq(order);
                recordings.insert(*exchange, r);
            }
            Step::Response { exchange, head } => {
                if let Some(r) = recordings.get_mut(exchange) {
                    let reason = hyper::StatusCode::from_u16(head.status)
                        .ok()
                        .and_then(|s| s.canonical_reason())
                        .unwrap_or("");
                    r.response(head, reason);
                    r.seq(order);
                }
            }
            Step::End { exchange, end } => {
                if let Some(mut r) = recordings.remove(exchange) {
                    r.seq(order);
                    let error = match end {
                        End::Failed(why) => Some(why.clone()),
                        _ => None,
                    };
                    if let Some(h) = self.captures.as_ref().and_then(|c| c.har.as_ref()) {
                        h.write(&r.finish(error));
                    }
                }
            }
            Step::Event { exchange, event } => {
                if let Some(r) = recordings.get_mut(exchange) {
                    r.seq(order);
                    r.event(event.offset);
                }
            }
            other => {
                if let Some(r) = recordings.get_mut(&other.exchange()) {
                    r.seq(order);
                }
            }
        }
    }

    /// Bytes of a response body as they came (for its HAR entry).
    pub(super) fn record_bytes(&self, exchange: u64, bytes: &[u8]) {
        if self.captures.as_ref().is_some_and(|c| c.har.is_some()) {
            let mut recordings = self.recordings.0.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(r) = recordings.get_mut(&exchange) {
                r.response_bytes(bytes);
            }
        }
    }
}

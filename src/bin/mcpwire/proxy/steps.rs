//! Where the proxy's steps go: the live pipeline, and (`--transcript`) the
//! HTTP transcript, in one order.

use std::sync::Arc;

use mcpwire::{
    http::{transcript::TranscriptOut, Step},
    live::Submitter,
};

/// Submits steps (before forwarding what they describe).
#[derive(Clone)]
pub struct Steps {
    /// The pipeline.
    pub submitter: Submitter,
    /// `--transcript`.
    pub transcript: Option<Arc<TranscriptOut>>,
}

impl Steps {
    /// Submits `step` (and records it); its position among all steps.
    pub fn submit(&self, step: Step) -> u64 {
        match &self.transcript {
            None => self.submitter.submit_step(step).1,
            Some(t) => {
                let submitter = &self.submitter;
                // The record is made before the step moves into the queue.
                let line_step = step.clone();
                t.write(&line_step, move || submitter.submit_step(step).1)
            }
        }
    }
}

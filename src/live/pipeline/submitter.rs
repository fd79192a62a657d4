//! The producers' side of a pipeline: [`Submitter`] queues messages and
//! HTTP steps within the budget, or counts them unjudged.

use std::sync::Arc;

use crate::live::queue::{step_bytes, step_direction, Body, Item, Shared};
use crate::{http::Step, live::Context};

/// Whether a submission entered the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submitted {
    /// Queued; it will be judged.
    Queued,
    /// Over budget, or the pipeline is finished: counted, not judged.
    Unjudged,
}

/// Hands messages to a pipeline: cheap to clone, `Send`, never blocks.
#[derive(Clone)]
pub struct Submitter {
    pub(super) shared: Arc<Shared>,
}

impl std::fmt::Debug for Submitter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Submitter").finish_non_exhaustive()
    }
}

impl Submitter {
    /// Queues one message (one JSON text) for judging. Call it **before**
    /// forwarding the bytes (see the module docs).
    pub fn submit(&self, context: Context, bytes: Vec<u8>) -> Submitted {
        self.push(context, Body::Bytes(bytes))
    }

    /// Queues a copy of `bytes`; nothing is copied when the budget refuses
    /// it.
    pub fn submit_slice(&self, context: Context, bytes: &[u8]) -> Submitted {
        if !self.reserve(bytes.len()) {
            return Submitted::Unjudged;
        }
        self.push_reserved(context, Body::Bytes(bytes.to_vec()))
    }

    /// Queues a message of `len` bytes too large to keep
    /// ([`crate::input::Limits::max_bytes`]): judged as
    /// [`InputError::TooLarge`](crate::input::InputError::TooLarge).
    pub fn submit_too_large(&self, context: Context, len: usize) -> Submitted {
        self.push(context, Body::TooLarge(len))
    }

    /// Queues one step of an HTTP exchange ([`crate::http::Step`]: a
    /// request with its body, a response head, a JSON body, an SSE event,
    /// the end) for judging, and returns whether it was queued and its
    /// position among the steps submitted so far (0-based, counted also
    /// when not queued: the order a capture records, `_mcpwireOrder`).
    /// Call it **before** forwarding what the step describes.
    ///
    /// The judge routes each step to its conversation
    /// ([`crate::http::Router`]), applies the HTTP rules
    /// ([`crate::http::Tracker`]) — their findings go to
    /// [`Consumer::http`](super::Consumer::http) — and judges each JSON-RPC message the step
    /// carries with that conversation's own session, reported to
    /// [`Consumer::judged`](super::Consumer::judged) with the exchange in [`Context::http`]. One
    /// lock takes the position and the queue slot, so the positions are
    /// the queue order.
    pub fn submit_step(&self, step: Step) -> (Submitted, u64) {
        let len = step_bytes(&step);
        let mut state = self.shared.lock();
        let order = state.steps;
        state.steps += 1;
        let fits = !state.closed
            && state.messages < self.shared.max_messages
            && (state.bytes == 0 || state.bytes.saturating_add(len) <= self.shared.max_bytes);
        if !fits {
            state.unjudged += 1;
            state.skipped += 1;
            return (Submitted::Unjudged, order);
        }
        state.bytes = state.bytes.saturating_add(len);
        state.messages += 1;
        let skipped_before = std::mem::take(&mut state.skipped);
        state.queue.push_back(Item {
            context: Context::new(step_direction(&step)),
            body: Body::Step(Box::new(step)),
            skipped_before,
        });
        state.queued += 1;
        if state.judge_waiting {
            state.judge_waiting = false;
            self.shared.work.notify_one();
        }
        (Submitted::Queued, order)
    }

    /// The longest line a [`LineSplitter`](crate::live::LineSplitter)
    /// of this pipeline keeps.
    pub(in crate::live) fn line_limit(&self) -> usize {
        self.shared.limit
    }

    /// Waits until every message queued before this call is judged (and
    /// handed to the consumer). Returns at once if the judge is gone.
    pub fn sync(&self) {
        let mut state = self.shared.lock();
        let target = state.queued;
        state.syncers += 1;
        while state.done < target && !state.gone {
            state = self
                .shared
                .progress
                .wait(state)
                .unwrap_or_else(|e| e.into_inner());
        }
        state.syncers -= 1;
    }

    /// Messages not judged so far.
    pub fn unjudged(&self) -> u64 {
        self.shared.lock().unjudged
    }

    fn push(&self, context: Context, body: Body) -> Submitted {
        if !self.reserve(body.len()) {
            return Submitted::Unjudged;
        }
        self.push_reserved(context, body)
    }

    /// Counts `len` bytes and one message against the budget, or counts an
    /// unjudged message.
    fn reserve(&self, len: usize) -> bool {
        let mut state = self.shared.lock();
        let fits = !state.closed
            && state.messages < self.shared.max_messages
            && (state.bytes == 0 || state.bytes.saturating_add(len) <= self.shared.max_bytes);
        if fits {
            state.bytes = state.bytes.saturating_add(len);
            state.messages += 1;
        } else {
            state.unjudged += 1;
            state.skipped += 1;
        }
        fits
    }

    fn push_reserved(&self, context: Context, body: Body) -> Submitted {
        let mut state = self.shared.lock();
        if state.closed {
            // Finished between reserving and pushing.
            state.bytes -= body.len();
            state.messages -= 1;
            state.unjudged += 1;
            return Submitted::Unjudged;
        }
        let skipped_before = std::mem::take(&mut state.skipped);
        state.queue.push_back(Item {
            context,
            body,
            skipped_before,
        });
        state.queued += 1;
        if state.judge_waiting {
            state.judge_waiting = false;
            self.shared.work.notify_one();
        }
        Submitted::Queued
    }
}

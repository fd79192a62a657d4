//! The queue between the submitters and the judge thread: what it holds
//! ([`Item`]s), what its budget counts, and the state both sides share.

use std::{
    collections::VecDeque,
    sync::{Condvar, Mutex, MutexGuard},
};

use crate::{http::Step, live::Context, Direction};

/// One message (or HTTP step) in the queue.
pub(in crate::live) struct Item {
    pub(in crate::live) context: Context,
    pub(in crate::live) body: Body,
    pub(in crate::live) skipped_before: u64,
}

pub(in crate::live) enum Body {
    Bytes(Vec<u8>),
    TooLarge(usize),
    Step(Box<Step>),
}

impl Body {
    /// Bytes it holds (what the queue budget counts).
    pub(in crate::live) fn len(&self) -> usize {
        match self {
            Body::Bytes(b) => b.len(),
            Body::TooLarge(_) => 0,
            Body::Step(step) => step_bytes(step),
        }
    }
}

/// The message bytes a step holds.
pub(super) fn step_bytes(step: &Step) -> usize {
    match step {
        Step::Request { body, .. } | Step::Body { body, .. } => body.bytes.len(),
        Step::Event { event, .. } => event.data.len(),
        Step::Response { .. } | Step::End { .. } => 0,
    }
}

#[derive(Default)]
pub(super) struct State {
    pub(super) queue: VecDeque<Item>,
    /// Bytes queued or being judged.
    pub(super) bytes: usize,
    /// Messages queued or being judged.
    pub(super) messages: usize,
    /// No more submissions are judged.
    pub(super) closed: bool,
    /// The judge thread is gone (finished or panicked).
    pub(super) gone: bool,
    /// The judge waits for work.
    pub(super) judge_waiting: bool,
    /// Callers of [`Submitter::sync`] waiting.
    pub(super) syncers: usize,
    /// Messages ever queued.
    pub(super) queued: u64,
    /// Messages judged.
    pub(super) done: u64,
    /// Messages not judged.
    pub(super) unjudged: u64,
    /// Not judged since the last queued message.
    pub(super) skipped: u64,
    /// HTTP steps ever submitted (queued or not).
    pub(super) steps: u64,
}

pub(super) struct Shared {
    pub(super) state: Mutex<State>,
    pub(super) work: Condvar,
    pub(super) progress: Condvar,
    pub(super) max_bytes: usize,
    pub(super) max_messages: usize,
    pub(super) limit: usize,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // The state is counters and a queue, consistent at every unlock: a
        // panic elsewhere does not make it unusable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub(in crate::live) fn step_direction(step: &Step) -> Direction {
    match step {
        Step::Request { .. } => Direction::ClientToServer,
        _ => Direction::ServerToClient,
    }
}

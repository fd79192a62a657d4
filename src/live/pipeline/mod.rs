//! The queue, its budget, and the judge thread.

use std::{
    collections::VecDeque,
    sync::{Arc, Condvar, Mutex, MutexGuard},
    thread::{self, JoinHandle},
};

use serde_json::Value;

use super::{judging::Judging, Context, LineSplitter};
use crate::{
    http::{HttpFinding, Step},
    report::Report,
    Direction, Mode, Options, Version,
};

/// How a pipeline judges and how much it may hold.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Fixed revision or auto (see [`crate::session`]).
    pub mode: Mode,
    /// Session options; [`Options::limits`] also bounds a line in a
    /// [`LineSplitter`].
    pub options: Options,
    /// Bytes waiting to be judged, at most (default 64 MiB); a message that
    /// does not fit is not judged (a message larger than this is judged
    /// when the queue is empty).
    pub max_queued_bytes: usize,
    /// Messages waiting to be judged, at most (default 16,384).
    pub max_queued_messages: usize,
    /// Stack of the judge thread (default: 32 MiB + 16 KiB per level of
    /// [`crate::input::Limits::max_depth`], as `docs/limits.md` says).
    pub stack_size: Option<usize>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            mode: Mode::Auto,
            options: Options::default(),
            max_queued_bytes: 64 << 20,
            max_queued_messages: 16_384,
            stack_size: None,
        }
    }
}

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
/// Any `FnMut(&Judged)` closure is one. A [`Pipeline`] needs its consumer
/// `Send + 'static` (it runs on the judge thread); a [`super::Replay`]
/// takes any.
pub trait Consumer {
    /// One message and its reports.
    fn judged(&mut self, message: &Judged<'_>);
    /// An HTTP-level finding (a rule of `docs/http.md`, or a transport
    /// problem) from a step submitted with [`Submitter::submit_step`], in
    /// queue order with the messages around it. `context` names the
    /// exchange ([`super::Http::exchange`]); the default ignores it.
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
    /// Its [`Context::sequence`].
    pub sequence: u64,
    /// Its [`Context::line`].
    pub line: Option<u64>,
    /// Its HTTP exchange ([`super::Http::exchange`]), for a request that
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
    /// [`Pipeline::finish`]. They were forwarded all the same.
    pub unjudged: u64,
    /// Requests never answered, in the order they were sent.
    pub unanswered: Vec<Pending>,
}

/// What [`Pipeline::finish`] returns.
#[derive(Debug)]
pub struct Finished<C> {
    /// The counts.
    pub totals: Totals,
    /// The consumer, back.
    pub consumer: C,
}

/// Whether a submission entered the queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Submitted {
    /// Queued; it will be judged.
    Queued,
    /// Over budget, or the pipeline is finished: counted, not judged.
    Unjudged,
}

/// One message (or HTTP step) in the queue.
pub(super) struct Item {
    pub(super) context: Context,
    pub(super) body: Body,
    pub(super) skipped_before: u64,
}

pub(super) enum Body {
    Bytes(Vec<u8>),
    TooLarge(usize),
    Step(Box<Step>),
}

impl Body {
    /// Bytes it holds (what the queue budget counts).
    pub(super) fn len(&self) -> usize {
        match self {
            Body::Bytes(b) => b.len(),
            Body::TooLarge(_) => 0,
            Body::Step(step) => step_bytes(step),
        }
    }
}

/// The message bytes a step holds.
fn step_bytes(step: &Step) -> usize {
    match step {
        Step::Request { body, .. } | Step::Body { body, .. } => body.bytes.len(),
        Step::Event { event, .. } => event.data.len(),
        Step::Response { .. } | Step::End { .. } => 0,
    }
}

#[derive(Default)]
struct State {
    queue: VecDeque<Item>,
    /// Bytes queued or being judged.
    bytes: usize,
    /// Messages queued or being judged.
    messages: usize,
    /// No more submissions are judged.
    closed: bool,
    /// The judge thread is gone (finished or panicked).
    gone: bool,
    /// The judge waits for work.
    judge_waiting: bool,
    /// Callers of [`Submitter::sync`] waiting.
    syncers: usize,
    /// Messages ever queued.
    queued: u64,
    /// Messages judged.
    done: u64,
    /// Messages not judged.
    unjudged: u64,
    /// Not judged since the last queued message.
    skipped: u64,
    /// HTTP steps ever submitted (queued or not).
    steps: u64,
}

struct Shared {
    state: Mutex<State>,
    work: Condvar,
    progress: Condvar,
    max_bytes: usize,
    max_messages: usize,
    limit: usize,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is counters and a queue, consistent at every unlock: a
        // panic elsewhere does not make it unusable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Hands messages to a pipeline: cheap to clone, `Send`, never blocks.
#[derive(Clone)]
pub struct Submitter {
    shared: Arc<Shared>,
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
    /// [`InputError::TooLarge`].
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
    /// [`Consumer::http`] — and judges each JSON-RPC message the step
    /// carries with that conversation's own session, reported to
    /// [`Consumer::judged`] with the exchange in [`Context::http`]. One
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

    /// A line splitter for one direction's byte stream; `template` gives
    /// the direction, origin and HTTP metadata of its messages.
    pub fn splitter(&self, template: Context) -> LineSplitter {
        LineSplitter::new(self.clone(), template, self.shared.limit)
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

/// One conversation's ordered queue and its judge thread.
pub struct Pipeline<C: Consumer> {
    submitter: Submitter,
    judge: Option<JoinHandle<(Totals, C)>>,
}

impl<C: Consumer> std::fmt::Debug for Pipeline<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline").finish_non_exhaustive()
    }
}

impl<C: Consumer + Send + 'static> Pipeline<C> {
    /// Starts the judge thread.
    ///
    /// # Panics
    /// If the thread cannot be spawned (out of threads or memory).
    pub fn start(config: Config, consumer: C) -> Pipeline<C> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            work: Condvar::new(),
            progress: Condvar::new(),
            max_bytes: config.max_queued_bytes,
            max_messages: config.max_queued_messages.max(1),
            limit: config.options.limits.max_bytes,
        });
        let stack = config
            .stack_size
            .unwrap_or((32 << 20) + config.options.limits.max_depth.saturating_mul(16 << 10));
        let judge = {
            let shared = Arc::clone(&shared);
            thread::Builder::new()
                .name("mcpwire-judge".into())
                .stack_size(stack)
                .spawn(move || {
                    let _gone = Gone(&shared);
                    judge(&shared, config, consumer)
                })
                .expect("cannot start the judge thread")
        };
        Pipeline {
            submitter: Submitter { shared },
            judge: Some(judge),
        }
    }
}

impl<C: Consumer> Pipeline<C> {
    /// A handle for producers.
    pub fn submitter(&self) -> Submitter {
        self.submitter.clone()
    }

    /// Stops taking messages (later ones count as unjudged), judges what
    /// is queued, and returns the totals and the consumer.
    ///
    /// # Panics
    /// Resumes the consumer's panic, if it panicked.
    pub fn finish(mut self) -> Finished<C> {
        self.close();
        let judge = self.judge.take().expect("finished once");
        match judge.join() {
            Ok((totals, consumer)) => Finished { totals, consumer },
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    fn close(&self) {
        let mut state = self.submitter.shared.lock();
        state.closed = true;
        self.submitter.shared.work.notify_one();
    }
}

impl<C: Consumer> Drop for Pipeline<C> {
    fn drop(&mut self) {
        if let Some(judge) = self.judge.take() {
            self.close();
            let _ = judge.join();
        }
    }
}

pub(super) fn step_direction(step: &Step) -> Direction {
    match step {
        Step::Request { .. } => Direction::ClientToServer,
        _ => Direction::ServerToClient,
    }
}

/// Marks the judge gone when its thread ends, however it ends.
struct Gone<'a>(&'a Shared);

impl Drop for Gone<'_> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.gone = true;
        self.0.progress.notify_all();
    }
}

/// The judge thread: takes the queue batch by batch, judges in order.
fn judge<C: Consumer>(shared: &Shared, config: Config, mut consumer: C) -> (Totals, C) {
    let mut judging = Judging::new(config);
    loop {
        let batch = {
            let mut state = shared.lock();
            while state.queue.is_empty() && !state.closed {
                state.judge_waiting = true;
                state = shared.work.wait(state).unwrap_or_else(|e| e.into_inner());
            }
            state.judge_waiting = false;
            if state.queue.is_empty() {
                judging.unjudged(state.unjudged);
                break;
            }
            std::mem::take(&mut state.queue)
        };
        // The budget is given back as the batch is judged, a few messages
        // at a time (not once per batch: a judge slightly behind would
        // otherwise refuse messages while it holds a whole queue's worth of
        // budget it has already judged). Each judged item is dropped before
        // its share is released, so what the budget counts bounds memory.
        let (mut n, mut bytes) = (0usize, 0usize);
        for item in batch {
            bytes += item.body.len();
            n += 1;
            judging.item(item, &mut consumer);
            if n >= RELEASE_MESSAGES || bytes >= RELEASE_BYTES {
                release(shared, std::mem::take(&mut n), std::mem::take(&mut bytes));
            }
        }
        release(shared, n, bytes);
    }
    let totals = judging.finish(&mut consumer);
    (totals, consumer)
}

/// Judged messages between two releases of their budget.
const RELEASE_MESSAGES: usize = 64;
/// Judged bytes between two releases of their budget.
const RELEASE_BYTES: usize = 1 << 20;

/// Gives back the budget of `n` judged messages holding `bytes`.
fn release(shared: &Shared, n: usize, bytes: usize) {
    if n == 0 {
        return;
    }
    let mut state = shared.lock();
    state.bytes -= bytes;
    state.messages -= n;
    state.done += n as u64;
    if state.syncers > 0 {
        shared.progress.notify_all();
    }
}

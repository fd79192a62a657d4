//! The judge threads and the one lock submissions take.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicUsize, Ordering},
        mpsc::{sync_channel, Receiver, SyncSender, TrySendError},
        Arc, Mutex,
    },
    thread,
};

use mcpwire::{
    http::{ConversationId, Router, Step},
    input::Limits,
    Mode,
};

use crate::{
    http_judge::HttpJudge,
    output::{Outputs, Summary},
};

/// Steps waiting per judge thread, at most (besides the byte budget).
const QUEUE_STEPS: usize = 65_536;

/// Findings and counts, shared by the judge threads.
pub struct Report {
    /// Where findings go.
    pub sink: Outputs,
    /// The counts.
    pub summary: Summary,
}

struct Job {
    conversation: ConversationId,
    step: Step,
    bytes: usize,
}

/// What submissions share: routing, the sequence clock, the queues.
pub struct Shared {
    router: Router,
    seq: u64,
    queues: Vec<SyncSender<Job>>,
}

/// The judging side of the proxy.
pub struct Judges {
    shared: Mutex<Shared>,
    pending_bytes: Arc<AtomicUsize>,
    budget: usize,
    unjudged: AtomicUsize,
    threads: Mutex<Vec<thread::JoinHandle<()>>>,
    /// The findings.
    pub report: Arc<Mutex<Report>>,
}

fn step_bytes(step: &Step) -> usize {
    match step {
        Step::Request { body, .. } | Step::Body { body, .. } => body.bytes.len(),
        Step::Event { event, .. } => event.data.len(),
        _ => 0,
    }
}

impl Judges {
    /// Starts `threads` judge threads writing to `report`.
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        threads: usize,
        mode: Mode,
        null_id_as_warning: bool,
        limits: Limits,
        budget: usize,
        stack: usize,
        report: Report,
        label: String,
    ) -> Arc<Judges> {
        let report = Arc::new(Mutex::new(report));
        let pending = Arc::new(AtomicUsize::new(0));
        let mut queues = Vec::new();
        let mut handles = Vec::new();
        for n in 0..threads.max(1) {
            let (tx, rx) = sync_channel::<Job>(QUEUE_STEPS);
            queues.push(tx);
            let report = Arc::clone(&report);
            let pending = Arc::clone(&pending);
            let label = label.clone();
            let handle = thread::Builder::new()
                .name(format!("mcpwire-judge-{n}"))
                .stack_size(stack)
                .spawn(move || {
                    judge_loop(rx, report, pending, label, mode, null_id_as_warning, limits)
                })
                .expect("spawn a judge thread");
            handles.push(handle);
        }
        Arc::new(Judges {
            shared: Mutex::new(Shared {
                router: Router::new(),
                seq: 0,
                queues,
            }),
            pending_bytes: pending,
            budget,
            unjudged: AtomicUsize::new(0),
            threads: Mutex::new(handles),
            report,
        })
    }

    /// Routes and queues one step; returns its sequence number (for the
    /// HAR's `_mcpwireOrder`). Never waits for judging.
    pub fn submit(&self, step: Step) -> u64 {
        let bytes = step_bytes(&step);
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let conversation = route(&mut shared.router, &step);
        shared.seq += 1;
        let seq = shared.seq;
        let end = match &step {
            Step::End { exchange, .. } => Some(*exchange),
            _ => None,
        };
        let over = self
            .pending_bytes
            .load(Ordering::Relaxed)
            .saturating_add(bytes)
            > self.budget;
        if shared.queues.is_empty() || over {
            self.unjudged.fetch_add(1, Ordering::Relaxed);
        } else {
            let n = (conversation as usize) % shared.queues.len();
            self.pending_bytes.fetch_add(bytes, Ordering::Relaxed);
            let job = Job {
                conversation,
                step,
                bytes,
            };
            match shared.queues[n].try_send(job) {
                Ok(()) => {}
                Err(TrySendError::Full(j) | TrySendError::Disconnected(j)) => {
                    self.pending_bytes.fetch_sub(j.bytes, Ordering::Relaxed);
                    self.unjudged.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        if let Some(exchange) = end {
            shared.router.end(exchange);
        }
        seq
    }

    /// Steps not judged because the judges fell behind.
    pub fn unjudged(&self) -> usize {
        self.unjudged.load(Ordering::Relaxed)
    }

    /// Closes the queues and waits for the judges to drain them and finish
    /// every conversation.
    pub fn finish(&self) {
        self.shared
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .queues
            .clear();
        let handles = std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner()));
        for h in handles {
            let _ = h.join();
        }
    }
}

fn route(router: &mut Router, step: &Step) -> ConversationId {
    crate::http_check::route(router, step)
}

fn judge_loop(
    rx: Receiver<Job>,
    report: Arc<Mutex<Report>>,
    pending: Arc<AtomicUsize>,
    label: String,
    mode: Mode,
    null_id_as_warning: bool,
    limits: Limits,
) {
    let mut judges: HashMap<ConversationId, HttpJudge> = HashMap::new();
    let mut order: Vec<ConversationId> = Vec::new();
    while let Ok(job) = rx.recv() {
        pending.fetch_sub(job.bytes, Ordering::Relaxed);
        let judge = judges.entry(job.conversation).or_insert_with(|| {
            order.push(job.conversation);
            HttpJudge::new(mode, null_id_as_warning, limits)
        });
        let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
        let Report { sink, summary } = &mut *r;
        if judge.step(&label, &job.step, sink, summary).is_err() {
            break;
        }
        let _ = sink.flush();
    }
    let mut r = report.lock().unwrap_or_else(|e| e.into_inner());
    let Report { sink, summary } = &mut *r;
    for c in order {
        if let Some(j) = judges.get_mut(&c) {
            let _ = j.finish(&label, sink, summary);
        }
    }
    let _ = sink.flush();
}

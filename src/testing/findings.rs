//! The collector: reports with findings, kept for the test to look at.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::{
    live::{Consumer, Context, Judged, Submitter},
    report::Report,
};

/// Records kept at most; later ones are counted ([`Findings::omitted`]).
const MAX_RECORDS: usize = 10_000;
/// Bytes of a message kept with its record, for the excerpt.
const MAX_EXCERPT: usize = 4096;

/// The [`Consumer`] of [`Findings::consumer`].
#[derive(Debug)]
pub struct Recorder(Findings);

impl Consumer for Recorder {
    fn judged(&mut self, message: &Judged<'_>) {
        self.0.on_judged(message);
    }
}

/// One report with a finding (a violation, a warning, or unreadable
/// input), with where its message came from.
#[derive(Clone, Debug)]
pub struct Record {
    /// Where the message came from.
    pub context: Context,
    /// The session's report.
    pub report: Report,
    /// The message's first bytes (at most 4 KiB), for excerpts.
    pub bytes: Vec<u8>,
}

impl Record {
    /// Whether the report has a violation or unreadable input.
    pub fn is_violation(&self) -> bool {
        !self.report.is_valid()
    }
}

#[derive(Default)]
struct Inner {
    records: Vec<Record>,
    omitted: usize,
    judged: u64,
    /// Pipelines feeding this collector, to wait for in [`Findings::settle`].
    sources: Vec<Submitter>,
}

/// A collector of findings the caller holds: cheap to clone, shared with
/// the tees and pipelines that feed it. Bounded: at most 10,000 records
/// (then counted as omitted), each with at most 4 KiB of its message.
#[derive(Clone, Default)]
pub struct Findings {
    inner: Arc<Mutex<Inner>>,
}

impl std::fmt::Debug for Findings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let inner = self.lock();
        f.debug_struct("Findings")
            .field("records", &inner.records.len())
            .field("omitted", &inner.omitted)
            .field("judged", &inner.judged)
            .finish()
    }
}

impl Findings {
    /// An empty collector.
    pub fn new() -> Findings {
        Findings::default()
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A [`Consumer`] for a [`crate::live::Pipeline`] that records into
    /// this collector (and, with feature `tracing`, emits each finding as
    /// a `tracing` event). Pass the pipeline's submitter to
    /// [`Findings::watch`] so [`Findings::settle`] waits for it.
    pub fn consumer(&self) -> Recorder {
        Recorder(self.clone())
    }

    /// [`Findings::settle`] will wait for everything `submitter` has queued.
    pub fn watch(&self, submitter: Submitter) {
        self.lock().sources.push(submitter);
    }

    fn on_judged(&self, m: &Judged<'_>) {
        #[cfg(feature = "tracing")]
        super::trace::emit(m);
        self.keep(m.context, m.reports, m.bytes);
    }

    /// Records the reports of one message you judged yourself
    /// ([`crate::Session::judge`]).
    pub fn record(&self, context: &Context, reports: &[Report]) {
        self.keep(context, reports, &[]);
    }

    fn keep(&self, context: &Context, reports: &[Report], bytes: &[u8]) {
        let mut inner = self.lock();
        inner.judged += 1;
        for report in reports {
            if report.is_valid() && report.warnings.is_empty() {
                continue;
            }
            if inner.records.len() >= MAX_RECORDS {
                inner.omitted += 1;
                continue;
            }
            inner.records.push(Record {
                context: context.clone(),
                report: report.clone(),
                bytes: bytes[..bytes.len().min(MAX_EXCERPT)].to_vec(),
            });
        }
    }

    /// Waits until every message queued so far by the watched pipelines
    /// is judged and recorded.
    pub fn settle(&self) {
        let sources = self.lock().sources.clone();
        for s in sources {
            s.sync();
        }
    }

    /// The records so far (call [`Findings::settle`] first for a tee's
    /// latest messages).
    pub fn records(&self) -> Vec<Record> {
        self.lock().records.clone()
    }

    /// The records with a violation (or unreadable input).
    pub fn violations(&self) -> Vec<Record> {
        self.lock()
            .records
            .iter()
            .filter(|r| r.is_violation())
            .cloned()
            .collect()
    }

    /// Messages judged into this collector.
    pub fn judged(&self) -> u64 {
        self.lock().judged
    }

    /// Messages the watched pipelines could not judge (over budget).
    pub fn unjudged(&self) -> u64 {
        self.lock().sources.iter().map(Submitter::unjudged).sum()
    }

    /// Records not kept (over 10,000).
    pub fn omitted(&self) -> usize {
        self.lock().omitted
    }
}

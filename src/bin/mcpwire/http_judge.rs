//! Writing what the live pipeline ([`mcpwire::live`]) found on HTTP
//! traffic: its HTTP findings ([`Consumer::http`]), every JSON-RPC
//! message's findings, and the requests never answered. The proxy (on the
//! pipeline's judge thread) and `check` on a HAR (a [`mcpwire::live::Replay`])
//! write through this one consumer, so they agree.
//!
//! A finding's `line` is its exchange number (the n-th request the proxy
//! saw, the n-th entry of a HAR by start time); every finding also says
//! where it is in the traffic ([`HttpWhere`]): the exchange, the HAR entry
//! (from [`HttpFindings::with_entries`]) and the SSE event.

use std::{collections::HashMap, io};

use mcpwire::{
    http::HttpFinding,
    live::{Consumer, Context, Judged, Pending, Totals},
    report::MessageKind,
    Origin,
};

use crate::{
    judge::{Judge, Place},
    output::{unanswered_message, HttpWhere, Out, Outputs, Summary},
};

/// Where findings go: owned (the proxy's judge thread) or borrowed
/// (`check`).
pub trait Target {
    /// The sink and the counts.
    fn parts(&mut self) -> (&mut Outputs, &mut Summary);
}

impl Target for (Outputs, Summary) {
    fn parts(&mut self) -> (&mut Outputs, &mut Summary) {
        (&mut self.0, &mut self.1)
    }
}

impl Target for (&mut Outputs, &mut Summary) {
    fn parts(&mut self) -> (&mut Outputs, &mut Summary) {
        (self.0, self.1)
    }
}

/// The consumer: writes each finding as it is judged, under the name
/// `file`.
pub struct HttpFindings<T> {
    file: String,
    target: T,
    /// The first write error; later findings are not written.
    error: Option<io::Error>,
    /// A capture's exchanges by number: entry, method, URL, status.
    entries: HashMap<u64, HttpWhere>,
    /// Live: what the messages' contexts said of each exchange (for the
    /// unanswered requests reported at the end); bounded.
    seen: HashMap<u64, HttpWhere>,
}

/// Exchanges [`HttpFindings`] remembers from live contexts, at most.
const MAX_SEEN: usize = 65_536;

impl<T: Target> HttpFindings<T> {
    /// Findings of `file` go to `target`.
    pub fn new(file: &str, target: T) -> HttpFindings<T> {
        HttpFindings {
            file: file.to_string(),
            target,
            error: None,
            entries: HashMap::new(),
            seen: HashMap::new(),
        }
    }

    /// Findings name these entries (a capture's exchanges by number).
    pub fn with_entries(mut self, entries: HashMap<u64, HttpWhere>) -> Self {
        self.entries = entries;
        self
    }

    /// Where a finding of `exchange` (and `event`) is; what the capture
    /// recorded of the exchange, else what the context says.
    fn place(&self, exchange: u64, context: Option<&Context>) -> HttpWhere {
        let http = context.and_then(|c| c.http.as_deref());
        let known = self.entries.get(&exchange).or_else(|| match http {
            Some(_) => None,
            None => self.seen.get(&exchange),
        });
        let mut at = known.cloned().unwrap_or_else(|| HttpWhere {
            exchange,
            method: http.and_then(|h| h.method.clone()).unwrap_or_default(),
            url: http.and_then(|h| h.target.clone()).unwrap_or_default(),
            status: http.and_then(|h| h.status),
            ..HttpWhere::default()
        });
        at.event = http.and_then(|h| h.event);
        at
    }

    /// Remembers what a live context said of its exchange.
    fn remember(&mut self, at: &HttpWhere) {
        if self.entries.is_empty() && !at.method.is_empty() {
            if self.seen.len() >= MAX_SEEN && !self.seen.contains_key(&at.exchange) {
                self.seen.clear();
            }
            let mut at = at.clone();
            at.event = None;
            self.seen.insert(at.exchange, at);
        }
    }

    /// The target back, and the first write error.
    pub fn into_parts(self) -> (T, Option<io::Error>) {
        (self.target, self.error)
    }

    fn guard(&mut self, f: impl FnOnce(&str, &mut Outputs, &mut Summary) -> io::Result<()>) {
        if self.error.is_none() {
            let (sink, summary) = self.target.parts();
            if let Err(e) = f(&self.file, sink, summary) {
                self.error = Some(e);
            }
        }
    }
}

fn exchange_line(context: &Context) -> usize {
    line(context.http.as_ref().and_then(|h| h.exchange).unwrap_or(0))
}

fn line(exchange: u64) -> usize {
    usize::try_from(exchange).unwrap_or(usize::MAX)
}

impl<T: Target> Consumer for HttpFindings<T> {
    fn judged(&mut self, m: &Judged<'_>) {
        // Where it is, only when it is needed (a valid SSE event costs no
        // more than it did): for its findings, and for a request that may
        // go unanswered.
        let findings = m.reports.iter().any(|r| {
            !r.violations.is_empty()
                || !r.warnings.is_empty()
                || !r.expected.is_empty()
                || r.kind == MessageKind::Unreadable
        });
        let request = m.reports.iter().any(|r| r.kind == MessageKind::Request);
        let at = (findings || request)
            .then(|| self.place(exchange_line(m.context) as u64, Some(m.context)));
        if let (true, Some(at)) = (request, &at) {
            self.remember(at);
        }
        self.guard(|file, sink, summary| {
            sink.http_where(at);
            let line = exchange_line(m.context);
            let direction = m.context.direction;
            if let Some(unreadable) = m.reports.iter().find(|r| r.kind == MessageKind::Unreadable) {
                return Judge::unreadable(
                    m.revision,
                    Place::new(file, line, Some(direction)),
                    "input",
                    unreadable.input_error.as_deref().unwrap_or_default(),
                    sink,
                    summary,
                );
            }
            Judge::reports(
                Place::new(file, line, Some(direction)),
                direction,
                m.reports,
                || m.value,
                sink,
                summary,
            )
        });
    }

    fn http(&mut self, f: &HttpFinding, context: &Context) {
        let at = self.place(f.exchange, Some(context));
        self.guard(|file, sink, summary| {
            sink.http_where(Some(at));
            finding(file, f, sink, summary)
        });
    }

    fn finished(&mut self, totals: &Totals) {
        let places: Vec<HttpWhere> = totals
            .unanswered
            .iter()
            .map(|p| self.place(p.exchange.unwrap_or(0), None))
            .collect();
        self.guard(|file, sink, summary| {
            unanswered(file, &totals.unanswered, &places, sink, summary)?;
            sink.http_where(None);
            sink.flush_findings()
        });
    }
}

/// Requests never answered are warnings.
fn unanswered(
    file: &str,
    pending: &[Pending],
    places: &[HttpWhere],
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    for (p, at) in pending.iter().zip(places) {
        summary.warnings += 1;
        sink.http_where(Some(at.clone()));
        let message = unanswered_message(&p.method, p.id.as_ref(), p.direction);
        sink.finding(
            &Out::unanswered(
                file,
                line(p.exchange.unwrap_or(0)),
                p.direction,
                p.revision,
                &p.method,
                p.id.as_ref(),
                &message,
            ),
            None,
        )?;
    }
    Ok(())
}

/// Writes an HTTP finding.
pub fn finding(
    file: &str,
    f: &HttpFinding,
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    let row = f.row();
    let severity = summary.count(row.level);
    if let Some(v) = f.revision {
        sink.revision(v);
    }
    sink.finding(
        &Out {
            file,
            line: line(f.exchange),
            severity,
            direction: Some(f.direction),
            direction_inferred: false,
            origin: Origin::Implementation,
            revision: f.revision,
            kind: None,
            method: None,
            id: None,
            batch_index: None,
            definition: None,
            pointer: "",
            schema_pointer: None,
            keyword: "",
            message: "",
            definition_path: "",
        }
        .with_row(severity, &row),
        None,
    )?;
    // Not a message: the finding goes out on its own.
    sink.flush_findings()
}

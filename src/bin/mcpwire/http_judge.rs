//! Writing what the live pipeline ([`mcpwire::live`]) found on HTTP
//! traffic: its HTTP findings ([`Consumer::http`]), every JSON-RPC
//! message's findings, and the requests never answered. The proxy (on the
//! pipeline's judge thread) and `check` on a HAR (a [`mcpwire::live::Replay`])
//! write through this one consumer, so they agree.
//!
//! A finding's `line` is its exchange number (the n-th request the proxy
//! saw, the n-th entry of a HAR by start time).

use std::io;

use mcpwire::{
    http::HttpFinding,
    live::{Consumer, Context, Judged, Pending, Totals},
    report::MessageKind,
    Origin, Severity as RuleSeverity,
};

use crate::{
    judge::Judge,
    output::{unanswered_message, Out, Outputs, Severity, Summary},
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
}

impl<T: Target> HttpFindings<T> {
    /// Findings of `file` go to `target`.
    pub fn new(file: &str, target: T) -> HttpFindings<T> {
        HttpFindings {
            file: file.to_string(),
            target,
            error: None,
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
        self.guard(|file, sink, summary| {
            let line = exchange_line(m.context);
            let direction = m.context.direction;
            if let Some(unreadable) = m.reports.iter().find(|r| r.kind == MessageKind::Unreadable) {
                return Judge::unreadable_at(
                    m.revision,
                    file,
                    line,
                    Some(direction),
                    "input",
                    unreadable.input_error.as_deref().unwrap_or_default(),
                    sink,
                    summary,
                );
            }
            Judge::reports(
                file,
                line,
                direction,
                Origin::Implementation,
                m.reports,
                || m.value,
                sink,
                summary,
            )
        });
    }

    fn http(&mut self, f: &HttpFinding, _context: &Context) {
        self.guard(|file, sink, summary| finding(file, f, sink, summary));
    }

    fn finished(&mut self, totals: &Totals) {
        self.guard(|file, sink, summary| {
            unanswered(file, &totals.unanswered, sink, summary)?;
            sink.flush_findings()
        });
    }
}

/// Requests never answered are warnings.
fn unanswered(
    file: &str,
    pending: &[Pending],
    sink: &mut Outputs,
    summary: &mut Summary,
) -> io::Result<()> {
    for p in pending {
        summary.warnings += 1;
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
    let severity = match f.severity {
        RuleSeverity::Error => {
            summary.violations += 1;
            Severity::Violation
        }
        RuleSeverity::Warning => {
            summary.warnings += 1;
            Severity::Warning
        }
    };
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
            keyword: f.keyword(),
            message: &f.message,
            definition_path: "",
        },
        None,
    )?;
    // Not a message: the finding goes out on its own.
    sink.flush_findings()
}

//! The probe's [`Observer`]: every message, both directions, judged as
//! `tap` judges it and written as `check` writes findings. Over HTTP the
//! HTTP rules' findings too, written as `proxy` writes them
//! ([`crate::http_judge::finding`]); a finding's line is then its exchange
//! (the n-th request of the revision's connection). The probe's own
//! findings are written as `check` writes a rule's.

use std::io;

use crate::{
    judge::Judge,
    output::{HttpWhere, Out, Outputs, Severity, Summary},
};
use mcpwire::{
    http::HttpFinding,
    input::Limits,
    live::{Context, Judged, Pending},
    probe::{Finding, Observer},
    report::Level,
    Direction, Origin, Version,
};

/// Writes findings to the run's outputs.
pub struct Judging {
    /// The run's outputs.
    pub sink: Outputs,
    /// The run's counts.
    pub summary: Summary,
    /// The first write error.
    pub error: Option<io::Error>,
    limits: Limits,
    client: String,
    server: String,
}

impl Judging {
    /// Writing to `sink`; the streams are labelled `REVISION <client>` /
    /// `REVISION <server>` ([`Observer::revision`]).
    pub fn new(sink: Outputs, summary: Summary, limits: Limits) -> Judging {
        Judging {
            sink,
            summary,
            error: None,
            limits,
            client: String::new(),
            server: String::new(),
        }
    }

    /// The label of a direction's stream.
    pub fn label(&self, direction: Direction) -> &str {
        match direction {
            Direction::ClientToServer => &self.client,
            Direction::ServerToClient => &self.server,
        }
    }

    fn write(&mut self, m: &Judged<'_>) -> io::Result<()> {
        let file = self.label(m.context.direction).to_string();
        let Some(http) = m.context.http.as_deref() else {
            return Judge::live(m, &file, self.limits, &mut self.sink, &mut self.summary);
        };
        // An HTTP message: its line is its exchange, and its findings say
        // where in the traffic it is.
        self.sink.http_where(Some(place(m.context)));
        let context = Context {
            line: http.exchange,
            ..m.context.clone()
        };
        let at = Judged {
            context: &context,
            bytes: m.bytes,
            reports: m.reports,
            value: m.value,
            size: m.size,
            revision: m.revision,
            skipped_before: m.skipped_before,
        };
        let written = Judge::live(&at, &file, self.limits, &mut self.sink, &mut self.summary);
        self.sink.http_where(None);
        written
    }

    fn write_http(&mut self, f: &HttpFinding, context: &Context) -> io::Result<()> {
        let file = self.label(f.direction).to_string();
        self.sink.http_where(Some(place(context)));
        let written = crate::http_judge::finding(&file, f, &mut self.sink, &mut self.summary);
        self.sink.http_where(None);
        written
    }

    /// A request never answered (a timed-out request among them), as
    /// `tap` reports it; over HTTP its line is its exchange.
    fn write_unanswered(&mut self, p: &Pending) -> io::Result<()> {
        let file = self.label(p.direction).to_string();
        let p = Pending {
            line: p.line.or(p.exchange),
            ..p.clone()
        };
        Judge::unanswered_live(&p, &file, &mut self.sink, &mut self.summary)
    }

    /// One probe finding, as `check` writes a rule's.
    fn write_probe(&mut self, f: &Finding) -> io::Result<()> {
        // At its request's line in the transcript, when there is one.
        let (file, line) = f
            .transcript
            .as_deref()
            .and_then(|t| t.rsplit_once(':'))
            .and_then(|(file, line)| Some((file.to_string(), line.parse().ok()?)))
            .unwrap_or_else(|| (format!("{} <server>", f.revision), 0));
        let severity = if f.level == Level::Warning {
            self.summary.warnings += 1;
            Severity::Warning
        } else {
            self.summary.violations += 1;
            Severity::Violation
        };
        self.sink.revision(f.revision);
        self.sink.finding(
            &Out {
                file: &file,
                line,
                severity,
                direction: Some(f.direction),
                direction_inferred: false,
                origin: Origin::Implementation,
                revision: Some(f.revision),
                kind: None,
                method: f.method.as_deref(),
                id: None,
                batch_index: None,
                definition: None,
                pointer: "",
                schema_pointer: None,
                keyword: &f.rule,
                message: &f.message,
                definition_path: "",
            },
            None,
        )?;
        self.sink.message_done()
    }

    /// Keeps the first write error.
    fn keep(&mut self, written: io::Result<()>) {
        if let Err(e) = written {
            self.error.get_or_insert(e);
        }
    }
}

/// Where an HTTP message or finding is: its exchange, request and status.
fn place(context: &Context) -> HttpWhere {
    let http = context.http.as_deref();
    HttpWhere {
        exchange: http.and_then(|h| h.exchange).unwrap_or(0),
        entry: None,
        event: http.and_then(|h| h.event),
        method: http.and_then(|h| h.method.clone()).unwrap_or_default(),
        url: http.and_then(|h| h.target.clone()).unwrap_or_default(),
        status: http.and_then(|h| h.status),
    }
}

impl Observer for Judging {
    fn revision(&mut self, revision: Version, transcript: Option<&str>) {
        // With a transcript, both streams are its lines.
        if let Some(path) = transcript {
            self.client = path.to_string();
            self.server = path.to_string();
        } else {
            self.client = format!("{revision} <client>");
            self.server = format!("{revision} <server>");
        }
        self.summary.files += 1;
    }

    fn judged(&mut self, message: &Judged<'_>) {
        let written = self.write(message);
        self.keep(written);
    }

    fn http(&mut self, finding: &HttpFinding, context: &Context) {
        let written = self.write_http(finding, context);
        self.keep(written);
    }

    fn unanswered(&mut self, pending: &Pending) {
        let written = self.write_unanswered(pending);
        self.keep(written);
    }

    fn probe_finding(&mut self, finding: &Finding) {
        let written = self.write_probe(finding);
        self.keep(written);
    }
}

//! A conversation between one client and one server, judged message by
//! message: revision tracking, request/response correlation, batches, and
//! the checks [`crate::dispatch`] plans.
//!
//! ```
//! use mcpwire::{Direction, Origin, Session, Version};
//! use serde_json::json;
//!
//! let mut session = Session::new(Version::V2026_07_28);
//! let reports = session.observe(
//!     Direction::ServerToClient,
//!     Origin::Implementation,
//!     &json!({"jsonrpc": "2.0", "id": 401, "error": {"code": -32021, "message": "needs sampling",
//!             "data": {"requiredCapabilities": ["sampling"]}}}),
//! );
//! let v = &reports[0].violations[0].violation;
//! assert_eq!(v.instance.as_str(), "/error/data/requiredCapabilities");
//! ```
//!
//! **Revision in force** ([`Mode::Auto`]), first match wins:
//! 1. the message's own `params._meta["io.modelcontextprotocol/protocolVersion"]`
//!    (2026-07-28's per-request version);
//! 2. the `MCP-Protocol-Version` HTTP header, when the caller passes it
//!    ([`Session::set_http_protocol_version`]);
//! 3. the version negotiated by `initialize` (the result's
//!    `protocolVersion`; the `initialize` request itself is judged at the
//!    version it proposes);
//! 4. [`Options::fallback`] (default 2026-07-28, the newest dated revision).
//!
//! A response is judged at the revision its request was judged at.

use serde_json::Value;

use crate::{
    correlate::{Correlator, Lookup, Pending},
    dispatch::{self, Plan, Target},
    input::{self, Limits},
    report::{Finding, MessageKind, Report, Warning, WarningKind},
    Direction, Keyword, Origin, Path, Pointer, Version, Violation,
};

/// The `_meta` key carrying a request's protocol version (2026-07-28).
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// How the revision is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every message at one revision.
    Fixed(Version),
    /// Follow the negotiated revision (see the module docs).
    Auto,
}

/// Session options.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Downgrade `"id": null` on −32700 (parse error) and −32600 (invalid
    /// request) error responses to a warning: JSON-RPC 2.0 requires it when
    /// the request id could not be read, though MCP's `RequestId` forbids it.
    pub null_id_as_warning: bool,
    /// Revision used in auto mode before anything says which.
    pub fallback: Version,
    /// Limits for [`Session::observe_bytes`].
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            null_id_as_warning: false,
            fallback: Version::V2026_07_28,
            limits: Limits::default(),
        }
    }
}

/// A request that never got a response.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Unanswered {
    /// Which way the request went.
    pub direction: Direction,
    /// Its method.
    pub method: String,
    /// Its index in the session.
    pub index: usize,
}

/// One client–server conversation.
#[derive(Debug)]
pub struct Session {
    mode: Mode,
    options: Options,
    negotiated: Option<Version>,
    http: Option<Version>,
    correlator: Correlator,
    next_index: usize,
}

fn parse_version(s: &str) -> Option<Version> {
    s.parse().ok()
}

impl Session {
    /// A session judged at one fixed revision.
    pub fn new(version: Version) -> Session {
        Session::with_options(Mode::Fixed(version), Options::default())
    }

    /// A session that follows the negotiated revision.
    pub fn auto() -> Session {
        Session::with_options(Mode::Auto, Options::default())
    }

    /// A session with explicit options.
    pub fn with_options(mode: Mode, options: Options) -> Session {
        Session {
            mode,
            options,
            negotiated: None,
            http: None,
            correlator: Correlator::default(),
            next_index: 0,
        }
    }

    /// Records the `MCP-Protocol-Version` HTTP header of the following
    /// messages. An unknown value is an error listing the known revisions.
    pub fn set_http_protocol_version(&mut self, header: &str) -> Result<(), crate::UnknownVersion> {
        self.http = Some(header.trim().parse()?);
        Ok(())
    }

    /// The revision in force for messages that say nothing themselves.
    pub fn revision(&self) -> Version {
        match self.mode {
            Mode::Fixed(v) => v,
            Mode::Auto => self
                .http
                .or(self.negotiated)
                .unwrap_or(self.options.fallback),
        }
    }

    /// Requests never answered so far, in the order they were sent.
    pub fn unanswered(&self) -> Vec<Unanswered> {
        self.correlator
            .unanswered()
            .into_iter()
            .map(|(direction, p)| Unanswered {
                direction,
                method: p.method.clone(),
                index: p.index,
            })
            .collect()
    }

    /// Judges one message given as bytes (one JSON text). Unreadable input
    /// gives a report with [`Report::input_error`] and the session goes on.
    ///
    /// Fast path ([`crate::bytes`]): one pass reads what dispatch needs,
    /// and each planned check runs its bytes validator on the message (or
    /// its `result`/`error`) without building a `Value`; only a check that
    /// fails parses the message, to report the `Value` path's violations.
    /// Batches and input the fast path refuses take the `Value` path
    /// whole, so the reports are the same as [`Session::observe`]'s on the
    /// parsed message.
    pub fn observe_bytes(
        &mut self,
        direction: Direction,
        origin: Origin,
        bytes: &[u8],
    ) -> Vec<Report> {
        if let Some(message) = crate::bytes::Message::scan(bytes, self.options.limits) {
            return self.observe_message(direction, origin, &message);
        }
        match input::parse(bytes, self.options.limits) {
            Ok(value) => self.observe(direction, origin, &value),
            Err(e) => {
                let mut report = self.blank(direction, origin, MessageKind::Unreadable);
                report.input_error = Some(e.to_string());
                self.next_index += 1;
                vec![report]
            }
        }
    }

    /// Judges one message already scanned by [`crate::bytes::Message::scan`]
    /// (what [`Session::observe_bytes`] does when the scan succeeds); the
    /// caller keeps the message, so it can reuse its skeleton and, when a
    /// report has findings, its parsed form ([`crate::bytes::Message::full`]).
    pub fn observe_message(
        &mut self,
        direction: Direction,
        origin: Origin,
        message: &crate::bytes::Message<'_>,
    ) -> Vec<Report> {
        let report = self.observe_one(direction, origin, message.skeleton(), None, Some(message));
        self.next_index += 1;
        vec![report]
    }

    /// Judges one message: one report, or one per element of a batch.
    pub fn observe(&mut self, direction: Direction, origin: Origin, msg: &Value) -> Vec<Report> {
        let reports = match msg {
            Value::Array(elements) => self.observe_batch(direction, origin, elements),
            _ => vec![self.observe_one(direction, origin, msg, None, None)],
        };
        self.next_index += 1;
        reports
    }

    fn blank(&self, direction: Direction, origin: Origin, kind: MessageKind) -> Report {
        Report {
            index: self.next_index,
            batch_index: None,
            direction,
            origin,
            revision: None,
            kind,
            method: None,
            id: None,
            definitions: Vec::new(),
            violations: Vec::new(),
            warnings: Vec::new(),
            input_error: None,
        }
    }

    fn observe_batch(
        &mut self,
        direction: Direction,
        origin: Origin,
        elements: &[Value],
    ) -> Vec<Report> {
        let revision = self.revision();
        let mut head = self.blank(direction, origin, MessageKind::Unknown);
        head.revision = Some(revision);
        if revision != Version::V2025_03_26 {
            let spec = revision.spec();
            let envelope = spec.map_or("JSONRPCMessage", |s| s.maps.envelopes.message);
            head.definitions.push(envelope);
            head.violations.push(Finding {
                definition: envelope,
                violation: Violation {
                    instance: Pointer::root(),
                    schema: spec.and_then(|s| s.definition(envelope)).map_or("", |d| d.pointer),
                    keyword: Keyword::Dispatch,
                    message: format!(
                        "JSON-RPC batches (arrays) are not valid in revision {revision}: only 2025-03-26 allows them"
                    ),
                },
            });
        }
        if elements.is_empty() {
            head.warnings.push(Warning {
                kind: WarningKind::JsonRpc,
                rule: None,
                pointer: Pointer::root(),
                message: "empty batch: JSON-RPC 2.0 answers `[]` with an Invalid Request error, \
                          though the 2025-03-26 schema has no minItems"
                    .into(),
            });
        }
        let mut reports = Vec::with_capacity(elements.len() + 1);
        if !head.violations.is_empty() || !head.warnings.is_empty() {
            reports.push(head);
        }
        for (i, element) in elements.iter().enumerate() {
            let mut report = self.observe_one(direction, origin, element, Some(i), None);
            let prefix = Pointer::from_escaped(format!("/{i}"));
            for f in &mut report.violations {
                f.violation.instance = f.violation.instance.prefixed(&prefix);
            }
            for w in &mut report.warnings {
                w.pointer = w.pointer.prefixed(&prefix);
            }
            reports.push(report);
        }
        reports
    }

    /// The revision a request or notification is judged at.
    fn revision_for_method(&mut self, msg: &Value, warnings: &mut Vec<Warning>) -> Version {
        if let Mode::Fixed(v) = self.mode {
            return v;
        }
        let declared = msg
            .get("params")
            .and_then(|v| v.get("_meta"))
            .and_then(|m| m.get(META_PROTOCOL_VERSION))
            .and_then(Value::as_str);
        let proposed = (msg.get("method").and_then(Value::as_str) == Some("initialize"))
            .then(|| {
                msg.get("params")
                    .and_then(|v| v.get("protocolVersion"))
                    .and_then(Value::as_str)
            })
            .flatten();
        for (value, pointer) in [
            (
                declared,
                "/params/_meta/io.modelcontextprotocol~1protocolVersion",
            ),
            (proposed, "/params/protocolVersion"),
        ] {
            let Some(value) = value else { continue };
            match parse_version(value) {
                Some(v) => return v,
                None => warnings.push(unknown_version(value, pointer, self.revision())),
            }
        }
        self.revision()
    }

    /// `raw`: the message's bytes, when `msg` is only their skeleton
    /// ([`crate::bytes::Message`]); checks then run on the bytes.
    fn observe_one(
        &mut self,
        direction: Direction,
        origin: Origin,
        msg: &Value,
        batch: Option<usize>,
        raw: Option<&crate::bytes::Message<'_>>,
    ) -> Report {
        let kind = dispatch::kind_of(msg);
        let mut report = self.blank(direction, origin, kind);
        report.batch_index = batch;
        report.id = msg.get("id").cloned();
        let mut warnings = Vec::new();
        let (revision, request) = match kind {
            MessageKind::Request | MessageKind::Notification => {
                report.method = msg
                    .get("method")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                (self.revision_for_method(msg, &mut warnings), None)
            }
            MessageKind::Result | MessageKind::Error => {
                self.correlate_response(direction, msg, &mut report)
            }
            _ => (self.revision(), None),
        };
        report.revision = Some(revision);
        report.warnings.append(&mut warnings);
        let Some(spec) = revision.spec() else {
            report.warnings.push(Warning {
                kind: WarningKind::RevisionDisabled,
                rule: None,
                pointer: Pointer::root(),
                message: format!(
                    "revision {revision} is not compiled in (cargo feature {}); not checked",
                    revision.module()
                ),
            });
            return report;
        };
        let plan = match kind {
            MessageKind::Request | MessageKind::Notification => {
                let plan = dispatch::plan_method(spec, msg, direction);
                if kind == MessageKind::Request {
                    self.record_request(direction, msg, revision, &mut report);
                }
                plan
            }
            MessageKind::Error => dispatch::plan_error(spec, msg),
            MessageKind::Result => {
                let plan = dispatch::plan_result(spec, msg, request.as_ref());
                self.follow_initialize(msg, request.as_ref(), &mut report);
                plan
            }
            _ => {
                let mut plan = Plan::default();
                plan.checks.push(dispatch::Check {
                    definition: spec.maps.envelopes.message,
                    target: Target::Message,
                });
                plan
            }
        };
        run(spec, msg, raw, plan, &mut report);
        if kind == MessageKind::Error {
            self.explain_null_id(msg, &mut report);
        }
        report
    }

    /// Pairs a response with its request; returns the revision to judge it
    /// at and the request.
    fn correlate_response(
        &mut self,
        direction: Direction,
        msg: &Value,
        report: &mut Report,
    ) -> (Version, Option<Pending>) {
        let id = msg.get("id").unwrap_or(&Value::Null);
        if id.is_null() {
            return (self.revision(), None);
        }
        match self.correlator.response(direction, id) {
            Lookup::Pending(p) => {
                report.method = Some(p.method.clone());
                (p.revision, Some(p))
            }
            Lookup::Duplicate(p) => {
                report.method = Some(p.method.clone());
                report.warnings.push(Warning {
                    kind: WarningKind::DuplicateResponse,
                    rule: None,
                    pointer: Pointer::from_escaped("/id"),
                    message: format!(
                        "second response to id {id} ({:?}, message {})",
                        p.method, p.index
                    ),
                });
                (p.revision, Some(p))
            }
            Lookup::Unknown => {
                report.warnings.push(Warning {
                    kind: WarningKind::UnknownResponse,
                    rule: None,
                    pointer: Pointer::from_escaped("/id"),
                    message: format!(
                        "response to id {id}, which no request from the {} used; checked against the envelope only",
                        direction.reverse().sender()
                    ),
                });
                (self.revision(), None)
            }
        }
    }

    fn record_request(
        &mut self,
        direction: Direction,
        msg: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let (Some(id), Some(method)) = (msg.get("id"), msg.get("method").and_then(Value::as_str))
        else {
            return;
        };
        let task_augmented = method == "tools/call"
            && msg
                .get("params")
                .and_then(|v| v.get("task"))
                .is_some_and(Value::is_object);
        let pending = Pending {
            method: method.to_string(),
            revision,
            index: self.next_index,
            task_augmented,
        };
        if let Some(previous) = self.correlator.request(direction, id, pending) {
            report.warnings.push(Warning {
                kind: WarningKind::DuplicateRequestId,
                rule: None,
                pointer: Pointer::from_escaped("/id"),
                message: format!(
                    "id {id} is already used by the unanswered {:?} request (message {})",
                    previous.method, previous.index
                ),
            });
        }
    }

    /// Auto mode: an `initialize` result sets the negotiated revision.
    fn follow_initialize(&mut self, msg: &Value, request: Option<&Pending>, report: &mut Report) {
        if self.mode != Mode::Auto || request.map(|r| r.method.as_str()) != Some("initialize") {
            return;
        }
        let Some(value) = msg
            .get("result")
            .and_then(|v| v.get("protocolVersion"))
            .and_then(Value::as_str)
        else {
            return;
        };
        match parse_version(value) {
            Some(v) => self.negotiated = Some(v),
            None => report.warnings.push(unknown_version(
                value,
                "/result/protocolVersion",
                self.revision(),
            )),
        }
    }

    /// `"id": null` on an error response: MCP's `RequestId` forbids it, but
    /// JSON-RPC 2.0 requires it when the request's id could not be read.
    fn explain_null_id(&self, msg: &Value, report: &mut Report) {
        if !msg.get("id").is_some_and(Value::is_null) {
            return;
        }
        let code = msg
            .get("error")
            .and_then(|v| v.get("code"))
            .and_then(Value::as_i64);
        let downgrade = self.options.null_id_as_warning && matches!(code, Some(-32700 | -32600));
        let explanation = "\"id\" is null: JSON-RPC 2.0 requires a null id on an error response to a \
                           request whose id could not be read (parse error, invalid request), but MCP's \
                           RequestId (string | integer) forbids null";
        let mut kept = Vec::new();
        let mut seen = false;
        for mut f in report.violations.drain(..) {
            if f.violation.instance.as_str() == "/id" {
                if seen {
                    continue;
                }
                seen = true;
                if downgrade {
                    report.warnings.push(Warning {
                        kind: WarningKind::NullId,
                        rule: None,
                        pointer: f.violation.instance,
                        message: explanation.to_string(),
                    });
                    continue;
                }
                f.violation.message = explanation.to_string();
            }
            kept.push(f);
        }
        report.violations = kept;
    }
}

fn unknown_version(value: &str, pointer: &str, using: Version) -> Warning {
    Warning {
        kind: WarningKind::UnknownVersion,
        rule: None,
        pointer: Pointer::from_escaped(pointer),
        message: format!(
            "unknown protocol version {value:?} (known: {}); judged at {using}",
            Version::ALL
                .iter()
                .map(|v| v.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Runs a plan's checks, collecting violations without duplicates (the
/// envelope and a typed definition may both flag `/id`).
fn run(
    spec: &'static crate::Spec,
    msg: &Value,
    raw: Option<&crate::bytes::Message<'_>>,
    plan: Plan,
    report: &mut Report,
) {
    report.violations.extend(plan.violations);
    report.warnings.extend(plan.warnings);
    for check in plan.checks {
        report.definitions.push(check.definition);
        let Some(fns) = spec.definition(check.definition) else {
            continue;
        };
        let out = match raw {
            Some(raw) => match raw.check(spec.version, fns, check.target) {
                Some(out) => out,
                None => continue,
            },
            None => {
                let root = Path::Root;
                let (value, path) = match check.target {
                    Target::Message => (Some(msg), root),
                    Target::Result => (msg.get("result"), root.key("result")),
                    Target::Error => (msg.get("error"), root.key("error")),
                };
                let Some(value) = value else { continue };
                let mut out = Vec::new();
                (fns.check_at)(value, &path, &mut out);
                out
            }
        };
        for violation in out {
            let duplicate = report.violations.iter().any(|f| {
                f.violation.instance == violation.instance
                    && f.violation.keyword == violation.keyword
                    && f.violation.message == violation.message
            });
            if !duplicate {
                report.violations.push(Finding {
                    definition: check.definition,
                    violation,
                });
            }
        }
    }
}

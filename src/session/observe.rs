//! Judging one message inside its conversation: which revision, which
//! request it answers, what it declares, which rules it breaks, and the
//! planned checks run on bytes or on a `Value`.

use serde_json::Value;

use super::{parse_version, rules, Mode, Session, META_PROTOCOL_VERSION};
use crate::{
    correlate::{IdKey, Lookup, Pending, TaskAnswer},
    dispatch::{self, Plan, Target},
    head::{META_CLIENT_CAPABILITIES, TASK_AUGMENTABLE},
    report::{Finding, MessageKind, Report, Warning, WarningKind},
    Direction, Keyword, Origin, Path, Pointer, Rule, Version, Violation,
};

/// Where the conversation is in its lifecycle (only tracked once an
/// `initialize` request was seen: a capture may start mid-conversation).
#[derive(Debug, Default)]
pub(super) struct Lifecycle {
    /// An `initialize` request was seen.
    initialize_sent: bool,
    /// Its response arrived.
    initialize_answered: bool,
    /// `notifications/initialized` was seen.
    initialized: bool,
}

fn rule_warning(rule: &'static Rule, pointer: &str, message: String) -> Warning {
    Warning {
        kind: WarningKind::Rule,
        rule: Some(rule),
        pointer: Pointer::from_escaped(pointer),
        message,
    }
}

impl Session {
    pub(super) fn blank(&self, direction: Direction, origin: Origin, kind: MessageKind) -> Report {
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
            line: self.line,
            expected: Vec::new(),
        }
    }

    pub(super) fn observe_batch(
        &mut self,
        direction: Direction,
        origin: Origin,
        elements: &[Value],
    ) -> Vec<Report> {
        let (revision, assumed) = self.revision_source();
        let mut head = self.blank(direction, origin, MessageKind::Unknown);
        head.revision = Some(revision);
        if assumed {
            self.assumption(&mut head.warnings, revision);
        }
        let rejected = revision != Version::V2025_03_26;
        if rejected {
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
                        "JSON-RPC batches (arrays) are not valid in revision {revision}: only 2025-03-26 allows them; \
                         its requests are not expected to be answered"
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
            let mut report = self.judge_one(direction, origin, element, Some(i), None, !rejected);
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

    /// Auto mode judged at the fallback: said once per session.
    fn assumption(&mut self, warnings: &mut Vec<Warning>, revision: Version) {
        if self.assumed || self.mode != Mode::Auto {
            return;
        }
        self.assumed = true;
        warnings.push(Warning {
            kind: WarningKind::Assumption,
            rule: None,
            pointer: Pointer::root(),
            message: format!(
                "no initialize or protocol version seen; judged at {revision}; pass --spec \
                 (Mode::Fixed) to choose the revision"
            ),
        });
    }

    /// The revision a request or notification is judged at, and whether
    /// it is the auto-mode fallback.
    fn revision_for_method(&mut self, msg: &Value, warnings: &mut Vec<Warning>) -> (Version, bool) {
        if let Mode::Fixed(v) = self.mode {
            return (v, false);
        }
        let params = msg.get("params");
        let declared = params
            .and_then(|v| v.get("_meta"))
            .and_then(|m| m.get(META_PROTOCOL_VERSION))
            .and_then(Value::as_str);
        let proposed = (msg.get("method").and_then(Value::as_str) == Some("initialize"))
            .then(|| {
                params
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
                Some(v) => return (v, false),
                None => warnings.push(unknown_version(value, pointer, self.revision())),
            }
        }
        self.revision_source()
    }

    /// `raw`: the message's bytes, when `msg` is only their skeleton
    /// ([`crate::bytes::Message`]); checks then run on the bytes.
    pub(super) fn observe_one(
        &mut self,
        direction: Direction,
        origin: Origin,
        msg: &Value,
        batch: Option<usize>,
        raw: Option<&crate::bytes::Message<'_>>,
    ) -> Report {
        self.judge_one(direction, origin, msg, batch, raw, true)
    }

    /// `register`: whether a request is expected to be answered (not when
    /// it is an element of a rejected batch).
    fn judge_one(
        &mut self,
        direction: Direction,
        origin: Origin,
        msg: &Value,
        batch: Option<usize>,
        raw: Option<&crate::bytes::Message<'_>>,
        register: bool,
    ) -> Report {
        let kind = dispatch::kind_of(msg);
        let mut report = self.blank(direction, origin, kind);
        report.batch_index = batch;
        report.id = msg.get("id").cloned();
        let mut warnings = Vec::new();
        let (revision, assumed, request) = match kind {
            MessageKind::Request | MessageKind::Notification => {
                report.method = msg
                    .get("method")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                let (v, assumed) = self.revision_for_method(msg, &mut warnings);
                (v, assumed, None)
            }
            MessageKind::Result | MessageKind::Error => {
                self.correlate_response(direction, msg, &mut report)
            }
            _ => {
                let (v, assumed) = self.revision_source();
                (v, assumed, None)
            }
        };
        if assumed {
            self.assumption(&mut report.warnings, revision);
        }
        report.revision = Some(revision);
        report.warnings.append(&mut warnings);
        if matches!(kind, MessageKind::Request | MessageKind::Notification) {
            self.conversation_rules(direction, msg, kind, revision, &mut report);
            self.declare(direction, msg, kind);
            if kind == MessageKind::Request && register {
                self.record_request(direction, msg, revision, &mut report);
            }
        }
        if let Some(obj) = msg
            .as_object()
            .filter(|_| matches!(kind, MessageKind::Result | MessageKind::Error))
        {
            if obj.contains_key("result") && obj.contains_key("error") {
                report.warnings.push(rule_warning(
                    &rules::RESULT_AND_ERROR,
                    "",
                    "the response has both \"result\" and \"error\"; JSON-RPC 2.0 allows exactly one"
                        .into(),
                ));
            }
        }
        let Some(spec) = revision.spec() else {
            report.definitions.push("JSONRPCMessage");
            report.violations.push(Finding {
                definition: "JSONRPCMessage",
                violation: Violation {
                    instance: Pointer::root(),
                    schema: "",
                    keyword: Keyword::Dispatch,
                    message: format!(
                        "revision {revision} is not compiled in (cargo feature {}); the message cannot be checked",
                        revision.module()
                    ),
                },
            });
            if kind == MessageKind::Result {
                self.follow_result(msg, request.as_ref(), &mut report);
            }
            return report;
        };
        let plan = match kind {
            MessageKind::Request | MessageKind::Notification => {
                dispatch::plan_method(spec, msg, direction)
            }
            MessageKind::Error => dispatch::plan_error(spec, msg),
            MessageKind::Result => {
                let plan = dispatch::plan_result(spec, msg, request.as_ref());
                self.follow_result(msg, request.as_ref(), &mut report);
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
    /// at, whether that is the auto-mode fallback, and the request.
    fn correlate_response(
        &mut self,
        direction: Direction,
        msg: &Value,
        report: &mut Report,
    ) -> (Version, bool, Option<Pending>) {
        let id = msg.get("id").unwrap_or(&Value::Null);
        if id.is_null() {
            let (v, assumed) = self.revision_source();
            return (v, assumed, None);
        }
        if let Some(obj) = msg.as_object() {
            if obj.contains_key("error") || obj.contains_key("result") {
                self.lifecycle_response(direction, id);
            }
        }
        match self.correlator.response(direction, id) {
            Lookup::Pending(p) => {
                report.method = Some(p.method.clone());
                (p.revision, false, Some(p))
            }
            Lookup::Duplicate(p) => {
                report.method = Some(p.method.clone());
                report.warnings.push(Warning {
                    kind: WarningKind::DuplicateResponse,
                    rule: None,
                    pointer: Pointer::from_escaped("/id"),
                    message: format!(
                        "second response to id {id} ({:?}, request at {}); checked against the envelope only",
                        p.method,
                        p.cite()
                    ),
                });
                let (v, assumed) = self.revision_source();
                (v, assumed, None)
            }
            Lookup::Unknown => {
                let hint = match self.correlator.text_twin(direction, id) {
                    Some(p) => format!(
                        "; the pending {:?} request at {} has id {} — the same text as another JSON type \
                         (JSON-RPC ids of different types are different ids)",
                        p.method,
                        p.cite(),
                        p.id
                    ),
                    None => String::new(),
                };
                report.warnings.push(Warning {
                    kind: WarningKind::UnknownResponse,
                    rule: None,
                    pointer: Pointer::from_escaped("/id"),
                    message: format!(
                        "response to id {id}, which no request from the {} used{hint}; checked against the envelope only",
                        direction.reverse().sender()
                    ),
                });
                let (v, assumed) = self.revision_source();
                (v, assumed, None)
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
        let params = msg.get("params");
        let task_augmented = TASK_AUGMENTABLE.contains(&method)
            && params
                .and_then(|v| v.get("task"))
                .is_some_and(Value::is_object);
        let task_answer = if !task_augmented {
            TaskAnswer::Plain
        } else {
            let receiver_is_client = direction == Direction::ServerToClient;
            match self.capabilities.task_support(receiver_is_client, method) {
                Some(true) => TaskAnswer::Task,
                Some(false) => TaskAnswer::Ignored,
                None => TaskAnswer::Either,
            }
        };
        let progress_token = params
            .and_then(|v| v.get("_meta"))
            .and_then(|v| v.get("progressToken"))
            .and_then(IdKey::of);
        let pending = Pending {
            method: method.to_string(),
            revision,
            index: self.next_index,
            task_augmented,
            task_answer,
            id: id.clone(),
            line: self.line,
            progress_token,
        };
        if let Some(previous) = self.correlator.request(direction, id, pending) {
            report.warnings.push(Warning {
                kind: WarningKind::DuplicateRequestId,
                rule: None,
                pointer: Pointer::from_escaped("/id"),
                message: format!(
                    "id {id} is already used by the unanswered {:?} request at {}",
                    previous.method,
                    previous.cite()
                ),
            });
        }
    }

    /// What a request or notification declares: the client's capabilities
    /// (`initialize`, 2026-07-28's per-request `_meta`), the lifecycle.
    fn declare(&mut self, direction: Direction, msg: &Value, kind: MessageKind) {
        if direction != Direction::ClientToServer {
            return;
        }
        let method = msg.get("method").and_then(Value::as_str);
        let params = msg.get("params");
        match (method, kind) {
            (Some("initialize"), MessageKind::Request) => {
                self.lifecycle = Lifecycle {
                    initialize_sent: true,
                    ..Lifecycle::default()
                };
                if let Some(caps) = params.and_then(|p| p.get("capabilities")) {
                    self.capabilities.client = Some(caps.clone());
                }
                if self.mode == Mode::Auto && self.negotiated.is_none() {
                    self.proposed = params
                        .and_then(|p| p.get("protocolVersion"))
                        .and_then(Value::as_str)
                        .and_then(parse_version);
                }
            }
            // The client sends it once it has the initialize result (a
            // capture may show the result later than the client got it).
            (Some("notifications/initialized"), _) => {
                self.lifecycle.initialized = true;
                self.lifecycle.initialize_answered = true;
            }
            _ => {}
        }
        if let Some(caps) = params
            .and_then(|p| p.get("_meta"))
            .and_then(|m| m.get(META_CLIENT_CAPABILITIES))
            .filter(|c| c.is_object())
        {
            if self.capabilities.client.as_ref() != Some(caps) {
                self.capabilities.client = Some(caps.clone());
            }
        }
    }

    fn lifecycle_response(&mut self, direction: Direction, id: &Value) {
        if direction == Direction::ServerToClient
            && self.lifecycle.initialize_sent
            && !self.lifecycle.initialize_answered
            && self
                .correlator
                .pending(Direction::ClientToServer, id)
                .is_some_and(|p| p.method == "initialize")
        {
            self.lifecycle.initialize_answered = true;
        }
    }

    /// Lifecycle and capability rules for a request or notification.
    fn conversation_rules(
        &self,
        direction: Direction,
        msg: &Value,
        kind: MessageKind,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(method) = msg.get("method").and_then(Value::as_str) else {
            return;
        };
        let life = &self.lifecycle;
        if kind == MessageKind::Request {
            let rule = match direction {
                Direction::ClientToServer if method == "initialize" && life.initialize_sent => {
                    Some((
                        &rules::SECOND_INITIALIZE,
                        "a second initialize request in one session".to_string(),
                    ))
                }
                Direction::ClientToServer
                    if life.initialize_sent
                        && !life.initialize_answered
                        && !matches!(method, "ping" | "initialize") =>
                {
                    Some((
                        &rules::CLIENT_REQUEST_BEFORE_INITIALIZED,
                        format!("the client sent {method:?} before the initialize result"),
                    ))
                }
                Direction::ServerToClient
                    if life.initialize_sent && !life.initialized && method != "ping" =>
                {
                    Some((
                        &rules::SERVER_REQUEST_BEFORE_INITIALIZED,
                        format!(
                            "the server sent {method:?} before the client's notifications/initialized"
                        ),
                    ))
                }
                _ => None,
            };
            if let Some((rule, message)) = rule.filter(|(r, _)| r.applies(revision)) {
                report.warnings.push(rule_warning(rule, "/method", message));
            }
        }
        let Some(gate) = rules::gate(method) else {
            return;
        };
        // A request needs the receiver's capability, a notification the
        // sender's.
        let owner_is_client = match kind {
            MessageKind::Request => direction == Direction::ServerToClient,
            _ => direction == Direction::ClientToServer,
        };
        if owner_is_client != gate.client || !gate.rule.applies(revision) {
            return;
        }
        if self.capabilities.declares(gate.client, gate.capability) == Some(false) {
            let side = if gate.client { "client" } else { "server" };
            report.warnings.push(rule_warning(
                gate.rule,
                "/method",
                format!(
                    "{method:?} needs the {side}'s {:?} capability, which the {side} did not declare",
                    gate.capability.join(".")
                ),
            ));
        }
    }

    /// A result's consequences: the `initialize` result sets the
    /// negotiated revision (auto mode) and the server's capabilities, as a
    /// `server/discover` result does.
    fn follow_result(&mut self, msg: &Value, request: Option<&Pending>, report: &mut Report) {
        let Some(method) = request.map(|r| r.method.as_str()) else {
            return;
        };
        if !matches!(method, "initialize" | "server/discover") {
            return;
        }
        let result = msg.get("result");
        if let Some(caps) = result
            .and_then(|r| r.get("capabilities"))
            .filter(|c| c.is_object())
        {
            self.capabilities.server = Some(caps.clone());
        }
        if method != "initialize" || self.mode != Mode::Auto {
            return;
        }
        self.proposed = None;
        let Some(value) = result
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

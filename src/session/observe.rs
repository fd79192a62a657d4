//! Judging one message inside its conversation: which revision, which
//! request it answers, what it declares, which rules it breaks, and the
//! planned checks run on bytes or on a `Value`.

use serde_json::Value;

use super::{parse_version, rules, Declared, Mode, Session};
use crate::{
    correlate::{IdKey, Lookup, Pending, TaskAnswer},
    dispatch::{self, Plan, Resolved},
    message::{MessageKind, Target},
    report::{Finding, Report, Warning, WarningKind},
    scan::{Json, MessageHead, TASK_AUGMENTABLE},
    Direction, Keyword, Origin, Path, Pointer, Rule, Version, Violation,
};

/// What a message's checks run on: its bytes (the fast path, a `Value`
/// parsed only when a check fails) or its `Value`.
#[derive(Clone, Copy)]
pub(super) enum Body<'m, 'b> {
    /// The bytes path.
    Bytes(&'m crate::scan::Message<'b>),
    /// The `Value` path.
    Value(&'m Value),
}

impl Body<'_, '_> {
    /// The message text the head's spans index (bytes path).
    fn text(&self) -> Option<&[u8]> {
        match self {
            Body::Bytes(m) => Some(m.text()),
            Body::Value(_) => None,
        }
    }
}

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

/// Capabilities as the head holds them, as the session keeps them: text
/// on the bytes path ([`Declared::of_text`]), the value on the `Value`
/// path; `None` when they cannot be read.
fn declared(caps: &Json, body: Body<'_, '_>) -> Option<Declared> {
    match caps {
        Json::Value(v) => Some(Declared::Value(v.clone())),
        span => Declared::of_text(span.text(body.text())?),
    }
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

    /// Makes `r`, a report of an earlier message, [`Session::blank`] in
    /// place, its vectors' room kept (and its method's, in
    /// `spare_method`): the bytes fast path's steady state allocates and
    /// moves no report.
    fn reblank(&mut self, r: &mut Report, direction: Direction, origin: Origin, kind: MessageKind) {
        if let Some(method) = r.method.take() {
            self.spare_method = method;
        }
        r.index = self.next_index;
        r.batch_index = None;
        r.direction = direction;
        r.origin = origin;
        r.revision = None;
        r.kind = kind;
        r.id = None;
        r.definitions.clear();
        r.violations.clear();
        r.warnings.clear();
        r.input_error = None;
        r.line = self.line;
        r.expected.clear();
    }

    /// `method` as a report's method, in the room of an earlier one.
    fn method_text(&mut self, method: &str) -> Option<String> {
        let mut text = std::mem::take(&mut self.spare_method);
        text.clear();
        text.push_str(method);
        Some(text)
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
                target: Target::Message,
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
            let head = MessageHead::of_value(element);
            let mut report = self.judge_one(
                direction,
                origin,
                &head,
                Body::Value(element),
                Some(i),
                !rejected,
            );
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
    fn revision_for_method(
        &mut self,
        head: &MessageHead,
        warnings: &mut Vec<Warning>,
    ) -> (Version, bool) {
        if let Mode::Fixed(v) = self.mode {
            return (v, false);
        }
        let declared = head.meta_protocol_version.as_deref();
        let proposed = (head.method.as_deref() == Some("initialize"))
            .then_some(head.params_protocol_version.as_deref())
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

    /// Judges one message (not a batch element), given its head.
    pub(super) fn observe_one(
        &mut self,
        direction: Direction,
        origin: Origin,
        head: &MessageHead,
        body: Body<'_, '_>,
    ) -> Report {
        self.judge_one(direction, origin, head, body, None, true)
    }

    /// [`Session::observe_one`] into `report`, a report of an earlier
    /// message whose room it reuses.
    pub(super) fn observe_one_into(
        &mut self,
        report: &mut Report,
        direction: Direction,
        origin: Origin,
        head: &MessageHead,
        body: Body<'_, '_>,
    ) {
        self.reblank(report, direction, origin, head.kind());
        self.judge_message_into(report, direction, head, body, None, true);
    }

    /// `register`: whether a request is expected to be answered (not when
    /// it is an element of a rejected batch).
    fn judge_one(
        &mut self,
        direction: Direction,
        origin: Origin,
        head: &MessageHead,
        body: Body<'_, '_>,
        batch: Option<usize>,
        register: bool,
    ) -> Report {
        let mut report = self.blank(direction, origin, head.kind());
        self.judge_message_into(&mut report, direction, head, body, batch, register);
        report
    }

    /// [`Session::judge_one`] into `report`, blank for this message (its
    /// direction, origin and kind set).
    fn judge_message_into(
        &mut self,
        report: &mut Report,
        direction: Direction,
        head: &MessageHead,
        body: Body<'_, '_>,
        batch: Option<usize>,
        register: bool,
    ) {
        let kind = report.kind;
        report.batch_index = batch;
        report.id = head.id.clone();
        let mut warnings = Vec::new();
        let (revision, assumed, request) = match kind {
            MessageKind::Request | MessageKind::Notification => {
                report.method = head.method.as_deref().and_then(|m| self.method_text(m));
                let (v, assumed) = self.revision_for_method(head, &mut warnings);
                (v, assumed, None)
            }
            MessageKind::Result | MessageKind::Error => {
                self.correlate_response(direction, head, report)
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
            self.conversation_rules(direction, head, kind, revision, report);
            self.declare(direction, head, body, kind);
            if kind == MessageKind::Request && register {
                self.record_request(direction, head, revision, report);
            }
        }
        if matches!(kind, MessageKind::Result | MessageKind::Error)
            && head.has_result
            && head.has_error
        {
            report.warnings.push(rule_warning(
                &rules::RESULT_AND_ERROR,
                "",
                "the response has both \"result\" and \"error\"; JSON-RPC 2.0 allows exactly one"
                    .into(),
            ));
        }
        let Some(spec) = revision.spec() else {
            report.definitions.push("JSONRPCMessage");
            report.violations.push(Finding {
                definition: "JSONRPCMessage",
                target: Target::Message,
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
                self.follow_result(head, body, request.as_ref(), report);
            }
            return;
        };
        let plan = match kind {
            MessageKind::Request | MessageKind::Notification => {
                dispatch::plan_method(spec, head, direction)
            }
            MessageKind::Error => dispatch::plan_error(spec, head),
            MessageKind::Result => {
                let plan = dispatch::plan_result(spec, head, request.as_ref());
                self.follow_result(head, body, request.as_ref(), report);
                plan
            }
            _ => {
                let mut plan = Plan::default();
                plan.checks.push(Resolved::of(spec).message_check());
                plan
            }
        };
        run(spec, head, body, plan, report);
        if kind == MessageKind::Error {
            self.explain_null_id(head, report);
        }
    }

    /// Pairs a response with its request; returns the revision to judge it
    /// at, whether that is the auto-mode fallback, and the request.
    fn correlate_response(
        &mut self,
        direction: Direction,
        head: &MessageHead,
        report: &mut Report,
    ) -> (Version, bool, Option<Pending>) {
        let id = head.id.as_ref().unwrap_or(&Value::Null);
        if id.is_null() {
            let (v, assumed) = self.revision_source();
            return (v, assumed, None);
        }
        if head.has_error || head.has_result {
            self.lifecycle_response(direction, id);
        }
        match self.correlator.response(direction, id) {
            Lookup::Pending(p) => {
                report.method = self.method_text(&p.method);
                (p.revision, false, Some(p))
            }
            Lookup::Duplicate(p) => {
                report.method = self.method_text(&p.method);
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
        head: &MessageHead,
        revision: Version,
        report: &mut Report,
    ) {
        let (Some(id), Some(method)) = (head.id.as_ref(), head.method.as_deref()) else {
            return;
        };
        let task_augmented = TASK_AUGMENTABLE.contains(&method) && head.params_task;
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
        let progress_token = head.meta_progress_token.as_ref().and_then(IdKey::of);
        let pending = Pending {
            method: method.into(),
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
    fn declare(
        &mut self,
        direction: Direction,
        head: &MessageHead,
        body: Body<'_, '_>,
        kind: MessageKind,
    ) {
        if direction != Direction::ClientToServer {
            return;
        }
        let method = head.method.as_deref();
        match (method, kind) {
            (Some("initialize"), MessageKind::Request) => {
                self.lifecycle = Lifecycle {
                    initialize_sent: true,
                    ..Lifecycle::default()
                };
                if let Some(caps) = head
                    .params_capabilities
                    .as_ref()
                    .and_then(|c| declared(c, body))
                {
                    self.capabilities.set_client(caps);
                    self.client_capabilities_text = None;
                }
                if self.mode == Mode::Auto && self.negotiated.is_none() {
                    self.proposed = head
                        .params_protocol_version
                        .as_deref()
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
        match &head.meta_client_capabilities {
            None => {}
            Some(Json::Value(caps)) if caps.is_object() => {
                if !self.capabilities.client_is(caps) {
                    self.capabilities.set_client(Declared::Value(caps.clone()));
                }
                self.client_capabilities_text = None;
            }
            Some(Json::Value(_)) => {}
            Some(span) => {
                // Bytes: parse only what changed.
                let text = span.text(body.text()).unwrap_or_default();
                if self.client_capabilities_text.as_deref() != Some(text) {
                    if let Ok(caps @ Value::Object(_)) = serde_json::from_slice::<Value>(text) {
                        self.capabilities.set_client(Declared::Value(caps));
                    }
                    self.client_capabilities_text = Some(text.to_vec());
                }
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
                .is_some_and(|p| &*p.method == "initialize")
        {
            self.lifecycle.initialize_answered = true;
        }
    }

    /// Lifecycle and capability rules for a request or notification.
    fn conversation_rules(
        &mut self,
        direction: Direction,
        head: &MessageHead,
        kind: MessageKind,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(method) = head.method.as_deref() else {
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
        if self.capabilities.gate(gate.client, gate.capability) == Some(false) {
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
    fn follow_result(
        &mut self,
        head: &MessageHead,
        body: Body<'_, '_>,
        request: Option<&Pending>,
        report: &mut Report,
    ) {
        let Some(method) = request.map(|r| &*r.method) else {
            return;
        };
        if !matches!(method, "initialize" | "server/discover") {
            return;
        }
        if let Some(caps) = head
            .result_capabilities
            .as_ref()
            .and_then(|c| declared(c, body))
            .filter(Declared::is_object)
        {
            self.capabilities.set_server(caps);
        }
        if method != "initialize" || self.mode != Mode::Auto {
            return;
        }
        self.proposed = None;
        let Some(value) = head.result_protocol_version.as_deref() else {
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
    fn explain_null_id(&self, head: &MessageHead, report: &mut Report) {
        if !head.id.as_ref().is_some_and(Value::is_null) {
            return;
        }
        let code = head.error_code;
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
/// envelope and a typed definition may both flag `/id`). An envelope check
/// the typed check implies ([`dispatch::Check::implies_envelope`])
/// runs only when the typed one fails; a response whose typed result
/// implies the envelope's `Result` is read once for both
/// ([`crate::bytes::plan`]) and checked apart only when that pass fails; a
/// request or notification envelope the head shows valid
/// ([`super::envelope`]) is not checked at all.
fn run(
    spec: &'static crate::Spec,
    head: &MessageHead,
    body: Body<'_, '_>,
    plan: Plan,
    report: &mut Report,
) {
    report.violations.extend(plan.violations);
    report.warnings.extend(plan.warnings);
    let mut done: Option<(usize, Vec<Violation>)> = None;
    let shown = match plan.checks.first() {
        Some(envelope) if envelope.target == Target::Message && plan.checks.len() > 1 => {
            super::envelope::shows_envelope(spec, envelope.definition, head)
        }
        _ => false,
    };
    // A response and its typed result in one pass (`bytes::plan`).
    if let (Body::Bytes(raw), [envelope, typed]) = (body, plan.checks.as_slice()) {
        if envelope.target == Target::Message
            && typed.target == Target::Result
            && envelope.definition == spec.maps.envelopes.result
        {
            if let (Some(e), Some(t), true) = (envelope.fns, typed.fns, typed.implies_envelope) {
                if raw.reads_result_response(e, t) {
                    report.definitions.push(envelope.definition);
                    report.definitions.push(typed.definition);
                    return;
                }
            }
        }
    }
    if let [envelope, typed] = plan.checks.as_slice() {
        let implied = typed.implies_envelope && typed.target == Target::Message;
        if (shown || implied) && envelope.target == Target::Message {
            if let Some(out) = check_one(spec, body, *typed) {
                if out.is_empty() {
                    report.definitions.push(envelope.definition);
                    report.definitions.push(typed.definition);
                    return;
                }
                done = Some((1, out));
            }
        }
    }
    for (i, &check) in plan.checks.iter().enumerate() {
        report.definitions.push(check.definition);
        if i == 0 && shown {
            continue;
        }
        let out = match done.take() {
            Some((at, out)) if at == i => out,
            other => {
                done = other;
                match check_one(spec, body, check) {
                    Some(out) => out,
                    None => continue,
                }
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
                    target: check.target,
                    violation,
                });
            }
        }
    }
}

/// One check's violations; `None` when the definition is unknown or its
/// target member absent.
fn check_one(
    spec: &'static crate::Spec,
    body: Body<'_, '_>,
    check: dispatch::Check,
) -> Option<Vec<Violation>> {
    let fns = check.fns?;
    match body {
        Body::Bytes(raw) => raw.check(spec.version, fns, check.target),
        Body::Value(msg) => {
            let root = Path::Root;
            let (value, path) = match check.target {
                Target::Message => (Some(msg), root),
                Target::Result => (msg.get("result"), root.key("result")),
                Target::Error => (msg.get("error"), root.key("error")),
            };
            let mut out = Vec::new();
            (fns.check_at)(value?, &path, &mut out);
            Some(out)
        }
    }
}

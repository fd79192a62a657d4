//! What a message does to its conversation: the request a response
//! answers ([`crate::correlate`]), the requests recorded, what each side
//! declares, the lifecycle, and the conversation rules ([`super::rules`]).

use serde_json::Value;

use super::body::Body;
use super::{parse_version, rules, Declared, Mode, Session};
use crate::{
    correlate::{IdKey, Lookup, Pending, TaskAnswer},
    message::MessageKind,
    report::{Report, Warning, WarningKind},
    scan::{Json, MessageHead, TASK_AUGMENTABLE},
    Direction, Pointer, Rule, Version,
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

/// Capabilities as the head holds them, as the session keeps them: text
/// on the bytes path ([`Declared::of_text`]), the value on the `Value`
/// path; `None` when they cannot be read.
pub(super) fn declared(caps: &Json, body: Body<'_, '_>) -> Option<Declared> {
    match caps {
        Json::Value(v) => Some(Declared::Value(v.clone())),
        span => Declared::of_text(span.text(body.text())?),
    }
}

pub(super) fn rule_warning(rule: &'static Rule, pointer: &str, message: String) -> Warning {
    Warning {
        kind: WarningKind::Rule,
        rule: Some(rule),
        pointer: Pointer::from_escaped(pointer),
        message,
    }
}

impl Session {
    /// Pairs a response with its request; returns the revision to judge it
    /// at, whether that is the auto-mode fallback, and the request.
    pub(super) fn correlate_response(
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

    pub(super) fn record_request(
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

    /// `notifications/cancelled` from the sender of a pending request: the
    /// request is cancelled, not unanswered, and a late response to it is
    /// still paired (basic/utilities/cancellation: "The sender of the
    /// cancellation notification SHOULD ignore any response to the request
    /// that arrives afterward").
    pub(super) fn follow_cancellation(&mut self, direction: Direction, head: &MessageHead) {
        if head.method.as_deref() != Some("notifications/cancelled") {
            return;
        }
        if let Some(id) = &head.request_id {
            self.correlator.cancel(direction, id);
        }
    }

    /// What a request or notification declares: the client's capabilities
    /// (`initialize`, 2026-07-28's per-request `_meta`), the lifecycle.
    pub(super) fn declare(
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

    pub(super) fn lifecycle_response(&mut self, direction: Direction, id: &Value) {
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
    pub(super) fn conversation_rules(
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
    pub(super) fn follow_result(
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
        if method != "initialize" {
            return;
        }
        // Recorded in either mode (the HTTP rules compare the
        // `MCP-Protocol-Version` header with it); in force in auto mode only.
        let auto = self.mode == Mode::Auto;
        if auto {
            self.proposed = None;
        }
        let Some(value) = head.result_protocol_version.as_deref() else {
            return;
        };
        match parse_version(value) {
            Some(v) => self.negotiated = Some(v),
            None if auto => report.warnings.push(unknown_version(
                value,
                "/result/protocolVersion",
                self.revision(),
            )),
            None => {}
        }
    }

    /// `"id": null` on an error response: MCP's `RequestId` forbids it, but
    /// JSON-RPC 2.0 requires it when the request's id could not be read.
    pub(super) fn explain_null_id(&self, head: &MessageHead, report: &mut Report) {
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

/// The warning for a protocol version string mcpwire does not know.
pub(super) fn unknown_version(value: &str, pointer: &str, using: Version) -> Warning {
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

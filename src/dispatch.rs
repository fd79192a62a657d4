//! Choosing the definitions that judge one JSON-RPC message, from the
//! generated tables of its revision ([`Spec`]). Pure: correlation and
//! revision tracking live in [`crate::Session`].
//!
//! The rules, sharper than the reference harness's (see
//! `conformance-harness.md` §1.3):
//! - the **envelope** (`JSONRPCRequest`, `JSONRPCNotification`, the result
//!   and error envelopes) is always checked: up to 2025-06-18 the typed
//!   method definitions carry no `jsonrpc`/`id`;
//! - a string `method` wins over `error`/`result`; the typed definition is
//!   found by its `method` const. Unknown methods, methods that exist only
//!   inside `InputRequiredResult.inputRequests` and methods the sending side
//!   may not send are envelope-checked and warned about;
//! - an `error` is typed by its `code`: a whole-message definition checks
//!   the message, an `Error`-object definition checks `error`;
//! - a `result` is typed by its request (found by id): `resultType` is a
//!   discriminator by value — `input_required` → `InputRequiredResult` only
//!   where the method's `XxxResultResponse` admits it, `task` → the tasks
//!   extension's envelope-only path, `complete`/absent → the method's
//!   result, anything else → the method's result plus a warning. The
//!   spec's `anyOf [InputRequiredResult, XxxResult]` is never tried as an
//!   untagged union: `InputRequiredResult` is open and requires only
//!   `resultType`, so it would accept any result.

use serde_json::Value;

use crate::{
    correlate::{Pending, TaskAnswer},
    report::{Finding, MessageKind, Warning, WarningKind},
    spec::{ErrorShape, MethodKind},
    Direction, Keyword, Pointer, Spec, Violation,
};

/// Where in the message a definition applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The whole message.
    Message,
    /// The `result` member.
    Result,
    /// The `error` member.
    Error,
}

/// One definition to check, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// Definition name.
    pub definition: &'static str,
    /// Where it applies.
    pub target: Target,
}

/// What dispatch decided for one message.
#[derive(Debug, Default)]
pub struct Plan {
    /// The checks, envelope first.
    pub checks: Vec<Check>,
    /// Dispatch-level violations (rules the schema states only in prose).
    pub violations: Vec<Finding>,
    /// Warnings.
    pub warnings: Vec<Warning>,
}

impl Plan {
    fn check(&mut self, definition: &'static str, target: Target) {
        self.checks.push(Check { definition, target });
    }

    fn warn(&mut self, kind: WarningKind, pointer: &str, message: String) {
        self.warnings.push(Warning {
            kind,
            rule: None,
            pointer: Pointer::from_escaped(pointer),
            message,
        });
    }
}

/// The JSON-RPC shape of a message (the harness's order: `method` first).
pub fn kind_of(msg: &Value) -> MessageKind {
    let Some(obj) = msg.as_object() else {
        return MessageKind::Unknown;
    };
    if obj.get("method").is_some_and(Value::is_string) {
        return if obj.contains_key("id") {
            MessageKind::Request
        } else {
            MessageKind::Notification
        };
    }
    if obj.get("error").is_some_and(|e| !e.is_null()) {
        return MessageKind::Error;
    }
    if obj.contains_key("result") {
        return MessageKind::Result;
    }
    MessageKind::Unknown
}

/// Plan for a request or notification.
pub fn plan_method(spec: &'static Spec, msg: &Value, direction: Direction) -> Plan {
    let mut plan = Plan::default();
    let method = msg
        .get("method")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let has_id = msg.get("id").is_some();
    let envelopes = &spec.maps.envelopes;
    plan.check(
        if has_id {
            envelopes.request
        } else {
            envelopes.notification
        },
        Target::Message,
    );
    let Some(entry) = spec.method(method) else {
        plan.warn(
            WarningKind::MethodNotInRevision,
            "/method",
            format!("method {method:?} is not defined in revision {}; checked against the envelope only", spec.version),
        );
        return plan;
    };
    if entry.embedded {
        plan.warn(
            WarningKind::EmbeddedOnly,
            "/method",
            format!(
                "in revision {} {method:?} ({}) exists only inside InputRequiredResult.inputRequests, \
                 not as a standalone JSON-RPC message; checked against the envelope only",
                spec.version, entry.definition
            ),
        );
        return plan;
    }
    match (entry.kind, has_id) {
        (MethodKind::Request, false) => plan.warn(
            WarningKind::KindMismatch,
            "",
            format!(
                "{method:?} is a request ({}) but the message has no \"id\"",
                entry.definition
            ),
        ),
        (MethodKind::Notification, true) => plan.warn(
            WarningKind::KindMismatch,
            "/id",
            format!(
                "{method:?} is a notification ({}) but the message has an \"id\"",
                entry.definition
            ),
        ),
        _ => {}
    }
    let allowed = match direction {
        Direction::ClientToServer => entry.client_sends,
        Direction::ServerToClient => entry.server_sends,
    };
    if !allowed && (entry.client_sends || entry.server_sends) {
        plan.warn(
            WarningKind::WrongSender,
            "/method",
            format!(
                "the {} sent {method:?}, which revision {}'s {} unions do not list",
                direction.sender(),
                spec.version,
                if direction == Direction::ClientToServer {
                    "Client*"
                } else {
                    "Server*"
                }
            ),
        );
    }
    plan.check(entry.definition, Target::Message);
    plan
}

/// Plan for an error response.
pub fn plan_error(spec: &'static Spec, msg: &Value) -> Plan {
    let mut plan = Plan::default();
    plan.check(spec.maps.envelopes.error, Target::Message);
    let code = msg
        .get("error")
        .and_then(|v| v.get("code"))
        .and_then(Value::as_i64);
    if let Some(entry) = code.and_then(|c| spec.error_code(c)) {
        let target = match entry.shape {
            ErrorShape::Message => Target::Message,
            ErrorShape::ErrorObject => Target::Error,
        };
        plan.check(entry.definition, target);
    }
    plan
}

/// The result values the core protocol defines for `resultType`.
pub const CORE_RESULT_TYPES: [&str; 2] = ["complete", "input_required"];
/// `resultType` values of known extensions, checked against the envelope only.
pub const EXTENSION_RESULT_TYPES: [&str; 1] = ["task"];

/// Plan for a successful response, given the request it answers (`None`
/// when no request with its id was seen: envelope only).
pub fn plan_result(spec: &'static Spec, msg: &Value, request: Option<&Pending>) -> Plan {
    let mut plan = Plan::default();
    let envelope = spec.maps.envelopes.result;
    let Some(request) = request else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    let Some(entry) = spec.method(&request.method) else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    if let Some(task) = spec.definition("CreateTaskResult") {
        let answered_as_task = match request.task_answer {
            TaskAnswer::Plain | TaskAnswer::Ignored => false,
            TaskAnswer::Task => true,
            TaskAnswer::Either => {
                // Unknown task support: judged by the answer's own shape.
                let as_task = msg
                    .get("result")
                    .and_then(|r| r.get("task"))
                    .is_some_and(Value::is_object);
                plan.warn(
                    WarningKind::Assumption,
                    "/result",
                    format!(
                        "task-augmented {:?} and the receiver's task support is unknown (no capabilities seen): \
                         judged as {}",
                        request.method,
                        if as_task {
                            "a CreateTaskResult (the result has \"task\")".to_string()
                        } else {
                            format!("the plain result ({})", entry.result.unwrap_or("its result"))
                        }
                    ),
                );
                as_task
            }
        };
        if answered_as_task {
            plan.check(envelope, Target::Message);
            plan.check(task.name, Target::Result);
            return plan;
        }
    }
    let Some(result) = entry.result else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    let declares_result_type = !spec.maps.result_type_declarers.is_empty();
    let result_type = msg
        .get("result")
        .and_then(|v| v.get("resultType"))
        .and_then(Value::as_str);
    let method = &request.method;
    match result_type {
        Some(rt) if declares_result_type && EXTENSION_RESULT_TYPES.contains(&rt) => {
            // SEP-2663 task envelopes belong to the tasks extension's own
            // schema, which this revision does not carry.
            plan.check(envelope, Target::Message);
        }
        Some("input_required") if declares_result_type => {
            plan.check(envelope, Target::Message);
            match spec.maps.envelopes.input_required_result {
                Some(irr) if entry.admits_input_required => plan.check(irr, Target::Result),
                _ => {
                    let schema = entry
                        .result_response
                        .and_then(|r| spec.definition(r))
                        .or_else(|| spec.definition(result))
                        .map_or("", |d| d.pointer);
                    plan.violations.push(Finding {
                        definition: entry.result_response.unwrap_or(result),
                        violation: Violation {
                            instance: Pointer::from_escaped("/result/resultType"),
                            schema,
                            keyword: Keyword::Dispatch,
                            message: format!(
                                "{method:?} cannot answer with an InputRequiredResult in revision {} \
                                 (only methods whose result response admits one can ask for input); \
                                 judged as {result}",
                                spec.version
                            ),
                        },
                    });
                    plan.check(result, Target::Result);
                }
            }
        }
        _ => {
            if let Some(rt) =
                result_type.filter(|rt| declares_result_type && !CORE_RESULT_TYPES.contains(rt))
            {
                plan.warn(
                    WarningKind::UnknownResultType,
                    "/result/resultType",
                    format!(
                        "resultType {rt:?} is not a core value (complete, input_required) or a known \
                         extension result (task); judged as {result}"
                    ),
                );
            }
            match entry.result_response {
                // The spec's own response definition is exact when its
                // `result` is a plain reference (no InputRequiredResult).
                Some(response) if !entry.admits_input_required => {
                    plan.check(envelope, Target::Message);
                    plan.check(response, Target::Message);
                }
                _ => {
                    plan.check(envelope, Target::Message);
                    plan.check(result, Target::Result);
                }
            }
        }
    }
    plan
}

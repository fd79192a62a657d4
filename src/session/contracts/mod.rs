//! The session's contracts ([`crate::contracts`]): the run-time schemas a
//! conversation carries, learnt from its traffic and applied to the
//! values they govern, with the rules `contract.*` ([`super::rules`]).
//!
//! **What is learnt.** Every `tools/list` result page (paired with its
//! request by the correlator): a page answering a request without a
//! `cursor` starts a new listing, which replaces the old; later pages add
//! to it; `notifications/tools/list_changed` forgets it. Every form
//! elicitation's `requestedSchema`: an `elicitation/create` request's,
//! until its result; at 2026-07-28 an `InputRequiredResult`'s
//! `inputRequests`, by key, until a retried request answers the key in
//! its `inputResponses`.
//!
//! **What is judged** (`tools.rs`, `elicitation.rs`): a `tools/call`'s
//! `arguments` against the tool's `inputSchema`; its result's
//! `structuredContent` against the `outputSchema` (and present, unless
//! the result is an error; and mirrored in a `TextContent` block); an
//! accepted form's `content` against its `requestedSchema`. Every schema
//! learnt is itself judged once per message that carries it (dialect,
//! `$ref`, bounds, validity). A tool call whose tool no listing in the
//! capture describes is not judged, and that is said: once per session
//! when no `tools/list` was seen, once per tool when the listing lacks it.
//!
//! **Cost.** Only the messages that carry or are governed by a contract
//! are parsed into a `Value` (on the bytes path the message's own parse,
//! [`crate::scan::Message::full`], which a message with findings reuses):
//! `tools/list` results, `tools/call` requests and results,
//! `elicitation/create` requests and their results, 2026-07-28
//! `input_required` results and — while one of their input requests is
//! open — retried requests. The choice is read from the head and the
//! correlated request; every other message costs what it did. Schemas
//! compile once per distinct text ([`crate::contracts::Engine`]'s cache).
//!
//! **Memory.** The tables here are bounded ([`MAX_TOOLS`], [`MAX_OPEN`]),
//! the compiled schemas by the engine's cache.

mod elicitation;
mod fifo;
mod tools;

use std::collections::HashMap;

use serde_json::Value;

use super::{body::Body, conversation::rule_warning, Session};
use crate::{
    contracts::{Compiled, Engine, Failure, SchemaProblem, Verdict},
    correlate::{IdKey, Pending},
    message::{MessageKind, Target},
    report::{Report, Warning, WarningKind},
    scan::MessageHead,
    session::rules,
    Direction, Pointer, Rule, Version,
};
use fifo::Fifo;

/// Most tools one listing keeps (its later tools are not judged).
pub const MAX_TOOLS: usize = 4096;
/// Most open requests of each kind remembered (`tools/call` names,
/// elicitation schemas by request id, input requests by key, `tools/list`
/// requests with a cursor); the oldest is forgotten first.
pub const MAX_OPEN: usize = 1024;

/// A tool's contracts, as its listing gave them.
#[derive(Debug)]
pub(super) struct Tool {
    pub(super) input: Option<Compiled>,
    pub(super) output: Option<Compiled>,
}

/// What the session knows of the conversation's contracts.
#[derive(Debug, Default)]
pub(crate) struct State {
    pub(super) engine: Engine,
    /// The tools of the listing in force; `None` when none was seen (or
    /// `list_changed` forgot it).
    pub(super) tools: Option<HashMap<String, Tool>>,
    /// Whether "no tools/list seen" was said.
    pub(super) said_unlisted: bool,
    /// Tools a listing lacked, said once each.
    pub(super) said_unknown: Vec<String>,
    /// `tools/list` requests that carried a cursor (their results are
    /// later pages).
    pub(super) continuations: Fifo<IdKey, ()>,
    /// Open `tools/call` requests: the tool each names.
    pub(super) calls: Fifo<IdKey, String>,
    /// Open `elicitation/create` requests: their schemas.
    pub(super) elicitations: Fifo<IdKey, Compiled>,
    /// 2026-07-28 input requests by key: their schemas.
    pub(super) input_requests: Fifo<String, Compiled>,
}

impl State {
    /// A new conversation's state, keeping the engine.
    pub(crate) fn reset(&mut self) {
        let engine = self.engine.clone();
        *self = State {
            engine,
            ..State::default()
        };
    }
}

/// The message as a `Value` (parsed now on the bytes path, once).
fn message<'v>(body: &'v Body<'_, '_>) -> Option<&'v Value> {
    match body {
        Body::Bytes(m) => m.full(),
        Body::Value(v) => Some(v),
    }
}

/// `key` as one JSON Pointer token.
pub(super) fn token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A contract finding: the rule's warning where it applies at `revision`;
/// before that, an assumption saying the same (the condition holds, the
/// revision states no rule for it).
pub(super) fn finding(
    rule: &'static Rule,
    revision: Version,
    pointer: &str,
    message: String,
) -> Warning {
    if rule.applies(revision) {
        return rule_warning(rule, pointer, message);
    }
    Warning {
        kind: WarningKind::Assumption,
        rule: None,
        pointer: Pointer::from_escaped(pointer),
        message: format!(
            "{message} (at {revision} no rule; {} applies from {})",
            rule.id, rule.since
        ),
    }
}

/// A note that something was not judged.
pub(super) fn not_judged(pointer: &str, message: String) -> Warning {
    Warning {
        kind: WarningKind::Assumption,
        rule: None,
        pointer: Pointer::from_escaped(pointer),
        message,
    }
}

/// The findings of a schema itself (at `pointer`, learnt for `subject`):
/// why it cannot be judged with, or a dialect other than 2020-12.
pub(super) fn schema_findings(
    compiled: &Compiled,
    subject: &str,
    pointer: &str,
    revision: Version,
    report: &mut Report,
) {
    let (rule, at) = match compiled {
        Ok(c) => {
            // Before 2025-11-25 no revision named a dialect (MCP's own
            // schema was draft-07): a draft-07 schema there is the norm,
            // so nothing is said, not even an assumption.
            if c.declares_dialect()
                && c.dialect() != crate::contracts::Dialect::Draft2020_12
                && rules::DIALECT_NOT_2020_12.applies(revision)
            {
                report.warnings.push(finding(
                    &rules::DIALECT_NOT_2020_12,
                    revision,
                    &format!("{pointer}/$schema"),
                    format!(
                        "{subject} declares JSON Schema {}; peers need support only 2020-12",
                        c.dialect().name()
                    ),
                ));
            }
            return;
        }
        Err(SchemaProblem::UnsupportedDialect(_)) => {
            (&rules::DIALECT_UNSUPPORTED, format!("{pointer}/$schema"))
        }
        Err(SchemaProblem::UnresolvableRef { .. }) => {
            (&rules::REF_UNRESOLVABLE, pointer.to_string())
        }
        Err(SchemaProblem::OverBounds(_)) => (&rules::SCHEMA_OVER_BOUNDS, pointer.to_string()),
        Err(SchemaProblem::Invalid { .. }) => (&rules::SCHEMA_INVALID, pointer.to_string()),
    };
    let problem = compiled
        .as_ref()
        .err()
        .map(ToString::to_string)
        .unwrap_or_default();
    report.warnings.push(finding(
        rule,
        revision,
        &at,
        format!("{subject}: {problem}; not judged with"),
    ));
}

/// Judges `value` (at `pointer`) against `compiled`, a finding of `rule`
/// per failure; nothing for a schema that cannot be judged with (its
/// findings went with the message that carried it).
pub(super) fn judge_value(
    compiled: &Compiled,
    value: &Value,
    rule: &'static Rule,
    what: &str,
    pointer: &str,
    revision: Version,
    report: &mut Report,
) {
    let Ok(contract) = compiled else { return };
    match contract.judge(value) {
        Verdict::Conforms => {}
        Verdict::Unjudged(why) => report.warnings.push(finding(
            &rules::SCHEMA_OVER_BOUNDS,
            revision,
            pointer,
            format!("{what}: not judged: {why}"),
        )),
        Verdict::Fails(failures) => {
            for Failure {
                instance,
                schema,
                message,
            } in failures
            {
                report.warnings.push(finding(
                    rule,
                    revision,
                    &format!("{pointer}{instance}"),
                    format!("{what}: {message} (schema {schema})"),
                ));
            }
        }
    }
}

impl Session {
    /// The contract engine this session compiles with (by default the
    /// process-wide [`Engine::shared`]).
    pub fn contract_engine(&self) -> &Engine {
        &self.contracts.engine
    }

    /// Compiles with `engine` from now on (its own limits and cache; a
    /// clone of one engine shares its cache between sessions).
    pub fn set_contract_engine(&mut self, engine: Engine) {
        self.contracts.engine = engine;
    }

    /// What a message does to and under the conversation's contracts.
    /// Reads only the head (and the request a response answers) to decide
    /// whether the message is one to parse.
    pub(super) fn judge_contracts(
        &mut self,
        direction: Direction,
        head: &MessageHead,
        body: Body<'_, '_>,
        request: Option<&Pending>,
        revision: Version,
        report: &mut Report,
    ) {
        let state = &mut self.contracts;
        match (report.kind, direction) {
            (MessageKind::Notification, Direction::ServerToClient)
                if head.method.as_deref() == Some("notifications/tools/list_changed") =>
            {
                state.tools = None;
            }
            (MessageKind::Request, Direction::ClientToServer) => {
                state.client_request(head, &body, revision, report)
            }
            (MessageKind::Request, Direction::ServerToClient)
                if head.method.as_deref() == Some("elicitation/create") =>
            {
                let Some(msg) = message(&body) else { return };
                state.learn_elicitation(head, msg, revision, report);
            }
            (MessageKind::Result, _) => {
                if let Some(request) = request {
                    state.result(direction, head, &body, &request.method, revision, report);
                }
            }
            _ => {}
        }
    }
}

impl State {
    /// Whether the listing in force gives tool `name` a schema that can
    /// be judged with (its `outputSchema` when `output`, else its
    /// `inputSchema`).
    fn judges(&self, name: &str, output: bool) -> bool {
        let tool = self.tools.as_ref().and_then(|t| t.get(name));
        tool.is_some_and(|t| matches!(if output { &t.output } else { &t.input }, Some(Ok(_))))
    }

    /// A client's request: a `tools/list` noted, a `tools/call` (its tool
    /// remembered) judged when its tool has an `inputSchema`, and any
    /// retried request's `inputResponses` while input requests are open.
    fn client_request(
        &mut self,
        head: &MessageHead,
        body: &Body<'_, '_>,
        revision: Version,
        report: &mut Report,
    ) {
        let method = head.method.as_deref();
        if method == Some("tools/list") {
            return self.note_listing_request(head, body);
        }
        let call = method == Some("tools/call");
        if let (true, Some(key), Some(name)) = (call, head.id_key(), &head.params_name) {
            self.calls.insert(key, name.clone());
        }
        let judged = call
            && head
                .params_name
                .as_deref()
                .is_some_and(|n| self.judges(n, false));
        if !judged && self.input_requests.is_empty() {
            return;
        }
        let Some(msg) = message(body) else { return };
        if judged {
            self.judge_call(msg, revision, report);
        }
        self.judge_input_responses(msg, revision, report);
    }

    /// A result, given its request's method: parsed and followed when it
    /// carries or is governed by a contract.
    fn result(
        &mut self,
        direction: Direction,
        head: &MessageHead,
        body: &Body<'_, '_>,
        method: &str,
        revision: Version,
        report: &mut Report,
    ) {
        let input_required = head.result_type.as_deref() == Some("input_required");
        let key = head.id_key();
        let from_server = direction == Direction::ServerToClient;
        let call = match (from_server && method == "tools/call", &key) {
            (true, Some(k)) => self.calls.remove(k),
            _ => None,
        };
        let governed = match (from_server, method) {
            (true, _) if input_required => true,
            (true, "tools/list") => true,
            (true, "tools/call") => {
                call.as_deref().is_some_and(|n| self.judges(n, true))
                    || mentions_structured_content(body)
            }
            (false, "elicitation/create") => {
                key.is_some_and(|k| self.elicitations.get(&k).is_some())
            }
            _ => false,
        };
        if !governed {
            return;
        }
        let Some(result) = message(body).and_then(|m| m.get("result")) else {
            return;
        };
        if input_required {
            return self.learn_input_requests(result, revision, report);
        }
        match method {
            "tools/list" => self.learn_listing(head, result, revision, report),
            "tools/call" => self.judge_call_result(call, head, result, revision, report),
            _ => self.judge_elicitation_result(head, result, revision, report),
        }
    }
}

/// Whether a result may hold `structuredContent`: on the bytes path, its
/// text names the member (a byte search, no parse); a member name written
/// with escapes is missed, which costs only the mirror rule's warning.
fn mentions_structured_content(body: &Body<'_, '_>) -> bool {
    match body {
        Body::Bytes(m) => {
            let text = m.target(Target::Result).unwrap_or(m.text());
            memchr::memmem::find(text, b"\"structuredContent\"").is_some()
        }
        Body::Value(v) => v.pointer("/result/structuredContent").is_some(),
    }
}

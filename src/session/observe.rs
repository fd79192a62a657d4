//! Judging one message inside its conversation: the report it gets, the
//! revision it is judged at, batches, and the order of the steps — what it
//! does to the conversation ([`super::conversation`]: the request it
//! answers, what it declares, the rules it breaks), then dispatch's plan
//! and its checks ([`super::checks`]) on the bytes or on a `Value`.

use serde_json::Value;

use super::{
    body::Body,
    checks::run,
    conversation::{rule_warning, unknown_version},
    parse_version, rules, Mode, Session,
};
use crate::{
    correlate::Pending,
    dispatch::{self, Plan, Resolved},
    message::{MessageKind, Target},
    report::{Finding, Report, Warning, WarningKind},
    scan::MessageHead,
    Direction, Keyword, Origin, Pointer, Spec, Version, Violation,
};

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
    pub(super) fn method_text(&mut self, method: &str) -> Option<String> {
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
        // Its own `_meta` version, which later messages without one
        // inherit (`Session::declared`); else the one an `initialize`
        // proposes.
        for (value, pointer, own) in [
            (
                declared,
                "/params/_meta/io.modelcontextprotocol~1protocolVersion",
                true,
            ),
            (proposed, "/params/protocolVersion", false),
        ] {
            let Some(value) = value else { continue };
            match parse_version(value) {
                Some(v) => {
                    if own {
                        self.declared = Some(v);
                    }
                    return (v, false);
                }
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
        let (revision, request) = self.revision_into(report, direction, head);
        if matches!(kind, MessageKind::Request | MessageKind::Notification) {
            self.follow_request(report, direction, head, body, revision, register);
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
            not_compiled_in(revision, report);
            if kind == MessageKind::Result {
                self.follow_result(head, body, request.as_ref(), report);
            }
            return;
        };
        let plan = self.plan(report, direction, head, body, spec, request.as_ref());
        run(spec, head, body, plan, report);
        #[cfg(feature = "contracts")]
        self.judge_contracts(direction, head, body, request.as_ref(), revision, report);
        if kind == MessageKind::Error {
            self.explain_null_id(head, report);
        }
    }

    /// The revision a message is judged at, into `report` with its
    /// warnings (the method's, then an assumed revision's); for a response,
    /// also the request it answers.
    fn revision_into(
        &mut self,
        report: &mut Report,
        direction: Direction,
        head: &MessageHead,
    ) -> (Version, Option<Pending>) {
        let mut warnings = Vec::new();
        let kind = report.kind;
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
        (revision, request)
    }

    /// What a request or notification does to the conversation: the rules
    /// it breaks, what it declares, and (`register`) the request to answer
    /// or the request it cancels.
    fn follow_request(
        &mut self,
        report: &mut Report,
        direction: Direction,
        head: &MessageHead,
        body: Body<'_, '_>,
        revision: Version,
        register: bool,
    ) {
        let kind = report.kind;
        self.conversation_rules(direction, head, kind, revision, report);
        self.declare(direction, head, body, kind);
        if kind == MessageKind::Request && register {
            self.record_request(direction, head, revision, report);
        }
        if kind == MessageKind::Notification && register {
            self.follow_cancellation(direction, head);
        }
    }

    /// Dispatch's plan for a message of `spec`; a result is followed into
    /// the conversation (`request`: the request it answers) on the way.
    fn plan(
        &mut self,
        report: &mut Report,
        direction: Direction,
        head: &MessageHead,
        body: Body<'_, '_>,
        spec: &'static Spec,
        request: Option<&Pending>,
    ) -> Plan {
        let kind = report.kind;
        match kind {
            MessageKind::Request | MessageKind::Notification => {
                dispatch::plan_method(spec, head, direction)
            }
            MessageKind::Error => dispatch::plan_error(spec, head),
            MessageKind::Result => {
                let plan = dispatch::plan_result(spec, head, request);
                self.follow_result(head, body, request, report);
                plan
            }
            _ => {
                let mut plan = Plan::default();
                plan.checks.push(Resolved::of(spec).message_check());
                plan
            }
        }
    }
}

/// The one finding of a message whose revision is not compiled in.
fn not_compiled_in(revision: Version, report: &mut Report) {
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
}

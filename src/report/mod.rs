//! What a [`crate::Session`] says about one message.

use serde::Serialize;
use serde_json::Value;

mod row;

pub use crate::message::MessageKind;
use crate::{
    message::Target, spec::ErrorShape, Direction, Origin, Pointer, Rule, Severity, Spec, Version,
    Violation,
};
pub use row::{Level, Row};

/// A schema violation, with the definition whose check found it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The definition checked (`CallToolResult`).
    pub definition: &'static str,
    /// Where in the message the definition was applied (the whole
    /// message, `result` or `error`): [`Report::path_in_target`] gives the
    /// violation's pointer relative to it. Not serialized (the pointer is
    /// relative to the message).
    #[serde(skip)]
    pub target: Target,
    /// The violation; its instance pointer is relative to the message.
    #[serde(flatten)]
    pub violation: Violation,
}

/// Something worth knowing that the schema does not forbid (or that a
/// caller chose to downgrade): a class apart from violations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// The method has no definition in the revision in force.
    MethodNotInRevision,
    /// The method exists only inside `InputRequiredResult.inputRequests`.
    EmbeddedOnly,
    /// The sending side's direction union does not list the method.
    WrongSender,
    /// A request method sent without `id`, or a notification with one.
    KindMismatch,
    /// A response whose id matches no pending request.
    UnknownResponse,
    /// A second response to an already answered id.
    DuplicateResponse,
    /// A request reused the id of a request still pending.
    DuplicateRequestId,
    /// `resultType` is neither a core value nor a known extension.
    UnknownResultType,
    /// A protocol version string mcpwire does not know.
    UnknownVersion,
    /// A JSON-RPC rule the schema does not encode (empty batch).
    JsonRpc,
    /// `"id": null` on a parse/invalid-request error, downgraded by option.
    NullId,
    /// Judged at a revision whose cargo feature is off: not checked.
    RevisionDisabled,
    /// A protocol rule the schema does not state ([`Warning::rule`] names it).
    Rule,
    /// An assumption the judgement rests on: the revision auto mode
    /// assumed when nothing said which (once per session), or which answer
    /// a task-augmented request was judged against when the receiver's
    /// capabilities are unknown.
    Assumption,
}

impl WarningKind {
    /// The kind as reports spell it (its `serde` form, e.g.
    /// `"unknown_response"`; a test holds the two together).
    pub fn name(self) -> &'static str {
        match self {
            WarningKind::MethodNotInRevision => "method_not_in_revision",
            WarningKind::EmbeddedOnly => "embedded_only",
            WarningKind::WrongSender => "wrong_sender",
            WarningKind::KindMismatch => "kind_mismatch",
            WarningKind::UnknownResponse => "unknown_response",
            WarningKind::DuplicateResponse => "duplicate_response",
            WarningKind::DuplicateRequestId => "duplicate_request_id",
            WarningKind::UnknownResultType => "unknown_result_type",
            WarningKind::UnknownVersion => "unknown_version",
            WarningKind::JsonRpc => "json_rpc",
            WarningKind::NullId => "null_id",
            WarningKind::RevisionDisabled => "revision_disabled",
            WarningKind::Rule => "rule",
            WarningKind::Assumption => "assumption",
        }
    }
}

/// One warning: serialized as `kind`, `rule` (its id, when there is
/// one), `severity` ([`Warning::severity`]), `pointer`, `message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The class.
    pub kind: WarningKind,
    /// The rule broken, for [`WarningKind::Rule`] (serialized as its id).
    pub rule: Option<&'static Rule>,
    /// Where in the message.
    pub pointer: Pointer,
    /// What and why.
    pub message: String,
}

impl Warning {
    /// How much it matters: its rule's severity (a rule that rests on a
    /// MUST is an [`Severity::Error`] and fails a run like a violation),
    /// [`Severity::Warning`] for every other class.
    pub fn severity(&self) -> Severity {
        self.rule.map_or(Severity::Warning, |rule| rule.severity)
    }
}

impl Serialize for Warning {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Warning", 5)?;
        s.serialize_field("kind", &self.kind)?;
        if let Some(rule) = self.rule {
            s.serialize_field("rule", rule)?;
        }
        s.serialize_field("severity", &self.severity())?;
        s.serialize_field("pointer", &self.pointer)?;
        s.serialize_field("message", &self.message)?;
        s.end()
    }
}

/// The judgement of one message (or one element of a batch).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// 0-based index of the message in the session.
    pub index: usize,
    /// Index inside a batch, when the message was one element of an array.
    pub batch_index: Option<usize>,
    /// Which way it travelled.
    pub direction: Direction,
    /// Who wrote it.
    pub origin: Origin,
    /// The revision it was judged at.
    pub revision: Option<Version>,
    /// The JSON-RPC shape.
    pub kind: MessageKind,
    /// The method: its own, or for a response the method of its request.
    pub method: Option<String>,
    /// The `id`, when present.
    pub id: Option<Value>,
    /// The definitions checked, most general first (envelope, then typed).
    pub definitions: Vec<&'static str>,
    /// Schema violations.
    pub violations: Vec<Finding>,
    /// Warnings.
    pub warnings: Vec<Warning>,
    /// Why the bytes could not be read as a message, if they could not.
    pub input_error: Option<String>,
    /// The message's 1-based line in its transcript, when the caller gave
    /// it ([`crate::session::Source::line`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Violations the transcript record declared it expects
    /// ([`crate::expect::Expect::apply`] moves them here from
    /// `violations`): shown, but not failing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<Finding>,
}

impl Report {
    /// No violation and readable input (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.violations.is_empty() && self.input_error.is_none()
    }

    /// The instance pointer of `finding` (one of this report's) relative
    /// to the value its definition judged (the harness's `instancePath`):
    /// below `/result` or `/error` for a definition applied there
    /// ([`Finding::target`]), below `/<i>` for a batch element. The CLI's
    /// outputs and the npm package's `wireSchemaErrors` use it.
    pub fn path_in_target<'p>(&self, finding: &'p Finding) -> &'p str {
        let p = self.below_batch(finding.violation.instance.as_str());
        let below = match finding.target {
            Target::Message => return p,
            Target::Result => "/result",
            Target::Error => "/error",
        };
        match p.strip_prefix(below) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
            _ => p,
        }
    }

    fn below_batch<'p>(&self, pointer: &'p str) -> &'p str {
        if let Some(i) = self.batch_index {
            let prefix = format!("/{i}");
            if let Some(rest) = pointer.strip_prefix(prefix.as_str()) {
                if rest.is_empty() || rest.starts_with('/') {
                    return rest;
                }
            }
        }
        pointer
    }

    /// [`Report::path_in_target`] for a pointer and a definition name: the
    /// target is the one dispatch applies `definition` at for this
    /// report's kind ([`Report::target_of`]). Prefer `path_in_target`,
    /// which reads the target the finding was judged on.
    pub fn definition_path<'p>(
        &self,
        spec: Option<&Spec>,
        definition: &str,
        pointer: &'p str,
    ) -> &'p str {
        let finding = Finding {
            definition: "",
            target: self.target_of(spec, definition),
            violation: Violation {
                instance: Pointer::root(),
                schema: "",
                keyword: crate::Keyword::Dispatch,
                message: String::new(),
            },
        };
        let p = self.below_batch(pointer);
        let below = match finding.target {
            Target::Message => return p,
            Target::Result => "/result",
            Target::Error => "/error",
        };
        match p.strip_prefix(below) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => rest,
            _ => p,
        }
    }

    /// Where dispatch applies `definition` in a message of this report's
    /// kind: results' typed definitions other than result responses to
    /// `result`, `Error`-object definitions to `error`, everything else to
    /// the whole message (`spec`: the revision's tables; `None`: the whole
    /// message). For findings made without a check (an expected violation
    /// that is missing, [`crate::expect`]).
    pub fn target_of(&self, spec: Option<&Spec>, definition: &str) -> Target {
        let Some(spec) = spec else {
            return Target::Message;
        };
        let envelopes = &spec.maps.envelopes;
        match self.kind {
            MessageKind::Result => {
                let whole_message = definition == envelopes.result
                    || definition == envelopes.message
                    || spec
                        .maps
                        .methods
                        .iter()
                        .any(|m| m.result_response == Some(definition));
                if whole_message {
                    Target::Message
                } else {
                    Target::Result
                }
            }
            MessageKind::Error => {
                let object =
                    envelopes.error_object == Some(definition)
                        || spec.maps.error_codes.iter().any(|e| {
                            e.definition == definition && e.shape == ErrorShape::ErrorObject
                        });
                if object {
                    Target::Error
                } else {
                    Target::Message
                }
            }
            _ => Target::Message,
        }
    }

    /// The most specific definition checked.
    pub fn definition(&self) -> Option<&'static str> {
        self.definitions.last().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::WarningKind;

    #[test]
    fn warning_kinds_are_named_as_serde_spells_them() {
        use WarningKind::*;
        for kind in [
            MethodNotInRevision,
            EmbeddedOnly,
            WrongSender,
            KindMismatch,
            UnknownResponse,
            DuplicateResponse,
            DuplicateRequestId,
            UnknownResultType,
            UnknownVersion,
            JsonRpc,
            NullId,
            RevisionDisabled,
            Rule,
            Assumption,
        ] {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::Value::String(kind.name().into())
            );
        }
    }
}

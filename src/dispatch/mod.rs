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
//! - a task-augmented request (2025-11-25, `params.task` on `tools/call`,
//!   `sampling/createMessage`, `elicitation/create`) is answered by
//!   `CreateTaskResult` where the receiver declared task support for it,
//!   by the method's own result where it did not, and by either (judged by
//!   whether the result has a `task` object, with an `assumption` warning)
//!   where its capabilities are unknown ([`crate::correlate::TaskAnswer`]);
//! - a `result` is typed by its request (found by id): `resultType` is a
//!   discriminator by value — `input_required` → `InputRequiredResult` only
//!   where the method's `XxxResultResponse` admits it, `task` → the tasks
//!   extension's envelope-only path, `complete`/absent → the method's
//!   result, anything else → the method's result plus a warning. The
//!   spec's `anyOf [InputRequiredResult, XxxResult]` is never tried as an
//!   untagged union: `InputRequiredResult` is open and requires only
//!   `resultType`, so it would accept any result.
//!
//! **Input: the message head** ([`MessageHead`], built once from bytes or
//! from a `Value`), never the message itself. **Output: checks that carry
//! their definition's functions** ([`Check::fns`]), resolved once per
//! revision ([`Resolved`]: the generated tables name definitions, so the
//! names are looked up at the first message, not at every one).

pub use crate::message::Target;
use resolved::Def;
pub use resolved::Resolved;
pub use result::{plan_result, CORE_RESULT_TYPES, EXTENSION_RESULT_TYPES};

mod resolved;
mod result;

use crate::{
    message::MessageKind,
    report::{Finding, Warning, WarningKind},
    scan::MessageHead,
    spec::{DefinitionFns, ErrorShape, MethodKind},
    Direction, Pointer, Spec,
};

/// One definition to check, and where.
#[derive(Clone, Copy)]
pub struct Check {
    /// Definition name.
    pub definition: &'static str,
    /// Where it applies.
    pub target: Target,
    /// The definition's functions (`None`: not in the revision's table).
    pub fns: Option<&'static DefinitionFns>,
    /// Whether a valid instance of this typed definition satisfies what
    /// the envelope checked before it asks at [`Check::target`]
    /// ([`crate::spec::DispatchMaps::implies_envelope`]).
    pub implies_envelope: bool,
}

impl PartialEq for Check {
    fn eq(&self, other: &Check) -> bool {
        self.definition == other.definition && self.target == other.target
    }
}

impl Eq for Check {}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Check")
            .field("definition", &self.definition)
            .field("target", &self.target)
            .finish()
    }
}

fn check(def: Def, target: Target) -> Check {
    Check {
        definition: def.name,
        target,
        fns: def.fns,
        implies_envelope: def.implies_envelope,
    }
}

/// At most this many checks in one plan (an envelope and one typed
/// definition; one to spare).
pub const MAX_CHECKS: usize = 3;

/// A plan's checks, envelope first, held inline (no allocation per
/// message); a slice through `Deref`.
#[derive(Clone, Copy)]
pub struct Checks {
    items: [Check; MAX_CHECKS],
    len: usize,
}

/// The unused places of [`Checks`].
const NO_CHECK: Check = Check {
    definition: "",
    target: Target::Message,
    fns: None,
    implies_envelope: false,
};

impl Default for Checks {
    fn default() -> Self {
        Checks {
            items: [NO_CHECK; MAX_CHECKS],
            len: 0,
        }
    }
}

impl Checks {
    /// Appends a check; panics past [`MAX_CHECKS`] (dispatch plans at most
    /// two).
    pub fn push(&mut self, check: Check) {
        self.items[self.len] = check;
        self.len += 1;
    }

    /// The checks.
    pub fn as_slice(&self) -> &[Check] {
        &self.items[..self.len]
    }
}

impl std::fmt::Debug for Checks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl std::ops::Deref for Checks {
    type Target = [Check];
    fn deref(&self) -> &[Check] {
        self.as_slice()
    }
}

/// What dispatch decided for one message.
#[derive(Debug, Default)]
pub struct Plan {
    /// The checks, envelope first.
    pub checks: Checks,
    /// Dispatch-level violations (rules the schema states only in prose).
    pub violations: Vec<Finding>,
    /// Warnings.
    pub warnings: Vec<Warning>,
}

impl Plan {
    fn check(&mut self, def: Def, target: Target) {
        self.checks.push(check(def, target));
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
pub fn kind_of(msg: &serde_json::Value) -> MessageKind {
    MessageHead::of_value(msg).kind()
}

/// Plan for a request or notification.
pub fn plan_method(spec: &'static Spec, head: &MessageHead, direction: Direction) -> Plan {
    let mut plan = Plan::default();
    let resolved = Resolved::of(spec);
    let method = head.method.as_deref().unwrap_or_default();
    let has_id = head.id.is_some();
    plan.check(
        if has_id {
            resolved.request
        } else {
            resolved.notification
        },
        Target::Message,
    );
    let Some(found) = resolved.method(method) else {
        plan.warn(
            WarningKind::MethodNotInRevision,
            "/method",
            format!("method {method:?} is not defined in revision {}; checked against the envelope only", spec.version),
        );
        return plan;
    };
    let entry = found.entry;
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
    plan.check(found.definition, Target::Message);
    plan
}

/// Plan for an error response.
pub fn plan_error(spec: &'static Spec, head: &MessageHead) -> Plan {
    let mut plan = Plan::default();
    let resolved = Resolved::of(spec);
    plan.check(resolved.error, Target::Message);
    let entry = head
        .error_code
        .and_then(|c| resolved.errors.iter().find(|(code, _, _)| *code == c));
    if let Some((_, shape, def)) = entry {
        let target = match shape {
            ErrorShape::Message => Target::Message,
            ErrorShape::ErrorObject => Target::Error,
        };
        plan.check(*def, target);
    }
    plan
}

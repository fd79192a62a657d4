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

use std::sync::OnceLock;

pub use crate::message::Target;

use crate::{
    correlate::{Pending, TaskAnswer},
    message::MessageKind,
    report::{Finding, Warning, WarningKind},
    scan::MessageHead,
    spec::{DefinitionFns, ErrorShape, MethodEntry, MethodKind},
    Direction, Keyword, Pointer, Spec, Version, Violation,
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

/// One definition, named and resolved.
#[derive(Clone, Copy)]
struct Def {
    name: &'static str,
    fns: Option<&'static DefinitionFns>,
    /// [`crate::spec::DispatchMaps::implies`].
    implies_envelope: bool,
}

impl Def {
    fn of(spec: &'static Spec, name: &'static str) -> Def {
        Def {
            name,
            fns: spec.definition(name),
            implies_envelope: spec.maps.implies(name),
        }
    }
}

/// A method's definitions, resolved.
struct ResolvedMethod {
    entry: &'static MethodEntry,
    definition: Def,
    result: Option<Def>,
    result_response: Option<Def>,
}

/// A revision's dispatch tables with every definition name resolved to
/// its functions, and methods in a sorted index (built once per revision,
/// at its first message).
pub struct Resolved {
    request: Def,
    notification: Def,
    result: Def,
    error: Def,
    message: Def,
    input_required_result: Option<Def>,
    create_task_result: Option<Def>,
    /// Sorted by method name.
    methods: Vec<ResolvedMethod>,
    /// [`Resolved::method`]'s index into `methods` ([`MethodIndex`]).
    index: MethodIndex,
    errors: Vec<(i64, ErrorShape, Def)>,
}

const VERSIONS: usize = Version::ALL.len();
static RESOLVED: [OnceLock<Resolved>; VERSIONS] = [const { OnceLock::new() }; VERSIONS];

impl Resolved {
    /// The resolved tables of `spec`'s revision.
    pub fn of(spec: &'static Spec) -> &'static Resolved {
        let i = Version::ALL
            .iter()
            .position(|v| *v == spec.version)
            .unwrap_or(0);
        RESOLVED[i].get_or_init(|| Resolved::build(spec))
    }

    fn build(spec: &'static Spec) -> Resolved {
        let e = &spec.maps.envelopes;
        let mut methods: Vec<ResolvedMethod> = spec
            .maps
            .methods
            .iter()
            .map(|m| ResolvedMethod {
                entry: m,
                definition: Def::of(spec, m.definition),
                result: m.result.map(|r| Def::of(spec, r)),
                result_response: m.result_response.map(|r| Def::of(spec, r)),
            })
            .collect();
        // `Spec::method` takes the first entry of a name; a stable sort
        // keeps it first.
        methods.sort_by_key(|m| m.entry.method);
        let names: Vec<&str> = methods.iter().map(|m| m.entry.method).collect();
        let index = MethodIndex::build(&names);
        Resolved {
            request: Def::of(spec, e.request),
            notification: Def::of(spec, e.notification),
            result: Def::of(spec, e.result),
            error: Def::of(spec, e.error),
            message: Def::of(spec, e.message),
            input_required_result: e.input_required_result.map(|n| Def::of(spec, n)),
            create_task_result: spec
                .definition("CreateTaskResult")
                .map(|d| Def::of(spec, d.name)),
            methods,
            index,
            errors: spec
                .maps
                .error_codes
                .iter()
                .map(|c| (c.code, c.shape, Def::of(spec, c.definition)))
                .collect(),
        }
    }

    fn method(&self, method: &str) -> Option<&ResolvedMethod> {
        let methods = &self.methods;
        self.index
            .find(method, |i| methods[i].entry.method)
            .map(|i| &methods[i])
    }

    /// The envelope every message that is not a request, notification or
    /// response is checked against (`JSONRPCMessage`), as a check.
    pub fn message_check(&self) -> Check {
        check(self.message, Target::Message)
    }
}

/// An open-addressing table of a revision's method names (built once, never
/// inserted into afterwards): one cheap hash of the name and, as a rule,
/// one comparison per lookup, where the binary search it replaced compared
/// the name six or seven times. The hash is not keyed: the names in the
/// table are the spec's, so a crafted name can only probe the longest run
/// of occupied places (bounded by the table) and miss.
struct MethodIndex {
    /// Indices into the method list (`EMPTY`: free); a power of two long,
    /// at least twice the number of names.
    places: Vec<u16>,
}

const EMPTY: u16 = u16::MAX;

/// A multiply-rotate hash of a method name, 8 bytes at a time.
fn name_hash(name: &str) -> usize {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = (name.len() as u64).wrapping_mul(K);
    for chunk in name.as_bytes().chunks(8) {
        h = (h ^ le_word(chunk)).wrapping_mul(K).rotate_left(29);
    }
    (h ^ (h >> 32)) as usize
}

/// At most 8 bytes as a little-endian word, zero-padded (what
/// `u64::from_le_bytes` gives for them copied into a zeroed `[u8; 8]`,
/// without the `memcpy` call that copy compiles to).
#[inline]
fn le_word(bytes: &[u8]) -> u64 {
    match <[u8; 8]>::try_from(bytes) {
        Ok(w) => u64::from_le_bytes(w),
        Err(_) => bytes.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b)),
    }
}

impl MethodIndex {
    /// The index of `names` (in order; a repeated name keeps its first
    /// place, as [`Spec::method`] takes the first entry of a name).
    fn build(all: &[&str]) -> MethodIndex {
        let len = (all.len() * 2).next_power_of_two().max(8);
        let mut places = vec![EMPTY; len];
        for (i, name) in all.iter().enumerate() {
            let mut at = name_hash(name) & (len - 1);
            loop {
                match places[at] {
                    EMPTY => {
                        places[at] = u16::try_from(i).expect("fewer than 65,535 methods");
                        break;
                    }
                    j if all[usize::from(j)] == *name => break,
                    _ => at = (at + 1) & (len - 1),
                }
            }
        }
        MethodIndex { places }
    }

    /// The index of `name`, given each index's name.
    fn find<'a>(&self, name: &str, name_of: impl Fn(usize) -> &'a str) -> Option<usize> {
        let mask = self.places.len() - 1;
        let mut at = name_hash(name) & mask;
        loop {
            match self.places[at] {
                EMPTY => return None,
                j if name_of(usize::from(j)) == name => return Some(usize::from(j)),
                _ => at = (at + 1) & mask,
            }
        }
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

/// The result values the core protocol defines for `resultType`.
pub const CORE_RESULT_TYPES: [&str; 2] = ["complete", "input_required"];
/// `resultType` values of known extensions, checked against the envelope only.
pub const EXTENSION_RESULT_TYPES: [&str; 1] = ["task"];

/// Plan for a successful response, given the request it answers (`None`
/// when no request with its id was seen: envelope only).
pub fn plan_result(spec: &'static Spec, head: &MessageHead, request: Option<&Pending>) -> Plan {
    let mut plan = Plan::default();
    let resolved = Resolved::of(spec);
    let envelope = resolved.result;
    let Some(request) = request else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    let Some(found) = resolved.method(&request.method) else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    let entry = found.entry;
    if let Some(task) = resolved.create_task_result {
        let answered_as_task = match request.task_answer {
            TaskAnswer::Plain | TaskAnswer::Ignored => false,
            TaskAnswer::Task => true,
            TaskAnswer::Either => {
                // Unknown task support: judged by the answer's own shape.
                let as_task = head.result_task;
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
            plan.check(task, Target::Result);
            return plan;
        }
    }
    let (Some(result_def), Some(result)) = (found.result, entry.result) else {
        plan.check(envelope, Target::Message);
        return plan;
    };
    let declares_result_type = !spec.maps.result_type_declarers.is_empty();
    let result_type = head.result_type.as_deref();
    let method = &request.method;
    match result_type {
        Some(rt) if declares_result_type && EXTENSION_RESULT_TYPES.contains(&rt) => {
            // SEP-2663 task envelopes belong to the tasks extension's own
            // schema, which this revision does not carry.
            plan.check(envelope, Target::Message);
        }
        Some("input_required") if declares_result_type => {
            plan.check(envelope, Target::Message);
            match resolved.input_required_result {
                Some(irr) if entry.admits_input_required => plan.check(irr, Target::Result),
                _ => {
                    let schema = found
                        .result_response
                        .and_then(|r| r.fns)
                        .or(result_def.fns)
                        .map_or("", |d| d.pointer);
                    plan.violations.push(Finding {
                        definition: entry.result_response.unwrap_or(result),
                        target: if entry.result_response.is_some() {
                            Target::Message
                        } else {
                            Target::Result
                        },
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
                    plan.check(result_def, Target::Result);
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
            match found.result_response {
                // The spec's own response definition is exact when its
                // `result` is a plain reference (no InputRequiredResult).
                Some(response) if !entry.admits_input_required => {
                    plan.check(envelope, Target::Message);
                    plan.check(response, Target::Message);
                }
                _ => {
                    plan.check(envelope, Target::Message);
                    plan.check(result_def, Target::Result);
                }
            }
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn le_word_is_the_zero_padded_copy() {
        let text = b"notifications/initialized";
        for start in 0..text.len() {
            for end in start..=text.len().min(start + 8) {
                let bytes = &text[start..end];
                let mut w = [0u8; 8];
                w[..bytes.len()].copy_from_slice(bytes);
                assert_eq!(le_word(bytes), u64::from_le_bytes(w), "{bytes:?}");
            }
        }
    }
}

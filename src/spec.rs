//! The run-time face of one generated revision: its dispatch tables and its
//! validator functions, as plain static data. Everything that works across
//! revisions (dispatch, sessions, the CLI) goes through [`Spec`]; nothing
//! here reads or walks a schema.

use serde::Serialize;

use crate::Version;

/// Defines [`Version::spec`] from the revision list (`for_each_revision!`):
/// each revision compiled in answers its module's `SPEC`.
macro_rules! define_version_spec {
    ($([$variant:ident, $module:ident, $feature:literal, $name:literal, $variant_doc:literal, $module_doc:literal]),* $(,)?) => {
        impl Version {
            /// The generated tables and validators of this revision, or `None` when
            /// its cargo feature is off.
            pub fn spec(self) -> Option<&'static Spec> {
                match self {
                    $(
                        #[cfg(feature = $feature)]
                        Version::$variant => Some(&crate::$module::SPEC),
                    )*
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}

for_each_revision!(define_version_spec);

impl Version {
    /// The revisions compiled into this build.
    pub fn enabled() -> impl Iterator<Item = Version> {
        Version::ALL.into_iter().filter(|v| v.spec().is_some())
    }

    /// The dispatch maps extracted from this revision's schema, if enabled.
    pub fn dispatch_maps(self) -> Option<&'static DispatchMaps> {
        self.spec().map(|s| s.maps)
    }
}

/// One revision's generated tables.
#[derive(Debug)]
pub struct Spec {
    /// The revision.
    pub version: Version,
    /// sha256 of the `schema.json` it was generated from.
    pub schema_sha256: &'static str,
    /// The dispatch maps.
    pub maps: &'static DispatchMaps,
    /// Every definition's row (`Value` checks and bytes validator), sorted by name.
    pub definitions: &'static [DefinitionFns],
    /// The constraint table: every verdict-relevant keyword by schema
    /// pointer, what [`crate::constraints::compare`] compares between
    /// revisions (`mcpwire diff`).
    pub constraints: &'static str,
}

impl Spec {
    /// The check functions of a definition, by schema name.
    pub fn definition(&self, name: &str) -> Option<&'static DefinitionFns> {
        self.definitions
            .binary_search_by(|d| d.name.cmp(name))
            .ok()
            .map(|i| &self.definitions[i])
    }

    /// The dispatch entry of a method.
    pub fn method(&self, method: &str) -> Option<&'static MethodEntry> {
        self.maps.methods.iter().find(|m| m.method == method)
    }

    /// The dispatch entry of an error code.
    pub fn error_code(&self, code: i64) -> Option<&'static ErrorCodeEntry> {
        self.maps.error_codes.iter().find(|e| e.code == code)
    }
}

// The generated checks of one definition live in `mcpwire-runtime` (the
// `mcpwire-macros` proc macro's validators fill the same table).
pub use mcpwire_runtime::DefinitionFns;

/// What the dispatch stage extracted from one schema. Serialized (sorted)
/// into `tests/snapshots/dispatch/<module>.json`, so a re-sync that changes
/// any of it fails a test.
#[derive(Debug, Serialize)]
pub struct DispatchMaps {
    /// The revision name.
    pub revision: &'static str,
    /// Number of definitions.
    pub definition_count: usize,
    /// Every definition name, sorted.
    pub definitions: &'static [&'static str],
    /// JSON-RPC envelope definitions of this revision.
    pub envelopes: Envelopes,
    /// method → definition, sorted by method.
    pub methods: &'static [MethodEntry],
    /// error code → definition, sorted by code.
    pub error_codes: &'static [ErrorCodeEntry],
    /// Definitions that declare a `resultType` member, sorted.
    pub result_type_declarers: &'static [&'static str],
    /// Typed definitions whose every valid instance satisfies what their
    /// envelope asks where dispatch plans them, sorted: a request,
    /// notification or `XxxResultResponse` definition implies its whole
    /// envelope; a result definition (planned on `result`) implies the
    /// `Result` the result envelope reads there. Proved by codegen on the
    /// schema (`codegen/src/dispatch/implies.rs`); the session skips the checks
    /// these make redundant ([`DispatchMaps::implies`]).
    pub implies_envelope: &'static [&'static str],
}

impl DispatchMaps {
    /// Whether `typed` implies its envelope ([`DispatchMaps::implies_envelope`]).
    pub fn implies(&self, typed: &str) -> bool {
        self.implies_envelope.binary_search(&typed).is_ok()
    }
}

/// Envelope definition names (they differ by revision).
#[derive(Debug, Serialize)]
pub struct Envelopes {
    /// `JSONRPCRequest`.
    pub request: &'static str,
    /// `JSONRPCNotification`.
    pub notification: &'static str,
    /// `JSONRPCResponse` (≤ 2025-06-18) or `JSONRPCResultResponse`.
    pub result: &'static str,
    /// `JSONRPCError` (≤ 2025-06-18) or `JSONRPCErrorResponse`.
    pub error: &'static str,
    /// `JSONRPCMessage`.
    pub message: &'static str,
    /// The `Error` object definition, where the revision has one.
    pub error_object: Option<&'static str>,
    /// `InputRequiredResult`, where the revision has one.
    pub input_required_result: Option<&'static str>,
    /// Whether what the message head reads implies the request and
    /// notification envelopes (proved by codegen on the schema; up to
    /// 2025-11-25 they ask nothing else): then the session checks neither
    /// when the head shows them valid (`session::envelope`).
    pub shown_by_head: bool,
}

/// Whether a method is a request or a notification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodKind {
    /// Has an `id`; answered by a result or error.
    Request,
    /// No `id`; never answered.
    Notification,
}

/// One method of a revision.
#[derive(Debug, Serialize)]
pub struct MethodEntry {
    /// The `method` const.
    pub method: &'static str,
    /// The definition whose `method` const it is.
    pub definition: &'static str,
    /// Request or notification.
    pub kind: MethodKind,
    /// Sent by the client (listed in `ClientRequest`/`ClientNotification`).
    pub client_sends: bool,
    /// Sent by the server (listed in `ServerRequest`/`ServerNotification`).
    pub server_sends: bool,
    /// Only carried inside `InputRequiredResult.inputRequests` (2026-07-28 on):
    /// not a standalone JSON-RPC message.
    pub embedded: bool,
    /// The result definition that answers the request (`XxxResult`, or
    /// `EmptyResult` for requests with no own result).
    pub result: Option<&'static str>,
    /// The spec's own whole-response definition (`XxxResultResponse`).
    pub result_response: Option<&'static str>,
    /// Whether the result may be an `InputRequiredResult` (its
    /// `XxxResultResponse.result` admits one).
    pub admits_input_required: bool,
}

/// Whether an error-code definition describes the whole message or the
/// `error` member.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorShape {
    /// The definition is a whole JSON-RPC error response (`properties.error.allOf[*].properties.code.const`).
    Message,
    /// The definition is an `Error` object (`properties.code.const`).
    ErrorObject,
}

/// One error code with its own definition.
#[derive(Debug, Serialize)]
pub struct ErrorCodeEntry {
    /// The `code` const.
    pub code: i64,
    /// The definition.
    pub definition: &'static str,
    /// What the definition describes.
    pub shape: ErrorShape,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "default")]
    fn default_build_enables_every_revision() {
        assert_eq!(Version::enabled().count(), Version::ALL.len());
    }
}

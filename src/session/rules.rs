//! The conversation's protocol rules (lifecycle, capabilities, JSON-RPC,
//! the run-time schemas' contracts):
//! each a [`Rule`] with a stable id and the spec sentence it rests on.
//! `docs/rules.md` lists them; [`ALL`] is that list in code (a test keeps
//! the two in step).

use crate::{
    rule::{Rule, Severity},
    Version,
};

/// JSON-RPC 2.0 §5: a response carries `result` or `error`, never both.
pub const RESULT_AND_ERROR: Rule = Rule {
    id: "jsonrpc.result-and-error",
    severity: Severity::Error,
    since: Version::V2024_11_05,
    source: "https://www.jsonrpc.org/specification#response_object",
    quote: "Either the result member or error member MUST be included, but both members MUST NOT be included.",
};

/// Lifecycle: the client sends only pings before the `initialize` result.
pub const CLIENT_REQUEST_BEFORE_INITIALIZED: Rule = Rule {
    id: "lifecycle.client-request-before-initialize-result",
    severity: Severity::Warning,
    since: Version::V2024_11_05,
    source: "docs/2025-11-25/basic/lifecycle.mdx",
    quote: "The client SHOULD NOT send requests other than pings before the server has responded to the initialize request.",
};

/// Lifecycle: the server sends only pings and logging before
/// `notifications/initialized`.
pub const SERVER_REQUEST_BEFORE_INITIALIZED: Rule = Rule {
    id: "lifecycle.server-request-before-initialized",
    severity: Severity::Warning,
    since: Version::V2024_11_05,
    source: "docs/2025-11-25/basic/lifecycle.mdx",
    quote: "The server SHOULD NOT send requests other than pings and logging before receiving the initialized notification.",
};

/// Lifecycle: initialization happens once, first.
pub const SECOND_INITIALIZE: Rule = Rule {
    id: "lifecycle.second-initialize",
    severity: Severity::Warning,
    since: Version::V2024_11_05,
    source: "docs/2025-11-25/basic/lifecycle.mdx",
    quote: "The initialization phase MUST be the first interaction between client and server.",
};

/// A capability-gated request or notification, and the rule it breaks
/// when the receiver (for notifications: the sender) did not declare it.
#[derive(Debug)]
pub struct Gate {
    /// The method.
    pub method: &'static str,
    /// The capability path that must be declared (`["resources", "subscribe"]`).
    pub capability: &'static [&'static str],
    /// Whose capability: the client's (`true`) or the server's.
    pub client: bool,
    /// The rule.
    pub rule: &'static Rule,
}

macro_rules! capability_rule {
    ($name:ident, $id:literal, $since:ident, $source:literal, $quote:literal) => {
        #[doc = concat!("`", $id, "`: ", $quote)]
        pub const $name: Rule = Rule {
            id: $id,
            severity: Severity::Warning,
            since: Version::$since,
            source: $source,
            quote: $quote,
        };
    };
}

capability_rule!(
    SAMPLING,
    "capability.sampling-undeclared",
    V2024_11_05,
    "docs/2025-11-25/client/sampling.mdx",
    "Clients that support sampling MUST declare the sampling capability during initialization"
);
capability_rule!(
    ELICITATION,
    "capability.elicitation-undeclared",
    V2025_06_18,
    "docs/2025-11-25/client/elicitation.mdx",
    "Clients that support elicitation MUST declare the elicitation capability during initialization"
);
capability_rule!(
    ROOTS,
    "capability.roots-undeclared",
    V2024_11_05,
    "docs/2025-11-25/client/roots.mdx",
    "Clients that support roots MUST declare the roots capability during initialization"
);
capability_rule!(
    TOOLS,
    "capability.tools-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/tools.mdx",
    "Servers that support tools MUST declare the tools capability"
);
capability_rule!(
    RESOURCES,
    "capability.resources-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/resources.mdx",
    "Servers that support resources MUST declare the resources capability"
);
capability_rule!(
    SUBSCRIBE,
    "capability.resources-subscribe-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/resources.mdx",
    "subscribe: whether the client can subscribe to be notified of changes to individual resources."
);
capability_rule!(
    PROMPTS,
    "capability.prompts-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/prompts.mdx",
    "Servers that support prompts MUST declare the prompts capability during initialization"
);
capability_rule!(
    LOGGING,
    "capability.logging-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/utilities/logging.mdx",
    "Servers that emit log message notifications MUST declare the logging capability"
);
capability_rule!(
    COMPLETIONS,
    "capability.completions-undeclared",
    V2025_03_26,
    "docs/2025-11-25/server/utilities/completion.mdx",
    "Servers that support completions MUST declare the completions capability"
);
capability_rule!(
    TOOLS_LIST_CHANGED,
    "capability.tools-list-changed-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/tools.mdx",
    "When the list of available tools changes, servers that declared the listChanged capability SHOULD send a notification"
);
capability_rule!(
    RESOURCES_LIST_CHANGED,
    "capability.resources-list-changed-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/resources.mdx",
    "When the list of available resources changes, servers that declared the listChanged capability SHOULD send a notification"
);
capability_rule!(
    PROMPTS_LIST_CHANGED,
    "capability.prompts-list-changed-undeclared",
    V2024_11_05,
    "docs/2025-11-25/server/prompts.mdx",
    "When the list of available prompts changes, servers that declared the listChanged capability SHOULD send a notification"
);
capability_rule!(
    ROOTS_LIST_CHANGED,
    "capability.roots-list-changed-undeclared",
    V2024_11_05,
    "docs/2025-11-25/client/roots.mdx",
    "When roots change, clients that support listChanged MUST send a notification"
);

/// Requests and notifications gated by a capability. A request needs the
/// receiver's capability; a `list_changed` notification the sender's.
pub const GATES: &[Gate] = &[
    Gate {
        method: "sampling/createMessage",
        capability: &["sampling"],
        client: true,
        rule: &SAMPLING,
    },
    Gate {
        method: "elicitation/create",
        capability: &["elicitation"],
        client: true,
        rule: &ELICITATION,
    },
    Gate {
        method: "roots/list",
        capability: &["roots"],
        client: true,
        rule: &ROOTS,
    },
    Gate {
        method: "tools/list",
        capability: &["tools"],
        client: false,
        rule: &TOOLS,
    },
    Gate {
        method: "tools/call",
        capability: &["tools"],
        client: false,
        rule: &TOOLS,
    },
    Gate {
        method: "resources/list",
        capability: &["resources"],
        client: false,
        rule: &RESOURCES,
    },
    Gate {
        method: "resources/read",
        capability: &["resources"],
        client: false,
        rule: &RESOURCES,
    },
    Gate {
        method: "resources/templates/list",
        capability: &["resources"],
        client: false,
        rule: &RESOURCES,
    },
    Gate {
        method: "resources/subscribe",
        capability: &["resources", "subscribe"],
        client: false,
        rule: &SUBSCRIBE,
    },
    Gate {
        method: "resources/unsubscribe",
        capability: &["resources", "subscribe"],
        client: false,
        rule: &SUBSCRIBE,
    },
    Gate {
        method: "prompts/list",
        capability: &["prompts"],
        client: false,
        rule: &PROMPTS,
    },
    Gate {
        method: "prompts/get",
        capability: &["prompts"],
        client: false,
        rule: &PROMPTS,
    },
    Gate {
        method: "logging/setLevel",
        capability: &["logging"],
        client: false,
        rule: &LOGGING,
    },
    Gate {
        method: "notifications/message",
        capability: &["logging"],
        client: false,
        rule: &LOGGING,
    },
    Gate {
        method: "completion/complete",
        capability: &["completions"],
        client: false,
        rule: &COMPLETIONS,
    },
    Gate {
        method: "notifications/tools/list_changed",
        capability: &["tools", "listChanged"],
        client: false,
        rule: &TOOLS_LIST_CHANGED,
    },
    Gate {
        method: "notifications/resources/list_changed",
        capability: &["resources", "listChanged"],
        client: false,
        rule: &RESOURCES_LIST_CHANGED,
    },
    Gate {
        method: "notifications/prompts/list_changed",
        capability: &["prompts", "listChanged"],
        client: false,
        rule: &PROMPTS_LIST_CHANGED,
    },
    Gate {
        method: "notifications/roots/list_changed",
        capability: &["roots", "listChanged"],
        client: true,
        rule: &ROOTS_LIST_CHANGED,
    },
];

/// The gate of a method, if it has one.
pub fn gate(method: &str) -> Option<&'static Gate> {
    GATES.iter().find(|g| g.method == method)
}

/// Run-time schemas (`crate::contracts`): a schema must be valid in its
/// dialect. Judged by `crate::contracts::schema_validity` (the compiled
/// metaschemas of `crate::metaschema`) and by whether jsonschema can
/// compile it.
pub const SCHEMA_INVALID: Rule = Rule {
    id: "contract.schema-invalid",
    severity: Severity::Error,
    since: Version::V2025_11_25,
    source: "docs/2025-11-25/basic/index.mdx",
    quote: "Schemas MUST be valid according to their declared or default dialect",
};

/// Run-time schemas: a dialect other than 2020-12 is declared (peers need
/// support only 2020-12).
pub const DIALECT_NOT_2020_12: Rule = Rule {
    id: "contract.dialect-not-2020-12",
    severity: Severity::Warning,
    since: Version::V2025_11_25,
    source: "docs/2025-11-25/basic/index.mdx",
    quote: "Implementors are RECOMMENDED to use JSON Schema 2020-12.",
};

/// Run-time schemas: a dialect mcpwire does not judge (and a peer need
/// not support); the schema is not judged with.
pub const DIALECT_UNSUPPORTED: Rule = Rule {
    id: "contract.dialect-unsupported",
    severity: Severity::Warning,
    since: Version::V2025_11_25,
    source: "docs/2025-11-25/basic/index.mdx",
    quote: "Implementations MUST support at least 2020-12 and SHOULD document which additional dialects they support",
};

/// Run-time schemas: a `$ref` that does not resolve inside the schema
/// (never fetched); the schema is not judged with.
pub const REF_UNRESOLVABLE: Rule = Rule {
    id: "contract.ref-unresolvable",
    severity: Severity::Warning,
    since: Version::V2026_07_28,
    source: "docs/2026-07-28/basic/index.mdx",
    quote: "Schemas that fail to validate due to an unresolved external $ref SHOULD be rejected rather than silently treated as permissive.",
};

/// Run-time schemas: a schema (or a value judged against one) over
/// `crate::contracts::SchemaLimits`; not judged.
pub const SCHEMA_OVER_BOUNDS: Rule = Rule {
    id: "contract.schema-over-bounds",
    severity: Severity::Warning,
    since: Version::V2026_07_28,
    source: "docs/2026-07-28/basic/index.mdx",
    quote: "Implementations SHOULD apply reasonable bounds, such as a maximum schema depth, a cap on the total number of subschemas, or a per-validation time budget, to prevent a malicious schema from acting as a Denial-of-Service vector against the validator.",
};

/// Tools: `structuredContent` does not conform to the tool's `outputSchema`.
pub const STRUCTURED_CONTENT_SCHEMA: Rule = Rule {
    id: "contract.structured-content-schema",
    severity: Severity::Error,
    since: Version::V2025_06_18,
    source: "docs/2025-11-25/server/tools.mdx",
    quote: "Servers MUST provide structured results that conform to this schema.",
};

/// Tools: the tool declares an `outputSchema` and a result that is not an
/// error has no `structuredContent`.
pub const STRUCTURED_CONTENT_MISSING: Rule = Rule {
    id: "contract.structured-content-missing",
    severity: Severity::Error,
    since: Version::V2025_06_18,
    source: "docs/2025-11-25/server/tools.mdx",
    quote: "Servers MUST provide structured results that conform to this schema.",
};

/// Tools: `structuredContent` without a `TextContent` block holding the
/// same JSON.
pub const STRUCTURED_CONTENT_TEXT: Rule = Rule {
    id: "contract.structured-content-text",
    severity: Severity::Warning,
    since: Version::V2025_06_18,
    source: "docs/2025-11-25/server/tools.mdx",
    quote: "For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.",
};

/// Tools: a `tools/call`'s `arguments` do not conform to the tool's
/// `inputSchema` (input the server must refuse).
pub const ARGUMENTS_SCHEMA: Rule = Rule {
    id: "contract.arguments-schema",
    severity: Severity::Error,
    since: Version::V2024_11_05,
    source: "docs/2025-11-25/server/tools.mdx",
    quote: "Validate all tool inputs",
};

/// Elicitation: an accepted form's `content` does not conform to the
/// `requestedSchema` (directly, or 2026-07-28's `inputResponses`).
pub const ELICITATION_CONTENT_SCHEMA: Rule = Rule {
    id: "contract.elicitation-content-schema",
    severity: Severity::Warning,
    since: Version::V2025_06_18,
    source: "docs/2025-06-18/client/elicitation.mdx",
    quote: "Both parties SHOULD validate elicitation content against the provided schema",
};

/// The contract rules: the run-time schemas a conversation carries and
/// the values they govern (`crate::contracts`; applied with cargo
/// feature `contracts`).
pub const CONTRACTS: &[&Rule] = &[
    &SCHEMA_INVALID,
    &DIALECT_NOT_2020_12,
    &DIALECT_UNSUPPORTED,
    &REF_UNRESOLVABLE,
    &SCHEMA_OVER_BOUNDS,
    &STRUCTURED_CONTENT_SCHEMA,
    &STRUCTURED_CONTENT_MISSING,
    &STRUCTURED_CONTENT_TEXT,
    &ARGUMENTS_SCHEMA,
    &ELICITATION_CONTENT_SCHEMA,
];

/// Every conversation rule, in `docs/rules.md`'s order.
pub const ALL: &[&Rule] = &[
    &RESULT_AND_ERROR,
    &CLIENT_REQUEST_BEFORE_INITIALIZED,
    &SERVER_REQUEST_BEFORE_INITIALIZED,
    &SECOND_INITIALIZE,
    &SAMPLING,
    &ELICITATION,
    &ROOTS,
    &TOOLS,
    &RESOURCES,
    &SUBSCRIBE,
    &PROMPTS,
    &LOGGING,
    &COMPLETIONS,
    &TOOLS_LIST_CHANGED,
    &RESOURCES_LIST_CHANGED,
    &PROMPTS_LIST_CHANGED,
    &ROOTS_LIST_CHANGED,
    &SCHEMA_INVALID,
    &DIALECT_NOT_2020_12,
    &DIALECT_UNSUPPORTED,
    &REF_UNRESOLVABLE,
    &SCHEMA_OVER_BOUNDS,
    &STRUCTURED_CONTENT_SCHEMA,
    &STRUCTURED_CONTENT_MISSING,
    &STRUCTURED_CONTENT_TEXT,
    &ARGUMENTS_SCHEMA,
    &ELICITATION_CONTENT_SCHEMA,
];

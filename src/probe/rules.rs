//! The probe's own rules: what only a client that drives the server can
//! see (a request never answered in time, a declared feature that is not
//! served, a listing that loops, a wrong negotiation), each with the
//! sentence it rests on. They are reported as `check` reports a rule
//! (the id is the finding's keyword).

/// One probe rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeRule {
    /// The id (the finding's keyword).
    pub id: &'static str,
    /// Where the sentence is, and the sentence.
    pub sentence: &'static str,
}

/// A request got no answer within `--timeout`.
pub const TIMEOUT: ProbeRule = ProbeRule {
    id: "probe-timeout",
    sentence:
        "basic/lifecycle (Timeouts): \"Implementations SHOULD establish timeouts for all sent \
               requests, to prevent hung connections and resource exhaustion.\"",
};

/// The server's output ended (it exited or closed stdout) mid-conversation:
/// a warning (the sentence describes the shutdown; no MUST or SHOULD
/// forbids a server to end the connection).
pub const CLOSED: ProbeRule = ProbeRule {
    id: "probe-server-closed",
    sentence: "basic/lifecycle (Shutdown): \"During the shutdown phase, one side (usually the \
               client) cleanly terminates the protocol connection\"; the server's output ended \
               while a request of the probe was still waiting for its answer.",
};

/// A method the server's capabilities declare answered −32601: a warning
/// (no MUST or SHOULD sentence obliges a server to serve every method of a
/// capability it declares), but a violation for `ping`.
pub const DECLARED_NOT_SERVED: ProbeRule = ProbeRule {
    id: "probe-declared-not-served",
    sentence: "basic/lifecycle (Capability Negotiation): \"Client and server capabilities \
               establish which optional protocol features will be available during the \
               session.\"; a server that declares a capability offers its methods, and −32601 \
               means \"The method does not exist / is not available\" (JSON-RPC 2.0 §5.1); \
               for `ping`, basic/utilities/ping: \"The receiver MUST respond promptly with an \
               empty response\".",
};

/// An unknown method was not answered with −32601.
pub const UNKNOWN_METHOD: ProbeRule = ProbeRule {
    id: "probe-unknown-method",
    sentence: "JSON-RPC 2.0 §5.1: \"-32601 | Method not found | The method does not exist / is \
               not available.\"",
};

/// A listing returned a cursor it had returned before.
pub const CURSOR_LOOP: ProbeRule = ProbeRule {
    id: "probe-cursor-loop",
    sentence: "server/utilities/pagination (Implementation Guidelines): \"Servers SHOULD: \
               Provide stable cursors\"; a cursor seen twice makes the listing endless, so the \
               probe ends it there.",
};

/// The negotiated revision is not one the server supports.
pub const NEGOTIATION: ProbeRule = ProbeRule {
    id: "probe-negotiation",
    sentence: "basic/lifecycle (Version Negotiation): \"If the server supports the requested \
               protocol version, it MUST respond with the same version. Otherwise, the server \
               MUST respond with another protocol version it supports.\"",
};

/// `initialize` (or `server/discover`) got no usable answer.
pub const NO_HANDSHAKE: ProbeRule = ProbeRule {
    id: "probe-no-handshake",
    sentence: "basic/lifecycle (Initialization): \"The server MUST respond with its own \
               capabilities and information\".",
};

/// A request answered without a JSON-RPC response (HTTP: a status or
/// content type that carries none, a body or stream without it).
pub const NO_RESPONSE: ProbeRule = ProbeRule {
    id: "probe-no-response",
    sentence: "JSON-RPC 2.0 §5: \"When a rpc call is made, the Server MUST reply with a \
               Response, except for in the case of Notifications.\"",
};

/// A server on loopback served a request carrying a foreign `Origin`.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const ORIGIN: ProbeRule = ProbeRule {
    id: "probe-origin",
    sentence: "basic/transports (Security Warning; 2026-07-28: \
               basic/transports/streamable-http, Security & Endpoint): \"Servers MUST \
               validate the `Origin` header on all incoming connections to prevent DNS \
               rebinding attacks\"; from 2025-11-25: \"If the `Origin` header is present and \
               invalid, servers MUST respond with HTTP 403 Forbidden.\"",
};

/// `tools/call` of a tool the server did not list was not answered with
/// an error (a warning: no MUST or SHOULD sentence names the answer).
pub const UNKNOWN_TOOL: ProbeRule = ProbeRule {
    id: "probe-unknown-tool",
    sentence: "server/tools (Error Handling): \"Tools use two error reporting mechanisms: \
               1. Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools\" \
               (2026-07-28: \"Unknown tool\"; its example answers `-32602`); from 2025-06-18 \
               the schema's `CallToolResult.isError`: \"any errors in _finding_ the tool … \
               should be reported as an MCP error response\", and \"If not set, this is \
               assumed to be false (the call was successful)\".",
};

/// `prompts/get` of a prompt the server did not list was not answered
/// with `-32602`.
pub const UNKNOWN_PROMPT: ProbeRule = ProbeRule {
    id: "probe-unknown-prompt",
    sentence: "server/prompts (Error Handling): \"Servers SHOULD return standard JSON-RPC \
               errors for common failure cases: Invalid prompt name: `-32602` (Invalid \
               params)\".",
};

/// `resources/read` of a resource that does not exist was not answered
/// with the revision's error.
pub const UNKNOWN_RESOURCE: ProbeRule = ProbeRule {
    id: "probe-unknown-resource",
    sentence: "server/resources (Error Handling), up to 2025-11-25: \"Servers SHOULD return \
               standard JSON-RPC errors for common failure cases: Resource not found: \
               `-32002`\"; from 2026-07-28: \"If the requested resource does not exist, \
               servers MUST return a JSON-RPC error with code `-32602` (Invalid Params).\" \
               and \"clients SHOULD also accept `-32002` as a resource not found error\".",
};

/// `tools/call` with arguments that break the tool's `inputSchema` (a
/// required member missing, else a member of the wrong type) was answered
/// with neither a tool error result nor `-32602`.
pub const INVALID_ARGUMENTS: ProbeRule = ProbeRule {
    id: "probe-invalid-arguments",
    sentence: "server/tools (Security Considerations): \"Servers MUST: Validate all tool \
               inputs\"; (Error Handling) up to 2025-06-18 \"Protocol Errors: Standard \
               JSON-RPC errors for issues like: … Invalid arguments\"; from 2025-11-25 \"Tool \
               Execution Errors: Reported in tool results with `isError: true`: … Input \
               validation errors\"; a call whose arguments break the tool's `inputSchema` is \
               answered with `isError: true` or `-32602` (Invalid params).",
};

/// `prompts/get` without a required argument was not answered with
/// `-32602` (a warning: the sentence is a SHOULD).
pub const PROMPT_MISSING_ARGUMENT: ProbeRule = ProbeRule {
    id: "probe-prompt-missing-argument",
    sentence: "server/prompts (Error Handling): \"Servers SHOULD return standard JSON-RPC \
               errors for common failure cases: … Missing required arguments: `-32602` \
               (Invalid params)\".",
};

/// (HTTP) A server that requires a session id refused a request without
/// one with another status than 400.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const SESSION_MISSING: ProbeRule = ProbeRule {
    id: "probe-session-missing",
    sentence: "basic/transports (Session Management): \"Servers that require a session ID \
               SHOULD respond to requests without an Mcp-Session-Id header (other than \
               initialization) with HTTP 400 Bad Request.\"",
};

/// (HTTP) A request with a session id the server never issued was served.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const SESSION_MADE_UP: ProbeRule = ProbeRule {
    id: "probe-session-made-up",
    sentence: "basic/transports (Session Management): a session id is assigned by the server \
               \"at initialization time\", and for a session that no longer exists \"it MUST \
               respond to requests containing that session ID with HTTP 404 Not Found\"; an \
               id it never issued names no session, and a request carrying one was served.",
};

/// (HTTP) A request with the id of a session the client DELETEd was not
/// answered 404.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const SESSION_DELETED: ProbeRule = ProbeRule {
    id: "probe-session-deleted",
    sentence: "basic/transports (Session Management): \"The server MAY terminate the session at \
               any time, after which it MUST respond to requests containing that session ID \
               with HTTP 404 Not Found.\"",
};

/// (HTTP, 2025-06-18 on) A request without `MCP-Protocol-Version` in a
/// session was refused.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const VERSION_MISSING: ProbeRule = ProbeRule {
    id: "probe-version-missing",
    sentence: "basic/transports (Protocol Version Header): \"For backwards compatibility, if the \
               server does not receive an MCP-Protocol-Version header, and has no other way to \
               identify the version - for example, by relying on the protocol version \
               negotiated during initialization - the server SHOULD assume protocol version \
               2025-03-26.\"",
};

/// (HTTP, 2025-06-18 on) A request with an unsupported
/// `MCP-Protocol-Version` was not answered 400.
#[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
pub const VERSION_UNSUPPORTED: ProbeRule = ProbeRule {
    id: "probe-version-unsupported",
    sentence: "basic/transports (Protocol Version Header): \"If the server receives a request \
               with an invalid or unsupported MCP-Protocol-Version, it MUST respond with 400 Bad \
               Request.\"",
};

/// (2026-07-28 on) `subscriptions/listen` got no
/// `notifications/subscriptions/acknowledged` in time.
pub const LISTEN_UNACKNOWLEDGED: ProbeRule = ProbeRule {
    id: "probe-listen-unacknowledged",
    sentence: "basic/patterns/subscriptions (Acknowledgment): \"The server **MUST** send \
               `notifications/subscriptions/acknowledged` as the first message carrying the \
               subscription's ID in `_meta` under `io.modelcontextprotocol/subscriptionId`\"; \
               none came within the probe's wait.",
};

/// (2026-07-28 on) A notification on a subscription came before its
/// acknowledgement.
pub const LISTEN_BEFORE_ACK: ProbeRule = ProbeRule {
    id: "probe-listen-before-ack",
    sentence: "basic/patterns/subscriptions (Acknowledgment): the server \"**MUST NOT** send any \
               notification on the subscription before it\".",
};

/// (2026-07-28 on) A subscription carried, or acknowledged, a
/// notification type the client did not request.
pub const LISTEN_UNREQUESTED: ProbeRule = ProbeRule {
    id: "probe-listen-unrequested",
    sentence: "basic/patterns/subscriptions (Opening a Stream): \"The server **MUST NOT** send \
               notification types the client has not explicitly requested.\"; the \
               acknowledgment's `notifications` is \"The subset of requested notification types \
               the server agreed to honor\" (schema, SubscriptionsAcknowledgedNotificationParams).",
};

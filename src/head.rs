//! Names of the message members the session reads beyond the JSON-RPC
//! envelope, shared by the `Value` path ([`crate::session`]) and the bytes
//! path ([`crate::bytes::Message`]) so neither imports the other.

/// The `_meta` key carrying a request's protocol version (2026-07-28).
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// The `_meta` key carrying a request's client capabilities (2026-07-28).
pub const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// Requests a 2025-11-25 receiver may be asked to run as a task
/// (`params.task`; the schema's `CallToolRequestParams`,
/// `CreateMessageRequestParams`, `ElicitRequestFormParams` and
/// `ElicitRequestURLParams` carry `task`).
pub const TASK_AUGMENTABLE: [&str; 3] =
    ["tools/call", "sampling/createMessage", "elicitation/create"];

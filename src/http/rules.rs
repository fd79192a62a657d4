//! The HTTP-level rules of the Streamable HTTP (2025-03-26 on) and the
//! HTTP+SSE (2024-11-05) transports: status codes, content types, headers,
//! sessions and SSE use that the schema cannot state. Each is a
//! [`crate::Rule`] with a stable `http.*` id and the sentence it rests on
//! (markdown emphasis and links removed); `docs/http.md` lists them all and
//! `tests/http_rules.rs` checks every quote against its source file.
//!
//! A rule applies from [`Rule::since`] up to [`HttpRule::until`] (the
//! revisions that state it); [`HttpRule::applies`] says which.

use crate::{Rule, Severity, Version};

/// A transport rule and the last revision that states it.
#[derive(Debug, PartialEq, Eq)]
pub struct HttpRule {
    /// The rule (id, severity, first revision, source, quote).
    pub rule: Rule,
    /// The last revision stating it (`None`: still in force).
    pub until: Option<Version>,
}

impl HttpRule {
    /// Whether the rule applies at `revision`.
    pub fn applies(&self, revision: Version) -> bool {
        self.rule.applies(revision) && self.until.is_none_or(|u| revision <= u)
    }

    /// Its id.
    pub fn id(&self) -> &'static str {
        self.rule.id
    }
}

macro_rules! rules {
    ($( $(#[$doc:meta])* $name:ident = $id:literal, $sev:ident, $since:ident ..= $until:expr, $source:literal, $quote:literal; )*) => {
        $(
            $(#[$doc])*
            pub static $name: HttpRule = HttpRule {
                rule: Rule {
                    id: $id,
                    severity: Severity::$sev,
                    since: Version::$since,
                    source: $source,
                    quote: $quote,
                },
                until: $until,
            };
        )*
        /// Every HTTP rule, in `docs/http.md` order.
        pub static ALL: &[&HttpRule] = &[$(&$name),*];
    };
}

rules! {
    /// A POST's `Accept` lists both `application/json` and `text/event-stream`.
    POST_ACCEPT = "http.post-accept", Error, V2025_03_26 ..= None,
        "docs/2025-03-26/basic/transports.mdx",
        "The client MUST include an `Accept` header, listing both `application/json` and `text/event-stream` as supported content types.";
    /// A GET's `Accept` lists `text/event-stream`.
    GET_ACCEPT = "http.get-accept", Error, V2025_03_26 ..= Some(Version::V2025_11_25),
        "docs/2025-03-26/basic/transports.mdx",
        "The client MUST include an `Accept` header, listing `text/event-stream` as a supported content type.";
    /// A POST of only notifications/responses, accepted, is answered 202.
    ACCEPTED_STATUS = "http.accepted-status-202", Error, V2025_03_26 ..= None,
        "docs/2025-03-26/basic/transports.mdx",
        "If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.";
    /// A 202 has no body.
    ACCEPTED_EMPTY = "http.accepted-no-body", Error, V2025_03_26 ..= None,
        "docs/2025-03-26/basic/transports.mdx",
        "If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.";
    /// A POST carrying requests is answered `application/json` or `text/event-stream`.
    POST_CONTENT_TYPE = "http.post-response-content-type", Error, V2025_03_26 ..= None,
        "docs/2025-03-26/basic/transports.mdx",
        "If the input contains any number of JSON-RPC requests, the server MUST either return `Content-Type: text/event-stream`, to initiate an SSE stream, or `Content-Type: application/json`, to return one JSON object.";
    /// A GET is answered `text/event-stream` or 405.
    GET_CONTENT_TYPE = "http.get-response-content-type", Error, V2025_03_26 ..= Some(Version::V2025_11_25),
        "docs/2025-03-26/basic/transports.mdx",
        "The server MUST either return `Content-Type: text/event-stream` in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.";
    /// No response on the GET stream unless it resumes a request's stream.
    GET_STREAM_RESPONSE = "http.get-stream-no-response", Error, V2025_03_26 ..= Some(Version::V2025_11_25),
        "docs/2025-03-26/basic/transports.mdx",
        "The server MUST NOT send a JSON-RPC response on the stream unless resuming a stream associated with a previous client request.";
    /// Session ids are visible ASCII.
    SESSION_ID_ASCII = "http.session-id-visible-ascii", Error, V2025_03_26 ..= Some(Version::V2025_11_25),
        "docs/2025-03-26/basic/transports.mdx",
        "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E).";
    /// Once issued, the session id is on every later request.
    SESSION_ID_REQUIRED = "http.session-id-required", Error, V2025_03_26 ..= Some(Version::V2025_11_25),
        "docs/2025-03-26/basic/transports.mdx",
        "If an `Mcp-Session-Id` is returned by the server during initialization, clients using the Streamable HTTP transport MUST include it in the `Mcp-Session-Id` header on all of their subsequent HTTP requests.";
    /// `MCP-Protocol-Version` on every request after initialization.
    PROTOCOL_VERSION_HEADER = "http.protocol-version-header", Error, V2025_06_18 ..= Some(Version::V2025_11_25),
        "docs/2025-06-18/basic/transports.mdx",
        "If using HTTP, the client MUST include the `MCP-Protocol-Version: <protocol-version>` HTTP header on all subsequent requests to the MCP server, allowing the MCP server to respond based on the MCP protocol version.";
    /// The header names the negotiated revision.
    PROTOCOL_VERSION_NEGOTIATED = "http.protocol-version-negotiated", Warning, V2025_06_18 ..= Some(Version::V2025_11_25),
        "docs/2025-06-18/basic/transports.mdx",
        "The protocol version sent by the client SHOULD be the one negotiated during initialization.";
    /// 2026-07-28: `MCP-Protocol-Version` on every POST.
    PROTOCOL_VERSION_EVERY_POST = "http.protocol-version-every-post", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "Every POST request to the MCP endpoint MUST include an `MCP-Protocol-Version` header.";
    /// 2026-07-28: the header equals the body's `_meta` protocol version.
    PROTOCOL_VERSION_MATCHES_META = "http.protocol-version-matches-meta", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "The header value MUST match the `io.modelcontextprotocol/protocolVersion` field carried in the request body's `_meta`.";
    /// 2026-07-28: `Mcp-Method` on every request, equal to `method`.
    MCP_METHOD_HEADER = "http.mcp-method-header", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "These headers are REQUIRED for compliance.";
    /// 2026-07-28: `Mcp-Name` on tools/call, resources/read, prompts/get, equal to the name/uri.
    MCP_NAME_HEADER = "http.mcp-name-header", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "These headers are REQUIRED for compliance.";
    /// 2026-07-28: `Mcp-Param-{Name}` on `tools/call` for each argument the
    /// tool's `inputSchema` annotates with `x-mcp-header`, encoded, equal
    /// to the argument; omitted when the argument is absent or null.
    MCP_PARAM_HEADER = "http.mcp-param-header", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "When a server's tool definition includes `x-mcp-header` annotations, conforming clients MUST mirror the designated parameter values into HTTP headers.";
    /// 2026-07-28: a request whose headers disagree with its body is rejected.
    HEADER_MISMATCH_REJECTED = "http.header-mismatch-rejected", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "Servers that process the request body MUST reject requests where the values specified in the headers do not match the corresponding values in the request body.";
    /// 2026-07-28: −32020 HeaderMismatch travels with status 400.
    STATUS_400_HEADER_ERRORS = "http.status-400-for-header-errors", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "When rejecting a request due to header validation failure, servers MUST return HTTP status `400 Bad Request` and MUST include a JSON-RPC error response using the following error code:";
    /// 2026-07-28: −32021 MissingRequiredClientCapability travels with status 400.
    STATUS_400_MISSING_CAPABILITY = "http.status-400-for-missing-capability", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/index.mdx",
        "On HTTP, the response status MUST be `400 Bad Request`.";
    /// 2026-07-28: −32022 UnsupportedProtocolVersion travels with status 400.
    STATUS_400_UNSUPPORTED_VERSION = "http.status-400-for-unsupported-version", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "If the server does not implement the requested protocol version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with `400 Bad Request` and an `UnsupportedProtocolVersionError` listing its supported versions.";
    /// 2026-07-28: no requests on a response stream (MRTR instead).
    NO_REQUESTS_ON_STREAM = "http.no-requests-on-response-stream", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "The server MUST NOT send independent JSON-RPC requests on this stream.";
    /// 2026-07-28: the client sends no responses.
    NO_CLIENT_RESPONSES = "http.no-client-responses", Error, V2026_07_28 ..= None,
        "docs/2026-07-28/basic/transports/streamable-http.mdx",
        "The client MUST NOT send JSON-RPC responses.";
    /// 2025-11-25: an SSE stream answering a POST opens with a priming event.
    SSE_PRIMING_EVENT = "http.sse-priming-event", Warning, V2025_11_25 ..= Some(Version::V2025_11_25),
        "docs/2025-11-25/basic/transports.mdx",
        "The server SHOULD immediately send an SSE event consisting of an event ID and an empty `data` field in order to prime the client to reconnect (using that event ID as `Last-Event-ID`).";
    /// HTTP+SSE: the first event on the SSE endpoint is `endpoint`.
    LEGACY_ENDPOINT_EVENT = "http.legacy-endpoint-event", Error, V2024_11_05 ..= None,
        "docs/2024-11-05/basic/transports.mdx",
        "When a client connects, the server MUST send an `endpoint` event containing a URI for the client to use for sending messages.";
    /// HTTP+SSE: server messages are `message` events.
    LEGACY_MESSAGE_EVENT = "http.legacy-message-event", Error, V2024_11_05 ..= None,
        "docs/2024-11-05/basic/transports.mdx",
        "Server messages are sent as SSE `message` events, with the message content encoded as JSON in the event data.";
}

/// The rule with this id.
pub fn by_id(id: &str) -> Option<&'static HttpRule> {
    ALL.iter().copied().find(|r| r.rule.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_dotted() {
        let mut ids: Vec<_> = ALL.iter().map(|r| r.id()).collect();
        assert!(ids
            .iter()
            .all(|i| i.starts_with("http.") && !i.contains(' ')));
        ids.sort();
        let n = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), n);
    }

    #[test]
    fn ranges() {
        assert!(GET_ACCEPT.applies(Version::V2025_11_25));
        assert!(!GET_ACCEPT.applies(Version::V2026_07_28));
        assert!(!POST_ACCEPT.applies(Version::V2024_11_05));
        assert!(MCP_METHOD_HEADER.applies(Version::Draft));
    }
}

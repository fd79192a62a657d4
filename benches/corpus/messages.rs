//! Builders for realistic MCP messages, one method per message shape, for
//! revisions 2025-11-25 and 2026-07-28.
//!
//! The two revisions differ where it matters for these shapes:
//! - 2025-11-25 opens with `initialize`; 2026-07-28 has no handshake but
//!   `server/discover`, and every request carries its protocol version and
//!   client capabilities in `params._meta`;
//! - 2026-07-28 results carry `resultType`, cacheable ones `cacheScope` and
//!   `ttlMs`.
//!
//! Results of both revisions are checked as `JSONRPCResultResponse` plus the
//! result definition at `/result`, as `mcpwire::Session` does for
//! `resultType: "complete"`. Not with 2026-07-28's whole-response
//! definitions: `CallToolResultResponse.result` is `anyOf
//! [InputRequiredResult, CallToolResult]`, and the open `InputRequiredResult`
//! (only `resultType` required) accepts any broken `CallToolResult`.

use mcpwire::{Direction, Version};
use serde_json::{json, Map, Value};

use super::gen::{self, Rng};

/// Where in a message a definition applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// The whole message.
    Message,
    /// Its `result` member.
    Result,
}

/// One definition to check a message against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// Schema definition name (`CallToolResult`).
    pub definition: &'static str,
    /// What it applies to.
    pub target: Target,
}

impl Check {
    /// The part of `message` this check applies to.
    pub fn target<'a>(&self, message: &'a Value) -> Option<&'a Value> {
        match self.target {
            Target::Message => Some(message),
            Target::Result => message.get("result"),
        }
    }
}

/// A message with the definitions that judge it.
#[derive(Clone, Debug)]
pub struct Msg {
    /// The message.
    pub value: Value,
    /// Who sends it.
    pub direction: Direction,
    /// The definitions it must satisfy.
    pub checks: Vec<Check>,
}

/// Client name and version used in every handshake and request `_meta`.
fn client_info() -> Value {
    json!({"name": "bench-client", "title": "mcpwire bench client", "version": "1.4.2"})
}

fn server_info() -> Value {
    json!({
        "name": "bench-server",
        "title": "mcpwire bench server",
        "version": "3.0.0-rc.1",
        "websiteUrl": "https://example.com/bench-server",
        "icons": [{"src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"]}]
    })
}

/// Builds messages of one revision.
#[derive(Debug)]
pub struct Builder {
    version: Version,
    rng: Rng,
}

impl Builder {
    /// A builder for `version` (2025-11-25 or 2026-07-28), seeded.
    pub fn new(version: Version, seed: u64) -> Builder {
        assert!(
            matches!(version, Version::V2025_11_25 | Version::V2026_07_28),
            "the corpus knows 2025-11-25 and 2026-07-28, not {version}"
        );
        Builder {
            version,
            rng: Rng::new(seed),
        }
    }

    /// The revision built for.
    pub fn version(&self) -> Version {
        self.version
    }

    /// 2026-07-28 and later: stateless requests, `resultType`, …
    fn stateless(&self) -> bool {
        self.version >= Version::V2026_07_28
    }

    /// The random source, for callers that vary sizes.
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// `min` to `min + spread - 1` words of prose.
    fn text(&mut self, min: usize, spread: usize) -> String {
        let n = min + self.rng.below(spread);
        gen::words(&mut self.rng, n)
    }

    /// `params._meta` of a request, if it has one.
    fn request_meta(&self, progress_token: Option<Value>) -> Option<Value> {
        let mut meta = Map::new();
        if self.stateless() {
            meta.insert(
                "io.modelcontextprotocol/protocolVersion".into(),
                self.version.as_str().into(),
            );
            meta.insert(
                "io.modelcontextprotocol/clientCapabilities".into(),
                json!({"sampling": {}, "elicitation": {"form": {}}}),
            );
            meta.insert("io.modelcontextprotocol/clientInfo".into(), client_info());
        }
        if let Some(token) = progress_token {
            meta.insert("progressToken".into(), token);
        }
        (!meta.is_empty()).then_some(Value::Object(meta))
    }

    fn request(&self, id: u64, method: &str, mut params: Map<String, Value>) -> Value {
        let token = params.remove("_progress");
        if let Some(meta) = self.request_meta(token) {
            params.insert("_meta".into(), meta);
        }
        let mut msg = json!({"jsonrpc": "2.0", "id": id, "method": method});
        if !params.is_empty() {
            msg["params"] = Value::Object(params);
        }
        msg
    }

    fn request_msg(&self, value: Value, definition: &'static str) -> Msg {
        Msg {
            value,
            direction: Direction::ClientToServer,
            checks: vec![Check {
                definition,
                target: Target::Message,
            }],
        }
    }

    /// A result message; `cacheable` results of 2026-07-28 get `cacheScope`
    /// and `ttlMs`.
    fn result_msg(
        &self,
        id: u64,
        mut result: Value,
        definition: &'static str,
        cacheable: bool,
    ) -> Msg {
        if self.stateless() {
            result["resultType"] = "complete".into();
            result["_meta"] = json!({"io.modelcontextprotocol/serverInfo": {"name": "bench-server", "version": "3.0.0"}});
            if cacheable {
                result["cacheScope"] = "private".into();
                result["ttlMs"] = 30_000.into();
            }
        }
        let checks = vec![
            Check {
                definition: "JSONRPCResultResponse",
                target: Target::Message,
            },
            Check {
                definition,
                target: Target::Result,
            },
        ];
        Msg {
            value: json!({"jsonrpc": "2.0", "id": id, "result": result}),
            direction: Direction::ServerToClient,
            checks,
        }
    }

    /// `initialize` (2025-11-25) or `server/discover` (2026-07-28).
    pub fn handshake_request(&self, id: u64) -> Msg {
        if self.stateless() {
            return self.request_msg(
                self.request(id, "server/discover", Map::new()),
                "DiscoverRequest",
            );
        }
        let params = json!({
            "protocolVersion": self.version.as_str(),
            "capabilities": {
                "roots": {"listChanged": true},
                "sampling": {"context": {}, "tools": {}},
                "elicitation": {"form": {}, "url": {}},
                "experimental": {"bench": {"enabled": true}}
            },
            "clientInfo": client_info()
        });
        let Value::Object(params) = params else {
            unreachable!("json! object")
        };
        self.request_msg(self.request(id, "initialize", params), "InitializeRequest")
    }

    /// The answer to [`Builder::handshake_request`].
    pub fn handshake_result(&self, id: u64) -> Msg {
        let capabilities = json!({
            "tools": {"listChanged": true},
            "resources": {"subscribe": true, "listChanged": true},
            "prompts": {"listChanged": false},
            "logging": {},
            "completions": {}
        });
        let instructions = "Use `search_*` tools before `update_*` tools. Resources under \
                            file:///workspace are read-only.";
        if self.stateless() {
            let mut msg = self.result_msg(
                id,
                json!({
                    "supportedVersions": ["2026-07-28"],
                    "capabilities": capabilities,
                    "instructions": instructions
                }),
                "DiscoverResult",
                true,
            );
            msg.value["result"]["cacheScope"] = "public".into();
            return msg;
        }
        self.result_msg(
            id,
            json!({
                "protocolVersion": self.version.as_str(),
                "capabilities": capabilities,
                "serverInfo": server_info(),
                "instructions": instructions
            }),
            "InitializeResult",
            false,
        )
    }

    /// `notifications/initialized` (2025-11-25 only).
    pub fn initialized(&self) -> Option<Msg> {
        (!self.stateless()).then(|| Msg {
            value: json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            direction: Direction::ClientToServer,
            checks: vec![Check {
                definition: "InitializedNotification",
                target: Target::Message,
            }],
        })
    }

    /// `tools/list`.
    pub fn tools_list_request(&self, id: u64) -> Msg {
        let mut params = Map::new();
        if self.stateless() {
            params.insert("cursor".into(), "page-1".into());
        }
        self.request_msg(self.request(id, "tools/list", params), "ListToolsRequest")
    }

    /// One tool with an `inputSchema` of 3–8 properties.
    fn tool(&mut self, i: usize) -> Value {
        let name = gen::ident(&mut self.rng, i);
        let mut properties = Map::new();
        let mut required = Vec::new();
        for p in 0..3 + self.rng.below(6) {
            let key = format!("arg{p}_{}", gen::ident(&mut self.rng, p));
            let description = self.text(6, 10);
            let schema = match self.rng.below(5) {
                0 => json!({"type": "string", "description": description}),
                1 => {
                    json!({"type": "integer", "minimum": 0, "maximum": 1000, "description": description})
                }
                2 => json!({"type": "string", "enum": ["asc", "desc", "none"], "default": "asc"}),
                3 => json!({"type": "array", "items": {"type": "string"}, "maxItems": 50}),
                _ => json!({
                    "type": "object",
                    "properties": {"lat": {"type": "number"}, "lon": {"type": "number"}},
                    "required": ["lat", "lon"]
                }),
            };
            if self.rng.one_in(2) {
                required.push(Value::String(key.clone()));
            }
            properties.insert(key, schema);
        }
        let mut tool = json!({
            "name": name,
            "title": gen::words(&mut self.rng, 3),
            "description": self.text(20, 30),
            "inputSchema": {
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "type": "object",
                "properties": properties,
                "required": required
            },
            "annotations": {
                "title": gen::words(&mut self.rng, 2),
                "readOnlyHint": self.rng.one_in(2),
                "destructiveHint": self.rng.one_in(4),
                "idempotentHint": self.rng.one_in(2),
                "openWorldHint": false
            }
        });
        if self.rng.one_in(3) {
            tool["outputSchema"] = json!({
                "type": "object",
                "properties": {"items": {"type": "array"}, "count": {"type": "integer"}},
                "required": ["items"]
            });
        }
        if self.rng.one_in(4) {
            tool["icons"] = json!([{"src": format!("https://example.com/icons/{i}.svg"), "mimeType": "image/svg+xml", "sizes": ["any"]}]);
        }
        if !self.stateless() && self.rng.one_in(5) {
            tool["execution"] = json!({"taskSupport": "optional"});
        }
        tool
    }

    /// A `tools/list` result with `n` tools.
    pub fn tools_list_result(&mut self, id: u64, n: usize) -> Msg {
        let tools: Vec<Value> = (0..n).map(|i| self.tool(i)).collect();
        self.result_msg(
            id,
            json!({"tools": tools, "nextCursor": "page-2"}),
            "ListToolsResult",
            true,
        )
    }

    /// `tools/call` with a progress token.
    pub fn call_tool_request(&mut self, id: u64) -> Msg {
        let name = gen::ident(&mut self.rng, id as usize % 200);
        let params = json!({
            "name": name,
            "arguments": {
                "query": gen::words(&mut self.rng, 5),
                "limit": 20,
                "filters": {"state": "open", "labels": ["bug", "p1"]}
            },
            "_progress": format!("progress-{id}")
        });
        let Value::Object(params) = params else {
            unreachable!("json! object")
        };
        self.request_msg(self.request(id, "tools/call", params), "CallToolRequest")
    }

    /// A `tools/call` result: `blocks` content blocks (mostly text, some
    /// resource links, one embedded resource) and, if `structured`, a
    /// `structuredContent` object of `blocks / 2` records.
    pub fn call_tool_result(&mut self, id: u64, blocks: usize, structured: bool) -> Msg {
        let mut content = Vec::with_capacity(blocks);
        for i in 0..blocks {
            let block = match i % 25 {
                7 => json!({
                    "type": "resource_link",
                    "uri": format!("file:///workspace/src/module_{i}.rs"),
                    "name": format!("module_{i}.rs"),
                    "mimeType": "text/x-rust",
                    "size": 1024 + i
                }),
                13 => json!({
                    "type": "resource",
                    "resource": {
                        "uri": format!("file:///workspace/notes/{i}.md"),
                        "mimeType": "text/markdown",
                        "text": gen::words(&mut self.rng, 40)
                    }
                }),
                _ => json!({
                    "type": "text",
                    "text": self.text(10, 40),
                    "annotations": {"audience": ["user", "assistant"], "priority": 0.5}
                }),
            };
            content.push(block);
        }
        let mut result = json!({"content": content, "isError": false});
        if structured {
            let records: Vec<Value> = (0..blocks / 2)
                .map(|i| {
                    json!({
                        "id": i,
                        "title": gen::words(&mut self.rng, 4),
                        "score": (i as f64) / 7.0,
                        "tags": ["alpha", "beta"],
                        "owner": {"login": gen::ident(&mut self.rng, i), "admin": i.is_multiple_of(3)}
                    })
                })
                .collect();
            result["structuredContent"] = json!({"items": records, "count": blocks / 2});
        }
        self.result_msg(id, result, "CallToolResult", false)
    }

    /// `resources/read`.
    pub fn read_resource_request(&mut self, id: u64, uri: &str) -> Msg {
        let mut params = Map::new();
        params.insert("uri".into(), uri.into());
        self.request_msg(
            self.request(id, "resources/read", params),
            "ReadResourceRequest",
        )
    }

    /// A `resources/read` result: one blob of `blob_bytes` raw bytes
    /// (base64 makes it 4/3 larger) and a short text resource.
    pub fn read_resource_result(&mut self, id: u64, blob_bytes: usize) -> Msg {
        let data = gen::bytes(&mut self.rng, blob_bytes);
        let result = json!({
            "contents": [
                {"uri": "file:///workspace/assets/diagram.png", "mimeType": "image/png", "blob": gen::base64(&data)},
                {"uri": "file:///workspace/assets/diagram.txt", "mimeType": "text/plain", "text": gen::words(&mut self.rng, 30)}
            ]
        });
        self.result_msg(id, result, "ReadResourceResult", true)
    }

    /// `notifications/progress` for the request whose token is `token`.
    pub fn progress(&mut self, token: Value, step: u64, total: u64) -> Msg {
        let mut params = json!({"progressToken": token, "progress": step as f64 * 12.5});
        if self.rng.one_in(2) {
            params["total"] = (total as f64 * 12.5).into();
        }
        if self.rng.one_in(2) {
            params["message"] = gen::words(&mut self.rng, 6).into();
        }
        Msg {
            value: json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": params}),
            direction: Direction::ServerToClient,
            checks: vec![Check {
                definition: "ProgressNotification",
                target: Target::Message,
            }],
        }
    }

    /// `notifications/message` (server log).
    pub fn log_message(&mut self) -> Msg {
        let level = *self
            .rng
            .pick(&["debug", "info", "notice", "warning", "error"]);
        Msg {
            value: json!({
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {
                    "level": level,
                    "logger": "bench.tools",
                    "data": {"event": gen::words(&mut self.rng, 5), "elapsed_ms": 12}
                }
            }),
            direction: Direction::ServerToClient,
            checks: vec![Check {
                definition: "LoggingMessageNotification",
                target: Target::Message,
            }],
        }
    }

    /// An error response; `kind` picks one of five realistic errors.
    pub fn error_response(&mut self, id: Value, kind: usize) -> Msg {
        let error = match kind % 5 {
            0 => json!({"code": -32601, "message": "Method not found: prompts/list"}),
            1 => json!({
                "code": -32602,
                "message": "Invalid params: missing required argument `query`",
                "data": {"pointer": "/params/arguments/query", "expected": "string"}
            }),
            2 => {
                json!({"code": -32603, "message": "Internal error", "data": gen::words(&mut self.rng, 25)})
            }
            3 => json!({
                "code": -32002,
                "message": "Resource not found",
                "data": {"uri": "file:///workspace/missing.txt"}
            }),
            _ => {
                json!({"code": -32000, "message": "Upstream timeout", "data": {"retryAfterMs": 1500, "attempts": [1, 2, 3]}})
            }
        };
        Msg {
            value: json!({"jsonrpc": "2.0", "id": id, "error": error}),
            direction: Direction::ServerToClient,
            checks: vec![Check {
                definition: "JSONRPCErrorResponse",
                target: Target::Message,
            }],
        }
    }
}

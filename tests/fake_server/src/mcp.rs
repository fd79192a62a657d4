//! `--mcp FLAWS`: a small answering MCP server with planted defects, for
//! `mcpwire probe`'s tests. It answers `initialize` with the offered
//! revision (or 2025-06-18 for one it does not know), declares tools,
//! prompts, resources (with `subscribe`), logging and completions, and
//! serves ping, the listings (two pages of tools: `add`, then `echo` and
//! `delete-everything`; one resource template),
//! `resources/read`, `resources/subscribe` / `unsubscribe`, `prompts/get`,
//! `tools/call`, `logging/setLevel` and `completion/complete`; an unknown
//! tool or prompt, a missing argument or one of the wrong type gets
//! −32602, an unknown resource
//! −32002, any other request −32601. `FLAWS` is a comma-separated list
//! (`good` for none):
//!
//! - `banner`: prints a line of text on stdout before anything else;
//! - `silent`: never answers `initialize` (reads on, answers nothing);
//! - `crash:METHOD`: exits (status 3) on receiving METHOD, saying so on
//!   standard error;
//! - `hang:METHOD`: never answers METHOD (answers everything else);
//! - `invalid-json`: writes a broken JSON line after the `initialize` answer;
//! - `twice`: answers every request twice;
//! - `cursor-loop`: `tools/list` pages return the same cursor for ever;
//! - `prompts-not-served`: declares `prompts` but answers −32601;
//! - `unknown-ok`: answers an unknown method with a result;
//! - `unknown-tool-ok`: answers `tools/call` of an unknown tool with a result;
//! - `prompt-error`: answers every `prompts/get` with −32603;
//! - `unknown-prompt-ok`: answers `prompts/get` of an unknown prompt with a result;
//! - `unknown-resource-ok`: answers `resources/read` of an unknown resource
//!   with an empty `contents`;
//! - `invalid-arguments-ok`: answers `tools/call add` without `a` or `b` with a
//!   result (the missing one taken as 0), and `tools/call echo` with a `text`
//!   that is not a string with a result (its JSON text);
//! - `prompt-missing-argument-ok`: answers `prompts/get greet` without `who`
//!   with a result;
//! - `features-not-served`: declares logging, completions and subscriptions
//!   but answers their methods −32601;
//! - `bare`: declares `tools` only;
//! - `downgrade`: answers `initialize` with 2024-11-05 whatever is offered,
//!   but offered 2024-11-05 answers 2025-03-26.

use std::io::{self, BufRead, Write};

use serde_json::{json, Value};

const KNOWN: [&str; 4] = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

fn has(flaws: &str, flaw: &str) -> bool {
    flaws.split(',').any(|f| f == flaw)
}

fn target(flaws: &str, kind: &str, method: &str) -> bool {
    flaws
        .split(',')
        .filter_map(|f| f.strip_prefix(kind))
        .any(|m| m == method)
}

/// Serves standard input until it ends; returns the exit status.
pub fn serve(flaws: &str) -> u8 {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    if has(flaws, "banner") {
        let _ = writeln!(out, "fake-server 1.0 starting up, listening on stdio");
        let _ = out.flush();
    }
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let (Some(method), Some(id)) = (
            message.get("method").and_then(Value::as_str),
            message.get("id"),
        ) else {
            continue; // notifications and responses
        };
        if target(flaws, "crash:", method) {
            eprintln!("fake-server: cannot serve {method}, exiting");
            return 3;
        }
        if target(flaws, "hang:", method) || (method == "initialize" && has(flaws, "silent")) {
            continue;
        }
        let answer = match respond(method, &message, flaws) {
            Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
            Err((code, text)) => {
                json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": text}})
            }
        };
        let times = if has(flaws, "twice") { 2 } else { 1 };
        for _ in 0..times {
            let _ = writeln!(out, "{answer}");
        }
        if method == "initialize" && has(flaws, "invalid-json") {
            let _ = writeln!(out, "{{\"jsonrpc\": \"2.0\", \"method\": ");
        }
        let _ = out.flush();
    }
    0
}

fn respond(method: &str, message: &Value, flaws: &str) -> Result<Value, (i64, String)> {
    let params = message.get("params").cloned().unwrap_or(Value::Null);
    match method {
        "initialize" => {
            let offered = params
                .get("protocolVersion")
                .and_then(Value::as_str)
                .unwrap_or("");
            let answered = if has(flaws, "downgrade") {
                if offered == "2024-11-05" {
                    "2025-03-26"
                } else {
                    "2024-11-05"
                }
            } else if KNOWN.contains(&offered) {
                offered
            } else {
                "2025-06-18"
            };
            Ok(json!({
                "protocolVersion": answered,
                "capabilities": if has(flaws, "bare") {
                    json!({"tools": {}})
                } else {
                    json!({"tools": {}, "prompts": {}, "resources": {"subscribe": true},
                           "logging": {}, "completions": {}})
                },
                "serverInfo": {"name": "fake-server", "version": "1.0.0"}
            }))
        }
        "ping" => Ok(json!({})),
        "tools/list" => {
            let cursor = params.get("cursor").and_then(Value::as_str);
            if has(flaws, "cursor-loop") {
                return Ok(json!({"tools": [], "nextCursor": "again"}));
            }
            Ok(match cursor {
                None => json!({"tools": [{
                    "name": "add",
                    "description": "Adds two numbers",
                    "inputSchema": {"type": "object", "properties": {
                        "a": {"type": "integer", "minimum": 1},
                        "b": {"type": "number"}
                    }, "required": ["a", "b"]},
                    "annotations": {"readOnlyHint": true}
                }], "nextCursor": "page-2"}),
                Some(_) => json!({"tools": [{
                    "name": "echo",
                    "inputSchema": {"type": "object", "properties": {
                        "text": {"type": "string"}
                    }},
                    "annotations": {"readOnlyHint": true}
                }, {
                    "name": "delete-everything",
                    "inputSchema": {"type": "object"}
                }]}),
            })
        }
        "tools/call" => {
            let mut a = params.pointer("/arguments/a").and_then(Value::as_f64);
            let mut b = params.pointer("/arguments/b").and_then(Value::as_f64);
            let invalid_ok = has(flaws, "invalid-arguments-ok");
            if invalid_ok {
                a = a.or(Some(0.0));
                b = b.or(Some(0.0));
            }
            let text = params.pointer("/arguments/text");
            match (params.get("name").and_then(Value::as_str), a, b) {
                (Some("echo"), _, _) => match text {
                    None => Ok(json!({"content": []})),
                    Some(Value::String(t)) => Ok(json!({"content": [{"type": "text", "text": t}]})),
                    Some(other) if invalid_ok => {
                        Ok(json!({"content": [{"type": "text", "text": other.to_string()}]}))
                    }
                    Some(_) => Err((-32602, "text must be a string".into())),
                },
                (Some("add"), Some(a), Some(b)) => {
                    Ok(json!({"content": [{"type": "text", "text": (a + b).to_string()}]}))
                }
                (Some("delete-everything"), _, _) => {
                    Ok(json!({"content": [{"type": "text", "text": "deleted"}]}))
                }
                (Some(n), _, _) if n != "add" && has(flaws, "unknown-tool-ok") => {
                    Ok(json!({"content": [{"type": "text", "text": "ran"}]}))
                }
                _ => Err((-32602, "Invalid params".into())),
            }
        }
        "prompts/list" | "prompts/get" if has(flaws, "prompts-not-served") => {
            Err((-32601, "Method not found".into()))
        }
        "prompts/list" => Ok(json!({"prompts": [{
            "name": "greet",
            "arguments": [{"name": "who", "required": true}]
        }]})),
        "logging/setLevel"
        | "completion/complete"
        | "resources/subscribe"
        | "resources/unsubscribe"
            if has(flaws, "features-not-served") =>
        {
            Err((-32601, "Method not found".into()))
        }
        "logging/setLevel" | "resources/subscribe" | "resources/unsubscribe" => Ok(json!({})),
        "completion/complete" => Ok(json!({"completion": {"values": ["probe"], "hasMore": false}})),
        "prompts/get"
            if params.get("name").and_then(Value::as_str) != Some("greet")
                && !has(flaws, "unknown-prompt-ok") =>
        {
            Err((-32602, "Invalid prompt name".into()))
        }
        "prompts/get" if has(flaws, "prompt-error") => {
            Err((-32603, "the prompt store is down".into()))
        }
        "prompts/get" => {
            let named = params.get("name").and_then(Value::as_str) == Some("greet");
            let who = params
                .pointer("/arguments/who")
                .and_then(Value::as_str)
                .or((!named).then_some("nobody"))
                .or(has(flaws, "prompt-missing-argument-ok").then_some("nobody"));
            match who {
                Some(who) => Ok(json!({"messages": [{
                    "role": "user",
                    "content": {"type": "text", "text": format!("Hello, {who}")}
                }]})),
                None => Err((-32602, "missing argument who".into())),
            }
        }
        "resources/list" => Ok(json!({"resources": [
            {"uri": "mem://one", "name": "one"},
            {"uri": "mem://two", "name": "two"}
        ]})),
        "resources/templates/list" => Ok(json!({"resourceTemplates": [
            {"uriTemplate": "mem://{name}", "name": "memory"}
        ]})),
        "resources/read" => {
            let uri = params
                .get("uri")
                .and_then(Value::as_str)
                .unwrap_or_default();
            match uri {
                "mem://one" | "mem://two" => {
                    Ok(json!({"contents": [{"uri": uri, "text": "hello"}]}))
                }
                _ if has(flaws, "unknown-resource-ok") => Ok(json!({"contents": []})),
                _ => Err((-32002, "Resource not found".into())),
            }
        }
        _ if has(flaws, "unknown-ok") => Ok(json!({})),
        _ => Err((-32601, "Method not found".into())),
    }
}

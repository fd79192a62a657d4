//! The bytes bench corpus: a deterministic MCP 2025-11-25 conversation
//! mix (≈ 5,000 messages, ≈ 5.7 MB), generated in code from a seed, each
//! message with the checks a `Session` plans for it (envelope, then the
//! typed definition on the message or on its `result`).
//!
//! The mix (per 100 messages, roughly): tool calls and their results,
//! progress and log notifications, resource reads (text, and base64 blobs
//! of 1–16 KiB), tool listings, prompt fetches, pings, errors. The
//! invalid-heavy corpus is the same messages with every other one broken
//! in one place (a wrong type, a missing member, a bad const or format)
//! somewhere inside.

use serde_json::{json, Value};

use crate::gen::{self, words, Rng};

/// Where a check applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The whole message.
    Message,
    /// Its `result`.
    Result,
}

/// One message and its checks.
pub struct Entry {
    /// Serialized bytes.
    pub bytes: Vec<u8>,
    /// `(definition, where)`, envelope first.
    pub checks: Vec<(&'static str, At)>,
    /// Whether it was broken on purpose.
    pub broken: bool,
}

fn words_n(rng: &mut Rng, min: usize, spread: usize) -> String {
    let n = min + rng.below(spread);
    words(rng, n)
}

/// A base64 blob of 1–16 KiB (the raw material of `gen`, shared with the
/// validate bench's corpus).
fn blob(rng: &mut Rng) -> String {
    let n = 1024 << rng.below(5);
    gen::base64(&gen::bytes(rng, n))
}

fn tool(rng: &mut Rng, i: usize) -> Value {
    let props: serde_json::Map<String, Value> = (0..3 + rng.below(6))
        .map(|p| {
            let t = *rng.pick(&["string", "integer", "number", "boolean"]);
            (
                format!("arg{p}"),
                json!({"type": t, "description": words(rng, 6)}),
            )
        })
        .collect();
    let mut t = json!({
        "name": format!("tool_{i}"),
        "title": words(rng, 3),
        "description": words(rng, 20),
        "inputSchema": {"type": "object", "properties": props, "required": ["arg0"]},
        "annotations": {"readOnlyHint": rng.below(2) == 0, "openWorldHint": false},
    });
    if rng.below(3) == 0 {
        t["outputSchema"] = json!({"type": "object", "properties": {"result": {"type": "string"}}});
    }
    if rng.below(4) == 0 {
        t["icons"] = json!([{"src": "https://example.com/icon.png", "mimeType": "image/png", "sizes": ["48x48"]}]);
    }
    t
}

fn block(rng: &mut Rng) -> Value {
    match rng.below(6) {
        0 => {
            json!({"type": "resource_link", "uri": format!("file:///project/src/file{}.rs", rng.below(1000)),
                    "name": "file.rs", "mimeType": "text/x-rust"})
        }
        1 => json!({"type": "resource", "resource": {"uri": "test://static/resource/1",
                    "mimeType": "text/plain", "text": words(rng, 30)}}),
        _ => json!({"type": "text", "text": (words_n(rng, 15, 60)),
                    "annotations": {"audience": ["user", "assistant"], "priority": 0.5}}),
    }
}

/// One message of the mix, with its checks.
fn message(rng: &mut Rng, n: usize) -> (Value, Vec<(&'static str, At)>) {
    let id = if n.is_multiple_of(5) {
        json!(format!("req-{n}"))
    } else {
        json!(n)
    };
    let request = |method: &str, def: &'static str, params: Value| {
        (
            json!({"jsonrpc": "2.0", "id": id.clone(), "method": method, "params": params}),
            vec![("JSONRPCRequest", At::Message), (def, At::Message)],
        )
    };
    let result = |def: &'static str, result: Value| {
        (
            json!({"jsonrpc": "2.0", "id": id.clone(), "result": result}),
            vec![("JSONRPCResultResponse", At::Message), (def, At::Result)],
        )
    };
    let notification = |method: &str, def: &'static str, params: Value| {
        (
            json!({"jsonrpc": "2.0", "method": method, "params": params}),
            vec![("JSONRPCNotification", At::Message), (def, At::Message)],
        )
    };
    match rng.below(100) {
        0..=21 => {
            let args: serde_json::Map<String, Value> = (0..1 + rng.below(5))
                .map(|a| (format!("arg{a}"), json!(words(rng, 4))))
                .collect();
            request(
                "tools/call",
                "CallToolRequest",
                json!({"name": format!("tool_{}", rng.below(40)), "arguments": args,
                       "_meta": {"progressToken": n}}),
            )
        }
        22..=43 => {
            let blocks: Vec<Value> = (0..1 + rng.below(4)).map(|_| block(rng)).collect();
            let mut r = json!({"content": blocks, "isError": false});
            if rng.below(3) == 0 {
                r["structuredContent"] = json!({"temperature": 22.5, "conditions": words(rng, 3),
                    "readings": (0..8).map(|i| json!({"t": i, "v": rng.below(100)})).collect::<Vec<_>>()});
            }
            result("CallToolResult", r)
        }
        44..=61 => notification(
            "notifications/progress",
            "ProgressNotification",
            json!({"progressToken": n, "progress": rng.below(100) as f64 / 2.0, "total": 50,
                   "message": words(rng, 5)}),
        ),
        62..=71 => notification(
            "notifications/message",
            "LoggingMessageNotification",
            json!({"level": *rng.pick(&["debug", "info", "warning", "error"]), "logger": "app",
                   "data": {"event": words(rng, 4), "count": rng.below(1000)}}),
        ),
        72..=79 => {
            let contents = if rng.below(3) == 0 {
                json!([{"uri": "test://static/resource/2", "mimeType": "application/octet-stream",
                        "blob": (blob(rng))}])
            } else {
                json!([{"uri": format!("file:///docs/page{}.md", rng.below(100)),
                        "mimeType": "text/markdown", "text": (words_n(rng, 80, 200))}])
            };
            result("ReadResourceResult", json!({"contents": contents}))
        }
        80..=82 => {
            let tools: Vec<Value> = (0..5 + rng.below(20)).map(|i| tool(rng, i)).collect();
            result(
                "ListToolsResult",
                json!({"tools": tools, "nextCursor": "page-2"}),
            )
        }
        83..=85 => result(
            "GetPromptResult",
            json!({"description": words(rng, 8), "messages": [
            {"role": "user", "content": {"type": "text", "text": words(rng, 40)}},
            {"role": "assistant", "content": {"type": "text", "text": words(rng, 40)}}]}),
        ),
        86..=89 => request("ping", "PingRequest", json!({})),
        90..=92 => result("EmptyResult", json!({})),
        93..=95 => request(
            "resources/read",
            "ReadResourceRequest",
            json!({"uri": format!("file:///docs/page{}.md", rng.below(100))}),
        ),
        _ => (
            json!({"jsonrpc": "2.0", "id": id.clone(), "error": {"code": -32602,
                   "message": "Invalid params", "data": {"field": "arg0", "reason": words(rng, 6)}}}),
            vec![("JSONRPCErrorResponse", At::Message)],
        ),
    }
}

/// Breaks `v` in one place, deep inside where possible.
fn sabotage(v: &mut Value, how: usize) {
    let base = if v.get("params").is_some() {
        "/params"
    } else if v.get("result").is_some() {
        "/result"
    } else {
        ""
    };
    match how {
        0 => {
            // A wrong type on the last member of the deepest container reached
            // by always taking the last container member.
            let mut path = base.to_string();
            while let Some(at) = v.pointer(&path) {
                let next = match at {
                    Value::Object(m) => m
                        .iter()
                        .rev()
                        .find(|(_, x)| x.is_object() || x.is_array())
                        .map(|(k, _)| k.replace('~', "~0").replace('/', "~1")),
                    Value::Array(a) if !a.is_empty() => Some((a.len() - 1).to_string()),
                    _ => None,
                };
                match next {
                    Some(step) => path = format!("{path}/{step}"),
                    None => break,
                }
            }
            if let Some(at) = v.pointer_mut(&path) {
                match at {
                    Value::Object(m) if !m.is_empty() => {
                        if let Some(x) = m.values_mut().last() {
                            *x = json!([null]);
                        }
                    }
                    other => *other = json!(7),
                }
            }
        }
        1 => {
            if let Some(Value::Object(m)) = v.pointer_mut(base) {
                let k = m.keys().next().cloned();
                if let Some(k) = k {
                    m.remove(&k);
                }
            }
        }
        2 => v["jsonrpc"] = json!("1.0"),
        _ => {
            if let Some(Value::Object(m)) = v.pointer_mut(base) {
                m.insert("_meta".into(), json!("not an object"));
            }
        }
    }
}

/// The corpus: `count` messages; every other one broken when `invalid`
/// (by the first of the sabotages, starting at a random one, after which
/// `is_valid` says the message is invalid).
pub fn build(
    count: usize,
    invalid: bool,
    is_valid: impl Fn(&Value, &[(&str, At)]) -> bool,
) -> Vec<Entry> {
    let mut rng = Rng::new(0x6d63_7077_6972_6521);
    (0..count)
        .map(|n| {
            let (mut value, checks) = message(&mut rng, n);
            let broken = invalid && n % 2 == 1;
            if broken {
                let first = rng.below(4);
                for i in 0..4 {
                    let mut attempt = value.clone();
                    sabotage(&mut attempt, (first + i) % 4);
                    if !is_valid(&attempt, &checks) {
                        value = attempt;
                        break;
                    }
                }
            }
            Entry {
                bytes: serde_json::to_vec(&value).expect("a Value serializes"),
                checks,
                broken,
            }
        })
        .collect()
}

/// Blob results: `count` `resources/read` responses, each one
/// `BlobResourceContents` of 1–64 KiB of base64 (what the issue's "base64
/// blob results" are), with 2026-07-28's required `resultType`, `ttlMs`
/// and `cacheScope`, so that the same bytes are valid in both revisions.
pub fn blobs(count: usize) -> Vec<Entry> {
    let mut rng = Rng::new(0x626c_6f62_7321);
    (0..count)
        .map(|n| {
            let size = 1024 << rng.below(7);
            let blob = gen::base64(&gen::bytes(&mut rng, size));
            let value = json!({"jsonrpc": "2.0", "id": n, "result": {"resultType": "complete", "ttlMs": 60000,
                "cacheScope": "public", "contents": [{"uri": format!("test://static/blob/{n}"),
                              "mimeType": "application/octet-stream", "blob": blob}]}});
            Entry {
                bytes: serde_json::to_vec(&value).expect("a Value serializes"),
                checks: vec![
                    ("JSONRPCResultResponse", At::Message),
                    ("ReadResourceResult", At::Result),
                ],
                broken: false,
            }
        })
        .collect()
}

//! Invalid messages: valid ones with one deliberate schema violation each,
//! placed where a validator has to look for it (deep in a large array, in a
//! union member, in a format, in a required member).

use mcpwire::Version;
use serde_json::{json, Value};

use super::messages::{Builder, Msg};

/// An invalid message and what was broken.
#[derive(Debug)]
pub struct Mutant {
    /// The broken message.
    pub msg: Msg,
    /// What was changed, for failure messages and the write-up.
    pub what: &'static str,
}

/// The value at `pointer`, which the generator put there.
fn at<'a>(value: &'a mut Value, pointer: &str) -> &'a mut Value {
    value
        .pointer_mut(pointer)
        .unwrap_or_else(|| panic!("corpus mutation: nothing at {pointer}"))
}

fn remove(value: &mut Value, pointer: &str) {
    let (parent, key) = pointer.rsplit_once('/').expect("pointer has a parent");
    let key = key.replace("~1", "/").replace("~0", "~");
    let removed = at(value, parent)
        .as_object_mut()
        .and_then(|o| o.remove(&key));
    assert!(
        removed.is_some(),
        "corpus mutation: nothing to remove at {pointer}"
    );
}

/// One mutant per kind of mistake; sizes as in the valid corpus.
pub fn mutants(b: &mut Builder, tools: usize, blocks: usize, blob: usize) -> Vec<Mutant> {
    let stateless = b.version() >= Version::V2026_07_28;
    let mut out = Vec::new();
    let mut push = |mut msg: Msg, what: &'static str, edit: &dyn Fn(&mut Value)| {
        edit(&mut msg.value);
        out.push(Mutant { msg, what });
    };

    let deep = tools * 2 / 3;
    push(
        b.tools_list_result(100, tools),
        "tools/list result: a tool deep in the list lost its required `name`",
        &|v| remove(v, &format!("/result/tools/{deep}/name")),
    );
    push(
        b.tools_list_result(101, tools),
        "tools/list result: an inputSchema `type` is \"array\" (const \"object\")",
        &|v| *at(v, "/result/tools/42/inputSchema/type") = json!("array"),
    );
    let block = blocks / 2 / 25 * 25; // a text block (index ≡ 0 mod 25)
    push(
        b.call_tool_result(102, blocks, true),
        "tools/call result: a content block of unknown type \"txt\" (no ContentBlock member matches)",
        &|v| *at(v, &format!("/result/content/{block}/type")) = json!("txt"),
    );
    push(
        b.call_tool_result(103, 10, false),
        "tools/call result: resource_link `uri` without a scheme (format uri)",
        &|v| *at(v, "/result/content/7/uri") = json!("src/module_7.rs"),
    );
    push(
        b.read_resource_result(104, blob),
        "resources/read result: `blob` is not base64 (format byte)",
        &|v| {
            let blob = at(v, "/result/contents/0/blob");
            let mut s = blob.as_str().expect("blob is a string").to_string();
            s.replace_range(1000..1001, "!");
            *blob = json!(s);
        },
    );
    push(
        b.progress(json!("progress-7"), 4, 8),
        "progress notification: `progress` is a string",
        &|v| *at(v, "/params/progress") = json!("50%"),
    );
    if stateless {
        push(
            b.handshake_result(105),
            "server/discover result: negative `ttlMs` (minimum 0)",
            &|v| *at(v, "/result/ttlMs") = json!(-1),
        );
        push(
            b.call_tool_request(106),
            "tools/call request: `_meta` lacks the required protocol version",
            &|v| remove(v, "/params/_meta/io.modelcontextprotocol~1protocolVersion"),
        );
    } else {
        push(
            b.handshake_result(105),
            "initialize result: required `serverInfo` missing",
            &|v| remove(v, "/result/serverInfo"),
        );
        push(
            b.call_tool_request(106),
            "tools/call request: `name` is a number",
            &|v| *at(v, "/params/name") = json!(42),
        );
    }
    push(
        b.error_response(json!(107), 0),
        "error response: `code` is a string",
        &|v| *at(v, "/error/code") = json!("-32601"),
    );
    push(
        b.call_tool_request(108),
        "tools/call request: `jsonrpc` is \"1.0\"",
        &|v| *at(v, "/jsonrpc") = json!("1.0"),
    );
    out
}

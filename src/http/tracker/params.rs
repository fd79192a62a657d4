//! The `Mcp-Param-{Name}` rule (2026-07-28 on): which tools mirror which
//! arguments, learned from the `tools/list` results the server sends, and
//! each `tools/call` request's headers against its arguments
//! ([`crate::http::params`] says how a value is mirrored).
//!
//! Only a call of a tool whose listing the capture holds is checked: the
//! annotations are the server's, and a capture that starts after the
//! listing cannot say which headers the client owed.

use serde_json::Value;

use super::{
    message::{is_request, is_response},
    remember, Output, Tracker, MAX_TOOLS,
};
use crate::{
    http::{
        exchange::{is_field_value, RequestHead},
        params,
        read::Read,
        rules,
    },
    scan::MessageHead,
    Direction, Version,
};

impl Tracker {
    /// Remembers the ids of the `tools/list` requests among `msgs` (at
    /// `revision`, when it has the rule).
    pub(super) fn note_tools_list_ids(&mut self, msgs: &[MessageHead], revision: Version) {
        if !rules::MCP_PARAM_HEADER.applies(revision) {
            return;
        }
        let lists = |m: &&MessageHead| is_request(m) && m.method.as_deref() == Some("tools/list");
        for m in msgs.iter().filter(lists) {
            if let Some(id) = &m.id {
                remember(&mut self.tools_list_ids, id);
            }
        }
    }

    /// Learns the tools a `tools/list` result among the server's message
    /// `read` (its text `bytes`) names: each tool's valid `x-mcp-header`
    /// parameters; a tool whose annotations are invalid is forgotten (the
    /// client "MUST exclude the invalid tool", so a call of it is not
    /// checked). The text is parsed only when it answers a `tools/list`.
    pub(super) fn learn_tools(&mut self, bytes: &[u8], read: &Read<'_>) {
        let answers_list = |h: &MessageHead| {
            is_response(h)
                && h.id
                    .as_ref()
                    .is_some_and(|id| self.tools_list_ids.contains(id))
        };
        if self.tools_list_ids.is_empty() || !read.heads().iter().any(answers_list) {
            return;
        }
        let parsed;
        let value = match read {
            Read::Parsed { value, .. } => value,
            _ => match serde_json::from_slice::<Value>(bytes) {
                Ok(v) => {
                    parsed = v;
                    &parsed
                }
                Err(_) => return,
            },
        };
        let messages = match value {
            Value::Array(items) => items.as_slice(),
            one => std::slice::from_ref(one),
        };
        for m in messages {
            let Some(id) = m.get("id") else { continue };
            let Some(at) = self.tools_list_ids.iter().position(|i| i == id) else {
                continue;
            };
            self.tools_list_ids.remove(at);
            let tools = m.pointer("/result/tools").and_then(Value::as_array);
            for tool in tools.into_iter().flatten() {
                self.learn_tool(tool);
            }
        }
    }

    /// One listed tool's mirrored parameters.
    fn learn_tool(&mut self, tool: &Value) {
        let Some(name) = tool.get("name").and_then(Value::as_str) else {
            return;
        };
        let schema = tool.get("inputSchema").unwrap_or(&Value::Null);
        match params::param_headers(schema) {
            Ok(p) if !p.is_empty() => {
                if self.tool_params.len() < MAX_TOOLS || self.tool_params.contains_key(name) {
                    self.tool_params.insert(name.to_string(), p);
                }
            }
            _ => {
                self.tool_params.remove(name);
            }
        }
    }

    /// `Mcp-Param-*` of a `tools/call` (`m`, whose text is `body`) against
    /// its arguments; whether a header the server must check is missing or
    /// disagrees ("Client omits header but value is in body: Server MUST
    /// reject the request").
    pub(super) fn param_rules(
        &self,
        out: &mut Vec<Output<'_>>,
        exchange: u64,
        head: &RequestHead,
        (m, body): (&MessageHead, &[u8]),
        revision: Version,
    ) -> bool {
        if m.method.as_deref() != Some("tools/call") || !rules::MCP_PARAM_HEADER.applies(revision) {
            return false;
        }
        let Some(tool) = m.params_name.as_deref() else {
            return false;
        };
        let Some(mirrored) = self.tool_params.get(tool) else {
            return false;
        };
        let Ok(body) = serde_json::from_slice::<Value>(body) else {
            return false;
        };
        let arguments = body.pointer("/params/arguments");
        let mut mismatch = false;
        for p in mirrored {
            let header = head.headers.get(&p.header());
            let at = format!("arguments.{}", p.path.join("."));
            let problem = match (header, p.argument(arguments)) {
                (None, Some(v)) if params::header_text(v).is_some() => Some((
                    true,
                    format!("tools/call of {tool:?} without Mcp-Param-{} ({at} is {v})", p.name),
                )),
                (Some(h), None) => Some((
                    false,
                    format!(
                        "Mcp-Param-{} is {h:?} but {at} is absent or null (the header is omitted then)",
                        p.name
                    ),
                )),
                (Some(h), Some(_)) if !is_field_value(h) => Some((
                    true,
                    format!(
                        "Mcp-Param-{} carries characters a header value may not (the value must be \
                         Base64-encoded: =?base64?…?=)",
                        p.name
                    ),
                )),
                (Some(h), Some(v)) if !params::matches(h, v) => Some((
                    true,
                    format!("Mcp-Param-{} is {h:?} but {at} is {v}", p.name),
                )),
                _ => None,
            };
            if let Some((must_reject, message)) = problem {
                mismatch |= must_reject;
                self.finding(
                    out,
                    exchange,
                    &rules::MCP_PARAM_HEADER,
                    revision,
                    Direction::ClientToServer,
                    message,
                );
            }
        }
        mismatch
    }
}

//! What a server owes to a wrong request, each asked only where the
//! capability is declared (and, for tools, where `--tools` allows calls):
//!
//! - an unknown method: error −32601 (JSON-RPC 2.0 §5.1), `probe-unknown-method`;
//! - an unknown tool (`tools/call` of `mcpwire-probe-unknown-tool`): a
//!   JSON-RPC error (server/tools, Error Handling: "Protocol Errors …
//!   Unknown tools"; the example's code is −32602) or a tool error result
//!   (`isError: true`). A plain result or an error with another code is
//!   a warning (no MUST or SHOULD sentence names the answer; the schema's
//!   `isError` says "should be reported as an MCP error response"):
//!   `probe-unknown-tool`;
//! - an unknown prompt (`prompts/get` of `mcpwire-probe-unknown-prompt`):
//!   −32602 ("Servers SHOULD return … Invalid prompt name: `-32602`"),
//!   anything else a warning: `probe-unknown-prompt`;
//! - an unknown resource (`resources/read` of
//!   `mcpwire-probe:///unknown-resource`): up to 2025-11-25 −32002
//!   ("Servers SHOULD return … Resource not found: `-32002`"), anything
//!   else a warning; from 2026-07-28 −32602 ("servers MUST return a
//!   JSON-RPC error with code `-32602`"), anything else a violation
//!   (−32002 too: that clients "SHOULD also accept `-32002`" binds
//!   clients, not the server's MUST): `probe-unknown-resource`;
//! - a tool call missing a required argument (the first called tool with
//!   `required` properties, its first required property left out): a tool
//!   error result or −32602. A plain result is a violation ("Servers
//!   MUST: Validate all tool inputs"), an error with another code a
//!   warning: `probe-missing-argument`.
//!
//! Each has a table row of its own (`tools/call (unknown tool)`, …). A
//! timeout or a closed connection is reported as for any request.

use serde_json::{json, Value};

use super::{rules, stateless, Exercise, Reply, Tools, UNKNOWN_METHOD};

/// The tool, prompt and resource no server has.
const UNKNOWN_TOOL: &str = "mcpwire-probe-unknown-tool";
const UNKNOWN_PROMPT: &str = "mcpwire-probe-unknown-prompt";
const UNKNOWN_RESOURCE: &str = "mcpwire-probe:///unknown-resource";

/// What a reply was, for a finding's message.
fn described(reply: &Reply) -> String {
    match reply {
        Reply::Result(r) if is_tool_error(r) => "a tool error result (isError: true)".into(),
        Reply::Result(_) => "a result".into(),
        Reply::Error(Some(code), text) => format!("error {code} ({text})"),
        Reply::Error(None, text) => format!("an error without an integer code ({text})"),
        Reply::TimedOut | Reply::Closed | Reply::Failed(_) => "no answer".into(),
    }
}

fn is_tool_error(result: &Value) -> bool {
    result.get("isError") == Some(&Value::Bool(true))
}

/// How a reply is judged: fine, a warning, or a violation.
#[derive(PartialEq, Eq)]
enum Verdict {
    Fine,
    Warning,
    Violation,
}

impl Exercise<'_> {
    /// A method no revision defines: the answer must be −32601.
    pub(super) fn unknown_method(&mut self) {
        let method = UNKNOWN_METHOD;
        let reply = self.call(method, None);
        let message = match reply {
            Some(Reply::Error(Some(-32601), _))
            | Some(Reply::TimedOut | Reply::Closed | Reply::Failed(_))
            | None => return,
            Some(Reply::Error(code, text)) => format!(
                "an unknown method was answered with error {} ({text}), not -32601",
                code.map_or_else(|| "without an integer code".into(), |c| c.to_string())
            ),
            Some(Reply::Result(_)) => {
                "an unknown method was answered with a result, not error -32601".into()
            }
        };
        self.finding(rules::UNKNOWN_METHOD, method, message);
    }

    /// An unknown tool, prompt and resource, where declared.
    pub(super) fn unknown_names(&mut self, tools: bool, prompts: bool, resources: bool) {
        if tools && self.limits.tools != Tools::None {
            let params = json!({"name": UNKNOWN_TOOL, "arguments": {}});
            if let Some(reply) =
                self.call_as("tools/call (unknown tool)", "tools/call", Some(params))
            {
                let verdict = match &reply {
                    Reply::Error(Some(-32602), _) => Verdict::Fine,
                    Reply::Result(r) if is_tool_error(r) => Verdict::Fine,
                    Reply::Result(_) | Reply::Error(..) => Verdict::Warning,
                    _ => Verdict::Fine,
                };
                self.judged(
                    rules::UNKNOWN_TOOL,
                    "tools/call",
                    &reply,
                    verdict,
                    "tools/call of a tool the server did not list",
                    "a JSON-RPC error (-32602) or isError: true",
                );
            }
        }
        if prompts {
            let params = json!({"name": UNKNOWN_PROMPT, "arguments": {}});
            if let Some(reply) =
                self.call_as("prompts/get (unknown prompt)", "prompts/get", Some(params))
            {
                let verdict = match &reply {
                    Reply::Error(Some(-32602), _)
                    | Reply::TimedOut
                    | Reply::Closed
                    | Reply::Failed(_) => Verdict::Fine,
                    _ => Verdict::Warning,
                };
                self.judged(
                    rules::UNKNOWN_PROMPT,
                    "prompts/get",
                    &reply,
                    verdict,
                    "prompts/get of a prompt the server did not list",
                    "error -32602",
                );
            }
        }
        if resources {
            self.unknown_resource();
        }
    }

    fn unknown_resource(&mut self) {
        let params = json!({"uri": UNKNOWN_RESOURCE});
        let Some(reply) = self.call_as(
            "resources/read (unknown resource)",
            "resources/read",
            Some(params),
        ) else {
            return;
        };
        let must = stateless(self.revision);
        let verdict = match (&reply, must) {
            (Reply::TimedOut | Reply::Closed | Reply::Failed(_), _)
            | (Reply::Error(Some(-32002), _), false)
            | (Reply::Error(Some(-32602), _), true) => Verdict::Fine,
            (_, false) => Verdict::Warning,
            (_, true) => Verdict::Violation,
        };
        let wanted = if must { "error -32602" } else { "error -32002" };
        self.judged(
            rules::UNKNOWN_RESOURCE,
            "resources/read",
            &reply,
            verdict,
            "resources/read of a resource that does not exist",
            wanted,
        );
    }

    /// `tool` called with `arguments` less its first required property.
    /// Returns whether it was called (the tool has required properties
    /// the synthesised arguments carry).
    pub(super) fn missing_argument(&mut self, tool: &Value, name: &str, arguments: &Value) -> bool {
        let Some(dropped) = tool
            .pointer("/inputSchema/required")
            .and_then(Value::as_array)
            .and_then(|r| {
                r.iter()
                    .filter_map(Value::as_str)
                    .find(|p| arguments.get(*p).is_some())
            })
        else {
            return false;
        };
        let mut fewer = arguments.clone();
        if let Some(o) = fewer.as_object_mut() {
            o.remove(dropped);
        }
        let params = json!({"name": name, "arguments": fewer});
        let Some(reply) = self.call_as("tools/call (missing argument)", "tools/call", Some(params))
        else {
            return true;
        };
        let verdict = match &reply {
            Reply::Error(Some(-32602), _) => Verdict::Fine,
            Reply::Result(r) if is_tool_error(r) => Verdict::Fine,
            Reply::Result(_) => Verdict::Violation,
            Reply::Error(..) => Verdict::Warning,
            _ => Verdict::Fine,
        };
        let what = format!("tools/call {name} without its required argument {dropped:?}");
        self.judged(
            rules::MISSING_ARGUMENT,
            "tools/call",
            &reply,
            verdict,
            &what,
            "isError: true or error -32602",
        );
        true
    }

    fn judged(
        &mut self,
        rule: rules::ProbeRule,
        method: &str,
        reply: &Reply,
        verdict: Verdict,
        what: &str,
        wanted: &str,
    ) {
        if verdict == Verdict::Fine {
            return;
        }
        let message = format!(
            "{what} was answered with {}, not {wanted}",
            described(reply)
        );
        self.found(rule, method, message, verdict == Verdict::Warning);
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use crate::Version;
    use serde_json::{json, Value};

    use super::super::{Exercise, Limits, Link, Reply, Tools};

    /// A link answering every request with one canned reply.
    struct Canned(fn() -> Reply);

    impl Link for Canned {
        fn request(&mut self, _: &str, _: Option<Value>, _: Duration) -> Reply {
            (self.0)()
        }
        fn notify(&mut self, _: &str, _: Option<Value>) {}
        fn last_id(&self) -> u64 {
            1
        }
        fn set_request_meta(&mut self, _: Option<Value>) {}
        fn listen(&mut self, _: Value, _: Duration) -> Option<(u64, Vec<Value>)> {
            None
        }
        fn ended(&mut self, _: Duration) -> (Option<String>, String) {
            (None, String::new())
        }
    }

    fn revision(name: &str) -> Option<Version> {
        Version::enabled().find(|v| v.as_str() == name)
    }

    /// The findings (rule, warning) of `step` run against `reply`.
    fn judged(
        rev: Version,
        reply: fn() -> Reply,
        step: impl Fn(&mut Exercise),
    ) -> Vec<(&'static str, bool)> {
        let mut link = Canned(reply);
        let limits = Limits {
            timeout: Duration::from_secs(1),
            deadline: Instant::now() + Duration::from_secs(10),
            page_limit: 2,
            read_limit: 2,
            tools: Tools::ReadOnly,
        };
        let mut ex = Exercise::new(&mut link, rev, limits);
        step(&mut ex);
        ex.findings.iter().map(|f| (f.rule.id, f.warning)).collect()
    }

    #[test]
    fn unknown_resource_severity_follows_the_revision_word() {
        let not_found = || Reply::Error(Some(-32002), "not found".into());
        let invalid = || Reply::Error(Some(-32602), "invalid".into());
        if let Some(old) = revision("2025-11-25") {
            // SHOULD -32002: -32602 is a warning, -32002 fine.
            let f = judged(old, invalid, |e| e.unknown_resource());
            assert_eq!(f, [("probe-unknown-resource", true)]);
            assert!(judged(old, not_found, |e| e.unknown_resource()).is_empty());
        }
        if let Some(new) = revision("2026-07-28") {
            // MUST -32602: -32002 breaks it (clients accepting it is the
            // clients' SHOULD).
            let f = judged(new, not_found, |e| e.unknown_resource());
            assert_eq!(f, [("probe-unknown-resource", false)]);
            assert!(judged(new, invalid, |e| e.unknown_resource()).is_empty());
        }
    }

    #[test]
    fn unknown_tool_answered_with_a_result_is_a_warning() {
        let Some(rev) = revision("2025-06-18") else {
            return;
        };
        let plain = || Reply::Result(json!({"content": [{"type": "text", "text": "Error"}]}));
        let f = judged(rev, plain, |e| e.unknown_names(true, false, false));
        assert_eq!(f, [("probe-unknown-tool", true)]);
        let flagged = || Reply::Result(json!({"content": [], "isError": true}));
        assert!(judged(rev, flagged, |e| e.unknown_names(true, false, false)).is_empty());
    }

    #[test]
    fn declared_not_served_is_a_warning_but_for_ping() {
        let Some(rev) = revision("2025-06-18") else {
            return;
        };
        let missing = || Reply::Error(Some(-32601), "Method not found".into());
        let f = judged(rev, missing, |e| {
            e.declared("resources/templates/list", "resources", None);
        });
        assert_eq!(f, [("probe-declared-not-served", true)]);
        let f = judged(rev, missing, |e| {
            e.declared("ping", "the base protocol", None);
        });
        assert_eq!(f, [("probe-declared-not-served", false)]);
    }
}

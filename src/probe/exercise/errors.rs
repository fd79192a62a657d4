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
//! - each called tool once more with arguments that break its
//!   `inputSchema` ([`invalid_arguments`]: its first required member left
//!   out, else its first typed property given a value of another type; a
//!   tool with neither is listed as not called): a tool error result or
//!   −32602. A plain result is a violation ("Servers MUST: Validate all
//!   tool inputs"), an error with another code a warning:
//!   `probe-invalid-arguments`. The session judges the request's arguments
//!   against the same schema and rightly finds them wrong
//!   (`contract.arguments-schema`): the request carries a progress token
//!   starting [`INVALID_ARGUMENTS_TOKEN`], and that finding on it is the
//!   probe's own doing, not reported;
//! - the first listed prompt with a required argument, without it
//!   (`prompts/get`): −32602 ("Servers SHOULD return … Missing required
//!   arguments: `-32602`"), anything else a warning:
//!   `probe-prompt-missing-argument`.
//!
//! Each has a table row of its own (`tools/call (unknown tool)`, …). A
//! timeout or a closed connection is reported as for any request.

use serde_json::{json, Value};

use super::{
    rules, stateless, Exercise, NotCalled, Reply, Tools, INVALID_ARGUMENTS_TOKEN, UNKNOWN_METHOD,
};

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

    /// `tool` called once with `arguments` broken against its
    /// `inputSchema` ([`invalid_arguments`]), marked with a progress token
    /// of [`INVALID_ARGUMENTS_TOKEN`] so the session's own finding on the
    /// request (`contract.arguments-schema`) is known as the probe's doing.
    /// Returns whether it was called (the schema has something to break).
    pub(super) fn invalid_arguments(
        &mut self,
        tool: &Value,
        name: &str,
        arguments: &Value,
    ) -> bool {
        let schema = tool.get("inputSchema").unwrap_or(&Value::Null);
        let Some((broken, how)) = invalid_arguments(schema, arguments) else {
            return false;
        };
        self.tokens += 1;
        let token = format!("{INVALID_ARGUMENTS_TOKEN}-{}", self.tokens);
        let params = json!({"name": name, "arguments": broken, "_meta": {"progressToken": token}});
        let Some(reply) =
            self.call_as("tools/call (invalid arguments)", "tools/call", Some(params))
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
        let what = format!("tools/call {name} {how}");
        self.judged(
            rules::INVALID_ARGUMENTS,
            "tools/call",
            &reply,
            verdict,
            &what,
            "isError: true or error -32602",
        );
        true
    }

    /// `prompts/get` of the first listed prompt with a required argument,
    /// without it (its other arguments given): −32602 is right, anything
    /// else a warning (a SHOULD). Where no listed prompt has one, the
    /// table says so.
    pub(super) fn prompt_missing_argument(&mut self, prompts: &[Value]) {
        let found = prompts.iter().find_map(|p| {
            let name = p.get("name")?.as_str()?;
            let arguments = p.get("arguments")?.as_array()?;
            let required = arguments.iter().find_map(|a| {
                (a.get("required") == Some(&Value::Bool(true)))
                    .then(|| a.get("name")?.as_str())
                    .flatten()
            })?;
            let given: serde_json::Map<String, Value> = arguments
                .iter()
                .filter_map(|a| a.get("name")?.as_str())
                .filter(|n| *n != required)
                .map(|n| (n.to_string(), Value::from("probe")))
                .collect();
            Some((name.to_string(), required.to_string(), given))
        });
        let Some((name, required, given)) = found else {
            if !prompts.is_empty() {
                self.table.not_called.push(NotCalled {
                    what: "prompts/get (missing argument)".into(),
                    why: "no listed prompt has a required argument".into(),
                    names: Vec::new(),
                });
            }
            return;
        };
        let params = json!({"name": name, "arguments": given});
        let Some(reply) = self.call_as(
            "prompts/get (missing argument)",
            "prompts/get",
            Some(params),
        ) else {
            return;
        };
        let verdict = match &reply {
            Reply::Error(Some(-32602), _) | Reply::TimedOut | Reply::Closed | Reply::Failed(_) => {
                Verdict::Fine
            }
            _ => Verdict::Warning,
        };
        self.judged(
            rules::PROMPT_MISSING_ARGUMENT,
            "prompts/get",
            &reply,
            verdict,
            &format!("prompts/get {name} without its required argument {required:?}"),
            "error -32602",
        );
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

/// `arguments` broken against `schema`, and how: without the first
/// required member they carry (`required`), else with the first typed
/// property given a value of another type; `None` when the schema has
/// neither.
pub(super) fn invalid_arguments(schema: &Value, arguments: &Value) -> Option<(Value, String)> {
    let mut broken = match arguments {
        Value::Object(o) => o.clone(),
        _ => serde_json::Map::new(),
    };
    let required = schema.get("required").and_then(Value::as_array);
    if let Some(dropped) = required
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .find(|p| broken.contains_key(*p))
    {
        broken.remove(dropped);
        let how = format!("without its required argument {dropped:?}");
        return Some((Value::Object(broken), how));
    }
    let properties = schema.get("properties").and_then(Value::as_object)?;
    let (name, wrong) = properties.iter().find_map(|(name, p)| {
        let types: Vec<&str> = match p.get("type")? {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => return None,
        };
        let wrong = wrong_type(&types)?;
        Some((name.clone(), wrong))
    })?;
    let how = format!("with its argument {name:?} of the wrong type ({wrong})");
    broken.insert(name, wrong);
    Some((Value::Object(broken), how))
}

/// A value of none of the JSON Schema `types`, or `None`.
fn wrong_type(types: &[&str]) -> Option<Value> {
    let allows = |t: &str| types.contains(&t);
    [
        ("string", json!("mcpwire-probe")),
        ("boolean", json!(true)),
        ("array", json!([])),
        ("object", json!({})),
        ("null", Value::Null),
    ]
    .into_iter()
    .find(|(t, _)| !allows(t))
    .map(|(_, v)| v)
    .or_else(|| (!allows("number")).then(|| json!(0.5)))
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

    #[test]
    fn arguments_are_broken_by_required_then_by_type() {
        use super::invalid_arguments;
        let both = json!({"type": "object", "required": ["a"], "properties": {
            "a": {"type": "integer"}, "b": {"type": "string"}}});
        let (broken, how) = invalid_arguments(&both, &json!({"a": 1, "b": "x"})).unwrap();
        assert_eq!(broken, json!({"b": "x"}));
        assert!(how.contains("required argument \"a\""), "{how}");
        // `required` naming nothing the arguments carry: the type instead.
        let (broken, _) = invalid_arguments(&both, &json!({"b": "x"})).unwrap();
        assert_eq!(broken, json!({"a": "mcpwire-probe", "b": "x"}));
        for (types, wrong) in [
            (json!("string"), json!(true)),
            (json!("number"), json!("mcpwire-probe")),
            (json!(["string", "boolean"]), json!([])),
            (
                json!(["string", "boolean", "array", "object", "null"]),
                json!(0.5),
            ),
        ] {
            let schema = json!({"properties": {"p": {"type": types}}});
            let (broken, _) = invalid_arguments(&schema, &json!({})).unwrap();
            assert_eq!(broken, json!({ "p": wrong }), "{types}");
        }
        for nothing in [
            json!({"type": "object"}),
            json!({"properties": {"p": {"enum": [1]}}}),
            json!({"properties": {"p": {"type": ["string", "boolean", "array", "object", "null", "number"]}}}),
            Value::Null,
        ] {
            assert!(
                invalid_arguments(&nothing, &json!({})).is_none(),
                "{nothing}"
            );
        }
    }

    #[test]
    fn invalid_arguments_and_prompt_severities() {
        let Some(rev) = revision("2025-06-18") else {
            return;
        };
        let tool = json!({"name": "t", "inputSchema": {"required": ["a"]}});
        let args = json!({"a": 1});
        let plain = || Reply::Result(json!({"content": []}));
        let other = || Reply::Error(Some(-32603), "internal".into());
        let invalid = || Reply::Error(Some(-32602), "invalid".into());
        let flagged = || Reply::Result(json!({"content": [], "isError": true}));
        let call = |e: &mut Exercise| {
            assert!(e.invalid_arguments(&tool, "t", &args));
        };
        assert_eq!(
            judged(rev, plain, call),
            [("probe-invalid-arguments", false)]
        );
        assert_eq!(
            judged(rev, other, call),
            [("probe-invalid-arguments", true)]
        );
        assert!(judged(rev, invalid, call).is_empty());
        assert!(judged(rev, flagged, call).is_empty());
        let prompts = [json!({"name": "p", "arguments": [
            {"name": "x"}, {"name": "y", "required": true}]})];
        let get = |e: &mut Exercise| e.prompt_missing_argument(&prompts);
        assert_eq!(
            judged(rev, plain, get),
            [("probe-prompt-missing-argument", true)]
        );
        assert_eq!(
            judged(rev, other, get),
            [("probe-prompt-missing-argument", true)]
        );
        assert!(judged(rev, invalid, get).is_empty());
    }
}

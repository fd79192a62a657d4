//! One revision's conversation: the handshake the revision's lifecycle
//! prescribes, then every method the server's capabilities declare, and
//! nothing it does not. Each request is timed out, counted in the
//! revision's table, and judged by the live pipeline like every other
//! byte; what only the driving client can see becomes a probe finding
//! ([`super::rules`]).
//!
//! By concern: the declared features past the listings (logging level,
//! completions, subscriptions, one cancellation) are in [`features`]; the
//! answers a server owes to a wrong request (an unknown tool, prompt or
//! resource, a tool call whose arguments break its `inputSchema`, a
//! prompt without a required argument) in [`errors`]; the
//! 2026-07-28 `subscriptions/listen` in [`listen`].

mod errors;
mod features;
mod handshake;
mod listen;

use std::{
    collections::HashSet,
    time::{Duration, Instant},
};

use crate::Version;
use serde_json::{json, Value};

use super::{
    answers,
    link::{Link, Reply},
    protocol::{defines, stateless, ProbeFinding, INVALID_ARGUMENTS_TOKEN, UNKNOWN_METHOD},
    rules::{self, ProbeRule},
    synth,
    table::{ListedError, NotCalled, RevisionReport},
    Tools,
};

/// What the exercise may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Per request.
    pub timeout: Duration,
    /// The whole run ends here.
    pub deadline: Instant,
    /// Pages per listing, at most.
    pub page_limit: usize,
    /// `resources/read` of the first N listed resources.
    pub read_limit: usize,
    /// Which tools are called.
    pub tools: Tools,
}

/// Items kept from one listing, at most (the rest are counted, not kept).
const MAX_ITEMS: usize = 10_000;

/// The client's `clientInfo`.
pub fn client_info() -> Value {
    json!({"name": "mcpwire-probe", "version": env!("CARGO_PKG_VERSION")})
}

/// `initialize`'s params at `revision`: the revision proposed, the client
/// capabilities ([`answers::capabilities`]) and `clientInfo`
/// (basic/lifecycle, Initialization).
pub fn initialize_params(revision: Version) -> Value {
    json!({
        "protocolVersion": revision.as_str(),
        "capabilities": answers::capabilities(revision),
        "clientInfo": client_info(),
    })
}

/// The `_meta` every request carries at a stateless revision: the
/// revision, `clientInfo` and the client capabilities
/// (2026-07-28 basic/versioning).
pub fn request_meta(revision: Version) -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": revision.as_str(),
        "io.modelcontextprotocol/clientInfo": client_info(),
        "io.modelcontextprotocol/clientCapabilities": answers::capabilities(revision),
    })
}

/// Drives one revision's conversation.
pub struct Exercise<'a> {
    conn: &'a mut dyn Link,
    limits: Limits,
    revision: Version,
    /// The revision's table.
    pub table: RevisionReport,
    /// The probe's own findings.
    pub findings: Vec<ProbeFinding>,
    /// Ids of the requests cancelled by closing their stream (Streamable
    /// HTTP from 2026-07-28): no `notifications/cancelled` tells the
    /// session, so they are kept out of `unanswered` by the caller. A
    /// request cancelled by `notifications/cancelled` needs no such list:
    /// the session sees the notification.
    pub cancelled: Vec<u64>,
    closed: bool,
    /// Progress tokens handed out (`_meta.progressToken` of `tools/call`).
    tokens: u64,
}

impl<'a> Exercise<'a> {
    /// For `revision` over `conn`.
    pub fn new(conn: &'a mut dyn Link, revision: Version, limits: Limits) -> Exercise<'a> {
        Exercise {
            conn,
            limits,
            revision,
            table: RevisionReport::new(revision.as_str()),
            findings: Vec::new(),
            cancelled: Vec::new(),
            closed: false,
            tokens: 0,
        }
    }

    fn finding(&mut self, rule: ProbeRule, method: &str, message: String) {
        self.found(rule, method, message, false);
    }

    /// A finding, or (`warning`) a warning.
    fn found(&mut self, rule: ProbeRule, method: &str, message: String, warning: bool) {
        *self.table.findings.entry(rule.id.to_string()).or_default() += 1;
        let id = Some(self.conn.last_id()).filter(|&id| id > 0);
        self.findings.push(ProbeFinding {
            rule,
            method: Some(method.to_string()),
            id,
            message,
            warning,
        });
    }

    /// Sends one request (unless the server is gone or the deadline has
    /// passed), counts its answer, and reports a timeout or the end of the
    /// server's output. `None`: not sent.
    fn call(&mut self, method: &str, params: Option<Value>) -> Option<Reply> {
        self.call_as(method, method, params)
    }

    /// [`Exercise::call`], counted in the table's row `row` (a check with
    /// a purpose, such as `tools/call (unknown tool)`, has a row of its
    /// own).
    fn call_as(&mut self, row: &str, method: &str, params: Option<Value>) -> Option<Reply> {
        if self.closed {
            return None;
        }
        let left = self
            .limits
            .deadline
            .saturating_duration_since(Instant::now());
        if left.is_zero() {
            self.table
                .note
                .get_or_insert_with(|| "the run's deadline passed".into());
            return None;
        }
        let timeout = self.limits.timeout.min(left);
        let target = params
            .as_ref()
            .and_then(|p| p.get("name").or_else(|| p.get("uri")))
            .and_then(Value::as_str)
            .map_or_else(|| method.to_string(), |t| format!("{method} {t}"));
        let reply = self.conn.request(method, params, timeout);
        let tally = self.table.methods.entry(row.to_string()).or_default();
        match &reply {
            Reply::Result(_) => tally.ok += 1,
            Reply::Error(..) | Reply::Failed(_) => tally.error += 1,
            Reply::TimedOut => tally.timed_out += 1,
            Reply::Closed => tally.closed += 1,
        }
        match &reply {
            Reply::TimedOut => {
                let message = format!("'{target}' got no answer within {} ms", timeout.as_millis());
                self.finding(rules::TIMEOUT, method, message);
                if method == "tools/call" {
                    if let Some(f) = self.findings.last_mut() {
                        f.warning = true;
                    }
                }
                // "The `initialize` request MUST NOT be cancelled by
                // clients" (basic/utilities/cancellation).
                if method != "initialize" {
                    self.cancel();
                }
            }
            Reply::Closed => {
                self.closed = true;
                let (exit, what) = self.conn.ended(Duration::from_millis(500));
                let mut message = format!("{what} while '{target}' waited for its answer");
                self.table.exit = exit;
                self.table.stderr = self.conn.stderr_tail();
                if let Some(last) = self.table.stderr.last() {
                    message.push_str(&format!("; its standard error ended: {last:?}"));
                }
                self.found(rules::CLOSED, method, message, true);
            }
            Reply::Failed(why) => {
                let message = format!("'{target}' got no JSON-RPC response: {why}");
                self.finding(rules::NO_RESPONSE, method, message);
            }
            _ => {}
        }
        Some(reply)
    }

    /// After a timeout: "the sender SHOULD issue a cancellation
    /// notification for that request and stop waiting for a response"
    /// (basic/lifecycle, Timeouts).
    fn cancel(&mut self) {
        if self.conn.cancels_by_closing() {
            // "Closing the SSE response stream MUST be treated by the
            // server as cancellation of that request" (2026-07-28
            // basic/transports/streamable-http, Cancellation): the link
            // closed it when the request timed out.
            self.cancelled.push(self.conn.last_id());
        } else if defines(self.revision, "notifications/cancelled") {
            // The session sees the notification: the request is cancelled,
            // not unanswered, and a late answer is no violation.
            let id = self.conn.last_id();
            self.conn.notify(
                "notifications/cancelled",
                Some(json!({"requestId": id, "reason": "mcpwire probe: timed out"})),
            );
        }
    }

    /// A method a declared capability offers: −32601 is a warning (the
    /// capability sentence is descriptive, no MUST or SHOULD), for `ping`
    /// a violation ("The receiver MUST respond promptly").
    fn declared(&mut self, method: &str, capability: &str, params: Option<Value>) -> Option<Reply> {
        let target = params
            .as_ref()
            .and_then(|p| p.get("name").or_else(|| p.get("uri")))
            .and_then(Value::as_str)
            .map(str::to_string);
        let reply = self.call(method, params)?;
        match &reply {
            Reply::Error(Some(-32601), text) => {
                let message = format!(
                    "'{method}' answered -32601 ({text}) although the server declares `{capability}`"
                );
                let warning = method != "ping";
                self.found(rules::DECLARED_NOT_SERVED, method, message, warning);
            }
            // An error for something the server listed itself: no
            // sentence makes it wrong (a prompt may refuse the probe's
            // argument values, a resource may be gone), so it is shown,
            // not judged.
            Reply::Error(code, text) => {
                if let Some(target) = target {
                    self.table.errors.push(ListedError {
                        what: format!("{method} {target}"),
                        code: *code,
                        message: text.clone(),
                    });
                }
            }
            _ => {}
        }
        Some(reply)
    }

    /// The whole conversation.
    pub fn run(&mut self) {
        let Some(capabilities) = self.handshake() else {
            return;
        };
        let declares = |c: &str| capabilities.get(c).is_some_and(|v| !v.is_null());
        if defines(self.revision, "ping") {
            self.declared("ping", "the base protocol", None);
        }
        if declares("logging") {
            self.set_level();
        }
        let tools = if declares("tools") {
            self.list("tools/list", "tools", "tools")
        } else {
            Vec::new()
        };
        let prompts = if declares("prompts") {
            self.list("prompts/list", "prompts", "prompts")
        } else {
            Vec::new()
        };
        let mut templates = Vec::new();
        let mut first_resource = None;
        if declares("resources") {
            let resources = self.list("resources/list", "resources", "resources");
            first_resource = resources
                .iter()
                .find_map(|r| r.get("uri").and_then(Value::as_str))
                .map(str::to_string);
            if defines(self.revision, "resources/templates/list") {
                templates = self.list("resources/templates/list", "resourceTemplates", "resources");
            }
            self.read_resources(&resources);
            let subscribe =
                capabilities.pointer("/resources/subscribe") == Some(&Value::Bool(true));
            if subscribe {
                self.subscribe(&resources);
            }
        }
        self.listen(&capabilities, first_resource.as_deref());
        self.get_prompts(&prompts);
        if declares("completions") {
            self.complete(&prompts, &templates);
        }
        self.unknown_method();
        self.unknown_names(
            declares("tools"),
            declares("prompts"),
            declares("resources"),
        );
        if declares("prompts") {
            self.prompt_missing_argument(&prompts);
        }
        self.cancellation();
        self.call_tools(&tools);
    }

    /// `resources/read` of the first `--read-limit` resources.
    fn read_resources(&mut self, resources: &[Value]) {
        for r in resources.iter().take(self.limits.read_limit) {
            if let Some(uri) = r.get("uri").and_then(Value::as_str) {
                self.declared("resources/read", "resources", Some(json!({"uri": uri})));
            }
        }
        if resources.len() > self.limits.read_limit {
            self.table.not_called.push(NotCalled {
                what: format!(
                    "resources/read of {} more resources",
                    resources.len() - self.limits.read_limit
                ),
                why: format!("--read-limit {}", self.limits.read_limit),
                names: Vec::new(),
            });
        }
    }

    /// `prompts/get` of each prompt, with a value for every argument its
    /// declaration lists.
    fn get_prompts(&mut self, prompts: &[Value]) {
        for p in prompts {
            let Some(name) = p.get("name").and_then(Value::as_str) else {
                continue;
            };
            let mut arguments = serde_json::Map::new();
            for a in p
                .get("arguments")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Some(n) = a.get("name").and_then(Value::as_str) {
                    arguments.insert(n.to_string(), Value::from("probe"));
                }
            }
            self.declared(
                "prompts/get",
                "prompts",
                Some(json!({"name": name, "arguments": arguments})),
            );
        }
    }

    /// Every page of a listing (at most `--page-limit`); the items under
    /// `key`.
    fn list(&mut self, method: &str, key: &str, capability: &str) -> Vec<Value> {
        let mut items = Vec::new();
        let mut seen = HashSet::new();
        let mut cursor: Option<String> = None;
        for page in 0.. {
            if page == self.limits.page_limit {
                self.table.not_called.push(NotCalled {
                    what: format!("{method} past page {page}"),
                    why: format!("--page-limit {}", self.limits.page_limit),
                    names: Vec::new(),
                });
                break;
            }
            let params = cursor.as_ref().map(|c| json!({"cursor": c}));
            let Some(Reply::Result(r)) = self.declared(method, capability, params) else {
                break;
            };
            for item in r.get(key).and_then(Value::as_array).into_iter().flatten() {
                if items.len() < MAX_ITEMS {
                    items.push(item.clone());
                }
            }
            match r.get("nextCursor").and_then(Value::as_str) {
                Some(next) if !seen.insert(next.to_string()) => {
                    let message = format!("'{method}' returned the cursor {next:?} a second time; the listing ends here");
                    self.finding(rules::CURSOR_LOOP, method, message);
                    break;
                }
                Some(next) => cursor = Some(next.to_string()),
                None => break,
            }
        }
        items
    }

    /// `tools/call` of the tools the policy allows, arguments synthesised
    /// from each `inputSchema`, each with a `_meta.progressToken` (so a
    /// server can show its progress notifications, which the session
    /// judges); the rest listed as not called. Each called tool is also
    /// called once with arguments that break its `inputSchema`
    /// ([`Exercise::invalid_arguments`]); those whose schema has nothing
    /// to break are listed.
    fn call_tools(&mut self, tools: &[Value]) {
        let mut unbreakable = Vec::new();
        let mut skipped: Vec<(String, Vec<String>)> = Vec::new();
        for tool in tools {
            let Some(name) = tool.get("name").and_then(Value::as_str) else {
                continue;
            };
            if let Some(why) = self.not_allowed(tool) {
                match skipped.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, names)) => names.push(name.to_string()),
                    None => skipped.push((why, vec![name.to_string()])),
                }
                continue;
            }
            let arguments = tool
                .get("inputSchema")
                .map_or_else(|| json!({}), synth::instance);
            let token = self.progress_token();
            self.declared(
                "tools/call",
                "tools",
                Some(json!({"name": name, "arguments": arguments, "_meta": {"progressToken": token}})),
            );
            if !self.invalid_arguments(tool, name, &arguments) {
                unbreakable.push(name.to_string());
            }
        }
        if !unbreakable.is_empty() {
            let mut group = NotCalled::tools(
                unbreakable,
                "no required member or typed property in its inputSchema".into(),
                tools.len(),
            );
            group.what = group
                .what
                .replacen("tools/call", "tools/call (invalid arguments)", 1);
            self.table.not_called.push(group);
        }
        for (why, names) in skipped {
            self.table
                .not_called
                .push(NotCalled::tools(names, why, tools.len()));
        }
    }

    /// Why `tool` is not called (`--tools`, or invalid `x-mcp-header`
    /// annotations where they are mirrored: "the client **MUST** exclude
    /// the invalid tool from the result of `tools/list`"), or `None`.
    fn not_allowed(&self, tool: &Value) -> Option<String> {
        if self.conn.mirrors_param_headers() {
            let schema = tool.get("inputSchema").unwrap_or(&Value::Null);
            if let Err(why) = crate::http::params::param_headers(schema) {
                return Some(format!("invalid x-mcp-header annotations: {why}"));
            }
        }
        self.policy_forbids(tool).map(str::to_string)
    }

    /// Why `tool` is not called under `--tools`, or `None`.
    fn policy_forbids(&self, tool: &Value) -> Option<&'static str> {
        let read_only = tool.pointer("/annotations/readOnlyHint") == Some(&Value::Bool(true));
        match self.limits.tools {
            Tools::None => Some("--tools none"),
            Tools::ReadOnly if !read_only => {
                Some("not annotated readOnlyHint: true; `--tools all` calls them")
            }
            _ => None,
        }
    }

    /// A fresh progress token (`mcpwire-probe-N`).
    fn progress_token(&mut self) -> String {
        self.tokens += 1;
        format!("mcpwire-probe-{}", self.tokens)
    }
}

/// `name version` of a `serverInfo` / `Implementation`.
fn server_info(info: Option<&Value>) -> Option<String> {
    let info = info?;
    let name = info.get("name").and_then(Value::as_str)?;
    Some(match info.get("version").and_then(Value::as_str) {
        Some(v) if !v.is_empty() => format!("{name} {v}"),
        Some(_) => name.to_string(),
        None => name.to_string(),
    })
}

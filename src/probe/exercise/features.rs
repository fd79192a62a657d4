//! The declared features past the listings, each called only where the
//! server's capabilities declare it and the revision defines the method:
//!
//! - `logging/setLevel` (capability `logging`; server/utilities/logging)
//!   with level `warning`, so a server that logs does not flood the
//!   conversation;
//! - `completion/complete` (capability `completions`, from 2025-03-26;
//!   server/utilities/completion) for the first prompt argument and the
//!   first resource template variable, with an empty value;
//! - `resources/subscribe` then `resources/unsubscribe` of the first listed
//!   resource (capability `resources.subscribe`; server/resources,
//!   Subscriptions);
//! - one cancellation (basic/utilities/cancellation): a `ping` sent and at
//!   once cancelled with `notifications/cancelled`. `ping` is the safe
//!   request to cancel: every server must serve it, it changes nothing, so
//!   whether the server stops it or answers anyway leaves no state behind,
//!   and it is never `initialize` ("The `initialize` request MUST NOT be
//!   cancelled by clients"). The answer may come or not ("Due to
//!   communication latency, it is always possible that the notification
//!   may arrive after the request processing is complete"), so neither is
//!   a finding; the session sees the notification, so the request is not
//!   `unanswered` and a late answer is no violation. Its table row is
//!   `ping (cancelled)` (`timed out` there: not answered within half a
//!   second, as the spec asks of the receiver). From 2026-07-28, which has
//!   no `ping`, the request is `server/discover`, as safe (every server of
//!   those revisions serves it, and it only describes the server): row
//!   `server/discover (cancelled)`. A link that cancels by closing a
//!   stream (Streamable HTTP from 2026-07-28) does not do it: the close
//!   races the answer on loopback, so the row would differ run to run.
//!
//! A declared method answered −32601 is `probe-declared-not-served`.

use std::time::Duration;

use serde_json::{json, Value};

use super::{defines, Exercise, Reply};

/// How long a cancelled request's answer is waited for.
const CANCELLED_WAIT: Duration = Duration::from_millis(500);

impl Exercise<'_> {
    /// `logging/setLevel` (the server declares `logging`).
    pub(super) fn set_level(&mut self) {
        if defines(self.revision, "logging/setLevel") {
            self.declared(
                "logging/setLevel",
                "logging",
                Some(json!({"level": "warning"})),
            );
        }
    }

    /// `completion/complete` for the first prompt argument and the first
    /// resource template variable (the server declares `completions`).
    pub(super) fn complete(&mut self, prompts: &[Value], templates: &[Value]) {
        // 2024-11-05 has `completion/complete` but no `completions`
        // capability: nothing there declares it, so it is not called.
        if !defines(self.revision, "completion/complete") || self.revision.as_str() == "2024-11-05"
        {
            return;
        }
        let prompt = prompts.iter().find_map(|p| {
            let name = p.get("name")?.as_str()?;
            let argument = p
                .get("arguments")?
                .as_array()?
                .first()?
                .get("name")?
                .as_str()?;
            Some((name.to_string(), argument.to_string()))
        });
        if let Some((name, argument)) = prompt {
            let params = json!({
                "ref": {"type": "ref/prompt", "name": name},
                "argument": {"name": argument, "value": ""}
            });
            self.declared("completion/complete", "completions", Some(params));
        }
        let template = templates.iter().find_map(|t| {
            let uri = t.get("uriTemplate")?.as_str()?;
            Some((uri.to_string(), first_variable(uri)?))
        });
        if let Some((uri, variable)) = template {
            let params = json!({
                "ref": {"type": "ref/resource", "uri": uri},
                "argument": {"name": variable, "value": ""}
            });
            self.declared("completion/complete", "completions", Some(params));
        }
    }

    /// `resources/subscribe` and `resources/unsubscribe` of the first
    /// listed resource (the server declares `resources.subscribe`).
    pub(super) fn subscribe(&mut self, resources: &[Value]) {
        if !defines(self.revision, "resources/subscribe") {
            return;
        }
        let Some(uri) = resources
            .iter()
            .find_map(|r| r.get("uri").and_then(Value::as_str))
        else {
            return;
        };
        let params = json!({"uri": uri});
        let subscribed = self.declared(
            "resources/subscribe",
            "resources.subscribe",
            Some(params.clone()),
        );
        if matches!(subscribed, Some(Reply::Result(_)))
            && defines(self.revision, "resources/unsubscribe")
        {
            self.declared("resources/unsubscribe", "resources.subscribe", Some(params));
        }
    }

    /// One `ping` (`server/discover` where there is no `ping`) cancelled
    /// at once (see the module's documentation).
    pub(super) fn cancellation(&mut self) {
        let method = ["ping", "server/discover"]
            .into_iter()
            .find(|m| defines(self.revision, m));
        let Some(method) = method.filter(|_| !self.closed) else {
            return;
        };
        if !defines(self.revision, "notifications/cancelled") {
            return;
        }
        let reason = "mcpwire probe: the cancellation check";
        let Some(reply) = self
            .conn
            .request_cancelled(method, None, reason, CANCELLED_WAIT)
        else {
            return;
        };
        let tally = self
            .table
            .methods
            .entry(format!("{method} (cancelled)"))
            .or_default();
        match reply {
            Reply::Result(_) => tally.ok += 1,
            Reply::Error(..) | Reply::Failed(_) => tally.error += 1,
            Reply::TimedOut => tally.timed_out += 1,
            Reply::Closed => {
                tally.closed += 1;
                self.closed = true;
            }
        }
    }
}

/// The first variable of an RFC 6570 URI template (`{+path}`,
/// `{?a,b}`, `{id*}`, `{name:3}` → `path`, `a`, `id`, `name`).
fn first_variable(template: &str) -> Option<String> {
    let start = template.find('{')?;
    let end = start + template[start..].find('}')?;
    let inner = template[start + 1..end].trim_start_matches(['+', '#', '.', '/', ';', '?', '&']);
    let name = inner.split(',').next()?;
    let name = name.split(':').next()?.trim_end_matches('*');
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::first_variable;

    #[test]
    fn template_variables() {
        for (t, v) in [
            (
                "demo://resource/dynamic/text/{resourceId}",
                Some("resourceId"),
            ),
            ("file:///{+path}", Some("path")),
            ("x://a{?q,limit}", Some("q")),
            ("x://{id*}/{b}", Some("id")),
            ("x://{name:3}", Some("name")),
            ("x://plain", None),
            ("x://{}", None),
        ] {
            assert_eq!(first_variable(t).as_deref(), v, "{t}");
        }
    }
}

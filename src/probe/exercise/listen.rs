//! `subscriptions/listen` (2026-07-28 on; basic/patterns/subscriptions):
//! where the server declares a change notification (`tools.listChanged`,
//! `prompts.listChanged`, `resources.listChanged`, `resources.subscribe`),
//! one subscription asks for exactly those (`resourceSubscriptions`: the
//! first listed resource), stays open [`LISTEN_WAIT`], and is ended as the
//! transport says ("close the SSE stream (HTTP) or send
//! `notifications/cancelled` referencing the `subscriptions/listen` request
//! ID (stdio)"). What carried its id is judged:
//!
//! - no `notifications/subscriptions/acknowledged`:
//!   `probe-listen-unacknowledged`;
//! - a notification before it: `probe-listen-before-ack`;
//! - a notification type not requested, or an acknowledgement naming one:
//!   `probe-listen-unrequested`.
//!
//! A graceful end (its response) is no finding; every message is also
//! judged by the schema as all others are. The table's row is
//! `subscriptions/listen`: `ok` when acknowledged, `error` when answered
//! with an error, `timed out` when nothing acknowledged it.

use std::time::Duration;

use serde_json::{json, Map, Value};

use super::{defines, rules, Exercise, Reply};

/// How long the subscription stays open.
const LISTEN_WAIT: Duration = Duration::from_millis(500);

const ACKNOWLEDGED: &str = "notifications/subscriptions/acknowledged";

/// The request, and the table row it is counted in.
const LISTEN: &str = "subscriptions/listen";

impl Exercise<'_> {
    /// The listen check (see the module's documentation); `resource`: the
    /// first listed resource's URI.
    pub(super) fn listen(&mut self, capabilities: &Value, resource: Option<&str>) {
        if self.closed || !defines(self.revision, LISTEN) {
            return;
        }
        let Some(filter) = declared_filter(capabilities, resource) else {
            return;
        };
        let Some((id, seen)) = self
            .conn
            .listen(json!({"notifications": filter}), LISTEN_WAIT)
        else {
            return;
        };
        if self.conn.cancels_by_closing() {
            self.cancelled.push(id);
        }
        let method = LISTEN;
        let (acknowledged, error) = self.judge_subscription(id, &seen, &filter);
        let tally = self.table.methods.entry(method.into()).or_default();
        match (&error, acknowledged) {
            (_, true) => tally.ok += 1,
            (Some(_), false) => tally.error += 1,
            (None, false) => tally.timed_out += 1,
        }
        if let Some(Reply::Error(Some(-32601), text)) = &error {
            let text = format!(
                "'{method}' answered -32601 ({text}) although the server declares change \
                 notifications ({filter})"
            );
            self.finding(rules::DECLARED_NOT_SERVED, method, text);
        } else if !acknowledged && error.is_none() {
            let text = format!(
                "no '{ACKNOWLEDGED}' for subscription {id} within {} ms",
                LISTEN_WAIT.as_millis()
            );
            self.finding(rules::LISTEN_UNACKNOWLEDGED, method, text);
        }
    }

    /// Judges what carried subscription `id`'s id (`seen`, in order)
    /// against the `filter` it requested: a finding for each notification
    /// before the acknowledgement or of a type not requested, and for an
    /// acknowledgement granting more. Whether it was acknowledged, and the
    /// error it was answered with, if any.
    fn judge_subscription(
        &mut self,
        id: u64,
        seen: &[Value],
        filter: &Value,
    ) -> (bool, Option<Reply>) {
        let method = LISTEN;
        let mut acknowledged = false;
        let mut error = None;
        for message in seen {
            let Some(name) = message.get("method").and_then(Value::as_str) else {
                if let Some(e) = message.get("error") {
                    error = Some(Reply::of_error(e));
                }
                continue;
            };
            if name == ACKNOWLEDGED && !acknowledged {
                acknowledged = true;
                let granted = message.pointer("/params/notifications");
                if let Some(extra) = granted.and_then(|g| beyond(g, filter)) {
                    let text = format!(
                        "the acknowledgement of subscription {id} grants {extra}, which the \
                         probe did not request (it requested {filter})"
                    );
                    self.finding(rules::LISTEN_UNREQUESTED, method, text);
                }
                continue;
            }
            if !acknowledged {
                let text = format!("'{name}' on subscription {id} came before its acknowledgement");
                self.finding(rules::LISTEN_BEFORE_ACK, method, text);
            }
            if !requested(name, message.get("params"), filter) {
                let text = format!("'{name}' on subscription {id}, which requested only {filter}");
                self.finding(rules::LISTEN_UNREQUESTED, method, text);
            }
        }
        (acknowledged, error)
    }
}

/// The `notifications` filter asking for every change notification the
/// server declares (`resourceSubscriptions`: `resource`, when it declares
/// `resources.subscribe`); `None` when it declares none.
fn declared_filter(capabilities: &Value, resource: Option<&str>) -> Option<Value> {
    let flag = |p: &str| capabilities.pointer(p) == Some(&Value::Bool(true));
    let mut filter = Map::new();
    for (pointer, key) in [
        ("/tools/listChanged", "toolsListChanged"),
        ("/prompts/listChanged", "promptsListChanged"),
        ("/resources/listChanged", "resourcesListChanged"),
    ] {
        if flag(pointer) {
            filter.insert(key.into(), Value::Bool(true));
        }
    }
    if let (true, Some(uri)) = (flag("/resources/subscribe"), resource) {
        filter.insert("resourceSubscriptions".into(), json!([uri]));
    }
    (!filter.is_empty()).then_some(Value::Object(filter))
}

/// Whether the notification `name` (with `params`) is of a type `filter`
/// requested.
fn requested(name: &str, params: Option<&Value>, filter: &Value) -> bool {
    let on = |k: &str| filter.get(k) == Some(&Value::Bool(true));
    match name {
        "notifications/tools/list_changed" => on("toolsListChanged"),
        "notifications/prompts/list_changed" => on("promptsListChanged"),
        "notifications/resources/list_changed" => on("resourcesListChanged"),
        "notifications/resources/updated" => {
            let uri = params.and_then(|p| p.get("uri"));
            filter
                .get("resourceSubscriptions")
                .and_then(Value::as_array)
                .is_some_and(|uris| uri.is_some_and(|u| uris.contains(u)))
        }
        _ => false,
    }
}

/// What `granted` (an acknowledgement's `notifications`) holds beyond
/// `filter`, or `None`.
fn beyond(granted: &Value, filter: &Value) -> Option<String> {
    let mut extra = Vec::new();
    for (k, v) in granted.as_object()? {
        match v {
            Value::Bool(true) if filter.get(k) != Some(&Value::Bool(true)) => extra.push(k.clone()),
            Value::Array(uris) => {
                let asked = filter.get(k).and_then(Value::as_array);
                for u in uris {
                    if !asked.is_some_and(|a| a.contains(u)) {
                        extra.push(format!("{k} {u}"));
                    }
                }
            }
            _ => {}
        }
    }
    (!extra.is_empty()).then(|| extra.join(", "))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{beyond, requested};

    #[test]
    fn filters() {
        let filter = json!({"toolsListChanged": true, "resourceSubscriptions": ["a://x"]});
        assert!(requested("notifications/tools/list_changed", None, &filter));
        assert!(!requested(
            "notifications/prompts/list_changed",
            None,
            &filter
        ));
        assert!(!requested("notifications/message", None, &filter));
        let x = json!({"uri": "a://x"});
        let y = json!({"uri": "a://y"});
        assert!(requested(
            "notifications/resources/updated",
            Some(&x),
            &filter
        ));
        assert!(!requested(
            "notifications/resources/updated",
            Some(&y),
            &filter
        ));
        assert_eq!(beyond(&json!({"toolsListChanged": true}), &filter), None);
        assert_eq!(
            beyond(
                &json!({"promptsListChanged": true, "resourceSubscriptions": ["a://y"]}),
                &filter
            )
            .as_deref(),
            Some("promptsListChanged, resourceSubscriptions \"a://y\"")
        );
    }
}

//! Form elicitations' contracts: an `elicitation/create` request's
//! `requestedSchema` applied to its result's `content`; at 2026-07-28 an
//! `InputRequiredResult`'s `inputRequests` applied to a retried request's
//! `inputResponses`, by key.

use serde_json::Value;

use super::{judge_value, schema_findings, token, State};
use crate::{report::Report, scan::MessageHead, session::rules, Version};

/// The `requestedSchema` of a form elicitation's params (`mode` absent or
/// `"form"`).
fn form_schema(params: &Value) -> Option<&Value> {
    let mode = params.get("mode").and_then(Value::as_str);
    if mode.is_some_and(|m| m != "form") {
        return None;
    }
    params.get("requestedSchema")
}

/// The `content` of an accepted elicitation result, when there is one.
fn accepted(result: &Value) -> Option<&Value> {
    (result.get("action").and_then(Value::as_str) == Some("accept"))
        .then(|| result.get("content"))
        .flatten()
}

impl State {
    /// An `elicitation/create` request: its schema compiled, judged, and
    /// kept for the result.
    pub(super) fn learn_elicitation(
        &mut self,
        head: &MessageHead,
        msg: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(schema) = msg.get("params").and_then(form_schema) else {
            return;
        };
        let compiled = self.engine.compile(schema);
        schema_findings(
            &compiled,
            "the elicitation's requestedSchema",
            "/params/requestedSchema",
            revision,
            report,
        );
        if let Some(key) = head.id_key() {
            self.elicitations.insert(key, compiled);
        }
    }

    /// The result of an `elicitation/create`: accepted content judged.
    pub(super) fn judge_elicitation_result(
        &mut self,
        head: &MessageHead,
        result: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(compiled) = head.id_key().and_then(|k| self.elicitations.remove(&k)) else {
            return;
        };
        let Some(content) = accepted(result) else {
            return;
        };
        judge_value(
            &compiled,
            content,
            &rules::ELICITATION_CONTENT_SCHEMA,
            "the accepted content does not match the requestedSchema",
            "/result/content",
            revision,
            report,
        );
    }

    /// A 2026-07-28 `InputRequiredResult`: each form elicitation among its
    /// `inputRequests` compiled, judged, and kept by its key.
    pub(super) fn learn_input_requests(
        &mut self,
        result: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(requests) = result.get("inputRequests").and_then(Value::as_object) else {
            return;
        };
        for (key, request) in requests {
            if request.get("method").and_then(Value::as_str) != Some("elicitation/create") {
                continue;
            }
            let Some(schema) = request.get("params").and_then(form_schema) else {
                continue;
            };
            let compiled = self.engine.compile(schema);
            schema_findings(
                &compiled,
                &format!("input request {key:?}'s requestedSchema"),
                &format!(
                    "/result/inputRequests/{}/params/requestedSchema",
                    token(key)
                ),
                revision,
                report,
            );
            self.input_requests.insert(key.clone(), compiled);
        }
    }

    /// A retried request's `inputResponses`: each accepted form answer to
    /// an input request seen judged against its schema.
    pub(super) fn judge_input_responses(
        &mut self,
        msg: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(responses) = msg
            .pointer("/params/inputResponses")
            .and_then(Value::as_object)
        else {
            return;
        };
        for (key, response) in responses {
            let Some(compiled) = self.input_requests.get(key) else {
                continue;
            };
            let Some(content) = accepted(response) else {
                continue;
            };
            judge_value(
                compiled,
                content,
                &rules::ELICITATION_CONTENT_SCHEMA,
                &format!("input response {key:?}: the accepted content does not match the requestedSchema"),
                &format!("/params/inputResponses/{}/content", token(key)),
                revision,
                report,
            );
        }
    }
}

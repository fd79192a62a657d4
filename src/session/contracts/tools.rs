//! Tools' contracts: learnt from `tools/list`, applied to `tools/call`
//! arguments and results.

use std::collections::HashMap;

use serde_json::Value;

use super::{finding, judge_value, not_judged, schema_findings, Body, State, Tool, MAX_TOOLS};
use crate::{report::Report, scan::MessageHead, session::rules, Version};

impl State {
    /// A `tools/list` request: remembered when it carries a cursor (its
    /// result is a later page). On the bytes path the request is parsed
    /// only when its text mentions `cursor`.
    pub(super) fn note_listing_request(&mut self, head: &MessageHead, body: &Body<'_, '_>) {
        let Some(key) = head.id_key() else { return };
        let cursor = match body {
            Body::Bytes(m) => {
                memchr::memmem::find(m.text(), b"\"cursor\"").is_some()
                    && m.full()
                        .is_some_and(|v| v.pointer("/params/cursor").is_some())
            }
            Body::Value(v) => v.pointer("/params/cursor").is_some(),
        };
        if cursor {
            self.continuations.insert(key, ());
        } else {
            self.continuations.remove(&key);
        }
    }

    /// A `tools/list` result page: its tools' schemas compiled, and
    /// judged themselves.
    pub(super) fn learn_listing(
        &mut self,
        head: &MessageHead,
        result: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        let Some(tools) = result.get("tools").and_then(Value::as_array) else {
            return;
        };
        let later_page = head
            .id_key()
            .is_some_and(|k| self.continuations.remove(&k).is_some());
        let mut listing = match (later_page, self.tools.take()) {
            (true, Some(listing)) => listing,
            _ => HashMap::new(),
        };
        for (i, tool) in tools.iter().enumerate() {
            let Some(name) = tool.get("name").and_then(Value::as_str) else {
                continue;
            };
            if listing.len() >= MAX_TOOLS && !listing.contains_key(name) {
                break;
            }
            let mut learnt = Tool {
                input: None,
                output: None,
            };
            for (member, slot) in [
                ("inputSchema", &mut learnt.input),
                ("outputSchema", &mut learnt.output),
            ] {
                let Some(schema) = tool.get(member) else {
                    continue;
                };
                let compiled = self.engine.compile(schema);
                schema_findings(
                    &compiled,
                    &format!("tool {name:?} {member}"),
                    &format!("/result/tools/{i}/{member}"),
                    revision,
                    report,
                );
                *slot = Some(compiled);
            }
            listing.insert(name.to_string(), learnt);
        }
        self.tools = Some(listing);
    }

    /// The tool a call names; when no listing describes it and `note`
    /// (a result's `structuredContent`, which an `outputSchema` would
    /// judge), a note that it was not judged: once per session when no
    /// listing was seen, once per tool when the listing lacks it.
    fn tool(&mut self, name: &str, note: Option<&str>, report: &mut Report) -> Option<&Tool> {
        let Some(listing) = &self.tools else {
            if let Some(pointer) = note.filter(|_| !self.said_unlisted) {
                self.said_unlisted = true;
                report.warnings.push(not_judged(
                    pointer,
                    format!(
                        "tool {name:?}: structuredContent not judged: no tools/list seen \
                         (said once per session)"
                    ),
                ));
            }
            return None;
        };
        if !listing.contains_key(name) {
            let pointer = note?;
            if self.said_unknown.len() < MAX_TOOLS && !self.said_unknown.iter().any(|n| n == name) {
                self.said_unknown.push(name.to_string());
                report.warnings.push(not_judged(
                    pointer,
                    format!(
                        "tool {name:?} is not in the tools/list seen; its structuredContent is not judged \
                         (said once per tool)"
                    ),
                ));
            }
            return None;
        }
        listing.get(name)
    }

    /// A `tools/call` request: its arguments judged against the tool's
    /// `inputSchema` (absent arguments as `{}`).
    pub(super) fn judge_call(&mut self, msg: &Value, revision: Version, report: &mut Report) {
        let Some(name) = msg.pointer("/params/name").and_then(Value::as_str) else {
            return;
        };
        let Some(Tool {
            input: Some(input), ..
        }) = self.tool(name, None, report)
        else {
            return;
        };
        let empty = Value::Object(Default::default());
        let arguments = msg.pointer("/params/arguments").unwrap_or(&empty);
        judge_value(
            input,
            arguments,
            &rules::ARGUMENTS_SCHEMA,
            &format!("tool {name:?} arguments do not match its inputSchema"),
            "/params/arguments",
            revision,
            report,
        );
    }

    /// A `tools/call` result (its tool `name`, when the request named
    /// one): `structuredContent` mirrored in text, and judged against the
    /// tool's `outputSchema` (present unless the result is an error).
    pub(super) fn judge_call_result(
        &mut self,
        name: Option<String>,
        head: &MessageHead,
        result: &Value,
        revision: Version,
        report: &mut Report,
    ) {
        // `structuredContent` and `outputSchema` arrived in 2025-06-18:
        // before it a result's extra members are the peer's own, and no
        // sentence governs them, so nothing is said (not even an
        // assumption).
        if head.result_task || !result.is_object() || revision < Version::V2025_06_18 {
            return;
        }
        let structured = result.get("structuredContent");
        if let Some(structured) = structured {
            if !mirrored(result, structured, self.engine.limits().max_instance_depth) {
                report.warnings.push(finding(
                    &rules::STRUCTURED_CONTENT_TEXT,
                    revision,
                    "/result/content",
                    format!(
                        "{}structuredContent has no TextContent block holding the same JSON",
                        name.as_deref()
                            .map(|n| format!("tool {n:?}: "))
                            .unwrap_or_default()
                    ),
                ));
            }
        }
        let Some(name) = name else { return };
        let Some(Tool {
            output: Some(output),
            ..
        }) = self.tool(
            &name,
            structured.map(|_| "/result/structuredContent"),
            report,
        )
        else {
            return;
        };
        let is_error = result.get("isError") == Some(&Value::Bool(true));
        match structured {
            Some(structured) if !is_error => judge_value(
                output,
                structured,
                &rules::STRUCTURED_CONTENT_SCHEMA,
                &format!("tool {name:?} structuredContent does not conform to its outputSchema"),
                "/result/structuredContent",
                revision,
                report,
            ),
            None if !is_error && output.is_ok() => report.warnings.push(finding(
                &rules::STRUCTURED_CONTENT_MISSING,
                revision,
                "/result",
                format!("tool {name:?} declares an outputSchema but its result has no structuredContent"),
            )),
            _ => {}
        }
    }
}

/// Whether a `TextContent` block of the result's `content` holds
/// `structured` as JSON text (numbers compared by value).
fn mirrored(result: &Value, structured: &Value, max_depth: usize) -> bool {
    if crate::contracts::measure(structured, max_depth, None).is_err() {
        return true; // too deep to compare; the outputSchema's judgement says so
    }
    let Some(content) = result.get("content").and_then(Value::as_array) else {
        return false;
    };
    content.iter().any(|block| {
        block.get("type").and_then(Value::as_str) == Some("text")
            && block
                .get("text")
                .and_then(Value::as_str)
                .and_then(|t| serde_json::from_str::<Value>(t).ok())
                .is_some_and(|v| same_json(&v, structured))
    })
}

/// JSON equality with numbers compared by value (`65` and `65.0` alike).
fn same_json(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y || matches!((x.as_f64(), y.as_f64()), (Some(p), Some(q)) if p == q)
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_json(p, q))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, p)| y.get(k).is_some_and(|q| same_json(p, q)))
        }
        _ => a == b,
    }
}

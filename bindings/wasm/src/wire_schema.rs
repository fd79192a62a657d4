//! `wireSchemaErrors(version, message, requestMethod?)`, shaped like the
//! reference conformance harness's function of that name
//! (`src/validation/wire-schema.ts` in `modelcontextprotocol/conformance`),
//! so a harness can swap mcpwire in: a list of strings, empty when the
//! message is valid, each `<Definition><instancePath>: <message>`, where
//! `instancePath` is relative to the value the definition judged (a
//! result body below `/result`, an `Error` object below `/error`), with
//! ` (result of '<requestMethod>')` after errors found in a result body,
//! `[i] ` before errors of batch element `i`, and at most six errors per
//! definition followed by `... N more error(s)`.
//!
//! A result body is named as the harness names it, whichever definition
//! judged it: at 2026-07-28 the session checks the responses of most
//! methods against the method's `XxxResultResponse` (the whole response,
//! whose `result` is the `XxxResult`), and their errors inside `/result`
//! are written as the `XxxResult`'s (`ListToolsResult: … (result of
//! 'tools/list')`), like those of the methods whose result is checked on
//! its own, and like every older revision. Errors of the generic envelope
//! (`JSONRPCResultResponse`) carry no suffix, as in the harness.
//!
//! The verdict is mcpwire's ([`mcpwire::Session`] at the fixed revision,
//! `requestMethod` standing in for the request the harness paired the
//! response with), not ajv's. Where they differ, by design (`docs/javascript.md`
//! lists them with examples): the envelope is always checked (the harness
//! checks only the typed definition, which before 2025-11-25 carries no
//! `jsonrpc`/`id`); `resultType` is a discriminator by value, and an
//! `InputRequiredResult` is accepted only for methods whose result
//! response admits one; error responses with the five `Error`-object codes
//! are checked against their definitions; mcpwire's errata
//! (`schemas/ERRATA.md`) and formats (`byte` is base64, not any string)
//! apply; a batch outside 2025-03-26 is reported even when an element is
//! also invalid; messages are mcpwire's wording, not ajv's.

use mcpwire::{
    dispatch::Target,
    input::{self, Limits},
    report::Finding,
    Direction, MessageKind, Origin, Report, Session, Version,
};
use serde_json::{json, Value};

use crate::api::{self, Error};

/// Errors kept per definition, as the harness does.
pub const MAX_ERRORS: usize = 6;

/// [`errors`] as a JSON array.
pub fn errors_json(
    version: &str,
    text: &[u8],
    request_method: Option<&str>,
) -> Result<String, Error> {
    let out = errors(api::revision(version)?, text, request_method);
    Ok(serde_json::to_string(&out).expect("strings serialize"))
}

/// The harness-shaped errors of one message (JSON text) at `version`.
/// Unreadable text is one error naming the input problem.
pub fn errors(version: Version, text: &[u8], request_method: Option<&str>) -> Vec<String> {
    let mut session = Session::new(version);
    if let Some(method) = request_method {
        // The request the harness paired the response with: a harness
        // request of that method with the response's id.
        if let Ok(msg) = input::parse(text, Limits::default()) {
            let id = msg.get("id").filter(|id| !id.is_null());
            if let (Some(id), true) = (id, is_result(&msg)) {
                let request = json!({"jsonrpc": "2.0", "id": id, "method": method});
                let harness = mcpwire::Source::new(Direction::ClientToServer, Origin::Harness);
                session.judge(harness, &request);
            }
        }
    }
    let reports = session.judge(Direction::ServerToClient, text).reports;
    let mut out = Vec::new();
    for report in &reports {
        format_report(version, report, request_method, &mut out);
    }
    out
}

/// A result response: what the harness checks against `resultDefs[requestMethod]`.
fn is_result(msg: &Value) -> bool {
    msg.get("method").is_none_or(|m| !m.is_string())
        && msg.get("error").is_none_or(Value::is_null)
        && msg.get("result").is_some()
}

/// Where a finding is reported: the definition named, the path below the
/// value it judged, and whether that value is the result body.
fn placed<'a>(version: Version, report: &Report, f: &'a Finding) -> (&'a str, &'a str, bool) {
    let pointer = f.violation.instance.as_str();
    let relative = report.path_in_target(f);
    if report.kind != MessageKind::Result || report.batch_index.is_some() {
        return (f.definition, relative, false);
    }
    match f.target {
        Target::Result => (f.definition, relative, relative != pointer),
        Target::Message => {
            // `XxxResultResponse` judged the whole response: its errors in
            // `/result` are the body's, `XxxResult`'s.
            let body = pointer
                .strip_prefix("/result")
                .filter(|rest| rest.is_empty() || rest.starts_with('/'));
            let named = f
                .definition
                .strip_suffix("Response")
                .filter(|d| d.ends_with("Result"))
                .and_then(|d| version.spec()?.definition(d))
                .map(|d| d.name);
            match (body, named) {
                (Some(rest), Some(name)) => (name, rest, true),
                _ => (f.definition, relative, false),
            }
        }
        Target::Error => (f.definition, relative, false),
    }
}

fn format_report(
    version: Version,
    report: &Report,
    request_method: Option<&str>,
    out: &mut Vec<String>,
) {
    let batch = report
        .batch_index
        .map(|i| format!("[{i}] "))
        .unwrap_or_default();
    if let Some(e) = &report.input_error {
        out.push(format!("{batch}JSONRPCMessage: {e}"));
        return;
    }
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for f in &report.violations {
        let (definition, relative, body) = placed(version, report, f);
        let mut error = format!("{batch}{definition}{relative}: {}", f.violation.message);
        if body {
            if let Some(m) = request_method.or(report.method.as_deref()) {
                error.push_str(&format!(" (result of '{m}')"));
            }
        }
        match groups.iter_mut().find(|(d, _)| *d == definition) {
            Some((_, list)) => list.push(error),
            None => groups.push((definition, vec![error])),
        }
    }
    for (_, list) in groups {
        let more = list.len().saturating_sub(MAX_ERRORS);
        out.extend(list.into_iter().take(MAX_ERRORS));
        if more > 0 {
            out.push(format!("{batch}... {more} more error(s)"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn an_array_for_an_object_names_the_definition_and_member() {
        let text = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m","data":{"requiredCapabilities":["sampling"]}}}"#;
        let errors = errors(Version::V2026_07_28, text, None);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0].starts_with(
                "MissingRequiredClientCapabilityError/error/data/requiredCapabilities: "
            ),
            "{errors:?}"
        );
    }

    #[test]
    #[cfg(feature = "v2025_11_25")]
    fn result_errors_are_relative_to_the_body_and_name_the_method() {
        let text = br#"{"jsonrpc":"2.0","id":3,"result":{"content":"x"}}"#;
        let errors = errors(Version::V2025_11_25, text, Some("tools/call"));
        assert_eq!(
            errors,
            ["CallToolResult/content: expected array, found string (result of 'tools/call')"],
        );
        // Without the request method: the envelope only, as in the harness.
        assert_eq!(errors_of(Version::V2025_11_25, text), Vec::<String>::new());
    }

    #[test]
    #[cfg(feature = "v2025_06_18")]
    fn envelope_is_checked_before_2025_11_25() {
        // The harness's probe A: valid there, since PingRequest has no envelope.
        let text = br#"{"jsonrpc":"1.0","id":null,"method":"ping"}"#;
        let errors = errors_of(Version::V2025_06_18, text);
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("JSONRPCRequest/jsonrpc: ")),
            "{errors:?}"
        );
        assert!(
            errors.iter().any(|e| e.starts_with("JSONRPCRequest/id: ")),
            "{errors:?}"
        );
    }

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn caps_each_definition_at_six() {
        let items: Vec<String> = (0..9).map(|_| "1".to_string()).collect();
        let text = format!(
            r#"{{"jsonrpc":"2.0","id":1,"result":{{"resultType":"complete","content":[{}]}}}}"#,
            items.join(",")
        );
        let errors = errors(Version::V2026_07_28, text.as_bytes(), Some("tools/call"));
        assert_eq!(errors.len(), MAX_ERRORS + 1, "{errors:?}");
        assert_eq!(errors[MAX_ERRORS], "... 3 more error(s)");
    }

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn unreadable_text_is_one_error() {
        let errors = errors_of(Version::V2026_07_28, b"{\"jsonrpc\":");
        assert_eq!(errors.len(), 1);
        assert!(errors[0].starts_with("JSONRPCMessage: "), "{errors:?}");
    }

    #[test]
    #[cfg(feature = "v2026_07_28")]
    fn every_result_body_is_named_and_suffixed_as_the_harness_does() {
        // tools/list is judged by ListToolsResultResponse (the whole
        // response), tools/call by CallToolResult (the body): both bodies
        // are named by their result definition, with the suffix.
        let text = br#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","cacheScope":"public","ttlMs":1}}"#;
        assert_eq!(
            errors(Version::V2026_07_28, text, Some("tools/list")),
            ["ListToolsResult: \"tools\" is a required property (result of 'tools/list')"],
        );
        let text = br#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","content":"x"}}"#;
        assert_eq!(
            errors(Version::V2026_07_28, text, Some("tools/call")),
            ["CallToolResult/content: expected array, found string (result of 'tools/call')"],
        );
        // The generic envelope's errors carry no suffix, as in the harness.
        let text = br#"{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","_meta":5,"tools":[],"cacheScope":"public","ttlMs":1}}"#;
        let errors = errors(Version::V2026_07_28, text, Some("tools/list"));
        assert!(
            errors.contains(
                &"JSONRPCResultResponse/result/_meta: expected object, found integer".to_string()
            ),
            "{errors:?}"
        );
    }

    fn errors_of(version: Version, text: &[u8]) -> Vec<String> {
        errors(version, text, None)
    }
}

//! Message dispatch and session correlation: one test per rule of
//! `src/dispatch.rs` / `src/session.rs`, and the named cases of the issue.

use mcpwire::{Direction, Keyword, Mode, Options, Origin, Report, Session, Version, WarningKind};
use serde_json::{json, Value};

const C2S: Direction = Direction::ClientToServer;
const S2C: Direction = Direction::ServerToClient;

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "test-client", "version": "1.0.0"},
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

fn one(session: &mut Session, direction: Direction, msg: Value) -> Report {
    let mut reports = session.judge(direction, &msg).reports;
    assert_eq!(reports.len(), 1, "{reports:#?}");
    reports.remove(0)
}

fn pointers(report: &Report) -> Vec<&str> {
    report
        .violations
        .iter()
        .map(|f| f.violation.instance.as_str())
        .collect()
}

fn warning_kinds(report: &Report) -> Vec<WarningKind> {
    report.warnings.iter().map(|w| w.kind).collect()
}

fn list_tools_result() -> Value {
    json!({"resultType": "complete", "tools": [], "ttlMs": 60000, "cacheScope": "public"})
}

#[test]
fn issue_376_required_capabilities_must_be_an_object() {
    let mut s = Session::new(Version::V2026_07_28);
    let bad = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 401, "error": {"code": -32021, "message": "sampling required",
               "data": {"requiredCapabilities": ["sampling"]}}}),
    );
    assert_eq!(
        bad.definition(),
        Some("MissingRequiredClientCapabilityError")
    );
    assert_eq!(
        pointers(&bad),
        ["/error/data/requiredCapabilities"],
        "{bad:#?}"
    );
    assert_eq!(bad.violations[0].violation.keyword, Keyword::Type);
    let good = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 402, "error": {"code": -32021, "message": "sampling required",
               "data": {"requiredCapabilities": {"sampling": {}}}}}),
    );
    assert!(good.is_valid(), "{good:#?}");
}

#[test]
fn envelope_is_checked_where_typed_definitions_lack_it() {
    let mut s = Session::new(Version::V2025_06_18);
    let r = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "1.0", "id": 1, "method": "ping"}),
    );
    assert_eq!(r.definitions, ["JSONRPCRequest", "PingRequest"]);
    assert_eq!(pointers(&r), ["/jsonrpc"]);
    assert_eq!(r.violations[0].definition, "JSONRPCRequest");
    let ok = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}),
    );
    assert!(ok.is_valid(), "{ok:#?}");
}

#[test]
fn input_required_only_where_the_method_admits_it() {
    let mut s = Session::new(Version::V2026_07_28);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta()}}),
    );
    let listed = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "abc"}}),
    );
    assert!(!listed.is_valid());
    assert!(
        listed
            .violations
            .iter()
            .any(|f| f.violation.keyword == Keyword::Dispatch
                && f.violation.instance.as_str() == "/result/resultType"),
        "{listed:#?}"
    );
    assert_eq!(listed.method.as_deref(), Some("tools/list"));

    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                      "params": {"_meta": meta(), "name": "get_weather"}});
    assert!(one(&mut s, C2S, call).is_valid());
    let asked = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "input_required", "requestState": "abc"}}),
    );
    assert!(asked.is_valid(), "{asked:#?}");
    assert_eq!(asked.definition(), Some("InputRequiredResult"));
}

#[test]
fn result_type_is_a_discriminator_by_value() {
    let mut s = Session::new(Version::V2026_07_28);
    for id in 1..=3 {
        let call = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                          "params": {"_meta": meta(), "name": "t"}});
        one(&mut s, C2S, call);
    }
    // complete: judged as CallToolResult, whose `content` is required.
    let complete = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete"}}),
    );
    assert_eq!(complete.definition(), Some("CallToolResult"));
    assert_eq!(
        complete.violations[0].violation.keyword,
        Keyword::Required,
        "{complete:#?}"
    );
    // task: the tasks extension's envelope-only path.
    let task = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "task", "taskId": "t1"}}),
    );
    assert!(task.is_valid(), "{task:#?}");
    assert_eq!(task.definitions, ["JSONRPCResultResponse"]);
    // anything else: judged as the method's result, with a warning.
    let odd = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 3, "result": {"resultType": "streaming", "content": []}}),
    );
    assert!(odd.is_valid(), "{odd:#?}");
    assert_eq!(warning_kinds(&odd), [WarningKind::UnknownResultType]);
}

#[test]
fn results_use_the_specs_result_response_where_exact() {
    let mut s = Session::new(Version::V2026_07_28);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": "a", "method": "tools/list", "params": {"_meta": meta()}}),
    );
    let ok = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": "a", "result": list_tools_result()}),
    );
    assert!(ok.is_valid(), "{ok:#?}");
    assert_eq!(
        ok.definitions,
        ["JSONRPCResultResponse", "ListToolsResultResponse"]
    );
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": "b", "method": "tools/list", "params": {"_meta": meta()}}),
    );
    let mut bad = list_tools_result();
    bad["ttlMs"] = json!(-1);
    bad["cacheScope"] = json!("shared");
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": "b", "result": bad}),
    );
    let mut p = pointers(&r);
    p.sort();
    assert_eq!(p, ["/result/cacheScope", "/result/ttlMs"], "{r:#?}");
}

#[test]
fn batch_elements_are_typed_by_their_requests() {
    let mut s = Session::new(Version::V2025_03_26);
    let requests = s
        .judge(
            C2S,
            &json!([
                {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "a"}},
                {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "b"}}
            ]),
        )
        .reports;
    assert!(requests.iter().all(Report::is_valid), "{requests:#?}");
    let responses = s
        .judge(
            S2C,
            &json!([
                {"jsonrpc": "2.0", "id": 1, "result": {"content": []}},
                {"jsonrpc": "2.0", "id": 2, "result": {"content": "not a list"}}
            ]),
        )
        .reports;
    assert_eq!(responses.len(), 2);
    assert!(responses[0].is_valid(), "{:#?}", responses[0]);
    let bad = &responses[1];
    assert_eq!(bad.batch_index, Some(1));
    assert_eq!(bad.definition(), Some("CallToolResult"));
    assert_eq!(pointers(bad), ["/1/result/content"]);
}

#[test]
fn batches_outside_2025_03_26_and_empty_batches_are_flagged() {
    let mut s = Session::new(Version::V2025_11_25);
    let r = s
        .judge(C2S, &json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}]))
        .reports;
    assert_eq!(
        r[0].violations[0].violation.keyword,
        Keyword::Dispatch,
        "{r:#?}"
    );
    assert!(r[0].violations[0]
        .violation
        .message
        .contains("only 2025-03-26"));
    assert!(r[1].is_valid());
    let mut old = Session::new(Version::V2025_03_26);
    let empty = old.judge(C2S, &json!([])).reports;
    assert_eq!(empty.len(), 1);
    assert!(empty[0].is_valid());
    assert_eq!(warning_kinds(&empty[0]), [WarningKind::JsonRpc]);
}

#[test]
fn auto_session_judges_at_the_negotiated_revision() {
    let content =
        json!([{"type": "resource_link", "uri": "file:///project/README.md", "name": "README.md"}]);
    for (negotiated, valid) in [("2025-03-26", false), ("2025-06-18", true)] {
        let mut s = Session::auto();
        let init = one(
            &mut s,
            C2S,
            json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": negotiated, "capabilities": {},
                "clientInfo": {"name": "c", "version": "1"}}}),
        );
        assert_eq!(init.revision.unwrap().as_str(), negotiated);
        one(
            &mut s,
            S2C,
            json!({"jsonrpc": "2.0", "id": 0, "result": {
                "protocolVersion": negotiated, "capabilities": {},
                "serverInfo": {"name": "s", "version": "1"}}}),
        );
        assert_eq!(s.revision().as_str(), negotiated);
        one(
            &mut s,
            C2S,
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "x"}}),
        );
        let r = one(
            &mut s,
            S2C,
            json!({"jsonrpc": "2.0", "id": 1, "result": {"content": content.clone()}}),
        );
        assert_eq!(r.revision.unwrap().as_str(), negotiated);
        assert_eq!(r.is_valid(), valid, "{negotiated}: {r:#?}");
        if !valid {
            assert!(
                pointers(&r)
                    .iter()
                    .all(|p| p.starts_with("/result/content/0")),
                "{r:#?}"
            );
        }
    }
}

#[test]
fn per_request_meta_version_and_http_header() {
    let mut s = Session::auto();
    s.set_http_protocol_version("2025-06-18").unwrap();
    let r = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert_eq!(r.revision, Some(Version::V2025_06_18));
    let r = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": meta()}}),
    );
    assert_eq!(r.revision, Some(Version::V2026_07_28));
    let err = s
        .set_http_protocol_version("1999-01-01")
        .unwrap_err()
        .to_string();
    assert!(err.contains("known revisions: 2024-11-05"), "{err}");
}

#[test]
fn unknown_and_embedded_methods_warn() {
    let mut s = Session::new(Version::V2026_07_28);
    let ping = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert!(ping.is_valid());
    assert_eq!(warning_kinds(&ping), [WarningKind::MethodNotInRevision]);
    assert_eq!(ping.definitions, ["JSONRPCRequest"]);
    let sampling = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 2, "method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 1}}),
    );
    assert_eq!(warning_kinds(&sampling), [WarningKind::EmbeddedOnly]);
    let mut old = Session::new(Version::V2025_03_26);
    let elicit = one(
        &mut old,
        S2C,
        json!({"jsonrpc": "2.0", "id": 3, "method": "elicitation/create", "params": {}}),
    );
    assert_eq!(warning_kinds(&elicit), [WarningKind::MethodNotInRevision]);
}

#[test]
fn wrong_sender_and_kind_mismatch_warn() {
    let mut s = Session::new(Version::V2025_11_25);
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    );
    assert_eq!(warning_kinds(&r), [WarningKind::WrongSender]);
    let r = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "method": "tools/list"}),
    );
    assert!(warning_kinds(&r).contains(&WarningKind::KindMismatch));
}

#[test]
fn error_object_codes_type_the_error_member() {
    let mut s = Session::new(Version::V2026_07_28);
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 9, "error": {"code": -32601, "message": 42}}),
    );
    assert_eq!(
        r.definitions,
        ["JSONRPCErrorResponse", "MethodNotFoundError"]
    );
    assert_eq!(pointers(&r), ["/error/message"], "{r:#?}");
    let generic = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 10, "error": {"code": -1, "message": "x"}}),
    );
    assert_eq!(generic.definitions, ["JSONRPCErrorResponse"]);
}

#[test]
fn null_id_is_a_violation_that_explains_json_rpc() {
    let parse_error =
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}});
    let mut s = Session::new(Version::V2026_07_28);
    let r = one(&mut s, S2C, parse_error.clone());
    assert_eq!(pointers(&r), ["/id"]);
    assert!(
        r.violations[0]
            .violation
            .message
            .contains("JSON-RPC 2.0 requires a null id"),
        "{r:#?}"
    );

    let opts = Options {
        null_id_as_warning: true,
        ..Options::default()
    };
    let mut lenient = Session::with_options(Mode::Fixed(Version::V2026_07_28), opts);
    let r = one(&mut lenient, S2C, parse_error);
    assert!(r.is_valid(), "{r:#?}");
    assert_eq!(warning_kinds(&r), [WarningKind::NullId]);
    let other = one(
        &mut lenient,
        S2C,
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "x"}}),
    );
    assert!(!other.is_valid(), "only -32700/-32600 are downgraded");
}

#[test]
fn responses_without_requests_and_duplicates_warn_and_unanswered_are_listed() {
    let mut s = Session::new(Version::V2025_11_25);
    let stray = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 77, "result": {}}),
    );
    assert_eq!(warning_kinds(&stray), [WarningKind::UnknownResponse]);
    assert_eq!(stray.definitions, ["JSONRPCResultResponse"]);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": "1", "method": "tools/list"}),
    );
    let first = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
    );
    assert!(first.is_valid() && first.warnings.is_empty(), "{first:#?}");
    assert_eq!(first.definition(), Some("EmptyResult"));
    let again = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
    );
    assert_eq!(warning_kinds(&again), [WarningKind::DuplicateResponse]);
    let unanswered = s.unanswered();
    assert_eq!(unanswered.len(), 1);
    assert_eq!(unanswered[0].method, "tools/list");
}

#[test]
fn task_augmented_tools_call_is_answered_by_create_task_result() {
    let mut s = Session::new(Version::V2025_11_25);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "slow", "task": {"ttl": 60000}}}),
    );
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 5, "result": {"task": {"taskId": "t", "status": "working",
               "createdAt": "2025-11-25T00:00:00Z", "lastUpdatedAt": "2025-11-25T00:00:00Z", "ttl": 60000}}}),
    );
    assert_eq!(r.definition(), Some("CreateTaskResult"));
    assert!(r.is_valid(), "{r:#?}");
}

#[test]
fn origin_is_kept_and_reports_serialize() {
    let mut s = Session::new(Version::V2026_07_28);
    let r = s
        .judge(
            mcpwire::Source::new(Direction::ClientToServer, Origin::Harness),
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        )
        .reports;
    assert_eq!(r[0].origin, Origin::Harness);
    let v = serde_json::to_value(&r[0]).unwrap();
    assert_eq!(v["origin"], "harness");
    assert_eq!(v["direction"], "c2s");
    assert_eq!(v["revision"], "2026-07-28");
    assert_eq!(v["violations"][0]["instance"], "");
    assert!(v["violations"][0]["message"]
        .as_str()
        .unwrap()
        .contains("\"params\""));
    assert_eq!(v["violations"][0]["keyword"], "required");
}

#[test]
fn unreadable_bytes_give_a_report_and_the_session_goes_on() {
    let mut s = Session::new(Version::V2025_11_25);
    let bad = s.judge(C2S, b"{\"jsonrpc\": \"2.0\", \"id\": 1,").reports;
    assert!(bad[0]
        .input_error
        .as_deref()
        .unwrap()
        .starts_with("invalid JSON"));
    let deep = "[".repeat(5000) + &"]".repeat(5000);
    let r = s.judge(C2S, deep.as_bytes()).reports;
    assert!(r[0]
        .input_error
        .as_deref()
        .unwrap()
        .contains("nesting deeper"));
    let ok = s
        .judge(C2S, br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
        .reports;
    assert!(ok[0].is_valid());
    assert_eq!(ok[0].index, 2);
}

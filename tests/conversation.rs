//! The conversation judged right: one named test per bug the
//! peer study found, and the rules the session now applies.

use mcpwire::{
    check::{check_transcript, Outcome},
    session::{rules, Reason},
    Direction, Mode, Options, Report, Session, Source, Version, WarningKind,
};
use serde_json::{json, Value};

mod support;

const C2S: Direction = Direction::ClientToServer;
const S2C: Direction = Direction::ServerToClient;

fn one(session: &mut Session, direction: Direction, msg: Value) -> Report {
    let mut reports = session.judge(direction, &msg).reports;
    assert_eq!(reports.len(), 1, "{reports:#?}");
    reports.remove(0)
}

fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn kinds(report: &Report) -> Vec<WarningKind> {
    report.warnings.iter().map(|w| w.kind).collect()
}

fn rule_ids(report: &Report) -> Vec<&'static str> {
    report
        .warnings
        .iter()
        .filter_map(|w| w.rule.map(|r| r.id))
        .collect()
}

fn initialize(version: &str, capabilities: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": capabilities,
        "clientInfo": {"name": "c", "version": "1"}}})
}

fn initialize_result(version: &str, capabilities: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": version, "capabilities": capabilities,
        "serverInfo": {"name": "s", "version": "1"}}})
}

fn initialized() -> Value {
    json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
}

/// An initialized 2025-11-25 session with the capabilities given.
fn session_2025_11_25(client: Value, server: Value) -> Session {
    let mut s = Session::auto();
    one(&mut s, C2S, initialize("2025-11-25", client));
    one(&mut s, S2C, initialize_result("2025-11-25", server));
    one(&mut s, C2S, initialized());
    s
}

fn task_result() -> Value {
    json!({"task": {"taskId": "t", "status": "working", "createdAt": "2025-11-25T00:00:00Z",
                    "lastUpdatedAt": "2025-11-25T00:00:00Z", "ttl": 60000}})
}

#[test]
fn numeric_ids_pair_by_value_and_a_string_id_gets_a_hint() {
    for spelled in ["2", "2.0", "2e0"] {
        let mut s = Session::new(Version::V2025_11_25);
        one(
            &mut s,
            C2S,
            json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "x"}}),
        );
        let text = format!(r#"{{"jsonrpc":"2.0","id":{spelled},"result":{{"content":"no"}}}}"#);
        let r = one(&mut s, S2C, parsed(&text));
        assert_eq!(r.method.as_deref(), Some("tools/call"), "{spelled}: {r:#?}");
        assert_eq!(r.definition(), Some("CallToolResult"), "{spelled}");
        assert!(
            !r.is_valid(),
            "{spelled}: the result is typed, so its violation is found"
        );
        assert!(
            !kinds(&r).contains(&WarningKind::UnknownResponse),
            "{spelled}"
        );
        assert!(s.unanswered().is_empty(), "{spelled}");
        // The bytes path pairs the same way.
        let mut b = Session::new(Version::V2025_11_25);
        b.judge(
            C2S,
            br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x"}}"#,
        );
        let rb = b.judge(S2C, text.as_bytes()).reports;
        assert_eq!(rb[0].definition(), Some("CallToolResult"), "{spelled}");
    }
    let mut s = Session::new(Version::V2025_11_25);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 5, "method": "ping"}),
    );
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": "5", "result": {}}),
    );
    assert_eq!(kinds(&r), [WarningKind::UnknownResponse]);
    assert!(
        r.warnings[0]
            .message
            .contains("the same text as another JSON type"),
        "{r:#?}"
    );
    assert_eq!(s.unanswered().len(), 1, "\"5\" does not answer 5");
}

#[test]
fn result_and_error_together_break_json_rpc() {
    let mut s = Session::new(Version::V2025_11_25);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": -1, "message": "x"}}),
    );
    assert_eq!(rule_ids(&r), ["jsonrpc.result-and-error"], "{r:#?}");
    assert_eq!(
        rules::RESULT_AND_ERROR.severity,
        mcpwire::Severity::Error,
        "a MUST: the CLI counts it as a violation"
    );
    let bytes = s
        .judge(
            S2C,
            br#"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"x"},"result":{}}"#,
        )
        .reports;
    assert!(rule_ids(&bytes[0]).contains(&"jsonrpc.result-and-error"));
}

#[test]
fn requests_of_a_rejected_batch_are_not_expected_to_be_answered() {
    let mut s = Session::new(Version::V2025_11_25);
    let r = s
        .judge(
            C2S,
            &json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]),
        )
        .reports;
    assert!(!r[0].is_valid(), "the batch itself is the violation");
    assert!(s.unanswered().is_empty(), "{:?}", s.unanswered());
    // 2025-03-26 accepts batches: their requests are pending.
    let mut old = Session::new(Version::V2025_03_26);
    old.judge(C2S, &json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}]));
    assert_eq!(old.unanswered().len(), 1);
}

#[test]
fn warnings_cite_file_lines_not_indices() {
    let text = "\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n\
                {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n\
                {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n\
                {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
    let session = Session::try_new(Version::V2025_11_25).unwrap();
    let mut checker = check_transcript(text.as_bytes(), session);
    let mut messages = Vec::new();
    for checked in &mut checker {
        let checked = checked.unwrap();
        let Outcome::Message(judged) = checked.outcome else {
            panic!("{checked:?}")
        };
        assert_eq!(judged.reports[0].line, Some(checked.line));
        messages.push(judged);
    }
    let duplicate_id = &messages[1].reports[0].warnings[0];
    assert_eq!(duplicate_id.kind, WarningKind::DuplicateRequestId);
    assert!(
        duplicate_id.message.contains("at line 2"),
        "{duplicate_id:?}"
    );
    let again = &messages[3].reports[0].warnings[0];
    assert_eq!(again.kind, WarningKind::DuplicateResponse);
    assert!(again.message.contains("request at line 3"), "{again:?}");
    assert_eq!(messages[1].inferred, Some(Reason::Sender));
    assert_eq!(messages[2].inferred, Some(Reason::Correlation));
    // Without lines, messages are cited by 1-based position.
    let mut s = Session::new(Version::V2025_11_25);
    one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    let r = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert!(r.warnings[0].message.contains("message #1"), "{r:#?}");
}

#[test]
fn unanswered_requests_carry_their_revision_id_and_line() {
    let mut s = Session::auto();
    s.judge(
        Source {
            direction: None,
            line: Some(7),
            ..Source::default()
        },
        &initialize("2025-06-18", json!({})),
    );
    let u = s.unanswered();
    assert_eq!(u.len(), 1);
    assert_eq!(u[0].revision, Version::V2025_06_18);
    assert_eq!(u[0].id, json!(0));
    assert_eq!(u[0].line, Some(7));
    assert_eq!(u[0].method, "initialize");
}

#[test]
fn messages_pipelined_before_the_initialize_result_are_judged_at_the_proposed_revision() {
    let mut s = Session::auto();
    one(&mut s, C2S, initialize("2025-06-18", json!({})));
    let pipelined = one(&mut s, C2S, initialized());
    assert_eq!(pipelined.revision, Some(Version::V2025_06_18));
    assert!(pipelined.is_valid(), "{pipelined:#?}");
    assert!(
        !kinds(&pipelined).contains(&WarningKind::Assumption),
        "{pipelined:#?}"
    );
    // A 2025-06-18 resource_link is fine there, not at 2025-03-26.
    one(
        &mut s,
        S2C,
        initialize_result("2025-03-26", json!({"tools": {}})),
    );
    assert_eq!(s.revision(), Version::V2025_03_26, "the result decides");
}

#[test]
fn auto_mode_says_once_which_revision_it_assumed() {
    let mut s = Session::auto();
    let first = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    let assumed: Vec<_> = first
        .warnings
        .iter()
        .filter(|w| w.kind == WarningKind::Assumption)
        .collect();
    assert_eq!(assumed.len(), 1, "{first:#?}");
    let fallback = Options::default().fallback;
    assert!(
        assumed[0].message.contains(&format!(
            "no initialize or protocol version seen; judged at {fallback}"
        )),
        "{assumed:?}"
    );
    let second = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
    );
    assert!(!kinds(&second).contains(&WarningKind::Assumption));
    // A fixed revision assumes nothing.
    let mut fixed = Session::new(Version::V2025_11_25);
    let r = one(
        &mut fixed,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert!(r.warnings.is_empty(), "{r:#?}");
}

/// From 2026-07-28 each request declares its revision in `_meta`; a
/// message that declares none afterwards (a server's notification over
/// stdio) is judged at the declared one, not at the fallback with an
/// assumption: a protocol version was seen.
#[test]
fn a_message_without_a_version_inherits_the_one_requests_declared() {
    let options = Options {
        fallback: Version::V2025_11_25,
        ..Options::default()
    };
    let mut s = Session::with_options(Mode::Auto, options);
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    });
    let listed = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}}),
    );
    assert_eq!(listed.revision, Some(Version::V2026_07_28));
    let note = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
    );
    assert_eq!(note.revision, Some(Version::V2026_07_28), "{note:#?}");
    assert!(
        !kinds(&note).contains(&WarningKind::Assumption),
        "{note:#?}"
    );
    // Before any declaration the fallback is assumed, once.
    let mut fresh = Session::with_options(Mode::Auto, options);
    let r = one(
        &mut fresh,
        S2C,
        json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
    );
    assert_eq!(r.revision, Some(Version::V2025_11_25));
    assert!(kinds(&r).contains(&WarningKind::Assumption), "{r:#?}");
}

#[test]
fn the_fallback_is_the_newest_enabled_revision() {
    let newest = Version::enabled()
        .filter(|v| *v != Version::Draft)
        .last()
        .unwrap();
    assert_eq!(Options::default().fallback, newest);
    assert!(Options::default().fallback.spec().is_some());
}

#[test]
fn a_revision_not_compiled_in_is_refused_never_a_silent_pass() {
    for v in Version::ALL {
        match v.spec() {
            Some(_) => assert!(Session::try_new(v).is_ok()),
            None => {
                let err = Session::try_new(v).unwrap_err().to_string();
                assert!(err.contains("not compiled in"), "{err}");
                let mut s = Session::new(v);
                let r = one(
                    &mut s,
                    C2S,
                    json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
                );
                assert!(!r.is_valid(), "{v}: {r:#?}");
            }
        }
    }
    let options = Options {
        fallback: Version::V2025_11_25,
        ..Options::default()
    };
    assert!(Session::try_with_options(Mode::Auto, options).is_ok());
}

#[test]
fn task_augmentation_follows_the_receivers_declared_task_support() {
    let call = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                      "params": {"name": "slow", "task": {"ttl": 60000}}});
    let plain = json!({"content": []});
    let tasks = json!({"tasks": {"requests": {"tools": {"call": {}}}}, "tools": {}});
    // Declared: a CreateTaskResult, and the plain result is wrong.
    for (result, valid) in [(task_result(), true), (plain.clone(), false)] {
        let mut s = session_2025_11_25(json!({}), tasks.clone());
        one(&mut s, C2S, call.clone());
        let r = one(
            &mut s,
            S2C,
            json!({"jsonrpc": "2.0", "id": 5, "result": result}),
        );
        assert_eq!(r.definition(), Some("CreateTaskResult"));
        assert_eq!(r.is_valid(), valid, "{r:#?}");
    }
    // Not declared: processed normally, the plain result.
    let mut s = session_2025_11_25(json!({}), json!({"tools": {}}));
    one(&mut s, C2S, call.clone());
    let r = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 5, "result": plain}),
    );
    assert_eq!(r.definition(), Some("CallToolResult"));
    assert!(r.is_valid() && r.warnings.is_empty(), "{r:#?}");
    // Unknown (no initialize seen): either, and the report says which.
    for (result, definition) in [
        (task_result(), "CreateTaskResult"),
        (json!({"content": []}), "CallToolResult"),
    ] {
        let mut s = Session::new(Version::V2025_11_25);
        one(&mut s, C2S, call.clone());
        let r = one(
            &mut s,
            S2C,
            json!({"jsonrpc": "2.0", "id": 5, "result": result}),
        );
        assert_eq!(r.definition(), Some(definition));
        assert!(r.is_valid(), "{r:#?}");
        assert_eq!(kinds(&r), [WarningKind::Assumption]);
    }
}

#[test]
fn task_augmented_sampling_and_elicitation_accept_create_task_result() {
    let client = json!({"sampling": {}, "elicitation": {},
        "tasks": {"requests": {"sampling": {"createMessage": {}}, "elicitation": {"create": {}}}}});
    let requests = [
        json!({"jsonrpc": "2.0", "id": "s1", "method": "sampling/createMessage", "params": {
            "messages": [], "maxTokens": 10, "task": {"ttl": 1000}}}),
        json!({"jsonrpc": "2.0", "id": "s1", "method": "elicitation/create", "params": {
            "message": "ok?", "requestedSchema": {"type": "object", "properties": {}},
            "task": {"ttl": 1000}}}),
    ];
    for request in requests {
        let mut s = session_2025_11_25(client.clone(), json!({}));
        let r = one(&mut s, S2C, request.clone());
        assert!(r.is_valid() && r.warnings.is_empty(), "{r:#?}");
        let r = one(
            &mut s,
            C2S,
            json!({"jsonrpc": "2.0", "id": "s1", "result": task_result()}),
        );
        assert_eq!(r.definition(), Some("CreateTaskResult"), "{request}");
        assert!(r.is_valid(), "{r:#?}");
    }
}

#[test]
fn requests_need_the_receivers_declared_capability() {
    let mut s = session_2025_11_25(json!({}), json!({"resources": {}}));
    let sampling = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 1, "method": "sampling/createMessage",
               "params": {"messages": [], "maxTokens": 1}}),
    );
    assert_eq!(rule_ids(&sampling), ["capability.sampling-undeclared"]);
    let tools = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );
    assert_eq!(rule_ids(&tools), ["capability.tools-undeclared"]);
    let subscribe = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 3, "method": "resources/subscribe", "params": {"uri": "file:///a"}}),
    );
    assert_eq!(
        rule_ids(&subscribe),
        ["capability.resources-subscribe-undeclared"]
    );
    let read = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": {"uri": "file:///a"}}),
    );
    assert!(rule_ids(&read).is_empty(), "resources is declared");
    let changed = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "method": "notifications/resources/list_changed"}),
    );
    assert_eq!(
        rule_ids(&changed),
        ["capability.resources-list-changed-undeclared"]
    );
    // Unknown capabilities: no rule applies.
    let mut fresh = Session::new(Version::V2025_11_25);
    let r = one(
        &mut fresh,
        C2S,
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
    );
    assert!(rule_ids(&r).is_empty());
}

#[test]
fn lifecycle_rules() {
    let mut s = Session::auto();
    one(&mut s, C2S, initialize("2025-11-25", json!({})));
    let ping = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
    );
    assert!(
        rule_ids(&ping).is_empty(),
        "ping is allowed before the result"
    );
    let early = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 2, "method": "resources/list"}),
    );
    assert_eq!(
        rule_ids(&early),
        ["lifecycle.client-request-before-initialize-result"]
    );
    let server_early = one(
        &mut s,
        S2C,
        json!({"jsonrpc": "2.0", "id": 9, "method": "roots/list"}),
    );
    assert!(
        rule_ids(&server_early).contains(&"lifecycle.server-request-before-initialized"),
        "{server_early:#?}"
    );
    one(
        &mut s,
        S2C,
        initialize_result("2025-11-25", json!({"resources": {}})),
    );
    one(&mut s, C2S, initialized());
    let later = one(
        &mut s,
        C2S,
        json!({"jsonrpc": "2.0", "id": 3, "method": "resources/list"}),
    );
    assert!(rule_ids(&later).is_empty(), "{later:#?}");
    let again = one(&mut s, C2S, initialize("2025-11-25", json!({})));
    assert_eq!(rule_ids(&again), ["lifecycle.second-initialize"]);
}

#[test]
fn capabilities_come_from_initialize_per_request_meta_and_discover() {
    let s = session_2025_11_25(
        json!({"roots": {"listChanged": true}}),
        json!({"tools": {}}),
    );
    assert_eq!(
        s.capabilities().declares(true, &["roots", "listChanged"]),
        Some(true)
    );
    assert_eq!(s.capabilities().declares(false, &["prompts"]), Some(false));

    let mut s = Session::new(Version::V2026_07_28);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}});
    s.judge(C2S, json!({"jsonrpc": "2.0", "id": "d", "method": "server/discover", "params": {"_meta": meta}})
            .to_string()
            .as_bytes());
    assert_eq!(
        s.capabilities().declares(true, &["elicitation"]),
        Some(true)
    );
    assert_eq!(s.capabilities().server, None);
    s.judge(S2C, br#"{"jsonrpc":"2.0","id":"d","result":{"resultType":"complete","supportedVersions":["2026-07-28"],
            "capabilities":{"tools":{"listChanged":true}},"ttlMs":1,"cacheScope":"public"}}"#);
    assert_eq!(
        s.capabilities().declares(false, &["tools", "listChanged"]),
        Some(true)
    );
}

#[test]
fn the_library_loop_checks_the_examples() {
    let root = env!("CARGO_MANIFEST_DIR");
    for (file, invalid) in [
        ("examples/session-2026-07-28.jsonl", 0),
        ("examples/session-2025-11-25.jsonl", 1),
    ] {
        let text = std::fs::read(format!("{root}/{file}")).unwrap();
        let mut checker = check_transcript(text.as_slice(), Session::auto());
        let mut bad = 0;
        let mut warnings = 0;
        for checked in &mut checker {
            match checked.unwrap().outcome {
                Outcome::Message(j) => {
                    bad += usize::from(!j.is_valid());
                    warnings += j.reports.iter().map(|r| r.warnings.len()).sum::<usize>();
                }
                Outcome::Problem(p) => panic!("{file}: {p}"),
            }
        }
        assert_eq!(bad, invalid, "{file}");
        assert_eq!(warnings, 0, "{file}");
        assert!(checker.session().unanswered().is_empty(), "{file}");
    }
}

#[test]
fn docs_rules_md_lists_every_rule_with_its_quote() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/rules.md")).unwrap();
    for rule in rules::ALL {
        assert!(doc.contains(&format!("`{}`", rule.id)), "{}", rule.id);
        assert!(doc.contains(rule.quote), "{}: quote", rule.id);
        if let Some(path) = rule.source.strip_prefix("docs/") {
            let spec = format!("{root}/../shared/mcp-spec/docs/{path}");
            if let Ok(text) = std::fs::read_to_string(&spec) {
                let flat: String = text
                    .replace("**", "")
                    .replace('`', "")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let words: String = rule
                    .quote
                    .split_whitespace()
                    .take(8)
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(flat.contains(&words), "{}: not in {}", rule.id, rule.source);
            }
        }
    }
}

fn judged_lines(text: &str) -> Vec<Result<mcpwire::Judged, mcpwire::transcript::Problem>> {
    let session = Session::try_new(Version::V2026_07_28).unwrap();
    check_transcript(text.as_bytes(), session)
        .map(|c| match c.unwrap().outcome {
            Outcome::Message(j) => Ok(j),
            Outcome::Problem(p) => Err(p),
        })
        .collect()
}

const ISSUE_376: &str = r#"{"jsonrpc":"2.0","id":401,"error":{"code":-32021,"message":"needs sampling","data":{"requiredCapabilities":["sampling"]}}}"#;

#[test]
fn a_record_that_expects_its_violations_does_not_fail() {
    for expect in [
        r#""invalid""#,
        r#"{"violations": ["/error/data/requiredCapabilities"]}"#,
    ] {
        let text = format!("{{\"dir\":\"s2c\",\"expect\":{expect},\"msg\":{ISSUE_376}}}\n");
        let got = judged_lines(&text);
        let judged = got[0].as_ref().unwrap();
        assert_eq!(judged.expectation_met, Some(true), "{expect}: {judged:#?}");
        assert!(judged.is_valid(), "{expect}: {judged:#?}");
        assert_eq!(
            judged.reports[0].expected[0].violation.instance.as_str(),
            "/error/data/requiredCapabilities"
        );
        assert!(
            judged.value.is_some(),
            "parsed to show the expected violations"
        );
    }
}

#[test]
fn a_record_that_expects_a_violation_it_lacks_fails() {
    let valid = r#"{"jsonrpc":"2.0","id":402,"error":{"code":-32021,"message":"needs sampling","data":{"requiredCapabilities":{"sampling":{}}}}}"#;
    for expect in [
        r#""invalid""#,
        r#"{"violations": ["/error/data/requiredCapabilities"]}"#,
    ] {
        let text = format!("{{\"dir\":\"s2c\",\"expect\":{expect},\"msg\":{valid}}}\n");
        let got = judged_lines(&text);
        let judged = got[0].as_ref().unwrap();
        assert_eq!(judged.expectation_met, Some(false));
        assert!(!judged.is_valid());
        assert!(judged.reports[0].violations[0]
            .violation
            .message
            .starts_with("expected violation missing"));
    }
    // Violations elsewhere than the expected pointer still count.
    let both = r#"{"jsonrpc":"2.0","id":"x","error":{"code":-32021,"message":7,"data":{"requiredCapabilities":["sampling"]}}}"#;
    let text = format!(
        "{{\"dir\":\"s2c\",\"expect\":{{\"violations\":[\"/error/data/requiredCapabilities\"]}},\"msg\":{both}}}\n"
    );
    let got = judged_lines(&text);
    let judged = got[0].as_ref().unwrap();
    assert_eq!(judged.expectation_met, Some(true));
    assert!(
        !judged.is_valid(),
        "the /error/message violation is not expected"
    );
}

#[test]
fn a_malformed_expect_member_is_a_record_problem() {
    for expect in [
        r#""valid""#,
        r#"{"violations": []}"#,
        r#"{"violations": ["x"]}"#,
        "3",
    ] {
        let text = format!("{{\"dir\":\"s2c\",\"expect\":{expect},\"msg\":{ISSUE_376}}}\n");
        let got = judged_lines(&text);
        let problem = got[0].as_ref().unwrap_err();
        assert!(
            problem.to_string().contains("\"expect\" must be"),
            "{problem}"
        );
    }
}

/// Findings keep the target their definition was applied to: a result's
/// typed check judges `result` (the pointer below it is the harness's
/// `instancePath`), the envelope the whole message; the same from bytes.
#[test]
fn findings_keep_the_target_they_were_judged_on() {
    use mcpwire::dispatch::Target;
    let request = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                         "params": {"name": "x"}});
    let result = r#"{"jsonrpc":"2.0","id":1,"result":{"content":"nope"}}"#;
    for bytes in [false, true] {
        let mut session = Session::new(Version::V2025_11_25);
        one(&mut session, Direction::ClientToServer, request.clone());
        let report = if bytes {
            session
                .judge(Direction::ServerToClient, result.as_bytes())
                .reports
                .remove(0)
        } else {
            one(&mut session, Direction::ServerToClient, parsed(result))
        };
        let f = report
            .violations
            .iter()
            .find(|f| f.violation.instance.as_str() == "/result/content")
            .unwrap_or_else(|| panic!("{report:?}"));
        assert_eq!(f.definition, "CallToolResult");
        assert_eq!(f.target, Target::Result);
        assert_eq!(report.path_in_target(f), "/content");
        let spec = Version::V2025_11_25.spec();
        assert_eq!(
            report.definition_path(spec, f.definition, "/result/content"),
            "/content",
            "the name-based path agrees"
        );
    }
}

/// basic/utilities/cancellation: a request its sender cancelled with
/// `notifications/cancelled` is not unanswered ("receivers … SHOULD … Not
/// send a response for the cancelled request"), and a response that
/// arrives anyway is paired and judged, neither unknown nor a violation
/// ("The sender of the cancellation notification SHOULD ignore any
/// response to the request that arrives afterward"). The bytes path
/// agrees; only the request's sender can cancel it.
#[test]
fn a_cancelled_request_is_not_unanswered_and_its_late_answer_is_no_violation() {
    let call = json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                      "params": {"name": "slow", "arguments": {}}});
    let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                        "params": {"requestId": 7, "reason": "timed out"}});
    let late = json!({"jsonrpc": "2.0", "id": 7,
                      "result": {"content": [{"type": "text", "text": "done"}]}});
    let mut s = session_2025_11_25(json!({}), json!({"tools": {}}));
    one(&mut s, C2S, call.clone());
    let r = one(&mut s, C2S, cancel.clone());
    assert!(r.is_valid() && r.warnings.is_empty(), "{r:#?}");
    assert!(s.unanswered().is_empty(), "{:?}", s.unanswered());
    let r = one(&mut s, S2C, late.clone());
    assert_eq!(r.definition(), Some("CallToolResult"), "{r:#?}");
    assert!(r.is_valid() && r.warnings.is_empty(), "{r:#?}");
    assert!(s.unanswered().is_empty());

    // The same on bytes.
    let mut b = session_2025_11_25(json!({}), json!({"tools": {}}));
    for (d, m) in [(C2S, &call), (C2S, &cancel)] {
        b.judge(d, serde_json::to_vec(m).unwrap().as_slice());
    }
    assert!(b.unanswered().is_empty(), "{:?}", b.unanswered());
    let rb = b
        .judge(S2C, serde_json::to_vec(&late).unwrap().as_slice())
        .reports;
    assert!(rb[0].is_valid() && rb[0].warnings.is_empty(), "{rb:#?}");

    // A cancellation from the other side (the server cancelling the
    // client's request) cancels nothing.
    let mut o = session_2025_11_25(json!({}), json!({"tools": {}}));
    one(&mut o, C2S, call);
    one(&mut o, S2C, cancel);
    assert_eq!(o.unanswered().len(), 1);
}

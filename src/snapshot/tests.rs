//! The snapshot model, its file and the interface-level diff.

use serde_json::{json, Value};

use super::{diff, Builder, List, Severity, Snapshot, Subject};

const REV: &str = "2025-11-25";

fn snapshot(capabilities: Value, tools: Value, prompts: Value) -> Snapshot {
    let mut b = Builder::new();
    b.server(REV, &json!({"protocolVersion": REV, "capabilities": capabilities, "serverInfo": {"name": "s", "version": "1"}}));
    b.page(REV, List::Tools, true, &json!({"tools": tools}));
    b.page(REV, List::Prompts, true, &json!({"prompts": prompts}));
    b.finish()
}

fn tool(name: &str, input: Value) -> Value {
    json!({"name": name, "inputSchema": input})
}

/// (severity, subject, name, pointer, keyword) of each change.
fn summary(old: &Snapshot, new: &Snapshot) -> Vec<(Severity, Subject, String, String, String)> {
    diff(old, new)
        .into_iter()
        .map(|c| (c.severity, c.subject, c.name, c.pointer, c.keyword))
        .collect()
}

#[test]
fn canonical_file_round_trips_and_sorts() {
    let mut b = Builder::new();
    b.server(REV, &json!({"capabilities": {"tools": {}, "logging": {}}, "serverInfo": {"version": "1", "name": "s"}}));
    b.page(REV, List::Tools, true, &json!({"tools": [tool("zeta", json!({})), tool("alpha", json!({"type": "object"}))], "nextCursor": "c"}));
    b.page(REV, List::Tools, false, &json!({"tools": [{"name": "mid", "inputSchema": {}, "_meta": {"t": 1}}], "_meta": {"now": 5}}));
    b.page(
        REV,
        List::Resources,
        true,
        &json!({"resources": [{"uri": "file:///b", "name": "b"}, {"name": "no uri"}]}),
    );
    assert_eq!(b.skipped(), 1);
    let s = b.finish();
    let text = s.to_json();
    let alpha = text.find("\"alpha\"").unwrap();
    assert!(
        alpha < text.find("\"mid\"").unwrap()
            && text.find("\"mid\"").unwrap() < text.find("\"zeta\"").unwrap()
    );
    assert!(text.find("\"logging\"").unwrap() < text.find("\"tools\": {}").unwrap());
    assert!(
        !text.contains("_meta") && !text.contains("nextCursor"),
        "{text}"
    );
    assert_eq!(Snapshot::from_json(&text).unwrap(), s);
    assert_eq!(Snapshot::from_json(&text).unwrap().to_json(), text);
    // A later listing without a cursor starts the list afresh.
    let mut b = Builder::new();
    b.page(
        REV,
        List::Tools,
        true,
        &json!({"tools": [tool("old", json!({}))]}),
    );
    b.page(
        REV,
        List::Tools,
        true,
        &json!({"tools": [tool("new", json!({}))]}),
    );
    let tools = b.finish().revisions[REV].tools.clone().unwrap();
    assert_eq!(tools.keys().collect::<Vec<_>>(), ["new"]);
}

#[test]
fn from_json_refuses_what_is_not_a_snapshot() {
    assert!(Snapshot::from_json("{}").is_err());
    assert!(Snapshot::from_json(r#"{"mcpwireSnapshot": 2, "revisions": {}}"#).is_err());
    let twice =
        r#"{"mcpwireSnapshot": 1, "revisions": {"x": {"tools": [{"name": "a"}, {"name": "a"}]}}}"#;
    assert!(Snapshot::from_json(twice)
        .unwrap_err()
        .to_string()
        .contains("twice"));
    assert!(Snapshot::from_json("[").is_err());
}

#[test]
fn from_transcript_reads_both_example_sessions() {
    let old = include_str!("../../examples/session-2025-11-25.jsonl");
    let s = Snapshot::from_transcript(old.as_bytes()).unwrap();
    let r = &s.revisions[REV];
    assert_eq!(r.tools.as_ref().unwrap().len(), 3);
    assert_eq!(r.server_info.as_ref().unwrap()["name"], "weather-and-files");
    assert!(r.instructions.is_some());
    let new = include_str!("../../examples/session-2026-07-28.jsonl");
    let s = Snapshot::from_transcript(new.as_bytes()).unwrap();
    let r = &s.revisions["2026-07-28"];
    assert_eq!(r.server_info.as_ref().unwrap()["name"], "deploy-bot");
    assert!(r.tools.as_ref().unwrap().contains_key("deploy_service"));
    assert!(Snapshot::from_transcript(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n".as_bytes()
    )
    .is_err());
}

#[test]
fn transcript_pages_and_revisions() {
    let lines = [
        json!({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {}}}),
        json!({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-06-18", "capabilities": {}}}}),
        json!({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}),
        json!({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 1, "result": {"tools": [tool("a", json!({}))], "nextCursor": "p2"}}}),
        // A server request with the same id is not the answer.
        json!({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 2, "method": "roots/list"}}),
        json!({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 2, "result": {"tools": [tool("wrong", json!({}))]}}}),
        json!({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {"cursor": "p2"}}}),
        json!({"dir": "s2c", "msg": {"jsonrpc": "2.0", "id": 3, "result": {"tools": [tool("b", json!({}))]}}}),
    ];
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let s = Snapshot::from_transcript(text.as_bytes()).unwrap();
    let tools = s.revisions["2025-06-18"].tools.as_ref().unwrap();
    assert_eq!(tools.keys().collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn tools_removed_added_and_schema_direction() {
    let input = json!({"type": "object", "properties": {"q": {"type": "string"}}});
    let output =
        json!({"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]});
    let mut t = tool("search", input.clone());
    t["outputSchema"] = output;
    let old = snapshot(
        json!({"tools": {}}),
        json!([t.clone(), tool("gone", json!({}))]),
        json!([]),
    );
    let mut t2 = t.clone();
    t2["inputSchema"]["required"] = json!(["q"]); // input narrowed: breaking
    t2["outputSchema"]["required"] = json!([]); // output widened: breaking
    t2["description"] = json!("now described"); // compatible
    let new = snapshot(
        json!({"tools": {}}),
        json!([t2, tool("fresh", json!({}))]),
        json!([]),
    );
    let s = summary(&old, &new);
    let tool_change = |sev, name: &str, ptr: &str, kw: &str| {
        (
            sev,
            Subject::Tool,
            name.to_string(),
            ptr.to_string(),
            kw.to_string(),
        )
    };
    assert!(
        s.contains(&tool_change(Severity::Breaking, "gone", "", "name")),
        "{s:?}"
    );
    assert!(s.contains(&tool_change(Severity::Compatible, "fresh", "", "name")));
    assert!(s.contains(&tool_change(
        Severity::Breaking,
        "search",
        "/inputSchema/required",
        "required"
    )));
    assert!(s.contains(&tool_change(
        Severity::Breaking,
        "search",
        "/outputSchema/required",
        "required"
    )));
    assert!(s.contains(&tool_change(
        Severity::Compatible,
        "search",
        "/description",
        "description"
    )));
    assert_eq!(s.len(), 5, "{s:?}");
    // The other way round: the input widened and the output narrowed.
    let back = summary(&new, &old);
    assert!(back.contains(&tool_change(
        Severity::Compatible,
        "search",
        "/inputSchema/required",
        "required"
    )));
    assert!(back.contains(&tool_change(
        Severity::Compatible,
        "search",
        "/outputSchema/required",
        "required"
    )));
    // An output member removed is breaking; an input member removed is not.
    let mut t3 = t.clone();
    t3["outputSchema"]["properties"] = json!({});
    t3["inputSchema"]["properties"] = json!({});
    let s = summary(
        &old,
        &snapshot(
            json!({"tools": {}}),
            json!([t3, tool("gone", json!({}))]),
            json!([]),
        ),
    );
    assert!(
        s.contains(&tool_change(
            Severity::Breaking,
            "search",
            "/outputSchema/properties/n",
            "properties"
        )),
        "{s:?}"
    );
    assert!(
        s.contains(&tool_change(
            Severity::Compatible,
            "search",
            "/inputSchema/properties/q",
            "properties"
        )),
        "{s:?}"
    );
}

#[test]
fn capabilities_revisions_prompts_and_task_support() {
    let old = snapshot(
        json!({"tools": {"listChanged": true}, "prompts": {}}),
        json!([]),
        json!([
            {"name": "p", "arguments": [{"name": "a", "required": false}, {"name": "b", "required": true}]}
        ]),
    );
    let new = snapshot(
        json!({"tools": {"listChanged": false}, "logging": {}}),
        json!([]),
        json!([
            {"name": "p", "arguments": [{"name": "a", "required": true}, {"name": "c", "required": true}, {"name": "d"}]}
        ]),
    );
    let s = summary(&old, &new);
    let has = |sev, subject, name: &str, ptr: &str| {
        s.iter()
            .any(|c| c.0 == sev && c.1 == subject && c.2 == name && c.3 == ptr)
    };
    assert!(
        has(
            Severity::Breaking,
            Subject::Capability,
            "tools.listChanged",
            "/capabilities/tools/listChanged"
        ),
        "{s:?}"
    );
    assert!(has(
        Severity::Breaking,
        Subject::Capability,
        "prompts",
        "/capabilities/prompts"
    ));
    assert!(has(
        Severity::Compatible,
        Subject::Capability,
        "logging",
        "/capabilities/logging"
    ));
    assert!(has(
        Severity::Breaking,
        Subject::Prompt,
        "p",
        "/arguments/a/required"
    ));
    assert!(has(
        Severity::Undecided,
        Subject::Prompt,
        "p",
        "/arguments/b"
    ));
    assert!(has(
        Severity::Breaking,
        Subject::Prompt,
        "p",
        "/arguments/c"
    ));
    assert!(has(
        Severity::Compatible,
        Subject::Prompt,
        "p",
        "/arguments/d"
    ));
    // A revision no longer spoken.
    let mut two = old.clone();
    two.revisions
        .insert("2025-06-18".into(), Default::default());
    let s = diff(&two, &old);
    assert_eq!(
        (s[0].severity, s[0].subject, s[0].name.as_str()),
        (Severity::Breaking, Subject::Revision, "2025-06-18")
    );
    // taskSupport: a way of calling the tool taken away.
    let with = |ts: &str| {
        let mut t = tool("t", json!({}));
        t["execution"] = json!({"taskSupport": ts});
        snapshot(json!({}), json!([t]), json!([]))
    };
    assert_eq!(
        diff(&with("optional"), &with("required"))[0].severity,
        Severity::Breaking
    );
    assert_eq!(
        diff(&with("forbidden"), &with("optional"))[0].severity,
        Severity::Compatible
    );
}

//! The direction unions (`ClientRequest`, `ServerRequest`,
//! `ClientNotification`, `ServerNotification`, `ClientResult`,
//! `ServerResult`) deserialize each message into the member that describes
//! it, not the first member that happens to accept it.
//!
//! Every hand-written message is first checked against the union in the
//! published schema (with the `jsonschema` crate), so a typo cannot make a
//! case pass vacuously; then it must deserialize into the named variant and
//! serialize back unchanged.

use std::path::PathBuf;

use serde_json::{json, Value};

/// The published schema of `revision` with its root replaced by a
/// reference to `definition`.
fn validator(revision: &str, definition: &str) -> jsonschema::Validator {
    let dir = std::env::var_os("MCPWIRE_SPEC_DIR").expect("set by .cargo/config.toml");
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join(revision)
        .join("schema.json");
    let mut schema: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let defs = if schema.get("$defs").is_some() {
        "$defs"
    } else {
        "definitions"
    };
    let root = schema.as_object_mut().unwrap();
    root.insert(
        "allOf".into(),
        json!([{ "$ref": format!("#/{defs}/{definition}") }]),
    );
    jsonschema::validator_for(&schema).unwrap()
}

/// Asserts that `message` is valid against `$union`, deserializes into
/// `$union::$variant`, and round-trips.
macro_rules! picks {
    ($revision:literal, $module:ident, $union:ident, [$($variant:ident => $message:expr),+ $(,)?]) => {{
        use mcpwire::$module::types::$union;
        let validator = validator($revision, stringify!($union));
        $(
            let message: Value = $message;
            let errors: Vec<String> = validator.iter_errors(&message).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{} {}: hand-written {} is invalid: {errors:?}", $revision, stringify!($union), stringify!($variant));
            let typed: $union = serde_json::from_value(message.clone())
                .unwrap_or_else(|e| panic!("{} {}::{}: {e}", $revision, stringify!($union), stringify!($variant)));
            assert!(
                matches!(typed, $union::$variant(_)),
                "{} {}: expected {}, got {typed:?}", $revision, stringify!($union), stringify!($variant)
            );
            assert_eq!(serde_json::to_value(&typed).unwrap(), message);
        )+
    }};
}

#[cfg(feature = "v2024_11_05")]
#[test]
fn unions_2024_11_05() {
    picks!("2024-11-05", v2024_11_05, ClientRequest, [
        InitializeRequest => json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2024-11-05", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}),
        PingRequest => json!({"jsonrpc": "2.0", "id": 2, "method": "ping"}),
        CallToolRequest => json!({"jsonrpc": "2.0", "id": "a", "method": "tools/call",
            "params": {"name": "echo", "arguments": {"x": 1}}}),
        ReadResourceRequest => json!({"jsonrpc": "2.0", "id": 3, "method": "resources/read",
            "params": {"uri": "file:///a"}}),
        SetLevelRequest => json!({"jsonrpc": "2.0", "id": 4, "method": "logging/setLevel",
            "params": {"level": "debug"}}),
        CompleteRequest => json!({"jsonrpc": "2.0", "id": 5, "method": "completion/complete", "params": {
            "ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "a", "value": "b"}}}),
        ListToolsRequest => json!({"jsonrpc": "2.0", "id": 6, "method": "tools/list"}),
    ]);
    picks!("2024-11-05", v2024_11_05, ServerRequest, [
        PingRequest => json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        CreateMessageRequest => json!({"jsonrpc": "2.0", "id": 2, "method": "sampling/createMessage",
            "params": {"messages": [], "maxTokens": 10}}),
        ListRootsRequest => json!({"jsonrpc": "2.0", "id": 3, "method": "roots/list"}),
    ]);
    picks!("2024-11-05", v2024_11_05, ClientNotification, [
        InitializedNotification => json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        CancelledNotification => json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 1, "reason": "r"}}),
        ProgressNotification => json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": "t", "progress": 0.5}}),
        RootsListChangedNotification => json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}),
    ]);
    picks!("2024-11-05", v2024_11_05, ServerNotification, [
        LoggingMessageNotification => json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": {"a": 1}}}),
        ResourceUpdatedNotification => json!({"jsonrpc": "2.0", "method": "notifications/resources/updated",
            "params": {"uri": "file:///a"}}),
        ToolListChangedNotification => json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
        ProgressNotification => json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": 7, "progress": 1}}),
    ]);
    picks!("2024-11-05", v2024_11_05, ClientResult, [
        Result => json!({}),
        CreateMessageResult => json!({"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}),
        ListRootsResult => json!({"roots": [{"uri": "file:///r"}]}),
        Result => json!({"_meta": {"k": 1}}),
    ]);
    picks!("2024-11-05", v2024_11_05, ServerResult, [
        Result => json!({}),
        InitializeResult => json!({"protocolVersion": "2024-11-05", "capabilities": {"tools": {}},
            "serverInfo": {"name": "s", "version": "1"}}),
        ListToolsResult => json!({"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}),
        CallToolResult => json!({"content": [{"type": "text", "text": "x"}], "isError": false}),
        CompleteResult => json!({"completion": {"values": ["a"]}}),
        ReadResourceResult => json!({"contents": [{"uri": "file:///a", "text": "t"}]}),
        ListPromptsResult => json!({"prompts": [], "nextCursor": "c"}),
    ]);
}

#[cfg(feature = "v2025_11_25")]
#[test]
fn unions_2025_11_25() {
    let task = json!({"taskId": "t1", "status": "working", "createdAt": "2025-01-01T00:00:00Z",
        "lastUpdatedAt": "2025-01-01T00:00:00Z", "ttl": null});
    picks!("2025-11-25", v2025_11_25, ClientRequest, [
        InitializeRequest => json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}),
        CallToolRequest => json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "echo", "task": {"ttl": 60000}}}),
        GetTaskRequest => json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/get", "params": {"taskId": "t1"}}),
        CancelTaskRequest => json!({"jsonrpc": "2.0", "id": 4, "method": "tasks/cancel", "params": {"taskId": "t1"}}),
        ListTasksRequest => json!({"jsonrpc": "2.0", "id": 5, "method": "tasks/list"}),
        PingRequest => json!({"jsonrpc": "2.0", "id": 6, "method": "ping"}),
    ]);
    picks!("2025-11-25", v2025_11_25, ServerRequest, [
        ElicitRequest => json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
            "message": "name?", "requestedSchema": {"type": "object", "properties": {"n": {"type": "string"}}}}}),
        CreateMessageRequest => json!({"jsonrpc": "2.0", "id": 2, "method": "sampling/createMessage",
            "params": {"messages": [{"role": "user", "content": {"type": "text", "text": "hi"}}], "maxTokens": 5}}),
        GetTaskPayloadRequest => json!({"jsonrpc": "2.0", "id": 3, "method": "tasks/result", "params": {"taskId": "t"}}),
        ListRootsRequest => json!({"jsonrpc": "2.0", "id": 4, "method": "roots/list"}),
    ]);
    picks!("2025-11-25", v2025_11_25, ClientNotification, [
        InitializedNotification => json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        TaskStatusNotification => json!({"jsonrpc": "2.0", "method": "notifications/tasks/status", "params": task.clone()}),
        CancelledNotification => json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "r"}}),
    ]);
    picks!("2025-11-25", v2025_11_25, ServerNotification, [
        ElicitationCompleteNotification => json!({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
            "params": {"elicitationId": "e"}}),
        LoggingMessageNotification => json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "error", "data": null}}),
        TaskStatusNotification => json!({"jsonrpc": "2.0", "method": "notifications/tasks/status", "params": task.clone()}),
        PromptListChangedNotification => json!({"jsonrpc": "2.0", "method": "notifications/prompts/list_changed"}),
    ]);
    picks!("2025-11-25", v2025_11_25, ClientResult, [
        Result => json!({}),
        ElicitResult => json!({"action": "accept", "content": {"n": "x", "k": 2}}),
        CreateMessageResult => json!({"role": "assistant", "content": [{"type": "text", "text": "hi"}], "model": "m"}),
        GetTaskResult => task.clone(),
        ListTasksResult => json!({"tasks": [task.clone()]}),
        ListRootsResult => json!({"roots": []}),
    ]);
    picks!("2025-11-25", v2025_11_25, ServerResult, [
        Result => json!({"_meta": {}}),
        InitializeResult => json!({"protocolVersion": "2025-11-25", "capabilities": {},
            "serverInfo": {"name": "s", "version": "1"}}),
        CallToolResult => json!({"content": [], "structuredContent": {"a": 1}}),
        GetTaskResult => task.clone(),
        ListTasksResult => json!({"tasks": []}),
        CompleteResult => json!({"completion": {"values": [], "total": 0, "hasMore": false}}),
        GetPromptResult => json!({"messages": [{"role": "user", "content": {"type": "text", "text": "x"}}]}),
    ]);
}

#[cfg(feature = "v2026_07_28")]
#[test]
fn unions_2026_07_28() {
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}});
    picks!("2026-07-28", v2026_07_28, ClientRequest, [
        DiscoverRequest => json!({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta}}),
        CallToolRequest => json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"_meta": meta, "name": "t"}}),
        ReadResourceRequest => json!({"jsonrpc": "2.0", "id": 3.0, "method": "resources/read",
            "params": {"_meta": meta, "uri": "file:///a"}}),
        SubscriptionsListenRequest => json!({"jsonrpc": "2.0", "id": 4, "method": "subscriptions/listen",
            "params": {"_meta": meta, "notifications": {"toolsListChanged": true}}}),
        CompleteRequest => json!({"jsonrpc": "2.0", "id": 5, "method": "completion/complete", "params": {
            "_meta": meta, "ref": {"type": "ref/resource", "uri": "file:///{x}"},
            "argument": {"name": "x", "value": "1"}}}),
        ListToolsRequest => json!({"jsonrpc": "2.0", "id": "six", "method": "tools/list", "params": {"_meta": meta}}),
    ]);
    picks!("2026-07-28", v2026_07_28, ServerNotification, [
        LoggingMessageNotification => json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": "x"}}),
        SubscriptionsAcknowledgedNotification => json!({"jsonrpc": "2.0",
            "method": "notifications/subscriptions/acknowledged", "params": {
                "_meta": {"io.modelcontextprotocol/subscriptionId": "l1"},
                "notifications": {"toolsListChanged": true}}}),
        ResourceUpdatedNotification => json!({"jsonrpc": "2.0", "method": "notifications/resources/updated",
            "params": {"uri": "file:///a"}}),
        CancelledNotification => json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": 1}}),
    ]);
    picks!("2026-07-28", v2026_07_28, ServerResult, [
        Result => json!({"resultType": "complete"}),
        InputRequiredResult => json!({"resultType": "input_required", "inputRequests": {
            "r1": {"method": "roots/list"}}}),
        InputRequiredResult => json!({"resultType": "input_required", "requestState": "s"}),
        ListToolsResult => json!({"resultType": "complete", "tools": [], "ttlMs": 6e4, "cacheScope": "public"}),
        CallToolResult => json!({"resultType": "complete", "content": [], "isError": true}),
        CompleteResult => json!({"resultType": "complete", "completion": {"values": []}}),
        GetPromptResult => json!({"resultType": "complete", "messages": []}),
    ]);
}

/// 2026-07-28's `ClientNotification` is the spec generator's copy of its
/// only member (`CancelledNotification`): a struct whose `method` constant
/// still rejects other notifications.
#[cfg(feature = "v2026_07_28")]
#[test]
fn collapsed_client_notification_2026_07_28() {
    use mcpwire::v2026_07_28::types::ClientNotification;
    let cancelled =
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}});
    assert!(validator("2026-07-28", "ClientNotification").is_valid(&cancelled));
    let typed: ClientNotification = serde_json::from_value(cancelled.clone()).unwrap();
    assert_eq!(typed.method.as_str(), "notifications/cancelled");
    assert_eq!(serde_json::to_value(&typed).unwrap(), cancelled);
    let other =
        json!({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"requestId": 1}});
    let err = serde_json::from_value::<ClientNotification>(other).unwrap_err();
    assert!(err.to_string().contains("notifications/cancelled"), "{err}");
}

#[cfg(feature = "v2025_11_25")]
#[test]
fn jsonrpc_message_2025_11_25() {
    picks!("2025-11-25", v2025_11_25, JSONRPCMessage, [
        Request => json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
        Notification => json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ResultResponse => json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}),
        ErrorResponse => json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}),
    ]);
}

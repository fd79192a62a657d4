//! JSON numbers: every `integer`/`number` of the schemas is a
//! `::serde_json::Number` in the generated types, because JSON Schema
//! counts `1.0`, `6e4` and integers beyond 64 bits as integers and a valid
//! message must always deserialize (`i64`/`u64` would reject `6e4`).
//! Also: optional members keep an explicit `null` where their schema
//! allows it, and open objects keep unknown members.

use serde_json::{json, Value};

/// Deserializes into `T` and back; the result must equal the input.
fn same<T: serde::de::DeserializeOwned + serde::Serialize>(message: Value) -> T {
    let typed: T =
        serde_json::from_value(message.clone()).unwrap_or_else(|e| panic!("{message}: {e}"));
    assert_eq!(serde_json::to_value(&typed).unwrap(), message);
    typed
}

#[cfg(feature = "v2026_07_28")]
#[test]
fn integral_floats_and_exponents_deserialize_2026_07_28() {
    use mcpwire::v2026_07_28::types::{ListToolsResult, RequestId};
    let result: ListToolsResult = same(json!({"resultType": "complete", "tools": [], "ttlMs": 6e4,
        "cacheScope": "private"}));
    assert_eq!(result.ttl_ms.as_f64(), Some(60000.0));
    for id in [
        json!(1.0),
        json!(1),
        json!(-3),
        json!(6e4),
        json!(18446744073709551616.0_f64),
        json!("x"),
    ] {
        let typed: RequestId = same(id.clone());
        match (&typed, &id) {
            (RequestId::Number(n), Value::Number(m)) => assert_eq!(n, m),
            (RequestId::String(s), Value::String(t)) => assert_eq!(s, t),
            _ => panic!("{id} became {typed:?}"),
        }
    }
    // A huge integer literal (beyond u64) parses as a float and survives.
    let huge: Value = serde_json::from_str("123456789012345678901234567890").unwrap();
    let _: RequestId = same(huge);
}

#[cfg(feature = "draft")]
#[test]
fn ids_and_progress_are_numbers_draft() {
    use mcpwire::draft::types::{JSONRPCRequest, ProgressNotificationParams};
    let request: JSONRPCRequest = same(json!({"jsonrpc": "2.0", "id": 1.0, "method": "x"}));
    assert_eq!(request.method, "x");
    let progress: ProgressNotificationParams = same(json!({"progressToken": 2.0, "progress": 0.25,
        "total": 1e2}));
    assert_eq!(progress.progress.as_f64(), Some(0.25));
}

#[cfg(feature = "v2025_11_25")]
#[test]
fn nullable_integer_is_an_optional_number_2025_11_25() {
    use mcpwire::v2025_11_25::types::Task;
    let base = json!({"taskId": "t", "status": "working", "createdAt": "c", "lastUpdatedAt": "u"});
    let mut with_null = base.clone();
    with_null["ttl"] = Value::Null;
    let task: Task = same(with_null);
    assert!(task.ttl.is_none());
    let mut with_number = base;
    with_number["ttl"] = json!(3.6e6);
    let task: Task = same(with_number);
    assert_eq!(task.ttl.and_then(|n| n.as_f64()), Some(3.6e6));
}

#[cfg(feature = "v2024_11_05")]
#[test]
fn explicit_null_and_unknown_members_survive_2024_11_05() {
    use mcpwire::v2024_11_05::types::{CallToolResult, JSONRPCError};
    // `Error.data` is `{}` (any value): `null` is a value, not an absence.
    let error: JSONRPCError = same(json!({"jsonrpc": "2.0", "id": 1,
        "error": {"code": -32603, "message": "m", "data": null}}));
    assert_eq!(error.error.data, Some(Value::Null));
    let error: JSONRPCError = same(json!({"jsonrpc": "2.0", "id": 1,
        "error": {"code": -32603, "message": "m"}}));
    assert_eq!(error.error.data, None);
    // Unknown members of an open object land in `extra` and come back.
    let result: CallToolResult =
        same(json!({"content": [], "vendor/x": {"a": [1, 2]}, "isError": false}));
    assert_eq!(result.extra.get("vendor/x"), Some(&json!({"a": [1, 2]})));
    // Optional arrays and maps: empty is not absent.
    let _: CallToolResult = same(json!({"content": [], "_meta": {}}));
}

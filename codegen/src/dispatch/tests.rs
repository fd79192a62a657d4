use serde_json::json;

use super::*;
use crate::Version;

fn schema(defs: Value) -> Schema {
    Schema::new(Version::by_name("draft").unwrap(), json!({ "$defs": defs })).unwrap()
}

fn envelopes() -> Value {
    json!({"JSONRPCRequest": {}, "JSONRPCNotification": {}, "JSONRPCResultResponse": {},
           "JSONRPCErrorResponse": {}, "JSONRPCMessage": {}})
}

fn with(mut base: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        base[k] = v.clone();
    }
    base
}

#[test]
fn pairs_requests_with_results_and_senders() {
    let s = schema(with(
        envelopes(),
        json!({
            "PingRequest": {"properties": {"method": {"const": "ping"}}},
            "ListToolsRequest": {"properties": {"method": {"const": "tools/list"}}},
            "ListToolsResult": {},
            "EmptyResult": {},
            "ClientRequest": {"anyOf": [{"$ref": "#/$defs/ListToolsRequest"}, {"$ref": "#/$defs/PingRequest"}]},
            "ServerRequest": {"anyOf": [{"$ref": "#/$defs/PingRequest"}]},
            "ClientNotification": {"properties": {"method": {"const": "notifications/cancelled"}}},
            "CancelledNotification": {"properties": {"method": {"const": "notifications/cancelled"}}}
        }),
    ));
    let maps = extract(&s).unwrap();
    let by = |m: &str| maps.methods.iter().find(|e| e.method == m).unwrap().clone();
    assert_eq!(by("tools/list").result.as_deref(), Some("ListToolsResult"));
    assert_eq!(by("ping").result.as_deref(), Some("EmptyResult"));
    assert!(by("ping").client_sends && by("ping").server_sends);
    assert!(by("tools/list").client_sends && !by("tools/list").server_sends);
    let cancelled = by("notifications/cancelled");
    assert_eq!(
        cancelled.definition, "CancelledNotification",
        "the collapsed union is skipped"
    );
    assert!(cancelled.client_sends);
    assert_eq!(cancelled.kind, Kind::Notification);
}

#[test]
fn finds_both_error_shapes() {
    let s = schema(with(
        envelopes(),
        json!({
            "HeaderMismatchError": {"properties": {"error": {"allOf": [
                {"$ref": "#/$defs/Error"}, {"properties": {"code": {"const": -32020}}}]}}},
            "ParseError": {"properties": {"code": {"const": -32700}}},
            "Error": {}
        }),
    ));
    let maps = extract(&s).unwrap();
    assert_eq!(maps.error_codes.len(), 2);
    assert_eq!(maps.error_codes[0].code, -32700);
    assert_eq!(maps.error_codes[0].shape, Shape::ErrorObject);
    assert_eq!(maps.error_codes[1].definition, "HeaderMismatchError");
    assert_eq!(maps.error_codes[1].shape, Shape::Message);
}

#[test]
fn embedded_and_input_required() {
    let s = schema(with(
        envelopes(),
        json!({
            "CallToolRequest": {"properties": {"method": {"const": "tools/call"}}},
            "CallToolResult": {},
            "InputRequiredResult": {"properties": {"resultType": {"type": "string"}}},
            "CallToolResultResponse": {"properties": {"result": {"anyOf": [
                {"$ref": "#/$defs/InputRequiredResult"}, {"$ref": "#/$defs/CallToolResult"}]}}},
            "ListRootsRequest": {"properties": {"method": {"const": "roots/list"}}},
            "InputRequest": {"anyOf": [{"$ref": "#/$defs/ListRootsRequest"}]},
            "ClientRequest": {"anyOf": [{"$ref": "#/$defs/CallToolRequest"}]}
        }),
    ));
    let maps = extract(&s).unwrap();
    let call = maps
        .methods
        .iter()
        .find(|m| m.method == "tools/call")
        .unwrap();
    assert!(call.admits_input_required);
    assert_eq!(
        call.result_response.as_deref(),
        Some("CallToolResultResponse")
    );
    let roots = maps
        .methods
        .iter()
        .find(|m| m.method == "roots/list")
        .unwrap();
    assert!(roots.embedded && !roots.client_sends && !roots.server_sends);
    assert_eq!(maps.result_type_declarers, ["InputRequiredResult"]);
}

#[test]
fn duplicate_method_is_an_error() {
    let s = schema(with(
        envelopes(),
        json!({
            "ARequest": {"properties": {"method": {"const": "x"}}},
            "BRequest": {"properties": {"method": {"const": "x"}}}
        }),
    ));
    let err = extract(&s).unwrap_err().to_string();
    assert!(
        err.contains("method `x` is also defined by ARequest"),
        "{err}"
    );
}

#[test]
fn unsupported_ref_is_reported() {
    let s = schema(with(
        envelopes(),
        json!({
            "ClientRequest": {"anyOf": [{"$ref": "other.json#/x"}]}
        }),
    ));
    assert!(matches!(extract(&s), Err(Error::Unsupported { .. })));
}

//! `T::validated` checks before it deserializes; `t.validate()` checks a
//! typed value (serialized) against its definition.

#[cfg(feature = "draft")]
#[test]
fn validated_reports_violations_and_validate_checks_typed_values_draft() {
    use mcpwire::draft::types::{CallToolRequest, ListToolsResult};
    use mcpwire::Keyword;
    use serde_json::json;

    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {}});
    let valid = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"_meta": meta, "name": "echo", "arguments": {"x": 1}}});
    let request = CallToolRequest::validated(&valid).expect("valid");
    assert_eq!(request.params.name, "echo");
    assert_eq!(request.validate(), Ok(()));

    // Deserializable, but invalid: `name` is missing and `id` is not an id.
    let invalid = json!({"jsonrpc": "2.0", "id": true, "method": "tools/call",
        "params": {"_meta": meta}});
    let violations = CallToolRequest::validated(&invalid).unwrap_err();
    let at: Vec<&str> = violations.0.iter().map(|v| v.instance.as_str()).collect();
    assert!(at.contains(&"/params"), "{violations}");
    assert!(at.contains(&"/id"), "{violations}");

    // A typed value the types allow but the schema does not: `ttlMs` has
    // `minimum: 0`, and the type is a plain `Number`.
    let mut result = ListToolsResult::validated(&json!({"resultType": "complete", "tools": [],
        "ttlMs": 1000, "cacheScope": "public"}))
    .expect("valid");
    assert_eq!(result.validate(), Ok(()));
    result.ttl_ms = serde_json::Number::from(-1);
    let violations = result.validate().unwrap_err();
    assert_eq!(violations.0.len(), 1, "{violations}");
    assert_eq!(violations.0[0].instance.as_str(), "/ttlMs");
    assert_eq!(violations.0[0].keyword, Keyword::Minimum);
}

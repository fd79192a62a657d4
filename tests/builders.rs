//! Typed construction (feature `builders`): typify's struct builders, with
//! the unknown-members map and string constants defaulted, build values the
//! compiler checks for member names and types; `validate()` checks what a
//! type cannot express.
#![cfg(all(feature = "builders", feature = "v2026_07_28"))]

use mcpwire::v2026_07_28::types;

#[test]
fn a_built_call_tool_result_is_valid() {
    let text: types::TextContent = types::TextContent::builder()
        .text("72°F")
        .try_into()
        .unwrap();
    let result: types::CallToolResult = types::CallToolResult::builder()
        .content(vec![types::ContentBlock::from(text)])
        .result_type("complete")
        .try_into()
        .unwrap();
    result.validate().unwrap();
    let json = serde_json::to_value(&result).unwrap();
    assert_eq!(json["content"][0]["type"], "text");
    assert_eq!(json["resultType"], "complete");
}

#[test]
fn a_missing_required_member_is_a_builder_error() {
    let built: Result<types::CallToolResult, _> = types::CallToolResult::builder()
        .result_type("complete")
        .try_into();
    let error = built.unwrap_err().to_string();
    assert!(error.contains("content"), "{error}");
}

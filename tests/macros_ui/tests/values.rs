//! What `fixture!` / `fixture_file!` evaluate to: for valid input, the value
//! `serde_json::json!` builds from the same tokens (which the run-time
//! validators accept); holes are checked when the value is built.

use mcpwire::{fixture, fixture_file, v2025_11_25, v2026_07_28};
use serde_json::json;

#[test]
fn literal_fixture_equals_json_and_is_valid() {
    let built = fixture!(v2026_07_28::CallToolResult, {
        "resultType": "complete",
        "content": [
            { "type": "text", "text": "72°F, \"partly\" cloudy\n" },
            { "type": "image", "data": "aGk=", "mimeType": "image/png" }
        ],
        "structuredContent": { "temperature": 72.5, "delta": -3, "big": 6e4, "ok": true, "none": null },
        "isError": false
    });
    let expected = json!({
        "resultType": "complete",
        "content": [
            { "type": "text", "text": "72°F, \"partly\" cloudy\n" },
            { "type": "image", "data": "aGk=", "mimeType": "image/png" }
        ],
        "structuredContent": { "temperature": 72.5, "delta": -3, "big": 6e4, "ok": true, "none": null },
        "isError": false
    });
    assert_eq!(built, expected);
    assert_eq!(
        v2026_07_28::validate::check_call_tool_result(&expected),
        vec![]
    );
}

#[test]
fn holes_are_interpolated_like_json() {
    let text = String::from("hello");
    let items = vec![1, 2, 3];
    let key = "dynamic";
    let built = fixture!(v2026_07_28::CallToolResult, {
        "resultType": "complete",
        "content": [{ "type": "text", "text": text.clone() }, { "type": "text", "text": format!("{}!", text) }],
        "structuredContent": { "items": items, key: (1 + 1), "n": 1_000, "rust": 7u8 }
    });
    let expected = json!({
        "resultType": "complete",
        "content": [{ "type": "text", "text": text.clone() }, { "type": "text", "text": format!("{}!", text) }],
        "structuredContent": { "items": items, key: (1 + 1), "n": 1_000, "rust": 7u8 }
    });
    assert_eq!(built, expected);
    assert!(v2026_07_28::validate::is_valid_call_tool_result(&expected));
}

#[test]
fn a_fixture_is_one_call_from_its_type() {
    let value = fixture!(v2026_07_28::CallToolResult, {
        "resultType": "complete",
        "content": [{ "type": "text", "text": "hi" }]
    });
    let typed = v2026_07_28::types::CallToolResult::validated(&value).unwrap();
    assert_eq!(typed.content.len(), 1);
}

#[test]
#[should_panic(
    expected = "fixture is not a valid v2026_07_28::CallToolResult: /content/0/text: expected string, found integer"
)]
fn an_invalid_hole_panics_when_built() {
    let text = 42;
    let _ = fixture!(v2026_07_28::CallToolResult, {
        "resultType": "complete",
        "content": [{ "type": "text", "text": text }]
    });
}

#[test]
fn fixture_file_equals_the_file() {
    let built = fixture_file!(v2025_11_25::InitializeResult, "tests/fixtures/init.json");
    let text = include_str!("fixtures/init.json");
    let expected: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(built, expected);
    assert!(v2025_11_25::validate::is_valid_initialize_result(&expected));
}

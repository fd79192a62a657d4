// Holes whose JSON type decides a union's branch (`id` is a string or an
// integer; a whole content block) do not fail the build; they are checked
// when the value is built.
use mcpwire::fixture;

fn main() {
    let id = "req-1";
    let block = serde_json::json!({ "type": "text", "text": "hi" });
    let request = fixture!(v2026_07_28::CallToolResultResponse, {
        "jsonrpc": "2.0",
        "id": id,
        "result": { "resultType": "complete", "content": [block] }
    });
    assert_eq!(request["id"], "req-1");
}

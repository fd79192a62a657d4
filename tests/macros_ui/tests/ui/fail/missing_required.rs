// `content` is required in a CallToolResult; a hole elsewhere does not hide it.
use mcpwire::fixture;

fn main() {
    let error = false;
    let _ = fixture!(v2026_07_28::CallToolResult, {
        "resultType": "complete",
        "isError": error
    });
}

// A misspelled definition, a definition of another revision, an unknown
// revision.
use mcpwire::fixture;

fn main() {
    let _ = fixture!(v2026_07_28::CallToolResults, { "content": [] });
    let _ = fixture!(v2025_11_25::InputRequiredResult, {});
    let _ = fixture!(v2026_07_27::CallToolResult, { "content": [] });
}

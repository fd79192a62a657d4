// `requiredCapabilities` written as an array of names (the schema wants an object).
use mcpwire::fixture;

fn main() {
    let _ = fixture!(v2026_07_28::MissingRequiredClientCapabilityError, {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
            "code": -32021,
            "message": "Server requires the sampling capability",
            "data": { "requiredCapabilities": ["sampling"] }
        }
    });
}

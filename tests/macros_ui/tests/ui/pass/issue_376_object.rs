// The capability-error fixture with the shape the schema wants: `requiredCapabilities`
// is an object. Compiles, and the value is the one written.
use mcpwire::fixture;

fn main() {
    let id = 7;
    let error = fixture!(v2026_07_28::MissingRequiredClientCapabilityError, {
        "jsonrpc": "2.0",
        "id": id,
        "error": {
            "code": -32021,
            "message": "Server requires the sampling capability",
            "data": { "requiredCapabilities": { "sampling": {} } }
        }
    });
    assert_eq!(error["error"]["data"]["requiredCapabilities"]["sampling"], serde_json::json!({}));
    assert_eq!(error["id"], 7);
}

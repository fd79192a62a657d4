// `jsonrpc` is the const "2.0".
use mcpwire::fixture;

fn main() {
    let _ = fixture!(v2026_07_28::JSONRPCNotification, {
        "jsonrpc": "1.0",
        "method": "notifications/initialized"
    });
}

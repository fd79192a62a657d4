// A valid fixture file compiles and evaluates to its contents.
use mcpwire::fixture_file;

fn main() {
    let init = fixture_file!(v2025_11_25::InitializeResult, "tests/fixtures/init.json");
    assert_eq!(init["serverInfo"]["name"], "example-server");
}

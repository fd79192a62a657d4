// A fixture file whose `serverInfo` lacks its required `version`.
use mcpwire::fixture_file;

fn main() {
    let _ = fixture_file!(v2025_11_25::InitializeResult, "tests/fixtures/init-invalid.json");
}

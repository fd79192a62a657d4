//! What the generator's integration tests share: where the pinned spec
//! files are.

use std::path::PathBuf;

use mcpwire_codegen::Config;

/// The generator's inputs as `build.rs` finds them: `$MCPWIRE_SPEC_DIR`
/// (relative to the repository), else `../shared/mcp-spec` beside it, and
/// the repository's pin.
pub fn config() -> Config {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let spec_dir = std::env::var_os("MCPWIRE_SPEC_DIR")
        .map(|d| root.join(d))
        .unwrap_or_else(|| root.join("../shared/mcp-spec"));
    Config {
        spec_dir,
        pin_file: root.join("schemas/pin.toml"),
    }
}

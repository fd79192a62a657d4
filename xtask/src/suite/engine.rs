//! The suite's lines for the run-time schema engine (`mcpwire::contracts`),
//! beside the generator's: the engine is judged by the cargo test
//! `tests/contracts_suite.rs` (it needs the library, which the scratch
//! workspace of generated cases does not build), so this runs that test
//! from the repository root and prints its lines.

use std::{path::Path, process::Command};

/// The test target that runs the suite on the engine.
const TEST: &str = "contracts_suite";

/// Runs the engine's suite test; `Ok(true)` when it passed. Its
/// `contracts engine: …` lines are printed.
pub fn run(root: &Path) -> Result<bool, String> {
    let output = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(root)
        .args(["test", "--quiet", "--all-features", "--test", TEST])
        .args(["--", "--nocapture", "--test-threads", "1"])
        .output()
        .map_err(|e| format!("cargo test --test {TEST}: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("contracts engine:"))
        .collect();
    for line in &lines {
        println!("{line}");
    }
    if !output.status.success() {
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
        println!("contracts engine: cargo test --test {TEST} failed");
        return Ok(false);
    }
    if lines.is_empty() {
        // The test skips (and says so on stderr) without the suite mirror.
        eprint!("{}", String::from_utf8_lossy(&output.stderr));
        println!("contracts engine: not run (see above)");
    }
    Ok(true)
}

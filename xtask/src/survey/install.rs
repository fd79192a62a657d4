//! Installing the pinned servers into `target/survey/` (`npm ci`, one
//! virtual environment per Python server), each step skipped when what is
//! installed already matches the pins, and the pinned version of each.

use std::{path::Path, process::Command};

use serde_json::Value;

use super::sh;

/// `npm ci` of the pinned servers into `dir`, unless it already matches
/// the lock file.
pub(super) fn install_npm(pinned: &Path, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let lock = std::fs::read(pinned.join("package-lock.json")).map_err(|e| e.to_string())?;
    let stamp = dir.join("node_modules/.mcpwire-lock");
    if std::fs::read(&stamp).is_ok_and(|s| s == lock) {
        return Ok(());
    }
    for f in ["package.json", "package-lock.json"] {
        std::fs::copy(pinned.join(f), dir.join(f)).map_err(|e| e.to_string())?;
    }
    // No install scripts: nothing downloads a browser or a binary.
    sh(Command::new("npm").current_dir(dir).args([
        "ci",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
    ]))?;
    std::fs::write(&stamp, lock).map_err(|e| e.to_string())
}

/// A virtual environment for one Python server with exactly the versions
/// of `pypi/<package>.txt`, unless it already has them.
pub(super) fn install_pypi(pinned: &Path, dir: &Path, package: &str) -> Result<(), String> {
    let reqs = pinned.join("pypi").join(format!("{package}.txt"));
    let want = std::fs::read(&reqs).map_err(|e| format!("{}: {e}", reqs.display()))?;
    let venv = dir.join(package);
    let stamp = venv.join(".mcpwire-requirements");
    if std::fs::read(&stamp).is_ok_and(|s| s == want) {
        return Ok(());
    }
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    sh(Command::new(python)
        .arg("-m")
        .arg("venv")
        .arg("--clear")
        .arg(&venv))?;
    sh(Command::new(venv.join("bin/pip"))
        .args([
            "install",
            "-q",
            "--disable-pip-version-check",
            "--no-deps",
            "-r",
        ])
        .arg(&reqs))?;
    std::fs::write(&stamp, want).map_err(|e| e.to_string())
}

/// The installed version of the npm `package` in `dir`.
pub(super) fn npm_version(dir: &Path, package: &str) -> Result<String, String> {
    let path = dir.join("node_modules").join(package).join("package.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(v["version"].as_str().unwrap_or("?").to_string())
}

/// The version `pypi/<package>.txt` pins `package` at.
pub(super) fn pypi_version(pinned: &Path, package: &str) -> Result<String, String> {
    let path = pinned.join("pypi").join(format!("{package}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{package}==")))
        .map(str::to_string)
        .ok_or_else(|| format!("{}: no {package}== line", path.display()))
}

//! Builds the scratch workspace. A case whose module does not compile is
//! taken out (its tests count as failures on both mcpwire paths, with the
//! compiler's first error as the reason) and the rest built again: one
//! case never stops the run.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::PathBuf,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use serde_json::Value;

use super::scratch::{case_file, case_module, group_name, group_of, write_if_changed, Scratch};

/// What a build left out, and how long it took.
pub struct Built {
    /// The runner binary.
    pub runner: PathBuf,
    /// Cases taken out, with the compiler's reason.
    pub dropped: BTreeMap<usize, String>,
    /// Wall time of all the cargo invocations.
    pub time: Duration,
}

/// The case id of a generated module file (`…/src/c0123.rs`).
pub fn case_of_file(file: &str) -> Option<usize> {
    let name = file.rsplit('/').next()?;
    let digits = name.strip_prefix('c')?.strip_suffix(".rs")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// The errors of one failed build: per case, the first error's text; and
/// the crates that failed with an error no case file carries.
#[derive(Default, Debug)]
pub struct Errors {
    /// First error per case.
    pub cases: BTreeMap<usize, String>,
    /// Crates (target names) with an error outside case files.
    pub crates: BTreeMap<String, String>,
}

/// Reads cargo's `--message-format=json` lines.
pub fn errors(messages: &str) -> Errors {
    let mut out = Errors::default();
    for line in messages.lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-message" || msg["message"]["level"] != "error" {
            continue;
        }
        let message = &msg["message"];
        let text = message["message"].as_str().unwrap_or("error").to_string();
        let spans = message["spans"].as_array().cloned().unwrap_or_default();
        let primary = spans
            .iter()
            .find(|s| s["is_primary"] == true)
            .or(spans.first());
        let place = primary
            .map(|s| format!(" (line {})", s["line_start"]))
            .unwrap_or_default();
        match primary
            .and_then(|s| s["file_name"].as_str())
            .and_then(case_of_file)
        {
            Some(id) => {
                out.cases
                    .entry(id)
                    .or_insert(format!("does not compile: {text}{place}"));
            }
            None => {
                let target = msg["target"]["name"].as_str().unwrap_or("?").to_string();
                out.crates.entry(target).or_insert(text);
            }
        }
    }
    out
}

impl Scratch {
    /// Keeps the module of a case that does not compile, for a look at the
    /// error, under `not-compiled/`; returns its path from the repository root.
    fn keep_not_compiled(&self, id: usize, source: &str) -> Result<String, String> {
        let path = self
            .dir
            .join("not-compiled")
            .join(format!("{}.rs", case_module(id)));
        write_if_changed(&path, &case_file(source))?;
        Ok(path
            .strip_prefix(&self.root)
            .unwrap_or(&path)
            .display()
            .to_string())
    }

    fn cargo_build(&self) -> Result<(bool, String), String> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let output = Command::new(cargo)
            .args([
                "build",
                "--quiet",
                "--message-format=json",
                "-p",
                "runner",
                "--manifest-path",
            ])
            .arg(self.dir.join("Cargo.toml"))
            .arg("--target-dir")
            .arg(self.dir.join("target"))
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cargo build: {e}"))?;
        Ok((
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        ))
    }

    /// Writes and builds the workspace, dropping cases that do not compile
    /// until the rest does.
    pub fn build(
        &self,
        mut modules: BTreeMap<usize, String>,
        groups: usize,
    ) -> Result<Built, String> {
        let start = Instant::now();
        let mut dropped = BTreeMap::new();
        let _ = std::fs::remove_dir_all(self.dir.join("not-compiled"));
        loop {
            self.write(&modules, groups)?;
            let (ok, messages) = self.cargo_build()?;
            if ok {
                return Ok(Built {
                    runner: self.dir.join("target/debug/runner"),
                    dropped,
                    time: start.elapsed(),
                });
            }
            let errors = errors(&messages);
            let mut progress = false;
            for (id, reason) in errors.cases {
                if let Some(source) = modules.remove(&id) {
                    dropped.insert(
                        id,
                        format!("{reason}; {}", self.keep_not_compiled(id, &source)?),
                    );
                    progress = true;
                }
            }
            if !progress {
                // Errors outside case files: drop every case of the groups
                // that failed, or give up when the runner itself fails.
                let failed: BTreeSet<usize> = (0..groups)
                    .filter(|&g| errors.crates.contains_key(&group_name(g)))
                    .collect();
                let ids: Vec<usize> = modules
                    .keys()
                    .copied()
                    .filter(|id| failed.contains(&group_of(*id)))
                    .collect();
                for id in ids {
                    let reason = &errors.crates[&group_name(group_of(id))];
                    modules.remove(&id);
                    dropped.insert(id, format!("its group does not compile: {reason}"));
                    progress = true;
                }
            }
            if !progress {
                return Err(format!(
                    "the scratch workspace does not build: {:?}",
                    errors.crates
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_files_name_their_case() {
        assert_eq!(case_of_file("g03/src/c0123.rs"), Some(123));
        assert_eq!(case_of_file("c7.rs"), Some(7));
        assert_eq!(case_of_file("g03/src/lib.rs"), None);
        assert_eq!(case_of_file("g03/src/c.rs"), None);
        assert_eq!(case_of_file("runner/src/main.rs"), None);
    }

    #[test]
    fn errors_are_attributed_to_their_case_or_crate() {
        let messages = [
            r#"{"reason":"compiler-message","target":{"name":"g01"},"message":{"level":"error","message":"mismatched types","spans":[{"file_name":"g01/src/c0070.rs","line_start":12,"is_primary":true}]}}"#,
            r#"{"reason":"compiler-message","target":{"name":"g01"},"message":{"level":"error","message":"second","spans":[{"file_name":"g01/src/c0070.rs","line_start":20,"is_primary":true}]}}"#,
            r#"{"reason":"compiler-message","target":{"name":"g01"},"message":{"level":"warning","message":"unused","spans":[{"file_name":"g01/src/c0071.rs","line_start":1,"is_primary":true}]}}"#,
            r#"{"reason":"compiler-message","target":{"name":"g02"},"message":{"level":"error","message":"unresolved import","spans":[{"file_name":"g02/src/lib.rs","line_start":3,"is_primary":true}]}}"#,
            r#"{"reason":"build-finished","success":false}"#,
        ]
        .join("\n");
        let found = errors(&messages);
        assert_eq!(found.cases.len(), 1);
        assert_eq!(
            found.cases[&70],
            "does not compile: mismatched types (line 12)"
        );
        assert_eq!(found.crates["g02"], "unresolved import");
    }
}

//! Probing one installed server ([`probe_server`]): fresh scratch files,
//! `mcpwire probe` in a network namespace of its own, its JSON lines kept
//! in `target/survey/out/` and its tables read back ([`Outcome`]).

use std::{
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
    time::Instant,
};

use serde_json::Value;

use super::{
    install::{npm_version, pypi_version},
    servers::{Registry, Server},
    sh,
};

/// Where the survey's installs, scratch files and outputs are.
pub(super) struct Places<'a> {
    /// `target/survey/`.
    pub(super) survey: &'a Path,
    /// `xtask/survey/`: the pins.
    pub(super) pinned: &'a Path,
    /// `target/survey/out/`: each server's probe output.
    pub(super) out_dir: &'a Path,
}

/// What one server showed.
pub(super) struct Outcome {
    pub(super) package: &'static str,
    pub(super) version: String,
    pub(super) tools: &'static str,
    pub(super) seconds: f64,
    pub(super) exit: Option<i32>,
    /// The probe's tables, in order.
    pub(super) tables: Vec<Value>,
}

/// Probes `s` with `mcpwire` (`--timeout timeout`) and reads its tables;
/// an error when the probe reported none.
pub(super) fn probe_server(
    s: &Server,
    mcpwire: &Path,
    places: &Places,
    timeout: &str,
) -> Result<Outcome, String> {
    let work = scratch(&places.survey.join("work"))?;
    let (bin_dir, version) = installed(s, places)?;
    let mut cmd = probe_command(s, mcpwire, &bin_dir, &work, timeout);
    let start = Instant::now();
    let out = cmd.output().map_err(|e| format!("{}: {e}", s.package))?;
    let seconds = start.elapsed().as_secs_f64();
    let file = places
        .out_dir
        .join(format!("{}.jsonl", s.package.replace('/', "+")));
    std::fs::write(&file, &out.stdout).map_err(|e| e.to_string())?;
    let tables = probe_tables(&out);
    eprintln!(
        "survey: {}@{version}: {} revisions, exit {:?}, {seconds:.1} s ({})",
        s.package,
        tables.len(),
        out.status.code(),
        file.display()
    );
    if tables.is_empty() {
        return Err(format!(
            "{}: the probe reported nothing (exit {:?}): {}",
            s.package,
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(Outcome {
        package: s.package,
        version,
        tools: s.tools,
        seconds,
        exit: out.status.code(),
        tables,
    })
}

/// Where `s`'s entry points are installed, and its version.
fn installed(s: &Server, places: &Places) -> Result<(PathBuf, String), String> {
    let survey = places.survey;
    Ok(match s.registry {
        Registry::Npm => (
            survey.join("npm/node_modules/.bin"),
            npm_version(&survey.join("npm"), s.package)?,
        ),
        Registry::Pypi => (
            survey.join("pypi").join(s.package).join("bin"),
            pypi_version(places.pinned, s.package)?,
        ),
    })
}

/// `unshare --net --map-root-user mcpwire probe … -- SERVER…`, run in the
/// scratch directory `work` with `HOME` in it.
fn probe_command(
    s: &Server,
    mcpwire: &Path,
    bin_dir: &Path,
    work: &Path,
    timeout: &str,
) -> Command {
    let subst = |w: &str| w.replace("{work}", &work.to_string_lossy());
    let mut cmd = Command::new("unshare");
    cmd.args(["--net", "--map-root-user"])
        .arg(mcpwire)
        .args(["probe", "--format", "json", "--timeout", timeout])
        .args(["--tools", s.tools]);
    for (k, v) in s.env {
        cmd.arg("--env").arg(format!("{k}={}", subst(v)));
    }
    cmd.arg("--").arg(bin_dir.join(s.argv[0]));
    cmd.args(s.argv[1..].iter().map(|w| subst(w)));
    cmd.current_dir(work)
        .env("HOME", work.join("home"))
        .stdin(Stdio::null());
    cmd
}

/// The probe's tables: the `probe` member of each JSON line that has one.
fn probe_tables(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|mut l| l.get_mut("probe").map(Value::take))
        .collect()
}

/// Fresh scratch files: a directory for the filesystem server, a git
/// repository with one commit, a home directory.
fn scratch(work: &Path) -> Result<PathBuf, String> {
    if work.exists() {
        std::fs::remove_dir_all(work).map_err(|e| format!("{}: {e}", work.display()))?;
    }
    for d in ["fs", "repo", "home", "arxiv", "excel"] {
        std::fs::create_dir_all(work.join(d)).map_err(|e| e.to_string())?;
    }
    std::fs::write(work.join("fs/hello.txt"), "hello\n").map_err(|e| e.to_string())?;
    std::fs::write(work.join("repo/README"), "survey\n").map_err(|e| e.to_string())?;
    let repo = work.join("repo");
    let git = |args: &[&str]| {
        sh(Command::new("git")
            .current_dir(&repo)
            .args([
                "-c",
                "user.name=survey",
                "-c",
                "user.email=survey@localhost",
            ])
            .args(args))
    };
    git(&["init", "-q"])?;
    git(&["add", "README"])?;
    git(&["commit", "-q", "-m", "survey"])?;
    Ok(work.to_path_buf())
}

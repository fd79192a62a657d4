//! `cargo xtask survey`: `mcpwire probe` on public MCP server packages
//! from npm and PyPI, pinned in `xtask/survey/` (`package.json` and
//! `package-lock.json`, one `pypi/<package>.txt` of exact versions per
//! Python server), at every revision the command line has, and the table
//! of `docs/survey.md` written from what they showed (between its
//! `<!-- survey:begin -->` and `<!-- survey:end -->` markers; the hand
//! checks around it are left alone).
//!
//! Every server runs in a network namespace of its own with no interface
//! but an unconfigured loopback (`unshare --net --map-root-user`): what a
//! probed server does cannot reach the network, whatever its tools are.
//! Servers whose tools exist to reach the network are also probed with
//! `--tools none`. Installs go to `target/survey/` (npm ci, one virtual
//! environment per Python server); each run starts from fresh scratch
//! files in `target/survey/work/` (a directory, a git repository, a
//! database path) and `HOME` points there.
//!
//! Not run in CI: eighteen servers at six revisions, each revision a fresh
//! process (Python servers take seconds to start), take minutes, and the
//! installs fetch a few hundred packages.
//!
//! [`servers`] lists the servers, [`install`] installs them,
//! [`probe_run`] probes each, [`table`] renders the table.

mod install;
mod probe_run;
mod servers;
mod table;

use std::{
    path::{Path, PathBuf},
    process::{Command, ExitCode},
};

use install::{install_npm, install_pypi};
use probe_run::{probe_server, Places};
use servers::{Registry, Server, SERVERS};

const USAGE: &str =
    "cargo xtask survey [--mcpwire PATH] [--only NAME[,NAME]] [--timeout DURATION] [--no-doc]";

/// Parses the arguments after `survey` and runs it.
pub fn main(args: &[String]) -> ExitCode {
    let root = repo_root();
    let mut mcpwire = None;
    let mut only: Option<Vec<String>> = None;
    let mut timeout = "20s".to_string();
    let mut doc = true;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match (arg.as_str(), iter.clone().next()) {
            ("--mcpwire", Some(p)) => {
                mcpwire = Some(PathBuf::from(p));
                iter.next();
            }
            ("--only", Some(list)) => {
                only = Some(list.split(',').map(str::to_string).collect());
                iter.next();
            }
            ("--timeout", Some(t)) => {
                timeout = t.clone();
                iter.next();
            }
            ("--no-doc", _) => doc = false,
            _ => {
                eprintln!("usage: {USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    match run(&root, mcpwire, only.as_deref(), &timeout, doc) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// Installs and probes the servers `only` names (all when `None`), prints
/// the table and, with `doc`, writes it into `docs/survey.md`.
fn run(
    root: &Path,
    mcpwire: Option<PathBuf>,
    only: Option<&[String]>,
    timeout: &str,
    doc: bool,
) -> Result<(), String> {
    require_network_namespace()?;
    let mcpwire = mcpwire_binary(root, mcpwire)?;
    let survey = root.join("target/survey");
    let pinned = root.join("xtask/survey");
    let servers = selected(only)?;
    install_npm(&pinned, &survey.join("npm"))?;
    for s in servers.iter().filter(|s| s.registry == Registry::Pypi) {
        install_pypi(&pinned, &survey.join("pypi"), s.package)?;
    }
    let out_dir = survey.join("out");
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let places = Places {
        survey: &survey,
        pinned: &pinned,
        out_dir: &out_dir,
    };
    let mut outcomes = Vec::new();
    for s in servers {
        outcomes.push(probe_server(s, &mcpwire, &places, timeout)?);
    }
    let table = table::render(&outcomes);
    println!("{table}");
    if doc {
        table::write_doc(root, &table)?;
    }
    Ok(())
}

/// An error unless a network namespace of its own can be made
/// (`unshare --net --map-root-user`).
fn require_network_namespace() -> Result<(), String> {
    let isolated = Command::new("unshare")
        .args(["--net", "--map-root-user", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !isolated {
        return Err(
            "`unshare --net --map-root-user true` failed: the survey runs every server \
                    without network (a network namespace of its own) and will not run them \
                    otherwise"
                .into(),
        );
    }
    Ok(())
}

/// The `mcpwire` to run: `mcpwire` made absolute, or (`None`) the
/// workspace's debug build, built now.
fn mcpwire_binary(root: &Path, mcpwire: Option<PathBuf>) -> Result<PathBuf, String> {
    Ok(match mcpwire {
        // The servers run in a scratch directory: the path must not be relative.
        Some(p) => p
            .canonicalize()
            .map_err(|e| format!("{}: {e}", p.display()))?,
        None => {
            sh(Command::new(env!("CARGO")).current_dir(root).args([
                "build",
                "--bin",
                "mcpwire",
                "--all-features",
            ]))?;
            root.join("target/debug/mcpwire")
        }
    })
}

/// The surveyed servers `only` names (all when `None`); an error when it
/// names none.
fn selected(only: Option<&[String]>) -> Result<Vec<&'static Server>, String> {
    let servers: Vec<&Server> = SERVERS
        .iter()
        .filter(|s| only.is_none_or(|o| o.iter().any(|n| n == s.package)))
        .collect();
    if servers.is_empty() {
        return Err("--only names no surveyed package".into());
    }
    Ok(servers)
}

/// Runs `cmd`; an error unless it succeeded.
fn sh(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?}: {status}"))
    }
}

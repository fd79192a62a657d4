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

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    path::{Path, PathBuf},
    process::{Command, ExitCode, Stdio},
    time::Instant,
};

use serde_json::Value;

const USAGE: &str =
    "cargo xtask survey [--mcpwire PATH] [--only NAME[,NAME]] [--timeout DURATION] [--no-doc]";

/// Where a server comes from.
#[derive(Clone, Copy, PartialEq)]
enum Registry {
    Npm,
    Pypi,
}

/// One surveyed server.
struct Server {
    /// The package's name in its registry.
    package: &'static str,
    registry: Registry,
    /// The command: the first word is the installed entry point
    /// (`node_modules/.bin/NAME` or the virtual environment's `bin/NAME`);
    /// `{work}` in any word is the scratch directory.
    argv: &'static [&'static str],
    env: &'static [(&'static str, &'static str)],
    /// `--tools`: `readonly` unless the tools exist to reach the network
    /// (or run commands), then `none`.
    tools: &'static str,
}

const SERVERS: &[Server] = &[
    Server {
        package: "@modelcontextprotocol/server-everything",
        registry: Registry::Npm,
        argv: &["mcp-server-everything", "stdio"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-filesystem",
        registry: Registry::Npm,
        argv: &["mcp-server-filesystem", "{work}/fs"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-memory",
        registry: Registry::Npm,
        argv: &["mcp-server-memory"],
        env: &[("MEMORY_FILE_PATH", "{work}/memory.jsonl")],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-sequential-thinking",
        registry: Registry::Npm,
        argv: &["mcp-server-sequential-thinking"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "@modelcontextprotocol/server-github",
        registry: Registry::Npm,
        argv: &["mcp-server-github"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@notionhq/notion-mcp-server",
        registry: Registry::Npm,
        argv: &["notion-mcp-server"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@playwright/mcp",
        registry: Registry::Npm,
        argv: &["playwright-mcp"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@upstash/context7-mcp",
        registry: Registry::Npm,
        argv: &["context7-mcp"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "@cyanheads/git-mcp-server",
        registry: Registry::Npm,
        argv: &["git-mcp-server"],
        env: &[
            ("MCP_TRANSPORT_TYPE", "stdio"),
            ("GIT_BASE_DIR", "{work}/repo"),
        ],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-commands",
        registry: Registry::Npm,
        argv: &["mcp-server-commands"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "mcp-server-time",
        registry: Registry::Pypi,
        argv: &["mcp-server-time", "--local-timezone", "UTC"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-fetch",
        registry: Registry::Pypi,
        argv: &["mcp-server-fetch"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "mcp-server-git",
        registry: Registry::Pypi,
        argv: &["mcp-server-git", "--repository", "{work}/repo"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-sqlite",
        registry: Registry::Pypi,
        argv: &["mcp-server-sqlite", "--db-path", "{work}/db.sqlite"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "mcp-server-calculator",
        registry: Registry::Pypi,
        argv: &["mcp-server-calculator"],
        env: &[],
        tools: "readonly",
    },
    Server {
        package: "duckduckgo-mcp-server",
        registry: Registry::Pypi,
        argv: &["duckduckgo-mcp-server"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "arxiv-mcp-server",
        registry: Registry::Pypi,
        argv: &["arxiv-mcp-server", "--storage-path", "{work}/arxiv"],
        env: &[],
        tools: "none",
    },
    Server {
        package: "excel-mcp-server",
        registry: Registry::Pypi,
        argv: &["excel-mcp-server", "stdio"],
        env: &[("EXCEL_FILES_PATH", "{work}/excel")],
        tools: "readonly",
    },
];

/// What one server showed.
struct Outcome {
    package: &'static str,
    version: String,
    tools: &'static str,
    seconds: f64,
    exit: Option<i32>,
    /// The probe's tables, in order.
    tables: Vec<Value>,
}

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

fn run(
    root: &Path,
    mcpwire: Option<PathBuf>,
    only: Option<&[String]>,
    timeout: &str,
    doc: bool,
) -> Result<(), String> {
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
    let mcpwire = match mcpwire {
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
    };
    let survey = root.join("target/survey");
    let pinned = root.join("xtask/survey");
    let servers: Vec<&Server> = SERVERS
        .iter()
        .filter(|s| only.is_none_or(|o| o.iter().any(|n| n == s.package)))
        .collect();
    if servers.is_empty() {
        return Err("--only names no surveyed package".into());
    }
    install_npm(&pinned, &survey.join("npm"))?;
    for s in servers.iter().filter(|s| s.registry == Registry::Pypi) {
        install_pypi(&pinned, &survey.join("pypi"), s.package)?;
    }
    let out_dir = survey.join("out");
    std::fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let mut outcomes = Vec::new();
    for s in servers {
        let work = scratch(&survey.join("work"))?;
        let (bin_dir, version) = match s.registry {
            Registry::Npm => (
                survey.join("npm/node_modules/.bin"),
                npm_version(&survey.join("npm"), s.package)?,
            ),
            Registry::Pypi => (
                survey.join("pypi").join(s.package).join("bin"),
                pypi_version(&pinned, s.package)?,
            ),
        };
        let subst = |w: &str| w.replace("{work}", &work.to_string_lossy());
        let mut cmd = Command::new("unshare");
        cmd.args(["--net", "--map-root-user"])
            .arg(&mcpwire)
            .args(["probe", "--format", "json", "--timeout", timeout])
            .args(["--tools", s.tools]);
        for (k, v) in s.env {
            cmd.arg("--env").arg(format!("{k}={}", subst(v)));
        }
        cmd.arg("--").arg(bin_dir.join(s.argv[0]));
        cmd.args(s.argv[1..].iter().map(|w| subst(w)));
        cmd.current_dir(&work)
            .env("HOME", work.join("home"))
            .stdin(Stdio::null());
        let start = Instant::now();
        let out = cmd.output().map_err(|e| format!("{}: {e}", s.package))?;
        let seconds = start.elapsed().as_secs_f64();
        let file = out_dir.join(format!("{}.jsonl", s.package.replace('/', "+")));
        std::fs::write(&file, &out.stdout).map_err(|e| e.to_string())?;
        let tables: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|mut l| l.get_mut("probe").map(Value::take))
            .collect();
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
        outcomes.push(Outcome {
            package: s.package,
            version,
            tools: s.tools,
            seconds,
            exit: out.status.code(),
            tables,
        });
    }
    let table = render(&outcomes);
    println!("{table}");
    if doc {
        let path = root.join("docs/survey.md");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (Some(b), Some(e)) = (
            text.find("<!-- survey:begin -->"),
            text.find("<!-- survey:end -->"),
        ) else {
            return Err("docs/survey.md has no survey:begin/survey:end markers".into());
        };
        let begin = b + "<!-- survey:begin -->".len();
        let new = format!("{}\n{table}{}", &text[..begin], &text[e..]);
        std::fs::write(&path, new).map_err(|e| e.to_string())?;
        eprintln!("survey: wrote {}", path.display());
    }
    Ok(())
}

/// The markdown between the markers: the matrix, then the counts by rule.
fn render(outcomes: &[Outcome]) -> String {
    let revisions: Vec<String> = outcomes
        .iter()
        .flat_map(|o| o.tables.iter())
        .filter_map(|t| t["offered"].as_str().map(str::to_string))
        .fold(Vec::new(), |mut v, r| {
            if !v.contains(&r) {
                v.push(r);
            }
            v
        });
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Each cell: the negotiated revision (`—`: not spoken), then the requests \
         answered ok / with an error / timed out, then the findings by rule."
    );
    let _ = writeln!(s);
    let _ = write!(s, "| server | tools | exit | wall |");
    for r in &revisions {
        let _ = write!(s, " {r} |");
    }
    let _ = writeln!(s);
    let _ = write!(s, "|---|---|---|---|");
    for _ in &revisions {
        let _ = write!(s, "---|");
    }
    let _ = writeln!(s);
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    for o in outcomes {
        let _ = write!(
            s,
            "| `{}@{}` | {} | {} | {:.0} s |",
            o.package,
            o.version,
            o.tools,
            o.exit.map_or("signal".into(), |c| c.to_string()),
            o.seconds
        );
        for r in &revisions {
            let Some(t) = o.tables.iter().find(|t| t["offered"] == r.as_str()) else {
                let _ = write!(s, " not probed |");
                continue;
            };
            let negotiated = t["negotiated"].as_str().unwrap_or("—");
            let (mut ok, mut err, mut to) = (0, 0, 0);
            if let Some(methods) = t["methods"].as_object() {
                for m in methods.values() {
                    ok += m["ok"].as_u64().unwrap_or(0);
                    err += m["error"].as_u64().unwrap_or(0);
                    to += m["timed_out"].as_u64().unwrap_or(0);
                }
            }
            let mut findings = Vec::new();
            if let Some(f) = t["findings"].as_object() {
                for (rule, n) in f {
                    let n = n.as_u64().unwrap_or(0);
                    *totals.entry(rule.clone()).or_default() += n;
                    findings.push(format!("{rule} {n}"));
                }
            }
            let findings = if findings.is_empty() {
                "none".to_string()
            } else {
                findings.join(", ")
            };
            let _ = write!(s, " {negotiated} · {ok}/{err}/{to} · {findings} |");
        }
        let _ = writeln!(s);
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "Findings by rule, all servers and revisions:");
    let _ = writeln!(s);
    let _ = writeln!(s, "| rule | findings |");
    let _ = writeln!(s, "|---|---|");
    for (rule, n) in &totals {
        let _ = writeln!(s, "| `{rule}` | {n} |");
    }
    if totals.is_empty() {
        let _ = writeln!(s, "| (none) | 0 |");
    }
    s
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

/// `npm ci` of the pinned servers into `dir`, unless it already matches
/// the lock file.
fn install_npm(pinned: &Path, dir: &Path) -> Result<(), String> {
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
fn install_pypi(pinned: &Path, dir: &Path, package: &str) -> Result<(), String> {
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

fn npm_version(dir: &Path, package: &str) -> Result<String, String> {
    let path = dir.join("node_modules").join(package).join("package.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(v["version"].as_str().unwrap_or("?").to_string())
}

fn pypi_version(pinned: &Path, package: &str) -> Result<String, String> {
    let path = pinned.join("pypi").join(format!("{package}.txt"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{package}==")))
        .map(str::to_string)
        .ok_or_else(|| format!("{}: no {package}== line", path.display()))
}

fn sh(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{cmd:?}: {status}"))
    }
}

//! ajv 8 as a peer in the same criterion run: a Node process
//! (`benches/bytes/ajv.mjs`, ajv set up as the reference conformance
//! harness sets it up) judges the same corpus with the same checks; the
//! bench asks it for its verdicts once (checked against the corpus before
//! timing, as for every engine) and then for the wall time of `n` passes
//! (criterion's `iter_custom`), so its ratios to `serde_json_parse` come
//! from the same run.
//!
//! Needs `node` and the npm package's devDependencies (`npm ci` in
//! `npm/`); without them the bench says so and leaves the two functions
//! (`ajv_all_errors`, `js_json_parse`) out.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use crate::corpus::{At, Entry};

/// One Node process holding one corpus.
pub struct Ajv {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    corpus: PathBuf,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn spec_dir() -> PathBuf {
    match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => repo().join(dir),
        None => repo().join("../shared/mcp-spec"),
    }
}

/// The corpus as `ajv.mjs` reads it: one JSON line per message.
fn write_corpus(file: &Path, entries: &[Entry]) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(file)?);
    for e in entries {
        let checks: Vec<(&str, &str)> = e
            .checks
            .iter()
            .map(|&(name, at)| {
                let at = match at {
                    At::Message => "message",
                    At::Result => "result",
                };
                (name, at)
            })
            .collect();
        let text = std::str::from_utf8(&e.bytes).expect("the corpus is UTF-8");
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({"text": text, "checks": checks}),
        )?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

impl Ajv {
    /// Starts Node on `entries` at `revision`, or says why not and gives
    /// `None`.
    pub fn start(group: &str, revision: &str, entries: &[Entry]) -> Option<Ajv> {
        if !repo().join("npm/node_modules/ajv/package.json").is_file() {
            eprintln!("{group}: ajv left out (run `npm ci` in npm/ to install it)");
            return None;
        }
        let corpus = std::env::temp_dir().join(format!(
            "mcpwire-bench-ajv-{}-{group}.jsonl",
            std::process::id()
        ));
        write_corpus(&corpus, entries).expect("write the ajv corpus");
        let schema = spec_dir().join(revision).join("schema.json");
        let spawned = Command::new("node")
            .arg(repo().join("benches/bytes/ajv.mjs"))
            .arg(&schema)
            .arg(&corpus)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                eprintln!("{group}: ajv left out (cannot start node: {e})");
                let _ = std::fs::remove_file(&corpus);
                return None;
            }
        };
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Some(Ajv {
            child,
            stdin,
            stdout,
            corpus,
        })
    }

    fn ask(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").expect("write to node");
        self.stdin.flush().expect("flush to node");
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("read from node");
        assert!(
            !line.is_empty() && !line.starts_with("error"),
            "ajv.mjs: {command}: {line:?}"
        );
        line
    }

    /// Per message: every check passed.
    pub fn verdicts(&mut self) -> Vec<bool> {
        serde_json::from_str(&self.ask("verdicts")).expect("verdicts are JSON")
    }

    /// Wall time of `n` passes of `command` (`run`: parse and validate;
    /// `parse`: `JSON.parse` only).
    pub fn time(&mut self, command: &str, n: u64) -> Duration {
        let ns: u64 = self
            .ask(&format!("{command} {n}"))
            .trim()
            .parse()
            .expect("ns");
        Duration::from_nanos(ns)
    }
}

impl Drop for Ajv {
    fn drop(&mut self) {
        // Stopped by its handle (its pid), never by name.
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.corpus);
    }
}

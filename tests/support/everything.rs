//! `@modelcontextprotocol/server-everything` (pinned in tests/peers), and
//! the python-sdk peer, over HTTP on a loopback port, stopped by its
//! process id when dropped.

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running server; killed (by its id) and reaped when dropped.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts server-everything from the peers directory `dir` in `mode`
/// (`streamableHttp`, `sse`) on `port` (loopback only: `loopback.mjs`),
/// and waits until it listens.
pub fn start(dir: &Path, mode: &str, port: u16) -> Server {
    let child = Command::new("node")
        .current_dir(dir)
        .args(["--import", "./loopback.mjs"])
        .arg("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
        .arg(mode)
        .env("PORT", port.to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start server-everything");
    listening(child, port, "server-everything")
}

/// The python-sdk peer (`tests/peers/python/server.py` run by `python`,
/// see `real_peers::python_sdk`) in `mode` (`http`: Streamable HTTP at
/// `/mcp`; `sse`: the 2024-11-05 HTTP+SSE transport at `/sse`) on loopback
/// `port`, once it listens.
pub fn start_python(python: &Path, script: &Path, mode: &str, port: u16) -> Server {
    let child = Command::new(python)
        .arg(script)
        .args([mode, &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the python-sdk server");
    listening(child, port, "the python-sdk server")
}

/// `child` as a [`Server`] once something listens on loopback `port`
/// (at most 60 s: a loaded machine starts an interpreter slowly).
fn listening(child: Child, port: u16, what: &str) -> Server {
    let server = Server(child);
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{what} did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

/// A loopback port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Runs the official TypeScript SDK client (`client.mjs` in the peers
/// directory `dir`) against `url` in client `mode` (`streamable`, `sse`),
/// proposing `revision` in its `initialize` (`-`: the SDK's latest); its
/// session must complete. Its standard output (one JSON line per step).
pub fn sdk_client(dir: &Path, mode: &str, url: &str, revision: &str) -> String {
    let out = Command::new("node")
        .current_dir(dir)
        .arg("client.mjs")
        .args([mode, url, revision])
        .stdin(Stdio::null())
        .output()
        .expect("run the SDK client");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success() && stdout.ends_with("{\"step\":\"done\",\"value\":true}\n"),
        "the client's session failed against {url}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// How often the probe's report `t` says method row `m` was answered.
pub fn ok(t: &Value, m: &str) -> u64 {
    t["methods"][m]["ok"].as_u64().unwrap_or(0)
}

/// What a probe of server-everything at an initialize-era revision must
/// show over any transport (its report `t`): negotiated as offered, every
/// declared feature exercised, and the full exercise — the logging level,
/// the subscription, completions (a capability from 2025-03-26: a prompt
/// argument and a template variable), the wrong requests (an unknown tool
/// and arguments breaking a tool's inputSchema: tool error results or
/// errors; an unknown prompt and an
/// unknown resource: errors), the cancelled ping and the unknown method.
pub fn assert_fully_exercised(t: &Value) {
    let offered = t["offered"].as_str().unwrap();
    assert_eq!(t["negotiated"], offered, "{t}");
    assert_eq!(t["server"], "mcp-servers/everything 2.0.0", "{t}");
    for m in [
        "initialize",
        "ping",
        "tools/list",
        "prompts/list",
        "prompts/get",
        "resources/list",
        "resources/templates/list",
        "resources/read",
    ] {
        assert!(ok(t, m) > 0, "{offered}: {m} not exercised: {t}");
    }
    for m in [
        "logging/setLevel",
        "resources/subscribe",
        "resources/unsubscribe",
    ] {
        assert_eq!(ok(t, m), 1, "{offered}: {m} not exercised: {t}");
    }
    let completions = if offered == "2024-11-05" { 0 } else { 2 };
    assert_eq!(ok(t, "completion/complete"), completions, "{t}");
    assert_eq!(ok(t, "tools/call (unknown tool)"), 1, "{t}");
    let invalid = &t["methods"]["tools/call (invalid arguments)"];
    assert!(
        invalid["ok"].as_u64().unwrap_or(0) + invalid["error"].as_u64().unwrap_or(0) > 0,
        "{t}"
    );
    for row in [
        "prompts/get (unknown prompt)",
        "resources/read (unknown resource)",
    ] {
        assert_eq!(t["methods"][row]["error"], 1, "{row}: {t}");
    }
    // The cancelled ping: the server stops it (no answer), or had answered
    // before the cancellation arrived (basic/utilities/cancellation: "Due
    // to network latency, cancellation notifications may arrive after
    // request processing has completed"); either is no finding, and which
    // one happens is a race.
    let cancelled = &t["methods"]["ping (cancelled)"];
    assert_eq!(
        cancelled["timed_out"].as_u64().unwrap_or(0) + cancelled["ok"].as_u64().unwrap_or(0),
        1,
        "{t}"
    );
    assert_eq!(
        t["methods"]["mcpwire/probe-unknown-method"]["error"], 1,
        "{t}"
    );
    // Every read-only tool is called.
    assert!(ok(t, "tools/call") >= 8, "{t}");
}

/// server-everything's tools declare draft-07 (`$schema`) in 13
/// `inputSchema`s and one `outputSchema`: from 2025-11-25 on each listing
/// of them is 14 `contract.dialect-not-2020-12` warnings (basic/index:
/// "Implementors are RECOMMENDED to use JSON Schema 2020-12."), before
/// that (no revision named a dialect) none. Checked by hand against its
/// `tools/list` result. Adds the run's count to `expected` after checking
/// it is whole listings.
#[allow(dead_code)]
pub fn expect_draft_07_warnings(
    findings: &serde_json::Value,
    offered: &str,
    expected: &mut serde_json::Value,
) {
    let n = findings["contract.dialect-not-2020-12"]
        .as_u64()
        .unwrap_or(0);
    if offered >= "2025-11-25" {
        assert!(n >= 14, "{offered}: {findings}");
        expected["contract.dialect-not-2020-12"] = serde_json::json!(n);
    } else {
        assert_eq!(n, 0, "{offered}: {findings}");
    }
}

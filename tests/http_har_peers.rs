//! HAR ≡ live on real peers: the reference server
//! `@modelcontextprotocol/server-everything` over Streamable HTTP and over
//! the 2024-11-05 HTTP+SSE transport, driven by the official TypeScript SDK
//! client (`tests/peers/client.mjs`), through `mcpwire proxy --har`. The
//! findings of `mcpwire check capture.har` must be the proxy's live
//! findings row for row (same message, same rule, same exchange, and the
//! entry the check names is that exchange's), at two negotiated revisions
//! and at a fixed `--spec` that finds plenty; and again with the HAR's
//! `_mcpwireOrder` removed, so that the per-event arrival times
//! (`_mcpwireEvents`) alone order the replay. Then a proxy started after
//! the client connected (late capture: the revision from the
//! `MCP-Protocol-Version` header), and mitmproxy's HAR of the same session
//! (`mitmdump --mode reverse:… --set hardump=FILE`).
//!
//! Loopback only; every process is stopped by its pid. Without the npm
//! peers (or mitmproxy, `.ci/setup/40-mitmproxy.sh`) a test says so and
//! passes; under CI it fails.

mod proxy_fake;
mod real_peers;
mod support;

use std::{
    io::{BufRead, BufReader, Write},
    net::TcpStream,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use proxy_fake::run::Proxy;
use serde_json::Value;
use support::har_compare::{check, comparable, identity, keyed, read_har, report, sorted};

/// The revision server-everything and the SDK negotiate when the client
/// proposes its latest.
const LATEST: &str = "2025-11-25";

/// Runs the SDK client (`revision`: what its `initialize` proposes, `-`
/// for the SDK's latest); its session must complete.
fn client(dir: &Path, mode: &str, url: &str, revision: &str) -> String {
    support::everything::sdk_client(dir, mode, url, revision)
}

/// One proxy run: the session through `proxy --har` (plus `args`), then
/// `check` on its HAR (plus `args`), with and without `_mcpwireOrder`.
/// Asserts the rows are the live rows, that each checked row's entry is
/// its exchange's, and returns the live rows keyed by request identity
/// (for comparing with other captures of the same session) and the summary.
fn har_equals_live(
    dir: &Path,
    mode: &str,
    upstream: &str,
    path: &str,
    revision: &str,
    args: &[&str],
) -> (Vec<Value>, Value) {
    let tmp = tempfile::tempdir().unwrap();
    let (proxy, report_path, har_path) = Proxy::recording(upstream, tmp.path(), "", args);
    client(dir, mode, &format!("http://{}{path}", proxy.addr), revision);
    proxy.stop();
    let (live, live_summary) = report(&std::fs::read_to_string(&report_path).unwrap());
    assert!(live_summary["dropped"].is_null(), "{live_summary}");
    let live_rows: Vec<Value> = live.iter().map(comparable).collect();
    let har = read_har(&har_path);
    let entries = har["log"]["entries"].as_array().unwrap();
    let what = format!("{mode} {revision} {args:?}");

    let (checked, summary) = report(&check(&har_path, args));
    assert_eq!(
        checked.iter().map(comparable).collect::<Vec<_>>(),
        live_rows,
        "{what}: the HAR's findings differ from the live ones"
    );
    assert_eq!(summary["messages"], live_summary["messages"], "{what}");
    assert_eq!(summary["revisions"], live_summary["revisions"], "{what}");
    for row in &checked {
        let entry = &entries[row["entry"].as_u64().unwrap() as usize];
        assert_eq!(entry["_mcpwireExchange"], row["exchange"], "{what}: {row}");
        assert_eq!(entry["request"]["method"], row["http"]["method"], "{what}");
    }
    // Every SSE body says when its events arrived.
    for e in entries {
        if e["response"]["content"]["mimeType"]
            .as_str()
            .is_some_and(|m| m.starts_with("text/event-stream"))
            && e["response"]["content"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("data:"))
        {
            assert!(
                e["response"]["content"]["_mcpwireEvents"].is_array(),
                "{what}: {e}"
            );
        }
    }

    // The arrival times alone give the same findings.
    let mut timed = har.clone();
    for e in timed["log"]["entries"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("_mcpwireOrder");
    }
    let timed_path = tmp.path().join("timed.har");
    std::fs::write(&timed_path, serde_json::to_vec(&timed).unwrap()).unwrap();
    let (checked, _) = report(&check(&timed_path, args));
    assert_eq!(
        checked.iter().map(comparable).collect::<Vec<_>>(),
        live_rows,
        "{what}: the HAR's findings by event times differ from the live ones"
    );

    let by_exchange = |n: &Value| {
        let e = entries
            .iter()
            .find(|e| e["_mcpwireExchange"] == *n)
            .unwrap_or_else(|| panic!("{what}: no entry for exchange {n}"));
        identity(e)
    };
    let keyed = live
        .iter()
        .map(|r| keyed(&comparable(r), by_exchange(&r["exchange"])))
        .collect();
    (keyed, live_summary)
}

/// Every run of one transport: two negotiated revisions, then a fixed
/// `--spec 2026-07-28` (which the session breaks in many ways: a
/// comparison of many rows, not of two empty lists).
fn transport(mode: &str, server_mode: &str, path: &str) {
    let Some(dir) = real_peers::installed("http_har_peers") else {
        return;
    };
    let port = support::everything::free_port();
    let _server = support::everything::start(&dir, server_mode, port);
    let upstream = format!("http://127.0.0.1:{port}{path}");
    for (revision, negotiated) in [("-", LATEST), ("2025-06-18", "2025-06-18")] {
        let (rows, summary) = har_equals_live(&dir, mode, &upstream, path, revision, &[]);
        assert_eq!(rows, Vec::<Value>::new(), "{mode} {revision}");
        assert_eq!(
            summary["revisions"],
            serde_json::json!([negotiated]),
            "{summary}"
        );
    }
    let (rows, _) = har_equals_live(&dir, mode, &upstream, path, "-", &["--spec", "2026-07-28"]);
    assert!(rows.len() >= 10, "{mode}: {rows:?}");
}

#[test]
fn streamable_http_har_equals_live() {
    transport("streamable", "streamableHttp", "/mcp");
}

#[test]
fn http_sse_har_equals_live() {
    transport("sse", "sse", "/sse");
}

/// A proxy started after the client connected: it never sees
/// `initialize`, and judges the 2025-06-18 session at 2025-06-18 from its
/// requests' `MCP-Protocol-Version` header, without an assumption warning;
/// its HAR gives the same.
#[test]
fn late_proxy_judges_at_the_header_revision() {
    let Some(dir) = real_peers::installed("http_har_peers") else {
        return;
    };
    let port = support::everything::free_port();
    let _server = support::everything::start(&dir, "streamableHttp", port);
    let upstream = format!("http://127.0.0.1:{port}/mcp");
    let mut client = Command::new("node")
        .current_dir(&dir)
        .arg("client.mjs")
        .args(["streamable", &upstream, "2025-06-18", "late"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the SDK client");
    let _guard = Reaper(Some(client.id()));
    let mut lines = BufReader::new(client.stdout.take().unwrap()).lines();
    let mut seen = String::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        seen.push_str(&line);
        seen.push('\n');
        if line.contains("\"connected\"") {
            break;
        }
    }
    assert!(
        seen.contains(r#"{"step":"protocol","value":"2025-06-18"}"#),
        "{seen}"
    );
    // Only now is the proxy started.
    let tmp = tempfile::tempdir().unwrap();
    let (proxy, report_path, har_path) = Proxy::recording(&upstream, tmp.path(), "", &[]);
    let mut stdin = client.stdin.take().unwrap();
    writeln!(stdin, "http://{}", proxy.addr).unwrap();
    for line in lines {
        seen.push_str(&line.unwrap());
        seen.push('\n');
    }
    assert!(client.wait().unwrap().success(), "{seen}");
    assert!(
        seen.ends_with("{\"step\":\"done\",\"value\":true}\n"),
        "{seen}"
    );
    assert_eq!(proxy.stop(), Some(0));
    let (live, summary) = report(&std::fs::read_to_string(&report_path).unwrap());
    assert_eq!(live, Vec::<Value>::new(), "{summary}");
    assert_eq!(summary["revisions"], serde_json::json!(["2025-06-18"]));
    assert!(summary["messages"].as_u64().unwrap() >= 12, "{summary}");
    let har = read_har(&har_path);
    assert!(
        !serde_json::to_string(&har)
            .unwrap()
            .contains("\"initialize\""),
        "the proxy saw the handshake"
    );
    let (checked, checked_summary) = report(&check(&har_path, &[]));
    assert_eq!(checked, Vec::<Value>::new());
    assert_eq!(checked_summary["revisions"], summary["revisions"]);
    assert_eq!(checked_summary["messages"], summary["messages"]);
}

/// Stops a child by its pid if the test ends early.
struct Reaper(Option<u32>);

impl Drop for Reaper {
    fn drop(&mut self) {
        if let Some(pid) = self
            .0
            .and_then(|p| rustix::process::Pid::from_raw(p as i32))
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// `mitmdump`: `MCPWIRE_MITMDUMP`, else the virtual environment
/// `.ci/setup/40-mitmproxy.sh` makes. `None` (after saying why) outside
/// CI when there is none.
fn mitmdump() -> Option<PathBuf> {
    let path = std::env::var_os("MCPWIRE_MITMDUMP").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/.venv-mitmproxy/bin/mitmdump"),
        PathBuf::from,
    );
    if path.is_file() {
        return Some(path);
    }
    let why = format!(
        "{} is missing: run .ci/setup/40-mitmproxy.sh",
        path.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED mitmproxy_har: {why}");
    None
}

/// A running `mitmdump` in reverse mode; stopped by its pid (SIGTERM, so
/// that it writes its HAR).
struct Mitm(Child);

impl Mitm {
    fn start(exe: &Path, upstream_port: u16, conf: &Path, har: &Path, script: bool) -> (Mitm, u16) {
        let port = support::everything::free_port();
        let mut cmd = Command::new(exe);
        cmd.args(["-q", "--listen-host", "127.0.0.1", "--listen-port"])
            .arg(port.to_string())
            .arg("--mode")
            .arg(format!("reverse:http://127.0.0.1:{upstream_port}"))
            .arg("--set")
            .arg(format!("confdir={}", conf.display()))
            .arg("--set")
            .arg(format!("hardump={}", har.display()));
        if script {
            cmd.arg("-s")
                .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/peers/mitm_stream_sse.py"));
        }
        let child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start mitmdump");
        let m = Mitm(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "mitmdump did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        (m, port)
    }

    fn stop(mut self) {
        if let Some(pid) = rustix::process::Pid::from_raw(self.0.id() as i32) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        while self.0.try_wait().ok().flatten().is_none() {
            assert!(Instant::now() < deadline, "mitmdump did not stop");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Mitm {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// mitmproxy's HAR of the same session: `check` gives the live proxy's
/// findings (rows keyed by their request, since the two captures are two
/// sessions), in auto mode and at a fixed `--spec`. mitmproxy buffers an
/// SSE body until it ends, so the HTTP+SSE transport (whose GET stream
/// stays open) needs `tests/peers/mitm_stream_sse.py`, which streams SSE
/// and keeps the bytes for the HAR; Streamable HTTP runs with plain
/// `mitmdump`.
fn mitm_equals_live(mode: &str, server_mode: &str, path: &str, script: bool) {
    let Some(dir) = real_peers::installed("http_har_peers") else {
        return;
    };
    let Some(exe) = mitmdump() else { return };
    let port = support::everything::free_port();
    let _server = support::everything::start(&dir, server_mode, port);
    let upstream = format!("http://127.0.0.1:{port}{path}");
    let tmp = tempfile::tempdir().unwrap();
    let har_path = tmp.path().join("mitm.har");
    let (mitm, mport) = Mitm::start(&exe, port, tmp.path(), &har_path, script);
    client(
        &dir,
        mode,
        &format!("http://127.0.0.1:{mport}{path}"),
        "2025-06-18",
    );
    mitm.stop();
    let har = read_har(&har_path);
    assert_eq!(har["log"]["creator"]["name"], "mitmproxy");
    let entries = har["log"]["entries"].as_array().unwrap();
    for args in [&[][..], &["--spec", "2026-07-28"][..]] {
        let (live, live_summary) = har_equals_live(&dir, mode, &upstream, path, "2025-06-18", args);
        let (checked, summary) = report(&check(&har_path, args));
        let got: Vec<Value> = checked
            .iter()
            .map(|r| {
                keyed(
                    &comparable(r),
                    identity(&entries[r["entry"].as_u64().unwrap() as usize]),
                )
            })
            .collect();
        assert_eq!(
            sorted(got),
            sorted(live),
            "{mode} {args:?}: mitmproxy's HAR gives other findings"
        );
        for k in ["messages", "valid", "revisions"] {
            assert_eq!(summary[k], live_summary[k], "{mode} {args:?}: {k}");
        }
    }
}

#[test]
fn mitmproxy_har_streamable_http_equals_live() {
    mitm_equals_live("streamable", "streamableHttp", "/mcp", false);
}

#[test]
fn mitmproxy_har_http_sse_equals_live() {
    mitm_equals_live("sse", "sse", "/sse", true);
}

//! HAR ≡ live on real peers: the reference server
//! `@modelcontextprotocol/server-everything`, and the python-sdk peer
//! (`tests/peers/python/server.py`), each over Streamable HTTP and over
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
//! peers (or the python-sdk, `.ci/setup/40-python-peers.sh`, or mitmproxy,
//! `.ci/setup/40-mitmproxy.sh`) a test says so and passes; under CI it
//! fails.

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
use support::har_compare::{
    check, checked_keyed, comparable, identity, keyed, read_har, report, sorted,
};

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

/// Starts a server under test on a loopback port (stopped when dropped).
type Start<'a> = &'a dyn Fn(u16) -> support::everything::Server;

/// One run of a transport: the revision the client proposes (`-`: the
/// SDK's latest), the revision negotiated, how many rows the session's
/// findings make and the rules they break (sorted, each once; the rows
/// themselves are compared HAR against live).
type Run<'a> = (&'a str, &'a str, usize, &'a [&'a str]);

/// The rules a report's rows break (their `keyword`), sorted, each once.
fn rules(rows: &[Value]) -> Vec<String> {
    let mut r: Vec<String> = rows
        .iter()
        .map(|row| row["keyword"].as_str().unwrap_or("?").to_owned())
        .collect();
    r.sort();
    r.dedup();
    r
}

/// Every run of one transport against the server `start` starts: the
/// `runs`, then a fixed `--spec 2026-07-28` (which the session breaks in
/// many ways: a comparison of at least `spec_rows` rows, not of two empty
/// lists).
fn transport(dir: &Path, mode: &str, path: &str, start: Start, runs: &[Run], spec_rows: usize) {
    let port = support::everything::free_port();
    let _server = start(port);
    let upstream = format!("http://127.0.0.1:{port}{path}");
    for &(revision, negotiated, count, expected) in runs {
        let (rows, summary) = har_equals_live(dir, mode, &upstream, path, revision, &[]);
        assert_eq!(rows.len(), count, "{mode} {revision}: {rows:?}");
        assert_eq!(rules(&rows), expected, "{mode} {revision}: {rows:?}");
        assert_eq!(
            summary["revisions"],
            serde_json::json!([negotiated]),
            "{summary}"
        );
    }
    let (rows, _) = har_equals_live(dir, mode, &upstream, path, "-", &["--spec", "2026-07-28"]);
    assert!(rows.len() >= spec_rows, "{mode}: {rows:?}");
}

/// server-everything: at 2025-11-25 its tools' 13 `inputSchema`s and one
/// `outputSchema` declare draft-07, each a `contract.dialect-not-2020-12`
/// warning (basic/index, 2025-11-25: "Implementors are RECOMMENDED to use
/// JSON Schema 2020-12."); at 2025-06-18, where no revision named a
/// dialect, clean.
fn everything(mode: &str, server_mode: &str, path: &str) {
    let Some(dir) = real_peers::installed("http_har_peers") else {
        return;
    };
    let start = |port| support::everything::start(&dir, server_mode, port);
    let runs: [Run; 2] = [
        ("-", LATEST, 14, &["contract.dialect-not-2020-12"]),
        ("2025-06-18", "2025-06-18", 0, &[]),
    ];
    transport(&dir, mode, path, &start, &runs, 10);
}

#[test]
fn streamable_http_har_equals_live() {
    everything("streamable", "streamableHttp", "/mcp");
}

#[test]
fn http_sse_har_equals_live() {
    everything("sse", "sse", "/sse");
}

/// The python-sdk peer (`tests/peers/python/server.py MODE PORT`, PyPI
/// `mcp` 2.3.0) driven by the same TypeScript SDK client (which calls the
/// peer's `add` where server-everything has `get-sum`).
fn python(mode: &str, server_mode: &str, path: &str, runs: &[Run], spec_rows: usize) {
    let Some(dir) = real_peers::installed("http_har_peers") else {
        return;
    };
    let Some((python, script)) = real_peers::python_sdk("http_har_peers") else {
        return;
    };
    let start = |port| support::everything::start_python(&python, &script, server_mode, port);
    transport(&dir, mode, path, &start, runs, spec_rows);
}

/// The python-sdk server over Streamable HTTP. It answers each of the
/// client's seven requests (`initialize`, `tools/list`, `tools/call`,
/// `resources/list`, `resources/read`, `prompts/list`, `ping`) with an SSE
/// stream whose first event carries the response, without an id: at
/// 2025-11-25, where basic/transports says "The server **SHOULD**
/// immediately send an SSE event consisting of an event ID and an empty
/// `data` field in order to prime the client to reconnect", seven
/// `http.sse-priming-event` warnings, the same from the HAR; at
/// 2025-06-18 (no such sentence) none. At both, the `add` result's
/// `structuredContent` (`{"result": 3}`) comes with the text `3`, not the
/// serialized JSON: one `contract.structured-content-text` warning
/// (server/tools, 2025-06-18 on: "a tool that returns structured content
/// SHOULD also return the serialized JSON in a TextContent block"). At `--spec 2026-07-28` some forty
/// rows, among them the missing `Mcp-Method` / `Mcp-Name` headers
/// (basic/transports/streamable-http: "These headers are **REQUIRED** for
/// compliance") and results without `resultType` (basic: "The `result`
/// **MUST** include a `resultType` field").
#[test]
fn python_sdk_streamable_http_har_equals_live() {
    python(
        "streamable",
        "http",
        "/mcp",
        &[
            (
                "-",
                LATEST,
                8,
                &["contract.structured-content-text", "http.sse-priming-event"],
            ),
            (
                "2025-06-18",
                "2025-06-18",
                1,
                &["contract.structured-content-text"],
            ),
        ],
        30,
    );
}

/// The python-sdk server over the 2024-11-05 HTTP+SSE transport (the
/// SDK's SSE app: the stream at `/sse`, messages POSTed to
/// `/messages/?session_id=…`), whose responses all arrive as events of
/// the one GET stream. At 2025-11-25 and at 2025-06-18 only the `add`
/// result's `contract.structured-content-text` warning (see above; the
/// priming sentence is Streamable HTTP's, not this transport's), so the
/// rows come from `--spec 2026-07-28`: about twenty, results without
/// `resultType` (basic: "The `result` **MUST** include a `resultType`
/// field") and list results without the caching fields (`cacheScope`,
/// `ttlMs`: required by the 2026-07-28 schema), each the HAR entry of the
/// GET stream, at the event that carried it.
#[test]
fn python_sdk_http_sse_har_equals_live() {
    python(
        "sse",
        "sse",
        "/sse",
        &[
            ("-", LATEST, 1, &["contract.structured-content-text"]),
            (
                "2025-06-18",
                "2025-06-18",
                1,
                &["contract.structured-content-text"],
            ),
        ],
        15,
    );
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
    for args in [&[][..], &["--spec", "2026-07-28"][..]] {
        let (live, live_summary) = har_equals_live(&dir, mode, &upstream, path, "2025-06-18", args);
        let (got, summary) = checked_keyed(&har_path, args);
        assert_eq!(
            got,
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

/// `http.mcp-param-header` on two real peers that implement it: the
/// python-sdk client (`tests/peers/python/client.py`) calls the python-sdk
/// server's `forecast` at 2026-07-28 through the proxy, three times; the
/// SDK mirrors `region` into `Mcp-Param-Region` (plain, and Base64 for
/// "Zürich" and " padded ", as "Value Encoding" says), the server checks
/// the header and serves each call, and mcpwire finds nothing, live or
/// from the HAR. Then the HAR with the second call's header taken off and
/// the third's changed: `check` finds the client's violation and the
/// server's (it served them: in the HAR it did) at exactly those entries.
#[test]
fn python_sdk_mirrored_tool_parameters_are_checked() {
    let Some((python, script)) = real_peers::python_sdk("http_har_peers") else {
        return;
    };
    let port = support::everything::free_port();
    let _server = support::everything::start_python(&python, &script, "http", port);
    let tmp = tempfile::tempdir().unwrap();
    let (proxy, report_path, har_path) =
        Proxy::recording(&format!("http://127.0.0.1:{port}/mcp"), tmp.path(), "", &[]);
    let out = Command::new(&python)
        .arg(script.with_file_name("client.py"))
        .arg(format!("http://{}/mcp", proxy.addr))
        .output()
        .unwrap();
    proxy.stop();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    // The python-sdk's `forecast` results carry `structuredContent`
    // without its serialized JSON in a text block: one SHOULD warning per
    // call (server/tools), live and from the HAR alike; nothing else.
    let (live, summary) = report(&std::fs::read_to_string(&report_path).unwrap());
    assert_eq!(
        rules(&live),
        ["contract.structured-content-text"],
        "{summary}"
    );
    assert_eq!(live.len(), 3, "{live:?}");
    assert_eq!(summary["revisions"], serde_json::json!(["2026-07-28"]));
    let (checked, _) = report(&check(&har_path, &[]));
    assert_eq!(rules(&checked), ["contract.structured-content-text"]);
    assert_eq!(checked.len(), 3, "{checked:?}");

    let mut har = read_har(&har_path);
    let mut calls = Vec::new();
    for (i, e) in har["log"]["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        let headers = e["request"]["headers"].as_array_mut().unwrap();
        if let Some(h) = headers.iter_mut().find(|h| {
            h["name"]
                .as_str()
                .unwrap()
                .eq_ignore_ascii_case("mcp-param-region")
        }) {
            calls.push((i, h["value"].as_str().unwrap().to_owned()));
            match calls.len() {
                2 => headers.retain(|h| {
                    !h["name"]
                        .as_str()
                        .unwrap()
                        .eq_ignore_ascii_case("mcp-param-region")
                }),
                3 => h["value"] = "elsewhere".into(),
                _ => {}
            }
        }
    }
    let values: Vec<&str> = calls.iter().map(|(_, v)| v.as_str()).collect();
    assert_eq!(
        values,
        [
            "us-west1",
            "=?base64?WsO8cmljaA==?=",
            "=?base64?IHBhZGRlZCA=?="
        ]
    );
    let broken = tmp.path().join("broken.har");
    std::fs::write(&broken, serde_json::to_vec(&har).unwrap()).unwrap();
    let (rows, _) = report(&check(&broken, &[]));
    let mut got: Vec<(u64, &str)> = rows
        .iter()
        .filter(|r| r["keyword"] != "contract.structured-content-text")
        .map(|r| (r["entry"].as_u64().unwrap(), r["keyword"].as_str().unwrap()))
        .collect();
    got.sort_unstable();
    let (second, third) = (calls[1].0 as u64, calls[2].0 as u64);
    assert_eq!(
        got,
        [
            (second, "http.header-mismatch-rejected"),
            (second, "http.mcp-param-header"),
            (third, "http.header-mismatch-rejected"),
            (third, "http.mcp-param-header"),
        ],
        "{rows:?}"
    );
}

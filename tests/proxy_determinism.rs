//! `mcpwire proxy` gives the same findings on every run, with every core
//! busy: one scripted Streamable HTTP session (tests/proxy_fake) whose SSE
//! streams race the client's POSTs, replayed 60 times under load.
//!
//! The session (auto mode, 2025-11-25 negotiated):
//!
//! 1. `initialize` (JSON answer, session id `S`); 2. `initialized` (202);
//! 3. the GET stream, held open; 4. `tools/call` 1, answered on an SSE
//!    stream held open (a progress notification first). When the server
//!    gets 4 it sends `roots/list` (`s1`) on the GET stream; the client
//!    answers it (5) once it has read it. When the server gets 5 it sends
//!    the `tools/call` result on stream 4 — while the client already posts
//!    `ping` 2 (6), whose JSON answer races the result and a `ping` `s2`
//!    plus an `{}` event on the GET stream; 7: a notification with a wrong
//!    `MCP-Protocol-Version`; then the GET stream closes.
//!
//! Each request is sent once the server has received the previous one, so
//! exchange numbers are the same every run; the streams' events and the
//! POSTs race freely. Every run must give exactly the scripted findings:
//! the `tools/call` result's missing `text`, the `{}` event, `s2` never
//! answered, the wrong header — and no `unknown_response` (the client's
//! answer to `s1` judged before `s1`), no finding judged at the fallback
//! revision (a message judged before the `initialize` result). Rows are
//! compared as a sorted list: causally unrelated messages (the racing
//! streams) may be written in either order.
#![cfg(all(feature = "proxy", feature = "v2025_11_25"))]

mod proxy_fake;
mod support;

use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use proxy_fake::{
    run::{client, HttpClient, Proxy},
    FakeServer, Piece, Received, Reply,
};
use serde_json::Value;
use support::tap::Load;

const RUNS: usize = 60;

fn script(r: &Received) -> Reply {
    let data = |json: &str| format!("data: {json}\n\n");
    match r.tag.as_str() {
        "init" => Reply::new(200).header("mcp-session-id", "S").json(
            r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"logging":{}},"serverInfo":{"name":"fake","version":"1"}}}"#,
        ),
        "initialized" | "late" => Reply::new(202),
        "get" => Reply::new(200)
            .header("content-type", "text/event-stream")
            .piece(Piece::Feed("get".into())),
        "call" => Reply::new(200)
            .header("content-type", "text/event-stream")
            .chunks(&[&data(
                r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1}}"#,
            )])
            .piece(Piece::Feed("call".into()))
            .push(
                "get",
                &data(r#"{"jsonrpc":"2.0","id":"s1","method":"roots/list"}"#),
            ),
        // The tool's result is missing its text: one violation.
        "roots" => Reply::new(202)
            .push(
                "call",
                &data(r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text"}]}}"#),
            )
            .close("call"),
        "ping" => Reply::new(200)
            .json(r#"{"jsonrpc":"2.0","id":2,"result":{}}"#)
            .push(
                "get",
                &[
                    data(r#"{"jsonrpc":"2.0","id":"s2","method":"ping"}"#),
                    data("{}"),
                    data(r#"{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}"#),
                ]
                .concat(),
            ),
        "close" => Reply::new(202).close("get"),
        other => Reply::new(500).chunks(&[&format!("no script for {other:?}")]),
    }
}

/// A response whose body is read as it arrives.
struct Open {
    body: Arc<Mutex<Vec<u8>>>,
    done: tokio::task::JoinHandle<()>,
}

impl Open {
    async fn wait_for(&self, needle: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if String::from_utf8_lossy(&self.body.lock().unwrap()).contains(needle) {
                return;
            }
            assert!(Instant::now() < deadline, "{needle:?} never arrived");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
}

async fn open(c: &HttpClient, base: SocketAddr, tag: &str, method: &str, body: &str) -> Open {
    let mut b = hyper::Request::builder()
        .method(method)
        .uri(format!("http://{base}/mcp"))
        .header("x-test", tag)
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json");
    if tag != "init" {
        b = b.header("mcp-session-id", "S");
        let version = if tag == "late" {
            "2025-06-18"
        } else {
            "2025-11-25"
        };
        b = b.header("mcp-protocol-version", version);
    }
    let req = b
        .body(Full::new(Bytes::copy_from_slice(body.as_bytes())))
        .unwrap();
    let c = c.clone();
    let buf = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&buf);
    let done = tokio::spawn(async move {
        let resp = c.request(req).await.expect("response head");
        let mut body = resp.into_body();
        while let Some(Ok(frame)) = body.frame().await {
            if let Some(d) = frame.data_ref() {
                sink.lock().unwrap().extend_from_slice(d);
            }
        }
    });
    Open { body: buf, done }
}

/// Waits until the server has received `n` requests.
async fn received(server: &FakeServer, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while server.received().len() < n {
        assert!(Instant::now() < deadline, "request {n} never arrived");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

async fn play(server: &FakeServer, base: SocketAddr) {
    let c = client();
    let init = open(
        &c,
        base,
        "init",
        "POST",
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"roots":{"listChanged":true}},"clientInfo":{"name":"test","version":"1"}}}"#,
    )
    .await;
    init.done.await.unwrap();
    let initialized = open(
        &c,
        base,
        "initialized",
        "POST",
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    )
    .await;
    initialized.done.await.unwrap();
    let get = open(&c, base, "get", "GET", "").await;
    received(server, 3).await;
    let call = open(
        &c,
        base,
        "call",
        "POST",
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{},"_meta":{"progressToken":"p1"}}}"#,
    )
    .await;
    get.wait_for("\"s1\"").await;
    let roots = open(
        &c,
        base,
        "roots",
        "POST",
        r#"{"jsonrpc":"2.0","id":"s1","result":{"roots":[]}}"#,
    )
    .await;
    received(server, 5).await;
    // Not waiting for the tool's result: it races this POST.
    let ping = open(
        &c,
        base,
        "ping",
        "POST",
        r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
    )
    .await;
    received(server, 6).await;
    let late = open(
        &c,
        base,
        "late",
        "POST",
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
    )
    .await;
    received(server, 7).await;
    get.wait_for("list_changed").await;
    let close = open(
        &c,
        base,
        "close",
        "POST",
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
    )
    .await;
    for o in [call, roots, ping, late, close, get] {
        tokio::time::timeout(Duration::from_secs(30), o.done)
            .await
            .expect("every response ends")
            .unwrap();
    }
}

/// One run: the findings rows (sorted) and the summary.
fn run_once(rt: &tokio::runtime::Runtime) -> (Vec<Value>, Value, String) {
    let server = FakeServer::start(script);
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.jsonl");
    let proxy = Proxy::start(
        &format!("http://{}/mcp", server.addr),
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    rt.block_on(play(&server, proxy.addr));
    proxy.stop();
    let text = std::fs::read_to_string(&report).unwrap();
    let mut rows: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .collect();
    let summary = rows.pop().expect("a summary row");
    assert!(summary.get("summary").is_some(), "{text}");
    rows.sort_by_key(|r| r.to_string());
    (rows, summary, text)
}

#[test]
fn same_findings_on_every_run_under_load() {
    let _load = Load::start();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut first: Option<(Vec<Value>, Value)> = None;
    for run in 0..RUNS {
        let (rows, summary, text) = run_once(&rt);
        match &first {
            None => {
                let mut keys: Vec<(u64, &str, &str)> = rows
                    .iter()
                    .map(|r| {
                        (
                            r["line"].as_u64().unwrap(),
                            r["keyword"].as_str().unwrap(),
                            r["pointer"].as_str().unwrap(),
                        )
                    })
                    .collect();
                keys.sort();
                assert_eq!(
                    keys,
                    [
                        // `{}`: neither `jsonrpc` nor `method`.
                        (3, "required", ""),
                        (3, "required", ""),
                        (3, "unanswered", "/id"),
                        // The tools/call stream opens without the
                        // 2025-11-25 priming event.
                        (4, "http.sse-priming-event", ""),
                        (4, "required", "/result/content/0"),
                        (7, "http.protocol-version-negotiated", ""),
                    ],
                    "run {run}:\n{text}"
                );
                for r in &rows {
                    assert_eq!(r["revision"], "2025-11-25", "run {run}: {r}");
                }
                // 7 POST bodies, 2 JSON answers, 6 SSE events with data.
                assert_eq!(summary["messages"], 15, "run {run}: {summary}");
                assert!(summary["dropped"].is_null(), "{summary}");
                first = Some((rows, summary));
            }
            Some((rows0, summary0)) => {
                assert_eq!(&rows, rows0, "run {run} differs:\n{text}");
                assert_eq!(&summary, summary0, "run {run} differs:\n{text}");
            }
        }
    }
}

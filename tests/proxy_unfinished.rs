//! Exchanges the proxy cannot finish the ordinary way still end, judged
//! and in the HAR, so `mcpwire check` of the capture gives the live
//! findings:
//! - the client leaves before the upstream's answer (the HTTP+SSE
//!   transport's client has its response from the GET stream and need
//!   not wait for the POST's `202`; the reference SDK client closes then);
//! - the proxy is stopped while the upstream is still silent.
//!
//! A fake upstream (tests/proxy_fake) holds the `202` back; the client's
//! POST is a raw TCP connection the test closes itself. Loopback only;
//! the proxy is stopped by its pid.

mod proxy_fake;

use std::{
    io::Write,
    net::{SocketAddr, TcpStream},
    process::Command,
    time::Duration,
};

use proxy_fake::{
    run::{client, findings, send, Proxy},
    FakeServer, Piece, Received, Reply,
};

const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#;
const INIT_RESULT: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2024-11-05","capabilities":{},"serverInfo":{"name":"fake","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// `hold_ms`: how long the upstream holds the initialize POST's `202`.
fn script(hold_ms: u64) -> impl Fn(&Received) -> Reply + Send + Sync + 'static {
    move |r| match r.tag.as_str() {
        "sse-open" => Reply::new(200)
            .header("content-type", "text/event-stream")
            .chunks(&["event: endpoint\ndata: /message?sessionId=L1\n\n"])
            .piece(Piece::Feed("legacy".into())),
        // The answer goes out on the GET stream at once; the 202 later.
        "init" => Reply::new(202)
            .chunks(&["Accepted"])
            .push(
                "legacy",
                &format!("event: message\ndata: {INIT_RESULT}\n\n"),
            )
            .after(hold_ms),
        "initialized" => Reply::new(202).chunks(&["Accepted"]).close("legacy"),
        other => Reply::new(500).chunks(&[&format!("no script for {other:?}")]),
    }
}

/// Sends the initialize POST on a connection of its own and returns the
/// connection open (dropping it is the client leaving).
fn post_init(proxy: SocketAddr) -> TcpStream {
    let mut c = TcpStream::connect(proxy).unwrap();
    write!(
        c,
        "POST /message?sessionId=L1 HTTP/1.1\r\nhost: {proxy}\r\nx-test: init\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{INIT}",
        INIT.len()
    )
    .unwrap();
    c
}

/// The findings of `mcpwire check` on the capture.
fn har_findings(har: &std::path::Path) -> Vec<(u64, String)> {
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["check", "--format", "json"])
        .arg(har)
        .output()
        .unwrap();
    findings(&String::from_utf8_lossy(&out.stdout))
}

struct Run {
    live: Vec<(u64, String)>,
    replayed: Vec<(u64, String)>,
    entries: Vec<serde_json::Value>,
    report: String,
}

/// Plays: GET /sse held open, the initialize POST (its connection closed
/// after `leave_ms` when `Some`), then — unless `stop_early` — the
/// initialized notification, which closes the stream; stops the proxy.
fn play(hold_ms: u64, leave_ms: Option<u64>, stop_early: bool) -> Run {
    let server = FakeServer::start(script(hold_ms));
    let dir = tempfile::tempdir().unwrap();
    let (proxy, report, har) =
        Proxy::recording(&format!("http://{}/sse", server.addr), dir.path(), "", &[]);
    let addr = proxy.addr;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let c = client();
    let stream = rt.spawn(async move {
        send(
            &c,
            addr,
            "GET",
            "/sse",
            &[("x-test", "sse-open"), ("accept", "text/event-stream")],
            b"",
        )
        .await
    });
    std::thread::sleep(Duration::from_millis(300));
    let post = post_init(addr);
    if let Some(ms) = leave_ms {
        std::thread::sleep(Duration::from_millis(ms));
        drop(post);
        // The upstream's 202 arrives at the proxy after the client left.
        std::thread::sleep(Duration::from_millis(hold_ms + 300));
    } else {
        std::thread::sleep(Duration::from_millis(300));
        std::mem::forget(post);
    }
    if !stop_early {
        let c = client();
        rt.block_on(async {
            let got = send(
                &c,
                addr,
                "POST",
                "/message?sessionId=L1",
                &[
                    ("x-test", "initialized"),
                    ("content-type", "application/json"),
                ],
                INITIALIZED.as_bytes(),
            )
            .await;
            assert_eq!(got.status, 202);
            let sse = stream.await.unwrap();
            assert!(
                String::from_utf8_lossy(&sse.body).contains(INIT_RESULT),
                "the answer went down the GET stream"
            );
        });
    }
    proxy.stop();
    let report = std::fs::read_to_string(&report).unwrap();
    let capture: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&har).unwrap()).expect("the HAR is whole");
    Run {
        live: findings(&report),
        replayed: har_findings(&har),
        entries: capture["log"]["entries"].as_array().unwrap().clone(),
        report,
    }
}

fn entry<'a>(run: &'a Run, method: &str, body: &str) -> &'a serde_json::Value {
    run.entries
        .iter()
        .find(|e| {
            e["request"]["method"] == method
                && e["request"]["postData"]["text"]
                    .as_str()
                    .unwrap_or("")
                    .contains(body)
        })
        .unwrap_or_else(|| panic!("no {method} {body} entry in the HAR: {:#?}", run.entries))
}

#[test]
fn a_client_leaving_before_the_202_loses_nothing() {
    let run = play(600, Some(150), false);
    assert_eq!(run.live, Vec::<(u64, String)>::new(), "{}", run.report);
    assert_eq!(run.replayed, run.live, "{}", run.report);
    // The abandoned POST is in the capture, with the upstream's answer.
    let init = entry(&run, "POST", "\"initialize\"");
    assert_eq!(init["response"]["status"], 202, "{init:#}");
    assert!(init["_mcpwireOrder"].is_array(), "{init:#}");
    assert_eq!(run.entries.len(), 3, "{:#?}", run.entries);
}

#[test]
fn stopping_while_the_upstream_is_silent_ends_the_exchange_as_cut_off() {
    let run = play(10_000, None, true);
    let init = entry(&run, "POST", "\"initialize\"");
    assert_eq!(
        init["_error"],
        "the proxy stopped before the exchange ended"
    );
    assert!(init["_mcpwireOrder"].is_array(), "{init:#}");
    // Judged live (a warning on the POST's exchange) and the same from
    // the HAR.
    assert!(
        run.live.iter().any(|f| f.0 == 2),
        "the cut-off exchange is reported: {}",
        run.report
    );
    assert_eq!(run.replayed, run.live, "{}", run.report);
}

//! `mcpwire::tokio::Tee` on `tokio::io::duplex`, without an SDK: bytes
//! pass unchanged both ways with bad input (non-UTF-8, a 100 MB line, a
//! last line without newline, a peer closing mid-line), each a finding;
//! backpressure is the wrapped pipe's (no buffer of the tee's own); short
//! writes are judged once; a judge that cannot keep up never stalls the
//! copy, and what it skipped is counted and fails the guard.
#![cfg(all(feature = "tokio", feature = "v2025_11_25"))]

use std::time::Duration;

use mcpwire::{
    input::Limits,
    live::{self, STDIO_NEWLINE_DELIMITED},
    testing::{Findings, Guard},
    tokio::{Side, Tee, TeeOptions},
    Direction, Mode, Options, Version,
};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn options(max_bytes: usize) -> TeeOptions {
    TeeOptions {
        live: live::Config {
            mode: Mode::Fixed(Version::V2025_11_25),
            options: Options {
                limits: Limits {
                    max_bytes,
                    ..Limits::default()
                },
                ..Options::default()
            },
            ..live::Config::default()
        },
        ..TeeOptions::default()
    }
}

fn line(v: serde_json::Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(&v).unwrap();
    bytes.push(b'\n');
    bytes
}

/// (direction, line, what) of every record: the input error, the rule id,
/// or the first violation's pointer.
fn summary(findings: &Findings) -> Vec<(Direction, u64, String)> {
    findings.settle();
    findings
        .records()
        .iter()
        .map(|r| {
            let what = if let Some(e) = &r.report.input_error {
                e.clone()
            } else if let Some(w) = r.report.warnings.first() {
                w.rule
                    .map_or_else(|| format!("{:?}", w.kind), |r| r.id.to_string())
            } else {
                r.report.violations[0].violation.instance.to_string()
            };
            (r.context.direction, r.context.line.unwrap(), what)
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gives_findings_and_the_bytes_pass_unchanged() {
    let (near, mut far) = tokio::io::duplex(64 * 1024);
    let (tee, findings) = Tee::new(near, Side::Client, options(1 << 20));
    let (mut tee_read, mut tee_write) = tokio::io::split(tee);

    // Client → server through the tee: a request, a non-UTF-8 line, a
    // 100 MB line (over the 1 MiB limit), a last message without newline.
    let mut sent = Vec::new();
    sent.extend(line(
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
    ));
    sent.extend(b"\xff\xfe not utf-8\n");
    let mut big = vec![b'a'; 100 << 20];
    big[0] = b'"';
    sent.extend(&big);
    sent.extend(b"\n");
    sent.extend(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
    let to_send = sent.clone();
    let writer = tokio::spawn(async move {
        for piece in to_send.chunks(1 << 20) {
            tee_write.write_all(piece).await.unwrap();
        }
        tee_write.shutdown().await.unwrap();
        tee_write
    });

    // Server → client: an answer, then the server closes mid-line.
    let mut answer = line(json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}));
    answer.extend(br#"{"jsonrpc":"2.0","id":2,"res"#);
    let answered = answer.clone();
    let mut received = Vec::new();
    let far_task = tokio::spawn(async move {
        // Answer only once the request has arrived, as a peer on a pipe
        // does: an answer written before its request could be judged first
        // (a race of the test, not of the tee).
        let mut buf = [0u8; 4096];
        while !received.contains(&b'\n') {
            let n = far.read(&mut buf).await.unwrap();
            assert!(n > 0, "the request never arrived");
            received.extend_from_slice(&buf[..n]);
        }
        far.write_all(&answered).await.unwrap();
        far.read_to_end(&mut received).await.unwrap(); // until the tee shuts down
        drop(far); // closes mid-line
        received
    });
    let mut read_back = Vec::new();
    tee_read.read_to_end(&mut read_back).await.unwrap();
    let received = far_task.await.unwrap();
    let _tee_write = writer.await.unwrap();

    assert!(received == sent, "client → server bytes changed");
    assert!(read_back == answer, "server → client bytes changed");
    let c2s = Direction::ClientToServer;
    let s2c = Direction::ServerToClient;
    assert_eq!(
        summary(&findings),
        [
            (c2s, 2, "invalid UTF-8 at byte 0".to_string()),
            (
                c2s,
                3,
                format!(
                    "message of {} bytes exceeds the limit of {} bytes",
                    100 << 20,
                    1 << 20
                )
            ),
            (c2s, 4, STDIO_NEWLINE_DELIMITED.id.to_string()),
            (
                s2c,
                2,
                "invalid JSON: EOF while parsing a string at line 1 column 28".to_string()
            ),
        ]
    );
    let text = Guard::new(&findings).verdict().unwrap_err();
    assert_eq!(text.matches(": unreadable: ").count(), 3, "{text}");
}

#[tokio::test]
async fn backpressure_is_the_pipes_and_short_writes_are_judged_once() {
    // A 64-byte pipe: every write is short or pending.
    let (near, mut far) = tokio::io::duplex(64);
    let (mut tee, findings) = Tee::new(near, Side::Server, options(1 << 20));
    let mut sent = Vec::new();
    for i in 0..500 {
        sent.extend(line(
            json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": format!("message {i}")}}),
        ));
    }
    // Nobody reads: the pipe takes 64 bytes, then the writer is held up
    // by the pipe — the tee buffers nothing of its own.
    let first = tee.write(&sent).await.unwrap();
    assert!(first <= 64, "{first}");
    let stalled = tokio::time::timeout(Duration::from_millis(200), tee.write(&sent[first..])).await;
    assert!(
        stalled.is_err(),
        "a write into a full 64-byte pipe finished"
    );
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
        got
    });
    // The pending write's bytes are offered again (and not judged twice).
    tee.write_all(&sent[first..]).await.unwrap();
    tee.shutdown().await.unwrap();
    drop(tee);
    assert!(reader.await.unwrap() == sent, "bytes changed");
    findings.settle();
    assert_eq!(findings.judged(), 500);
    assert!(findings.records().is_empty(), "{:?}", findings.records());
    Guard::new(&findings).assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_judge_that_falls_behind_never_stalls_the_copy() {
    let mut opts = options(1 << 20);
    opts.live.max_queued_messages = 1;
    let (near, mut far) = tokio::io::duplex(1 << 20);
    let (mut tee, findings) = Tee::new(near, Side::Client, opts);
    let mut sent = Vec::new();
    let n = 20_000;
    for i in 0..n {
        sent.extend(line(
            json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": i, "progress": i}}),
        ));
    }
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
        got
    });
    tee.write_all(&sent).await.unwrap();
    tee.shutdown().await.unwrap();
    assert!(reader.await.unwrap() == sent, "bytes changed");
    findings.settle();
    let (judged, unjudged) = (findings.judged(), findings.unjudged());
    assert_eq!(judged + unjudged, n, "every message judged or counted");
    if unjudged > 0 {
        let text = Guard::new(&findings).verdict().unwrap_err();
        assert!(
            text.contains(&format!("{unjudged} message(s) were not judged")),
            "{text}"
        );
    }
    let mut guard = Guard::new(&findings);
    guard.allow_unjudged();
    guard.assert_clean();
    drop(tee);
}

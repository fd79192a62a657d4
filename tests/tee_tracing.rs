//! Feature `tracing`: each finding of a tee is a `tracing` event (target
//! `mcpwire`), violations at `error` and warnings at `warn`, with the
//! finding's fields as structured fields. And a judge held up by a slow
//! subscriber never stalls the copy: what it could not judge is counted,
//! the bytes pass unchanged.
#![cfg(all(feature = "tokio", feature = "tracing", feature = "v2026_07_28"))]

use std::{
    io::Write,
    sync::{Mutex, MutexGuard, Once},
};

use mcpwire::{
    live,
    testing::Guard,
    tokio::{Side, Tee, TeeOptions},
    Mode, Version,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What the subscriber wrote, from every test of this file.
static WRITTEN: Mutex<Vec<u8>> = Mutex::new(Vec::new());
/// Held by a test, it holds up every event (and so the judge thread that
/// emits it).
static GATE: Mutex<()> = Mutex::new(());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A writer that waits at the gate, then appends to [`WRITTEN`].
struct Gated;

impl Write for Gated {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _pass = lock(&GATE);
        lock(&WRITTEN).extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The judge runs on its own thread: a global subscriber sees it.
fn subscribe() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        tracing::subscriber::set_global_default(
            tracing_subscriber::fmt()
                .with_ansi(false)
                .without_time()
                .with_writer(|| Gated)
                .finish(),
        )
        .unwrap();
    });
}

const BAD_PROGRESS: &[u8] = b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":1,\"progress\":\"half\"}}\n";

#[tokio::test]
async fn findings_are_tracing_events() {
    subscribe();
    let (near, mut far) = tokio::io::duplex(1 << 16);
    let (mut tee, findings) = Tee::server(near);
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
    });
    tee.write_all(BAD_PROGRESS).await.unwrap();
    tee.shutdown().await.unwrap();
    drop(tee);
    reader.await.unwrap();
    findings.settle();
    let text = String::from_utf8(lock(&WRITTEN).clone()).unwrap();
    assert!(text.contains("ERROR mcpwire:"), "{text}");
    assert!(text.contains("pointer=\"/params/progress\""), "{text}");
    assert!(text.contains("keyword=\"type\""), "{text}");
    assert!(text.contains("direction=\"s2c\""), "{text}");
}

// The gate is a std mutex held across the copy's awaits on purpose: only
// the judge thread's tracing writer waits for it, never a task.
#[allow(clippy::await_holding_lock)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_judge_held_up_never_stalls_the_copy_and_counts_what_it_skipped() {
    subscribe();
    const BUDGET: u64 = 4;
    const VALID: u64 = 2_000;
    let options = TeeOptions {
        live: live::Config {
            mode: Mode::Fixed(Version::V2026_07_28),
            max_queued_messages: BUDGET as usize,
            ..live::Config::default()
        },
        ..TeeOptions::default()
    };
    let (near, mut far) = tokio::io::duplex(1 << 16);
    let (mut tee, findings) = Tee::new(near, Side::Server, options);
    // The first line's violation is a tracing event, which waits at the
    // gate: the judge is stuck on it until the gate opens. (Taken after
    // the tee, so a failing assertion drops the gate before the tee, whose
    // drop waits for the judge.)
    let gate = lock(&GATE);
    let mut sent = BAD_PROGRESS.to_vec();
    for i in 0..VALID {
        sent.extend_from_slice(
            format!(
                "{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"info\",\"data\":{i}}}}}\n"
            )
            .as_bytes(),
        );
    }
    let reader = tokio::spawn(async move {
        let mut got = Vec::new();
        far.read_to_end(&mut got).await.unwrap();
        got
    });
    // The whole copy completes while the judge is held up.
    tee.write_all(&sent).await.unwrap();
    tee.shutdown().await.unwrap();
    assert!(reader.await.unwrap() == sent, "bytes changed");
    let skipped = findings.unjudged();
    // At most BUDGET messages were admitted (queued or being judged)
    // before the judge finished its first batch, which it cannot do yet.
    assert!(skipped >= VALID + 1 - BUDGET, "{skipped} not judged");
    drop(gate);
    findings.settle();
    assert_eq!(findings.judged() + findings.unjudged(), VALID + 1);
    assert_eq!(findings.unjudged(), skipped, "counted once, at submission");
    assert!((1..=BUDGET).contains(&findings.judged()));
    let violations = findings.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert_eq!(violations[0].context.line, Some(1));
    let text = Guard::new(&findings).verdict().unwrap_err();
    assert!(
        text.contains(&format!("{skipped} message(s) were not judged")),
        "{text}"
    );
    drop(tee);
}

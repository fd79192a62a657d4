//! `mcpwire::tokio::Tee` on a `tokio::io::duplex` pipe: the copy with and
//! without the tee, the tee until everything is judged, and the judge's
//! own work on one core, in one run.
//!
//! Traffic: a 2025-11-25 conversation of ~16 MiB, all of it valid and
//! without warnings (checked before measuring): `initialize` and its
//! result, `notifications/initialized`, then 5,600 `tools/call` requests
//! (client → server), then for each a progress notification and a text
//! result of 1–4 KiB (server → client) — the server streams its answers
//! once it has read the requests, so every response is judged after its
//! request. The client end is wrapped in the tee (one `Side::Client` tee
//! sees both directions: its writes and its reads); pieces of at most 64
//! KiB through a 1 MiB pipe. Functions (throughput in bytes, both
//! directions):
//!
//! - `direct`: the exchange without the tee;
//! - `tee`: through the tee — the copy's cost (the judge works on its own
//!   thread meanwhile, with the default budget);
//! - `tee_judged`: the same until the judge has judged every line
//!   (`Findings::settle`; a budget that holds all of it) — the pipeline's
//!   end-to-end rate;
//! - `session`: `Session::judge` on every line in this thread, no
//!   pipe, queue or thread — the judge's own rate on one core.
//!
//! Then a table: MB/s, messages/s, the ratios to `direct`, and the
//! messages judged / not judged in one `tee` run with the default budget
//! and with a 1,000-message budget (a judge that falls behind: the copy
//! never waits, the rest is counted).
//!
//! `cargo bench --no-default-features --features v2025_11_25,tokio --bench tee`

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use mcpwire::{
    live,
    testing::Findings,
    tokio::{Side, Tee, TeeOptions},
    Direction, Mode, Session, Version,
};
use serde_json::{json, Value};
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt},
    runtime::Runtime,
};

const TOTAL: usize = 16 << 20;
const PIECE: usize = 64 << 10;

/// The conversation, as the bytes each side writes in each phase.
struct Traffic {
    /// `initialize`.
    hello: Vec<u8>,
    /// Its result.
    welcome: Vec<u8>,
    /// `notifications/initialized` and the `tools/call` requests.
    requests: Vec<u8>,
    /// A progress notification and a result per request.
    answers: Vec<u8>,
    lines: usize,
}

impl Traffic {
    fn bytes(&self) -> usize {
        self.hello.len() + self.welcome.len() + self.requests.len() + self.answers.len()
    }

    /// Every line in causal order, with its direction.
    fn in_order(&self) -> impl Iterator<Item = (Direction, &[u8])> {
        let c2s = Direction::ClientToServer;
        let s2c = Direction::ServerToClient;
        [
            (c2s, &self.hello),
            (s2c, &self.welcome),
            (c2s, &self.requests),
            (s2c, &self.answers),
        ]
        .into_iter()
        .flat_map(|(d, bytes)| {
            bytes
                .split(|b| *b == b'\n')
                .filter(|l| !l.is_empty())
                .map(move |l| (d, l))
        })
    }
}

fn push(out: &mut Vec<u8>, msg: Value) {
    serde_json::to_writer(&mut *out, &msg).unwrap();
    out.push(b'\n');
}

fn traffic() -> Traffic {
    let mut t = Traffic {
        hello: Vec::new(),
        welcome: Vec::new(),
        requests: Vec::new(),
        answers: Vec::new(),
        lines: 3,
    };
    push(
        &mut t.hello,
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "bench", "version": "1.0.0"}}}),
    );
    push(
        &mut t.welcome,
        json!({"jsonrpc": "2.0", "id": 0, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "bench", "version": "1.0.0"}}}),
    );
    push(
        &mut t.requests,
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    );
    let mut id = 0u64;
    while t.bytes() < TOTAL {
        id += 1;
        let text = "lorem ipsum dolor sit amet ".repeat(40 + (id % 120) as usize);
        push(
            &mut t.requests,
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
                "name": "search", "arguments": {"query": format!("q{id}"), "limit": 10},
                "_meta": {"progressToken": id}}}),
        );
        push(
            &mut t.answers,
            json!({"jsonrpc": "2.0", "method": "notifications/progress",
                "params": {"progressToken": id, "progress": 0.5, "total": 1.0}}),
        );
        push(
            &mut t.answers,
            json!({"jsonrpc": "2.0", "id": id, "result": {
                "content": [{"type": "text", "text": text}], "isError": false}}),
        );
        t.lines += 3;
    }
    t
}

fn options(max_messages: usize) -> TeeOptions {
    TeeOptions {
        live: live::Config {
            mode: Mode::Fixed(Version::V2025_11_25),
            max_queued_messages: max_messages,
            ..live::Config::default()
        },
        ..TeeOptions::default()
    }
}

async fn write_pieces<W: AsyncWrite + Unpin>(w: &mut W, bytes: &[u8]) {
    for piece in bytes.chunks(PIECE) {
        w.write_all(piece).await.unwrap();
    }
}

async fn read_exactly<R: AsyncRead + Unpin>(r: &mut R, buf: &mut [u8], n: usize) {
    let mut got = 0;
    while got < n {
        let k = r.read(&mut buf[..PIECE.min(n - got)]).await.unwrap();
        assert!(k > 0, "early end of stream");
        got += k;
    }
}

/// The exchange between a client on `client` (possibly a tee) and a
/// server on `server`.
async fn exchange<C>(t: &Traffic, mut client: C, mut server: tokio::io::DuplexStream)
where
    C: AsyncRead + AsyncWrite + Unpin,
{
    let (hello, requests) = (t.hello.len(), t.requests.len());
    let (welcome, answers) = (t.welcome.clone(), t.answers.clone());
    let server = tokio::spawn(async move {
        let mut buf = vec![0u8; PIECE];
        read_exactly(&mut server, &mut buf, hello).await;
        server.write_all(&welcome).await.unwrap();
        read_exactly(&mut server, &mut buf, requests).await;
        write_pieces(&mut server, &answers).await;
        server.shutdown().await.unwrap();
        // Until the client closes.
        while server.read(&mut buf).await.unwrap() > 0 {}
    });
    let mut buf = vec![0u8; PIECE];
    client.write_all(&t.hello).await.unwrap();
    read_exactly(&mut client, &mut buf, t.welcome.len()).await;
    write_pieces(&mut client, &t.requests).await;
    read_exactly(&mut client, &mut buf, t.answers.len()).await;
    assert_eq!(client.read(&mut buf).await.unwrap(), 0);
    client.shutdown().await.unwrap();
    drop(client);
    server.await.unwrap();
}

async fn direct(t: &Traffic) {
    let (near, far) = tokio::io::duplex(1 << 20);
    exchange(t, near, far).await;
}

/// One exchange through a tee; returns its collector.
async fn through_tee(t: &Traffic, max_messages: usize) -> Findings {
    let (near, far) = tokio::io::duplex(1 << 20);
    let (tee, findings) = Tee::new(near, Side::Client, options(max_messages));
    exchange(t, tee, far).await;
    findings
}

/// The judge's own work on one core: `Session::judge` on every
/// line, in order. Returns the reports with a finding.
fn judge_alone(t: &Traffic) -> usize {
    let mut session = Session::new(Version::V2025_11_25);
    let mut found = 0;
    for (direction, line) in t.in_order() {
        let reports = session.judge(direction, line).reports;
        found += reports
            .iter()
            .filter(|r| !r.is_valid() || !r.warnings.is_empty())
            .count();
    }
    found
}

fn bench(c: &mut Criterion) {
    let t = traffic();
    let lines = t.lines;
    assert_eq!(judge_alone(&t), 0, "the traffic is valid, without warnings");
    let rt = Runtime::new().unwrap();
    let mut group = c.benchmark_group("tee");
    group.throughput(Throughput::Bytes(t.bytes() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("direct", |b| b.iter(|| rt.block_on(direct(&t))));
    group.bench_function("tee", |b| {
        b.iter(|| rt.block_on(through_tee(&t, 16_384)));
    });
    group.bench_function("tee_judged", |b| {
        b.iter(|| {
            let findings = rt.block_on(through_tee(&t, lines + 1));
            findings.settle();
            assert_eq!(findings.judged() as usize, lines);
        })
    });
    group.bench_function("session", |b| b.iter(|| judge_alone(&t)));
    group.finish();

    // A table of the same, timed once more as medians of 5 runs.
    let time = |f: &dyn Fn()| {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect();
        runs.sort();
        runs[2]
    };
    let direct = time(&|| rt.block_on(direct(&t)));
    let tee = time(&|| drop(rt.block_on(through_tee(&t, 16_384))));
    let judged = time(&|| rt.block_on(through_tee(&t, lines + 1)).settle());
    let session = time(&|| {
        judge_alone(&t);
    });
    let mb = t.bytes() as f64 / 1e6;
    println!("\ntee: {mb:.1} MB, {lines} messages (median of 5)");
    for (name, d) in [
        ("direct", direct),
        ("tee", tee),
        ("tee_judged", judged),
        ("session", session),
    ] {
        let s = d.as_secs_f64();
        println!(
            "  {name:<11} {:>8.1} MB/s {:>10.0} msg/s  time × {:.2} of direct",
            mb / s,
            lines as f64 / s,
            s / direct.as_secs_f64()
        );
    }
    for budget in [16_384, 1_000] {
        let findings = rt.block_on(through_tee(&t, budget));
        findings.settle();
        println!(
            "  budget {budget:>6} messages: {} judged, {} not judged (counted)",
            findings.judged(),
            findings.unjudged()
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

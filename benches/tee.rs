//! `mcpwire::tokio::Tee` on a `tokio::io::duplex` pipe: the copy with and
//! without the tee, and the tee until everything is judged, in one run.
//!
//! Traffic: 16 MiB of typical MCP 2025-11-25 lines — `tools/call`
//! requests, their text results (1–4 KiB), progress notifications — in
//! one direction, written in 64 KiB pieces through a 1 MiB pipe, read on
//! the other side. Functions (throughput in bytes):
//!
//! - `direct`: the pipe alone;
//! - `tee`: the writer wrapped in a tee — the copy's cost (the judge
//!   works on its own thread meanwhile);
//! - `tee_judged`: the same until the judge has judged every line
//!   (`Findings::settle`) — whether judging keeps up with the pipe.
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
    Mode, Version,
};
use serde_json::json;
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt},
    runtime::Runtime,
};

const TOTAL: usize = 16 << 20;

/// The traffic, and its number of lines.
fn traffic() -> (Vec<u8>, usize) {
    let mut out = Vec::with_capacity(TOTAL + (8 << 10));
    let mut lines = 0;
    let mut id = 0u64;
    while out.len() < TOTAL {
        id += 1;
        let text = "lorem ipsum dolor sit amet ".repeat(40 + (id % 120) as usize);
        for msg in [
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "search", "arguments": {"query": format!("q{id}"), "limit": 10}}}),
            json!({"jsonrpc": "2.0", "method": "notifications/progress",
                "params": {"progressToken": id, "progress": 0.5, "total": 1.0}}),
            json!({"jsonrpc": "2.0", "id": id, "result": {
                "content": [{"type": "text", "text": text}], "isError": false}}),
        ] {
            serde_json::to_writer(&mut out, &msg).unwrap();
            out.push(b'\n');
            lines += 1;
        }
    }
    (out, lines)
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

/// Copies `data` through `writer` into a reader on the pipe's other end.
async fn copy<W: AsyncWrite + Unpin>(
    data: &[u8],
    mut writer: W,
    mut far: impl AsyncRead + Unpin + Send + 'static,
) {
    let reader = tokio::spawn(async move {
        let mut buf = vec![0u8; 64 << 10];
        let mut n = 0usize;
        loop {
            match far.read(&mut buf).await {
                Ok(0) | Err(_) => break n,
                Ok(k) => n += k,
            }
        }
    });
    for piece in data.chunks(64 << 10) {
        writer.write_all(piece).await.unwrap();
    }
    writer.shutdown().await.unwrap();
    drop(writer);
    assert_eq!(reader.await.unwrap(), data.len());
}

/// One copy through a tee; returns its collector.
async fn through_tee(data: &[u8], max_messages: usize) -> Findings {
    let (near, far) = tokio::io::duplex(1 << 20);
    let (tee, findings) = Tee::new(near, Side::Client, options(max_messages));
    copy(data, tee, far).await;
    findings
}

fn bench(c: &mut Criterion) {
    let (data, lines) = traffic();
    let rt = Runtime::new().unwrap();
    let mut group = c.benchmark_group("tee");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("direct", |b| {
        b.iter(|| {
            rt.block_on(async {
                let (near, far) = tokio::io::duplex(1 << 20);
                copy(&data, near, far).await;
            })
        })
    });
    group.bench_function("tee", |b| {
        b.iter(|| rt.block_on(through_tee(&data, 16_384)));
    });
    group.bench_function("tee_judged", |b| {
        b.iter(|| {
            let findings = rt.block_on(through_tee(&data, 16_384));
            findings.settle();
            assert_eq!(findings.judged() as usize, lines);
        })
    });
    group.finish();

    // A table of the same, timed once more as medians of 5 runs.
    let time = |f: &dyn Fn()| {
        let mut t: Vec<Duration> = (0..5)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect();
        t.sort();
        t[2]
    };
    let direct = time(&|| {
        rt.block_on(async {
            let (near, far) = tokio::io::duplex(1 << 20);
            copy(&data, near, far).await;
        })
    });
    let tee = time(&|| drop(rt.block_on(through_tee(&data, 16_384))));
    let judged = time(&|| rt.block_on(through_tee(&data, 16_384)).settle());
    let mb = data.len() as f64 / 1e6;
    println!("\ntee: {mb:.1} MB, {lines} messages (median of 5)");
    for (name, t) in [("direct", direct), ("tee", tee), ("tee_judged", judged)] {
        let s = t.as_secs_f64();
        println!(
            "  {name:<11} {:>8.1} MB/s {:>10.0} msg/s  × {:.2} of direct",
            mb / s,
            lines as f64 / s,
            s / direct.as_secs_f64()
        );
    }
    for budget in [16_384, 1_000] {
        let findings = rt.block_on(through_tee(&data, budget));
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

//! Load generator for `mcpwire proxy` (run with `cargo bench --bench proxy`):
//! the proxy's costs as ratios against going direct, in one run, on
//! loopback, against the tests' scripted fake server.
//!
//! 1. **POST round trip**: 3,000 sequential `ping` POSTs on one keep-alive
//!    connection, direct and through the proxy: p50 / p99, and what the
//!    proxy adds.
//! 2. **SSE events validated per second**: one POST answered by an SSE
//!    stream of 50,000 small `notifications/message` events (within the
//!    proxy's 65,536-step queue, so every one is judged); the time from
//!    the request until the proxy has judged every event (its summary,
//!    after SIGTERM drains the queue), against the client reading the same
//!    stream direct. Then a burst of 200,000 (more than the queue holds):
//!    how fast the client gets it through the proxy (forwarding never
//!    waits for the judge) and how many steps went unjudged; and **the
//!    judge alone, one core**: the same events as HTTP steps through
//!    `mcpwire::live::Replay` (the judge thread's code: routing, HTTP
//!    rules, the session) on this thread, events judged per second.
//! 3. **1,000 idle SSE streams**: the proxy's RSS (`/proc/PID/status`
//!    VmRSS) before and with 1,000 concurrent GET streams held open.
//!
//! Not a criterion benchmark: these are end-to-end figures of a separate
//! process. `MCPWIRE_BENCH_QUICK=1` shrinks the counts for a smoke run.

#[path = "../tests/proxy_fake/mod.rs"]
mod proxy_fake;

use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};

use proxy_fake::{
    run::{client, send, Proxy},
    FakeServer, Piece, Received, Reply,
};

const PING: &str = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
const PONG: &str = r#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
const ACCEPT: (&str, &str) = ("accept", "application/json, text/event-stream");
const JSON: (&str, &str) = ("content-type", "application/json");

fn stream_body(events: usize) -> String {
    let mut s = String::with_capacity(events * 110);
    for i in 0..events {
        s.push_str(&format!(
            "data: {{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{{\"level\":\"info\",\"data\":\"event {i}\"}}}}\n\n"
        ));
    }
    s.push_str("data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n");
    s
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

async fn round_trips(base: SocketAddr, n: usize) -> Vec<Duration> {
    let c = client();
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let got = send(
            &c,
            base,
            "POST",
            "/mcp",
            &[("x-test", "ping"), ACCEPT, JSON],
            PING.as_bytes(),
        )
        .await;
        times.push(t.elapsed());
        assert_eq!(got.status, 200);
    }
    times.sort();
    times
}

fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// The judge's code on this thread over `steps` (`events` of them SSE
/// events).
fn judge_alone(steps: Vec<mcpwire::http::Step>, events: usize) {
    let n = steps.len();
    let mut judged = 0u64;
    let mut count = |_: &mcpwire::live::Judged<'_>| judged += 1;
    let t = Instant::now();
    let mut replay = mcpwire::live::Replay::new(mcpwire::live::Config::default());
    for step in steps {
        replay.step(step, &mut count);
    }
    replay.finish(&mut count);
    let alone = t.elapsed();
    println!("The judge alone (live::Replay, one thread): {n} steps");
    println!(
        "  {judged} messages judged in {:>8.1} ms ({:>9.0} events/s)",
        alone.as_secs_f64() * 1e3,
        events as f64 / alone.as_secs_f64()
    );
}

fn main() {
    // `MCPWIRE_BENCH_JUDGE_ONLY=N`: only the judge alone, over N events
    // (for `valgrind --tool=callgrind`: instructions per event).
    if let Some(n) = std::env::var("MCPWIRE_BENCH_JUDGE_ONLY")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    {
        judge_alone(judge_steps(&stream_body(n)), n);
        return;
    }
    let quick = std::env::var_os("MCPWIRE_BENCH_QUICK").is_some();
    let (posts, events, burst, idle) = if quick {
        (300, 20_000, 40_000, 100)
    } else {
        (3_000, 50_000, 200_000, 1_000)
    };
    let body = stream_body(events);
    let burst_body = stream_body(burst);
    let steps = judge_steps(&body);
    let server = FakeServer::start(move |r: &Received| match r.tag.as_str() {
        "ping" => Reply::new(200).json(PONG),
        "stream" => Reply::new(200).sse(&[&body]),
        "burst" => Reply::new(200).sse(&[&burst_body]),
        "idle" => Reply::new(200)
            .header("content-type", "text/event-stream")
            .chunks(&["id: 0\ndata:\n\n"])
            .piece(Piece::Feed("never".into())),
        _ => Reply::new(404),
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let upstream = format!("http://{}/mcp", server.addr);
    let dir = tempfile::tempdir().unwrap();

    // 1. Latency.
    let report = dir.path().join("latency.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    rt.block_on(round_trips(server.addr, 200)); // warm up both paths
    rt.block_on(round_trips(proxy.addr, 200));
    let direct = rt.block_on(round_trips(server.addr, posts));
    let via = rt.block_on(round_trips(proxy.addr, posts));
    proxy.stop();
    let (d50, d99, p50, p99) = (
        percentile(&direct, 0.5),
        percentile(&direct, 0.99),
        percentile(&via, 0.5),
        percentile(&via, 0.99),
    );
    println!("POST round trip ({posts} sequential, keep-alive)");
    println!(
        "  direct        p50 {:>8.1} µs  p99 {:>8.1} µs",
        d50.as_secs_f64() * 1e6,
        d99.as_secs_f64() * 1e6
    );
    println!(
        "  through proxy p50 {:>8.1} µs  p99 {:>8.1} µs",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6
    );
    println!(
        "  added         p50 {:>8.1} µs  p99 {:>8.1} µs   (ratio p50 {:.2}×, p99 {:.2}×)",
        (p50.as_secs_f64() - d50.as_secs_f64()) * 1e6,
        (p99.as_secs_f64() - d99.as_secs_f64()) * 1e6,
        p50.as_secs_f64() / d50.as_secs_f64(),
        p99.as_secs_f64() / d99.as_secs_f64()
    );

    // 2. SSE events judged per second.
    let c = client();
    let t = Instant::now();
    let got = rt.block_on(send(
        &c,
        server.addr,
        "POST",
        "/mcp",
        &[("x-test", "stream"), ACCEPT, JSON],
        PING.as_bytes(),
    ));
    let direct_read = t.elapsed();
    assert!(!got.broken);
    let report = dir.path().join("stream.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    let t = Instant::now();
    let got_via = rt.block_on(send(
        &c,
        proxy.addr,
        "POST",
        "/mcp",
        &[("x-test", "stream"), ACCEPT, JSON],
        PING.as_bytes(),
    ));
    let read_via = t.elapsed();
    assert_eq!(got_via.body, got.body);
    proxy.stop();
    let judged_at = t.elapsed();
    let text = std::fs::read_to_string(&report).unwrap();
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    let judged = summary["messages"].as_u64().unwrap_or(0);
    println!("SSE stream of {events} notifications (one POST)");
    println!(
        "  direct: client read it in        {:>8.1} ms ({:>9.0} events/s)",
        direct_read.as_secs_f64() * 1e3,
        events as f64 / direct_read.as_secs_f64()
    );
    println!(
        "  through proxy: client read it in {:>8.1} ms ({:>9.0} events/s)",
        read_via.as_secs_f64() * 1e3,
        events as f64 / read_via.as_secs_f64()
    );
    println!(
        "  all {judged} messages judged after {:>8.1} ms ({:>9.0} events validated/s; {:.2}× the direct read time; unjudged: {})",
        judged_at.as_secs_f64() * 1e3,
        judged as f64 / judged_at.as_secs_f64(),
        judged_at.as_secs_f64() / direct_read.as_secs_f64(),
        summary["dropped"].as_u64().unwrap_or(0)
    );

    // 2, the burst.
    let report = dir.path().join("burst.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    let headers = [("x-test", "burst"), ACCEPT, JSON];
    let t = Instant::now();
    let direct = rt.block_on(send(
        &c,
        server.addr,
        "POST",
        "/mcp",
        &headers,
        PING.as_bytes(),
    ));
    let burst_direct = t.elapsed();
    let t = Instant::now();
    let via = rt.block_on(send(
        &c,
        proxy.addr,
        "POST",
        "/mcp",
        &headers,
        PING.as_bytes(),
    ));
    let burst_via = t.elapsed();
    assert_eq!(via.body, direct.body);
    proxy.stop();
    let text = std::fs::read_to_string(&report).unwrap();
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    println!("SSE burst of {burst} notifications (more than the queue holds)");
    println!(
        "  client read it direct in {:>8.1} ms, through the proxy in {:>8.1} ms ({:.2}×); judged {}, unjudged {}",
        burst_direct.as_secs_f64() * 1e3,
        burst_via.as_secs_f64() * 1e3,
        burst_via.as_secs_f64() / burst_direct.as_secs_f64(),
        summary["messages"].as_u64().unwrap_or(0),
        summary["dropped"].as_u64().unwrap_or(0)
    );

    // 2b. The judge alone.
    judge_alone(steps, events);

    // 3. Idle streams.
    let report = dir.path().join("idle.jsonl");
    let proxy = Proxy::start(
        &upstream,
        &["--format", "json", "--report", report.to_str().unwrap()],
    );
    let pid = proxy_pid(&proxy);
    rt.block_on(round_trips(proxy.addr, 10));
    let before = rss_kib(pid);
    let addr = proxy.addr;
    let handles: Vec<_> = (0..idle)
        .map(|_| {
            rt.spawn(async move {
                let c = client();
                let req = hyper::Request::builder()
                    .method("GET")
                    .uri(format!("http://{addr}/mcp"))
                    .header("x-test", "idle")
                    .header("accept", "text/event-stream")
                    .body(http_body_util::Full::new(bytes::Bytes::new()))
                    .unwrap();
                let resp = c.request(req).await.unwrap();
                tokio::time::sleep(Duration::from_secs(3600)).await;
                drop(resp);
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(if quick { 2 } else { 5 }));
    let with = rss_kib(pid);
    println!("{idle} idle SSE streams held open through the proxy");
    println!(
        "  proxy RSS {before} KiB idle → {with} KiB with the streams ({:.1} KiB per stream)",
        (with.saturating_sub(before)) as f64 / idle as f64
    );
    for h in handles {
        h.abort();
    }
    proxy.stop();
}

fn proxy_pid(p: &Proxy) -> u32 {
    p.pid()
}

/// A POST answered by `body` as an SSE stream, as the proxy's steps.
fn judge_steps(body: &str) -> Vec<mcpwire::http::Step> {
    use mcpwire::http::{sse, Body, End, Headers, RequestHead, ResponseHead, Step};
    let headers = |h: &[(&str, &str)]| {
        Headers(
            h.iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
        )
    };
    let mut steps = vec![
        Step::Request {
            exchange: 1,
            head: RequestHead {
                method: "POST".into(),
                target: "/mcp".into(),
                headers: headers(&[ACCEPT, JSON]),
            },
            body: Body::new(PING.as_bytes().to_vec()),
        },
        Step::Response {
            exchange: 1,
            head: ResponseHead {
                status: 200,
                headers: headers(&[("content-type", "text/event-stream")]),
            },
        },
    ];
    let mut parser = sse::Parser::new(1 << 20);
    parser.feed(body.as_bytes(), |event| {
        steps.push(Step::Event { exchange: 1, event })
    });
    steps.push(Step::End {
        exchange: 1,
        end: End::Complete,
    });
    steps
}

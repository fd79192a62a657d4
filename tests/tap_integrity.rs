//! `mcpwire tap` under load: 10,000 messages both ways (some invalid, some
//! 10 MB, writes split at random points, both directions at once) arrive
//! byte for byte and in order; the tap's memory stays bounded, also when
//! the client stops reading; the tap ends with its server.
//!
//! Helpers (the fake server, `tap_pieces`, peak RSS via `wait4`) live in
//! `tests/support/tap.rs`, shared with `tests/tap.rs`.
#![cfg(all(feature = "v2025_11_25", feature = "cli"))]

mod support;

use std::{
    io::Read,
    process::{Child, Command, ExitStatus, Stdio},
    thread,
    time::{Duration, Instant},
};

use serde_json::{json, Value};
use support::{
    prng::Rng,
    tap::{
        fake_server, init_result, initialize, initialized, line, sha256, tap_pieces,
        wait_with_peak, Peak,
    },
};

const TEN_MB: usize = 10 << 20;

/// One side's lines: `count` messages after the handshake line(s); every
/// 50th is invalid in one of five ways; `big` of them are 10 MB.
fn traffic(rng: &mut Rng, client: bool, count: usize, big: &[usize]) -> (Vec<u8>, usize) {
    let mut out = if client {
        [initialize(), initialized()].concat()
    } else {
        init_result()
    };
    let mut invalid = 0;
    let start = if client { 2 } else { 1 };
    for i in start..count {
        let id = i as u64;
        let text = if big.contains(&i) {
            "x".repeat(TEN_MB)
        } else {
            "y".repeat(rng.below(200))
        };
        let msg = if i % 50 == 25 {
            invalid += 1;
            match (i / 50) % 5 {
                0 => b"not json at all\n".to_vec(),
                1 => b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\xfe\"}\n".to_vec(),
                2 => b"{\"jsonrpc\": \"2.0\", \"id\": \n".to_vec(),
                3 => line(json!({"jsonrpc": "2.0", "method": "notifications/progress",
                    "params": {"progressToken": id, "progress": "half"}})),
                _ => line(json!({"jsonrpc": "1.0", "id": id, "method": "ping"})),
            }
        } else if client {
            line(json!({"jsonrpc": "2.0", "method": "notifications/progress",
                "params": {"progressToken": format!("c{id}"), "progress": id, "message": text}}))
        } else {
            line(json!({"jsonrpc": "2.0", "method": "notifications/message",
                "params": {"level": "info", "data": text}}))
        };
        out.extend(msg);
    }
    (out, invalid)
}

/// Random piece sizes covering `len` bytes: mostly small, some large.
fn pieces(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut total = 0;
    while total < len {
        let n = if rng.chance(1, 20) {
            1 + rng.below(1 << 20)
        } else {
            1 + rng.below(9000)
        };
        out.push(n);
        total += n;
    }
    out
}

#[test]
fn ten_thousand_messages_byte_for_byte_in_bounded_memory() {
    let started = Instant::now();
    let mut rng = Rng::new(0x7a9_1e57);
    let (input, client_invalid) = traffic(&mut rng, true, 5000, &[1000, 3000]);
    let (script, server_invalid) = traffic(&mut rng, false, 5000, &[2000, 4000]);
    let client_pieces = pieces(&mut rng, input.len());
    let t = tap_pieces(
        &[
            "--format",
            "json",
            "--spec",
            "2025-11-25",
            "--queue-bytes",
            "16MiB",
        ],
        &input,
        &script,
        &["--chunk", "9000", "--seed", "12345"],
        &client_pieces,
    );
    assert_eq!(t.code, Some(0), "{}", t.report.lines().last().unwrap_or(""));
    assert_eq!(t.received.len(), input.len());
    assert_eq!(sha256(&t.received), sha256(&input), "client → server");
    assert_eq!(t.stdout.len(), script.len());
    assert_eq!(sha256(&t.stdout), sha256(&script), "server → client");
    let summary: Value = serde_json::from_str(t.report.lines().last().unwrap()).unwrap();
    let (messages, dropped) = (
        summary["messages"].as_u64().unwrap(),
        summary["dropped"].as_u64().unwrap(),
    );
    assert_eq!(messages + dropped, 10_000, "{summary}");
    let invalid = (client_invalid + server_invalid) as u64;
    if dropped == 0 {
        assert_eq!(summary["violations"], invalid, "{summary}");
    } else {
        assert!(
            summary["violations"].as_u64().unwrap() <= invalid,
            "{summary}"
        );
    }
    // Bounded: the validation queue (16 MiB), one partial 10 MB line per
    // direction, one 10 MB line being judged (its bytes and its Value),
    // and the process itself.
    let peak_mib = t.peak_rss_kib / 1024;
    eprintln!(
        "tap: {} bytes c2s, {} bytes s2c, {messages} judged, {dropped} dropped, peak RSS {peak_mib} MiB, {:.1} s",
        input.len(),
        script.len(),
        started.elapsed().as_secs_f64()
    );
    #[cfg(target_os = "linux")]
    assert!(peak_mib < 128, "tap peak RSS {peak_mib} MiB");
}

/// Starts `tap -- fake-server ARGS` with piped stdio; returns it, the
/// server's pid (from its pid file) and a watch on the tap's memory.
// The child is returned to the caller, which waits for it.
#[allow(clippy::zombie_processes)]
fn start(args: &[&str], server: &[&str], dir: &std::path::Path) -> (Child, i32, Peak) {
    let pid_file = dir.join("pid");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("tap")
        .arg("--report")
        .arg(dir.join("report.txt"))
        .args(args)
        .arg("--")
        .arg(fake_server())
        .arg("--pid-file")
        .arg(&pid_file)
        .args(server)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let peak = Peak::watch(child.id());
    let started = Instant::now();
    loop {
        if let Some(pid) = std::fs::read_to_string(&pid_file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            return (child, pid, peak);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("server never started");
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// Waits at most `limit` for `child`.
fn wait_for(child: &mut Child, limit: Duration) -> ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("tap still running {limit:?} after its server ended");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn killing_the_server_ends_the_tap_with_its_status() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().unwrap();
    // The client keeps its end open: the tap must not wait for it.
    let (mut tap, server, _) = start(&[], &["--hang"], dir.path());
    let stdin = tap.stdin.take();
    support::tap::signal(server, rustix::process::Signal::KILL);
    let status = wait_for(&mut tap, Duration::from_secs(30));
    assert_eq!(
        status.signal(),
        Some(rustix::process::Signal::KILL.as_raw()),
        "{status:?}"
    );
    drop(stdin);

    // A server that exits on its own, the client still connected: the
    // tap exits with its code once the client has all its output.
    let script = dir.path().join("script");
    std::fs::write(
        &script,
        [
            init_result(),
            line(json!({"jsonrpc": "2.0", "method": "ping"})),
        ]
        .concat(),
    )
    .unwrap();
    let script_arg = script.to_str().unwrap();
    let (mut tap, _, _) = start(
        &[],
        &["--script", script_arg, "--no-wait", "--exit", "7"],
        dir.path(),
    );
    let stdin = tap.stdin.take();
    let mut out = Vec::new();
    tap.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    let status = wait_for(&mut tap, Duration::from_secs(30));
    assert_eq!(status.code(), Some(7));
    assert_eq!(out, std::fs::read(&script).unwrap());
    drop(stdin);
}

#[test]
fn a_stalled_client_does_not_make_the_tap_buffer() {
    // 64 MB from the server while the client reads nothing for two
    // seconds, then drains slowly: forwarding blocks on the pipe, so the
    // tap holds at most a chunk per direction plus the validation queue
    // (4 MiB here), never the server's backlog.
    let mut script = Vec::new();
    let mut i = 0u64;
    while script.len() < 64 << 20 {
        script.extend(line(
            json!({"jsonrpc": "2.0", "method": "notifications/message",
            "params": {"level": "info", "data": format!("{i:016}").repeat(1000)}}),
        ));
        i += 1;
    }
    let dir = tempfile::tempdir().unwrap();
    let script_path = dir.path().join("script");
    std::fs::write(&script_path, &script).unwrap();
    let (mut tap, _, peak) = start(
        &["--format", "json", "--queue-bytes", "4MiB"],
        &[
            "--script",
            script_path.to_str().unwrap(),
            "--chunk",
            "65536",
        ],
        dir.path(),
    );
    let mut stdin = tap.stdin.take();
    thread::sleep(Duration::from_secs(2));
    let mut stdout = tap.stdout.take().unwrap();
    let mut got = Vec::with_capacity(script.len());
    let mut buf = vec![0u8; 64 << 10];
    let mut reads = 0u64;
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        reads += 1;
        if reads.is_multiple_of(16) {
            thread::sleep(Duration::from_millis(1));
        }
        if got.len() == script.len() {
            // Let the server see the end of its input and exit.
            drop(stdin.take());
            break;
        }
    }
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    got.extend(rest);
    let (status, peak_kib) = wait_with_peak(&mut tap, peak);
    assert!(status.success(), "{status:?}");
    assert_eq!(sha256(&got), sha256(&script));
    let peak_mib = peak_kib / 1024;
    eprintln!("tap with a stalled client: 64 MB forwarded, peak RSS {peak_mib} MiB");
    #[cfg(target_os = "linux")]
    assert!(peak_mib < 48, "the tap buffered: peak RSS {peak_mib} MiB");
}

#[test]
fn message_limits_apply_to_validation_never_to_forwarding() {
    let long = line(json!({"jsonrpc": "2.0", "method": "notifications/message",
        "params": {"level": "info", "data": "z".repeat(5000)}}));
    let deep = format!(
        "{{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{{\"a\":{}}}}}\n",
        "[".repeat(20) + &"]".repeat(20)
    );
    let input = [
        initialize(),
        long.clone(),
        deep.clone().into_bytes(),
        initialized(),
    ]
    .concat();
    let script = [init_result(), long.clone()].concat();
    let t = tap_pieces(
        &[
            "--format",
            "json",
            "--spec",
            "2025-11-25",
            "--max-message-bytes",
            "1KiB",
            "--max-depth",
            "16",
        ],
        &input,
        &script,
        &["--after-lines", "4"],
        &[100; 1000],
    );
    assert_eq!(t.code, Some(0));
    assert_eq!(t.received, input);
    assert_eq!(t.stdout, script);
    let mut found: Vec<(String, u64, String)> = t
        .report
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|r| r["keyword"] == "input")
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_string(),
                r["line"].as_u64().unwrap(),
                r["message"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    found.sort();
    let too_large = format!(
        "message of {} bytes exceeds the limit of 1024 bytes",
        long.len() - 1
    );
    assert_eq!(
        found,
        [
            ("<client>".to_string(), 2, too_large.clone()),
            (
                "<client>".to_string(),
                3,
                "nesting deeper than the limit of 16 levels".to_string()
            ),
            ("<server>".to_string(), 2, too_large),
        ],
        "{}",
        t.report
    );
}

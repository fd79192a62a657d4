//! Driving `mcpwire tap` against the scripted fake server
//! (`tests/fake_server`, the workspace member `mcpwire-fake-server`, built
//! on first use): shared by `tests/tap.rs` and `tests/tap_integrity.rs`.

use std::{
    io::{Read, Write},
    path::{Path, PathBuf},
    process::{Child, Command, ExitStatus, Stdio},
    sync::OnceLock,
    thread,
    time::Duration,
};

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The fake server's binary, built once with this test's profile.
pub fn fake_server() -> &'static Path {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let exe = std::env::current_exe().unwrap();
        let profile_dir = exe.parent().and_then(Path::parent).unwrap();
        let target = profile_dir.parent().unwrap();
        let profile = profile_dir.file_name().unwrap().to_str().unwrap();
        let path = profile_dir.join(format!(
            "mcpwire-fake-server{}",
            std::env::consts::EXE_SUFFIX
        ));
        let mut build = Command::new(env!("CARGO"));
        build
            .args([
                "build",
                "--quiet",
                "-p",
                "mcpwire-fake-server",
                "--target-dir",
            ])
            .arg(target);
        if profile != "debug" {
            build.args(["--profile", profile]);
        }
        let status = build.status().unwrap();
        assert!(status.success(), "building the fake server failed");
        assert!(path.exists(), "{} missing", path.display());
        path
    })
}

/// Hex sha256.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// One JSON text and a newline.
pub fn line(v: Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(&v).unwrap();
    bytes.push(b'\n');
    bytes
}

/// A 2025-11-25 `initialize` request (id 0).
pub fn initialize() -> Vec<u8> {
    line(
        json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "tap-test", "version": "1.0.0"}}}),
    )
}

/// `notifications/initialized`.
pub fn initialized() -> Vec<u8> {
    line(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
}

/// The `initialize` result (id 0).
pub fn init_result() -> Vec<u8> {
    line(json!({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
        "serverInfo": {"name": "fake", "version": "0.0.1"}}}))
}

/// What a tap run left behind.
pub struct Tapped {
    /// The tap's exit code (`None` when killed by a signal).
    pub code: Option<i32>,
    /// The tap's full exit status.
    pub status: ExitStatus,
    /// What the client received (the tap's standard output).
    pub stdout: Vec<u8>,
    /// The `--report` file.
    pub report: String,
    /// What the server received (its `--record` file).
    pub received: Vec<u8>,
    /// The tap's peak resident set size in KiB ([`Peak`]; 0 off Linux).
    pub peak_rss_kib: u64,
}

/// Runs `mcpwire tap ARGS -- fake-server ...`, writing `input` to its
/// standard input in pieces of `piece` bytes.
pub fn tap(args: &[&str], input: &[u8], script: &[u8], server: &[&str], piece: usize) -> Tapped {
    let piece = piece.max(1);
    let pieces = vec![piece; input.len().div_ceil(piece)];
    tap_pieces(args, input, script, server, &pieces)
}

/// Like [`tap`], with the sizes of the pieces given (the last one may be
/// cut short; the rest of `input`, if any, goes in one piece).
pub fn tap_pieces(
    args: &[&str],
    input: &[u8],
    script: &[u8],
    server: &[&str],
    pieces: &[usize],
) -> Tapped {
    let dir = tempfile::tempdir().unwrap();
    let script_path = dir.path().join("script.bin");
    let received = dir.path().join("received.bin");
    let report = dir.path().join("report.txt");
    std::fs::write(&script_path, script).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .arg("tap")
        .arg("--report")
        .arg(&report)
        .args(args)
        .arg("--")
        .arg(fake_server())
        .arg("--record")
        .arg(&received)
        .arg("--script")
        .arg(&script_path)
        .args(server)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .env("SOURCE_DATE_EPOCH", "1767225600")
        .spawn()
        .unwrap();
    let peak = Peak::watch(child.id());
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let pieces = pieces.to_vec();
    let writer = thread::spawn(move || {
        let mut at = 0;
        for (i, &n) in pieces.iter().enumerate() {
            if at >= input.len() {
                break;
            }
            let end = (at + n.max(1)).min(input.len());
            stdin.write_all(&input[at..end]).unwrap();
            stdin.flush().unwrap();
            at = end;
            if i.is_multiple_of(64) {
                thread::sleep(Duration::from_millis(1));
            }
        }
        stdin.write_all(&input[at..]).unwrap();
    });
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    writer.join().unwrap();
    let (status, peak_rss_kib) = wait_with_peak(&mut child, peak);
    Tapped {
        code: status.code(),
        status,
        stdout,
        report: std::fs::read_to_string(&report).unwrap_or_default(),
        received: std::fs::read(&received).unwrap_or_default(),
        peak_rss_kib,
    }
}

/// Watches a process's peak resident set size: `VmHWM` from
/// `/proc/<pid>/status`, read every 10 ms from [`Peak::watch`] until the
/// process ends (Linux; 0 elsewhere). The high-water mark only grows, so
/// the last reading is the peak up to 10 ms before exit. (Not `wait4`'s
/// `ru_maxrss`: that also counts the forked copy of this test process
/// before `exec`, and the children the process reaped.)
pub struct Peak(thread::JoinHandle<u64>);

impl Peak {
    /// Starts watching `pid` (call right after spawning it).
    pub fn watch(pid: u32) -> Peak {
        Peak(thread::spawn(move || {
            let mut peak = 0;
            // A zombie has no VmHWM line; a reaped process no file.
            while let Some(kib) = vm_hwm_kib(pid) {
                peak = peak.max(kib);
                thread::sleep(Duration::from_millis(10));
            }
            peak
        }))
    }

    /// The peak in KiB, once the process has ended.
    pub fn kib(self) -> u64 {
        self.0.join().unwrap()
    }
}

/// Waits for `child`, watched by `peak`; returns its status and peak RSS
/// in KiB.
pub fn wait_with_peak(child: &mut Child, peak: Peak) -> (ExitStatus, u64) {
    let status = child.wait().unwrap();
    (status, peak.kib())
}

/// `VmHWM` of process `pid`, in KiB, while it runs (Linux).
pub fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

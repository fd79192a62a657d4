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
    /// The tap's peak resident set size in KiB (Linux; 0 elsewhere).
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
            if i % 64 == 0 {
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
    let (status, peak_rss_kib) = wait_with_peak(&mut child);
    Tapped {
        code: status.code(),
        status,
        stdout,
        report: std::fs::read_to_string(&report).unwrap_or_default(),
        received: std::fs::read(&received).unwrap_or_default(),
        peak_rss_kib,
    }
}

/// Waits for `child`; returns its status and peak resident set size in
/// KiB (`wait4`'s `ru_maxrss`; 0 where unavailable).
pub fn wait_with_peak(child: &mut Child) -> (ExitStatus, u64) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::ExitStatusExt;
        let pid = i32::try_from(child.id()).unwrap();
        let mut status = 0;
        // SAFETY: an all-zero rusage is valid; wait4 fills it.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: waiting for a child this process started, with valid
            // out-pointers.
            let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if r == pid {
                break;
            }
            let err = std::io::Error::last_os_error();
            assert_eq!(err.kind(), std::io::ErrorKind::Interrupted, "wait4: {err}");
        }
        (
            ExitStatus::from_raw(status),
            u64::try_from(usage.ru_maxrss).unwrap_or(0),
        )
    }
    #[cfg(not(target_os = "linux"))]
    {
        (child.wait().unwrap(), 0)
    }
}

//! A scripted stand-in for a stdio MCP server, for `mcpwire tap`'s tests
//! (`tests/tap.rs` builds it with `cargo build -p mcpwire-fake-server`).
//! Standard library only, but for serde_json in the `--mcp` server.
//!
//! ```text
//! mcpwire-fake-server [--record FILE] [--script FILE] [--after-lines N]
//!                     [--chunk BYTES] [--seed N] [--exit CODE] [--no-wait]
//!                     [--pid-file FILE] [--hang] [--converse FILE]
//! ```
//!
//! - `--record FILE`: every byte read from standard input is written to FILE;
//! - `--script FILE`: FILE's bytes are written to standard output in chunks
//!   of `--chunk` bytes (default 4096), each flushed, with short pauses, so
//!   lines reach the reader in pieces; with `--seed`, each chunk's size is
//!   drawn at random from 1..=BYTES (xorshift seeded with N), so writes
//!   split lines at arbitrary points;
//! - `--after-lines N`: the script starts once N lines have been read;
//! - then the server waits for the end of standard input and exits with
//!   `--exit` (default 0); `--no-wait` makes it exit right after the
//!   script, with standard input still open; `--hang` makes it wait until
//!   it is killed instead; `--pid-file` receives its process id at start;
//! - `--converse FILE`: a dialogue instead of a script: each line of FILE
//!   is written (with its newline, flushed) in turn, except a line
//!   `#wait N`, which waits until N lines have been read in all — so the
//!   server answers a request only after receiving it, as a real one does;
//! - `--mcp FLAWS`: an answering MCP server with planted defects instead
//!   (`mcp.rs` lists them), for `mcpwire probe`'s tests.

mod mcp;

use std::{
    env,
    fs::{self, File},
    io::{self, Read, Write},
    process::ExitCode,
    sync::mpsc,
    thread,
    time::Duration,
};

#[derive(Default)]
struct Options {
    record: Option<String>,
    script: Option<String>,
    after_lines: usize,
    chunk: usize,
    seed: Option<u64>,
    exit: u8,
    pid_file: Option<String>,
    hang: bool,
    no_wait: bool,
    converse: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        chunk: 4096,
        ..Options::default()
    };
    let mut args = env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--record" => o.record = Some(value()?),
            "--script" => o.script = Some(value()?),
            "--after-lines" => o.after_lines = value()?.parse().map_err(|e| format!("{e}"))?,
            "--chunk" => o.chunk = value()?.parse().map_err(|e| format!("{e}"))?,
            "--seed" => o.seed = Some(value()?.parse().map_err(|e| format!("{e}"))?),
            "--exit" => o.exit = value()?.parse().map_err(|e| format!("{e}"))?,
            "--pid-file" => o.pid_file = Some(value()?),
            "--hang" => o.hang = true,
            "--no-wait" => o.no_wait = true,
            "--converse" => o.converse = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(o)
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().collect();
    if let [_, flag, flaws] = args.as_slice() {
        if flag == "--mcp" {
            return ExitCode::from(mcp::serve(flaws));
        }
    }
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("fake-server: {e}");
            return ExitCode::from(64);
        }
    };
    if let Some(path) = &o.pid_file {
        let _ = fs::write(path, std::process::id().to_string());
    }
    let (lines_tx, lines_rx) = mpsc::channel::<usize>();
    let record = o.record.clone();
    let reader = thread::spawn(move || -> io::Result<()> {
        let mut sink: Box<dyn Write> = match record {
            Some(path) => Box::new(File::create(path)?),
            None => Box::new(io::sink()),
        };
        let mut stdin = io::stdin().lock();
        let mut buf = vec![0u8; 64 * 1024];
        let mut lines = 0usize;
        loop {
            let n = match stdin.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            sink.write_all(&buf[..n])?;
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
            let _ = lines_tx.send(lines);
        }
        sink.flush()
    });
    let mut seen = 0usize;
    let mut wait_for = |n: usize| {
        while seen < n {
            match lines_rx.recv() {
                Ok(s) => seen = s,
                Err(_) => break,
            }
        }
    };
    wait_for(o.after_lines);
    if let Some(path) = &o.converse {
        let dialogue = match fs::read_to_string(path) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("fake-server: {path}: {e}");
                return ExitCode::from(66);
            }
        };
        let mut out = io::stdout().lock();
        for step in dialogue.lines() {
            if let Some(n) = step.strip_prefix("#wait ") {
                wait_for(n.trim().parse().unwrap_or(0));
            } else if writeln!(out, "{step}").and_then(|()| out.flush()).is_err() {
                break;
            }
        }
    }
    if let Some(path) = &o.script {
        // Streamed from the file, so the server's own memory stays small
        // (tests measure the tap's peak with `wait4`, which also counts
        // the children it reaped).
        let mut script = match File::open(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("fake-server: {path}: {e}");
                return ExitCode::from(66);
            }
        };
        let mut out = io::stdout().lock();
        let chunk = o.chunk.max(1);
        let mut state = o.seed.map(|s| s | 1);
        let mut piece = vec![0u8; chunk];
        let mut i = 0usize;
        loop {
            let n = match &mut state {
                Some(x) => {
                    // xorshift64
                    *x ^= *x << 13;
                    *x ^= *x >> 7;
                    *x ^= *x << 17;
                    1 + (*x % chunk as u64) as usize
                }
                None => chunk,
            };
            let got = match read_up_to(&mut script, &mut piece[..n]) {
                Ok(0) => break,
                Ok(got) => got,
                Err(e) => {
                    eprintln!("fake-server: {path}: {e}");
                    return ExitCode::from(66);
                }
            };
            if out
                .write_all(&piece[..got])
                .and_then(|()| out.flush())
                .is_err()
            {
                break;
            }
            if i.is_multiple_of(16) {
                thread::sleep(Duration::from_millis(1));
            }
            i += 1;
        }
    }
    if o.hang {
        loop {
            thread::sleep(Duration::from_secs(60));
        }
    }
    if o.no_wait {
        return ExitCode::from(o.exit);
    }
    if reader.join().map_or(true, |r| r.is_err()) {
        return ExitCode::from(74);
    }
    ExitCode::from(o.exit)
}

/// Reads until `buf` is full or the end of `from`; returns the count.
fn read_up_to(from: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match from.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

//! mcpwire as an ordinary dependency: a crate outside this repository
//! (written into a temporary directory) depends on mcpwire by path with
//! `fetch-spec` and one revision, and no `MCPWIRE_SPEC_DIR`:
//!
//! 1. it builds, the spec file downloaded from a mirror on loopback
//!    (`MCPWIRE_SPEC_BASE_URL`, a std-only HTTP server in this file serving
//!    the spec mirror), and the built program judges messages;
//! 2. it builds again with the server gone (the build script reruns: the
//!    base URL changed) from the cache, downloading nothing;
//! 3. a cached file that was tampered with stops the build with the
//!    advertised message (and the way out);
//! 4. a mirror serving a different file stops the build before anything is
//!    cached.
//!
//! Prints the build times (`--nocapture`). Builds share `target/outside`.

mod outside;

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// A loopback HTTP/1.1 server for `GET /<commit>/schema/<rev>/schema.json`
/// (the raw file host's layout) from the spec mirror; under `/tampered/`
/// the same files with one byte more. One connection at a time, closed after
/// each response.
struct Mirror {
    port: u16,
    stop: Arc<AtomicBool>,
    hits: Arc<AtomicUsize>,
    thread: Option<JoinHandle<()>>,
}

impl Mirror {
    fn start(files: PathBuf) -> Mirror {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let hits = Arc::new(AtomicUsize::new(0));
        let (s, h) = (stop.clone(), hits.clone());
        let thread = std::thread::spawn(move || {
            for stream in listener.incoming() {
                if s.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(stream) = stream {
                    h.fetch_add(1, Ordering::SeqCst);
                    let _ = serve(stream, &files);
                }
            }
        });
        Mirror {
            port,
            stop,
            hits,
            thread: Some(thread),
        }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }

    /// Stops the server; its port refuses connections afterwards.
    fn stop(mut self) -> String {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
        self.url()
    }
}

fn serve(stream: TcpStream, files: &Path) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.read_line(&mut request)?;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 || header.trim().is_empty() {
            break;
        }
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/");
    let (tampered, path) = match path.strip_prefix("/tampered") {
        Some(rest) => (true, rest),
        None => (false, path),
    };
    // /<commit>/schema/<rev>/schema.json
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let body = match parts.as_slice() {
        [_commit, "schema", rev, "schema.json"] if !rev.contains("..") => {
            std::fs::read(files.join(rev).join("schema.json")).ok()
        }
        _ => None,
    };
    let mut stream = stream;
    match body {
        Some(mut body) => {
            if tampered {
                body.push(b' ');
            }
            write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            )?;
            stream.write_all(&body)?;
        }
        None => write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        )?,
    }
    stream.flush()
}

const MAIN_RS: &str = r##"
use mcpwire::{Direction, Origin, Session, Version};

fn main() {
    let mut session = Session::new(Version::V2026_07_28);
    for line in [
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}"#,
    ] {
        for report in session.judge(Direction::ClientToServer, line.as_bytes()).reports {
            println!("{} {}", report.definition().unwrap_or("-"), report.violations.len());
        }
    }
}
"##;

/// Writes the downstream crate: mcpwire by path, `fetch-spec`, one revision,
/// this repository's lock file (the same dependency versions).
fn write_crate(dir: &Path) {
    let root = outside::repo_root();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"downstream\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [dependencies]\nmcpwire = {{ path = {:?}, default-features = false, features = [\"fetch-spec\", \"v2026_07_28\"] }}\n\n\
             [workspace]\n",
            root.display().to_string()
        ),
    )
    .unwrap();
    std::fs::write(dir.join("src/main.rs"), MAIN_RS).unwrap();
    std::fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
}

fn build(dir: &Path, base_url: &str, cache: &Path) -> (std::process::Output, std::time::Duration) {
    let mut cmd = outside::cargo(dir, &["build", "-vv"]);
    cmd.env("MCPWIRE_SPEC_BASE_URL", base_url)
        .env("MCPWIRE_SPEC_CACHE", cache);
    outside::run(cmd)
}

#[test]
fn fetch_spec_downloads_caches_and_refuses_tampered_files() {
    let pin: toml::Table = std::fs::read_to_string(outside::repo_root().join("schemas/pin.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let commit = pin["commit"].as_str().unwrap();
    let sha256 = pin["sha256"]["2026-07-28"].as_str().unwrap();
    let work = tempfile::tempdir().unwrap();
    let krate = work.path().join("downstream");
    let cache = work.path().join("cache");
    write_crate(&krate);
    let cached = cache.join(commit).join("2026-07-28/schema.json");

    // 1. Online: downloaded from the mirror, cached, and it works.
    let mirror = Mirror::start(outside::spec_mirror());
    let (out, took) = build(&krate, &mirror.url(), &cache);
    assert!(out.status.success(), "{}", outside::text(&out));
    assert_eq!(mirror.hits(), 1, "one revision, one download");
    assert!(cached.is_file(), "cached at {}", cached.display());
    let log = outside::text(&out);
    assert!(log.contains("1 downloaded"), "{log}");
    eprintln!("downstream build with fetch-spec (download): {took:.1?}");
    let exe = outside::target_dir().join("debug/downstream");
    let run = std::process::Command::new(&exe).output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    // `ping` has no definition of its own in 2026-07-28: the envelope judges it.
    assert_eq!(lines[0], "JSONRPCRequest 0", "{stdout}");
    assert!(
        lines[1].starts_with("CallTool") && !lines[1].ends_with(" 0"),
        "{stdout}"
    );

    // 2. Offline: the server is gone; the build script reruns (the base URL
    //    changed) and uses the cache.
    let dead = mirror.stop();
    let (out, took) = build(&krate, &dead, &cache);
    let log = outside::text(&out);
    assert!(out.status.success(), "{log}");
    assert!(
        log.contains("0 downloaded"),
        "the build script reran from the cache: {log}"
    );
    eprintln!("downstream rebuild from the cache (build script rerun): {took:.1?}");

    // 3. A tampered cache file: refused, re-download fails, advice given.
    let mut bytes = std::fs::read(&cached).unwrap();
    bytes.push(b'\n');
    std::fs::write(&cached, &bytes).unwrap();
    let (out, _) = build(&krate, &dead, &cache);
    let log = outside::text(&out);
    assert!(!out.status.success(), "{log}");
    assert!(log.contains("does not match the pin"), "{log}");
    assert!(
        log.contains(&format!("Delete {}", cached.display())),
        "{log}"
    );
    assert!(log.contains(sha256), "{log}");

    // 4. A mirror serving another file: refused, nothing cached.
    let mirror = Mirror::start(outside::spec_mirror());
    let fresh = work.path().join("cache2");
    let (out, _) = build(&krate, &format!("{}/tampered", mirror.url()), &fresh);
    let log = outside::text(&out);
    assert!(!out.status.success(), "{log}");
    assert!(
        log.contains("does not match the pin (nothing was cached)"),
        "{log}"
    );
    assert!(log.contains("MCPWIRE_SPEC_BASE_URL"), "{log}");
    assert!(!fresh.join(commit).join("2026-07-28/schema.json").exists());
    mirror.stop();
}

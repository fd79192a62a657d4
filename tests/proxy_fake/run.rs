//! Running `mcpwire proxy` as a child process (stopped by its pid) and a
//! plain HTTP/1.1 client for the tests.

#![allow(dead_code)]

use std::{
    io::{BufRead, BufReader},
    net::SocketAddr,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::{
    client::legacy::{connect::HttpConnector, Client},
    rt::TokioExecutor,
};

/// A running proxy.
pub struct Proxy {
    child: Option<Child>,
    pub addr: SocketAddr,
    pub stderr: Arc<Mutex<String>>,
}

impl Proxy {
    /// Starts `mcpwire proxy --upstream UPSTREAM --listen 127.0.0.1:0 ARGS`.
    pub fn start(upstream: &str, args: &[&str]) -> Proxy {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .arg("proxy")
            .arg("--upstream")
            .arg(upstream)
            .args(["--listen", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start mcpwire proxy");
        let stderr = child.stderr.take().unwrap();
        let text = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let t = Arc::clone(&text);
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.strip_prefix("mcpwire proxy: listening on http://") {
                    if let Some(tx) = tx.take() {
                        let addr = rest.split_whitespace().next().unwrap_or("").to_string();
                        let _ = tx.send(addr);
                    }
                }
                let mut g = t.lock().unwrap();
                g.push_str(&line);
                g.push('\n');
            }
        });
        let addr = match rx.recv_timeout(Duration::from_secs(60)) {
            Ok(a) => a.parse().expect("listen address"),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the proxy did not start: {}", text.lock().unwrap());
            }
        };
        Proxy {
            child: Some(child),
            addr,
            stderr: text,
        }
    }

    /// Starts a proxy that writes its JSON report and its HAR into `dir`
    /// (`report{run}.jsonl`, `capture{run}.har`), plus `args`; returns
    /// the proxy and the two paths.
    pub fn recording(
        upstream: &str,
        dir: &Path,
        run: &str,
        args: &[&str],
    ) -> (Proxy, PathBuf, PathBuf) {
        let report = dir.join(format!("report{run}.jsonl"));
        let har = dir.join(format!("capture{run}.har"));
        let mut all = vec![
            "--format",
            "json",
            "--report",
            report.to_str().unwrap(),
            "--har",
            har.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        (Proxy::start(upstream, &all), report, har)
    }

    /// The proxy's process id.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    /// SIGTERM by pid; waits (at most 20 s) and returns the exit code.
    pub fn stop(mut self) -> Option<i32> {
        let mut child = self.child.take()?;
        if let Some(pid) = rustix::process::Pid::from_raw(child.id() as i32) {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        }
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return status.code();
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the proxy did not stop on SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("proxy stderr:\n{}", self.stderr.lock().unwrap());
        }
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// What the client got.
#[derive(Debug)]
pub struct Got {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The body ended with an error (reset).
    pub broken: bool,
}

/// The test client.
pub type HttpClient = Client<HttpConnector, Full<Bytes>>;

pub fn client() -> HttpClient {
    Client::builder(TokioExecutor::new()).build_http()
}

/// Sends one request and reads the whole response.
pub async fn send(
    client: &HttpClient,
    base: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Got {
    let mut b = hyper::Request::builder()
        .method(method)
        .uri(format!("http://{base}{path}"));
    for (n, v) in headers {
        b = b.header(*n, *v);
    }
    let resp = client
        .request(b.body(Full::new(Bytes::copy_from_slice(body))).unwrap())
        .await
        .expect("response head");
    let status = resp.status().as_u16();
    let headers = resp
        .headers()
        .iter()
        .map(|(n, v)| {
            (
                n.to_string(),
                String::from_utf8_lossy(v.as_bytes()).into_owned(),
            )
        })
        .collect();
    let mut body = resp.into_body();
    let mut bytes = Vec::new();
    let mut broken = false;
    while let Some(frame) = body.frame().await {
        match frame {
            Ok(f) => {
                if let Some(d) = f.data_ref() {
                    bytes.extend_from_slice(d);
                }
            }
            Err(_) => {
                broken = true;
                break;
            }
        }
    }
    Got {
        status,
        headers,
        body: bytes,
        broken,
    }
}

/// A fresh temporary file path.
pub fn temp(dir: &Path, name: &str) -> PathBuf {
    dir.join(name)
}

/// The findings of a `--format json` report (the summary line left out),
/// as `(line, keyword)` pairs, sorted.
pub fn findings(report: &str) -> Vec<(u64, String)> {
    let mut out: Vec<(u64, String)> = report
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v.get("summary").is_none())
        .map(|v| {
            (
                v["line"].as_u64().unwrap_or(0),
                v["keyword"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

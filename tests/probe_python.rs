//! A real peer: `mcpwire probe` drives a small python-sdk server
//! (`tests/peers/python/server.py` on the PyPI `mcp` package pinned by
//! `bindings/python/constraints.txt`, installed by
//! `.ci/setup/40-python-peers.sh`) over stdio at every revision compiled
//! in. What it must show, checked by hand against the spec: the four
//! `initialize`-era revisions and 2026-07-28 negotiated as offered (mcp
//! 2.3.0 answers `server/discover` with `supportedVersions` listing
//! 2026-07-28), `draft` refused with the stateless revisions' error for an
//! unsupported version (−32022), every declared feature exercised, the
//! tool that is not read-only left alone, and two known deviations, both
//! SHOULDs (warnings): the error codes it answers an unknown prompt and an
//! unknown resource with (see the test).
//!
//! The same server over Streamable HTTP (`server.py http PORT`, loopback
//! only): the same negotiation; the Origin check refused with 403, as
//! 2025-11-25 basic/transports says ("If the `Origin` header is present
//! and invalid, servers **MUST** respond with HTTP 403 Forbidden"); and
//! one known deviation, at 2025-11-25 only, where the sentence first
//! appears: its SSE streams start without a priming event ("The server
//! **SHOULD** immediately send an SSE event consisting of an event ID and
//! an empty `data` field"), an `http.sse-priming-event` warning. At
//! 2026-07-28 its `forecast` tool mirrors `region` (`x-mcp-header`): the
//! server checks the probe's `Mcp-Param-Region` and serves the call, and
//! the probe's own HTTP rules (`http.mcp-param-header`) find nothing.
#![cfg(all(
    feature = "v2024_11_05",
    feature = "v2025_03_26",
    feature = "v2025_06_18",
    feature = "v2025_11_25",
    feature = "v2026_07_28",
    feature = "draft"
))]

mod real_peers;
#[path = "support/small_server.rs"]
mod small_server;

use std::{
    net::TcpStream,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use serde_json::Value;

/// The tables and the summary, after the checks every small server passes.
fn common(stdout: &str) -> (Vec<Value>, Value) {
    small_server::tables(stdout, "mcpwire-python-peer", 2)
}

/// The server over HTTP, killed (by its id) and reaped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn python_sdk_server_over_streamable_http() {
    let Some((python, script)) = real_peers::python_sdk("probe_python") else {
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(&python)
        .arg(&script)
        .args(["http", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _server = Server(child);
    let deadline = Instant::now() + Duration::from_secs(60);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "the server did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--format", "json", "--timeout", "30s", "--url"])
        .arg(format!("http://127.0.0.1:{port}/mcp"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    let (tables, summary) = common(&stdout);
    for t in &tables {
        assert_eq!(t["transport"], "streamable-http", "{t}");
        let offered = t["offered"].as_str().unwrap();
        if offered == "draft" {
            assert_eq!(t["findings"], serde_json::json!({}), "{t}");
            continue;
        }
        let origin = t["origin_check"].as_str().unwrap_or_default();
        assert!(origin.contains("refused (HTTP 403)"), "{t}");
        // The full exercise runs over HTTP too: the same deviations as
        // over stdio (below), and at 2025-11-25 the priming event.
        let findings: Vec<&String> = t["findings"].as_object().unwrap().keys().collect();
        let expected: &[&str] = match offered {
            "2025-06-18" => &[
                "contract.structured-content-text",
                "probe-prompt-missing-argument",
                "probe-unknown-prompt",
                "probe-unknown-resource",
            ],
            "2025-11-25" => &[
                "contract.structured-content-text",
                "http.sse-priming-event",
                "probe-prompt-missing-argument",
                "probe-unknown-prompt",
                "probe-unknown-resource",
            ],
            "2026-07-28" => &[
                "contract.structured-content-text",
                "probe-prompt-missing-argument",
                "probe-unknown-prompt",
            ],
            _ => &[
                "probe-prompt-missing-argument",
                "probe-unknown-prompt",
                "probe-unknown-resource",
            ],
        };
        assert_eq!(findings, expected, "{offered}: {t}");
    }
    assert_eq!(summary["violations"], 0, "{summary}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

#[test]
fn python_sdk_server_at_every_revision() {
    let Some((python, script)) = real_peers::python_sdk("probe_python") else {
        return;
    };
    // A Python interpreter importing pydantic starts in about a second on
    // an idle machine and takes several on a loaded one: the timeout, which
    // covers the server's start, leaves room for that (every method it
    // serves answers in milliseconds).
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--format", "json", "--timeout", "30s", "--"])
        .arg(&python)
        .arg(&script)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    let (tables, summary) = common(&stdout);
    // Its known deviations, checked by hand (warnings: both sentences are
    // SHOULDs): a prompt it does not have is answered with error code 0
    // (and -32603 at 2026-07-28), not -32602 (server/prompts, Error
    // Handling: "Invalid prompt name: `-32602` (Invalid params)"); a
    // resource it does not have with -32602 where the revisions up to
    // 2025-11-25 say "Resource not found: `-32002`". At 2026-07-28 its
    // `notifications/subscriptions/acknowledged` to the probe's
    // `subscriptions/listen` carries no protocol version of its own (none
    // is required of a notification): it is judged at the one the probe's
    // requests declare, without an assumption. Its `greet` prompt called
    // without its required argument is answered with error code 0 (and
    // -32603 at 2026-07-28), not -32602 ("Missing required arguments:
    // `-32602` (Invalid params)", the same SHOULD). From 2025-06-18 on, the
    // `structuredContent` of its `add` and `forecast` results (`{"result":
    // 3}`) comes with the text `3`, not the serialized JSON (server/tools:
    // "a tool that returns structured content SHOULD also return the
    // serialized JSON in a TextContent block"). Nothing else.
    for t in &tables {
        assert_eq!(t["transport"], "stdio", "{t}");
        let expected = match t["offered"].as_str() {
            Some("draft") => serde_json::json!({}),
            Some("2026-07-28") => serde_json::json!({
                "contract.structured-content-text": 2,
                "probe-prompt-missing-argument": 1,
                "probe-unknown-prompt": 1
            }),
            Some("2025-06-18" | "2025-11-25") => serde_json::json!({
                "contract.structured-content-text": 2,
                "probe-prompt-missing-argument": 1,
                "probe-unknown-prompt": 1,
                "probe-unknown-resource": 1
            }),
            _ => serde_json::json!({
                "probe-prompt-missing-argument": 1,
                "probe-unknown-prompt": 1,
                "probe-unknown-resource": 1
            }),
        };
        assert_eq!(t["findings"], expected, "{t}");
    }
    assert_eq!(summary["violations"], 0, "{summary}");
    // The 20 deviations above.
    assert_eq!(summary["warnings"], 20, "{summary}");
    assert!(summary["messages"].as_u64().unwrap() >= 100, "{summary}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

//! A real peer through `mcpwire proxy`: the reference server
//! `@modelcontextprotocol/server-everything` (Streamable HTTP, and its SSE
//! mode for the 2024-11-05 HTTP+SSE transport) driven by the official
//! TypeScript SDK client (`tests/peers/client.mjs`), both pinned in
//! `tests/peers/package-lock.json` and installed by
//! `.ci/setup/40-npm-peers.sh`. The client's session must go exactly as it
//! does without the proxy, and the findings must be the same on every run
//! (and in the proxy's HAR). Loopback only; every process is stopped by its
//! pid.
//!
//! Without the installed peers the test says so and passes; under CI it
//! fails (`real_peers`).

mod proxy_fake;
mod real_peers;
mod support;

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use proxy_fake::run::{findings, Proxy};

fn peers() -> Option<PathBuf> {
    real_peers::installed("proxy_peer")
}

/// The SDK client's session (at the SDK's latest revision) for the
/// server `mode` (`sse` or `streamableHttp`).
fn client(dir: &Path, mode: &str, url: &str) -> String {
    let client_mode = if mode == "sse" { "sse" } else { "streamable" };
    support::everything::sdk_client(dir, client_mode, url, "-")
}

fn session_through_proxy_is_unchanged(mode: &str, path: &str) {
    let Some(dir) = peers() else { return };
    let port = support::everything::free_port();
    let _server = support::everything::start(&dir, mode, port);
    let upstream = format!("http://127.0.0.1:{port}{path}");
    let direct = client(&dir, mode, &upstream);
    let tmp = tempfile::tempdir().unwrap();
    let mut runs = Vec::new();
    for run in 0..3 {
        let (proxy, report, har) = Proxy::recording(&upstream, tmp.path(), &format!("-{run}"), &[]);
        let through = client(&dir, mode, &format!("http://{}{path}", proxy.addr));
        assert_eq!(
            through, direct,
            "the session differs through the proxy (run {run})"
        );
        let code = proxy.stop();
        let text = std::fs::read_to_string(&report).unwrap();
        let summary: serde_json::Value =
            serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert!(summary["messages"].as_u64().unwrap() >= 16, "{summary}");
        assert!(summary["dropped"].is_null(), "{summary}");
        let got = findings(&text);
        let checked = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .args(["check", "--format", "json"])
            .arg(&har)
            .output()
            .unwrap();
        assert_eq!(
            findings(&String::from_utf8_lossy(&checked.stdout)),
            got,
            "the HAR's findings differ (run {run})"
        );
        runs.push((got, code, text));
    }
    for r in &runs[1..] {
        assert_eq!(
            r.0, runs[0].0,
            "findings differ between runs:\n{}\n---\n{}",
            runs[0].2, r.2
        );
    }
    // What the pinned peers do today: a clean session but for
    // server-everything's draft-07 tool schemas, 14 warnings
    // `contract.dialect-not-2020-12` at the negotiated 2025-11-25 (13
    // `inputSchema`s and one `outputSchema` of its `tools/list`, checked by
    // hand; basic/index: "Implementors are RECOMMENDED to use JSON Schema
    // 2020-12."). Warnings: exit 0.
    let keywords: Vec<&str> = runs[0].0.iter().map(|(_, k)| k.as_str()).collect();
    assert_eq!(
        keywords, ["contract.dialect-not-2020-12"; 14],
        "{}",
        runs[0].2
    );
    assert_eq!(runs[0].1, Some(0));
}

#[test]
fn server_everything_streamable_http_through_the_proxy() {
    session_through_proxy_is_unchanged("streamableHttp", "/mcp");
}

#[test]
fn server_everything_http_sse_through_the_proxy() {
    session_through_proxy_is_unchanged("sse", "/sse");
}

//! A browser's HAR ≡ live: a page in Debian's Chromium, driven by
//! Playwright (`tests/peers/browser_har.mjs`, `recordHar` with bodies
//! embedded), whose script talks MCP over Streamable HTTP with the
//! browser's own `fetch` to the reference server
//! `@modelcontextprotocol/server-everything` — through `mcpwire proxy
//! --har`. One session, two captures: `mcpwire check` of Chromium's HAR
//! must give the proxy's live findings row for row (keyed by the request
//! that drew them: the two recorders number their entries differently),
//! and so must the proxy's own HAR; in auto mode (a clean session: no
//! rows) and at a fixed `--spec 2026-07-28` (many rows).
//!
//! Loopback only; every process is stopped by its pid. Without the npm
//! peers (`.ci/setup/40-npm-peers.sh`, which pins playwright-core) or
//! Chromium (`.ci/setup/45-chromium.sh`) the test says so and passes;
//! under CI it fails.

mod proxy_fake;
mod real_peers;
mod support;

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
};

use proxy_fake::run::Proxy;
use serde_json::Value;
use support::har_compare::{checked_keyed, comparable, identity, keyed, read_har, report, sorted};

/// Chromium: `MCPWIRE_CHROMIUM`, else `/usr/bin/chromium`. `None` (after
/// saying why) outside CI when it or playwright-core is missing.
fn chromium(dir: &Path) -> Option<PathBuf> {
    let exe = std::env::var_os("MCPWIRE_CHROMIUM")
        .map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let why = if !exe.is_file() {
        format!("{} is missing: run .ci/setup/45-chromium.sh", exe.display())
    } else if !dir
        .join("node_modules/playwright-core/package.json")
        .is_file()
    {
        "tests/peers/node_modules/playwright-core is missing: run .ci/setup/40-npm-peers.sh".into()
    } else {
        return Some(exe);
    };
    if std::env::var_os("CI").is_some() {
        panic!("{why}");
    }
    eprintln!("SKIPPED http_har_browser: {why}");
    None
}

/// Runs the page's session against `url`, Chromium's HAR at `har`; the
/// session must complete.
fn browser(dir: &Path, exe: &Path, url: &str, har: &Path) -> String {
    let out = Command::new("node")
        .current_dir(dir)
        .arg("browser_har.mjs")
        .arg(url)
        .arg(har)
        .env("MCPWIRE_CHROMIUM", exe)
        .stdin(Stdio::null())
        .output()
        .expect("run browser_har.mjs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success() && stdout.ends_with("{\"step\":\"done\",\"value\":true}\n"),
        "the page's session failed against {url}\nstdout:\n{stdout}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// One session through the proxy (`args`); both HARs' findings are the
/// live ones. Returns the live rows.
fn session(dir: &Path, exe: &Path, upstream: &str, args: &[&str]) -> Vec<Value> {
    let tmp = tempfile::tempdir().unwrap();
    let (proxy, report_path, proxy_har) = Proxy::recording(upstream, tmp.path(), "", args);
    let chromium_har = tmp.path().join("chromium.har");
    let steps = browser(
        dir,
        exe,
        &format!("http://{}/mcp", proxy.addr),
        &chromium_har,
    );
    assert!(
        steps.contains(r#"{"step":"protocol","value":"2025-06-18"}"#),
        "{steps}"
    );
    let code = proxy.stop();
    let (live, live_summary) = report(&std::fs::read_to_string(&report_path).unwrap());
    assert_eq!(
        code,
        Some(if live.is_empty() { 0 } else { 1 }),
        "{live:?} {live_summary}"
    );
    assert!(live_summary["dropped"].is_null(), "{live_summary}");
    // The live rows keyed by their exchange's request (from the proxy's HAR).
    let proxy_entries = read_har(&proxy_har);
    let proxy_entries = proxy_entries["log"]["entries"].as_array().unwrap();
    let live: Vec<Value> = sorted(
        live.iter()
            .map(|r| {
                let e = proxy_entries
                    .iter()
                    .find(|e| e["_mcpwireExchange"] == r["exchange"])
                    .unwrap_or_else(|| panic!("no entry for {r}"));
                keyed(&comparable(r), identity(e))
            })
            .collect(),
    );

    let chromium = read_har(&chromium_har);
    assert_eq!(chromium["log"]["creator"]["name"], "Playwright");
    let entries = chromium["log"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), proxy_entries.len(), "{args:?}");
    for (name, har) in [("Chromium", &chromium_har), ("the proxy", &proxy_har)] {
        let (rows, summary) = checked_keyed(har, args);
        assert_eq!(rows, live, "{args:?}: {name}'s HAR gives other findings");
        for k in ["messages", "valid", "revisions"] {
            assert_eq!(summary[k], live_summary[k], "{args:?}: {name}: {k}");
        }
    }
    live
}

#[test]
fn chromium_har_equals_live() {
    let Some(dir) = real_peers::installed("http_har_browser") else {
        return;
    };
    let Some(exe) = chromium(&dir) else { return };
    let port = support::everything::free_port();
    let _server = support::everything::start(&dir, "streamableHttp", port);
    let upstream = format!("http://127.0.0.1:{port}/mcp");
    assert_eq!(session(&dir, &exe, &upstream, &[]), Vec::<Value>::new());
    let rows = session(&dir, &exe, &upstream, &["--spec", "2026-07-28"]);
    assert!(rows.len() >= 10, "{rows:?}");
}

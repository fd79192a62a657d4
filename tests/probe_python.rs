//! A real peer: `mcpwire probe` drives a small python-sdk server
//! (`tests/peers/python/server.py` on the PyPI `mcp` package pinned by
//! `bindings/python/constraints.txt`, installed by
//! `.ci/setup/40-python-peers.sh`) over stdio at every revision compiled
//! in. What it must show, checked by hand against the spec: the four
//! `initialize`-era revisions and 2026-07-28 negotiated as offered (mcp
//! 2.3.0 answers `server/discover` with `supportedVersions` listing
//! 2026-07-28), `draft` refused with the stateless revisions' error for an
//! unsupported version (−32022), every declared feature exercised, the
//! tool that is not read-only left alone, and no finding at all.
#![cfg(all(
    feature = "v2024_11_05",
    feature = "v2025_03_26",
    feature = "v2025_06_18",
    feature = "v2025_11_25",
    feature = "v2026_07_28",
    feature = "draft"
))]

mod real_peers;

use std::process::Command;

use serde_json::Value;

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
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tables: Vec<&Value> = lines.iter().filter_map(|l| l.get("probe")).collect();
    let offered: Vec<&str> = tables
        .iter()
        .map(|t| t["offered"].as_str().unwrap())
        .collect();
    assert_eq!(
        offered,
        [
            "2024-11-05",
            "2025-03-26",
            "2025-06-18",
            "2025-11-25",
            "2026-07-28",
            "draft"
        ],
        "{stdout}"
    );
    let count = |t: &Value, m: &str, k: &str| t["methods"][m][k].as_u64().unwrap_or(0);
    for t in &tables {
        let offered = t["offered"].as_str().unwrap();
        assert_eq!(t["findings"], serde_json::json!({}), "{offered}: {t}");
        if offered == "draft" {
            assert!(t["negotiated"].is_null(), "{t}");
            assert_eq!(count(t, "server/discover", "error"), 1, "{t}");
            let note = t["note"].as_str().unwrap();
            assert!(note.contains("-32022"), "{t}");
            continue;
        }
        assert_eq!(t["negotiated"], offered, "{t}");
        assert_eq!(t["server"], "mcpwire-python-peer ", "{t}");
        let opening = if offered == "2026-07-28" {
            "server/discover"
        } else {
            assert_eq!(count(t, "ping", "ok"), 1, "{t}");
            "initialize"
        };
        assert_eq!(count(t, opening, "ok"), 1, "{t}");
        for m in [
            "tools/list",
            "tools/call",
            "prompts/list",
            "prompts/get",
            "resources/list",
            "resources/templates/list",
            "resources/read",
        ] {
            assert_eq!(count(t, m, "ok"), 1, "{offered}: {m}: {t}");
        }
        assert_eq!(count(t, "mcpwire/probe-unknown-method", "error"), 1, "{t}");
        assert_eq!(
            t["not_called"],
            serde_json::json!([{
                "what": "tools/call forget",
                "why": "not annotated readOnlyHint: true; --tools all calls it"
            }]),
            "{t}"
        );
    }
    let summary = lines.last().unwrap();
    assert_eq!(summary["violations"], 0, "{summary}");
    assert_eq!(summary["warnings"], 0, "{summary}");
    assert!(summary["messages"].as_u64().unwrap() >= 100, "{summary}");
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

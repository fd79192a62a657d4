//! A real peer: `mcpwire probe` drives `@modelcontextprotocol/server-everything`
//! (pinned in `tests/peers`, installed by `.ci/setup/40-npm-peers.sh`) over
//! stdio at every revision compiled in, and the report shows what the
//! server must show: the four `initialize`-era revisions negotiated as
//! offered, the stateless ones not spoken (the server answers
//! `server/discover` with −32601), every declared feature exercised, and
//! no finding the server does not deserve.
#![cfg(all(
    feature = "v2024_11_05",
    feature = "v2025_03_26",
    feature = "v2025_06_18",
    feature = "v2025_11_25",
    feature = "v2026_07_28"
))]

mod real_peers;
mod support;

use std::{
    process::Command,
    time::{Duration, Instant},
};

use serde_json::Value;
use support::everything::ok;

#[test]
fn server_everything_at_every_revision() {
    let Some(peers) = real_peers::installed("probe_peer") else {
        return;
    };
    let server = peers.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    // With the defaults: its read-only `trigger-long-running-operation`
    // runs `duration` seconds (10 by default); the synthesiser asks for
    // the small end of every number (1 s, one step), so the six revisions
    // take seconds, not a timeout each.
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--format", "json", "--"])
        .arg("node")
        .arg(&server)
        .arg("stdio")
        .output()
        .unwrap();
    let took = start.elapsed();
    assert!(took < Duration::from_secs(30), "{took:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}");
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tables: Vec<&Value> = lines.iter().filter_map(|l| l.get("probe")).collect();
    let findings: Vec<&Value> = lines
        .iter()
        .filter(|l| l.get("probe").is_none() && l.get("summary").is_none())
        .collect();
    assert_eq!(tables.len(), 6, "{stdout}");
    for t in &tables {
        let offered = t["offered"].as_str().unwrap();
        if !["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"].contains(&offered) {
            // The stateless revisions: an initialize-era server.
            assert!(t["negotiated"].is_null(), "{t}");
            let note = t["note"].as_str().unwrap();
            assert!(
                note.contains("server/discover answered an error (-32601"),
                "{t}"
            );
            assert_eq!(t["findings"], serde_json::json!({}), "{t}");
            continue;
        }
        support::everything::assert_fully_exercised(t);
        assert!(ok(t, "resources/read") <= 20, "{t}");
        // The tools not read-only are listed, not called.
        let skipped = t["not_called"].to_string();
        for tool in [
            "gzip-file-as-resource",
            "toggle-simulated-logging",
            "trigger-sampling-request",
        ] {
            assert!(skipped.contains(tool), "{skipped}");
        }
        assert_eq!(t["methods"]["tools/call"]["timed_out"], 0, "{t}");
        // What it must show, checked by hand: an unknown resource answered
        // -32602 where these revisions say "Servers SHOULD return …
        // Resource not found: `-32002`" (a warning; 2026-07-28 made
        // -32602 the rule); at 2024-11-05 and 2025-03-26 the
        // `resource_link` content that `get-resource-links` returns, a
        // content type those revisions do not define (it arrived in
        // 2025-06-18).
        let mut expected = serde_json::json!({"probe-unknown-resource": 1});
        if ["2024-11-05", "2025-03-26"].contains(&offered) {
            expected["schema"] = serde_json::json!(1);
        }
        support::everything::expect_draft_07_warnings(&t["findings"], offered, &mut expected);
        assert_eq!(t["findings"], expected, "{offered}: {t}");
    }
    for f in &findings {
        let file = f["file"].as_str().unwrap();
        // Nothing mcpwire itself sent is found wrong.
        assert!(file.ends_with("<server>"), "{f}");
        match f["keyword"].as_str().unwrap() {
            "contract.dialect-not-2020-12" => {
                assert_eq!(f["severity"], "warning");
                assert!(
                    message_of(f).contains("declares JSON Schema draft-07"),
                    "{f}"
                );
            }
            "probe-unknown-resource" => {
                assert_eq!(f["severity"], "warning");
                assert!(
                    f["message"].as_str().unwrap().contains("error -32602"),
                    "{f}"
                );
            }
            "anyOf" => assert!(
                f["message"].as_str().unwrap().contains("resource_link"),
                "{f}"
            ),
            other => panic!("unexpected finding {other}: {f}"),
        }
    }
    assert_eq!(
        out.status.code(),
        Some(1),
        "the schema violations fail the run"
    );
}

fn message_of(f: &Value) -> &str {
    f["message"].as_str().unwrap_or_default()
}

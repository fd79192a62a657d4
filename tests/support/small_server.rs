//! What `mcpwire probe` must show of the two small test servers that
//! serve the same features (`tests/peers/python/server.py` on python-sdk,
//! the rmcp server of `tests/probe_rmcp.rs`): each revision negotiated as
//! offered but `draft`, refused with the stateless revisions' error for an
//! unsupported version (−32022); every declared feature exercised once,
//! one request cancelled;
//! the unknown method answered with an error; each read-only tool called
//! (python-sdk's has two, rmcp's one); the tool that is not read-only
//! (`forget`) not called.

use serde_json::Value;

/// The revisions probed, in order.
pub const REVISIONS: [&str; 6] = [
    "2024-11-05",
    "2025-03-26",
    "2025-06-18",
    "2025-11-25",
    "2026-07-28",
    "draft",
];

/// The probe's `--format json` output: its tables and its last line (the
/// summary), after checking what every such server must show; `server`:
/// the name and version the tables show; `read_only`: how many read-only
/// tools it lists (each is called once).
pub fn tables(stdout: &str, server: &str, read_only: u64) -> (Vec<Value>, Value) {
    let lines: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let tables: Vec<Value> = lines
        .iter()
        .filter_map(|l| l.get("probe"))
        .cloned()
        .collect();
    let offered: Vec<&str> = tables
        .iter()
        .map(|t| t["offered"].as_str().unwrap())
        .collect();
    assert_eq!(offered, REVISIONS, "{stdout}");
    let count = |t: &Value, m: &str, k: &str| t["methods"][m][k].as_u64().unwrap_or(0);
    for t in &tables {
        let offered = t["offered"].as_str().unwrap();
        if offered == "draft" {
            assert!(t["negotiated"].is_null(), "{t}");
            assert_eq!(count(t, "server/discover", "error"), 1, "{t}");
            assert!(t["note"].as_str().unwrap().contains("-32022"), "{t}");
            continue;
        }
        assert_eq!(t["negotiated"], offered, "{t}");
        assert_eq!(t["server"], server, "{t}");
        // The cancelled request (a `ping`; `server/discover` at 2026-07-28,
        // which has no `ping`): answered or not, never a finding.
        let (opening, cancelled) = if offered == "2026-07-28" {
            ("server/discover", "server/discover (cancelled)")
        } else {
            assert_eq!(count(t, "ping", "ok"), 1, "{t}");
            ("initialize", "ping (cancelled)")
        };
        // Not over Streamable HTTP at 2026-07-28, where a request is
        // cancelled by closing its stream (docs/probe.md says why).
        let by_closing = offered == "2026-07-28" && t["transport"] == "streamable-http";
        assert_eq!(
            count(t, cancelled, "ok") + count(t, cancelled, "timed_out"),
            u64::from(!by_closing),
            "{offered}: {t}"
        );
        assert_eq!(count(t, opening, "ok"), 1, "{t}");
        assert_eq!(count(t, "tools/call", "ok"), read_only, "{offered}: {t}");
        for m in [
            "tools/list",
            "prompts/list",
            "prompts/get",
            "resources/list",
            "resources/templates/list",
            "resources/read",
        ] {
            assert_eq!(count(t, m, "ok"), 1, "{offered}: {m}: {t}");
        }
        assert_eq!(count(t, "mcpwire/probe-unknown-method", "error"), 1, "{t}");
        let not_called = t["not_called"].to_string();
        assert!(not_called.contains("tools/call forget"), "{t}");
    }
    (tables, lines.last().unwrap().clone())
}

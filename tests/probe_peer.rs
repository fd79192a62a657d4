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

use std::process::Command;

use serde_json::Value;

#[test]
fn server_everything_at_every_revision() {
    let Some(peers) = real_peers::installed("probe_peer") else {
        return;
    };
    let server = peers.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    let out = Command::new(env!("CARGO_BIN_EXE_mcpwire"))
        .args(["probe", "--format", "json", "--"])
        .arg("node")
        .arg(&server)
        .arg("stdio")
        .output()
        .unwrap();
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
    let methods = |t: &Value, m: &str| t["methods"][m]["ok"].as_u64().unwrap_or(0);
    for t in &tables {
        let offered = t["offered"].as_str().unwrap();
        if ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"].contains(&offered) {
            assert_eq!(t["negotiated"], offered, "{t}");
            assert_eq!(t["server"], "mcp-servers/everything 2.0.0", "{t}");
            for m in [
                "ping",
                "tools/list",
                "prompts/list",
                "prompts/get",
                "resources/list",
                "resources/read",
            ] {
                assert!(methods(t, m) > 0, "{offered}: {m} not exercised: {t}");
            }
            // Its resources are many: exactly --read-limit (20) are read.
            assert_eq!(methods(t, "resources/read"), 20, "{t}");
            assert_eq!(
                t["methods"]["mcpwire/probe-unknown-method"]["error"], 1,
                "{t}"
            );
            let skipped = t["not_called"].to_string();
            assert!(skipped.contains("readOnlyHint"), "{skipped}");
        } else {
            assert!(t["negotiated"].is_null(), "{t}");
            assert!(
                t["note"]
                    .as_str()
                    .unwrap()
                    .contains("server/discover answered an error (-32601"),
                "{t}"
            );
        }
    }
    assert_eq!(tables.len(), 6, "{stdout}");
    // Nothing mcpwire itself sent is found wrong.
    assert!(
        findings
            .iter()
            .all(|f| !f["file"].as_str().unwrap().ends_with("<client>")),
        "{findings:?}"
    );
    assert!(findings.is_empty(), "{findings:#?}");
    assert_eq!(out.status.code(), Some(0));
}

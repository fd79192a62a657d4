//! `mcpwire::probe` as a server author calls it from a test of their own:
//! one test, every revision, and a failure that names the revision, the
//! exchange and the transcript line. The server is the fake server's
//! answering mode (`mcpwire-fake-server --mcp FLAWS`).
#![cfg(feature = "v2025_06_18")]

mod support;

use std::panic;

use mcpwire::{
    probe::{Probe, Tools},
    Version,
};
use support::tap::fake_server;

fn server(flaws: &str) -> Probe {
    Probe::stdio([fake_server().as_os_str(), "--mcp".as_ref(), flaws.as_ref()])
}

/// What a server author writes: the probe, then one assertion.
#[test]
fn conformant() {
    let report = server("good")
        .revisions([Version::V2025_06_18])
        .tools(Tools::All)
        .run()
        .expect("the server starts");
    report.assert_no_violations();
    let r = &report.revisions[0];
    assert_eq!(r.negotiated.as_deref(), Some("2025-06-18"));
    assert_eq!(r.methods["tools/call"].ok, 3, "{r:?}");
}

/// A planted defect (a broken line after the `initialize` answer): the
/// failure message names the revision, the exchange and where the line is
/// in the transcript; the line there is the broken one.
#[test]
fn a_defect_names_revision_exchange_and_transcript_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("probe.jsonl");
    let report = server("invalid-json,unknown-ok")
        .revisions([Version::V2025_06_18])
        .transcript(&path)
        .run()
        .expect("the server starts");
    assert!(!report.is_conformant());
    let failed = panic::catch_unwind(|| report.assert_no_violations()).unwrap_err();
    let message = failed.downcast_ref::<String>().expect("a message");
    let shown = path.display().to_string();
    assert!(message.contains("2025-06-18 server→client"), "{message}");
    assert!(message.contains("[input]"), "{message}");
    // The probe's own finding names its request: method and id.
    assert!(
        message.contains("mcpwire/probe-unknown-method (id "),
        "{message}"
    );
    let input = report
        .violations()
        .find(|f| f.rule == "input")
        .expect("an input finding");
    let at = input.transcript.as_deref().expect("a transcript place");
    let (file, line) = at.rsplit_once(':').unwrap();
    assert_eq!(file, shown);
    assert!(message.contains(at), "{message}");
    let text = std::fs::read_to_string(&path).unwrap();
    let record = text
        .lines()
        .nth(line.parse::<usize>().unwrap() - 1)
        .unwrap();
    assert!(
        serde_json::from_str::<serde_json::Value>(record).is_err(),
        "{record}"
    );
    // The report is plain data: JSON for the bindings.
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["revisions"][0]["offered"], "2025-06-18");
    assert!(json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "input" && f["level"] == "violation"));
}

/// A defect at every revision is listed once, with its revisions.
#[cfg(feature = "v2025_11_25")]
#[test]
fn a_defect_at_several_revisions_is_listed_once() {
    let report = server("unknown-ok")
        .revisions([Version::V2025_06_18, Version::V2025_11_25])
        .run()
        .expect("the server starts");
    let repeated: Vec<_> = report
        .distinct()
        .into_iter()
        .filter(|(f, _)| f.rule == "probe-unknown-method")
        .collect();
    assert_eq!(repeated.len(), 1, "{repeated:?}");
    assert_eq!(repeated[0].1, [Version::V2025_06_18, Version::V2025_11_25]);
    let failed = panic::catch_unwind(|| report.assert_no_violations()).unwrap_err();
    let message = failed.downcast_ref::<String>().expect("a message");
    assert!(message.contains("(at 2025-06-18, 2025-11-25)"), "{message}");
}

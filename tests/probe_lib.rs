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

/// The report in the command line's formats from the library
/// (`mcpwire::render::probe`): the defect at both revisions is one SARIF
/// result, one JUnit failure line and one JSON Lines finding, each with
/// both revisions; the JSON Lines carry the tables first.
#[cfg(feature = "v2025_11_25")]
#[test]
fn a_report_renders_in_every_format_with_repeats_once() {
    use mcpwire::render::{probe::write, Format};
    use std::{
        io::Write,
        sync::{Arc, Mutex},
    };

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let report = server("unknown-ok")
        .revisions([Version::V2025_06_18, Version::V2025_11_25])
        .run()
        .expect("the server starts");
    let render = |format| {
        let out = Shared::default();
        let code = write(&report, format, Box::new(out.clone()), false, false).unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        (text, code)
    };
    let both = serde_json::json!(["2025-06-18", "2025-11-25"]);

    let (sarif, code) = render(Format::Sarif);
    assert_eq!(code, 1, "a violation fails");
    let sarif: serde_json::Value = serde_json::from_str(&sarif).unwrap();
    let results: Vec<&serde_json::Value> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "probe-unknown-method")
        .collect();
    assert_eq!(results.len(), 1, "{results:?}");
    assert_eq!(results[0]["level"], "error");
    assert_eq!(results[0]["properties"]["revisions"], both);

    let (junit, _) = render(Format::Junit);
    let unknown: Vec<&str> = junit
        .lines()
        .filter(|l| l.contains("violation[probe-unknown-method]"))
        .collect();
    assert_eq!(unknown.len(), 1, "{junit}");
    assert!(
        unknown[0].contains("(at 2025-06-18, 2025-11-25)"),
        "{junit}"
    );

    let (jsonl, _) = render(Format::Json);
    let lines: Vec<serde_json::Value> = jsonl
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let offered: Vec<&serde_json::Value> = lines.iter().filter_map(|l| l.get("probe")).collect();
    assert_eq!(offered.len(), 2);
    assert!(offered.iter().all(|t| t["messages"].as_u64().unwrap() > 0));
    let found: Vec<&serde_json::Value> = lines
        .iter()
        .filter(|l| l["keyword"] == "probe-unknown-method")
        .collect();
    assert_eq!(found.len(), 1, "{jsonl}");
    assert_eq!(found[0]["revisions"], both);
    let summary = lines.last().unwrap();
    assert_eq!(summary["passed"], false);
    assert_eq!(summary["violations"], 2, "counted at each revision");

    let (text, _) = render(Format::Text);
    assert!(
        text.starts_with("revision 2025-06-18: negotiated 2025-06-18"),
        "{text}"
    );
    assert!(text.contains("2025-06-18, 2025-11-25"), "{text}");
}

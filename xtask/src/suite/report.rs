//! The report: one line per dialect and part (required, optional) with
//! each path's passes, then every failure, then pinned failures that now
//! pass.

use std::fmt::Write;

use super::{
    expected::Entry,
    load::{Case, DIALECTS},
    run::{Verdicts, PATHS},
};

/// One failing test on one path.
#[derive(Debug)]
pub struct Failure<'a> {
    /// The case.
    pub case: &'a Case,
    /// The test's index in its case.
    pub test: usize,
    /// `value`, `bytes` or `jsonschema`.
    pub path: &'static str,
    /// Why it failed.
    pub reason: &'a str,
    /// Whether a pinned entry covers it (never for `jsonschema`, which the
    /// run only reports).
    pub expected: bool,
}

/// What the run found.
pub struct Report {
    /// The text to print.
    pub text: String,
    /// Failures of mcpwire's paths that no entry covers.
    pub unexpected: usize,
    /// Entries that cover no failure.
    pub stale: usize,
}

/// `<dialect> <part>: value P/N, bytes P/N, jsonschema P/N`.
fn summary(cases: &[Case], results: &[Vec<Verdicts>], dialect: &str, optional: bool) -> String {
    let mut pass = [0usize; 3];
    let mut total = 0;
    for (case, verdicts) in cases.iter().zip(results) {
        if case.dialect != dialect || case.optional() != optional {
            continue;
        }
        for v in verdicts {
            total += 1;
            for (p, verdict) in v.iter().enumerate() {
                pass[p] += usize::from(verdict.is_none());
            }
        }
    }
    let part = if optional { "optional" } else { "required" };
    format!(
        "{dialect} {part}: value {}/{total}, bytes {}/{total}, jsonschema {}/{total}",
        pass[0], pass[1], pass[2]
    )
}

/// Every failure, in suite order.
pub fn failures<'a>(
    cases: &'a [Case],
    results: &'a [Vec<Verdicts>],
    pinned: &[Entry],
) -> Vec<Failure<'a>> {
    let mut out = Vec::new();
    for (case, verdicts) in cases.iter().zip(results) {
        for (test, v) in verdicts.iter().enumerate() {
            for (p, verdict) in v.iter().enumerate() {
                let Some(reason) = verdict else { continue };
                let path = PATHS[p];
                let expected = path != "jsonschema"
                    && pinned.iter().any(|e| {
                        e.covers(
                            case.dialect,
                            &case.file,
                            &case.description,
                            &case.tests[test].description,
                        )
                    });
                out.push(Failure {
                    case,
                    test,
                    path,
                    reason,
                    expected,
                });
            }
        }
    }
    out
}

/// Builds the report. `refused` lists, per case id, why mcpwire has no
/// validator for it (printed once per case).
pub fn build(
    cases: &[Case],
    results: &[Vec<Verdicts>],
    refused: &std::collections::BTreeMap<usize, String>,
    pinned: &[Entry],
) -> Report {
    let mut text = String::new();
    for dialect in DIALECTS {
        for optional in [false, true] {
            let _ = writeln!(text, "{}", summary(cases, results, dialect, optional));
        }
    }
    for (&id, why) in refused {
        let c = &cases[id];
        let _ = writeln!(
            text,
            "NOT GENERATED {} {}: {}: {why}",
            c.dialect, c.file, c.description
        );
    }
    let failures = failures(cases, results, pinned);
    let mut unexpected = 0;
    for f in &failures {
        let mark = if f.expected { " [expected]" } else { "" };
        unexpected += usize::from(!f.expected && f.path != "jsonschema");
        let _ = writeln!(
            text,
            "FAIL {} {}: {} / {} ({}) -- {}{mark}",
            f.case.dialect,
            f.case.file,
            f.case.description,
            f.case.tests[f.test].description,
            f.path,
            f.reason
        );
    }
    let mut stale = 0;
    for entry in pinned {
        let used = failures.iter().any(|f| {
            f.path != "jsonschema"
                && entry.covers(
                    f.case.dialect,
                    &f.case.file,
                    &f.case.description,
                    &f.case.tests[f.test].description,
                )
        });
        if !used {
            stale += 1;
            let _ = writeln!(
                text,
                "WARN expected failure now passes (remove it): {}",
                entry.name()
            );
        }
    }
    Report {
        text,
        unexpected,
        stale,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suite::load::Test;

    fn case(dialect: &'static str, file: &str, tests: usize) -> Case {
        Case {
            dialect,
            file: file.into(),
            description: "c".into(),
            schema: serde_json::json!({}),
            tests: (0..tests)
                .map(|i| Test {
                    description: format!("t{i}"),
                    data: "1".into(),
                    valid: true,
                })
                .collect(),
        }
    }

    #[test]
    fn counts_lines_and_exit_status_follow_the_verdicts() {
        let cases = vec![
            case("draft7", "ref.json", 2),
            case("draft7", "optional/bignum.json", 1),
        ];
        let fail = || Some("said valid".to_string());
        let results = vec![
            vec![[None, None, None], [fail(), None, fail()]],
            vec![[fail(), fail(), None]],
        ];
        let pinned = parse_pinned("draft7", "optional/bignum.json");
        let report = build(&cases, &results, &Default::default(), &pinned);
        let lines: Vec<&str> = report.text.lines().collect();
        assert_eq!(
            lines[0],
            "draft7 required: value 1/2, bytes 2/2, jsonschema 1/2"
        );
        assert_eq!(
            lines[1],
            "draft7 optional: value 0/1, bytes 0/1, jsonschema 1/1"
        );
        assert_eq!(
            lines[2],
            "draft2020-12 required: value 0/0, bytes 0/0, jsonschema 0/0"
        );
        assert_eq!(
            lines[4],
            "FAIL draft7 ref.json: c / t1 (value) -- said valid"
        );
        assert_eq!(
            lines[5],
            "FAIL draft7 ref.json: c / t1 (jsonschema) -- said valid"
        );
        assert_eq!(
            lines[6],
            "FAIL draft7 optional/bignum.json: c / t0 (value) -- said valid [expected]"
        );
        // jsonschema's failure and the pinned ones do not fail the run.
        assert_eq!(report.unexpected, 1);
        assert_eq!(report.stale, 0);
    }

    #[test]
    fn a_pinned_failure_that_passes_is_reported() {
        let cases = vec![case("draft7", "ref.json", 1)];
        let results = vec![vec![[None, None, None]]];
        let report = build(
            &cases,
            &results,
            &Default::default(),
            &parse_pinned("draft7", "ref.json"),
        );
        assert_eq!(report.stale, 1);
        assert!(report
            .text
            .contains("WARN expected failure now passes (remove it): draft7/ref.json"));
    }

    fn parse_pinned(dialect: &str, file: &str) -> Vec<Entry> {
        crate::suite::expected::parse(&format!(
            "[[fail]]\ndialect = \"{dialect}\"\nfile = \"{file}\"\nreason = \"r\"\n"
        ))
        .unwrap()
    }
}

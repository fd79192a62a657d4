//! The guard: fails the test when it ends with unexpected violations.

use super::{text::write_record, Findings, Record};
use crate::Origin;

/// A violation the test expects (so it does not fail the guard). Every
/// set part must match; an expectation that matches nothing fails the
/// guard too ("expected, but not seen").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pointer: Option<String>,
    keyword: Option<String>,
    definition: Option<String>,
    origin: Option<Origin>,
    input: bool,
}

impl Expected {
    /// Any violation (narrow it with the methods below).
    pub fn violation() -> Expected {
        Expected::default()
    }

    /// Unreadable input (not JSON, too large, …).
    pub fn unreadable() -> Expected {
        Expected {
            input: true,
            ..Expected::default()
        }
    }

    /// At this instance pointer (`/result/isError`).
    pub fn pointer(mut self, pointer: &str) -> Expected {
        self.pointer = Some(pointer.to_string());
        self
    }

    /// With this keyword (`type`, `required`, `enum`).
    pub fn keyword(mut self, keyword: &str) -> Expected {
        self.keyword = Some(keyword.to_string());
        self
    }

    /// Found by this definition's check (`CallToolResult`).
    pub fn definition(mut self, definition: &str) -> Expected {
        self.definition = Some(definition.to_string());
        self
    }

    /// In a message written by `origin`.
    pub fn origin(mut self, origin: Origin) -> Expected {
        self.origin = Some(origin);
        self
    }

    fn matches_record(&self, r: &Record) -> bool {
        self.origin.is_none_or(|o| o == r.context.origin)
    }
}

/// Fails the test at its end — when dropped, or at
/// [`Guard::assert_clean`] — if the collector holds a violation (from the
/// implementation or the harness) that no [`Expected`] covers, or an
/// expectation was never met. The panic message lists each violation as
/// the CLI's text output does.
///
/// A guard dropped while the test is already panicking stays quiet (no
/// double panic).
#[derive(Debug)]
pub struct Guard {
    findings: Findings,
    expected: Vec<Expected>,
    warnings: bool,
    allow_unjudged: bool,
    done: bool,
}

impl Guard {
    /// Guards what `findings` collects.
    pub fn new(findings: &Findings) -> Guard {
        Guard {
            findings: findings.clone(),
            expected: Vec::new(),
            warnings: false,
            allow_unjudged: false,
            done: false,
        }
    }

    /// Declares a violation expected.
    pub fn expect(&mut self, expected: Expected) -> &mut Guard {
        self.expected.push(expected);
        self
    }

    /// Warnings fail the test too (like `mcpwire check --strict`).
    pub fn strict(&mut self) -> &mut Guard {
        self.warnings = true;
        self
    }

    /// Messages the judge could not keep up with (over the pipeline's
    /// budget) do not fail the test (by default they do: the guard cannot
    /// vouch for them).
    pub fn allow_unjudged(&mut self) -> &mut Guard {
        self.allow_unjudged = true;
        self
    }

    /// Ends the guard without panicking: waits for the collector's
    /// pipelines ([`Findings::settle`]), then `Err` with the text the guard
    /// would fail with, or `Ok`.
    pub fn verdict(mut self) -> Result<(), String> {
        self.done = true;
        self.judge()
    }

    fn judge(&self) -> Result<(), String> {
        self.findings.settle();
        let mut met = vec![false; self.expected.len()];
        let mut text = String::new();
        let mut unexpected = 0usize;
        for record in self.findings.records() {
            let mut r = record.clone();
            r.report.violations.retain(|f| {
                let hit = self.expected.iter().position(|e| {
                    !e.input
                        && e.matches_record(&record)
                        && e.pointer
                            .as_deref()
                            .is_none_or(|p| p == f.violation.instance.as_str())
                        && e.keyword
                            .as_deref()
                            .is_none_or(|k| k == f.violation.keyword.as_str())
                        && e.definition.as_deref().is_none_or(|d| d == f.definition)
                });
                if let Some(i) = hit {
                    met[i] = true;
                }
                hit.is_none()
            });
            if r.report.input_error.is_some() {
                let hit = self
                    .expected
                    .iter()
                    .position(|e| e.input && e.matches_record(&record));
                if let Some(i) = hit {
                    met[i] = true;
                    r.report.input_error = None;
                }
            }
            let fails = !r.report.is_valid() || (self.warnings && !r.report.warnings.is_empty());
            if fails {
                unexpected += r.report.violations.len()
                    + usize::from(r.report.input_error.is_some())
                    + if self.warnings {
                        r.report.warnings.len()
                    } else {
                        0
                    };
                let _ = write_record(&mut text, &r, self.warnings);
            }
        }
        for (e, met) in self.expected.iter().zip(&met) {
            if !met {
                unexpected += 1;
                text.push_str(&format!("expected, but not seen: {e:?}\n"));
            }
        }
        let unjudged = self.findings.unjudged();
        if unjudged > 0 && !self.allow_unjudged {
            unexpected += 1;
            text.push_str(&format!(
                "{unjudged} message(s) were not judged: the judge fell behind (raise the \
                 pipeline's budget, or `Guard::allow_unjudged`)\n"
            ));
        }
        if unexpected == 0 {
            Ok(())
        } else {
            Err(format!(
                "mcpwire: {unexpected} protocol finding(s) the test did not expect:\n\n{text}"
            ))
        }
    }

    /// Fails the test now (panics) unless everything was expected.
    pub fn assert_clean(mut self) {
        self.done = true;
        if let Err(text) = self.judge() {
            panic!("{text}");
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        if self.done || std::thread::panicking() {
            return;
        }
        if let Err(text) = self.judge() {
            panic!("{text}");
        }
    }
}

//! The guard: fails the test when it ends with unexpected violations.
//!
//! Expectations work as a transcript record's `"expect"` does
//! ([`crate::expect`]), over the whole conversation instead of one
//! message: a violation an [`Expected`] covers moves from
//! [`Report::violations`](crate::Report::violations) to
//! [`Report::expected`](crate::Report::expected) (shown in the
//! [`Review`], not failing), and an expectation nothing met is a violation
//! "expected violation missing" ([`crate::expect::missing_violation`]) that
//! fails the guard.

use std::fmt;

use super::{text::write_record, Findings, Record};
use crate::{expect, Finding, Origin, Pointer};

/// A violation the test expects (so it does not fail the guard). Every
/// set part must match; an expectation that matches nothing fails the
/// guard too ("expected violation missing").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pointer: Option<Pointer>,
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

    /// At this instance pointer or below it (`/result/isError`; `/result`
    /// covers `/result/content/0/type` too), as a transcript record's
    /// `{"expect": {"violations": [pointer]}}`.
    pub fn pointer(mut self, pointer: &str) -> Expected {
        self.pointer = Some(Pointer::from_escaped(pointer));
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

    fn covers(&self, record: &Record, f: &Finding) -> bool {
        !self.input
            && self.origin.is_none_or(|o| o == record.context.origin)
            && self
                .pointer
                .as_ref()
                .is_none_or(|p| f.violation.instance.starts_with(p))
            && self
                .keyword
                .as_deref()
                .is_none_or(|k| k == f.violation.keyword.as_str())
            && self.definition.as_deref().is_none_or(|d| d == f.definition)
    }

    fn covers_input(&self, record: &Record) -> bool {
        self.input && self.origin.is_none_or(|o| o == record.context.origin)
    }

    /// The "expected violation missing" violation for this expectation.
    fn missing(&self) -> Finding {
        let what = if self.input {
            "unreadable input".to_string()
        } else {
            let mut what = match &self.pointer {
                Some(p) => format!(
                    "a violation at {}",
                    if p.as_str().is_empty() {
                        "(message)"
                    } else {
                        p.as_str()
                    }
                ),
                None => "a violation".to_string(),
            };
            let mut parts = Vec::new();
            if let Some(k) = &self.keyword {
                parts.push(format!("keyword {k}"));
            }
            if let Some(d) = &self.definition {
                parts.push(format!("definition {d}"));
            }
            if !parts.is_empty() {
                what.push_str(&format!(" ({})", parts.join(", ")));
            }
            what
        };
        let what = match self.origin {
            Some(o) => format!("{what} from the {}", o.as_str()),
            None => what,
        };
        let pointer = self.pointer.clone().unwrap_or_else(Pointer::root);
        expect::missing_violation(
            "JSONRPCMessage",
            crate::message::Target::Message,
            &pointer,
            "the test",
            &what,
        )
    }
}

/// What a guard concluded: the collector's records with the test's
/// expectations applied ([`Guard::review`]). Its `Display` is the text the
/// guard fails with.
#[derive(Clone, Debug)]
pub struct Review {
    /// Every record with a finding. Violations the test expects are in
    /// [`Report::expected`](crate::Report::expected), no longer in
    /// [`Report::violations`](crate::Report::violations); an unreadable
    /// message the test expects has its
    /// [`Report::input_error`](crate::Report::input_error) cleared (counted
    /// in [`Review::expected_unreadable`]).
    pub records: Vec<Record>,
    /// One "expected violation missing" violation per expectation nothing
    /// met.
    pub missing: Vec<Finding>,
    /// Unreadable messages the test expected.
    pub expected_unreadable: usize,
    /// Messages the judge could not keep up with, when they fail the
    /// guard (0 after [`Guard::allow_unjudged`]).
    pub unjudged: u64,
    /// Whether warnings fail ([`Guard::strict`]).
    pub strict: bool,
}

impl Review {
    /// Whether a record fails the guard.
    fn fails(&self, r: &Record) -> bool {
        !r.report.is_valid() || (self.strict && !r.report.warnings.is_empty())
    }

    /// Findings that fail the guard: violations and unreadable input the
    /// test did not expect (warnings too when strict), missing
    /// expectations, and one for unjudged messages.
    pub fn failures(&self) -> usize {
        let findings: usize = self
            .records
            .iter()
            .filter(|r| self.fails(r))
            .map(|r| {
                let warnings = if self.strict {
                    r.report.warnings.len()
                } else {
                    0
                };
                r.report.violations.len() + usize::from(r.report.input_error.is_some()) + warnings
            })
            .sum();
        findings + self.missing.len() + usize::from(self.unjudged > 0)
    }

    /// Violations (and unreadable messages) the test expected and saw.
    pub fn expected(&self) -> usize {
        let v: usize = self.records.iter().map(|r| r.report.expected.len()).sum();
        v + self.expected_unreadable
    }

    /// Nothing fails the guard.
    pub fn is_clean(&self) -> bool {
        self.failures() == 0
    }
}

impl fmt::Display for Review {
    /// The records that fail (as [`write_record`] writes them), the
    /// missing expectations, the unjudged messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = match self.expected() {
            0 => String::new(),
            n => format!(" ({n} expected, not failing)"),
        };
        writeln!(
            f,
            "mcpwire: {} protocol finding(s) the test did not expect{expected}:\n",
            self.failures()
        )?;
        for r in self.records.iter().filter(|r| self.fails(r)) {
            write_record(f, r, self.strict)?;
        }
        for m in &self.missing {
            writeln!(f, "{m}\n")?;
        }
        if self.unjudged > 0 {
            writeln!(
                f,
                "{} message(s) were not judged: the judge fell behind (raise the \
                 pipeline's budget, or `Guard::allow_unjudged`)",
                self.unjudged
            )?;
        }
        Ok(())
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

    /// Waits for the collector's pipelines ([`Findings::settle`]) and
    /// applies the expectations to what they found, without ending the
    /// guard.
    pub fn review(&self) -> Review {
        self.findings.settle();
        let mut met = vec![false; self.expected.len()];
        let mut records = self.findings.records();
        let mut expected_unreadable = 0;
        for record in &mut records {
            let violations = std::mem::take(&mut record.report.violations);
            for f in violations {
                match self.expected.iter().position(|e| e.covers(record, &f)) {
                    Some(i) => {
                        met[i] = true;
                        record.report.expected.push(f);
                    }
                    None => record.report.violations.push(f),
                }
            }
            if record.report.input_error.is_some() {
                if let Some(i) = self.expected.iter().position(|e| e.covers_input(record)) {
                    met[i] = true;
                    record.report.input_error = None;
                    expected_unreadable += 1;
                }
            }
        }
        let missing = self
            .expected
            .iter()
            .zip(&met)
            .filter(|(_, met)| !**met)
            .map(|(e, _)| e.missing())
            .collect();
        let unjudged = if self.allow_unjudged {
            0
        } else {
            self.findings.unjudged()
        };
        Review {
            records,
            missing,
            expected_unreadable,
            unjudged,
            strict: self.warnings,
        }
    }

    /// Ends the guard without panicking: `Err` with the text the guard
    /// would fail with ([`Review`]'s `Display`), or `Ok`.
    pub fn verdict(mut self) -> Result<(), String> {
        self.done = true;
        self.judge()
    }

    fn judge(&self) -> Result<(), String> {
        let review = self.review();
        if review.is_clean() {
            Ok(())
        } else {
            Err(review.to_string())
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

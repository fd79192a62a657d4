//! `--format junit`: JUnit XML, **one test case per transcript file**
//! (`classname` `mcpwire.check`, `name` the file): a file fails when any of
//! its findings fails the run (violations; warnings with `--strict`; fewer
//! messages than `--require-messages`), and errors when it cannot be read.
//! Per file rather than per message because that is the unit a CI author
//! captures and reruns, and it keeps a 10⁶-message capture one line in a
//! dashboard. Findings that do not fail go to the case's `system-out`.
//! Parsed back by a real JUnit reader (crate junit-parser) in
//! `tests/cli_formats.rs`.

use std::io::{self, Write};

use super::{
    sink::Summary,
    sink::{FileFailure, Finding, Message, Sink, Verdict},
};

/// One test case.
#[derive(Default)]
struct Case {
    name: String,
    messages: usize,
    failures: Vec<String>,
    errors: Vec<String>,
    notes: Vec<String>,
}

/// The JUnit format.
pub struct Junit {
    out: Box<dyn Write + Send>,
    cases: Vec<Case>,
    open: bool,
}

impl Junit {
    /// JUnit XML to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Junit {
        Junit {
            out,
            cases: Vec::new(),
            open: false,
        }
    }

    fn case(&mut self, file: &str) -> &mut Case {
        if !self.open || self.cases.last().is_none_or(|c| c.name != file) {
            self.cases.push(Case {
                name: file.to_string(),
                ..Case::default()
            });
            self.open = true;
        }
        self.cases.last_mut().expect("a case was just pushed")
    }
}

/// `file:line:col: violation[keyword] pointer: message`.
fn line_of(f: &Finding) -> String {
    let at = match f.span {
        Some(p) => format!("{}:{}:{}", f.file, p.line, p.column),
        None => format!("{}:{}", f.file, f.line),
    };
    let kind = if f.severity == super::sink::Severity::Warning {
        "warning"
    } else {
        "violation"
    };
    let pointer = if f.pointer.is_empty() {
        String::new()
    } else {
        format!("{} ", f.pointer)
    };
    format!(
        "{at}: {kind}[{}] {pointer}{}{}",
        f.keyword,
        f.message,
        f.at_revisions()
    )
}

/// XML text and attribute escaping; characters XML 1.0 cannot hold become
/// `U+FFFD`.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

impl Sink for Junit {
    fn file_start(&mut self, file: &str) -> io::Result<()> {
        self.open = false;
        self.case(file);
        Ok(())
    }

    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        for f in message.findings {
            let text = line_of(f);
            let case = self.case(&f.file);
            if f.fails {
                case.failures.push(text);
            } else {
                case.notes.push(text);
            }
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        if failure.unreadable {
            self.open = false;
        }
        let text = format!("{}: {}", failure.file, failure.message);
        let case = self.case(&failure.file);
        if failure.unreadable {
            case.errors.push(text);
        } else {
            case.failures.push(text);
        }
        Ok(())
    }

    fn file_done(&mut self, file: &str, messages: usize) -> io::Result<()> {
        self.case(file).messages = messages;
        self.open = false;
        Ok(())
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        let failures = self
            .cases
            .iter()
            .filter(|c| !c.failures.is_empty() && c.errors.is_empty())
            .count();
        let errors = self.cases.iter().filter(|c| !c.errors.is_empty()).count();
        let o = &mut self.out;
        writeln!(o, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
        writeln!(
            o,
            r#"<testsuites name="mcpwire" tests="{}" failures="{failures}" errors="{errors}">"#,
            self.cases.len()
        )?;
        writeln!(
            o,
            r#"  <testsuite name="mcpwire check" tests="{}" failures="{failures}" errors="{errors}" skipped="0">"#,
            self.cases.len()
        )?;
        writeln!(o, "    <properties>")?;
        for (name, value) in [
            ("messages", summary.messages.to_string()),
            ("violations", summary.violations.to_string()),
            ("warnings", summary.warnings.to_string()),
            ("strict", verdict.strict.to_string()),
            ("passed", verdict.passed(summary).to_string()),
        ] {
            writeln!(o, r#"      <property name="{name}" value="{value}"/>"#)?;
        }
        writeln!(o, "    </properties>")?;
        for c in &self.cases {
            write!(
                o,
                r#"    <testcase classname="mcpwire.check" name="{}""#,
                escape(&c.name)
            )?;
            if c.errors.is_empty() && c.failures.is_empty() && c.notes.is_empty() {
                writeln!(o, "/>")?;
                continue;
            }
            writeln!(o, ">")?;
            if let Some(first) = c.errors.first() {
                writeln!(
                    o,
                    r#"      <error message="{}" type="input-error">{}</error>"#,
                    escape(first),
                    escape(&c.errors.join("\n"))
                )?;
            } else if !c.failures.is_empty() {
                let n = c.failures.len();
                writeln!(
                    o,
                    r#"      <failure message="{n} finding{} fail the run ({} messages)" type="mcpwire">{}</failure>"#,
                    if n == 1 { "" } else { "s" },
                    c.messages,
                    escape(&c.failures.join("\n"))
                )?;
            }
            if !c.notes.is_empty() {
                writeln!(
                    o,
                    "      <system-out>{}</system-out>",
                    escape(&c.notes.join("\n"))
                )?;
            }
            writeln!(o, "    </testcase>")?;
        }
        writeln!(o, "  </testsuite>")?;
        writeln!(o, "</testsuites>")
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

//! `--format text`: findings for people. One block per offending value
//! (several findings on the same value, such as three missing `required`
//! members of one object, share a block): the headline of each, the
//! location `file:line:column` with what the message was, the definition
//! and schema pointer, and the file line with the offending bytes
//! underlined. Then one summary line.

use std::io::{self, Write};

use crate::{MessageKind, Origin};

use super::{
    sink::{describe, Severity, Summary},
    sink::{FileFailure, Finding, Message, Sink, Verdict},
    style::Style,
};

/// The text format.
pub struct Text {
    out: Box<dyn Write + Send>,
    style: Style,
    /// Only the summary line (the stderr companion of `--output`).
    summary_only: bool,
}

impl Text {
    /// Text to `out`, coloured when `color`.
    pub fn new(out: Box<dyn Write + Send>, color: bool) -> Text {
        Text {
            out,
            style: Style { color },
            summary_only: false,
        }
    }

    /// Only the summary line.
    pub fn summary_only(out: Box<dyn Write + Send>, color: bool) -> Text {
        Text {
            summary_only: true,
            ..Text::new(out, color)
        }
    }

    fn headline(&mut self, f: &Finding) -> io::Result<()> {
        let s = self.style;
        let label = match f.severity {
            Severity::Violation | Severity::Error => s.error(&format!("violation[{}]", f.keyword)),
            Severity::Warning => s.warning(&format!("warning[{}]", f.keyword)),
            Severity::Expected => s.good(&format!("expected[{}]", f.keyword)),
        };
        let at = if f.pointer.is_empty() && f.kind.is_some_and(|k| k != MessageKind::Unreadable) {
            "(message)"
        } else {
            f.pointer.as_str()
        };
        if at.is_empty() {
            writeln!(self.out, "{label}: {}", s.bold(&f.message))
        } else {
            writeln!(self.out, "{label}: {at}: {}", s.bold(&f.message))
        }
    }

    fn block(&mut self, group: &[&Finding]) -> io::Result<()> {
        let s = self.style;
        for f in group {
            self.headline(f)?;
        }
        let f = group[0];
        let mut place = match (&f.http, f.span) {
            (Some(h), _) => vec![format!("{} {}", f.file, h.describe())],
            (None, Some(p)) => vec![format!("{}:{}:{}", f.file, p.line, p.column)],
            (None, None) => vec![format!("{}:{}", f.file, f.line)],
        };
        if let Some(d) = f.direction {
            let inferred = if f.direction_inferred {
                " (inferred)"
            } else {
                ""
            };
            place.push(format!("{}{inferred}", d.as_str()));
        }
        if f.origin == Origin::Harness {
            place.push("harness".into());
        }
        if let Some(what) = describe(f) {
            place.push(what);
        }
        if !f.revisions.is_empty() {
            let names: Vec<&str> = f.revisions.iter().map(|v| v.as_str()).collect();
            place.push(names.join(", "));
        } else if let Some(v) = f.revision {
            place.push(v.to_string());
        }
        writeln!(
            self.out,
            "  {} {}",
            s.dim("-->"),
            s.location(&place.join(" · "))
        )?;
        let mut detail = Vec::new();
        if let Some(d) = &f.definition {
            detail.push(format!("definition {d}"));
        }
        let mut schemas: Vec<&str> = Vec::new();
        for g in group {
            if let Some(p) = g.schema_pointer.as_deref().filter(|p| !p.is_empty()) {
                if !schemas.contains(&p) {
                    schemas.push(p);
                }
            }
        }
        if !schemas.is_empty() {
            detail.push(format!("schema {}", schemas.join(", ")));
        }
        if !detail.is_empty() {
            writeln!(self.out, "   {} {}", s.dim("="), detail.join(" · "))?;
        }
        if let Some(e) = &f.excerpt {
            let number = e.at.map(|p| p.line.to_string()).unwrap_or_default();
            let width = number.len().max(2);
            let (before, rest) = split_chars(&e.text, e.start);
            let (mid, after) = split_chars(rest, e.len);
            writeln!(self.out, " {:>width$} {}", "", s.dim("|"))?;
            writeln!(
                self.out,
                " {:>width$} {} {before}{}{after}",
                s.dim(&number),
                s.dim("|"),
                s.highlight(mid)
            )?;
            writeln!(
                self.out,
                " {:>width$} {} {}{}",
                "",
                s.dim("|"),
                " ".repeat(e.start),
                s.highlight(&"^".repeat(e.len.max(1)))
            )?;
        }
        writeln!(self.out)
    }
}

impl Sink for Text {
    fn shows_expected(&self) -> bool {
        true
    }

    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        if self.summary_only {
            return Ok(());
        }
        let findings = message.findings;
        let mut i = 0;
        while i < findings.len() {
            let first = &findings[i];
            let mut group = vec![first];
            let mut j = i + 1;
            while j < findings.len()
                && findings[j].pointer == first.pointer
                && findings[j].severity == first.severity
                && findings[j].definition == first.definition
                && findings[j].line == first.line
                && findings[j].http == first.http
            {
                group.push(&findings[j]);
                j += 1;
            }
            self.block(&group)?;
            i = j;
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        if self.summary_only {
            return Ok(());
        }
        let s = self.style;
        writeln!(
            self.out,
            "{}: {}",
            s.error(&format!("error[{}]", failure.keyword)),
            s.bold(&failure.message)
        )?;
        writeln!(
            self.out,
            "  {} {}\n",
            s.dim("-->"),
            s.location(&failure.file)
        )
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        let s = self.style;
        let plural =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut parts = vec![
            plural(summary.files, "file", "files"),
            plural(summary.messages, "message", "messages"),
            format!("{} valid", summary.valid),
        ];
        let v = plural(summary.violations, "violation", "violations");
        parts.push(if summary.violations > 0 {
            s.error(&v)
        } else {
            s.good(&v)
        });
        let w = plural(summary.warnings, "warning", "warnings");
        parts.push(if summary.warnings > 0 {
            s.warning(&w)
        } else {
            w
        });
        if summary.expected > 0 {
            parts.push(plural(
                summary.expected,
                "expected violation",
                "expected violations",
            ));
        }
        if let Some(d) = summary.dropped {
            parts.push(format!("{d} dropped"));
        }
        if verdict.input_errors > 0 {
            parts.push(s.error(&plural(
                verdict.input_errors,
                "unreadable input",
                "unreadable inputs",
            )));
        }
        if verdict.failures > 0 {
            parts.push(s.error(&plural(
                verdict.failures,
                "file below --require-messages",
                "files below --require-messages",
            )));
        }
        let mut line = format!("{} {}", s.bold("summary:"), parts.join(", "));
        let revisions = verdict.revision_names();
        if !revisions.is_empty() {
            line.push_str(&format!("; judged at {}", revisions.join(", ")));
        }
        if verdict.strict && summary.warnings > 0 && summary.violations == 0 {
            line.push_str(&format!("; {}", s.error("failed: --strict")));
        }
        writeln!(self.out, "{line}")
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

fn split_chars(s: &str, n: usize) -> (&str, &str) {
    let at = s.char_indices().nth(n).map_or(s.len(), |(i, _)| i);
    s.split_at(at)
}

//! `--format github`: GitHub Actions workflow commands, one annotation per
//! finding (`::error file=F,line=L,col=C,title=T::message`) — `error` for
//! what fails the run, `warning` otherwise — and a `::notice` summary.
//! Values are escaped as the runner expects (`%`, CR, LF; in properties
//! also `:` and `,`).

use std::io::{self, Write};

use super::{
    sink::Summary,
    sink::{FileFailure, Message, Sink, Verdict},
};

/// The GitHub annotations format.
pub struct Github {
    out: Box<dyn Write + Send>,
}

impl Github {
    /// Annotations to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Github {
        Github { out }
    }
}

/// Escapes a workflow command's message (`%`, CR, LF).
pub fn data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow command's property value (also `:` and `,`).
pub fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

impl Sink for Github {
    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        for f in message.findings {
            let level = if f.fails { "error" } else { "warning" };
            let mut props = format!("file={},line={}", property(&f.file), f.span_line());
            if let Some(p) = f.span {
                props.push_str(&format!(",col={}", p.column));
            }
            let kind = if f.severity == super::sink::Severity::Warning {
                "warning"
            } else {
                "violation"
            };
            props.push_str(&format!(
                ",title={}",
                property(&format!("mcpwire {kind}[{}]", f.keyword))
            ));
            let mut text = f.message.clone();
            if !f.pointer.is_empty() {
                text = format!("{}: {text}", f.pointer);
            }
            if let Some(d) = &f.definition {
                text.push_str(&format!(" (definition {d})"));
            }
            text.push_str(&f.at_revisions());
            writeln!(self.out, "::{level} {props}::{}", data(&text))?;
        }
        Ok(())
    }

    fn failure(&mut self, failure: &FileFailure) -> io::Result<()> {
        writeln!(
            self.out,
            "::error file={},title={}::{}",
            property(&failure.file),
            property(&format!("mcpwire {}", failure.keyword)),
            data(&failure.message)
        )
    }

    fn finish(&mut self, summary: &Summary, verdict: &Verdict) -> io::Result<()> {
        let level = if verdict.passed(summary) {
            "notice"
        } else {
            "error"
        };
        writeln!(
            self.out,
            "::{level} title=mcpwire::{}",
            data(&format!(
                "{} files, {} messages, {} valid, {} violations, {} warnings{}{}",
                summary.files,
                summary.messages,
                summary.valid,
                summary.violations,
                summary.warnings,
                if verdict.input_errors > 0 {
                    format!(", {} unreadable inputs", verdict.input_errors)
                } else {
                    String::new()
                },
                if verdict.passed(summary) {
                    ""
                } else {
                    " — failed"
                }
            ))
        )
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(data("50%\nnext\r"), "50%25%0Anext%0D");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}

//! `Display` for what a [`crate::Session`] says: [`Finding`], [`Warning`]
//! and [`Report`] print as the headline lines of `mcpwire check`'s text
//! output, so a test guard or a log line reads like the CLI.
//!
//! ```
//! use mcpwire::{Direction, Session, Version};
//! # #[cfg(feature = "v2025_11_25")] {
//! let mut session = Session::new(Version::V2025_11_25);
//! let msg = serde_json::json!({"jsonrpc": "2.0", "method": "notifications/progress",
//!                              "params": {"progressToken": 1, "progress": "50%"}});
//! let reports = session.judge(Direction::ServerToClient, &msg).reports;
//! let text = reports[0].to_string();
//! assert!(text.starts_with("notification 'notifications/progress' · s2c · 2025-11-25: 1 violation"));
//! assert!(text.contains("\n  violation[type]: /params/progress: expected number, found string"));
//! # }
//! ```
//!
//! A finding is one line: `violation[<keyword>]: <pointer>: <message>
//! (definition <D>; schema <pointer>)`; a warning `warning[<class or rule
//! id>]: <pointer>: <message>`. `(message)` stands for the empty pointer
//! (the whole message). A report is a header (`<kind> '<method>' (id N)
//! · <direction> · <revision>: <verdict>`) followed by its findings, one
//! per line, indented by two spaces. The CLI adds file positions and
//! excerpts from the message's bytes; those are not known here.

use std::fmt;

use crate::{Finding, MessageKind, Report, Warning};

/// `(message)` for the empty pointer.
fn at(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(message)"
    } else {
        pointer
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = &self.violation;
        write!(
            f,
            "violation[{}]: {}: {} (definition {}",
            v.keyword,
            at(v.instance.as_str()),
            v.message,
            self.definition
        )?;
        if !v.schema.is_empty() {
            write!(f, "; schema {}", v.schema)?;
        }
        f.write_str(")")
    }
}

impl Warning {
    /// The warning's class as the CLI prints it: the rule id for a rule
    /// breach, else the snake_case kind (`unknown_response`).
    pub fn class(&self) -> String {
        if let Some(rule) = self.rule {
            return rule.id.to_string();
        }
        serde_json::to_value(self.kind)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "warning[{}]: {}: {}",
            self.class(),
            at(self.pointer.as_str()),
            self.message
        )
    }
}

impl fmt::Display for MessageKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MessageKind::Request => "request",
            MessageKind::Notification => "notification",
            MessageKind::Result => "result",
            MessageKind::Error => "error",
            MessageKind::Unknown => "not a JSON-RPC message",
            MessageKind::Unreadable => "unreadable",
        })
    }
}

impl Report {
    /// What the message was: `request 'tools/call' (id 3)`, `result of
    /// 'tools/call' (id 3)`, with ` [batch element i]` for batch elements.
    pub fn describe(&self) -> String {
        let method = self.method.as_deref();
        let named = method.map(|m| format!(" '{m}'")).unwrap_or_default();
        let of = method.map(|m| format!(" of '{m}'")).unwrap_or_default();
        let id = self
            .id
            .as_ref()
            .map(|i| format!(" (id {i})"))
            .unwrap_or_default();
        let mut text = match self.kind {
            MessageKind::Request => format!("request{named}{id}"),
            MessageKind::Notification => format!("notification{named}"),
            MessageKind::Result => format!("result{of}{id}"),
            MessageKind::Error => format!("error{of}{id}"),
            other => other.to_string(),
        };
        if let Some(i) = self.batch_index {
            text.push_str(&format!(" [batch element {i}]"));
        }
        text
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} · {}", self.describe(), self.direction.as_str())?;
        if let Some(v) = self.revision {
            write!(f, " · {v}")?;
        }
        let plural = |n: usize, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
        f.write_str(": ")?;
        if let Some(e) = &self.input_error {
            write!(f, "unreadable: {e}")?;
        } else if self.violations.is_empty() && self.warnings.is_empty() {
            f.write_str("valid")?;
        } else {
            write!(
                f,
                "{}, {}",
                plural(self.violations.len(), "violation"),
                plural(self.warnings.len(), "warning")
            )?;
        }
        for v in &self.violations {
            write!(f, "\n  {v}")?;
        }
        for w in &self.warnings {
            write!(f, "\n  {w}")?;
        }
        Ok(())
    }
}

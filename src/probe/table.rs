//! What one revision's probe did, and its table: negotiated revision,
//! methods exercised (ok / error / timed out), what was not called and
//! why, findings by rule. Written before the findings, as text or as one
//! JSON line per revision (`{"probe": {...}}`).

use std::{collections::BTreeMap, io};

use serde::Serialize;

/// Answers of one method.
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Tally {
    /// Answered with a result.
    pub ok: usize,
    /// Answered with an error.
    pub error: usize,
    /// Not answered in time.
    pub timed_out: usize,
    /// Not answered: the server's output ended (it exited) or (HTTP) it
    /// could not be reached first.
    pub closed: usize,
}

/// One revision's probe.
#[derive(Clone, Debug, Serialize)]
pub struct RevisionReport {
    /// The revision proposed.
    pub offered: String,
    /// What the server answered (`initialize`'s `protocolVersion`; for the
    /// stateless revisions, the offered one when `server/discover` lists
    /// it).
    pub negotiated: Option<String>,
    /// `serverInfo`'s name and version.
    pub server: Option<String>,
    /// `stdio`, `streamable-http`, or `http+sse` (the 2024-11-05
    /// transport, reached by the backwards-compatibility procedure).
    pub transport: String,
    /// Why little or nothing was exercised (a server that does not speak
    /// the revision), when so.
    pub note: Option<String>,
    /// Method → answers.
    pub methods: BTreeMap<String, Tally>,
    /// What was not called, and why.
    pub not_called: Vec<NotCalled>,
    /// (HTTP, on loopback) How the server answered a request with a
    /// foreign `Origin`: `refused (HTTP 403)`, `served (HTTP 200)`, …
    pub origin_check: Option<String>,
    /// (Streamable HTTP, a server that issued a session id) The session
    /// and protocol-version checks: check → what was sent and how it was
    /// answered.
    pub http_checks: BTreeMap<String, String>,
    /// Findings by rule.
    pub findings: BTreeMap<String, usize>,
    /// Messages judged, both directions (a batch is one).
    pub messages: usize,
    /// Of those, the ones without a violation.
    pub valid: usize,
    /// The server's exit status, when it exited while the probe was still
    /// talking to it.
    pub exit: Option<String>,
    /// Errors answered for what the server listed itself (its prompts,
    /// resources and tools).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ListedError>,
    /// The stdio transcript of this revision's conversation, when written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// The last lines of the server's standard error (at most 10), when
    /// its output ended while the probe was still talking to it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr: Vec<String>,
}

/// An error the server answered for something it listed itself (a
/// prompt, a resource, a tool): shown, since no sentence makes it wrong.
#[derive(Clone, Debug, Serialize)]
pub struct ListedError {
    /// The method and target (`prompts/get greet`).
    pub what: String,
    /// The error's code, when an integer.
    pub code: Option<i64>,
    /// Its message.
    pub message: String,
}

/// Something the probe chose not to call: one line per group (the tools
/// not called for one reason are one).
#[derive(Clone, Debug, Serialize)]
pub struct NotCalled {
    /// The method and target (`tools/call echo`, `tools/call of 19 of 21
    /// tools`).
    pub what: String,
    /// Why.
    pub why: String,
    /// The tools of a group, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
}

impl NotCalled {
    /// The tools `names` (of `listed`) not called for `why`.
    pub(crate) fn tools(names: Vec<String>, why: String, listed: usize) -> NotCalled {
        let what = match names.as_slice() {
            [one] => format!("tools/call {one}"),
            _ => format!("tools/call of {} of {listed} tools", names.len()),
        };
        NotCalled { what, why, names }
    }

    /// The text line: what, why, and up to five of the names.
    fn line(&self) -> String {
        let mut line = format!("not called: {} ({})", self.what, self.why);
        if self.names.len() > 1 {
            let shown: Vec<&str> = self.names.iter().take(5).map(String::as_str).collect();
            line.push_str(&format!(": {}", shown.join(", ")));
            if self.names.len() > 5 {
                line.push_str(&format!(", and {} more", self.names.len() - 5));
            }
        }
        line
    }
}

impl RevisionReport {
    /// An empty table for `offered`.
    pub fn new(offered: &str) -> RevisionReport {
        RevisionReport {
            offered: offered.to_string(),
            negotiated: None,
            server: None,
            transport: "stdio".to_string(),
            note: None,
            methods: BTreeMap::new(),
            not_called: Vec::new(),
            origin_check: None,
            http_checks: BTreeMap::new(),
            findings: BTreeMap::new(),
            messages: 0,
            valid: 0,
            exit: None,
            stderr: Vec::new(),
            transcript: None,
            errors: Vec::new(),
        }
    }

    /// Writes the table as text.
    pub fn text(&self, out: &mut dyn io::Write) -> io::Result<()> {
        let negotiated = self.negotiated.as_deref().unwrap_or("none");
        write!(out, "revision {}: negotiated {negotiated}", self.offered)?;
        if let Some(s) = &self.server {
            write!(out, " (server {s})")?;
        }
        if self.transport != "stdio" {
            write!(out, " over {}", self.transport)?;
        }
        writeln!(out)?;
        if let Some(note) = &self.note {
            writeln!(out, "  {note}")?;
        }
        if !self.methods.is_empty() {
            let width = self
                .methods
                .keys()
                .map(String::len)
                .max()
                .unwrap_or(6)
                .max(6);
            writeln!(
                out,
                "  {:width$}  {:>5}  {:>5}  {:>9}  {:>6}",
                "method", "ok", "error", "timed out", "closed"
            )?;
            for (method, t) in &self.methods {
                writeln!(
                    out,
                    "  {method:width$}  {:>5}  {:>5}  {:>9}  {:>6}",
                    t.ok, t.error, t.timed_out, t.closed
                )?;
            }
        }
        for e in &self.errors {
            let code = e
                .code
                .map_or_else(|| "no code".to_string(), |c| c.to_string());
            writeln!(
                out,
                "  answered an error: {} ({code}: {})",
                e.what, e.message
            )?;
        }
        if let Some(line) = self.tools_line() {
            writeln!(out, "  {line}")?;
        }
        for n in &self.not_called {
            writeln!(out, "  {}", n.line())?;
        }
        if let Some(o) = &self.origin_check {
            writeln!(out, "  origin check: {o}")?;
        }
        for (check, what) in &self.http_checks {
            writeln!(out, "  {check} check: {what}")?;
        }
        if let Some(exit) = &self.exit {
            writeln!(out, "  the server exited early: {exit}")?;
        }
        if !self.stderr.is_empty() {
            writeln!(out, "  its standard error ended with:")?;
            for line in &self.stderr {
                writeln!(out, "    {line}")?;
            }
        }
        if self.findings.is_empty() {
            writeln!(out, "  findings: none")?;
        } else {
            let list: Vec<String> = self
                .findings
                .iter()
                .map(|(r, n)| format!("{r} {n}"))
                .collect();
            writeln!(out, "  findings: {}", list.join(", "))?;
        }
        writeln!(out)
    }

    /// `called 2 of 21 tools`, when tools were listed and some not called.
    fn tools_line(&self) -> Option<String> {
        let skipped: usize = self
            .not_called
            .iter()
            .filter(|n| n.what.starts_with("tools/call"))
            .map(|n| n.names.len())
            .sum();
        if skipped == 0 {
            return None;
        }
        let called = self
            .methods
            .get("tools/call")
            .map_or(0, |t| t.ok + t.error + t.timed_out + t.closed);
        Some(format!("called {called} of {} tools", called + skipped))
    }

    /// Writes the table as one JSON line.
    pub fn json(&self, out: &mut dyn io::Write) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &serde_json::json!({ "probe": self }))?;
        writeln!(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_lists_methods_skips_and_findings() {
        let mut t = RevisionReport::new("2025-06-18");
        t.negotiated = Some("2025-06-18".into());
        t.methods.insert(
            "tools/list".into(),
            Tally {
                ok: 1,
                error: 0,
                timed_out: 0,
                closed: 0,
            },
        );
        t.methods.insert(
            "ping".into(),
            Tally {
                ok: 0,
                error: 0,
                timed_out: 1,
                closed: 0,
            },
        );
        t.not_called.push(NotCalled::tools(
            vec!["echo".into(), "rm".into()],
            "not read-only".into(),
            3,
        ));
        t.findings.insert("probe-timeout".into(), 1);
        let mut out = Vec::new();
        t.text(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("revision 2025-06-18: negotiated 2025-06-18\n"),
            "{text}"
        );
        assert!(
            text.contains("\n  ping            0      0          1       0\n")
                && text.contains("\n  method         ok  error  timed out  closed\n"),
            "{text}"
        );
        assert!(
            text.contains("not called: tools/call of 2 of 3 tools (not read-only): echo, rm"),
            "{text}"
        );
        assert!(text.contains("findings: probe-timeout 1"), "{text}");
        let mut json = Vec::new();
        t.json(&mut json).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["probe"]["methods"]["ping"]["timed_out"], 1);
    }
}

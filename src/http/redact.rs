//! Secrets kept out of captures and reports: the values of header fields
//! that carry credentials are replaced by a marker before anything is
//! judged, recorded or written.
//!
//! `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are
//! redacted by default (browsers' sanitized HAR exports drop the same
//! fields); more names can be added. A redacted value is written as
//! `<redacted:N>`, where N is the original value's length in bytes: an
//! ordinary string in every format (a HAR header's `value`, a transcript's
//! header pair, a report), so a reader still sees that the field was sent
//! and how long it was — enough to tell an empty token from a real one —
//! and never its content. No HTTP rule reads these values (only whether a
//! field is present), so judging is the same with or without them.

use crate::http::exchange::Headers;

/// The fields redacted unless told otherwise (lowercase).
pub const DEFAULT_NAMES: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];

/// The fields whose values the HTTP rules read (lowercase): redacting
/// one would change the findings, so they cannot be redacted.
pub const JUDGED: &[&str] = &[
    "accept",
    "content-type",
    "mcp-session-id",
    "mcp-protocol-version",
    "mcp-method",
    "mcp-name",
    "last-event-id",
];

/// Which header fields to redact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redaction {
    /// Lowercase names; empty: nothing is redacted.
    names: Vec<String>,
}

impl Default for Redaction {
    fn default() -> Self {
        Redaction::new(std::iter::empty::<String>())
    }
}

impl Redaction {
    /// The default fields plus `extra` (names compared case-insensitively).
    pub fn new<S: AsRef<str>>(extra: impl IntoIterator<Item = S>) -> Redaction {
        let mut names: Vec<String> = DEFAULT_NAMES.iter().map(|s| s.to_string()).collect();
        for n in extra {
            let n = n.as_ref().trim().to_ascii_lowercase();
            if !n.is_empty() && !names.contains(&n) {
                names.push(n);
            }
        }
        Redaction { names }
    }

    /// Nothing redacted (`--keep-secrets`).
    pub fn none() -> Redaction {
        Redaction { names: Vec::new() }
    }

    /// Whether a field called `name` is redacted.
    pub fn covers(&self, name: &str) -> bool {
        self.names.iter().any(|n| n.eq_ignore_ascii_case(name))
    }

    /// Replaces the value of every covered field by its marker; how many
    /// were replaced.
    pub fn apply(&self, headers: &mut Headers) -> usize {
        let mut n = 0;
        for (name, value) in &mut headers.0 {
            if self.covers(name) && !is_marker(value) {
                *value = marker(value.len());
                n += 1;
            }
        }
        n
    }
}

/// The marker of a value `len` bytes long: `<redacted:13>`.
pub fn marker(len: usize) -> String {
    format!("<redacted:{len}>")
}

/// Whether `value` is a marker (already redacted).
pub fn is_marker(value: &str) -> bool {
    value
        .strip_prefix("<redacted:")
        .and_then(|r| r.strip_suffix('>'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers() -> Headers {
        Headers(vec![
            ("Authorization".into(), "Bearer sekrit".into()),
            ("accept".into(), "application/json".into()),
            ("COOKIE".into(), "a=b".into()),
            ("x-api-key".into(), "k1".into()),
        ])
    }

    #[test]
    fn default_fields_are_redacted_with_their_length() {
        let mut h = headers();
        assert_eq!(Redaction::default().apply(&mut h), 2);
        assert_eq!(h.get("authorization"), Some("<redacted:13>"));
        assert_eq!(h.get("cookie"), Some("<redacted:3>"));
        assert_eq!(h.get("accept"), Some("application/json"));
        assert_eq!(h.get("x-api-key"), Some("k1"));
        // Applying twice changes nothing.
        assert_eq!(Redaction::default().apply(&mut h), 0);
        assert_eq!(h.get("authorization"), Some("<redacted:13>"));
    }

    #[test]
    fn extra_names_and_none() {
        let mut h = headers();
        Redaction::new(["X-Api-Key"]).apply(&mut h);
        assert_eq!(h.get("x-api-key"), Some("<redacted:2>"));
        let mut h = headers();
        assert_eq!(Redaction::none().apply(&mut h), 0);
        assert_eq!(h, headers());
        assert!(is_marker("<redacted:0>") && !is_marker("<redacted:>") && !is_marker("x"));
    }
}

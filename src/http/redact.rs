//! Secrets kept out of captures and reports: the values of header fields
//! and URL query parameters that carry credentials are replaced by a
//! marker before anything is judged, recorded or written.
//!
//! `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` are
//! redacted by default (browsers' sanitized HAR exports drop the same
//! fields), and so are the query parameters hosted MCP servers and HTTP
//! APIs take credentials in ([`DEFAULT_QUERY_NAMES`]: `access_token` is
//! RFC 6750's "URI Query Parameter" for bearer tokens; `api_key` is how
//! hosted MCP gateways put a key in the server's URL); more names of
//! either kind can be added. A redacted value is written as
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

/// The query parameters redacted unless told otherwise (compared
/// case-insensitively).
pub const DEFAULT_QUERY_NAMES: &[&str] = &[
    "access_token",
    "api_key",
    "apikey",
    "api-key",
    "key",
    "token",
    "auth",
    "password",
    "secret",
    "client_secret",
    "signature",
    "sig",
];

/// The query parameters the router reads (the 2024-11-05 HTTP+SSE
/// message endpoint's session): never redacted.
pub const JUDGED_QUERY: &[&str] = &["sessionid", "session_id"];

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

/// Which header fields and query parameters to redact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redaction {
    /// Lowercase header names; empty: no header is redacted.
    names: Vec<String>,
    /// Lowercase query parameter names; empty: no query is redacted.
    query: Vec<String>,
}

/// `extra` lowercased and trimmed, added to `names` once each.
fn add_names<S: AsRef<str>>(names: &mut Vec<String>, extra: impl IntoIterator<Item = S>) {
    for n in extra {
        let n = n.as_ref().trim().to_ascii_lowercase();
        if !n.is_empty() && !names.contains(&n) {
            names.push(n);
        }
    }
}

impl Default for Redaction {
    fn default() -> Self {
        Redaction::new(std::iter::empty::<String>())
    }
}

impl Redaction {
    /// The default fields and query parameters plus the fields `extra`
    /// (names compared case-insensitively).
    pub fn new<S: AsRef<str>>(extra: impl IntoIterator<Item = S>) -> Redaction {
        let mut names: Vec<String> = DEFAULT_NAMES.iter().map(|s| s.to_string()).collect();
        add_names(&mut names, extra);
        let query = DEFAULT_QUERY_NAMES.iter().map(|s| s.to_string()).collect();
        Redaction { names, query }
    }

    /// The same, with the query parameters `extra` redacted too (the
    /// router's `sessionId` never is: [`JUDGED_QUERY`]).
    pub fn with_query<S: AsRef<str>>(mut self, extra: impl IntoIterator<Item = S>) -> Redaction {
        add_names(&mut self.query, extra);
        self.query.retain(|n| !JUDGED_QUERY.contains(&n.as_str()));
        self
    }

    /// Nothing redacted (`--keep-secrets`).
    pub fn none() -> Redaction {
        Redaction {
            names: Vec::new(),
            query: Vec::new(),
        }
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

impl Redaction {
    /// `target` (a request target, `/mcp?api_key=…`, or a whole URL) with
    /// the value of every covered query parameter replaced by its marker;
    /// the rest, the fragment included, as it was.
    pub fn target(&self, target: &str) -> String {
        let Some((path, rest)) = target.split_once('?') else {
            return target.to_string();
        };
        let (query, fragment) = match rest.split_once('#') {
            Some((q, f)) => (q, Some(f)),
            None => (rest, None),
        };
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((name, value))
                    if !is_marker(value)
                        && self.query.iter().any(|n| n.eq_ignore_ascii_case(name)) =>
                {
                    format!("{name}={}", marker(value.len()))
                }
                _ => pair.to_string(),
            })
            .collect();
        let mut out = format!("{path}?{}", pairs.join("&"));
        if let Some(f) = fragment {
            out.push('#');
            out.push_str(f);
        }
        out
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

    #[test]
    fn query_parameters() {
        let r = Redaction::default();
        assert_eq!(
            r.target("https://h/x/mcp?api_key=k-123&profile=p&ACCESS_TOKEN=t#frag"),
            "https://h/x/mcp?api_key=<redacted:5>&profile=p&ACCESS_TOKEN=<redacted:1>#frag"
        );
        assert_eq!(r.target("/mcp"), "/mcp");
        assert_eq!(
            r.target("/messages?sessionId=abc"),
            "/messages?sessionId=abc"
        );
        // Idempotent; a flag without a value stays.
        let once = r.target("/m?token=abc&flag");
        assert_eq!(once, "/m?token=<redacted:3>&flag");
        assert_eq!(r.target(&once), once);
        // Added names; the router's session parameter is never redacted.
        let more = Redaction::default().with_query(["profile", "sessionId"]);
        assert_eq!(
            more.target("/m?profile=p&sessionId=s"),
            "/m?profile=<redacted:1>&sessionId=s"
        );
        assert_eq!(Redaction::none().target("/m?token=abc"), "/m?token=abc");
    }
}

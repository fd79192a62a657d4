//! ajv-formats' `uri` and `uri-template` (ajv-formats 3.0.1, "full" mode,
//! the formats of the MCP conformance harness), as its regular expressions,
//! copied verbatim from `ajv-formats/dist/formats.js`.
//!
//! Used only to *explain* a disagreement between mcpwire (which follows
//! ajv-formats) and the oracle (jsonschema, which follows RFC 3986 / RFC
//! 6570), never to decide one. The patterns are JavaScript regexes with the
//! `i` flag and no `u` flag: case folding is ASCII only, so instead of the
//! flag each ASCII letter range gets its upper-case twin, and `\d` becomes
//! `[0-9]` (Rust's `\d` is Unicode-aware). With no `m` flag, `^`/`$` anchor
//! the whole string in both engines.

use std::sync::OnceLock;

use regex::Regex;

/// `const URI = /…/i` of ajv-formats.
const URI: &str = r#"^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$"#;

/// `"uri-template": /…/i` of ajv-formats.
const URI_TEMPLATE: &str = r#"^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$"#;

/// The JavaScript `i` flag without `u`, spelled out (see the module docs).
fn compile(js: &str) -> Regex {
    let pattern = js
        .replace("a-z", "a-zA-Z")
        .replace("0-9a-f", "0-9a-fA-F")
        .replace("\\d", "[0-9]");
    Regex::new(&pattern).expect("ajv-formats' pattern compiles")
}

/// ajv-formats' `uri`: `NOT_URI_FRAGMENT.test(str) && URI.test(str)`.
pub fn uri(s: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    (s.contains('/') || s.contains(':')) && RE.get_or_init(|| compile(URI)).is_match(s)
}

/// ajv-formats' `uri-template`.
pub fn uri_template(s: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| compile(URI_TEMPLATE)).is_match(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Verdicts of ajv 8.20.0 + ajv-formats 3.0.1 (run under Node), where
    /// ajv-formats and jsonschema differ and some where they agree.
    #[test]
    fn matches_ajv_formats() {
        let uris = [
            ("https://example.com/x", true),
            ("urn:x", true),
            ("test://static/1", true),
            ("HTTPS://EXAMPLE.COM", true),
            ("http://[::1]:80/x", true),
            ("http://[::010.0.0.1]/", true),
            ("http://h:x/", true),
            ("https://example.com:99999/", true),
            ("a:", false),
            ("x:?q", false),
            ("x:#f", false),
            ("mailto:", false),
            ("relative/path", false),
            ("/abs", false),
            ("//host/path", false),
            ("1a:b", false),
            ("https://example.com/%zz", false),
            ("https://example.com/\u{e9}", false),
            ("https://example.com/#a#b", false),
            ("http://[::1", false),
        ];
        for (s, ok) in uris {
            assert_eq!(uri(s), ok, "uri {s:?}");
        }
        let templates = [
            ("file:///{path}", true),
            ("https://example.com/{id}/x{?q,r}", true),
            ("%41{x}", true),
            ("\u{e9}{x}", true),
            ("{X}", true),
            ("a'b{x}", false),
            ("{x.y}", false),
            ("{.x.y}", false),
            ("{x:0}", false),
            ("{x:10000}", false),
            ("{}", false),
            ("%4{x}", false),
            ("{unclosed", false),
            ("unopened}", false),
        ];
        for (s, ok) in templates {
            assert_eq!(uri_template(s), ok, "uri-template {s:?}");
        }
    }
}

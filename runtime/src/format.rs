//! The `format` assertions the MCP schemas use: `uri`, `uri-template` and
//! `byte`.
//!
//! mcpwire must agree with the reference conformance harness, which
//! validates with ajv and ajv-formats in *full* mode. Each check below is a
//! hand-written, allocation-free equivalent of the ajv-formats (v3) regular
//! expression, and says exactly which strings it accepts. All three work on
//! the string's characters; ajv's patterns are ASCII-only and
//! case-insensitive (`/i` without `/u` folds only ASCII letters), so
//! non-ASCII characters are accepted only where a pattern uses a negated
//! class (`uri-template` literals).
//!
//! Formats apply to strings only; the generated validators call these only
//! for string instances.

/// `uri`: an absolute URI per RFC 3986 §3, as ajv-formats' full-mode `uri`
/// (the jmrware URI regex with a required scheme, plus "contains `/` or
/// `:`", which a scheme implies). Accepted:
///
/// ```text
/// uri       = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
/// scheme    = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
/// hier-part = 1*( pchar / "/" )                    ; non-empty
///           / "/" [ "/" ] authority-with-ip-literal path-abempty
/// authority-with-ip-literal = [ userinfo "@" ] "[" IP-literal "]" [ ":" *DIGIT ]
/// query     = *( pchar / "/" / "?" )   fragment = *( pchar / "/" / "?" )
/// pchar     = unreserved / pct-encoded / sub-delims / ":" / "@"
/// ```
///
/// The first `hier-part` alternative is what ajv's three alternatives
/// (`//authority path`, `/path`, `rootless-path`) accept once hosts are
/// reg-names or IPv4 addresses, whose characters are all `pchar`s; only
/// bracketed IP literals (IPv6 as RFC 3986 §3.2.2, dec-octets with leading
/// zeros allowed as in ajv, or `v<hex>.<chars>`) need the authority form.
/// So `test://static/1`, `file:///x`, `urn:x`, `mailto:a@b.c` and
/// `http://[::1]:8080/` pass; `relative/path`, `/abs`, `` (empty), `urn:`
/// (empty hier-part, which RFC 3986 would allow), `a b:c`, `http://x y` and
/// non-ASCII characters fail. `fluent_uri::Uri::parse` is not used because
/// it accepts `urn:` and `x:?q` and rejects ajv's leading-zero IPv4 parts.
pub fn is_uri(s: &str) -> bool {
    let b = s.as_bytes();
    let Some(colon) = b.iter().position(|&c| c == b':') else {
        return false;
    };
    if !is_scheme(&b[..colon]) {
        return false;
    }
    // Fast path, one pass: a hier-part of path characters, then query and
    // fragment. Anything else (an IP literal, a bad escape, a stray
    // character) takes the general path below.
    let start = colon + 1;
    let mut at = scan(b, start, &PATH);
    if at > start {
        if b.get(at) == Some(&b'?') {
            at = scan(b, at + 1, &QUERY);
        }
        if b.get(at) == Some(&b'#') {
            at = scan(b, at + 1, &QUERY);
        }
        if at == b.len() {
            return true;
        }
    }
    let rest = &b[start..];
    let hier_end = rest
        .iter()
        .position(|&c| c == b'?' || c == b'#')
        .unwrap_or(rest.len());
    let (hier, tail) = rest.split_at(hier_end);
    is_hier_part(hier) && is_query_and_fragment(tail)
}

/// The index of the first byte at or after `from` that is neither in
/// `allowed` nor the start of a `%XX` escape.
fn scan(b: &[u8], from: usize, allowed: &Class) -> usize {
    let mut i = from;
    while let Some(&c) = b.get(i) {
        if allowed[c as usize] {
            i += 1;
        } else if c == b'%'
            && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            i += 3;
        } else {
            break;
        }
    }
    i
}

fn is_scheme(b: &[u8]) -> bool {
    match b.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic() && rest.iter().all(|&c| SCHEME[c as usize])
        }
        None => false,
    }
}

/// A byte-class table: `table[c]` says whether byte `c` is in the class.
type Class = [bool; 256];

/// ASCII letters and digits, plus `extra`.
const fn class(extra: &[u8]) -> Class {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 128 {
        table[c] = (c as u8).is_ascii_alphanumeric();
        c += 1;
    }
    let mut i = 0;
    while i < extra.len() {
        table[extra[i] as usize] = true;
        i += 1;
    }
    table
}

/// `userinfo` characters: `unreserved / sub-delims / ":"`.
static USERINFO: Class = class(b"-._~!$&'()*+,;=:");
/// `pchar / "/"`: `unreserved / sub-delims / ":" / "@" / "/"`.
static PATH: Class = class(b"-._~!$&'()*+,;=:@/");
/// `query` / `fragment` characters: `pchar / "/" / "?"`.
static QUERY: Class = class(b"-._~!$&'()*+,;=:@/?");
/// Scheme characters after the first letter.
static SCHEME: Class = class(b"+-.");

/// Whether every byte is in `allowed` or starts a `%XX` escape.
fn all_pct(b: &[u8], allowed: &Class) -> bool {
    scan(b, 0, allowed) == b.len()
}

fn is_hier_part(b: &[u8]) -> bool {
    if b.is_empty() {
        return false;
    }
    if all_pct(b, &PATH) {
        return true;
    }
    // Otherwise only an authority with a bracketed IP literal can match.
    let Some(after) = b.strip_prefix(b"/") else {
        return false;
    };
    let after = after.strip_prefix(b"/").unwrap_or(after);
    let auth_end = after.iter().position(|&c| c == b'/').unwrap_or(after.len());
    let (authority, path) = after.split_at(auth_end);
    is_ip_literal_authority(authority) && all_pct(path, &PATH)
}

fn is_ip_literal_authority(a: &[u8]) -> bool {
    let Some(open) = a.iter().position(|&c| c == b'[') else {
        return false;
    };
    let (userinfo, bracketed) = a.split_at(open);
    if let Some(userinfo) = userinfo.strip_suffix(b"@") {
        if !all_pct(userinfo, &USERINFO) {
            return false;
        }
    } else if !userinfo.is_empty() {
        return false;
    }
    let Some(close) = bracketed.iter().position(|&c| c == b']') else {
        return false;
    };
    let literal = &bracketed[1..close];
    let port = &bracketed[close + 1..];
    let port_ok = match port.split_first() {
        None => true,
        Some((b':', digits)) => digits.iter().all(u8::is_ascii_digit),
        Some(_) => false,
    };
    port_ok && (is_ipv6(literal) || is_ipv_future(literal))
}

/// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (ajv accepts
/// `v`/`V`).
fn is_ipv_future(b: &[u8]) -> bool {
    let Some(rest) = b.strip_prefix(b"v").or_else(|| b.strip_prefix(b"V")) else {
        return false;
    };
    let Some(dot) = rest.iter().position(|&c| c == b'.') else {
        return false;
    };
    let (hex, tail) = (&rest[..dot], &rest[dot + 1..]);
    !hex.is_empty()
        && hex.iter().all(u8::is_ascii_hexdigit)
        && !tail.is_empty()
        && tail.iter().all(|&c| USERINFO[c as usize])
}

/// IPv6address of RFC 3986 §3.2.2: eight 16-bit pieces, or fewer around a
/// single `::`; an IPv4 address may stand for the last two pieces.
fn is_ipv6(b: &[u8]) -> bool {
    let text = match std::str::from_utf8(b) {
        Ok(text) => text,
        Err(_) => return false,
    };
    match text.find("::") {
        Some(at) => {
            let (left, right) = (&text[..at], &text[at + 2..]);
            if right.contains("::") {
                return false;
            }
            let (Some(l), Some(r)) = (pieces(left, false), pieces(right, true)) else {
                return false;
            };
            l + r <= 7
        }
        None => pieces(text, true) == Some(8),
    }
}

/// Counts the pieces of a `:`-separated run of h16 (an IPv4 tail counts
/// two, allowed only at the end when `tail_ok`); `None` if malformed.
fn pieces(text: &str, tail_ok: bool) -> Option<usize> {
    if text.is_empty() {
        return Some(0);
    }
    let mut parts = text.split(':').peekable();
    let mut count = 0;
    while let Some(part) = parts.next() {
        let last = parts.peek().is_none();
        if last && tail_ok && part.contains('.') {
            if !is_ipv4(part) {
                return None;
            }
            count += 2;
        } else if (1..=4).contains(&part.len()) && part.bytes().all(|c| c.is_ascii_hexdigit()) {
            count += 1;
        } else {
            return None;
        }
    }
    Some(count)
}

/// Dotted quad whose parts are ajv's dec-octet `25[0-5]|2[0-4]\d|[01]?\d\d?`
/// (so `01` and `001` are allowed, `256` is not).
fn is_ipv4(text: &str) -> bool {
    let mut n = 0;
    for part in text.split('.') {
        n += 1;
        let ok = match part.len() {
            1 | 2 => part.bytes().all(|c| c.is_ascii_digit()),
            3 => {
                part.bytes().all(|c| c.is_ascii_digit())
                    && (part.starts_with(['0', '1'])
                        || part.as_bytes()[1] <= b'4' && part.starts_with('2')
                        || part.starts_with("25") && part.as_bytes()[2] <= b'5')
            }
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    n == 4
}

/// `[ "?" query ] [ "#" fragment ]`, both `*( pchar / "/" / "?" )`.
fn is_query_and_fragment(tail: &[u8]) -> bool {
    let (query, fragment) = match tail.iter().position(|&c| c == b'#') {
        Some(hash) => (&tail[..hash], Some(&tail[hash + 1..])),
        None => (tail, None),
    };
    let query_ok = match query.split_first() {
        None => true,
        Some((b'?', q)) => all_pct(q, &QUERY),
        Some(_) => false,
    };
    query_ok && fragment.is_none_or(|f| all_pct(f, &QUERY))
}

/// `uri-template`: RFC 6570 templates, exactly as ajv-formats' regex
///
/// ```text
/// ^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+
///   (?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i
/// ```
///
/// Literals: any character except controls and space (U+0000–U+0020),
/// `"`, `'`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, and `%` unless it
/// starts `%XX` (DEL and non-ASCII are allowed). Expressions: `{`, an
/// optional operator `+ # . / ; ? & = , ! @ |`, then one or more
/// comma-separated varspecs, `}`. A varspec is a name of ASCII letters,
/// digits, `_` and `%XX` (no `.`, unlike RFC 6570's varname), optionally
/// followed by `*` or a prefix `:N` with N in 1..=9999 written without a
/// leading zero. `file:///{path}`, `test://x/{id}{?q,r*}` and `` pass;
/// `{}`, `{a`, `a}`, `{a:0}`, `{a.b}` and `a b` fail.
pub fn is_uri_template(s: &str) -> bool {
    // Bytes suffice: every non-ASCII character is a literal, and none may
    // appear inside an expression.
    let mut b = s.as_bytes().iter().copied();
    while let Some(c) = b.next() {
        let ok = match c {
            b'{' => expression(&mut b),
            b'%' => pct_tail(&mut b),
            _ => LITERAL[c as usize],
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Template literal bytes: everything but controls, space, `"'<>\^`{|}`
/// and `%` (which must start an escape).
static LITERAL: Class = {
    let mut table = [true; 256];
    let mut c = 0;
    while c <= 0x20 {
        table[c] = false;
        c += 1;
    }
    let excluded = b"\"'<>%\\^`{|}";
    let mut i = 0;
    while i < excluded.len() {
        table[excluded[i] as usize] = false;
        i += 1;
    }
    table
};

/// Variable name characters (besides `%XX`).
static VARCHAR: Class = class(b"_");

/// The two hex digits after a `%`.
fn pct_tail(b: &mut impl Iterator<Item = u8>) -> bool {
    b.next().is_some_and(|c| c.is_ascii_hexdigit())
        && b.next().is_some_and(|c| c.is_ascii_hexdigit())
}

/// An expression after its `{`, through its `}`.
fn expression(b: &mut impl Iterator<Item = u8>) -> bool {
    let mut c = b.next();
    if matches!(
        c,
        Some(b'+' | b'#' | b'.' | b'/' | b';' | b'?' | b'&' | b'=' | b',' | b'!' | b'@' | b'|')
    ) {
        c = b.next();
    }
    loop {
        // varname: one or more [A-Za-z0-9_] or %XX.
        let mut len = 0;
        loop {
            match c {
                Some(ch) if VARCHAR[ch as usize] => {}
                Some(b'%') if pct_tail(b) => {}
                _ => break,
            }
            len += 1;
            c = b.next();
        }
        if len == 0 {
            return false;
        }
        // modifier: ":" [1-9][0-9]{0,3} or "*".
        match c {
            Some(b'*') => c = b.next(),
            Some(b':') => {
                if !matches!(b.next(), Some(b'1'..=b'9')) {
                    return false;
                }
                let mut digits = 1;
                c = b.next();
                while let Some(b'0'..=b'9') = c {
                    digits += 1;
                    if digits > 4 {
                        return false;
                    }
                    c = b.next();
                }
            }
            _ => {}
        }
        match c {
            Some(b',') => c = b.next(),
            Some(b'}') => return true,
            _ => return false,
        }
    }
}

/// `byte`: base64 (RFC 4648 §4) with padding, exactly ajv-formats'
/// `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`:
/// the length is a multiple of four, every character is in the base64
/// alphabet except one or two trailing `=`. No whitespace, no URL-safe
/// alphabet, no check of the unused bits (`QR==` passes). The empty string
/// is valid.
pub fn is_byte(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let data = match b {
        [head @ .., b'=', b'='] => head,
        [head @ .., b'='] => head,
        _ => b,
    };
    // Branch-free per chunk so that long payloads (images, audio) vectorize.
    data.chunks(64)
        .all(|chunk| chunk.iter().fold(true, |ok, &c| ok & is_base64(c)))
}

fn is_base64(c: u8) -> bool {
    matches!(c, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'+' | b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uri_requires_a_scheme() {
        for ok in [
            "test://static/1",
            "file:///x",
            "urn:x",
            "urn:isbn:0451450523",
            "mailto:a@b.c",
            "https://example.com/path?q=1&r=%20#frag",
            "HTTP://EXAMPLE.COM",
            "a+b-c.d:x",
            "x:/",
            "x://",
            "x:a/b//c",
            "http://user:pw@host:8080/p",
            "http://[::1]:8080/",
            "http://u@[2001:db8::7]/c=GB?objectClass?one",
            "http://[::ffff:192.0.2.128]",
            "http://[::ffff:01.02.003.4]",
            "http://[v1.fe:80]/",
            "http://[1:2:3:4:5:6:7:8]",
            "http://[1:2:3:4:5:6:7::]",
            "ldap://[2001:db8::7]/c=GB",
            "data:text/plain;base64,SGVsbG8=",
            "x:y?a/b?c#d/e?f",
            "ui://widget/a%2Fb",
        ] {
            assert!(is_uri(ok), "{ok}");
        }
        for bad in [
            "",
            "relative/path",
            "/abs",
            "//host/x",
            "urn:",
            "x:?q",
            "x:#f",
            "1x:y",
            ":x",
            "a b:c",
            "http://x y",
            "http://bad%zz",
            "http://%4",
            "x:y#a#b",
            "x:y?{}",
            "http://héllo",
            "http://[::1",
            "http://[::1]x",
            "http://[::1]:8a",
            "http://[1:2:3:4:5:6:7:8:9]",
            "http://[1::2::3]",
            "http://[12345::]",
            "http://[::256.1.1.1]",
            "http://[::1.2.3]",
            "http://[1.2.3.4::]",
            "http://[1:2:3:4:5:6:7:1.2.3.4]",
            "http://[v.x]",
            "http://[vg.x]",
            "http://us[er@[::1]",
            "http://x@y@[::1]",
        ] {
            assert!(!is_uri(bad), "{bad}");
        }
    }

    #[test]
    fn uri_template_follows_rfc6570_as_ajv() {
        for ok in [
            "",
            "file:///{path}",
            "test://x/{id}{?q,r*}",
            "{+path}/here",
            "{#x}",
            "{var:30}",
            "{var:9999}",
            "{a,b,c}",
            "{,a}",
            "{%20x}",
            "{A_b9}",
            "caf\u{e9}/{x}",
            "a\u{7f}b",
            "%41{x}",
            "http://example.com/dictionary/{term:1}/{term}",
        ] {
            assert!(is_uri_template(ok), "{ok}");
        }
        for bad in [
            "{}",
            "{a",
            "a}",
            "{a:0}",
            "{a:10000}",
            "{a.b}",
            "{a,}",
            "{++a}",
            "{a*:3}",
            "{a:3*}",
            "a b",
            "a\"b",
            "a|b",
            "%4",
            "%zz",
            "{%zz}",
            "{a}}",
            "{a{b}}",
        ] {
            assert!(!is_uri_template(bad), "{bad}");
        }
    }

    #[test]
    fn byte_is_padded_base64() {
        for ok in [
            "",
            "QQ==",
            "QUI=",
            "QUJD",
            "SGVsbG8sIHdvcmxkIQ==",
            "a+/9",
            "QR==",
        ] {
            assert!(is_byte(ok), "{ok}");
        }
        for bad in [
            "Q", "QQ", "QQ=", "QQ===", "Q===", "====", "QUJD\n", "QU JD", "QU-_", "Q=Q=",
            "QQ==QQ==", "é===",
        ] {
            assert!(!is_byte(bad), "{bad}");
        }
    }
}

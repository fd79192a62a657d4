//! URL checks and the Origin check: what it saw, loopback hosts, `--url`
//! validation.

use super::*;

/// What the Origin check saw.
#[derive(Debug)]
pub enum OriginCheck {
    /// The server served the request: its status.
    Accepted(u16),
    /// Refused: the status.
    Refused(u16),
    /// No answer: why.
    NoAnswer(String),
}

/// Whether `host` is `localhost` or a loopback address.
pub(super) fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|a| a.is_loopback())
}

/// Checks a `--url`: an `http://` or `https://` URL with a host.
pub fn check_url(url: &str) -> Result<Uri, String> {
    let uri: Uri = url.parse().map_err(|e| format!("--url {url:?}: {e}"))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return Err(format!("--url {url:?}: use an http:// or https:// URL")),
    }
    if uri.authority().is_none() {
        return Err(format!("--url {url:?} has no host"));
    }
    Ok(uri)
}

//! Reading a HAR file: telling one from other captures, parsing it, and
//! why that can fail.

use super::Har;

/// Why a HAR cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum HarError {
    /// Not JSON, or not shaped as a HAR.
    #[error("not a HAR 1.2 file: {0}")]
    Shape(#[from] serde_json::Error),
    /// A body declared base64 that is not.
    #[error("entry {entry}: {what} is declared base64 but does not decode: {why}")]
    Base64 {
        /// 1-based entry (in file order).
        entry: usize,
        /// `request body` or `response body`.
        what: &'static str,
        /// The decoder's message.
        why: String,
    },
}

/// Whether a file looks like a HAR: its name ends in `.har`, or its first
/// bytes open an object with a `log` member.
pub fn looks_like_har(name: &str, head: &[u8]) -> bool {
    if name.to_ascii_lowercase().ends_with(".har") {
        return true;
    }
    let text = String::from_utf8_lossy(head);
    let t = text.trim_start_matches('\u{feff}').trim_start();
    t.starts_with('{') && t[1..].trim_start().starts_with("\"log\"")
}

/// Reads a HAR.
pub fn read(bytes: &[u8]) -> Result<Har, HarError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    Ok(serde_json::from_slice(bytes)?)
}

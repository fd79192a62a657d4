//! URIs for reference resolution: an absolute [`Url`], references joined
//! against it (RFC 3986), and fragments taken off and percent-decoded.

/// `url` without its fragment.
pub(super) fn without_fragment(url: &Url) -> Url {
    Url(url
        .0
        .split_once('#')
        .map_or(&*url.0, |(bare, _)| bare)
        .to_string())
}

/// An absolute URI, as RFC 3986 reads it (`fluent-uri`, the parser the
/// `jsonschema` crate's reference resolution uses). Chosen over the `url`
/// crate, whose WHATWG rules this resolution does not need and whose
/// international-domain support (`idna` and the ICU data crates) made a
/// clean build of the crate markedly slower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Url(String);

impl Url {
    pub(super) fn parse(text: &str) -> Result<Url, String> {
        let text = encode_invalid(text);
        fluent_uri::Uri::parse(text.as_str())
            .map(|u| Url(u.as_str().to_string()))
            .map_err(|e| e.to_string())
    }

    /// `reference` resolved against this URI (RFC 3986 §5.2); characters
    /// a URI cannot hold (spaces, non-ASCII) percent-encoded first, as
    /// browsers and the `url` crate do.
    pub(super) fn join(&self, reference: &str) -> Result<Url, String> {
        let bare = without_fragment(self);
        let base = fluent_uri::Uri::parse(bare.0.as_str()).map_err(|e| e.to_string())?;
        let reference = encode_invalid(reference);
        let reference = fluent_uri::UriRef::parse(reference.as_str()).map_err(|e| e.to_string())?;
        reference
            .resolve_against(&base)
            .map(|u| Url(u.as_str().to_string()))
            .map_err(|e| e.to_string())
    }

    /// The fragment, without its `#`.
    pub(super) fn fragment(&self) -> Option<&str> {
        self.0.split_once('#').map(|(_, fragment)| fragment)
    }

    pub(super) fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Url {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// `text` with every byte a URI reference cannot hold percent-encoded
/// (RFC 3986 §2: what is neither unreserved, reserved nor `%`).
fn encode_invalid(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        let allowed = b.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=%".contains(&b);
        if allowed {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A fragment percent-decoded (invalid UTF-8 replaced).
pub(super) fn decode(fragment: &str) -> String {
    percent_encoding::percent_decode_str(fragment)
        .decode_utf8_lossy()
        .into_owned()
}

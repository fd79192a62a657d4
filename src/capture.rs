//! The **input** stage: a capture opened once, and what it is.
//!
//! [`Capture::open`] reads the start of a stream once and decides, in this
//! one place, for the command line, the npm package and any other caller:
//! - its **encoding**: UTF-8, or UTF-16 ([`utf16::detect`]: a byte order
//!   mark, as PowerShell's `>` writes, or NULs between ASCII bytes without
//!   one), then decoded to UTF-8 while streaming ([`utf16::Decoder`]; line
//!   numbers are those of the text). A UTF-8 byte order mark is left to
//!   the readers, which skip it;
//! - its **kind** ([`Kind`]): a HAR 1.2 capture (its name ends in `.har`,
//!   or its text opens an object with a `log` member:
//!   [`crate::http::har::looks_like_har`]); an HTTP transcript (its first
//!   line is a record with an `http` member:
//!   [`crate::http::transcript::has_http_member`]); else a transcript of
//!   messages, JSON Lines or a JSON array ([`crate::transcript`]).
//!
//! The stream then reads on from where it started ([`Capture`] is a
//! [`BufRead`]): the first line the kind was told by is handed out again
//! before the rest, so nothing is opened or read twice. The first line
//! held for that is at most [`Limits::max_bytes`] + 1 bytes (a longer one
//! is no HTTP transcript's record, and the rest of it streams on).
//!
//! ```
//! use mcpwire::capture::{Capture, Kind};
//!
//! let text = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n";
//! let mut utf16 = vec![0xFF, 0xFE];
//! utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
//! let capture = Capture::open("session.jsonl", utf16.as_slice(), Default::default()).unwrap();
//! assert_eq!(capture.kind(), Kind::Transcript);
//! assert!(capture.utf16().is_some());
//! assert_eq!(std::io::read_to_string(capture).unwrap(), text);
//! ```

use std::io::{self, BufRead, BufReader, Read};

use crate::{
    http::{har::looks_like_har, transcript::has_http_member},
    input::{
        utf16::{self, Utf16},
        Limits,
    },
};

/// What a capture holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// JSON-RPC messages, JSON Lines or a JSON array
    /// ([`crate::transcript::Reader`], [`crate::check_transcript`]).
    Transcript,
    /// A HAR 1.2 capture ([`crate::http::har`]).
    Har,
    /// An HTTP transcript ([`crate::http::transcript`]).
    HttpTranscript,
}

/// A capture, opened: its kind, its encoding, and its text as UTF-8 from
/// the start (see the module docs).
pub struct Capture<'a> {
    kind: Kind,
    utf16: Option<Utf16>,
    /// The first line, when it was read to tell the kind, not yet handed
    /// out again: `first[at..]`.
    first: Vec<u8>,
    at: usize,
    rest: Box<dyn BufRead + 'a>,
}

impl std::fmt::Debug for Capture<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Capture")
            .field("kind", &self.kind)
            .field("utf16", &self.utf16)
            .finish_non_exhaustive()
    }
}

/// The read buffer: large reads keep the per-call cost of a transcript's
/// lines low.
const BUFFER: usize = 1 << 20;

impl<'a> Capture<'a> {
    /// Opens the stream `inner`, named `name` (a path, or a label such as
    /// `<stdin>`: only its `.har` ending counts): reads its start to decide
    /// the encoding and the kind. Its errors are `inner`'s.
    pub fn open(name: &str, inner: impl Read + 'a, limits: Limits) -> io::Result<Capture<'a>> {
        let mut raw = BufReader::with_capacity(BUFFER, inner);
        let utf16 = utf16::detect(raw.fill_buf()?);
        let mut rest: Box<dyn BufRead + 'a> = match utf16 {
            Some(found) => Box::new(BufReader::with_capacity(
                BUFFER,
                utf16::Decoder::new(raw, found.order),
            )),
            None => Box::new(raw),
        };
        let head = rest.fill_buf()?;
        let mut capture = Capture {
            kind: Kind::Transcript,
            utf16,
            first: Vec::new(),
            at: 0,
            rest: Box::new(io::empty()),
        };
        if looks_like_har(name, &head[..head.len().min(64)]) {
            capture.kind = Kind::Har;
        } else {
            let cap = u64::try_from(limits.max_bytes)
                .unwrap_or(u64::MAX)
                .saturating_add(1);
            (&mut rest)
                .take(cap)
                .read_until(b'\n', &mut capture.first)?;
            if has_http_member(&capture.first) {
                capture.kind = Kind::HttpTranscript;
            }
        }
        capture.rest = rest;
        Ok(capture)
    }

    /// What it holds.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// `Some` when it was UTF-16 (and is decoded).
    pub fn utf16(&self) -> Option<Utf16> {
        self.utf16
    }
}

impl Read for Capture<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let chunk = self.fill_buf()?;
        let n = chunk.len().min(buf.len());
        buf[..n].copy_from_slice(&chunk[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Capture<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.first.len() {
            return Ok(&self.first[self.at..]);
        }
        self.rest.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.at < self.first.len() {
            self.at += amount;
            if self.at >= self.first.len() {
                self.first = Vec::new();
                self.at = 0;
            }
        } else {
            self.rest.consume(amount);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(name: &str, bytes: &[u8]) -> (Kind, Option<Utf16>, Vec<u8>) {
        let mut capture = Capture::open(name, bytes, Limits::default()).unwrap();
        let mut text = Vec::new();
        capture.read_to_end(&mut text).unwrap();
        (capture.kind(), capture.utf16(), text)
    }

    fn utf16le(text: &str, bom: bool) -> Vec<u8> {
        let mut out = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        out.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        out
    }

    #[test]
    fn kinds_are_told_and_the_text_comes_back_whole() {
        let lines = "{\"id\":1}\n{\"id\":2}\n";
        assert_eq!(
            open("a.jsonl", lines.as_bytes()),
            (Kind::Transcript, None, lines.as_bytes().to_vec())
        );
        let http =
            "{\"dir\":\"c2s\",\"msg\":{},\"http\":{\"exchange\":1,\"step\":\"request\"}}\n{}\n";
        assert_eq!(open("-", http.as_bytes()).0, Kind::HttpTranscript);
        assert_eq!(open("-", http.as_bytes()).2, http.as_bytes());
        let har = "\u{feff} {\n \"log\": {}}";
        assert_eq!(open("capture.json", har.as_bytes()).0, Kind::Har);
        assert_eq!(open("capture.json", har.as_bytes()).2, har.as_bytes());
        assert_eq!(open("x.HAR", b"[]").0, Kind::Har);
        assert_eq!(open("x.json", b"").0, Kind::Transcript);
        // An array is no record, whatever it holds.
        assert_eq!(open("-", b"[{\"http\":{}}]\n").0, Kind::Transcript);
    }

    #[test]
    fn utf16_is_decoded_before_the_kind_is_told() {
        let http = "{\"http\":{\"exchange\":1,\"step\":\"end\"}}\n";
        for bom in [true, false] {
            let (kind, found, text) = open("-", &utf16le(http, bom));
            assert_eq!(kind, Kind::HttpTranscript);
            assert_eq!(
                found.map(|u| (u.order, u.bom)),
                Some((utf16::Order::Little, bom))
            );
            assert_eq!(text, http.as_bytes());
        }
    }

    #[test]
    fn a_first_line_over_the_limit_streams_on() {
        let line = format!("{{\"http\":\"{}\"}}\n{{}}\n", "x".repeat(100));
        let mut capture = Capture::open("-", line.as_bytes(), Limits::new(8, 16)).unwrap();
        assert_eq!(capture.kind(), Kind::Transcript);
        let mut text = String::new();
        capture.read_to_string(&mut text).unwrap();
        assert_eq!(text, line);
    }
}

//! UTF-16 input: told from its first bytes ([`detect`], the one place
//! that decides it) and decoded to UTF-8 while streaming ([`Decoder`]),
//! with `std` alone.
//!
//! Why not encoding_rs (which this replaced): only UTF-16LE and UTF-16BE
//! are ever decoded, which `char::decode_utf16` does, and encoding_rs with
//! encoding_rs_io cost 2.9 s of the CLI's clean build on two cores for
//! tables of encodings it never uses (docs/benchmarks.md, "Clean release
//! build"). The behaviour is the same: a leading byte order mark is
//! dropped, an unpaired surrogate or a trailing odd byte becomes U+FFFD,
//! and every other unit comes through unchanged.

use std::io::{self, BufRead, Read};

/// UTF-16 found at the start of an input ([`detect`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Utf16 {
    /// Its byte order.
    pub order: Order,
    /// Whether a byte order mark says so (else NULs beside ASCII bytes do).
    pub bom: bool,
}

impl Utf16 {
    /// How it was told, as a finding words it.
    pub fn evidence(self) -> &'static str {
        match (self.bom, self.order) {
            (true, Order::Little) => "byte order mark FF FE, little-endian",
            (true, Order::Big) => "byte order mark FE FF, big-endian",
            (false, Order::Little) => "no byte order mark; NULs after ASCII bytes, little-endian",
            (false, Order::Big) => "no byte order mark; NULs before ASCII bytes, big-endian",
        }
    }
}

/// `Some` when the first bytes of an input are UTF-16: a byte order mark
/// (`FF FE`, as PowerShell's `>` writes, or `FE FF`), or an ASCII byte
/// followed by a NUL (`{\0"\0`) or the other way round. JSON on the wire
/// is UTF-8; a UTF-8 byte order mark is not UTF-16 (readers skip it).
pub fn detect(start: &[u8]) -> Option<Utf16> {
    let (order, bom) = match start {
        [0xFF, 0xFE, ..] => (Order::Little, true),
        [0xFE, 0xFF, ..] => (Order::Big, true),
        [a, 0, b, 0, ..] if *a != 0 && a.is_ascii() && b.is_ascii() => (Order::Little, false),
        [0, a, 0, b, ..] if *a != 0 && a.is_ascii() && b.is_ascii() => (Order::Big, false),
        _ => return None,
    };
    Some(Utf16 { order, bom })
}

/// The two UTF-16 byte orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Low byte first (PowerShell's `>`).
    Little,
    /// High byte first.
    Big,
}

impl Order {
    /// The encoding's name (`UTF-16LE`, `UTF-16BE`).
    pub fn name(self) -> &'static str {
        match self {
            Order::Little => "UTF-16LE",
            Order::Big => "UTF-16BE",
        }
    }

    fn unit(self, pair: [u8; 2]) -> u16 {
        match self {
            Order::Little => u16::from_le_bytes(pair),
            Order::Big => u16::from_be_bytes(pair),
        }
    }
}

/// A reader of UTF-8 over a UTF-16 byte stream.
pub struct Decoder<R> {
    inner: R,
    units: Units,
    /// Decoded UTF-8 not yet handed out: `out[taken..]`.
    out: Vec<u8>,
    taken: usize,
}

/// The decoding state between chunks (apart from the reader, so that a
/// chunk is decoded where the reader's buffer holds it).
struct Units {
    order: Order,
    /// Whether a leading byte order mark may still come.
    at_start: bool,
    /// A byte of a unit whose other byte has not been read yet.
    odd: Option<u8>,
    /// A high surrogate waiting for its low half.
    high: Option<u16>,
}

fn push(out: &mut Vec<u8>, c: char) {
    let mut buf = [0; 4];
    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
}

impl Units {
    /// Decodes `bytes`, the next chunk of the stream, onto `out`.
    fn chunk(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) {
        if let Some(first) = self.odd.take() {
            let unit = self.order.unit([first, bytes[0]]);
            self.unit(unit, out);
            bytes = &bytes[1..];
        }
        let mut pairs = bytes.chunks_exact(2);
        for pair in &mut pairs {
            let unit = self.order.unit([pair[0], pair[1]]);
            self.unit(unit, out);
        }
        self.odd = pairs.remainder().first().copied();
    }

    /// The stream ended: what is left unfinished, one U+FFFD each.
    fn end(&mut self, out: &mut Vec<u8>) {
        for unfinished in [self.high.take().is_some(), self.odd.take().is_some()] {
            if unfinished {
                push(out, char::REPLACEMENT_CHARACTER);
            }
        }
    }

    /// Decodes one unit onto `out`.
    fn unit(&mut self, unit: u16, out: &mut Vec<u8>) {
        if std::mem::take(&mut self.at_start) && unit == 0xFEFF {
            return;
        }
        let pending = self.high.take();
        match unit {
            0xD800..=0xDBFF => {
                if pending.is_some() {
                    push(out, char::REPLACEMENT_CHARACTER);
                }
                self.high = Some(unit);
            }
            0xDC00..=0xDFFF => match pending {
                Some(high) => {
                    let c = char::decode_utf16([high, unit])
                        .next()
                        .and_then(Result::ok)
                        .unwrap_or(char::REPLACEMENT_CHARACTER);
                    push(out, c);
                }
                None => push(out, char::REPLACEMENT_CHARACTER),
            },
            _ => {
                if pending.is_some() {
                    push(out, char::REPLACEMENT_CHARACTER);
                }
                // Not a surrogate, so always a scalar value.
                let c = char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER);
                push(out, c);
            }
        }
    }
}

impl<R: BufRead> Decoder<R> {
    /// Decodes `inner` as UTF-16 in `order`.
    pub fn new(inner: R, order: Order) -> Self {
        Decoder {
            inner,
            units: Units {
                order,
                at_start: true,
                odd: None,
                high: None,
            },
            out: Vec::new(),
            taken: 0,
        }
    }

    /// Fills `out` from the next chunk of `inner`; false at its end.
    fn refill(&mut self) -> io::Result<bool> {
        self.out.clear();
        self.taken = 0;
        let chunk = self.inner.fill_buf()?;
        if chunk.is_empty() {
            self.units.end(&mut self.out);
            return Ok(!self.out.is_empty());
        }
        self.units.chunk(chunk, &mut self.out);
        let n = chunk.len();
        self.inner.consume(n);
        Ok(true)
    }
}

impl<R: BufRead> Read for Decoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.taken == self.out.len() {
            if !self.refill()? {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.out.len() - self.taken);
        buf[..n].copy_from_slice(&self.out[self.taken..self.taken + n]);
        self.taken += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `bytes` read through a buffer of `capacity` bytes.
    fn decode(bytes: &[u8], order: Order, capacity: usize) -> String {
        let reader = io::BufReader::with_capacity(capacity, bytes);
        let mut out = String::new();
        Decoder::new(reader, order)
            .read_to_string(&mut out)
            .unwrap();
        out
    }

    fn encode(text: &str, order: Order) -> Vec<u8> {
        text.encode_utf16()
            .flat_map(|u| match order {
                Order::Little => u.to_le_bytes(),
                Order::Big => u.to_be_bytes(),
            })
            .collect()
    }

    #[test]
    fn text_comes_back_in_both_orders_and_any_chunking() {
        let text = "{\"a\":\"é𝄞 ok\"}\n\u{FEFF}mid";
        for order in [Order::Little, Order::Big] {
            let bytes = encode(text, order);
            for capacity in [1, 2, 3, 5, 64] {
                assert_eq!(
                    decode(&bytes, order, capacity),
                    text,
                    "{order:?} {capacity}"
                );
            }
        }
    }

    #[test]
    fn a_leading_byte_order_mark_is_dropped_and_only_that_one() {
        let bytes = encode("\u{FEFF}\u{FEFF}x", Order::Little);
        assert_eq!(decode(&bytes, Order::Little, 3), "\u{FEFF}x");
    }

    #[test]
    fn broken_units_become_replacement_characters() {
        let mut bytes = Vec::new();
        for unit in [0x61u16, 0xD834, 0x62, 0xDD1E, 0xD834] {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        bytes.push(0x63);
        // A high surrogate before `b`, a lone low one, a high one at the end,
        // and an odd byte: one U+FFFD each.
        assert_eq!(
            decode(&bytes, Order::Little, 4),
            "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}"
        );
    }
}

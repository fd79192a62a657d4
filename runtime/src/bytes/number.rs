//! Numbers: scanned by JSON's grammar, read as serde_json reads them
//! (short integers here, every other number by serde_json itself), and
//! skipped refusing what serde_json refuses.

use serde_json::Number;

use super::{Reader, Stop, R};

impl<'a> Reader<'a> {
    /// Scans a number token; returns its end and whether it is a plain
    /// integer (no fraction, no exponent).
    fn scan_number(&mut self) -> R<(usize, usize, bool)> {
        let b = self.bytes();
        let start = self.pos;
        let mut i = start;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => return Err(Stop),
        }
        let mut plain = true;
        if b.get(i) == Some(&b'.') {
            plain = false;
            i = digits(b, i + 1)?;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            plain = false;
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            i = digits(b, i)?;
        }
        self.pos = i;
        Ok((start, i, plain))
    }

    /// Reads a number exactly as serde_json parses it into a `Value`.
    pub fn number(&mut self) -> R<Number> {
        self.peek()?;
        let (start, end, plain) = self.scan_number()?;
        let token = self.text.get(start..end).ok_or(Stop)?;
        if plain {
            let (negative, digits) = match token.strip_prefix(b"-") {
                Some(d) => (true, d),
                None => (false, token),
            };
            if digits.len() <= 18 {
                let mut value: u64 = 0;
                for &d in digits {
                    value = value * 10 + u64::from(d - b'0');
                }
                if !negative {
                    return Ok(Number::from(value));
                }
                // In range: at most 18 digits. `-0` is serde_json's f64 -0.0,
                // handled below.
                if value != 0 {
                    return Ok(Number::from(-(value as i64)));
                }
            }
        }
        serde_json::from_slice::<Number>(token).map_err(|_| Stop)
    }

    /// Skips a number, refusing what serde_json refuses (magnitudes beyond
    /// `f64`).
    pub fn skip_number(&mut self) -> R {
        self.peek()?;
        let (start, end, plain) = self.scan_number()?;
        if plain && end - start <= 300 {
            // An integer of at most 300 characters: always finite.
            return Ok(());
        }
        let token = self.bytes().get(start..end).ok_or(Stop)?;
        // Below 10^300 in magnitude with no exponent: always finite.
        let exponent = token.iter().any(|&c| c == b'e' || c == b'E');
        let int_digits = token
            .iter()
            .skip_while(|&&c| c == b'-')
            .take_while(|c| c.is_ascii_digit())
            .count();
        if exponent || int_digits > 300 {
            serde_json::from_slice::<Number>(token).map_err(|_| Stop)?;
        }
        Ok(())
    }
}

/// One or more digits from `i`; returns the index after them.
#[inline]
fn digits(b: &[u8], mut i: usize) -> R<usize> {
    let start = i;
    while b.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == start {
        return Err(Stop);
    }
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bytes::MAX_DEPTH;

    #[test]
    fn numbers_are_serde_json_numbers() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "123456789012345678",
            "-123456789012345678",
            "1234567890123456789",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1.0",
            "6e4",
            "0.1",
            "2.5E-3",
        ] {
            let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
            let mine = r.number().unwrap();
            let theirs: Number = serde_json::from_str(text).unwrap();
            assert_eq!(mine, theirs, "{text}");
            assert_eq!(
                serde_json::Value::Number(mine).to_string(),
                serde_json::Value::Number(theirs).to_string()
            );
        }
    }
}

//! Equality of the short strings the validators compare — member names,
//! discriminator values — in one place, for the bytes path
//! ([`crate::bytes`]) and both paths' `anyOf` ([`crate::branch`]).

/// Whether `a` and `b` hold the same bytes, compared without a `memcmp`
/// call: the names and constants compared here are a few bytes long, for
/// which the call costs more than the compare.
#[inline]
pub(crate) fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_is_str_eq() {
        let words = [
            "",
            "a",
            "b",
            "ab",
            "ba",
            "type",
            "text",
            "tool",
            "2.0",
            "tools/call",
        ];
        for a in words {
            for b in words {
                assert_eq!(same(a, b), a == b, "{a:?} {b:?}");
            }
        }
    }
}

//! Block string scanning: where the next byte of a string that needs a
//! look of its own is (`"`, `\`, a control character, a byte that is not
//! ASCII), found 16 bytes at a time (SSE2 on x86-64, simd128 in wasm) or
//! 8 (a word's bit tricks elsewhere); and a string's end by `"` and `\`
//! alone, for the lax skip.

use super::{Stop, R};

#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
const ONES: u64 = 0x0101_0101_0101_0101;
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Bit 7 of each byte of the result is set from the first byte of `x` that
/// is `"`, `\`, a control character or not ASCII on (bits above it may be
/// set too).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline]
fn specials(x: u64) -> u64 {
    let quote = x ^ (ONES * u64::from(b'"'));
    let backslash = x ^ (ONES * u64::from(b'\\'));
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
    zero(quote) | zero(backslash) | control | (x & HIGHS)
}

/// The index of the first byte at or after `i` that is `"`, `\\`, a
/// control character or not ASCII, looking 16 bytes at a time (SSE2, part
/// of every x86-64), at most `blocks` blocks, while 16 remain; else `i`
/// moved past the plain blocks only (the caller then goes byte by byte).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn find_special(b: &[u8], i: usize, blocks: usize) -> usize {
    find_in_blocks::<true>(b, i, blocks)
}

/// [`find_special`] for `"` and `\\` alone (the lax skip's string end,
/// [`lax_string_end`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn find_quote(b: &[u8], i: usize, blocks: usize) -> usize {
    find_in_blocks::<false>(b, i, blocks)
}

/// [`find_quote`] elsewhere: no block test (`memchr2` does it all).
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn find_quote(_: &[u8], i: usize, _: usize) -> usize {
    i
}

/// [`find_special`] (`CONTROLS`: also control characters and bytes from
/// 0x80 up) or [`find_quote`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn find_in_blocks<const CONTROLS: bool>(b: &[u8], mut i: usize, mut blocks: usize) -> usize {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    while i.checked_add(16).is_some_and(|end| end <= b.len()) {
        // SAFETY: SSE2 is baseline on x86-64; the load reads the 16 bytes
        // `b[i..i + 16]`, inside `b` (checked above), unaligned.
        let mask = unsafe {
            let x = _mm_loadu_si128(b.as_ptr().add(i).cast());
            let quote = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8));
            let backslash = _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8));
            let mut found = _mm_or_si128(quote, backslash);
            if CONTROLS {
                // Signed: below 0x20 are the control characters and, as
                // negative bytes, everything from 0x80 up.
                found = _mm_or_si128(found, _mm_cmplt_epi8(x, _mm_set1_epi8(0x20)));
            }
            _mm_movemask_epi8(found) as u32
        };
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
        blocks -= 1;
        if blocks == 0 {
            break;
        }
    }
    i
}

/// [`find_special`] in wasm with simd128 (the npm package's build): 16
/// bytes at a time as on x86-64, then one 8-byte word when fewer than 16
/// remain (the last strings of a short message). With `blocks` 1, as
/// [`Reader::scan_string`] calls it, no loop is left once inlined, which
/// matters in V8: it puts a stack check in every turn of a loop.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
pub(super) fn find_special(b: &[u8], mut i: usize, mut blocks: usize) -> usize {
    use std::arch::wasm32::{
        i8x16_lt, i8x16_splat, u8x16_bitmask, u8x16_eq, u8x16_splat, v128_load, v128_or,
    };
    loop {
        if !i.checked_add(16).is_some_and(|end| end <= b.len()) {
            return find_special_words(b, i, 1);
        }
        // SAFETY: the load reads the 16 bytes `b[i..i + 16]`, inside `b`
        // (checked above); `v128_load` has no alignment requirement.
        let x = unsafe { v128_load(b.as_ptr().add(i).cast()) };
        let quote = u8x16_eq(x, u8x16_splat(b'"'));
        let backslash = u8x16_eq(x, u8x16_splat(b'\\'));
        // Signed: below 0x20 are the control characters and, as negative
        // bytes, everything from 0x80 up.
        let other = i8x16_lt(x, i8x16_splat(0x20));
        let mask = u32::from(u8x16_bitmask(v128_or(v128_or(quote, backslash), other)));
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
        blocks -= 1;
        if blocks == 0 {
            return i;
        }
    }
}

/// [`find_special`] elsewhere.
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
#[inline]
pub(super) fn find_special(b: &[u8], i: usize, blocks: usize) -> usize {
    find_special_words(b, i, blocks.saturating_mul(2))
}

/// [`find_special`] 8 bytes at a time ([`specials`]), for targets without
/// SSE2 (and the unit test's reference).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline]
fn find_special_words(b: &[u8], mut i: usize, mut words: usize) -> usize {
    while let Some(chunk) = b.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let found = specials(u64::from_le_bytes(word));
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
        words -= 1;
        if words == 0 {
            break;
        }
    }
    i
}

/// The index after the closing quote of the string whose contents start at
/// `i`, found by `"` and `\\` alone (an escape skips the byte after it): a
/// block or two inline ([`find_quote`]: most lax-skipped strings are short,
/// and a `memchr2` call costs about 80 instructions), the rest by
/// `memchr2`.
#[inline]
pub(super) fn lax_string_end(b: &[u8], mut i: usize) -> R<usize> {
    loop {
        let j = find_quote(b, i, 2);
        let at = match b.get(j) {
            Some(b'"' | b'\\') => j,
            _ => {
                let rest = b.get(j..).ok_or(Stop)?;
                j + memchr::memchr2(b'"', b'\\', rest).ok_or(Stop)?
            }
        };
        if b.get(at) == Some(&b'"') {
            return Ok(at + 1);
        }
        i = at + 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_special_stops_where_the_byte_loop_would() {
        let specials = [b'"', b'\\', 0x00, 0x1f, 0x7f, 0x80, 0xc3, 0xff, b' ', b'a'];
        for len in 0..70usize {
            for at in 0..len.max(1) {
                for &c in &specials {
                    let mut text = vec![b'x'; len];
                    if at < len {
                        text[at] = c;
                    }
                    for from in [0, 1, 5].into_iter().filter(|&f| f <= len) {
                        let want = (from..len)
                            .find(|&k| {
                                matches!(text[k], b'"' | b'\\') || text[k] < 0x20 || text[k] >= 0x80
                            })
                            .unwrap_or(len);
                        for got in [
                            find_special(&text, from, usize::MAX),
                            find_special_words(&text, from, usize::MAX),
                        ] {
                            // Stops at the first special byte, or before the
                            // end with only plain bytes between.
                            assert!(got <= want && got >= from, "{text:?} {from}");
                            if got < want {
                                assert!(len - got < 16, "{text:?} {from}: stopped early at {got}");
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lax_string_end_is_the_byte_loops() {
        // The byte rule: the first `"` not escaped, an escape skipping the
        // byte after its `\\`.
        let want = |b: &[u8], mut i: usize| loop {
            match b.get(i) {
                Some(b'"') => return Ok(i + 1),
                Some(b'\\') => i += 2,
                Some(_) => i += 1,
                None => return Err(Stop),
            }
        };
        let marks = [b'"', b'\\', 0x00, 0x80, b'a'];
        for len in 0..80usize {
            for at in 0..len.max(1) {
                for &c in &marks {
                    for &d in &marks {
                        let mut text = vec![b'x'; len];
                        if at < len {
                            text[at] = c;
                        }
                        if let Some(k) = text.get_mut(at * 7 % len.max(1)) {
                            *k = d;
                        }
                        for from in [0, 1, 5].into_iter().filter(|&f| f <= len) {
                            assert_eq!(
                                lax_string_end(&text, from),
                                want(&text, from),
                                "{text:?} {from}"
                            );
                            let got = find_quote(&text, from, usize::MAX);
                            let first = (from..len)
                                .find(|&k| matches!(text[k], b'"' | b'\\'))
                                .unwrap_or(len);
                            assert!(got >= from && got <= first, "{text:?} {from}");
                        }
                    }
                }
            }
        }
    }
}

//! The module's `memcmp`, in place of compiler-builtins' byte loop (a weak
//! symbol there, so this one wins at link time).
//!
//! **Why.** Every `match` on a member name in the generated readers
//! (`match k { "method" => …, "params" => … }`), every string `==` and
//! every `HashMap<String, _>` probe compares bytes through `memcmp`. In
//! wasm, compiler-builtins' `memcmp` is a loop over single bytes, and V8
//! puts a stack check in every turn of a loop: in a deterministic count of
//! the npm benchmark's workload (`node --no-liftoff --single-threaded
//! --predictable` under callgrind, instructions per message) it was 682 of
//! about 16,600 per message at 2025-03-26, and this one cut the total by
//! 2.7 %. Here a compare of 4 to 16 bytes — nearly every
//! member name — is two word compares and no loop; longer ones go 8 bytes
//! at a time; a difference is then ranked byte by byte, as `memcmp` must
//! (the first differing byte, as unsigned, decides).
//!
//! Only in the wasm32 build (the host build keeps the C library's).

/// Whether the `n` bytes at `a` and `b` are equal, for `4 <= n <= 16`:
/// the first and last word of each (they overlap when `n` is not 8 or 16).
///
/// # Safety
/// `a` and `b` must be valid for reads of `n` bytes.
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline(always)]
unsafe fn short_equal(a: *const u8, b: *const u8, n: usize) -> bool {
    if n >= 8 {
        let word = |p: *const u8, at: usize| p.add(at).cast::<u64>().read_unaligned();
        word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8)
    } else {
        let word = |p: *const u8, at: usize| p.add(at).cast::<u32>().read_unaligned();
        word(a, 0) == word(b, 0) && word(a, n - 4) == word(b, n - 4)
    }
}

/// `memcmp(a, b, n)`: 0 when equal, else the first differing byte of `a`
/// minus that of `b` (as unsigned bytes).
///
/// # Safety
/// `a` and `b` must be valid for reads of `n` bytes (the C contract).
#[cfg(all(target_arch = "wasm32", not(test)))]
#[no_mangle]
pub unsafe extern "C" fn memcmp(a: *const u8, b: *const u8, n: usize) -> i32 {
    compare(a, b, n)
}

/// [`memcmp`]'s body (tested on the host).
///
/// # Safety
/// As [`memcmp`].
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline(always)]
unsafe fn compare(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    if (4..=16).contains(&n) {
        if short_equal(a, b, n) {
            return 0;
        }
    } else {
        // Skip equal 8-byte words; the first unequal one is ranked below.
        while i + 8 <= n
            && a.add(i).cast::<u64>().read_unaligned() == b.add(i).cast::<u64>().read_unaligned()
        {
            i += 8;
        }
    }
    while i < n {
        let (x, y) = (*a.add(i), *b.add(i));
        if x != y {
            return i32::from(x) - i32::from(y);
        }
        i += 1;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::compare;

    fn reference(a: &[u8], b: &[u8]) -> i32 {
        a.iter()
            .zip(b)
            .find(|(x, y)| x != y)
            .map_or(0, |(&x, &y)| i32::from(x) - i32::from(y))
    }

    #[test]
    fn ranks_as_the_byte_loop_at_every_length_and_offset() {
        for n in 0..40 {
            let a: Vec<u8> = (0..n).map(|i| (i * 7 + 3) as u8).collect();
            // SAFETY: both slices hold `n` bytes.
            assert_eq!(unsafe { compare(a.as_ptr(), a.as_ptr(), n) }, 0);
            for at in 0..n {
                for delta in [1u8, 0x7f, 0x80, 0xff] {
                    let mut b = a.clone();
                    b[at] = b[at].wrapping_add(delta);
                    // SAFETY: both slices hold `n` bytes.
                    let (got, back) = unsafe {
                        (
                            compare(a.as_ptr(), b.as_ptr(), n),
                            compare(b.as_ptr(), a.as_ptr(), n),
                        )
                    };
                    assert_eq!(got, reference(&a, &b), "n {n} at {at} delta {delta}");
                    assert_eq!(back, reference(&b, &a), "n {n} at {at} delta {delta}");
                }
            }
        }
    }
}

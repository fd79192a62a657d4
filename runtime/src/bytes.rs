//! [`Reader`]: a strict, allocation-free JSON tokenizer over one message,
//! driven by the generated `bytes` validators, and [`any_of`], the `anyOf`
//! they call. It lives here, beside the validators' other helpers, because
//! generated code reaches everything it calls through
//! `::mcpwire_runtime::__private` (not public API: `mcpwire::bytes` is the
//! face users see).
//!
//! It accepts a subset of what `serde_json` accepts, and reads every value
//! exactly as `serde_json` would, so that a verdict reached here is the
//! verdict of the `Value` path (`mcpwire::input::parse` then the generated
//! `is_valid_*`):
//!
//! - UTF-8 is checked inside strings, the only place non-ASCII bytes can
//!   be valid JSON, exactly as `std::str::from_utf8` checks it (the
//!   `Value` path checks the whole text first);
//! - whitespace is JSON's four bytes; literals, numbers, arrays and objects
//!   follow RFC 8259's grammar, as serde_json's parser does (no trailing
//!   commas, no leading zeros, a digit after `.` and in an exponent);
//! - strings: control characters are refused, escapes are checked by
//!   serde_json's rules for UTF-8 strings (`\u` with four hex digits, a
//!   leading surrogate followed by a trailing one, no lone trailing
//!   surrogate); a string with escapes is decoded by serde_json itself;
//! - numbers: non-negative and negative integers of up to 18 digits are
//!   read here (`u64`, or `i64` when negative, as serde_json does); every
//!   other number is handed to serde_json, so the `Number` is identical,
//!   and a number that serde_json would refuse (out of `f64` range) is
//!   refused;
//! - nesting deeper than the reader's limit stops it.
//!
//! Any doubt is a [`Stop`]: the caller then falls back to the `Value` path,
//! which gives the authoritative answer (and the input error, if any).
//! Stopping is never a verdict of its own.

use std::borrow::Cow;

use serde_json::Number;

/// "Not shown valid here": an invalid value, or input this reader leaves to
/// the `Value` path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop;

/// The result of reading one value: `Ok` when it is valid.
pub type R<T = ()> = Result<T, Stop>;

/// `Ok` when `valid`, else [`Stop`] (generated code's verdict helper).
#[inline]
pub fn ok(valid: bool) -> R {
    if valid {
        Ok(())
    } else {
        Err(Stop)
    }
}

/// Always [`Stop`] (a kind the schema does not admit).
#[inline]
pub fn stop() -> R {
    Err(Stop)
}

/// Deepest nesting a reader accepts at most (frames of generated
/// validators are small; deeper input goes to the `Value` path).
pub const MAX_DEPTH: usize = 512;

/// A position to come back to (for `anyOf` branches and `allOf` parts,
/// which read the same value again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pos: usize,
    depth: usize,
}

/// A cursor over one JSON text (bytes: UTF-8 is checked where it can
/// occur, inside strings, as the tokens pass).
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    depth: usize,
    max_depth: usize,
    /// Collecting mode ([`Reader::collecting`]); `None` on the fast path,
    /// which then pays one test per `$ref` call, object and array.
    collect: Option<Box<Collect>>,
    /// A definition read in place of another ([`Reader::substituting`]).
    subst: Option<Subst>,
}

/// [`Reader::substituting`]'s state.
#[derive(Clone, Copy, Debug)]
struct Subst {
    name: &'static str,
    depth: usize,
    read: fn(&mut Reader<'_>) -> R,
    hits: usize,
}

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
fn find_special(b: &[u8], i: usize, blocks: usize) -> usize {
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
fn find_special(b: &[u8], mut i: usize, mut blocks: usize) -> usize {
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
fn find_special(b: &[u8], i: usize, blocks: usize) -> usize {
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

/// Bytes per block of the block-at-a-time loops over long strings.
const BLOCK: usize = 32;

/// A byte of the base64 alphabet (RFC 4648 §4; `=` is padding, not data).
#[inline]
fn base64(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// Checks the UTF-8 sequence whose first byte is at `i` (not ASCII) as
/// `std::str::from_utf8` does (Unicode Table 3-7: no overlong forms, no
/// surrogates, nothing above U+10FFFF); returns the index after it.
#[inline]
fn utf8(b: &[u8], i: usize) -> R<usize> {
    let cont = |j: usize, lo: u8, hi: u8| match b.get(j) {
        Some(&c) if (lo..=hi).contains(&c) => Ok(()),
        _ => Err(Stop),
    };
    let (second, rest) = match b.get(i) {
        Some(0xC2..=0xDF) => ((0x80, 0xBF), 0),
        Some(0xE0) => ((0xA0, 0xBF), 1),
        Some(0xE1..=0xEC | 0xEE..=0xEF) => ((0x80, 0xBF), 1),
        Some(0xED) => ((0x80, 0x9F), 1),
        Some(0xF0) => ((0x90, 0xBF), 2),
        Some(0xF1..=0xF3) => ((0x80, 0xBF), 2),
        Some(0xF4) => ((0x80, 0x8F), 2),
        _ => return Err(Stop),
    };
    cont(i + 1, second.0, second.1)?;
    for k in 0..rest {
        cont(i + 2 + k, 0x80, 0xBF)?;
    }
    Ok(i + 2 + rest)
}

/// Whether `a` and `b` hold the same bytes, compared without a `memcmp`
/// call: the names and constants compared here are a few bytes long, for
/// which the call costs more than the compare.
#[inline]
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[inline]
fn hex(b: u8) -> Option<u16> {
    match b {
        b'0'..=b'9' => Some(u16::from(b - b'0')),
        b'a'..=b'f' => Some(u16::from(b - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(b - b'A' + 10)),
        _ => None,
    }
}

/// A bit standing for a member name in an object's names so far
/// ([`Reader::collect_key`]): from its length and first byte when it is
/// unescaped (equal names give equal bits), the top bit for any escaped
/// name (which every name is then compared with: its decoded form may be
/// any name).
#[inline]
fn name_bit(text: &[u8], key: Token) -> u64 {
    if key.escaped {
        return u64::MAX;
    }
    let first = text.get(key.start).copied().unwrap_or(0);
    let h = (key.end - key.start).wrapping_mul(31) ^ usize::from(first);
    1u64 << (h % 63)
}

/// A member name seen by [`Reader::skip_distinct`].
#[derive(Clone, Copy, Debug)]
pub struct Name(Token);

/// A string token: where its contents are and whether they hold escapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    start: usize,
    end: usize,
    escaped: bool,
}

/// A member reader as [`Reader::object`]'s one compiled loop calls it:
/// a trait of its own, not `dyn FnMut`, whose vtable would also carry a
/// never-called `call_once` shim per closure (two functions each, about
/// 6 % of the one-revision library's LLVM IR).
trait Member<'a> {
    fn read(&mut self, r: &mut Reader<'a>, name: &str) -> R;
}

impl<'a, F: FnMut(&mut Reader<'a>, &str) -> R> Member<'a> for F {
    #[inline]
    fn read(&mut self, r: &mut Reader<'a>, name: &str) -> R {
        self(r, name)
    }
}

/// An element reader, as [`Member`] is for members.
trait Element<'a> {
    fn read(&mut self, r: &mut Reader<'a>) -> R;
}

impl<'a, F: FnMut(&mut Reader<'a>) -> R> Element<'a> for F {
    #[inline]
    fn read(&mut self, r: &mut Reader<'a>) -> R {
        self(r)
    }
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`, accepting nesting up to `max_depth`
    /// (at most [`MAX_DEPTH`]).
    pub fn new(text: &'a [u8], max_depth: usize) -> Reader<'a> {
        Reader {
            text,
            pos: 0,
            depth: 0,
            max_depth: max_depth.min(MAX_DEPTH),
            collect: None,
            subst: None,
        }
    }

    /// A reader that, wherever a validator calls the definition `name`
    /// ([`refer`]) on a value at nesting `depth` (1: a member of the
    /// top-level object), reads `typed` there instead — not inside `typed`
    /// itself, nor inside `anyOf`. A pass that reads `Ok` then shows
    /// `typed` valid at every such value ([`Reader::substituted`] counts
    /// them), and shows the outer definition valid when every valid
    /// `typed` is a valid `name` (the caller's proof).
    pub fn substituting(
        text: &'a [u8],
        max_depth: usize,
        name: &'static str,
        depth: usize,
        typed: fn(&mut Reader<'_>) -> R,
    ) -> Reader<'a> {
        Reader {
            subst: Some(Subst {
                name,
                depth,
                read: typed,
                hits: 0,
            }),
            ..Reader::new(text, max_depth)
        }
    }

    /// How many values [`Reader::substituting`]'s `typed` read.
    pub fn substituted(&self) -> usize {
        self.subst.map_or(0, |s| s.hits)
    }

    /// A reader in collecting mode ([`refer`]): a `$ref`'d definition that
    /// fails is recorded and skipped instead of stopping the read;
    /// [`Reader::collected`] gives the records after the read.
    pub fn collecting(text: &'a [u8], max_depth: usize) -> Reader<'a> {
        Reader {
            collect: Some(Box::new(Collect {
                // Small enough for the allocator's per-thread cache.
                path: Vec::with_capacity(8),
                names: Vec::with_capacity(16),
                spans: Vec::with_capacity(8),
                ..Collect::default()
            })),
            ..Reader::new(text, max_depth)
        }
    }

    /// What a collecting read recorded ([`Collected`]; no records after a
    /// read that returned `Ok`: the value is valid, as on the fast path);
    /// `None` when the reader was not collecting, or the records cannot
    /// stand for the `Value` path's violations: an object read on the way
    /// repeated a member name, two records cover the same bytes, or two
    /// records' order in the text may not be the order the `Value` path
    /// reports them in (their paths part at a member name, or any value
    /// was read twice by `allOf` parts). Then the caller takes the
    /// whole-message `Value` path.
    pub fn collected(&mut self) -> Option<Collected> {
        let c = self.collect.take()?;
        if c.broken {
            return None;
        }
        if c.records.is_empty() {
            // Nothing swallowed: a plain pass (valid if it read `Ok`).
            return Some(Collected::default());
        }
        if c.unsure {
            return None;
        }
        if c.records.len() > 1 {
            if c.rereads {
                return None;
            }
            for pair in c.records.windows(2) {
                let [a, b] = pair else { return None };
                if !ordered(a, b) {
                    return None;
                }
            }
        }
        Some(Collected { records: c.records })
    }

    /// The whole text.
    pub fn text(&self) -> &'a [u8] {
        self.text
    }

    /// The byte offset of the cursor.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The current position (in collecting mode, also a note that the
    /// node being read reads its value more than once — `allOf` parts,
    /// `anyOf` beside its own keywords: generated code marks only there —
    /// which rules out a shell of the top frame, [`Reader::read_top`]).
    #[inline]
    pub fn mark(&mut self) -> Mark {
        if self.collect.is_some() {
            self.collect_passes();
        }
        Mark {
            pos: self.pos,
            depth: self.depth,
        }
    }

    /// Back to a marked position.
    #[inline]
    pub fn reset(&mut self, mark: Mark) {
        self.pos = mark.pos;
        self.depth = mark.depth;
        if let Some(c) = self.collect.as_deref_mut() {
            // An `allOf` part reads the value again.
            c.rereads = true;
        }
    }

    #[inline]
    fn bytes(&self) -> &'a [u8] {
        self.text
    }

    /// Skips whitespace and returns the next byte without consuming it.
    ///
    /// The next byte is tested first and the loop runs only when it is
    /// whitespace (or a control byte): wire JSON is mostly compact, and in
    /// wasm every turn of a loop pays a stack check (V8 puts one in each
    /// loop), so the common case takes no loop at all.
    #[inline]
    pub fn peek(&mut self) -> R<u8> {
        match self.bytes().get(self.pos) {
            Some(&c) if c > b' ' => Ok(c),
            _ => self.peek_past_whitespace(),
        }
    }

    /// [`Reader::peek`] at whitespace: skips it.
    #[inline(never)]
    fn peek_past_whitespace(&mut self) -> R<u8> {
        let b = self.bytes();
        while let Some(&c) = b.get(self.pos) {
            match c {
                b' ' | b'\n' | b'\r' | b'\t' => self.pos += 1,
                _ => return Ok(c),
            }
        }
        Err(Stop)
    }

    /// Only whitespace remains.
    pub fn finish(&mut self) -> R {
        match self.peek() {
            Err(Stop) => Ok(()),
            Ok(_) => Err(Stop),
        }
    }

    #[inline]
    fn expect(&mut self, byte: u8) -> R {
        if self.peek()? == byte {
            self.pos += 1;
            Ok(())
        } else {
            Err(Stop)
        }
    }

    #[inline]
    fn open(&mut self, byte: u8) -> R {
        self.expect(byte)?;
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(Stop);
        }
        Ok(())
    }

    /// Opens an array or object (`open`, closed by `close`); `false` when
    /// it is empty (and already closed).
    #[inline]
    fn enter(&mut self, open: u8, close: u8) -> R<bool> {
        self.open(open)?;
        if self.peek()? == close {
            self.pos += 1;
            self.depth -= 1;
            return Ok(false);
        }
        Ok(true)
    }

    /// After a member or element: `true` at `,` (another follows), `false`
    /// at `close` (the container is closed).
    #[inline]
    fn more(&mut self, close: u8) -> R<bool> {
        match self.peek()? {
            b',' => {
                self.pos += 1;
                Ok(true)
            }
            c if c == close => {
                self.pos += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(Stop),
        }
    }

    /// A member name and its `:`.
    #[inline]
    fn name(&mut self) -> R<Token> {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let key = self.scan_string()?;
        self.expect(b':')?;
        Ok(key)
    }

    /// Reads an object, calling `member` with each key (decoded) and the
    /// reader at its value; `member` must read exactly that value.
    ///
    /// The loop is compiled once (`Reader::object_dyn`), `member`
    /// called through a `Member` trait object: generic, the loop was
    /// instantiated once per generated object reader (170 copies, 17 % of
    /// the `mcpwire` library's LLVM IR for one revision, by `cargo
    /// llvm-lines`); compiled once, the one-revision CLI build's library
    /// and binary take 16 % less CPU for +0.2–1.4 % instructions on the
    /// bytes benchmarks (docs/benchmarks.md, "Bytes → verdict").
    #[inline]
    pub fn object<F>(&mut self, mut member: F) -> R
    where
        F: FnMut(&mut Reader<'a>, &str) -> R,
    {
        self.object_dyn(&mut member)
    }

    /// [`Reader::object`]'s loop.
    #[inline(never)]
    fn object_dyn(&mut self, member: &mut dyn Member<'a>) -> R {
        // Collecting mode: the member's name is the path step while its
        // value is read (non-generic helpers, so that the closure is
        // compiled once).
        let collecting = self.collect.is_some();
        let (base, open) = if collecting {
            (self.collect_open(), self.peek().map(|_| self.pos)?)
        } else {
            (0, 0)
        };
        let mut more = self.enter(b'{', b'}')?;
        let (mut n, mut failed, mut seen) = (0, false, 0u64);
        while more {
            let key = self.name()?;
            if collecting {
                self.collect_key(key, base, &mut seen)?;
            }
            let at = (self.pos, self.depth);
            let read = if key.escaped {
                let decoded = self.decode(key)?;
                member.read(self, &decoded)
            } else {
                let name = self.checked_str(key)?;
                member.read(self, name)
            };
            n += 1;
            if collecting {
                self.collect_pop();
            }
            if read.is_err() {
                if !(collecting && self.collect_go_on(at, base + n)) {
                    return Err(Stop);
                }
                failed = true;
            }
            more = self.more(b'}')?;
        }
        if collecting {
            self.collect_close(base, open);
        }
        ok(!failed)
    }

    /// Reads an array, calling `element` with the reader at each element;
    /// `element` must read exactly that element. Compiled once, as
    /// [`Reader::object`] is.
    #[inline]
    pub fn array<F>(&mut self, mut element: F) -> R
    where
        F: FnMut(&mut Reader<'a>) -> R,
    {
        self.array_dyn(&mut element)
    }

    /// [`Reader::array`]'s loop.
    #[inline(never)]
    fn array_dyn(&mut self, element: &mut dyn Element<'a>) -> R {
        let collecting = self.collect.is_some();
        let (open, saved) = if collecting {
            (self.peek().map(|_| self.pos)?, self.collect_saved())
        } else {
            (0, (0, 0))
        };
        let mut more = self.enter(b'[', b']')?;
        let (mut i, mut failed) = (0, false);
        while more {
            let names = if collecting { self.collect_index(i) } else { 0 };
            let at = (self.pos, self.depth);
            let read = element.read(self);
            if collecting {
                self.collect_pop();
            }
            if read.is_err() {
                if !(collecting && self.collect_go_on(at, names)) {
                    return Err(Stop);
                }
                failed = true;
            }
            i += 1;
            more = self.more(b']')?;
        }
        if collecting {
            self.collect_closed(open);
            if !failed {
                self.collect_array(open, saved);
            }
        }
        ok(!failed)
    }

    /// Collecting mode: records and spans so far.
    #[inline(never)]
    fn collect_saved(&self) -> (usize, usize) {
        self.collect
            .as_deref()
            .map_or((0, 0), |c| (c.records.len(), c.spans.len()))
    }

    /// Collecting mode, an array of the top frame that opened at `open`
    /// read `Ok` with nothing recorded inside (records and spans were
    /// `saved` when it opened): shown valid for the schema applied to it,
    /// whose array arm (`items`, `maxItems`, checked element by element)
    /// is all it asks of an array — one span in place of its elements'.
    #[inline(never)]
    fn collect_array(&mut self, open: usize, (records, spans): (usize, usize)) {
        let end = self.pos;
        if let Some(c) = self.collect.as_deref_mut() {
            if c.inside == 0 && c.records.len() == records && end - open >= MIN_VALID_SPAN {
                c.spans.truncate(spans);
                c.spans.push(Span {
                    start: open,
                    end,
                    valid: Some(c.path.clone()),
                });
            }
        }
    }

    /// Collecting mode, the top frame ([`Reader::read_top`]): a member or
    /// element whose read failed at `at` (position, depth) is skipped
    /// strictly from its start, so that the read goes on past it (the
    /// container then fails) and the values after it can still be shown
    /// valid; `names` is how many member names the objects being read
    /// hold with it. `false` (stop) inside a `$ref`'d value being read, or
    /// when the value does not skip (the read is then broken).
    #[inline(never)]
    fn collect_go_on(&mut self, at: (usize, usize), names: usize) -> bool {
        let closed = match self.collect.as_deref_mut() {
            Some(c) if c.inside == 0 && !c.broken => {
                c.names.truncate(names);
                c.closed
            }
            _ => return false,
        };
        // A container read to its end just now (its members' failures gone
        // past): the cursor is after it already.
        let mut start = at.0;
        while self
            .text
            .get(start)
            .is_some_and(|c| matches!(c, b' ' | b'\n' | b'\r' | b'\t'))
        {
            start += 1;
        }
        if closed == (start, self.pos) {
            self.depth = at.1;
            return true;
        }
        (self.pos, self.depth) = at;
        if self.skip_value().is_ok() {
            return true;
        }
        if let Some(c) = self.collect.as_deref_mut() {
            c.broken = true;
        }
        false
    }

    /// Collecting mode, a node reads its value more than once.
    #[inline(never)]
    fn collect_passes(&mut self) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.passes |= c.inside == 0;
        }
    }

    /// Collecting mode, an object opens: where its names start.
    #[inline(never)]
    fn collect_open(&mut self) -> usize {
        self.collect.as_deref().map_or(0, |c| c.names.len())
    }

    /// Collecting mode, a member `key` of the object whose names start at
    /// `base`: a name the object already had makes the records unsure
    /// (the `Value` keeps the last occurrence). `seen` is the object's
    /// bits of [`name_bit`] so far: an unescaped name whose bit is new
    /// cannot repeat one (names compared only on a shared bit).
    #[inline(never)]
    fn collect_key(&mut self, key: Token, base: usize, seen: &mut u64) -> R {
        let mut repeated = false;
        let bit = name_bit(self.text, key);
        let fresh = *seen & bit == 0;
        *seen |= bit;
        if fresh {
            if let Some(c) = self.collect.as_deref_mut() {
                c.names.push(key);
                c.path.push(Step::Key(key));
            }
            return Ok(());
        }
        if let Some(c) = self.collect.as_deref() {
            let text = self.text;
            for &other in c.names.get(base..).unwrap_or_default() {
                // Unescaped names of other lengths or first bytes differ.
                let plain = !key.escaped && !other.escaped;
                if plain
                    && (key.end - key.start != other.end - other.start
                        || text.get(key.start) != text.get(other.start))
                {
                    continue;
                }
                repeated |= self.same_name(key, other)?;
            }
        }
        if let Some(c) = self.collect.as_deref_mut() {
            c.unsure |= repeated;
            c.names.push(key);
            c.path.push(Step::Key(key));
        }
        Ok(())
    }

    /// Collecting mode, element `i` of an array: how many member names
    /// the objects being read hold.
    #[inline(never)]
    fn collect_index(&mut self, i: usize) -> usize {
        self.collect.as_deref_mut().map_or(0, |c| {
            c.path.push(Step::Index(i));
            c.names.len()
        })
    }

    /// Collecting mode, a member or element read.
    #[inline(never)]
    fn collect_pop(&mut self) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.path.pop();
        }
    }

    /// Collecting mode, an object that opened at `open` closes (its names
    /// started at `base`).
    #[inline(never)]
    fn collect_close(&mut self, base: usize, open: usize) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.names.truncate(base);
        }
        self.collect_closed(open);
    }

    /// Collecting mode, a container that opened at `open` was read to its
    /// end (in the top frame: every byte of it read or skipped strictly).
    #[inline(never)]
    fn collect_closed(&mut self, open: usize) {
        let end = self.pos;
        if let Some(c) = self.collect.as_deref_mut() {
            if c.inside == 0 {
                c.closed = (open, end);
            }
        }
    }

    /// Collecting mode gives up on exact records (the caller falls back to
    /// the whole-message check): `c` goes back, marked broken, and the read
    /// stops.
    fn give_up(&mut self, mut c: Box<Collect>) -> R {
        c.broken = true;
        self.collect = Some(c);
        Err(Stop)
    }

    /// The decoded steps of a path.
    fn decode_path(&self, steps: &[Step]) -> R<Vec<PathStep>> {
        steps
            .iter()
            .map(|step| match *step {
                Step::Key(token) => self.decode(token).map(|k| PathStep::Key(k.into_owned())),
                Step::Index(i) => Ok(PathStep::Index(i)),
            })
            .collect()
    }

    /// Collecting mode: reads the value at the cursor as the definition
    /// `name` (`read`) in the top frame — the checked value itself, or
    /// the member a caller checks — and, when it fails, records it as
    /// [`refer`] does, with a shell where one is exact: the values the
    /// read showed valid in the top frame ([`Elided`]: a `$ref`'d value
    /// its definition's read passed, with nothing recorded inside; a value
    /// skipped because no keyword constrains it) are listed, so that the
    /// record's check parses the rest alone.
    ///
    /// The top frame is read to its end past failing members and elements
    /// (each skipped strictly from its start and the container failed),
    /// so the values after a failure are judged too. A shell is made when
    /// the record stands for the whole failing value — nothing recorded
    /// inside it (every other byte was read strictly: no lax skip), no
    /// object on the way repeats a member name, no node of the top frame
    /// reads its value twice (`allOf` parts, `anyOf` beside own keywords:
    /// each elided value is then checked by exactly the one schema the
    /// read applied to it) — else the record is a plain one (the whole
    /// value parsed) as [`refer`] makes it.
    pub fn read_top(&mut self, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
        self.peek()?;
        let (pos, depth) = (self.pos, self.depth);
        let Some(c) = self.collect.as_deref() else {
            return read(self);
        };
        let saved = Saved::of(c);
        let passes = self.collect_fresh_passes();
        if read(self).is_ok() {
            self.collect_restore_passes(passes);
            return Ok(());
        }
        self.top_failed(name, pos, depth, saved, passes)
    }

    /// Collecting mode: clears the top frame's "read twice" note for a
    /// value about to be read, returning the note as it was.
    fn collect_fresh_passes(&mut self) -> bool {
        self.collect
            .as_deref_mut()
            .is_some_and(|c| std::mem::replace(&mut c.passes, false))
    }

    /// Collecting mode: the top frame's note back to `passes` after a value
    /// whose own nodes no longer matter (it is a span or a record).
    fn collect_restore_passes(&mut self, passes: bool) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.passes = passes;
        }
    }

    /// Collecting mode: the value `name` at `pos` (`depth`), read in the top
    /// frame, failed — a record with a shell where exact
    /// ([`Reader::read_top`]), else a plain one. `passes`: the top frame's
    /// note before the value.
    fn top_failed(
        &mut self,
        name: &'static str,
        pos: usize,
        depth: usize,
        saved: Saved,
        passes: bool,
    ) -> R {
        let Some(mut c) = self.collect.take() else {
            return Err(Stop);
        };
        let exact = !c.broken
            && !c.unsure
            && !c.passes
            && !c.rereads
            && c.inside == 0
            && c.records.len() == saved.records;
        c.passes = passes;
        if !exact {
            self.collect = Some(c);
            return self.refer_failed(name, pos, depth, saved);
        }
        // Where the value ends: its container was read to the end, or a
        // strict skip finds it.
        let end = if c.closed.0 == pos && c.closed.1 >= self.pos {
            c.closed.1
        } else {
            (self.pos, self.depth) = (pos, depth);
            self.collect = Some(c);
            if self.skip_value().is_err() {
                if let Some(c) = self.collect.as_deref_mut() {
                    c.broken = true;
                }
                return Err(Stop);
            }
            let Some(taken) = self.collect.take() else {
                return Err(Stop);
            };
            c = taken;
            self.pos
        };
        (self.pos, self.depth) = (end, depth);
        let spans = c.spans.split_off(saved.spans);
        let mut elided = Vec::new();
        for span in spans.iter().filter(|s| s.start >= pos && s.end <= end) {
            let path = match &span.valid {
                Some(steps) => match self.decode_path(steps) {
                    Ok(path) => Some(path),
                    Err(Stop) => return self.give_up(c),
                },
                None => None,
            };
            elided.push(Elided {
                start: span.start,
                end: span.end,
                path,
            });
        }
        let Ok(path) = self.decode_path(&c.path) else {
            return self.give_up(c);
        };
        c.records.push(Record {
            name,
            start: pos,
            end,
            path,
            elided,
        });
        self.collect = Some(c);
        Ok(())
    }

    /// Whether two member names are the same once decoded.
    fn same_name(&self, a: Token, b: Token) -> R<bool> {
        if a.escaped || b.escaped {
            Ok(self.decode(a)? == self.decode(b)?)
        } else {
            Ok(self.text.get(a.start..a.end) == self.text.get(b.start..b.end))
        }
    }

    /// [`refer`] substituting or collecting.
    #[inline(never)]
    fn refer_slow(&mut self, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
        if let Some(mut s) = self.subst {
            if s.depth == self.depth && same(s.name, name) {
                self.subst = None;
                let typed = (s.read)(self);
                s.hits += 1;
                self.subst = Some(s);
                return typed;
            }
        }
        if self.collect.is_some() {
            self.refer_collecting(name, read)
        } else {
            read(self)
        }
    }

    /// [`refer`] in collecting mode.
    #[inline(never)]
    fn refer_collecting(&mut self, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
        self.peek()?;
        let (pos, depth) = (self.pos, self.depth);
        let Some(c) = self.collect.as_deref() else {
            return read(self);
        };
        let saved = Saved::of(c);
        let top = c.inside == 0;
        if let Some(c) = self.collect.as_deref_mut() {
            c.inside += 1;
        }
        let first = read(self);
        let Some(mut c) = self.collect.take() else {
            return Err(Stop);
        };
        c.inside -= 1;
        if first.is_ok() {
            if top && c.records.len() == saved.records && self.pos - pos >= MIN_VALID_SPAN {
                // Shown valid, nothing recorded inside: elidable.
                c.spans.push(Span {
                    start: pos,
                    end: self.pos,
                    valid: Some(c.path.clone()),
                });
            }
            self.collect = Some(c);
            return Ok(());
        }
        if !top || c.broken {
            self.collect = Some(c);
            return self.refer_failed(name, pos, depth, saved);
        }
        // A failing value of the top frame: read again as part of the top
        // frame (past its failures, noting what it shows valid), for a
        // record with a shell (`read_top`).
        saved.restore(&mut c);
        let passes = std::mem::replace(&mut c.passes, false);
        self.collect = Some(c);
        (self.pos, self.depth) = (pos, depth);
        if read(self).is_ok() {
            self.collect_restore_passes(passes);
            return Ok(());
        }
        self.top_failed(name, pos, depth, saved, passes)
    }

    /// Collecting mode, the `$ref`'d value `name` at `pos` (`depth`) read
    /// failed: a record of the whole value, everything seen inside dropped.
    fn refer_failed(&mut self, name: &'static str, pos: usize, depth: usize, saved: Saved) -> R {
        let Some(mut c) = self.collect.take() else {
            return Err(Stop);
        };
        if c.broken {
            self.collect = Some(c);
            return Err(Stop);
        }
        // Everything recorded inside this value is covered by this record
        // (the `Value` path's check of this definition reports it), and
        // what was seen inside (repeated names, re-reads) no longer matters.
        saved.restore(&mut c);
        self.pos = pos;
        self.depth = depth;
        // Skipped laxly (the value's end by its brackets and quotes): its
        // bytes are checked when the record is parsed (serde_json, which
        // refuses what the strict reader refuses), and a record that does
        // not parse sends the message to the whole-message path. The depth
        // limit is checked here.
        let fits = self
            .skip_lax_depth()
            .is_ok_and(|deepest| self.depth + deepest <= self.max_depth);
        if !fits {
            return self.give_up(c);
        }
        let Ok(steps) = self.decode_path(&c.path) else {
            return self.give_up(c);
        };
        c.records.push(Record {
            name,
            start: pos,
            end: self.pos,
            path: steps,
            elided: Vec::new(),
        });
        self.collect = Some(c);
        Ok(())
    }

    /// Skips one value of any kind, checking it as strictly as reading it
    /// (in collecting mode, noting it as elidable: generated code skips
    /// only values no keyword constrains beyond the kind its arm matched).
    #[inline]
    pub fn skip(&mut self) -> R {
        if self.collect.is_some() {
            return self.skip_collecting();
        }
        self.skip_value()
    }

    /// [`Reader::skip`] in collecting mode: in the top frame, an object,
    /// array or string of more than two bytes is a [`Span`] of the shell.
    #[inline(never)]
    fn skip_collecting(&mut self) -> R {
        let first = self.peek()?;
        let start = self.pos;
        self.skip_value()?;
        if let Some(c) = self.collect.as_deref_mut() {
            if c.inside == 0 && self.pos - start > 2 && matches!(first, b'{' | b'[' | b'"') {
                c.spans.push(Span {
                    start,
                    end: self.pos,
                    valid: None,
                });
            }
        }
        Ok(())
    }

    /// [`Reader::skip`] itself (never noted).
    fn skip_value(&mut self) -> R {
        match self.peek()? {
            b'{' => self.skip_object(),
            b'[' => self.skip_array(),
            b'"' => self.skip_string(),
            b'-' | b'0'..=b'9' => self.skip_number(),
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            _ => Err(Stop),
        }
    }

    /// Skips one value as strictly as [`Reader::skip`], and stops also at an
    /// object with two members of the same name (compared decoded, as a
    /// `Value`'s keys are). `names` is scratch space (the names of the
    /// objects being read), left as it was found.
    pub fn skip_distinct(&mut self, names: &mut Vec<Name>) -> R {
        match self.peek()? {
            b'{' => {
                let base = names.len();
                let read = self.object_distinct(names, base);
                names.truncate(base);
                read
            }
            b'[' => self.array(|r| r.skip_distinct(names)),
            _ => self.skip_value(),
        }
    }

    fn object_distinct(&mut self, names: &mut Vec<Name>, base: usize) -> R {
        let text = self.text;
        let mut more = self.enter(b'{', b'}')?;
        while more {
            let key = self.name()?;
            for &other in names.get(base..).unwrap_or_default() {
                let same = if key.escaped || other.0.escaped {
                    self.decode(key)? == self.decode(other.0)?
                } else {
                    text.get(key.start..key.end) == text.get(other.0.start..other.0.end)
                };
                if same {
                    return Err(Stop);
                }
            }
            names.push(Name(key));
            self.skip_distinct(names)?;
            more = self.more(b'}')?;
        }
        Ok(())
    }

    /// Skips an array (never noted: see [`Reader::skip_value`]).
    fn skip_array(&mut self) -> R {
        let mut more = self.enter(b'[', b']')?;
        while more {
            self.skip_value()?;
            more = self.more(b']')?;
        }
        Ok(())
    }

    /// Skips an object without decoding its keys.
    fn skip_object(&mut self) -> R {
        let mut more = self.enter(b'{', b'}')?;
        while more {
            self.name()?;
            self.skip_value()?;
            more = self.more(b'}')?;
        }
        Ok(())
    }

    fn literal(&mut self, word: &[u8]) -> R {
        let end = self.pos + word.len();
        if self.bytes().get(self.pos..end) == Some(word) {
            self.pos = end;
            Ok(())
        } else {
            Err(Stop)
        }
    }

    /// Reads `null`.
    pub fn null(&mut self) -> R {
        self.peek()?;
        self.literal(b"null")
    }

    /// Reads `true` or `false`.
    pub fn boolean(&mut self) -> R<bool> {
        match self.peek()? {
            b't' => self.literal(b"true").map(|()| true),
            b'f' => self.literal(b"false").map(|()| false),
            _ => Err(Stop),
        }
    }

    /// Scans a string at the cursor (which must be at `"`), checking it:
    /// plain bytes are passed over 16 at a time ([`find_special`]), and
    /// each special byte (`"`, `\\`, a control character, the first byte
    /// of a UTF-8 sequence) is handled on its own. A string whose closing
    /// quote is the first special byte of its first 16 (most member names
    /// and short values) is done inline, with one block test.
    #[inline]
    pub(crate) fn scan_string(&mut self) -> R<Token> {
        let b = self.bytes();
        let start = self.pos + 1;
        let i = find_special(b, start, 1);
        if b.get(i) == Some(&b'"') {
            self.pos = i + 1;
            return Ok(Token {
                start,
                end: i,
                escaped: false,
            });
        }
        self.scan_string_from(start, i)
    }

    /// [`Reader::scan_string`] of the string whose contents start at
    /// `start`, from its special byte (or the end of its plain blocks) at
    /// `i`.
    #[inline(never)]
    fn scan_string_from(&mut self, start: usize, mut i: usize) -> R<Token> {
        let b = self.bytes();
        let mut escaped = false;
        loop {
            match b.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(Token {
                        start,
                        end: i,
                        escaped,
                    });
                }
                Some(b'\\') => {
                    escaped = true;
                    i = escape(b, i + 1)?;
                }
                Some(&c) if c < 0x20 => return Err(Stop),
                Some(&c) if c >= 0x80 => i = utf8(b, i)?,
                Some(_) => i += 1,
                None => return Err(Stop),
            }
            i = find_special(b, i, usize::MAX);
        }
    }

    /// The contents of an unescaped string token as `&str`, without a
    /// second UTF-8 check: [`Reader::scan_string`] checked every non-ASCII
    /// sequence between the quotes as `std::str::from_utf8` does (`utf8`),
    /// and ASCII bytes are UTF-8, so the bytes are valid UTF-8 (asserted
    /// in debug builds). Saves a `from_utf8` per member name and string
    /// (about 9 % of the instructions of `mcpwire check` on valid traffic).
    #[inline]
    fn checked_str(&self, token: Token) -> R<&'a str> {
        let raw = self.text.get(token.start..token.end).ok_or(Stop)?;
        debug_assert!(std::str::from_utf8(raw).is_ok());
        // SAFETY: `raw` lies between the quotes of a string token that
        // `scan_string` accepted, which checks each byte: ASCII, or the
        // start of a sequence `utf8` validated by Unicode Table 3-7 (the
        // rules of `std::str::from_utf8`); escapes are ASCII.
        Ok(unsafe { std::str::from_utf8_unchecked(raw) })
    }

    fn decode(&self, token: Token) -> R<Cow<'a, str>> {
        if !token.escaped {
            return self.checked_str(token).map(Cow::Borrowed);
        }
        let quoted = self.text.get(token.start - 1..token.end + 1).ok_or(Stop)?;
        serde_json::from_slice::<String>(quoted)
            .map(Cow::Owned)
            .map_err(|_| Stop)
    }

    /// Reads a string, decoded (borrowed unless it holds escapes).
    #[inline]
    pub fn string(&mut self) -> R<Cow<'a, str>> {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let token = self.scan_string()?;
        self.decode(token)
    }

    /// Reads a string and compares it with `expected`.
    #[inline]
    pub fn string_eq(&mut self, expected: &str) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let token = self.scan_string()?;
        if token.escaped {
            return ok(self.decode(token)? == expected);
        }
        ok(self.bytes().get(token.start..token.end) == Some(expected.as_bytes()))
    }

    /// Reads a string and checks `format: byte` on it
    /// (`crate::format::is_byte`) in the same pass: an unescaped string of
    /// base64 characters, at most two `=` and a length divisible by four is
    /// checked as its bytes pass (a block at a time, never decoded); any
    /// other string (escapes, other characters, a wrong length) is read and
    /// decoded as by [`Reader::string`] and given to `is_byte`, so the
    /// verdict is `is_byte`'s on the decoded string either way.
    #[inline]
    pub fn byte_string(&mut self) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        let b = self.bytes();
        let start = self.pos + 1;
        let mut i = start;
        while let Some(block) = b.get(i..i + BLOCK) {
            if !block.iter().fold(true, |all, &c| all & base64(c)) {
                break;
            }
            i += BLOCK;
        }
        while b.get(i).is_some_and(|&c| base64(c)) {
            i += 1;
        }
        let data = i;
        while i - data < 2 && b.get(i) == Some(&b'=') {
            i += 1;
        }
        if b.get(i) == Some(&b'"') && (i - start).is_multiple_of(4) {
            self.pos = i + 1;
            return Ok(());
        }
        let s = self.string()?;
        ok(crate::format::is_byte(&s))
    }

    /// Skips one value without checking it beyond finding where it ends
    /// (strings by their closing quote, containers by their brackets). On a
    /// well-formed text it ends exactly where [`Reader::skip`] would; on
    /// any other it may end anywhere, so it serves only to look ahead
    /// ([`Reader::survey`]), never for a verdict.
    fn skip_lax(&mut self) -> R {
        self.skip_lax_depth().map(|_| ())
    }

    /// [`Reader::skip_lax`], giving the deepest nesting inside the value
    /// (0 for a scalar).
    fn skip_lax_depth(&mut self) -> R<usize> {
        let b = self.bytes();
        let mut depth = 0usize;
        let mut deepest = 0usize;
        loop {
            match self.peek()? {
                b'"' => self.pos = lax_string_end(b, self.pos + 1)?,
                b'{' | b'[' => {
                    depth += 1;
                    deepest = deepest.max(depth);
                    self.pos += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1).ok_or(Stop)?;
                    self.pos += 1;
                }
                b',' | b':' if depth > 0 => self.pos += 1,
                _ => {
                    // A number or literal: up to the next delimiter.
                    let rest = b.get(self.pos..).ok_or(Stop)?;
                    let n = rest
                        .iter()
                        .position(|&c| {
                            matches!(c, b',' | b'}' | b']' | b':' | b'"' | b'{' | b'[')
                                || c.is_ascii_whitespace()
                        })
                        .unwrap_or(rest.len())
                        .max(1);
                    self.pos += n;
                }
            }
            if depth == 0 {
                return Ok(deepest);
            }
        }
    }

    /// Skips a string, checking it.
    #[inline]
    pub fn skip_string(&mut self) -> R {
        if self.peek()? != b'"' {
            return Err(Stop);
        }
        self.scan_string().map(|_| ())
    }

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

    /// The kind bits (`crate::support::kind`) the value at the cursor may
    /// have, from its first byte; 0 when it cannot start a value.
    pub fn kind_hint(&mut self) -> u8 {
        use crate::support::kind;
        match self.peek() {
            Ok(b'{') => kind::OBJECT,
            Ok(b'[') => kind::ARRAY,
            Ok(b'"') => kind::STRING,
            Ok(b'-' | b'0'..=b'9') => kind::INTEGER | kind::FRACTION,
            Ok(b't' | b'f') => kind::BOOLEAN,
            Ok(b'n') => kind::NULL,
            _ => 0,
        }
    }

    /// Looks into the object at the cursor without moving: the string value
    /// of the first member named `tag` (when `tag` is given and that value is
    /// a string), and which of `keys` are present (bit `i` for `keys[i]`).
    /// Input it cannot read gives `(None, 0)`.
    ///
    /// It reads keys, not values: other members' values are passed over by
    /// [`Reader::skip_lax`] (a long string costs a `memchr`, not a check),
    /// which on a well-formed text ends each value where the strict reader
    /// would. On any other text the survey may be wrong, which is harmless:
    /// it only rules branches out, a branch still has to read the bytes
    /// strictly to pass, and a stop on such a text is never settled as
    /// invalid (`settle` reads strictly).
    pub fn survey(&mut self, tag: Option<&str>, keys: &[&str]) -> (Option<Cow<'a, str>>, u64) {
        let mark = self.mark();
        let mut found: Option<Cow<'a, str>> = None;
        let mut present = 0u64;
        let mut tag_done = tag.is_none();
        let all = if keys.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << keys.len()) - 1
        };
        let result = self.object(|r, k| {
            if let Some(i) = keys.iter().position(|n| same(n, k)) {
                present |= 1u64.checked_shl(i as u32).unwrap_or(0);
            }
            if !tag_done && tag.is_some_and(|t| same(t, k)) {
                tag_done = true;
                if r.peek()? == b'"' {
                    found = Some(r.string()?);
                    return if present == all { Err(Stop) } else { Ok(()) };
                }
            }
            r.skip_lax()?;
            // Done early: nothing more to learn.
            if tag_done && present == all {
                return Err(Stop);
            }
            Ok(())
        });
        self.reset(mark);
        match result {
            Ok(()) => (found, present),
            // Stopped early on purpose, or unreadable: either way what was
            // seen so far is exact for the members before the stop.
            Err(Stop) if tag_done && present == all => (found, present),
            Err(Stop) => (None, 0),
        }
    }
}

/// The index after the closing quote of the string whose contents start at
/// `i`, found by `"` and `\\` alone (an escape skips the byte after it): a
/// block or two inline ([`find_quote`]: most lax-skipped strings are short,
/// and a `memchr2` call costs about 80 instructions), the rest by
/// `memchr2`.
#[inline]
fn lax_string_end(b: &[u8], mut i: usize) -> R<usize> {
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

/// Checks one escape (the byte after `\` is at `i`) as serde_json does for
/// UTF-8 strings; returns the index after it.
#[inline]
fn escape(b: &[u8], i: usize) -> R<usize> {
    match b.get(i) {
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(i + 1),
        Some(b'u') => {
            let n = hex4(b, i + 1)?;
            match n {
                0xDC00..=0xDFFF => Err(Stop),
                0xD800..=0xDBFF => {
                    if b.get(i + 5) != Some(&b'\\') || b.get(i + 6) != Some(&b'u') {
                        return Err(Stop);
                    }
                    match hex4(b, i + 7)? {
                        0xDC00..=0xDFFF => Ok(i + 11),
                        _ => Err(Stop),
                    }
                }
                _ => Ok(i + 5),
            }
        }
        _ => Err(Stop),
    }
}

#[inline]
fn hex4(b: &[u8], i: usize) -> R<u16> {
    let digits = b.get(i..i + 4).ok_or(Stop)?;
    digits
        .iter()
        .try_fold(0u16, |n, &d| hex(d).map(|h| (n << 4) | h))
        .ok_or(Stop)
}

/// A `$ref` call in generated code: `read(r)` — and in collecting mode
/// ([`Reader::collecting`]), when `read` fails, a [`Record`] of the
/// definition `name` (its instance path and bytes) and a strict skip of
/// the value, so that the enclosing read goes on. Records made inside a
/// value that is itself recorded are dropped (its definition's `Value`
/// check reports them), so what remains is, per failing place, the
/// innermost `$ref`'d definition whose own keywords fail. Failures inside
/// `anyOf` are never recorded ([`any_of`] leaves collecting mode).
#[inline]
pub fn refer(r: &mut Reader<'_>, name: &'static str, read: fn(&mut Reader<'_>) -> R) -> R {
    if r.collect.is_none() && r.subst.is_none() {
        read(r)
    } else {
        r.refer_slow(name, read)
    }
}

/// Skips one value by its brackets and quotes alone (`Reader::skip_lax`):
/// for [`Reader::substituting`], in place of a definition already shown
/// valid on the same bytes by a strict read.
pub fn skip_known(r: &mut Reader<'_>) -> R {
    r.skip_lax()
}

/// A collecting reader's state.
#[derive(Clone, Debug, Default)]
struct Collect {
    /// The steps to the value being read.
    path: Vec<Step>,
    /// Member names of the objects being read (for repeated names).
    names: Vec<Token>,
    records: Vec<Record>,
    /// An object on the way to a record repeats a member name.
    unsure: bool,
    /// Some value was read twice (`allOf`).
    rereads: bool,
    /// Unreadable input: the read stops.
    broken: bool,
    /// Values of the top frame shown valid, in text order
    /// ([`Reader::read_top`]'s shell).
    spans: Vec<Span>,
    /// `$ref`'d values being read (0: the top frame).
    inside: usize,
    /// A node of the top frame read its value more than once.
    passes: bool,
    /// The last container of the top frame read to its end: where it
    /// opened and closed.
    closed: (usize, usize),
}

/// The shortest value shown valid that a shell elides ([`Elided`] with a
/// path): its placeholder costs the check a violation to drop (a few
/// thousand instructions: message, pointers), more than parsing a short
/// value (about 40 instructions a byte).
const MIN_VALID_SPAN: usize = 96;

/// What a collecting read saves before a `$ref`'d value, to drop what it
/// saw inside when the value is recorded.
#[derive(Clone, Copy)]
struct Saved {
    path: usize,
    names: usize,
    records: usize,
    spans: usize,
    unsure: bool,
    rereads: bool,
}

impl Saved {
    fn of(c: &Collect) -> Saved {
        Saved {
            path: c.path.len(),
            names: c.names.len(),
            records: c.records.len(),
            spans: c.spans.len(),
            unsure: c.unsure,
            rereads: c.rereads,
        }
    }

    /// Takes `c` back to what [`Saved::of`] saw: everything recorded or
    /// seen since is dropped.
    fn restore(&self, c: &mut Collect) {
        c.path.truncate(self.path);
        c.names.truncate(self.names);
        c.records.truncate(self.records);
        c.spans.truncate(self.spans);
        c.unsure = self.unsure;
        c.rereads = self.rereads;
    }
}

/// A value of the top frame a collecting read showed valid.
#[derive(Clone, Debug)]
struct Span {
    start: usize,
    end: usize,
    /// `Some(path)`: valid for the `$ref` read at it; `None`: skipped.
    valid: Option<Vec<Step>>,
}

/// A value inside a [`Record`] that its check need not parse: the read
/// showed it valid for the one schema the record's definition applies to
/// it. The shell ([`Record::elided`]) holds a placeholder in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elided {
    /// Where it starts in the text.
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// `Some`: a `$ref`'d value its definition's read passed, at this
    /// instance path (from the text's root) — the placeholder is `null`
    /// and what the check reports at or below the path is dropped (the
    /// value itself reports nothing). `None`: a value no keyword
    /// constrains beyond its kind — the placeholder is an empty value of
    /// the same kind (`{}`, `[]`, `""`), on which the check reports
    /// nothing, as on the value.
    pub path: Option<Vec<PathStep>>,
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Key(Token),
    Index(usize),
}

/// One step of a record's instance path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// A member (its decoded name).
    Key(String),
    /// An element.
    Index(usize),
}

/// One failing `$ref`'d definition, as [`refer`] recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The definition's schema name.
    pub name: &'static str,
    /// Where its value starts in the text.
    pub start: usize,
    /// Where it ends (exclusive).
    pub end: usize,
    /// The value's instance path, from the text's root.
    pub path: Vec<PathStep>,
    /// Values inside it shown valid ([`Reader::read_top`]), in text
    /// order; empty for a plain record (the whole value is parsed).
    pub elided: Vec<Elided>,
}

/// The records of a collecting read, in the order the `Value` path
/// reports their violations ([`Reader::collected`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// The records, none inside another.
    pub records: Vec<Record>,
}

/// Whether `a`, recorded before `b`, is reported before it by the `Value`
/// path for sure: their paths part at two indices of one array, `a`'s
/// first (arrays are checked element by element, in order).
fn ordered(a: &Record, b: &Record) -> bool {
    if a.start == b.start && a.end == b.end {
        return false;
    }
    for (x, y) in a.path.iter().zip(&b.path) {
        match (x, y) {
            (PathStep::Index(i), PathStep::Index(j)) if i == j => {}
            (PathStep::Key(k), PathStep::Key(l)) if k == l => {}
            (PathStep::Index(i), PathStep::Index(j)) => return i < j,
            _ => return false,
        }
    }
    false
}

/// One `anyOf` branch, for [`any_of`].
pub struct Branch<'f> {
    /// The kinds of instance the branch can accept (`crate::support::kind`).
    pub kinds: u8,
    /// Its discriminator value, when the `anyOf` has a discriminator.
    pub tag: Option<&'static str>,
    /// Bits (of the `keys` given to [`any_of`]) of the members it requires.
    pub required: u64,
    /// Its bytes validator.
    pub read: &'f dyn Fn(&mut Reader<'_>) -> R,
}

/// `anyOf`: `Ok` when a branch reads the value. Branches that cannot pass
/// are not tried: those whose kinds exclude the value's first byte; for an
/// object, those tagged other than its `tag` member (when that names a
/// branch) and those requiring a member (of `keys`) it lacks.
pub fn any_of(r: &mut Reader<'_>, tag: Option<&str>, keys: &[&str], branches: &[Branch<'_>]) -> R {
    if r.collect.is_some() || r.subst.is_some() {
        // A failing branch is a legitimate "no": nothing inside an `anyOf`
        // is recorded (when every branch fails, the enclosing definition
        // is), nor substituted.
        let saved = (r.collect.take(), r.subst.take());
        let read = any_of(r, tag, keys, branches);
        (r.collect, r.subst) = saved;
        return read;
    }
    let hint = r.kind_hint();
    let by_kind = |b: &&Branch<'_>| b.kinds & hint != 0;
    let mut present = u64::MAX;
    let mut tagged: Option<&'static str> = None;
    if hint == crate::support::kind::OBJECT
        && (tag.is_some() || !keys.is_empty())
        && branches.iter().filter(by_kind).nth(1).is_some()
    {
        // When every branch left is tagged, the tag alone decides which
        // one to read: the survey looks for the tag only (and stops there);
        // which members are present is asked only when the tag names no
        // branch. (On a valid value the tagged branch has its required
        // members, so presence would not have ruled it out.)
        let by_tag = tag.is_some() && branches.iter().filter(by_kind).all(|b| b.tag.is_some());
        let (found, keys_present) = r.survey(tag, if by_tag { &[] } else { keys });
        tagged = found.and_then(|t| branches.iter().find_map(|b| b.tag.filter(|x| same(x, &t))));
        if !keys.is_empty() {
            present = match (by_tag, tagged) {
                (false, _) => keys_present,
                (true, Some(_)) => u64::MAX,
                (true, None) => r.survey(None, keys).1,
            };
        }
    }
    let mark = r.mark();
    for branch in branches.iter().filter(by_kind) {
        if branch.required & !present != 0 {
            continue;
        }
        if tagged.is_some() && branch.tag.is_some() && branch.tag != tagged {
            continue;
        }
        if (branch.read)(r).is_ok() {
            return Ok(());
        }
        r.reset(mark);
    }
    Err(Stop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skips(text: &str) -> bool {
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        r.skip().is_ok() && r.finish().is_ok()
    }

    fn serde_accepts(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text).is_ok()
    }

    #[test]
    fn accepts_only_what_serde_json_accepts() {
        let cases = [
            "{}",
            "[]",
            " { \"a\" : [1, -2, 3.5, 1e3, -0, 0.0e-0, true, false, null] } ",
            r#""\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t""#,
            r#""\ud800""#,
            r#""\udc00""#,
            r#""\ud800\u0041""#,
            r#""\x""#,
            r#""\u12""#,
            "\"a\u{1}\"",
            "\"tab\there\"",
            "[1,]",
            "{\"a\":1,}",
            "[01]",
            "[1.]",
            "[.5]",
            "[+1]",
            "[-]",
            "[1e]",
            "[1e+]",
            "[1e400]",
            "[-1e400]",
            "[1e-400]",
            &format!("[{}]", "9".repeat(400)),
            &format!("[{}.5]", "9".repeat(290)),
            "[tru]",
            "[nul]",
            "{\"a\" 1}",
            "{1:2}",
            "[1 2]",
            "[1] x",
            "",
            "   ",
            "\"unterminated",
            "{\"a\":\"é ü 日本\"}",
        ];
        for case in cases {
            if skips(case) {
                assert!(
                    serde_accepts(case),
                    "reader accepts what serde_json refuses: {case:?}"
                );
            }
        }
        for good in [cases[0], cases[1], cases[2], cases[3], cases[22], cases[34]] {
            assert!(skips(good), "{good:?}");
        }
    }

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

    #[test]
    fn strings_decode_like_serde_json() {
        let text = r#""a\u00e9\n\ud83d\ude00""#;
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        let s = r.string().unwrap();
        assert_eq!(s, serde_json::from_str::<String>(text).unwrap());
        let mut r = Reader::new(b"\"plain\"", MAX_DEPTH);
        assert!(matches!(r.string().unwrap(), Cow::Borrowed("plain")));
        let long = format!("\"{}\\\"{}\"", "x".repeat(37), "y".repeat(20));
        let mut r = Reader::new(long.as_bytes(), MAX_DEPTH);
        assert_eq!(r.string().unwrap().len(), 58);
        assert!(r.finish().is_ok());
    }

    #[test]
    fn utf8_is_checked_as_std_does() {
        let conts = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF,
        ];
        let mut cases = 0;
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                for &b2 in &conts {
                    for &b3 in &conts {
                        let text = [b'"', b0, b1, b2, b3, b'"'];
                        let std_ok = std::str::from_utf8(&text).is_ok()
                            && serde_json::from_slice::<String>(&text).is_ok();
                        let mut r = Reader::new(&text, MAX_DEPTH);
                        let mine = r.skip_string().is_ok() && r.finish().is_ok();
                        assert_eq!(mine, std_ok, "{text:02x?}");
                        cases += 1;
                    }
                }
            }
        }
        assert!(cases > 100_000);
        // Outside strings no byte above ASCII is JSON.
        assert!(Reader::new("[1,\u{e9}]".as_bytes(), MAX_DEPTH)
            .skip()
            .is_err());
        let mut r = Reader::new("{\"clé\":\"日本\"}".as_bytes(), MAX_DEPTH);
        let mut keys = Vec::new();
        r.object(|r, k| {
            keys.push(k.to_string());
            r.skip()
        })
        .unwrap();
        assert_eq!(keys, ["clé"]);
    }

    #[test]
    fn skip_distinct_refuses_repeated_and_escaped_names() {
        let distinct = |text: &str| {
            let mut names = Vec::new();
            let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
            let ok = r.skip_distinct(&mut names).is_ok() && r.finish().is_ok();
            assert!(names.is_empty());
            ok
        };
        assert!(distinct(r#"{"a":{"a":1,"b":[{"a":2},{"a":3}]},"b":2}"#));
        assert!(distinct("[1,\"x\",{}]"));
        assert!(!distinct(r#"{"a":1,"b":2,"a":3}"#));
        assert!(!distinct(r#"[{"x":{"a":1,"a":1}}]"#));
        assert!(distinct(r#"{"\u0061":1,"b":2}"#));
        assert!(!distinct(r#"{"\u0061":1,"a":2}"#));
        assert!(!distinct(r#"{"a":1,"\u0061":2}"#));
        assert!(!distinct(r#"{"a":1,}"#));
        assert!(!distinct(r#"{"a":1} x"#));
    }

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

    #[test]
    fn depth_is_limited() {
        let deep = "[".repeat(10) + &"]".repeat(10);
        assert!(Reader::new(deep.as_bytes(), 10).skip().is_ok());
        assert!(Reader::new(deep.as_bytes(), 9).skip().is_err());
    }

    #[test]
    fn byte_string_is_is_byte_on_the_decoded_string() {
        let long = "QUJD".repeat(40);
        let cases = [
            String::new(),
            "QQ==".into(),
            "QUI=".into(),
            "QUJD".into(),
            "QUJ".into(),
            "Q===".into(),
            "QQ=A".into(),
            "=QQ=".into(),
            long.clone(),
            format!("{long}QQ=="),
            format!("{long}Q"),
            format!("{long}QQ=\\u003d"),
            format!("{}\\/A==", &long[1..]),
            format!("{long}-_=="),
            format!("{long} "),
            format!("{long}\u{e9}A=="),
        ];
        for case in cases {
            let text = format!("\"{case}\" ");
            let mut fused = Reader::new(text.as_bytes(), MAX_DEPTH);
            let mine = fused.byte_string().is_ok();
            let mut plain = Reader::new(text.as_bytes(), MAX_DEPTH);
            let decoded = plain.string().unwrap();
            assert_eq!(mine, crate::format::is_byte(&decoded), "{case:?}");
            if mine {
                assert_eq!(fused.pos(), plain.pos(), "{case:?}");
            }
        }
        assert!(Reader::new(b"\"QUJD", MAX_DEPTH).byte_string().is_err());
        assert!(Reader::new(b"7", MAX_DEPTH).byte_string().is_err());
    }

    #[test]
    fn lax_skip_ends_where_skip_does_on_well_formed_text() {
        let long = "x".repeat(100);
        for text in [
            r#"{"a":[1,{"b":"]}"}],"c":-1.5e3}"#.to_string(),
            r#""esc \" aped \\" "#.to_string(),
            format!("[\"{long}\",\"{long}\\\"\"] "),
            "true ".to_string(),
            "-0.5,".to_string(),
            "null]".to_string(),
            "[ [ ] , { } ]".to_string(),
        ] {
            let mut strict = Reader::new(text.as_bytes(), MAX_DEPTH);
            strict.skip().unwrap();
            let mut lax = Reader::new(text.as_bytes(), MAX_DEPTH);
            lax.skip_lax().unwrap();
            assert_eq!(lax.pos(), strict.pos(), "{text}");
        }
    }

    /// `{"n": <number>}`, `n` read as the definition `N` (an integer).
    fn read_n(r: &mut Reader<'_>) -> R {
        ok(r.number()?.is_u64())
    }

    fn read_obj(r: &mut Reader<'_>) -> R {
        r.object(|r, k| match k {
            "n" => refer(r, "N", read_n),
            "list" => r.array(|r| refer(r, "N", read_n)),
            "any" => any_of(
                r,
                None,
                &[],
                &[Branch {
                    kinds: crate::support::kind::INTEGER | crate::support::kind::FRACTION,
                    tag: None,
                    required: 0,
                    read: &|r: &mut Reader<'_>| refer(r, "N", read_n),
                }],
            ),
            _ => r.skip(),
        })
    }

    fn collected(text: &str) -> Option<Vec<(&'static str, String, Vec<PathStep>)>> {
        let mut r = Reader::collecting(text.as_bytes(), MAX_DEPTH);
        read_obj(&mut r).ok()?;
        r.finish().ok()?;
        let c = r.collected()?;
        Some(
            c.records
                .into_iter()
                .map(|x| (x.name, text[x.start..x.end].to_string(), x.path))
                .collect(),
        )
    }

    #[test]
    fn collecting_records_failing_refs_and_skips_on() {
        use PathStep::{Index, Key};
        assert_eq!(collected(r#"{"n":1,"list":[1,2]}"#), Some(vec![]));
        assert_eq!(
            collected(r#"{"n":-1,"x":{"y":[true]}}"#),
            Some(vec![("N", "-1".into(), vec![Key("n".into())])])
        );
        // Elements of one array, in order.
        assert_eq!(
            collected(r#"{"list":[1,"a",2,{"b":[]}]}"#),
            Some(vec![
                ("N", "\"a\"".into(), vec![Key("list".into()), Index(1)]),
                ("N", "{\"b\":[]}".into(), vec![Key("list".into()), Index(3)]),
            ])
        );
        // Paths that part at a member name: order not sure.
        assert_eq!(collected(r#"{"n":"a","list":["b"]}"#), None);
        // A repeated member name on the way: not sure.
        assert_eq!(collected(r#"{"n":"a","n":1}"#), None);
        // Nothing recorded inside anyOf: the failure is the caller's.
        assert_eq!(collected(r#"{"any":-1}"#), None);
        // Unreadable input.
        assert_eq!(collected(r#"{"n":"a" "#), None);
        // The fast path is unchanged.
        let mut r = Reader::new(br#"{"n":-1}"#, MAX_DEPTH);
        assert!(read_obj(&mut r).is_err());
    }

    /// `{"s": "x", "n": N (required), "list": [N…], "twice": …}`: `twice`
    /// is read by two passes (as an `allOf` would).
    fn read_top_obj(r: &mut Reader<'_>) -> R {
        let mut seen = 0u64;
        r.object(|r, k| match k {
            "s" => r.string_eq("x"),
            "n" => {
                seen |= 1;
                refer(r, "N", read_n)
            }
            "list" => r.array(|r| refer(r, "N", read_n)),
            "twice" => {
                let mark = r.mark();
                r.skip()?;
                r.reset(mark);
                r.skip()
            }
            _ => r.skip(),
        })?;
        ok(seen == 1)
    }

    type Shell = Vec<(String, Option<Vec<PathStep>>)>;

    /// The records of a collecting read of `text` as `Top`: per record its
    /// name, bytes and elided values (their bytes and paths).
    fn top_records(text: &str) -> Option<Vec<(&'static str, String, Shell)>> {
        let mut r = Reader::collecting(text.as_bytes(), MAX_DEPTH);
        r.read_top("Top", read_top_obj).ok()?;
        r.finish().ok()?;
        let c = r.collected()?;
        Some(
            c.records
                .into_iter()
                .map(|x| {
                    let elided = x
                        .elided
                        .iter()
                        .map(|e| (text[e.start..e.end].to_string(), e.path.clone()))
                        .collect();
                    (x.name, text[x.start..x.end].to_string(), elided)
                })
                .collect(),
        )
    }

    #[test]
    fn read_top_records_a_shell_of_what_it_showed_valid() {
        use PathStep::Key;
        let list = format!("[{}]", vec!["12345"; 20].join(","));
        let other = r#"{"a":[1,2,{"b":"c"}]}"#;
        // Valid: nothing recorded.
        let valid = format!(r#"{{"s":"x","n":1,"list":{list},"o":{other}}}"#);
        assert_eq!(top_records(&valid), Some(vec![]));
        // `s` fails before the rest: the read goes on past it, so the
        // list (shown valid, long enough) and the unconstrained member
        // after it are elided; `n` (short) stays.
        let text = format!(r#" {{"s":"y","n":1,"list":{list},"o":{other}}} "#);
        let want = vec![
            (list.clone(), Some(vec![Key("list".into())])),
            (other.into(), None),
        ];
        assert_eq!(
            top_records(&text),
            Some(vec![("Top", text.trim().to_string(), want.clone())])
        );
        // The required member missing (a failure after the object closed).
        let text = format!(r#"{{"list":{list},"o":{other}}}"#);
        assert_eq!(top_records(&text), Some(vec![("Top", text.clone(), want)]));
        // A failure inside a `$ref`'d value too (a record inside): a
        // plain record of the whole value.
        let text = format!(r#"{{"s":"y","n":-1,"o":{other}}}"#);
        assert_eq!(
            top_records(&text),
            Some(vec![("Top", text.clone(), vec![])])
        );
        // A repeated member name: plain (its parse keeps the last, as the
        // `Value` does).
        let text = format!(r#"{{"s":"y","n":1,"o":{other},"o":1}}"#);
        assert_eq!(
            top_records(&text),
            Some(vec![("Top", text.clone(), vec![])])
        );
        // A node read twice: plain.
        let text = format!(r#"{{"s":"y","n":1,"o":{other},"twice":[1]}}"#);
        assert_eq!(
            top_records(&text),
            Some(vec![("Top", text.clone(), vec![])])
        );
        // Unreadable after the failure: nothing.
        let text = format!(r#"{{"s":"y","n":1,"o":{other},"x":[1,}}"#);
        assert_eq!(top_records(&text), None);
        // The fast path is unchanged.
        let text = format!(r#"{{"s":"y","n":1,"list":{list}}}"#);
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        assert!(read_top_obj(&mut r).is_err());
    }

    #[test]
    fn substituting_reads_the_typed_definition_in_place() {
        fn typed(r: &mut Reader<'_>) -> R {
            ok(r.number()? == Number::from(7u64))
        }
        let run = |text: &str| {
            let mut r = Reader::substituting(text.as_bytes(), MAX_DEPTH, "N", 1, typed);
            let read = read_obj(&mut r).and_then(|()| r.finish()).is_ok();
            (read, r.substituted())
        };
        assert_eq!(run(r#"{"n":7}"#), (true, 1));
        assert!(!run(r#"{"n":8}"#).0);
        // Deeper values keep their own definition.
        assert_eq!(run(r#"{"list":[8]}"#), (true, 0));
    }

    #[test]
    fn survey_reads_the_tag_and_keys() {
        let text = r#"{"a":[1,{"type":"x"}],"type":"text","b":null}"#;
        let mut r = Reader::new(text.as_bytes(), MAX_DEPTH);
        let (tag, present) = r.survey(Some("type"), &["b", "c", "a"]);
        assert_eq!(tag.as_deref(), Some("text"));
        assert_eq!(present, 0b101);
        assert_eq!(r.pos(), 0);
        let mut r = Reader::new(br#"{"type":1}"#, MAX_DEPTH);
        assert_eq!(r.survey(Some("type"), &[]), (None, 0));
        let mut r = Reader::new(br#"{"type":"a","x":1}"#, MAX_DEPTH);
        assert_eq!(r.survey(Some("type"), &[]).0.as_deref(), Some("a"));
    }
}

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
/// of every x86-64) while 16 remain; where fewer remain, `i` moved past
/// the plain blocks only (the caller then goes byte by byte).
#[cfg(target_arch = "x86_64")]
#[inline]
fn find_special(b: &[u8], mut i: usize) -> usize {
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
            // Signed: below 0x20 are the control characters and, as
            // negative bytes, everything from 0x80 up.
            let low = _mm_cmplt_epi8(x, _mm_set1_epi8(0x20));
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), low)) as u32
        };
        if mask != 0 {
            return i + mask.trailing_zeros() as usize;
        }
        i += 16;
    }
    i
}

/// [`find_special`] elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn find_special(b: &[u8], i: usize) -> usize {
    find_special_words(b, i)
}

/// [`find_special`] 8 bytes at a time ([`specials`]), for targets without
/// SSE2 (and the unit test's reference).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline]
fn find_special_words(b: &[u8], mut i: usize) -> usize {
    while let Some(chunk) = b.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let found = specials(u64::from_le_bytes(word));
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
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

#[inline]
fn hex(b: u8) -> Option<u16> {
    match b {
        b'0'..=b'9' => Some(u16::from(b - b'0')),
        b'a'..=b'f' => Some(u16::from(b - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(b - b'A' + 10)),
        _ => None,
    }
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
            collect: Some(Box::default()),
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

    /// The current position.
    #[inline]
    pub fn mark(&self) -> Mark {
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
    #[inline]
    pub fn peek(&mut self) -> R<u8> {
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
    #[inline]
    pub fn object<F>(&mut self, mut member: F) -> R
    where
        F: FnMut(&mut Reader<'a>, &str) -> R,
    {
        // Collecting mode: the member's name is the path step while its
        // value is read (non-generic helpers, so that the closure is
        // compiled once).
        let collecting = self.collect.is_some();
        let base = if collecting { self.collect_open() } else { 0 };
        let mut more = self.enter(b'{', b'}')?;
        while more {
            let key = self.name()?;
            if collecting {
                self.collect_key(key, base)?;
            }
            let read = if key.escaped {
                let decoded = self.decode(key)?;
                member(self, &decoded)
            } else {
                let name = self.checked_str(key)?;
                member(self, name)
            };
            if collecting {
                self.collect_pop();
            }
            read?;
            more = self.more(b'}')?;
        }
        if collecting {
            self.collect_close(base);
        }
        Ok(())
    }

    /// Reads an array, calling `element` with the reader at each element;
    /// `element` must read exactly that element.
    #[inline]
    pub fn array<F>(&mut self, mut element: F) -> R
    where
        F: FnMut(&mut Reader<'a>) -> R,
    {
        let collecting = self.collect.is_some();
        let mut more = self.enter(b'[', b']')?;
        let mut i = 0;
        while more {
            if collecting {
                self.collect_index(i);
            }
            let read = element(self);
            if collecting {
                self.collect_pop();
            }
            read?;
            i += 1;
            more = self.more(b']')?;
        }
        Ok(())
    }

    /// Collecting mode, an object opens: where its names start.
    #[inline(never)]
    fn collect_open(&mut self) -> usize {
        self.collect.as_deref().map_or(0, |c| c.names.len())
    }

    /// Collecting mode, a member `key` of the object whose names start at
    /// `base`: a name the object already had makes the records unsure
    /// (the `Value` keeps the last occurrence).
    #[inline(never)]
    fn collect_key(&mut self, key: Token, base: usize) -> R {
        let mut repeated = false;
        if let Some(c) = self.collect.as_deref() {
            for &other in c.names.get(base..).unwrap_or_default() {
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

    /// Collecting mode, element `i` of an array.
    #[inline(never)]
    fn collect_index(&mut self, i: usize) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.path.push(Step::Index(i));
        }
    }

    /// Collecting mode, a member or element read.
    #[inline(never)]
    fn collect_pop(&mut self) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.path.pop();
        }
    }

    /// Collecting mode, an object closes.
    #[inline(never)]
    fn collect_close(&mut self, base: usize) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.names.truncate(base);
        }
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
            if s.depth == self.depth && s.name == name {
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
        let (path, names, records, unsure, rereads) = (
            c.path.len(),
            c.names.len(),
            c.records.len(),
            c.unsure,
            c.rereads,
        );
        if read(self).is_ok() {
            return Ok(());
        }
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
        c.path.truncate(path);
        c.names.truncate(names);
        c.records.truncate(records);
        c.unsure = unsure;
        c.rereads = rereads;
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
            c.broken = true;
            self.collect = Some(c);
            return Err(Stop);
        }
        let mut steps = Vec::with_capacity(c.path.len());
        for step in &c.path {
            steps.push(match *step {
                Step::Key(token) => match self.decode(token) {
                    Ok(key) => PathStep::Key(key.into_owned()),
                    Err(Stop) => {
                        c.broken = true;
                        self.collect = Some(c);
                        return Err(Stop);
                    }
                },
                Step::Index(i) => PathStep::Index(i),
            });
        }
        c.records.push(Record {
            name,
            start: pos,
            end: self.pos,
            path: steps,
        });
        self.collect = Some(c);
        Ok(())
    }

    /// Skips one value of any kind, checking it as strictly as reading it.
    pub fn skip(&mut self) -> R {
        match self.peek()? {
            b'{' => self.skip_object(),
            b'[' => self.array(Reader::skip),
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
            _ => self.skip(),
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

    /// Skips an object without decoding its keys.
    fn skip_object(&mut self) -> R {
        let mut more = self.enter(b'{', b'}')?;
        while more {
            self.name()?;
            self.skip()?;
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
    /// of a UTF-8 sequence) is handled on its own.
    #[inline]
    pub(crate) fn scan_string(&mut self) -> R<Token> {
        let b = self.bytes();
        let start = self.pos + 1;
        let mut i = start;
        let mut escaped = false;
        loop {
            i = find_special(b, i);
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
        let (start, end, _) = self.scan_number()?;
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
            if let Some(i) = keys.iter().position(|n| *n == k) {
                present |= 1u64.checked_shl(i as u32).unwrap_or(0);
            }
            if !tag_done && tag == Some(k) {
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
/// `i`, found by `"` and `\\` alone (an escape skips the byte after it).
#[inline]
fn lax_string_end(b: &[u8], mut i: usize) -> R<usize> {
    loop {
        let rest = b.get(i..).ok_or(Stop)?;
        match memchr::memchr2(b'"', b'\\', rest) {
            Some(n) if rest[n] == b'"' => return Ok(i + n + 1),
            Some(n) => i += n + 2,
            None => return Err(Stop),
        }
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
        let (found, keys_present) = r.survey(tag, keys);
        if !keys.is_empty() {
            present = keys_present;
        }
        tagged = found.and_then(|t| branches.iter().find_map(|b| b.tag.filter(|x| *x == t)));
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
                            .find(|&k| matches!(text[k], b'"' | b'\\') || text[k] < 0x20 || text[k] >= 0x80)
                            .unwrap_or(len);
                        for got in [find_special(&text, from), find_special_words(&text, from)] {
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

//! Collecting mode ([`Reader::collecting`]) during a read: the state it
//! keeps (the path to the value being read, the member names of the
//! objects on the way, the values of the top frame shown valid), the hooks
//! the object and array loops and [`Reader::skip`] call to keep it, and
//! [`Reader::collected`], the records at the end (`record` makes them,
//! `collected` holds their types).

use super::collected::{ordered, Collected, Record};
use super::string::Token;
use super::{Reader, R};

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

/// A collecting reader's state.
#[derive(Clone, Debug, Default)]
pub(super) struct Collect {
    /// The steps to the value being read.
    pub(super) path: Vec<Step>,
    /// Member names of the objects being read (for repeated names).
    pub(super) names: Vec<Token>,
    pub(super) records: Vec<Record>,
    /// An object on the way to a record repeats a member name.
    pub(super) unsure: bool,
    /// Some value was read twice (`allOf`).
    pub(super) rereads: bool,
    /// Unreadable input: the read stops.
    pub(super) broken: bool,
    /// Values of the top frame shown valid, in text order
    /// ([`Reader::read_top`]'s shell).
    pub(super) spans: Vec<Span>,
    /// `$ref`'d values being read (0: the top frame).
    pub(super) inside: usize,
    /// A node of the top frame read its value more than once.
    pub(super) passes: bool,
    /// The last container of the top frame read to its end: where it
    /// opened and closed.
    pub(super) closed: (usize, usize),
}

/// The shortest value shown valid that a shell elides ([`Elided`](super::Elided) with a
/// path): its placeholder costs the check a violation to drop (a few
/// thousand instructions: message, pointers), more than parsing a short
/// value (about 40 instructions a byte).
pub(super) const MIN_VALID_SPAN: usize = 96;

/// A value of the top frame a collecting read showed valid.
#[derive(Clone, Debug)]
pub(super) struct Span {
    pub(super) start: usize,
    pub(super) end: usize,
    /// `Some(path)`: valid for the `$ref` read at it; `None`: skipped.
    pub(super) valid: Option<Vec<Step>>,
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    Key(Token),
    Index(usize),
}

impl<'a> Reader<'a> {
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

    /// Collecting mode: records and spans so far.
    #[inline(never)]
    pub(super) fn collect_saved(&self) -> (usize, usize) {
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
    pub(super) fn collect_array(&mut self, open: usize, (records, spans): (usize, usize)) {
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
    pub(super) fn collect_go_on(&mut self, at: (usize, usize), names: usize) -> bool {
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
    pub(super) fn collect_passes(&mut self) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.passes |= c.inside == 0;
        }
    }

    /// Collecting mode, an object opens: where its names start.
    #[inline(never)]
    pub(super) fn collect_open(&mut self) -> usize {
        self.collect.as_deref().map_or(0, |c| c.names.len())
    }

    /// Collecting mode, a member `key` of the object whose names start at
    /// `base`: a name the object already had makes the records unsure
    /// (the `Value` keeps the last occurrence). `seen` is the object's
    /// bits of [`name_bit`] so far: an unescaped name whose bit is new
    /// cannot repeat one (names compared only on a shared bit).
    #[inline(never)]
    pub(super) fn collect_key(&mut self, key: Token, base: usize, seen: &mut u64) -> R {
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
    pub(super) fn collect_index(&mut self, i: usize) -> usize {
        self.collect.as_deref_mut().map_or(0, |c| {
            c.path.push(Step::Index(i));
            c.names.len()
        })
    }

    /// Collecting mode, a member or element read.
    #[inline(never)]
    pub(super) fn collect_pop(&mut self) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.path.pop();
        }
    }

    /// Collecting mode, an object that opened at `open` closes (its names
    /// started at `base`).
    #[inline(never)]
    pub(super) fn collect_close(&mut self, base: usize, open: usize) {
        if let Some(c) = self.collect.as_deref_mut() {
            c.names.truncate(base);
        }
        self.collect_closed(open);
    }

    /// Collecting mode, a container that opened at `open` was read to its
    /// end (in the top frame: every byte of it read or skipped strictly).
    #[inline(never)]
    pub(super) fn collect_closed(&mut self, open: usize) {
        let end = self.pos;
        if let Some(c) = self.collect.as_deref_mut() {
            if c.inside == 0 {
                c.closed = (open, end);
            }
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

    /// [`Reader::skip`] in collecting mode: in the top frame, an object,
    /// array or string of more than two bytes is a [`Span`] of the shell.
    #[inline(never)]
    pub(super) fn skip_collecting(&mut self) -> R {
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
}

//! The tokenizer's structure: a reader at the start of a text, its cursor
//! (`peek` past whitespace, `mark` and `reset`, `finish`), objects and
//! arrays (each read by one compiled loop, which calls collecting mode's
//! hooks, `collect`), and the literals `null`, `true` and `false`.

use super::string::Token;
use super::{ok, Mark, Reader, Stop, MAX_DEPTH, R};

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
    pub(super) fn bytes(&self) -> &'a [u8] {
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
    pub(super) fn enter(&mut self, open: u8, close: u8) -> R<bool> {
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
    pub(super) fn more(&mut self, close: u8) -> R<bool> {
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
    pub(super) fn name(&mut self) -> R<Token> {
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

    pub(super) fn literal(&mut self, word: &[u8]) -> R {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_limited() {
        let deep = "[".repeat(10) + &"]".repeat(10);
        assert!(Reader::new(deep.as_bytes(), 10).skip().is_ok());
        assert!(Reader::new(deep.as_bytes(), 9).skip().is_err());
    }
}

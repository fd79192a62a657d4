//! Collecting mode's records: a failing `$ref`'d value recorded and
//! skipped so that the read goes on ([`refer`] in collecting mode), and a
//! failing value of the top frame recorded with a shell of what the read
//! showed valid ([`Reader::read_top`]). The records' types are
//! `collected`'s.
//!
//! [`refer`]: fn@super::refer

use super::collect::{Collect, Span, Step, MIN_VALID_SPAN};
use super::collected::{Elided, PathStep, Record};
use super::{Reader, Stop, R};

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

impl<'a> Reader<'a> {
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

    /// [`refer`] in collecting mode.
    #[inline(never)]
    pub(super) fn refer_collecting(
        &mut self,
        name: &'static str,
        read: fn(&mut Reader<'_>) -> R,
    ) -> R {
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
}

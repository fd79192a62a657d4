//! One JSON text to an [`Item`]: a record or a bare message, found by one
//! strict scan (parsed only to word why a text is not one); and the byte
//! scans that find where texts end ([`Open`], [`split_values`]).

use serde_json::{Map, Value};

use super::entry::{Item, Message, Position, Problem};
use crate::{
    expect::Expect as Expected,
    input::{nesting, parse_json, Byte, InputError, Limits, Quotes},
    scan::{scan_value, HeadBuilder, MessageHead},
    Direction, Origin,
};

/// `item` with its message placed at `at`.
pub(super) fn placed(mut item: Item, at: Position) -> Item {
    if let Item::Message(m) = &mut item {
        m.position = at;
    }
    item
}

/// The byte ranges of the top-level values of a text holding several
/// objects or arrays one after the other (`{} {}`); `None` unless there
/// are at least two and nothing else between them.
pub(super) fn split_values(text: &[u8]) -> Option<Vec<(usize, usize)>> {
    let mut values = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if text[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if !matches!(text[i], b'{' | b'[') {
            return None;
        }
        let mut open = Open::default();
        let end = open.feed_until_closed(&text[i..])?;
        values.push((i, i + end));
        i += end;
    }
    (values.len() > 1).then_some(values)
}

/// Bracket nesting across lines, outside strings (for values that span
/// lines; a line break ends an unterminated string, [`Quotes::line_bound`]).
#[derive(Debug)]
pub(super) struct Open {
    depth: usize,
    quotes: Quotes,
    /// A closing bracket without an opening one: not a value prefix.
    broken: bool,
}

impl Default for Open {
    fn default() -> Open {
        Open {
            depth: 0,
            quotes: Quotes::line_bound(),
            broken: false,
        }
    }
}

impl Open {
    fn step(&mut self, b: u8) {
        if self.quotes.step(b) != Byte::Outside {
            return;
        }
        match b {
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => match self.depth.checked_sub(1) {
                Some(d) => self.depth = d,
                None => self.broken = true,
            },
            _ => {}
        }
    }

    pub(super) fn feed(&mut self, text: &[u8]) {
        for &b in text {
            self.step(b);
        }
    }

    /// Feeds until the value that `text` starts with closes; the length
    /// of that value.
    fn feed_until_closed(&mut self, text: &[u8]) -> Option<usize> {
        for (i, &b) in text.iter().enumerate() {
            self.step(b);
            if self.broken {
                return None;
            }
            if self.depth == 0 && !self.quotes.in_string() {
                return Some(i + 1);
            }
        }
        None
    }

    /// Inside an object or array that a later line may close.
    pub(super) fn is_open(&self) -> bool {
        self.depth > 0 && !self.broken && !self.quotes.in_string()
    }
}

/// Judges one line (or one whole top-level value): a record or a bare
/// message, found by [`scanned_item`]'s strict scan; text that scan does
/// not read is parsed ([`parsed_item`]), which words the problem. `depth`:
/// the text's [`nesting`] if known (counted here when needed). Also
/// returns where the message's own text starts in `bytes` (a scanned
/// record's `msg`; else the first non-blank byte).
pub(super) fn judge(bytes: &[u8], depth: Option<usize>, limits: Limits) -> (Item, usize) {
    if let Some(found) = scanned_item(bytes, depth, limits) {
        return found;
    }
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    (parsed_item(bytes, depth, limits), first)
}

/// [`judge`] by parsing: the problem, or (text the strict scan refuses
/// for a reason the parse does not share, such as a record's `dir`
/// repeated with a wrong value first) the message.
fn parsed_item(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Item {
    let depth = depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)));
    let too_deep = Item::Problem(Problem::Input(InputError::TooDeep {
        limit: limits.max_depth,
    }));
    if depth > limits.max_depth.saturating_add(1) {
        return too_deep;
    }
    let value = match parse_json(bytes) {
        Ok(v) => v,
        Err(e) => return Item::Problem(Problem::Input(e)),
    };
    match value {
        Value::Object(map) if map.contains_key("msg") => record(map),
        _ if depth > limits.max_depth => too_deep,
        _ => Item::Message(Message {
            direction: None,
            origin: Origin::Implementation,
            text: bytes.to_vec(),
            position: Position::default(),
            expect: None,
            head: None,
        }),
    }
}

/// The message's bytes when a strict scan
/// ([`crate::bytes::Reader`], which accepts only what serde_json accepts)
/// reads the whole text (so nesting is within `max_depth` + 1), the
/// message is not nested deeper than `max_depth` and a
/// record's `dir` and `origin` are absent, `null` or known strings (the
/// last occurrence counting, as when parsed). `None`: let [`judge`] parse
/// and report.
fn scanned_item(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Option<(Item, usize)> {
    // Filled in place and taken apart field by field: the heads are large,
    // and each move of the whole scan copies them.
    let mut scan = RecordScan {
        msg: None,
        direction: None,
        origin: Origin::Implementation,
        expect: None,
        bare: None,
    };
    record_scan(bytes, limits, &mut scan)?;
    let (direction, origin, text, at, head) = match scan.msg {
        Some((start, end, head)) => (
            scan.direction,
            scan.origin,
            bytes.get(start..end)?,
            start,
            head.map(Box::new),
        ),
        None if scan.expect.is_some() => return None,
        None if depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)))
            > limits.max_depth =>
        {
            return None
        }
        None => {
            let first = bytes
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(0);
            (
                None,
                Origin::Implementation,
                bytes,
                first,
                scan.bare.map(Box::new),
            )
        }
    };
    let expect = scanned_expect(bytes, scan.expect)?;
    let item = Item::Message(Message {
        direction,
        origin,
        text: text.to_vec(),
        position: Position::default(),
        expect,
        head,
    });
    Some((item, at))
}

/// What [`scanned_item`]'s strict scan found in a line: a record's members
/// (as byte ranges of the line), and the line's head as a bare message.
struct RecordScan {
    /// A record's `msg`: its start and end, and its head (not for a
    /// batch).
    msg: Option<(usize, usize, Option<MessageHead>)>,
    /// A record's `dir`.
    direction: Option<Direction>,
    /// A record's `origin`.
    origin: Origin,
    /// A record's `expect`: its start and end.
    expect: Option<(usize, usize)>,
    /// The line's head as a bare message (not for a batch).
    bare: Option<MessageHead>,
}

/// The strict scan of [`scanned_item`] over a whole line, into `scan` (given
/// empty); `None` when it does not read (let the parsing path report).
fn record_scan(bytes: &[u8], limits: Limits, scan: &mut RecordScan) -> Option<()> {
    let mut r = crate::bytes::Reader::new(bytes, limits.max_depth.saturating_add(1));
    // The message's head is read in this same pass: a record's `msg`
    // whole (`scan_value`), a bare message member by member beside the
    // record's own names (none of which a head reads).
    let first = r.peek().ok()?;
    if first == b'{' {
        let mut builder = HeadBuilder::new(0);
        r.object(|r, k| scan.member(r, k, &mut builder)).ok()?;
        scan.bare = Some(builder.finish());
    } else {
        r.skip().ok()?;
        if first != b'[' {
            scan.bare = Some(MessageHead::default());
        }
    }
    r.finish().ok()?;
    Some(())
}

impl RecordScan {
    /// Reads the member `k` of a line that is an object: a record's own
    /// member, or one for the bare message's head (`builder`).
    fn member(
        &mut self,
        r: &mut crate::bytes::Reader<'_>,
        k: &str,
        builder: &mut HeadBuilder,
    ) -> crate::bytes::R {
        match k {
            "expect" => {
                r.peek()?;
                let start = r.pos();
                r.skip()?;
                self.expect = Some((start, r.pos()));
            }
            "msg" => {
                let start = r.peek().map(|_| r.pos())?;
                let head = (r.peek()? != b'[')
                    .then(|| scan_value(r, start))
                    .transpose()?;
                if head.is_none() {
                    r.skip()?;
                }
                self.msg = Some((start, r.pos(), head));
            }
            "dir" => {
                self.direction = match scanned_word(r)?.as_deref() {
                    None => None,
                    Some("c2s") => Some(Direction::ClientToServer),
                    Some("s2c") => Some(Direction::ServerToClient),
                    Some(_) => return crate::bytes::stop(),
                }
            }
            "origin" => {
                self.origin = match scanned_word(r)?.as_deref() {
                    None | Some("implementation") => Origin::Implementation,
                    Some("harness") => Origin::Harness,
                    Some(_) => return crate::bytes::stop(),
                }
            }
            _ => builder.member(r, k)?,
        }
        Ok(())
    }
}

/// A record's `expect` (its start and end in `bytes`) read: `Some(None)`
/// when absent or `null`; `None` when malformed, which the parsing path
/// words.
fn scanned_expect(bytes: &[u8], expect: Option<(usize, usize)>) -> Option<Option<Expected>> {
    match expect {
        None => Some(None),
        Some((start, end)) => {
            let v: Value = serde_json::from_slice(bytes.get(start..end)?).ok()?;
            match v {
                Value::Null => Some(None),
                v => Some(Some(Expected::from_value(&v).ok()?)),
            }
        }
    }
}

/// A record's `dir` or `origin`: `None` for `null`, the string, or a stop
/// for anything else (the parsing path words the problem).
fn scanned_word(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R<Option<String>> {
    if r.peek()? == b'n' {
        return r.null().map(|()| None);
    }
    r.string().map(|s| Some(s.into_owned()))
}

/// Reads a record's members.
fn record(map: Map<String, Value>) -> Item {
    let direction = match map.get("dir") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s == "c2s" => Some(Direction::ClientToServer),
        Some(Value::String(s)) if s == "s2c" => Some(Direction::ServerToClient),
        Some(other) => {
            return Item::Problem(Problem::Record(format!(
                "\"dir\" must be \"c2s\" or \"s2c\", not {}",
                short(other)
            )))
        }
    };
    let origin = match map.get("origin") {
        None | Some(Value::Null) => Origin::Implementation,
        Some(Value::String(s)) if s == "implementation" => Origin::Implementation,
        Some(Value::String(s)) if s == "harness" => Origin::Harness,
        Some(other) => {
            return Item::Problem(Problem::Record(format!(
                "\"origin\" must be \"implementation\" or \"harness\", not {}",
                short(other)
            )))
        }
    };
    let expect = match map.get("expect") {
        None | Some(Value::Null) => None,
        Some(v) => match Expected::from_value(v) {
            Ok(e) => Some(e),
            Err(why) => return Item::Problem(Problem::Record(why)),
        },
    };
    // The text the strict scan did not read, written again from the
    // parsed `msg` (the session reads it as it would the original).
    let text = serde_json::to_vec(&map["msg"]).unwrap_or_default();
    Item::Message(Message {
        direction,
        origin,
        text,
        position: Position::default(),
        expect,
        head: None,
    })
}

fn short(v: &Value) -> String {
    let mut s = v.to_string();
    if s.len() > 40 {
        let mut cut = 40;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    s
}

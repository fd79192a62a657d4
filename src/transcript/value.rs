//! One JSON text to an [`Item`]: a record or a bare message, parsed or
//! (raw mode) scanned; and the byte scans that find where texts end
//! ([`nesting`], [`Open`], [`split_values`]) and whether input is UTF-16.

use serde_json::{Map, Value};

use super::entry::{Item, Message, Position, Problem};
use crate::{
    expect::Expect as Expected,
    input::{Byte, Quotes},
    input::{InputError, Limits},
    scan::{scan_value, HeadBuilder, MessageHead},
    Direction, Origin,
};

/// Deepest nesting of arrays and objects in a JSON text, counted up to
/// `cap`. Brackets inside strings do not count.
pub fn nesting(bytes: &[u8], cap: usize) -> usize {
    let (mut depth, mut max, mut quotes) = (0usize, 0usize, Quotes::new());
    let mut i = 0;
    while i < bytes.len() {
        let next = quotes.skip(bytes, i);
        if next > i {
            i = next;
            continue;
        }
        let b = bytes[i];
        i += 1;
        if quotes.step(b) != Byte::Outside {
            continue;
        }
        match b {
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    max = depth;
                    if max >= cap {
                        return max;
                    }
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Parses a JSON text whose nesting (`depth`) is known to be small enough.
pub(super) fn parse_text(bytes: &[u8]) -> Result<Value, InputError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    de.disable_recursion_limit();
    let parsed = serde::Deserialize::deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    parsed.map_err(|e| match std::str::from_utf8(bytes) {
        Err(u) => InputError::NotUtf8 {
            offset: u.valid_up_to(),
        },
        Ok(_) => InputError::Json {
            message: e.to_string(),
        },
    })
}

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
/// message; in `raw` mode unparsed when [`raw_item`] can. `depth`: the
/// text's [`nesting`] if known (counted here when needed). Also returns
/// where the message's own text starts in `bytes` (a raw record's `msg`;
/// else 0).
pub(super) fn judge(
    bytes: &[u8],
    depth: Option<usize>,
    limits: Limits,
    raw: bool,
) -> (Item, usize) {
    if raw {
        if let Some(found) = raw_item(bytes, depth, limits) {
            return found;
        }
    }
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    (judge_parsed(bytes, depth, limits), first)
}

/// [`judge`] by parsing.
fn judge_parsed(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Item {
    let depth = depth.unwrap_or_else(|| nesting(bytes, limits.max_depth.saturating_add(2)));
    let too_deep = Item::Problem(Problem::Input(InputError::TooDeep {
        limit: limits.max_depth,
    }));
    if depth > limits.max_depth.saturating_add(1) {
        return too_deep;
    }
    let value = match parse_text(bytes) {
        Ok(v) => v,
        Err(e) => return Item::Problem(Problem::Input(e)),
    };
    match value {
        Value::Object(map) if map.contains_key("msg") => record(map),
        value if depth > limits.max_depth => {
            drop(value);
            too_deep
        }
        value => Item::Message(Message {
            direction: None,
            origin: Origin::Implementation,
            value,
            position: Position::default(),
            raw: None,
            expect: None,
            head: None,
        }),
    }
}

/// Raw mode: the message's bytes when a strict scan
/// ([`crate::bytes::Reader`], which accepts only what serde_json accepts)
/// reads the whole text (so nesting is within `max_depth` + 1), the
/// message is not nested deeper than `max_depth` and a
/// record's `dir` and `origin` are absent, `null` or known strings (the
/// last occurrence counting, as when parsed). `None`: let [`judge`] parse
/// and report, as in the default mode.
fn raw_item(bytes: &[u8], depth: Option<usize>, limits: Limits) -> Option<(Item, usize)> {
    // Filled in place and taken apart field by field: the heads are large,
    // and each move of the whole scan copies them.
    let mut scan = RawScan {
        msg: None,
        direction: None,
        origin: Origin::Implementation,
        expect: None,
        bare: None,
    };
    raw_scan(bytes, limits, &mut scan)?;
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
    let expect = raw_expect(bytes, scan.expect)?;
    let item = Item::Message(Message {
        direction,
        origin,
        value: Value::Null,
        position: Position::default(),
        raw: Some(text.to_vec()),
        expect,
        head,
    });
    Some((item, at))
}

/// What [`raw_item`]'s strict scan found in a line: a record's members
/// (as byte ranges of the line), and the line's head as a bare message.
struct RawScan {
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

/// The strict scan of [`raw_item`] over a whole line, into `scan` (given
/// empty); `None` when it does not read (let the parsing path report).
fn raw_scan(bytes: &[u8], limits: Limits, scan: &mut RawScan) -> Option<()> {
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

impl RawScan {
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
                self.direction = match raw_word(r)?.as_deref() {
                    None => None,
                    Some("c2s") => Some(Direction::ClientToServer),
                    Some("s2c") => Some(Direction::ServerToClient),
                    Some(_) => return crate::bytes::stop(),
                }
            }
            "origin" => {
                self.origin = match raw_word(r)?.as_deref() {
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
fn raw_expect(bytes: &[u8], expect: Option<(usize, usize)>) -> Option<Option<Expected>> {
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
fn raw_word(r: &mut crate::bytes::Reader<'_>) -> crate::bytes::R<Option<String>> {
    if r.peek()? == b'n' {
        return r.null().map(|()| None);
    }
    r.string().map(|s| Some(s.into_owned()))
}

/// Reads a record's members.
fn record(mut map: Map<String, Value>) -> Item {
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
    let value = map.remove("msg").unwrap_or(Value::Null);
    Item::Message(Message {
        direction,
        origin,
        value,
        position: Position::default(),
        raw: None,
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

/// `Some(what)` when the first bytes of the input are UTF-16: a byte
/// order mark, or an ASCII byte followed by a NUL (`{\0"\0`) or the
/// other way round.
pub(super) fn utf16(start: &[u8]) -> Option<&'static str> {
    match start {
        [0xFF, 0xFE, ..] => Some("byte order mark FF FE, little-endian"),
        [0xFE, 0xFF, ..] => Some("byte order mark FE FF, big-endian"),
        [a, 0, b, 0, ..] if a.is_ascii() && *a != 0 && b.is_ascii() => {
            Some("no byte order mark; NULs after ASCII bytes, little-endian")
        }
        [0, a, 0, b, ..] if a.is_ascii() && *a != 0 && b.is_ascii() => {
            Some("no byte order mark; NULs before ASCII bytes, big-endian")
        }
        _ => None,
    }
}

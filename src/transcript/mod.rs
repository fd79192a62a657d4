//! Reading captured MCP traffic: a streaming transcript reader with bounded
//! memory. (Judging what it reads, with direction inference for bare
//! messages: [`crate::check_transcript`].)
//!
//! ```
//! use mcpwire::transcript::{Item, Reader};
//!
//! let text = "{\"dir\":\"c2s\",\"msg\":{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}\n\
//!             not json\n";
//! let entries: Vec<_> = Reader::new(text.as_bytes(), Default::default())
//!     .collect::<Result<_, _>>()
//!     .unwrap();
//! assert!(matches!(entries[0].item, Item::Message(_)));
//! assert_eq!(entries[1].line, 2);
//! assert!(matches!(entries[1].item, Item::Problem(_)));
//! ```
//!
//! **Formats.** A transcript is either
//! - *JSON Lines*: one JSON text per line. A line is a **record**
//!   `{"dir": "c2s"|"s2c", "msg": <message>, "origin": "implementation"|"harness"}`
//!   (an object with a `msg` member; `origin` defaults to `implementation`,
//!   a missing `dir` is inferred; an optional `expect` declares expected
//!   violations, [`crate::expect`]; other members are ignored) or a **bare**
//!   JSON-RPC message (a batch, too) whose direction is inferred
//!   ([`crate::Session::judge`], [`crate::Session::infer`]); or
//! - a *JSON array of messages* (records or bare messages, e.g. a
//!   pretty-printed capture): chosen when the first non-blank byte is `[`.
//!   The one exception is an array that closes on the line it opened on and
//!   is followed by more lines: that is a JSON-RPC batch on the first line
//!   of a JSON Lines file. (A batch is one message *inside* a transcript.)
//!
//! Inside JSON Lines, a value may span several lines (pretty-printed
//! objects one after the other, as `jq .` writes them): a line that ends
//! inside an open object or array (its last non-blank byte is not `}` or
//! `]` and brackets are left open) is continued on the next lines until
//! the value closes; a line that cannot continue it (one starting with `{`
//! or `[` in column 1, or with a byte no JSON token starts with, such as
//! bytes that are not UTF-8) ends it as unreadable and is read as a record
//! of its own (so a truncated line costs one finding, not the rest of the
//! file, and the next line gets its own). Several values on one line (`{} {}`)
//! are read one by one. Each message carries the [`Position`] where its own
//! text starts (inside a record, where `msg`'s value starts).
//!
//! A UTF-8 byte order mark at the start is skipped, CRLF line endings are
//! accepted and blank lines are skipped. UTF-16 input (a byte order mark
//! `FF FE`/`FE FF`, or a NUL after the first ASCII byte) is refused with one
//! [`Problem::Utf16`] naming the conversion (the CLI decodes it before it
//! reaches the reader). Line numbers are 1-based; an array element's line
//! is the line where it starts.
//!
//! **Bounded memory.** Lines are read with a buffer reused from line to
//! line, and array elements are split out by an incremental scanner, so the
//! reader holds at most one message (at most [`Limits::max_bytes`](crate::input::Limits::max_bytes)) however
//! large the file. A longer message, or one nested deeper than
//! [`Limits::max_depth`](crate::input::Limits::max_depth) (the record wrapper does not count), is skipped
//! without being stored and reported as a [`Problem`]; so is invalid JSON or
//! UTF-8. The reader then goes on with the next message.

// One file per concern: `entry` what the reader yields (entries,
// messages, problems, positions); `reader` the streaming state machine
// (format choice, JSON Lines, values over several lines); `array` the
// splitter of a top-level array (and the list-or-batch decision); `value`
// one JSON text to an item (record or bare, by one strict scan) and the byte
// scans that find where texts end.
mod array;
mod entry;
mod reader;
mod value;

pub use entry::{Entry, Item, Message, Position, Problem};
pub use reader::Reader;

// Direction inference and the pending-request table moved into the
// session (`crate::session::Session::infer`, `crate::correlate`): one
// bounded table serves inference, response typing and `unanswered`.
pub use crate::session::Reason;

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;
    use crate::{input::Limits, Direction, Origin};

    fn read(text: &[u8], limits: Limits) -> Vec<(usize, String)> {
        Reader::new(text, limits)
            .map(|e| {
                let e = e.unwrap();
                let what = match e.item {
                    Item::Message(m) => format!(
                        "{}{} {}",
                        m.direction.map_or("?", Direction::as_str),
                        if m.origin == Origin::Harness {
                            "/h"
                        } else {
                            ""
                        },
                        crate::input::parse(&m.text, Limits::default()).unwrap()
                    ),
                    Item::Problem(p) => format!("problem({}): {p}", p.class()),
                };
                (e.line, what)
            })
            .collect()
    }

    fn lines(text: &str) -> Vec<(usize, String)> {
        read(text.as_bytes(), Limits::default())
    }

    #[test]
    fn json_lines_records_bare_blank_crlf_bom() {
        let text =
            "\u{feff}{\"dir\":\"c2s\",\"msg\":{\"id\":1}}\r\n\r\n  \n{\"id\":1,\"result\":{}}\n\
                    {\"dir\":\"s2c\",\"origin\":\"harness\",\"msg\":[1],\"ts\":3}";
        assert_eq!(
            lines(text),
            [
                (1, "c2s {\"id\":1}".to_string()),
                (4, "? {\"id\":1,\"result\":{}}".to_string()),
                (5, "s2c/h [1]".to_string()),
            ]
        );
    }

    #[test]
    fn bad_lines_are_problems_and_reading_goes_on() {
        let mut text = b"{\"id\":1\n{\"dir\":\"up\",\"msg\":{}}\n".to_vec();
        text.extend_from_slice(b"{\"a\":\"\xff\"}\n{}\n");
        let got = read(&text, Limits::default());
        assert_eq!(got.len(), 4, "{got:?}");
        assert!(
            got[0].1.starts_with("problem(input): invalid JSON"),
            "{got:?}"
        );
        assert_eq!(got[0].0, 1);
        assert_eq!(
            got[1],
            (
                2,
                "problem(record): invalid record: \"dir\" must be \"c2s\" or \"s2c\", not \"up\""
                    .to_string()
            )
        );
        assert_eq!(
            got[2],
            (3, "problem(input): invalid UTF-8 at byte 6".to_string())
        );
        assert_eq!(got[3], (4, "? {}".to_string()));
    }

    #[test]
    fn depth_and_size_limits() {
        let limits = Limits {
            max_depth: 3,
            max_bytes: 20,
        };
        let text = "[[[1]]]\n[[[[1]]]]\n{\"msg\":[[[1]]]}\n\"0123456789012345678901\"\n{}\n";
        let got = read(text.as_bytes(), limits);
        // Line 1 is a bare batch that starts the file: read as one value.
        assert_eq!(got[0], (1, "? [[[1]]]".to_string()));
        assert_eq!(
            got[1],
            (
                2,
                "problem(input): nesting deeper than the limit of 3 levels".to_string()
            )
        );
        assert_eq!(got[2], (3, "? [[[1]]]".to_string()), "wrapper not counted");
        assert_eq!(
            got[3],
            (
                4,
                "problem(input): message of 24 bytes exceeds the limit of 20 bytes".to_string()
            )
        );
        assert_eq!(got[4], (5, "? {}".to_string()));
    }

    #[test]
    fn array_of_records_streams_with_line_numbers() {
        let text = "\n[\n  {\"dir\": \"c2s\", \"msg\": {\"s\": \"]},[\\\"\"}},\n\n  {\"msg\": 7},\n  \"x\", 12 ,\n  {\"dir\": 1, \"msg\": {}}\n]\n";
        let got = lines(text);
        assert_eq!(
            got,
            [
                (3, "c2s {\"s\":\"]},[\\\"\"}".to_string()),
                (5, "? 7".to_string()),
                (6, "? \"x\"".to_string()),
                (6, "? 12".to_string()),
                (
                    7,
                    "problem(record): invalid record: \"dir\" must be \"c2s\" or \"s2c\", not 1"
                        .to_string()
                ),
            ]
        );
    }

    #[test]
    fn array_limits_skip_elements_without_storing_them() {
        let limits = Limits {
            max_depth: 2,
            max_bytes: 30,
        };
        let text = "[{\"msg\":1},{\"msg\":\"0123456789012345678901234\"},{\"msg\":[[[1]]]},{\"msg\":[[1]]}]";
        let got = read(text.as_bytes(), limits);
        assert_eq!(got[0], (1, "? 1".to_string()));
        assert!(got[1].1.contains("exceeds the limit of 30"), "{got:?}");
        assert!(got[2].1.contains("deeper than the limit of 2"), "{got:?}");
        assert_eq!(got[3], (1, "? [[1]]".to_string()));
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn a_batch_on_the_first_line_then_json_lines() {
        let text = "[{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"}, {\"id\":2}]\n{\"dir\":\"s2c\",\"msg\":{}}\n";
        assert_eq!(
            lines(text),
            [
                (
                    1,
                    "? [{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"},{\"id\":2}]".to_string()
                ),
                (2, "s2c {}".to_string()),
            ]
        );
    }

    #[test]
    fn an_array_of_bare_messages_is_a_list_of_messages() {
        // Pretty-printed: the array leaves its first line.
        let text = "[\n  {\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"},\n  {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": {}}\n]\n";
        let got = lines(text);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, 2);
        assert_eq!(got[1].0, 3);
        // On one line and alone in the file: a list too.
        let got = lines("[{\"id\":1,\"method\":\"ping\"}, {\"id\":1,\"result\":{}}]\n\n");
        assert_eq!(got.len(), 2, "{got:?}");
        // Elements held while undecided come out in order, before a malformed tail.
        let got = lines("[{\"a\":1}, {\"b\":2} {\"c\":3}]");
        assert_eq!(got[0].1, "? {\"a\":1}");
        assert_eq!(got[1].1, "? {\"b\":2}");
        assert!(got[2].1.contains("expected `,` or `]`"), "{got:?}");
    }

    fn positions(text: &str) -> Vec<(usize, usize)> {
        Reader::new(text.as_bytes(), Limits::default())
            .filter_map(|e| match e.unwrap().item {
                Item::Message(m) => Some((m.position.line, m.position.column)),
                Item::Problem(_) => None,
            })
            .collect()
    }

    #[test]
    fn messages_know_where_their_text_starts() {
        assert_eq!(
            positions("{\"dir\":\"c2s\",\"msg\":{\"id\":1}}\n  {\"id\":2}\n"),
            [(1, 20), (2, 3)]
        );
        assert_eq!(
            positions("[\n  {\"dir\": \"c2s\",\n   \"msg\": {}},\n  {\"é\":1}, {}\n]"),
            [(3, 11), (4, 3), (4, 12)]
        );
        let p = Position { line: 3, column: 5 };
        assert_eq!(p.advance(b"ab"), Position { line: 3, column: 7 });
        assert_eq!(
            p.advance("x\n\u{e9}y".as_bytes()),
            Position { line: 4, column: 3 }
        );
    }

    #[test]
    fn pretty_printed_values_one_after_the_other() {
        // `jq .` output: objects over several lines, one after the other.
        let text = "{\n  \"id\": 1,\n  \"jsonrpc\": \"2.0\",\n  \"method\": \"ping\"\n}\n{\n  \"id\": 1,\n  \"jsonrpc\": \"2.0\",\n  \"result\": {}\n}\n";
        let got = lines(text);
        assert_eq!(
            got,
            [
                (
                    1,
                    "? {\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"ping\"}".to_string()
                ),
                (
                    6,
                    "? {\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{}}".to_string()
                ),
            ]
        );
        assert_eq!(positions(text), [(1, 1), (6, 1)]);
        // Several values on one line, read one by one.
        let got = lines("{\"id\":1} {\"id\":2}\n{\"id\":3}\n");
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!((got[1].0, got[2].0), (1, 2));
        assert_eq!(positions("{\"id\":1} {\"id\":2}\n"), [(1, 1), (1, 10)]);
        // A truncated line costs one finding: the next line in column 1 starts anew.
        let got = lines("{\"id\":1,\n{\"id\":2}\n{\n \"id\": 3\n}\n");
        assert!(
            got[0].1.starts_with("problem(input): invalid JSON"),
            "{got:?}"
        );
        assert_eq!(got[0].0, 1);
        assert_eq!(got[1], (2, "? {\"id\":2}".to_string()));
        assert_eq!(got[2], (3, "? {\"id\":3}".to_string()));
        // Bounded: a value growing past the limit is dropped, not stored.
        let limits = Limits {
            max_depth: 8,
            max_bytes: 16,
        };
        let got = read(b"{\n\"a\": \"0123456789\",\n\"b\": 1\n}\n{}\n", limits);
        assert!(got[0].1.contains("exceeds the limit of 16"), "{got:?}");
        assert_eq!(got[1], (5, "? {}".to_string()));
    }

    #[test]
    fn utf16_is_refused_with_a_hint() {
        let mut text = vec![0xFF, 0xFE];
        for b in b"{\"id\":1}\n" {
            text.extend_from_slice(&[*b, 0]);
        }
        let got = read(&text, Limits::default());
        assert_eq!(got.len(), 1, "{got:?}");
        assert!(
            got[0]
                .1
                .starts_with("problem(encoding): the input is UTF-16 (byte order mark FF FE"),
            "{got:?}"
        );
        let got = read(&text[2..], Limits::default());
        assert!(got[0].1.contains("no byte order mark"), "{got:?}");
    }

    #[test]
    fn malformed_arrays() {
        let got = lines("[{\"msg\":1},\n");
        assert_eq!(got.len(), 2);
        assert!(got[1].1.contains("not closed at the end"), "{got:?}");
        let got = lines("[{\"msg\":1} {\"msg\":2}]");
        assert!(got[1].1.contains("expected `,` or `]`"), "{got:?}");
        let got = lines("[{\"msg\":1},]");
        assert!(got[1].1.contains("trailing comma"), "{got:?}");
        assert_eq!(lines("[]\n"), []);
        assert_eq!(lines(""), []);
        assert_eq!(lines("\n \r\n"), []);
    }

    #[test]
    fn chunk_boundaries_do_not_matter() {
        let text = "[\n{\"dir\":\"c2s\",\"msg\":{\"a\":\"x\\\\\"}},\n{\"msg\":[1,{\"b\":null}]}\n]\n{\"msg\":2}\n";
        let whole = lines(text);
        for cap in 1..8 {
            let reader = io::BufReader::with_capacity(cap, text.as_bytes());
            let got: Vec<_> = Reader::new(reader, Limits::default())
                .map(|e| e.unwrap().line)
                .collect();
            assert_eq!(got, whole.iter().map(|(l, _)| *l).collect::<Vec<_>>());
        }
        assert_eq!(whole.len(), 3);
    }

    #[test]
    fn nesting_counts_outside_strings() {
        use crate::input::nesting;
        assert_eq!(nesting(b"[{\"a\":\"[[[\"}]", 100), 2);
        assert_eq!(nesting(b"[[[[[[", 3), 3);
        assert_eq!(nesting(b"\"\\\"[\"", 10), 0);
    }
}

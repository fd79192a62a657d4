//! Hostile input, through every entry point: `Session::judge`,
//! `Session::judge` (where a `Value` can carry the case), the transcript
//! reader and `mcpwire check`. Each case asserts the specific finding or
//! error, that the next message is judged normally, and, for the 100 MB
//! string, a bound on peak memory (measured in a child process).
#![cfg(feature = "v2026_07_28")]

mod support;

use std::io::Write;

use mcpwire::{
    input::{self, InputError, Limits},
    transcript::{Item, Problem, Reader},
    Direction, MessageKind, Mode, Options, Report, Session, Version,
};
use serde_json::{json, Value};

const C2S: Direction = Direction::ClientToServer;
const S2C: Direction = Direction::ServerToClient;

fn meta() -> Value {
    json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
           "io.modelcontextprotocol/clientInfo": {"name": "bad-input", "version": "1.0.0"},
           "io.modelcontextprotocol/clientCapabilities": {}})
}

/// A valid 2026-07-28 `tools/list` request.
fn good(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/list", "params": {"_meta": meta()}})
}

fn good_bytes(id: u64) -> Vec<u8> {
    serde_json::to_vec(&good(id)).unwrap()
}

fn session() -> Session {
    Session::with_options(Mode::Fixed(Version::V2026_07_28), Options::default())
}

/// Feeds `bad` then a valid request; returns `bad`'s one report and checks
/// the session went on.
fn observe_then_good(session: &mut Session, bad: &[u8]) -> Report {
    let mut reports = session.judge(C2S, bad).reports;
    assert_eq!(reports.len(), 1, "{reports:?}");
    let id = 1_000_000 + reports[0].index as u64;
    let next = session.judge(C2S, &good_bytes(id)).reports;
    assert_eq!(next.len(), 1);
    assert!(next[0].is_valid(), "the session goes on: {next:?}");
    assert_eq!(next[0].index, reports[0].index + 1);
    assert_eq!(next[0].kind, MessageKind::Request);
    reports.remove(0)
}

/// Malformed JSON of every kind, with serde_json's exact message (kind,
/// line and column): the finding a user sees.
const MALFORMED: &[(&str, &[u8], &str)] = &[
    ("empty", b"", "EOF while parsing a value at line 1 column 0"),
    (
        "blank",
        b"  \t ",
        "EOF while parsing a value at line 1 column 4",
    ),
    (
        "open object",
        b"{",
        "EOF while parsing an object at line 1 column 1",
    ),
    (
        "open array",
        b"[1,2",
        "EOF while parsing a list at line 1 column 4",
    ),
    (
        "member without value",
        b"{\"a\":",
        "EOF while parsing a value at line 1 column 5",
    ),
    (
        "unterminated string",
        b"{\"a\":\"abc",
        "EOF while parsing a string at line 1 column 9",
    ),
    (
        "truncated literal",
        b"{\"a\":tru",
        "EOF while parsing a value at line 1 column 8",
    ),
    (
        "single quotes",
        b"{'a':1}",
        "key must be a string at line 1 column 2",
    ),
    (
        "bare key",
        b"{a:1}",
        "key must be a string at line 1 column 2",
    ),
    (
        "trailing comma in object",
        b"{\"a\":1,}",
        "trailing comma at line 1 column 8",
    ),
    (
        "trailing comma in array",
        b"[1,]",
        "trailing comma at line 1 column 4",
    ),
    (
        "missing colon",
        b"{\"a\" 1}",
        "expected `:` at line 1 column 6",
    ),
    (
        "missing comma",
        b"{\"a\":1 \"b\":2}",
        "expected `,` or `}` at line 1 column 8",
    ),
    (
        "leading zero",
        b"{\"a\":01}",
        "invalid number at line 1 column 7",
    ),
    (
        "bare fraction point",
        b"{\"a\":1.}",
        "invalid number at line 1 column 8",
    ),
    (
        "leading point",
        b"{\"a\":.5}",
        "expected value at line 1 column 6",
    ),
    (
        "plus sign",
        b"{\"a\":+1}",
        "expected value at line 1 column 6",
    ),
    ("NaN", b"{\"a\":NaN}", "expected value at line 1 column 6"),
    (
        "Infinity",
        b"{\"a\":Infinity}",
        "expected value at line 1 column 6",
    ),
    (
        "bad escape",
        b"{\"a\":\"\\x\"}",
        "invalid escape at line 1 column 8",
    ),
    (
        "short unicode escape",
        b"{\"a\":\"\\u12\"}",
        "invalid escape at line 1 column 12",
    ),
    (
        "control character in string",
        b"{\"a\":\"x\x01y\"}",
        "control character (\\u0000-\\u001F) found while parsing a string at line 1 column 8",
    ),
    ("comment", b"// hi\n{}", "expected value at line 1 column 1"),
    (
        "two texts",
        b"{} {}",
        "trailing characters at line 1 column 4",
    ),
    ("closing brace", b"}", "expected value at line 1 column 1"),
    (
        "mismatched close",
        b"[1}",
        "expected `,` or `]` at line 1 column 3",
    ),
    (
        "lone leading surrogate",
        b"{\"a\":\"\\ud800\"}",
        "unexpected end of hex escape at line 1 column 13",
    ),
    (
        "lone trailing surrogate",
        b"{\"a\":\"\\udc00\"}",
        "lone leading surrogate in hex escape at line 1 column 12",
    ),
    (
        "leading surrogate then letter",
        b"{\"a\":\"\\ud800x\"}",
        "unexpected end of hex escape at line 1 column 13",
    ),
    (
        "number out of range",
        b"{\"a\":1e400}",
        "number out of range at line 1 column 10",
    ),
];

#[test]
fn malformed_json_through_observe_bytes() {
    let mut s = session();
    let mut wrong = Vec::new();
    for (name, bytes, message) in MALFORMED {
        let r = observe_then_good(&mut s, bytes);
        assert_eq!(r.kind, MessageKind::Unreadable, "{name}");
        let expected = format!("invalid JSON: {message}");
        if r.input_error.as_deref() != Some(expected.as_str()) {
            wrong.push(format!("{name}: {:?}", r.input_error));
        }
        assert!(r.violations.is_empty() && !r.is_valid(), "{name}");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn bytes_that_are_not_utf8() {
    let mut s = session();
    let cases: &[(&str, &[u8], usize)] = &[
        (
            "0xff in a string",
            b"{\"jsonrpc\":\"2.0\",\"method\":\"x\xff\"}",
            28,
        ),
        ("overlong slash", b"{\"a\":\"\xc0\xaf\"}", 6),
        ("encoded surrogate (CESU-8)", b"{\"a\":\"\xed\xa0\x80\"}", 6),
        ("truncated sequence at the end", b"{\"a\":\"\xe2\x82", 6),
        ("UTF-16LE with BOM", b"\xff\xfe{\x00}\x00", 0),
        ("latin-1 outside strings", b"{\"a\":1}\xe9", 7),
    ];
    for (name, bytes, offset) in cases {
        let r = observe_then_good(&mut s, bytes);
        assert_eq!(
            r.input_error.as_deref(),
            Some(format!("invalid UTF-8 at byte {offset}").as_str()),
            "{name}"
        );
    }
}

/// `depth` arrays around `inner`, as text.
fn nested(depth: usize, inner: &str) -> String {
    "[".repeat(depth) + inner + &"]".repeat(depth)
}

/// A `tools/call` result whose `structuredContent` holds `payload`.
fn call_result(id: u64, payload: &str) -> String {
    format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{{\"resultType\":\"complete\",\
         \"content\":[],\"structuredContent\":{{\"deep\":{payload}}}}}}}"
    )
}

/// The three places of the brief, 10,000 levels deep.
fn deep_messages() -> Vec<(&'static str, Direction, String)> {
    let deep = nested(10_000, "1");
    let meta = meta().to_string();
    vec![
        (
            "_meta",
            C2S,
            format!(
                "{{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/list\",\"params\":{{\"_meta\":{{\"x\":{deep},{}}}}}}}",
                &meta[1..meta.len() - 1]
            ),
        ),
        (
            "params",
            C2S,
            format!("{{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{deep}}}"),
        ),
        ("structuredContent", S2C, call_result(9, &deep)),
    ]
}

#[test]
fn ten_thousand_levels_are_too_deep_and_never_overflow() {
    let mut s = session();
    for (place, direction, text) in deep_messages() {
        let reports = s.judge(direction, text.as_bytes()).reports;
        assert_eq!(
            reports[0].input_error.as_deref(),
            Some("nesting deeper than the limit of 512 levels"),
            "{place}"
        );
        let next = s.judge(C2S, &good_bytes(100)).reports;
        assert!(next[0].is_valid(), "{place}: {next:?}");
    }
    // The same depth inside a string is just a string.
    let text = call_result(10, &format!("\"{}\"", "[".repeat(10_000)));
    assert!(input::parse(text.as_bytes(), Limits::default()).is_ok());
}

/// The message of `text` with its 10,000 nested arrays built in a loop
/// (parsing them would recurse 10,000 times in the test itself).
fn deep_value(text: &str) -> Value {
    let shallow = text.replace(&nested(10_000, "1"), "\"DEEP\"");
    let mut deep = json!(1);
    for _ in 0..10_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut value: Value = serde_json::from_str(&shallow).unwrap();
    replace_marker(&mut value, &mut Some(deep));
    value
}

fn replace_marker(v: &mut Value, deep: &mut Option<Value>) {
    match v {
        Value::String(s) if s == "DEEP" => {
            if let Some(d) = deep.take() {
                *v = d;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| replace_marker(i, deep)),
        Value::Object(map) => map.values_mut().for_each(|i| replace_marker(i, deep)),
        _ => {}
    }
}

/// `Session::judge` on a `Value` 10,000 levels deep (built by the caller,
/// past any byte limit): judged without a stack overflow, on a test
/// thread's default 2 MiB stack.
#[test]
fn ten_thousand_levels_as_values() {
    let mut s = session();
    for (place, direction, text) in deep_messages() {
        let value = deep_value(&text);
        let reports = s.judge(direction, &value).reports;
        assert!(reports[0].input_error.is_none(), "{place}");
        let mut pointers: Vec<&str> = reports[0]
            .violations
            .iter()
            .map(|f| f.violation.instance.as_str())
            .collect();
        pointers.dedup();
        match place {
            "_meta" => assert!(pointers.is_empty(), "_meta values are free: {pointers:?}"),
            "params" => assert_eq!(pointers, ["/params"], "params must be an object"),
            _ => assert!(
                pointers.is_empty(),
                "structuredContent values are free: {pointers:?}"
            ),
        }
        // Dropping recurses once per level too: 10,000 small frames fit.
        drop(value);
    }
}

#[test]
fn numbers_at_the_edges() {
    let mut s = session();
    // 1e400 overflows f64: serde_json refuses it (JSON's grammar allows
    // it, but no reader of the message could represent it).
    let r = observe_then_good(
        &mut s,
        br#"{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}"#,
    );
    assert_eq!(
        r.input_error.as_deref(),
        Some("invalid JSON: number out of range at line 1 column 27")
    );
    // -0 is the integer 0 (JSON Schema's `integer` is mathematical): a
    // valid request id.
    let mut msg = good(0);
    let text = serde_json::to_string(&msg)
        .unwrap()
        .replace("\"id\":0", "\"id\":-0");
    let r = observe_then_good(&mut s, text.as_bytes());
    assert!(r.is_valid(), "{r:?}");
    // 2^64 does not fit u64: read as the float 18446744073709551616.0,
    // still an integer; a valid id; and a response to it correlates.
    let text = serde_json::to_string(&msg)
        .unwrap()
        .replace("\"id\":0", "\"id\":18446744073709551616");
    let r = observe_then_good(&mut s, text.as_bytes());
    assert!(r.is_valid(), "{r:?}");
    assert_eq!(r.id, Some(json!(18446744073709551616.0)));
    // As a value where the schema wants a string: a type violation.
    msg["params"]["cursor"] = json!(18446744073709551616.0);
    let r = &s.judge(C2S, &msg).reports[0];
    let found: Vec<(&str, &str)> = r
        .violations
        .iter()
        .map(|f| (f.violation.instance.as_str(), f.violation.keyword.as_str()))
        .collect();
    assert_eq!(found, [("/params/cursor", "type")], "{r:?}");
}

#[test]
fn duplicate_keys_last_one_wins() {
    // As JSON.parse (the reference harness) and serde_json do: the last
    // member counts, so this is a tools/call request missing `name`.
    let mut s = session();
    let meta = meta().to_string();
    let text = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"method\":\"tools/call\",\"params\":{{\"_meta\":{meta}}}}}"
    );
    let r = observe_then_good(&mut s, text.as_bytes());
    assert_eq!(r.method.as_deref(), Some("tools/call"));
    let found: Vec<(&str, &str)> = r
        .violations
        .iter()
        .map(|f| (f.violation.instance.as_str(), f.violation.keyword.as_str()))
        .collect();
    assert_eq!(found, [("/params", "required")], "{r:?}");
    // Duplicate `id`: the last one is the request's id.
    let text = serde_json::to_string(&good(5))
        .unwrap()
        .replace("\"id\":5", "\"id\":5,\"id\":6");
    let r = observe_then_good(&mut s, text.as_bytes());
    assert_eq!(r.id, Some(json!(6)));
}

#[test]
fn bom_crlf_and_whitespace_around_a_message() {
    let mut s = session();
    let body = good_bytes(1);
    for (name, bytes) in [
        ("BOM", [b"\xEF\xBB\xBF".as_slice(), &body].concat()),
        ("CRLF", [body.as_slice(), b"\r\n"].concat()),
        ("spaces", [b" \t".as_slice(), &body, b" \n"].concat()),
    ] {
        let r = observe_then_good(&mut s, &bytes);
        assert!(r.is_valid(), "{name}: {r:?}");
    }
    // A second BOM is not whitespace.
    let r = observe_then_good(
        &mut s,
        &[b"\xEF\xBB\xBF\xEF\xBB\xBF".as_slice(), &body].concat(),
    );
    assert_eq!(
        r.input_error.as_deref(),
        Some("invalid JSON: expected value at line 1 column 1")
    );
}

const HUNDRED_MB: usize = 100 << 20;

/// A valid `tools/call` result whose one text block is `len` bytes long.
fn big_result(id: u64, len: usize, text_type: &str) -> Vec<u8> {
    let mut out = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"result\":{{\"resultType\":\"complete\",\"content\":[{{\"type\":\"{text_type}\",\"text\":\""
    )
    .into_bytes();
    out.resize(out.len() + len, b'a');
    out.extend_from_slice(b"\"}]}}");
    out
}

/// Peak resident set size of this process so far (`VmHWM`), in KiB.
#[cfg(target_os = "linux")]
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Runs the test `name` of this binary alone in a child process (so the
/// peak is its own) and returns the `KEY=VALUE` lines it printed.
#[cfg(target_os = "linux")]
fn in_child(name: &str) -> std::collections::HashMap<String, u64> {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", name, "--include-ignored", "--nocapture"])
        .env("MCPWIRE_BAD_INPUT_CHILD", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter_map(|l| l.split_once("MEASURE ").map(|(_, m)| m))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.trim().parse().unwrap()))
        .collect()
}

fn is_child() -> bool {
    std::env::var_os("MCPWIRE_BAD_INPUT_CHILD").is_some()
}

/// Child of `hundred_mb_string_memory_is_bounded`.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "run by hundred_mb_string_memory_is_bounded in a child process"]
fn child_hundred_mb_string() {
    if !is_child() {
        return;
    }
    let mut s = session();
    // Expected: the request, so the result is judged as a CallToolResult.
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"_meta": meta(), "name": "big"}});
    assert!(s.judge(C2S, &call).reports[0].is_valid());
    let mut call2 = call.clone();
    call2["id"] = json!(2);
    assert!(s.judge(C2S, &call2).reports[0].is_valid());
    let valid = big_result(1, HUNDRED_MB, "text");
    let invalid = big_result(2, HUNDRED_MB, "txet");
    let base = peak_kib();
    let r = s.judge(S2C, &valid).reports;
    assert!(r[0].is_valid(), "{:?}", r[0].violations);
    let after_valid = peak_kib();
    let r = s.judge(S2C, &invalid).reports;
    assert!(!r[0].is_valid());
    let after_invalid = peak_kib();
    println!("MEASURE base={base}");
    println!("MEASURE fast_path={}", after_valid.saturating_sub(base));
    println!(
        "MEASURE value_path={}",
        after_invalid.saturating_sub(after_valid.max(base))
    );
}

/// A 100 MB string: the bytes fast path judges a valid message without
/// copying it; an invalid one is parsed once (a `Value` of the same size).
/// (The transcript reader's figure is `check_hundred_mb_string_memory_is_bounded`'s.)
#[cfg(target_os = "linux")]
#[test]
fn hundred_mb_string_memory_is_bounded() {
    let m = in_child("child_hundred_mb_string");
    let mib = |k: &str| m[k] / 1024;
    eprintln!(
        "100 MB string, peak RSS above the input: fast path {} MiB, Value path {} MiB (input held: {} MiB)",
        mib("fast_path"),
        mib("value_path"),
        mib("base")
    );
    assert!(mib("fast_path") < 16, "fast path copies the input: {m:?}");
    assert!(mib("value_path") < 220, "value path: {m:?}");
}

/// A source of `len` bytes of one string member, never held in memory.
struct Endless {
    head: Vec<u8>,
    len: usize,
    pos: usize,
}

impl std::io::Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let total = self.head.len() + self.len + 3;
        if self.pos >= total {
            return Ok(0);
        }
        let n = buf.len().min(total - self.pos);
        for (i, b) in buf[..n].iter_mut().enumerate() {
            let at = self.pos + i;
            *b = if at < self.head.len() {
                self.head[at]
            } else if at < self.head.len() + self.len {
                b'a'
            } else {
                b"\"}\n"[at - self.head.len() - self.len]
            };
        }
        self.pos += n;
        Ok(n)
    }
}

/// Child of `over_the_limit_is_skipped_without_being_stored`.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "run by over_the_limit_is_skipped_without_being_stored in a child process"]
fn child_over_the_limit() {
    if !is_child() {
        return;
    }
    let limits = Limits {
        max_bytes: 1 << 20,
        ..Limits::default()
    };
    let source = Endless {
        head: b"{\"a\":\"".to_vec(),
        len: HUNDRED_MB,
        pos: 0,
    };
    let tail = [good_bytes(1).as_slice(), b"\n"].concat();
    let input = std::io::Read::chain(source, tail.as_slice());
    let base = peak_kib();
    let entries: Vec<_> = Reader::new(std::io::BufReader::new(input), limits)
        .map(Result::unwrap)
        .collect();
    let extra = peak_kib().saturating_sub(base);
    assert!(
        matches!(
            &entries[0].item,
            Item::Problem(Problem::Input(InputError::TooLarge { len, limit: 1048576 })) if *len == HUNDRED_MB + 8
        ),
        "{:?}",
        entries[0]
    );
    assert!(matches!(entries[1].item, Item::Message(_)) && entries[1].line == 2);
    println!("MEASURE reader={extra}");
}

/// A message over `max_bytes` is skipped as it streams past: a 100 MB line
/// costs the reader no more than its buffers, and the next line is read.
#[cfg(target_os = "linux")]
#[test]
fn over_the_limit_is_skipped_without_being_stored() {
    let m = in_child("child_over_the_limit");
    eprintln!(
        "100 MB line over a 1 MiB limit: reader peak RSS +{} KiB",
        m["reader"]
    );
    assert!(m["reader"] < 8 << 10, "{m:?}");
}

/// Every one-line bad case of this file, with the problem text the
/// transcript reader and `mcpwire check` give for it.
fn bad_lines() -> Vec<(String, Vec<u8>, String)> {
    let mut out: Vec<(String, Vec<u8>, String)> = MALFORMED
        .iter()
        .filter(|(_, b, _)| !b.contains(&b'\n') && !b.iter().all(u8::is_ascii_whitespace))
        // In a transcript, `{} {}` is two values read one by one (a
        // concatenated stream, docs/cli.md), not bad input; it stays
        // malformed as one message (`input::parse`).
        .filter(|(n, _, _)| *n != "two texts")
        .map(|(n, b, m)| (n.to_string(), b.to_vec(), format!("invalid JSON: {m}")))
        .collect();
    out.push((
        "not UTF-8".into(),
        b"{\"jsonrpc\":\"2.0\",\"method\":\"x\xff\"}".to_vec(),
        "invalid UTF-8 at byte 28".into(),
    ));
    for (place, _, text) in deep_messages() {
        out.push((
            format!("10,000 levels in {place}"),
            text.into_bytes(),
            "nesting deeper than the limit of 512 levels".into(),
        ));
    }
    out.push((
        "1e400 in a record".into(),
        br#"{"dir":"c2s","msg":{"jsonrpc":"2.0","id":1e400,"method":"ping"}}"#.to_vec(),
        "invalid JSON: number out of range at line 1 column 46".into(),
    ));
    out
}

/// A transcript: each bad line, then a valid record; CRLF endings on every
/// other line, a BOM first, the last line without a newline.
fn transcript() -> (Vec<u8>, Vec<(usize, String)>, usize) {
    let mut text = b"\xEF\xBB\xBF".to_vec();
    let mut problems = Vec::new();
    let mut line = 1;
    let mut goods = 0;
    for (i, (_, bytes, message)) in bad_lines().into_iter().enumerate() {
        text.extend_from_slice(&bytes);
        text.extend_from_slice(if i.is_multiple_of(2) { b"\r\n" } else { b"\n" });
        problems.push((line, message));
        let record = json!({"dir": "c2s", "msg": good(i as u64)});
        text.extend_from_slice(serde_json::to_string(&record).unwrap().as_bytes());
        text.push(b'\n');
        goods += 1;
        line += 2;
    }
    text.pop();
    (text, problems, goods)
}

#[test]
fn transcript_reader_reports_each_bad_line_and_goes_on() {
    let (text, expected, goods) = transcript();
    let mut problems = Vec::new();
    let mut messages = 0;
    let mut session = session();
    for entry in Reader::new(text.as_slice(), Limits::default()) {
        let entry = entry.unwrap();
        match entry.item {
            Item::Problem(p) => problems.push((entry.line, p.to_string())),
            Item::Message(m) => {
                assert_eq!(entry.line % 2, 0, "good records are on even lines");
                let r = session
                    .judge(
                        mcpwire::Source::new(m.direction.unwrap(), m.origin),
                        m.text.as_slice(),
                    )
                    .reports;
                assert!(r[0].is_valid(), "line {}: {r:?}", entry.line);
                messages += 1;
            }
        }
    }
    assert_eq!(
        messages, goods,
        "the last line has no newline and still counts"
    );
    let diff: Vec<String> = expected
        .iter()
        .zip(&problems)
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("expected {a:?}, got {b:?}"))
        .collect();
    assert!(
        diff.is_empty() && expected.len() == problems.len(),
        "{}",
        diff.join("\n")
    );
}

#[test]
fn transcript_truncated_in_the_middle() {
    // A JSON Lines file cut inside its last message.
    let full = [good_bytes(1), b"\n".to_vec(), good_bytes(2)].concat();
    let cut = &full[..full.len() - 10];
    let entries: Vec<_> = Reader::new(cut, Limits::default())
        .map(Result::unwrap)
        .collect();
    assert!(matches!(entries[0].item, Item::Message(_)));
    match &entries[1].item {
        Item::Problem(p) => assert!(
            p.to_string().starts_with("invalid JSON: EOF while parsing"),
            "{p}"
        ),
        other => panic!("{other:?}"),
    }
    // An array transcript cut inside an element: the complete elements,
    // then the array's own problem.
    let array = format!(
        "[\n{},\n{}\n]",
        json!({"dir": "c2s", "msg": good(1)}),
        json!({"dir": "c2s", "msg": good(2)})
    );
    let cut = &array.as_bytes()[..array.len() - 20];
    let entries: Vec<_> = Reader::new(cut, Limits::default())
        .map(Result::unwrap)
        .collect();
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(matches!(entries[0].item, Item::Message(_)) && entries[0].line == 2);
    match &entries[1].item {
        Item::Problem(p @ Problem::Array(_)) => assert_eq!(entries[1].line, 3, "{p}"),
        other => panic!("{other:?}"),
    }
}

/// `depth` levels: the message object, `params`, then arrays in `cursor`'s
/// place (a type violation, but readable).
fn at_depth(depth: usize) -> Vec<u8> {
    let inner = nested(depth - 2, "0");
    format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{{\"cursor\":{inner}}}}}")
        .into_bytes()
}

#[test]
fn limits_are_configurable_and_inclusive() {
    for limits in [
        Limits::new(4, 1 << 20),
        Limits::new(40, 1 << 20),
        Limits::default(),
    ] {
        let mut s = Session::with_options(
            Mode::Fixed(Version::V2026_07_28),
            Options {
                limits,
                ..Options::default()
            },
        );
        let d = limits.max_depth;
        let r = observe_then_good(&mut s, &at_depth(d));
        assert!(r.input_error.is_none(), "{d} levels are read: {r:?}");
        let r = observe_then_good(&mut s, &at_depth(d + 1));
        assert_eq!(
            r.input_error,
            Some(format!("nesting deeper than the limit of {d} levels"))
        );
        // The transcript reader: the record wrapper does not count.
        let record = [
            b"{\"dir\":\"c2s\",\"msg\":".as_slice(),
            &at_depth(d),
            b"}\n",
        ]
        .concat();
        let too_deep = [
            b"{\"dir\":\"c2s\",\"msg\":".as_slice(),
            &at_depth(d + 1),
            b"}",
        ]
        .concat();
        let text = [record.as_slice(), &too_deep].concat();
        let entries: Vec<_> = Reader::new(text.as_slice(), limits)
            .map(Result::unwrap)
            .collect();
        assert!(
            matches!(entries[0].item, Item::Message(_)),
            "{d}: {entries:?}"
        );
        assert!(matches!(
            entries[1].item,
            Item::Problem(Problem::Input(InputError::TooDeep { limit })) if limit == d
        ));
    }
    let msg = good_bytes(1);
    let exact = Limits::new(512, msg.len());
    let mut s = Session::with_options(
        Mode::Fixed(Version::V2026_07_28),
        Options {
            limits: exact,
            ..Options::default()
        },
    );
    let longer = [msg.as_slice(), b" "].concat();
    let r = s.judge(C2S, &msg).reports;
    assert!(r[0].is_valid(), "{r:?}");
    let r = s.judge(C2S, &longer).reports;
    assert_eq!(
        r[0].input_error,
        Some(format!(
            "message of {} bytes exceeds the limit of {} bytes",
            msg.len() + 1,
            msg.len()
        ))
    );
    assert!(
        s.judge(C2S, &good_bytes(2)).reports[0].is_valid(),
        "the session goes on"
    );
    let text = [msg.as_slice(), b"\n", &longer, b"\n", &msg].concat();
    let entries: Vec<_> = Reader::new(text.as_slice(), exact)
        .map(Result::unwrap)
        .collect();
    assert!(matches!(entries[0].item, Item::Message(_)));
    assert!(
        matches!(
            entries[1].item,
            Item::Problem(Problem::Input(InputError::TooLarge { len, limit })) if len == msg.len() + 1 && limit == msg.len()
        ),
        "{entries:?}"
    );
    assert!(matches!(entries[2].item, Item::Message(_)) && entries[2].line == 3);
}

/// Found by the `transcript` fuzz target's line-order check: an array
/// transcript that ends after a comma was reported at the array's opening
/// line, before the elements already read. Now at the last line.
#[test]
fn unclosed_array_is_reported_where_the_input_ends() {
    let text = b"\xEF\xBB\xBF[{\"dir\":\"c2s\",\"msg\":{}},\n 1,\n";
    let entries: Vec<_> = Reader::new(text.as_slice(), Limits::default())
        .map(Result::unwrap)
        .collect();
    let lines: Vec<usize> = entries.iter().map(|e| e.line).collect();
    assert_eq!(lines, [1, 2, 3], "{entries:?}");
    match &entries[2].item {
        Item::Problem(p @ Problem::Array(_)) => assert_eq!(
            p.to_string(),
            "malformed transcript array: the array opened on line 1 is not closed at the end of the input"
        ),
        other => panic!("{other:?}"),
    }
}

/// A record cut before its end (outside a string, so its object is still
/// open).
const TRUNCATED: &[u8] = br#"{"dir":"c2s","msg":{"jsonrpc":"2.0","id":1,"method":"ping""#;

/// A line of bytes that are not UTF-8.
const NOT_UTF8: &[u8] = b"\xff\xfe\x00garbage";

/// Per entry of a transcript, its line and the start of its problem
/// (`None` for a message).
type Entries = Vec<(usize, Option<&'static str>)>;

/// Hostile JSON Lines transcripts whose lines are each their own record:
/// a name, the text and its entries.
fn line_cases() -> Vec<(&'static str, Vec<u8>, Entries)> {
    let record = serde_json::to_vec(&json!({"dir": "c2s", "msg": good(2)})).unwrap();
    let cut = (1, Some("invalid JSON: EOF while parsing an object"));
    let not_utf8 = Some("invalid UTF-8 at byte 0");
    vec![
        (
            "truncated, then not UTF-8 (CRLF)",
            [TRUNCATED, b"\r\n", NOT_UTF8, b"\r\n", &record, b"\r\n"].concat(),
            vec![cut, (2, not_utf8), (3, None)],
        ),
        (
            "truncated, then not UTF-8 (LF)",
            [TRUNCATED, b"\n", NOT_UTF8, b"\n", &record, b"\n"].concat(),
            vec![cut, (2, not_utf8), (3, None)],
        ),
        (
            "truncated, then not UTF-8, no final line end",
            [TRUNCATED, b"\r\n", NOT_UTF8].concat(),
            vec![cut, (2, not_utf8)],
        ),
        (
            "truncated, then a line that is not JSON",
            [TRUNCATED, b"\r\n", b"garbage\r\n", &record, b"\r\n"].concat(),
            vec![cut, (2, Some("invalid JSON: expected value")), (3, None)],
        ),
        (
            "truncated, then a valid record (CRLF)",
            [TRUNCATED, b"\r\n", &record, b"\r\n"].concat(),
            vec![cut, (2, None)],
        ),
        // (Not at the start of the file: `FF FE` there is a UTF-16 byte
        // order mark, refused as a whole.)
        (
            "not UTF-8, then a valid record (CRLF)",
            [&record[..], b"\r\n", NOT_UTF8, b"\r\n", &record, b"\r\n"].concat(),
            vec![(1, None), (2, not_utf8), (3, None)],
        ),
        (
            "not UTF-8, then a valid record (LF)",
            [&record[..], b"\n", NOT_UTF8, b"\n", &record, b"\n"].concat(),
            vec![(1, None), (2, not_utf8), (3, None)],
        ),
        // JSON Lines separates lines with `\n` (a CR before it is
        // whitespace): a lone CR is not a line end, so the cut record and
        // the bytes after it are one line with one finding.
        (
            "truncated, lone CR, not UTF-8",
            [TRUNCATED, b"\r", NOT_UTF8, b"\r\n", &record, b"\r\n"].concat(),
            vec![(1, Some("invalid UTF-8 at byte 59")), (2, None)],
        ),
        // A pretty-printed value still spans lines, and bytes that are not
        // UTF-8 inside one of its strings are that value's finding.
        (
            "not UTF-8 inside a pretty-printed value",
            [
                b"{\r\n  \"id\": \"\xff\"\r\n}\r\n" as &[u8],
                &record,
                b"\r\n",
            ]
            .concat(),
            vec![(1, Some("invalid UTF-8 at byte 11")), (4, None)],
        ),
    ]
}

#[test]
fn each_line_is_its_own_record() {
    for (name, text, expected) in line_cases() {
        let got: Vec<(usize, Option<String>)> = Reader::new(text.as_slice(), Limits::default())
            .map(|e| {
                let e = e.unwrap();
                match e.item {
                    Item::Message(_) => (e.line, None),
                    Item::Problem(p) => (e.line, Some(p.to_string())),
                }
            })
            .collect();
        let matches = got.len() == expected.len()
            && got.iter().zip(&expected).all(|((l, p), (el, ep))| {
                l == el
                    && match (p, ep) {
                        (Some(p), Some(ep)) => p.starts_with(ep),
                        (None, None) => true,
                        _ => false,
                    }
            });
        assert!(matches, "{name}: expected {expected:?}, got {got:?}");
    }
}

#[cfg(feature = "cli")]
mod cli {
    use super::*;
    use assert_cmd::Command;
    use support::tap::{wait_with_peak, Peak};

    fn check(args: &[&str], text: &[u8]) -> (Option<i32>, Vec<Value>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.jsonl");
        std::fs::File::create(&path)
            .unwrap()
            .write_all(text)
            .unwrap();
        let out = Command::cargo_bin("mcpwire")
            .unwrap()
            .args(["check", "--format", "json", "--spec", "2026-07-28"])
            .args(args)
            .arg(&path)
            .output()
            .unwrap();
        let rows = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (out.status.code(), rows)
    }

    #[test]
    fn check_reports_each_bad_line_and_goes_on() {
        let (text, expected, goods) = transcript();
        let (code, rows) = check(&[], &text);
        assert_eq!(code, Some(1));
        let found: Vec<(usize, String)> = rows
            .iter()
            .filter(|r| r.get("summary").is_none() && r["severity"] == "violation")
            .map(|r| {
                assert_eq!(r["keyword"], "input", "{r}");
                (
                    r["line"].as_u64().unwrap() as usize,
                    r["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(found, expected);
        let summary = rows.last().unwrap();
        assert_eq!(summary["messages"], expected.len() + goods);
        assert_eq!(summary["valid"], goods);
        assert_eq!(summary["violations"], expected.len());
    }

    #[test]
    fn check_gives_each_line_its_own_finding() {
        for (name, text, expected) in line_cases() {
            let (code, rows) = check(&[], &text);
            assert_eq!(code, Some(1), "{name}");
            let found: Vec<(u64, String)> = rows
                .iter()
                .filter(|r| r["keyword"] == "input")
                .map(|r| {
                    (
                        r["line"].as_u64().unwrap(),
                        r["message"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            let want: Vec<(u64, &str)> = expected
                .iter()
                .filter_map(|(line, p)| p.map(|p| (*line as u64, p)))
                .collect();
            assert!(
                found.len() == want.len()
                    && found
                        .iter()
                        .zip(&want)
                        .all(|((l, m), (wl, wm))| l == wl && m.starts_with(wm)),
                "{name}: expected {want:?}, got {found:?}"
            );
        }
    }

    #[test]
    fn check_limit_flags() {
        let deep = [at_depth(8), b"\n".to_vec(), at_depth(9), b"\n".to_vec()].concat();
        let (code, rows) = check(&["--max-depth", "8"], &deep);
        assert_eq!(code, Some(1));
        let inputs: Vec<(u64, &str)> = rows
            .iter()
            .filter(|r| r["keyword"] == "input")
            .map(|r| (r["line"].as_u64().unwrap(), r["message"].as_str().unwrap()))
            .collect();
        assert_eq!(inputs, [(2, "nesting deeper than the limit of 8 levels")]);
        let msg = good_bytes(1);
        let text = [msg.as_slice(), b"\n", &msg, b" \n"].concat();
        let limit = msg.len().to_string();
        let (code, rows) = check(&["--max-message-bytes", &limit], &text);
        assert_eq!(code, Some(1));
        let inputs: Vec<(u64, String)> = rows
            .iter()
            .filter(|r| r["keyword"] == "input")
            .map(|r| {
                (
                    r["line"].as_u64().unwrap(),
                    r["message"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            inputs,
            [(
                2,
                format!(
                    "message of {} bytes exceeds the limit of {limit} bytes",
                    msg.len() + 1
                )
            )]
        );
        // Nonsense limits are usage errors.
        let out = Command::cargo_bin("mcpwire")
            .unwrap()
            .args(["check", "--max-depth", "0", "-"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
    }

    #[test]
    fn validate_reads_bad_input_as_a_finding() {
        for (bytes, message) in [
            (
                b"{\"a\":\"\\ud800\"}".as_slice(),
                "invalid JSON: unexpected end of hex escape at line 1 column 13",
            ),
            (
                b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":".as_slice(),
                "invalid JSON: EOF while parsing a value at line 1 column 33",
            ),
        ] {
            let out = Command::cargo_bin("mcpwire")
                .unwrap()
                .args([
                    "validate",
                    "--spec",
                    "2026-07-28",
                    "--def",
                    "JSONRPCRequest",
                    "--format",
                    "json",
                    "-",
                ])
                .write_stdin(bytes)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert_eq!(out.status.code(), Some(1), "{stdout}");
            assert!(stdout.contains(message), "{stdout}");
        }
    }

    /// `mcpwire check` on a transcript with a 100 MB string: judged, with
    /// peak memory a small multiple of the message (line buffer + `Value`).
    #[cfg(target_os = "linux")]
    #[test]
    fn check_hundred_mb_string_memory_is_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.jsonl");
        let call = json!({"dir": "c2s", "msg": {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"_meta": meta(), "name": "big"}}});
        let mut text = serde_json::to_vec(&call).unwrap();
        text.extend_from_slice(b"\n{\"dir\":\"s2c\",\"msg\":");
        text.extend(big_result(1, HUNDRED_MB, "text"));
        text.extend_from_slice(b"}\n");
        text.extend(good_bytes(2));
        std::fs::write(&path, &text).unwrap();
        drop(text);
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mcpwire"))
            .args(["check", "--format", "json", "--spec", "2026-07-28"])
            .arg(&path)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let peak = Peak::watch(child.id());
        let mut out = String::new();
        std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut out).unwrap();
        let (status, peak_kib) = wait_with_peak(&mut child, peak);
        let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        assert_eq!(status.code(), Some(0), "{out}");
        assert_eq!(summary["messages"], 3, "{summary}");
        assert_eq!(summary["valid"], 3, "{summary}");
        eprintln!(
            "mcpwire check, 100 MB string: peak RSS {} MiB",
            peak_kib / 1024
        );
        assert!(peak_kib / 1024 < 400, "peak RSS {} MiB", peak_kib / 1024);
    }
}

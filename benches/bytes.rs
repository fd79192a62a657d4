//! Bytes → verdict: mcpwire's bytes validators against parsing alone and
//! against every DOM-based validator, end to end from the same bytes.
//!
//! Two corpora of MCP 2025-11-25 traffic ([`corpus`]): all valid, and
//! invalid-heavy (every other message broken once). Each message carries
//! the checks a `Session` plans (envelope, then the typed definition on the
//! message or on `result`). Per corpus, one criterion group, throughput in
//! bytes; each function judges the whole corpus once per iteration:
//!
//! - `serde_json_parse`: `serde_json::from_slice::<Value>` only (the floor
//!   every DOM-based validator pays);
//! - `serde_json_ignored_any`: serde_json's syntax-only pass
//!   (`serde::de::IgnoredAny`, which does not check escapes or number
//!   ranges); `mcpwire_reader_skip`: the bytes reader's strict syntax-only
//!   pass — the floors under DOM-free validation;
//! - `mcpwire_value_is_valid` / `mcpwire_value_check`: `input::parse`, then
//!   the generated `is_valid_*` / `check_*` (the `Value` path);
//! - `mcpwire_bytes_is_valid`: the bytes validators, one strict pass per
//!   valid message where the plan allows it (the typed definition alone
//!   when it implies the envelope, `DispatchMaps::implies`; the result envelope
//!   with the typed result read in `Result`'s place, `bytes::plan`), each
//!   check apart otherwise and whenever that pass fails; a message the
//!   fast path shows neither valid nor invalid (`Fast::Unknown`: repeated
//!   members, input it leaves to serde_json) falls back to the `Value`
//!   path, so the verdict is exact;
//! - `mcpwire_bytes_check`: the same, collecting violations: the one pass
//!   where the plan has one, and when it does not show the message valid,
//!   per check a collecting read that names the failing values, only those
//!   parsed and checked (`bytes::collect`, as `Definition::check`); where
//!   it cannot say (the definition failing at its top, repeated members),
//!   one parse of the message (`bytes::parse_text`) and the generated
//!   `check_*`;
//! - `jsonschema_is_valid` / `jsonschema_all_errors`: parse, then the
//!   `jsonschema` crate's `is_valid` / `iter_errors`;
//! - `jsonschema_macros_is_valid`: parse, then `jsonschema-macros`'
//!   compile-time `is_valid`;
//! - `boon_is_valid`: parse, then `boon`'s `validate(…).is_ok()`;
//! - `session_observe_bytes` / `session_parse_observe`: a `Session` judging
//!   every message from bytes, or from a parsed `Value`;
//! - `ajv_all_errors` / `js_json_parse`: ajv 8 in Node, set up as the
//!   reference conformance harness sets it up (all errors), `JSON.parse`
//!   then every check; and `JSON.parse` alone ([`ajv`]; needs `npm ci` in
//!   `npm/`, else left out).
//!
//! Then a table: MB/s, messages/s, and each time as a ratio of
//! `serde_json_parse` and of `mcpwire_bytes_is_valid`. Before timing, every
//! engine's verdicts are checked against each other.
//!
//! `cargo bench --no-default-features --features v2025_11_25 --bench bytes`
//!
//! Instruction counts of one engine over one corpus (no criterion):
//! `MCPWIRE_BYTES_ONLY=<function>:<group> valgrind --tool=callgrind
//! --toggle-collect='*measured*' target/release/deps/bytes-<hash>`.

#[path = "bytes/ajv.rs"]
mod ajv;
#[path = "bytes/corpus.rs"]
mod corpus;
#[path = "bytes/engines.rs"]
mod engines;
#[allow(dead_code)]
#[path = "corpus/gen.rs"]
mod gen;

use std::collections::HashMap;
use std::hint::black_box;
use std::path::PathBuf;

use corpus::{At, Entry};
use criterion::{Criterion, Throughput};
use mcpwire::bytes::{self, Definition, Fast};
use mcpwire::input::{self, Limits};
use mcpwire::{Direction, Session, Version};
use serde_json::Value;

/// Messages per corpus.
const MESSAGES: usize = 4917;

/// One check, resolved for every engine.
struct Resolved {
    at: At,
    name: &'static str,
    boon: &'static engines::Boon,
    def: Definition,
    jsonschema: &'static jsonschema::Validator,
    /// jsonschema-macros' validator (2025-11-25 only: one macro expansion per
    /// definition and revision is compiled into the bench).
    generated: Option<fn(&Value) -> bool>,
}

struct Prepared<'a> {
    entry: &'a Entry,
    checks: Vec<Resolved>,
    /// How the plan reads a valid message in one pass, when it can.
    one_pass: OnePass,
}

/// One strict pass for the two checks of a message, where sound.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnePass {
    /// The typed whole-message definition implies the envelope
    /// (`DispatchMaps::implies`): read it alone; the envelope only when it fails.
    Typed,
    /// A response with a typed `result` whose definition implies the
    /// envelope's `Result` (`bytes::plan`): the envelope with the typed
    /// definition read in `Result`'s place.
    ResultResponse,
    /// Each check reads the message.
    No,
}

fn one_pass(version: Version, checks: &[(&'static str, At)]) -> OnePass {
    match checks {
        [_, (typed, At::Message)] if version.spec().is_some_and(|s| s.maps.implies(typed)) => {
            OnePass::Typed
        }
        [(envelope, At::Message), (typed, At::Result)]
            if version
                .spec()
                .is_some_and(|s| s.maps.envelopes.result == *envelope && s.maps.implies(typed)) =>
        {
            OnePass::ResultResponse
        }
        _ => OnePass::No,
    }
}

/// The one pass, when the plan has one: whether it shows every check valid.
fn one_pass_valid(p: &Prepared<'_>, text: &[u8], limits: Limits) -> bool {
    match (p.one_pass, p.checks.as_slice()) {
        (OnePass::Typed, [_, typed]) => bytes::reads(typed.def.bytes.read, text, limits),
        (OnePass::ResultResponse, [envelope, typed]) => bytes::plan::reads_result_response(
            envelope.def.bytes.read,
            typed.def.bytes.read,
            text,
            limits,
        ),
        _ => false,
    }
}

fn target(v: &Value, at: At) -> Option<&Value> {
    match at {
        At::Message => Some(v),
        At::Result => v.get("result"),
    }
}

fn prepare(version: Version, entries: &[Entry]) -> Vec<Prepared<'_>> {
    let mut names: Vec<&'static str> = entries
        .iter()
        .flat_map(|e| e.checks.iter().map(|c| c.0))
        .collect();
    names.sort();
    names.dedup();
    let runtime: &'static HashMap<&'static str, jsonschema::Validator> =
        Box::leak(Box::new(engines::runtime(version.as_str(), &names)));
    let boon: &'static engines::Boon = Box::leak(Box::new(engines::boon(version.as_str(), &names)));
    entries
        .iter()
        .map(|entry| Prepared {
            entry,
            one_pass: one_pass(version, &entry.checks),
            checks: entry
                .checks
                .iter()
                .map(|&(name, at)| Resolved {
                    at,
                    name,
                    boon,
                    def: Definition::find(version, name)
                        .unwrap_or_else(|| panic!("no definition {name}")),
                    jsonschema: &runtime[name],
                    generated: if version == Version::V2025_11_25 {
                        Some(
                            engines::generated(name)
                                .unwrap_or_else(|| panic!("no generated validator for {name}")),
                        )
                    } else {
                        None
                    },
                })
                .collect(),
        })
        .collect()
}

fn value_is_valid(p: &Prepared<'_>) -> bool {
    let Ok(v) = input::parse(&p.entry.bytes, Limits::default()) else {
        return false;
    };
    p.checks
        .iter()
        .all(|c| target(&v, c.at).is_some_and(|t| (c.def.value.is_valid)(t)))
}

fn value_check(p: &Prepared<'_>) -> usize {
    let Ok(v) = input::parse(&p.entry.bytes, Limits::default()) else {
        return usize::MAX;
    };
    p.checks
        .iter()
        .map(|c| target(&v, c.at).map_or(1, |t| c.def.value.check(t).len()))
        .sum()
}

/// The fast path alone over the checks of a message: `Valid` when every
/// check is, `Invalid` as soon as one is (the message fails that
/// definition), else `Unknown`.
fn fast(p: &Prepared<'_>) -> Fast {
    let limits = Limits::default();
    let Some(text) = bytes::text(&p.entry.bytes, limits) else {
        return Fast::Unknown;
    };
    if one_pass_valid(p, text, limits) {
        return Fast::Valid;
    }
    let mut all = Fast::Valid;
    for c in &p.checks {
        let read = c.def.bytes.read;
        let verdict = match c.at {
            At::Message => bytes::run(read, text, limits),
            At::Result => bytes::run_member(read, text, "result", limits),
        };
        match verdict {
            Fast::Valid => {}
            Fast::Invalid => return Fast::Invalid,
            Fast::Unknown => all = Fast::Unknown,
        }
    }
    all
}

/// Bytes → verdict: the `Value` path only when the fast path cannot tell.
fn bytes_is_valid(p: &Prepared<'_>) -> bool {
    match fast(p) {
        Fast::Valid => true,
        Fast::Invalid => false,
        Fast::Unknown => value_is_valid(p),
    }
}

/// Bytes → violations: the plan's one pass, else a collecting read per
/// check (`Definition::collect`: the failing values alone parsed and
/// checked), and where that cannot say, the `Value` path's violations
/// (the message parsed once: `bytes::parse_text`).
fn bytes_check(p: &Prepared<'_>) -> usize {
    let limits = Limits::default();
    let Some(text) = bytes::text(&p.entry.bytes, limits) else {
        return value_check(p);
    };
    // A message of at most `bytes::PARSED_WHOLE` bytes, as `bytes::collect`
    // treats such a value: plain reads (the plan's one pass where it has
    // one, else each check) and, when they do not show it valid, one parse
    // of the whole message for every check — no collecting read, which
    // would not make that parse smaller.
    if bytes::parses_whole(text, limits) {
        let valid = match p.one_pass {
            OnePass::No => p.checks.iter().all(|c| match c.at {
                At::Message => bytes::reads(c.def.bytes.read, text, limits),
                At::Result => bytes::reads_member(c.def.bytes.read, text, "result", limits),
            }),
            _ => one_pass_valid(p, text, limits),
        };
        return if valid { 0 } else { whole_check(p, text) };
    }
    let read = |c: &Resolved| match c.at {
        At::Message => bytes::records(c.def.value, text, limits),
        At::Result => bytes::member_records(c.def.value, text, "result", limits),
    };
    // A collecting read per check: its records (failing values), or `None`
    // when it cannot say. The typed check first where it implies the
    // envelope (recording nothing, it is the valid message's one pass);
    // else the checks in order (an envelope that cannot say — failing at
    // its top, `jsonrpc` — ends the reads at once).
    let mut all: Vec<bytes::Collected> = Vec::with_capacity(p.checks.len());
    match (p.one_pass, p.checks.as_slice()) {
        (OnePass::Typed, [envelope, typed]) => {
            let found = read(typed);
            if found.as_ref().is_some_and(|f| f.records.is_empty()) {
                return 0;
            }
            all.extend(read(envelope));
            all.extend(found);
        }
        _ => {
            for c in &p.checks {
                match read(c) {
                    Some(found) => all.push(found),
                    None => break,
                }
            }
        }
    }
    // What the records' checks parse: each record's bytes, less the values
    // its shell elides (`Record::elided`).
    let weight: usize = all
        .iter()
        .flat_map(|c| &c.records)
        .map(|r| r.end - r.start - r.elided.iter().map(|e| e.end - e.start).sum::<usize>())
        .sum();
    // The failing values alone when they are less than the message; else
    // one parse of the whole message serves every check.
    if all.len() == p.checks.len() && weight < text.len() {
        let spec = bytes::spec_of(p.checks[0].def.value).expect("compiled in");
        let mut n = 0;
        for records in &all {
            match bytes::checked(spec, text, &mcpwire::Path::Root, records) {
                Some(found) => n += found.len(),
                None => return whole_check(p, text),
            }
        }
        return n;
    }
    whole_check(p, text)
}

/// Every check on one parse of the whole message (`bytes::parse_text`).
fn whole_check(p: &Prepared<'_>, text: &[u8]) -> usize {
    let Ok(v) = bytes::parse_text(&p.entry.bytes, text, Limits::default()) else {
        return usize::MAX;
    };
    p.checks
        .iter()
        .map(|c| target(&v, c.at).map_or(1, |t| c.def.value.check(t).len()))
        .sum()
}

fn jsonschema_is_valid(p: &Prepared<'_>) -> bool {
    let v: Value = serde_json::from_slice(&p.entry.bytes).expect("corpus parses");
    p.checks
        .iter()
        .all(|c| target(&v, c.at).is_some_and(|t| c.jsonschema.is_valid(t)))
}

fn jsonschema_all_errors(p: &Prepared<'_>) -> usize {
    let v: Value = serde_json::from_slice(&p.entry.bytes).expect("corpus parses");
    p.checks
        .iter()
        .map(|c| target(&v, c.at).map_or(1, |t| c.jsonschema.iter_errors(t).count()))
        .sum()
}

fn boon_is_valid(p: &Prepared<'_>) -> bool {
    let v: Value = serde_json::from_slice(&p.entry.bytes).expect("corpus parses");
    p.checks
        .iter()
        .all(|c| target(&v, c.at).is_some_and(|t| c.boon.is_valid(c.name, t)))
}

fn generated_is_valid(p: &Prepared<'_>) -> bool {
    let v: Value = serde_json::from_slice(&p.entry.bytes).expect("corpus parses");
    p.checks
        .iter()
        .all(|c| target(&v, c.at).is_some_and(|t| (c.generated.expect("jsonschema-macros"))(t)))
}

fn session_bytes(version: Version, entries: &[Entry]) -> usize {
    let mut s = Session::new(version);
    entries
        .iter()
        .map(|e| s.judge(Direction::ServerToClient, &e.bytes).reports.len())
        .sum()
}

fn session_value(version: Version, entries: &[Entry]) -> usize {
    let mut s = Session::new(version);
    entries
        .iter()
        .map(|e| match input::parse(&e.bytes, Limits::default()) {
            Ok(v) => s.judge(Direction::ServerToClient, &v).reports.len(),
            Err(_) => 0,
        })
        .sum()
}

/// A syntax-only pass of the bytes reader (every value skipped, strictly):
/// the floor under the bytes validators.
fn skip(r: &mut bytes::Reader<'_>) -> bytes::R {
    r.skip()
}

/// The `Value` path's verdict on a message built in memory.
fn value_path(v: &Value, checks: &[(&str, At)]) -> bool {
    checks.iter().all(|&(name, at)| {
        let def = Definition::find(Version::V2025_11_25, name).expect("definition");
        target(v, at).is_some_and(|t| (def.value.is_valid)(t))
    })
}

/// Every engine agrees on every message, and the corpus is what it says.
fn verify(name: &str, prepared: &[Prepared<'_>]) {
    let (mut fast_valid, mut fast_invalid, mut in_one) = (0, 0, 0);
    for (i, p) in prepared.iter().enumerate() {
        let expected = !p.entry.broken;
        let v = value_is_valid(p);
        assert_eq!(
            v,
            expected,
            "{name} #{i}: Value path verdict {v}, built {expected}:\n{}",
            String::from_utf8_lossy(&p.entry.bytes[..p.entry.bytes.len().min(300)])
        );
        assert_eq!(bytes_is_valid(p), v, "{name} #{i}: bytes");
        assert_eq!(jsonschema_is_valid(p), v, "{name} #{i}: jsonschema");
        assert_eq!(boon_is_valid(p), v, "{name} #{i}: boon");
        if has_generated(p) {
            assert_eq!(generated_is_valid(p), v, "{name} #{i}: jsonschema-macros");
        }
        assert_eq!(bytes_check(p), value_check(p), "{name} #{i}: violations");
        let text = bytes::text(&p.entry.bytes, Limits::default()).expect("text");
        let one = one_pass_valid(p, text, Limits::default());
        assert!(!one || v, "{name} #{i}: one pass says valid");
        if v && p.one_pass != OnePass::No {
            assert!(one, "{name} #{i}: valid but not in one pass");
            in_one += 1;
        }
        match fast(p) {
            Fast::Valid => fast_valid += 1,
            Fast::Invalid => fast_invalid += 1,
            Fast::Unknown => {}
        }
        if v {
            assert_eq!(
                fast(p),
                Fast::Valid,
                "{name} #{i}: valid but not on the fast path"
            );
        }
    }
    eprintln!(
        "{name}: {} messages, {fast_valid} shown valid ({in_one} in one pass) and {fast_invalid} shown invalid by the fast path",
        prepared.len()
    );
}

fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("criterion")
}

/// Mean time per iteration (ns) of a finished criterion benchmark.
fn mean_ns(group: &str, function: &str) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(function)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let v: Value = serde_json::from_str(&text).ok()?;
    v.pointer("/mean/point_estimate")?.as_f64()
}

const FUNCTIONS: [&str; 15] = [
    "serde_json_parse",
    "serde_json_ignored_any",
    "mcpwire_reader_skip",
    "mcpwire_bytes_is_valid",
    "mcpwire_bytes_check",
    "mcpwire_value_is_valid",
    "mcpwire_value_check",
    "jsonschema_is_valid",
    "jsonschema_all_errors",
    "boon_is_valid",
    "jsonschema_macros_is_valid",
    "session_observe_bytes",
    "session_parse_observe",
    "js_json_parse",
    "ajv_all_errors",
];

fn table(group: &str, bytes: usize, messages: usize) {
    println!("\n{group}: {messages} messages, {bytes} bytes");
    println!(
        "{:<28} {:>10} {:>12} {:>10} {:>10}",
        "function", "MB/s", "messages/s", "÷ parse", "÷ bytes"
    );
    let parse = mean_ns(group, "serde_json_parse");
    let fast = mean_ns(group, "mcpwire_bytes_is_valid");
    for f in FUNCTIONS {
        let Some(ns) = mean_ns(group, f) else {
            continue;
        };
        let secs = ns / 1e9;
        println!(
            "{f:<28} {:>10.1} {:>12.0} {:>10.3} {:>10.2}",
            bytes as f64 / secs / 1e6,
            messages as f64 / secs,
            parse.map_or(f64::NAN, |p| ns / p),
            fast.map_or(f64::NAN, |b| ns / b),
        );
    }
}

fn has_generated(p: &Prepared<'_>) -> bool {
    p.checks.iter().all(|c| c.generated.is_some())
}

fn bench(c: &mut Criterion, group_name: &str, version: Version, entries: &[Entry]) -> usize {
    let prepared = prepare(version, entries);
    verify(group_name, &prepared);
    let total: usize = entries.iter().map(|e| e.bytes.len()).sum();
    let mut g = c.benchmark_group(group_name);
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(20);
    g.bench_function("serde_json_parse", |b| {
        b.iter(|| {
            for p in &prepared {
                let v: Value = serde_json::from_slice(black_box(&p.entry.bytes)).expect("parses");
                black_box(v);
            }
        })
    });
    g.bench_function("serde_json_ignored_any", |b| {
        b.iter(|| {
            for p in &prepared {
                let v: serde::de::IgnoredAny =
                    serde_json::from_slice(black_box(&p.entry.bytes)).expect("parses");
                black_box(v);
            }
        })
    });
    g.bench_function("mcpwire_reader_skip", |b| {
        b.iter(|| {
            for p in &prepared {
                black_box(bytes::fast(
                    skip,
                    black_box(&p.entry.bytes),
                    Limits::default(),
                ));
            }
        })
    });
    macro_rules! each {
        ($id:literal, $f:expr) => {
            g.bench_function($id, |b| {
                b.iter(|| {
                    for p in &prepared {
                        black_box($f(black_box(p)));
                    }
                })
            });
        };
    }
    each!("mcpwire_bytes_is_valid", bytes_is_valid);
    each!("mcpwire_bytes_check", bytes_check);
    each!("mcpwire_value_is_valid", value_is_valid);
    each!("mcpwire_value_check", value_check);
    each!("jsonschema_is_valid", jsonschema_is_valid);
    each!("jsonschema_all_errors", jsonschema_all_errors);
    each!("boon_is_valid", boon_is_valid);
    if prepared.iter().all(has_generated) {
        each!("jsonschema_macros_is_valid", generated_is_valid);
    }
    g.bench_function("session_observe_bytes", |b| {
        b.iter(|| black_box(session_bytes(version, black_box(entries))))
    });
    g.bench_function("session_parse_observe", |b| {
        b.iter(|| black_box(session_value(version, black_box(entries))))
    });
    if let Some(mut js) = ajv::Ajv::start(group_name, version.as_str(), entries) {
        for (i, (p, v)) in prepared.iter().zip(js.verdicts()).enumerate() {
            assert_eq!(v, !p.entry.broken, "{group_name} #{i}: ajv");
        }
        g.bench_function("js_json_parse", |b| b.iter_custom(|n| js.time("parse", n)));
        g.bench_function("ajv_all_errors", |b| b.iter_custom(|n| js.time("run", n)));
    }
    g.finish();
    total
}

/// One engine over a whole corpus, once: what `MCPWIRE_BYTES_ONLY` runs
/// under `valgrind --tool=callgrind --toggle-collect='*measured*'`, for
/// instruction counts that a shared, noisy machine does not disturb.
#[inline(never)]
fn measured(function: &str, version: Version, prepared: &[Prepared<'_>]) -> usize {
    let mut n = 0;
    for p in prepared {
        n += match function {
            "serde_json_parse" => {
                let v: Value = serde_json::from_slice(&p.entry.bytes).expect("parses");
                usize::from(!v.is_null())
            }
            "mcpwire_reader_skip" => {
                usize::from(bytes::fast(skip, &p.entry.bytes, Limits::default()) == Fast::Valid)
            }
            "mcpwire_bytes_is_valid" => usize::from(bytes_is_valid(p)),
            "mcpwire_bytes_check" => bytes_check(p),
            "mcpwire_value_is_valid" => usize::from(value_is_valid(p)),
            "mcpwire_value_check" => value_check(p),
            "jsonschema_is_valid" => usize::from(jsonschema_is_valid(p)),
            "jsonschema_all_errors" => jsonschema_all_errors(p),
            "boon_is_valid" => usize::from(boon_is_valid(p)),
            "jsonschema_macros_is_valid" => usize::from(generated_is_valid(p)),
            "session_observe_bytes" => session_bytes(version, std::slice::from_ref(p.entry)),
            "session_parse_observe" => session_value(version, std::slice::from_ref(p.entry)),
            other => panic!("MCPWIRE_BYTES_ONLY: unknown function {other}"),
        };
    }
    n
}

/// The corpora: `(group, revision, messages)`; the blob corpus once per
/// enabled revision of the two the issue names.
fn corpora() -> Vec<(String, Version, Vec<Entry>)> {
    let valid = corpus::build(MESSAGES, false, value_path);
    let invalid = corpus::build(MESSAGES, true, value_path);
    let broken: Vec<Entry> = corpus::build(MESSAGES, true, value_path)
        .into_iter()
        .filter(|e| e.broken)
        .collect();
    let mut all = vec![
        ("bytes_valid".to_string(), Version::V2025_11_25, valid),
        (
            "bytes_invalid_heavy".to_string(),
            Version::V2025_11_25,
            invalid,
        ),
        (
            "bytes_invalid_only".to_string(),
            Version::V2025_11_25,
            broken,
        ),
    ];
    for version in [Version::V2025_11_25, Version::V2026_07_28] {
        if version.spec().is_some() {
            let group = format!("bytes_blobs_{}", version.as_str().replace('-', "_"));
            all.push((group, version, corpus::blobs(BLOBS)));
        }
    }
    all
}

/// Messages in the blob corpus.
const BLOBS: usize = 200;

fn main() {
    let corpora = corpora();
    // `MCPWIRE_BYTES_ONLY=<function>:<group>`: one pass, no criterion.
    if let Ok(only) = std::env::var("MCPWIRE_BYTES_ONLY") {
        let (function, which) = only
            .split_once(':')
            .unwrap_or((only.as_str(), "bytes_valid"));
        let (_, version, entries) = corpora
            .iter()
            .find(|(g, _, _)| g == which)
            .unwrap_or_else(|| panic!("MCPWIRE_BYTES_ONLY: no group {which}"));
        let prepared = prepare(*version, entries);
        println!(
            "{only}: {}",
            black_box(measured(function, *version, &prepared))
        );
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    let sizes: Vec<(String, usize, usize)> = corpora
        .iter()
        .map(|(group, version, entries)| {
            (
                group.clone(),
                bench(&mut c, group, *version, entries),
                entries.len(),
            )
        })
        .collect();
    c.final_summary();
    for (group, total, messages) in sizes {
        table(&group, total, messages);
    }
}

//! The bytes path against the `Value` path, on the same bytes:
//!
//! - soundness: whenever the fast path says valid, `input::parse` accepts
//!   the bytes and the generated `is_valid_*` holds;
//! - completeness: whenever the `Value` path says valid (and the text has
//!   no repeated member names), the fast path says valid too, so valid
//!   traffic never pays for a `Value`;
//! - `bytes::Definition::check` / `is_valid` equal the `Value` path's
//!   verdict, violations and input errors.
//!
//! - a fast "invalid" ([`Fast::Invalid`], the verdict without a `Value`) is
//!   always the `Value` path's verdict too.
//!
//! Inputs: every published example (`$MCPWIRE_SPEC_DIR/<rev>/examples/`),
//! judged against its definition in every enabled revision; seeded
//! mutations of each (values, escapes, number spellings, whitespace,
//! repeated members) against their own and other definitions; the full
//! mutation corpus of every revision (the seeds and operators of
//! `tests/differential.rs`: examples and synthesized instances of every
//! definition, 1–3 schema-aware mutations, one case in ten against another
//! definition), written in varied spellings; and the bad-input suite (deep
//! nesting, huge strings, big numbers, invalid UTF-8, lone surrogates,
//! repeated members, BOM, trailing bytes).
//!
//! The corpus has `MCPWIRE_BYTES_CASES` cases per revision (default
//! 5,000); the long run is
//! `MCPWIRE_BYTES_CASES=100000 cargo test --release --test bytes_differential mutation_corpus -- --nocapture`.

mod support;

use std::path::PathBuf;

use mcpwire::bytes::{self, Definition, Fast};
use mcpwire::input::{self, Limits};
use mcpwire::Version;
use serde_json::{json, Value};
use support::prng::Rng;

/// `(definition, file name, bytes)` of every published example.
fn examples() -> Vec<(String, String, Vec<u8>)> {
    let mut out = Vec::new();
    for revision in ["2026-07-28", "draft"] {
        let dir = support::spec_files::spec_dir()
            .join(revision)
            .join("examples");
        let Ok(defs) = std::fs::read_dir(&dir) else {
            continue;
        };
        for def in defs.flatten() {
            let name = def.file_name().to_string_lossy().into_owned();
            for file in std::fs::read_dir(def.path()).unwrap().flatten() {
                let bytes = std::fs::read(file.path()).unwrap();
                let label = format!("{revision}/{name}/{}", file.file_name().to_string_lossy());
                out.push((name.clone(), label, bytes));
            }
        }
    }
    out.sort();
    out
}

#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    valid: usize,
    fast_valid: usize,
    /// Invalid cases the fast path settled (no `Value` built for the
    /// verdict).
    fast_invalid: usize,
    /// Invalid cases left to the `Value` path (repeated or escaped member
    /// names, or input errors).
    invalid_unknown: usize,
    /// Invalid cases without repeated members that the fast path did not
    /// settle (a completeness gap of `Fast::Invalid`).
    invalid_gaps: Vec<String>,
    input_errors: usize,
    incomplete: Vec<String>,
    /// Invalid cases whose violations the collecting read gave (no whole
    /// `Value`), on the message and as a response's `result`.
    collected: usize,
    collected_members: usize,
    /// Of those, the cases whose definition failed at its top and whose
    /// violations came from a shell (`Record::elided`: values the read
    /// showed valid left out of the parse), on the message and as a
    /// `result`.
    shells: usize,
    shells_members: usize,
    /// Of the collected cases, those small enough that the collecting read
    /// is skipped and the value parsed and checked whole
    /// (`bytes::parses_whole`); their records are still compared below,
    /// through `bytes::checked`, so shells are tested at every size.
    parsed_whole: usize,
    /// Cases whose records (`bytes::records`, whatever the size) gave
    /// violations through `bytes::checked`, compared with the whole check.
    records_checked: usize,
}

/// Whether a collecting read's records include a shell.
fn has_shell(found: Option<bytes::Collected>) -> bool {
    found.is_some_and(|c| c.records.iter().any(|r| !r.elided.is_empty()))
}

/// Compares both paths on `bytes`; panics on any disagreement.
fn compare(def: &Definition, bytes: &[u8], label: &str, dups: bool, tally: &mut Tally) {
    let limits = Limits::default();
    let fast = def.fast(bytes, limits);
    let value = input::parse(bytes, limits);
    tally.cases += 1;
    let verdict = value
        .as_ref()
        .map(|v| (def.value.is_valid)(v))
        .map_err(Clone::clone);
    if fast == Fast::Valid {
        tally.fast_valid += 1;
        assert_eq!(
            verdict,
            Ok(true),
            "{label}: fast path says valid for {}, Value path disagrees:\n{}",
            def.bytes.name,
            String::from_utf8_lossy(bytes)
        );
    }
    if fast == Fast::Invalid {
        tally.fast_invalid += 1;
        assert_eq!(
            verdict,
            Ok(false),
            "{label}: fast path says invalid for {}, Value path disagrees:\n{}",
            def.bytes.name,
            String::from_utf8_lossy(bytes)
        );
    } else if verdict == Ok(false) {
        tally.invalid_unknown += 1;
        if !dups {
            tally
                .invalid_gaps
                .push(format!("{label} ({})", def.bytes.name));
        }
    }
    match &verdict {
        Ok(true) => {
            tally.valid += 1;
            if fast != Fast::Valid {
                let what = format!("{label} ({})", def.bytes.name);
                assert!(
                    dups,
                    "{what}: valid but not shown valid by the fast path:\n{}",
                    String::from_utf8_lossy(bytes)
                );
                tally.incomplete.push(what);
            }
        }
        Ok(false) => {}
        Err(_) => tally.input_errors += 1,
    }
    // The collecting read (the failing values alone, parsed and checked
    // at their paths) against the whole-message `Value` path, whenever it
    // answers: same violations, same order — on the message, and on the
    // same text as the `result` member of a response.
    if let Ok(v) = &value {
        let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if let Some(found) = def.collect(bytes, limits) {
            tally.collected += 1;
            tally.parsed_whole += usize::from(bytes::parses_whole(text, limits));
            assert_eq!(
                found,
                def.value.check(v),
                "{label}: collecting read differs for {}:\n{}",
                def.bytes.name,
                String::from_utf8_lossy(bytes)
            );
        }
        // The records themselves, at every size (`collect` parses small
        // values whole and does not read them).
        let records = bytes::records(def.value, text, limits);
        let spec = bytes::spec_of(def.value).expect("compiled in");
        if let Some(found) = records
            .as_ref()
            .and_then(|r| bytes::checked(spec, text, &mcpwire::Path::Root, r))
        {
            tally.records_checked += 1;
            tally.shells += usize::from(has_shell(records));
            assert_eq!(
                found,
                def.value.check(v),
                "{label}: records' violations differ for {}:\n{}",
                def.bytes.name,
                String::from_utf8_lossy(bytes)
            );
        }
        let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let mut wrapped = br#"{"jsonrpc":"2.0","id":1,"result": "#.to_vec();
        wrapped.extend_from_slice(body);
        wrapped.extend_from_slice(b"}");
        if let Some(found) = def.collect_member(&wrapped, "result", limits) {
            tally.collected_members += 1;
            if has_shell(bytes::member_records(def.value, &wrapped, "result", limits)) {
                tally.shells_members += 1;
            }
            let root = mcpwire::Path::Root;
            let mut expected = Vec::new();
            (def.value.check_at)(v, &root.key("result"), &mut expected);
            assert_eq!(
                found, expected,
                "{label}: collecting read of result differs for {}",
                def.bytes.name
            );
        }
    }
    let expected = value.map(|v| def.value.check(&v));
    assert_eq!(def.check(bytes, limits), expected, "{label}");
    let shallow = Limits {
        max_depth: 3,
        ..limits
    };
    assert_eq!(
        def.check(bytes, shallow),
        input::parse(bytes, shallow).map(|v| def.value.check(&v)),
        "{label} (depth limit 3)"
    );
    assert_eq!(
        def.is_valid(bytes, limits),
        verdict.clone(),
        "{label}: is_valid differs"
    );
}

/// Writes `v` as JSON with random spellings: escapes in strings,
/// whitespace, integral numbers as `1.0`/`1e0`, and (when `dups`) a repeated
/// member written before the real one, so serde_json's last-wins `Value`
/// still holds the real one.
fn write(v: &Value, rng: &mut Rng, dups: bool, out: &mut String) {
    let ws = |rng: &mut Rng, out: &mut String| {
        if rng.chance(1, 6) {
            out.push_str([" ", "\n", "\t", "\r\n  "][rng.below(4)]);
        }
    };
    match v {
        Value::Object(m) => {
            out.push('{');
            let mut first = true;
            for (k, x) in m {
                if !first {
                    out.push(',');
                }
                first = false;
                if dups && rng.chance(1, 8) {
                    ws(rng, out);
                    write_str(k, rng, out);
                    out.push(':');
                    write(&random_scalar(rng), rng, false, out);
                    out.push(',');
                }
                ws(rng, out);
                write_str(k, rng, out);
                ws(rng, out);
                out.push(':');
                ws(rng, out);
                write(x, rng, dups, out);
                ws(rng, out);
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ws(rng, out);
                write(x, rng, dups, out);
            }
            ws(rng, out);
            out.push(']');
        }
        Value::String(s) => write_str(s, rng, out),
        Value::Number(n) if n.is_u64() && rng.chance(1, 5) => {
            let spelled = match rng.below(3) {
                0 => format!("{n}.0"),
                1 => format!("{n}e0"),
                _ => format!("{n}0E-1"),
            };
            out.push_str(&spelled);
        }
        other => out.push_str(&other.to_string()),
    }
}

fn write_str(s: &str, rng: &mut Rng, out: &mut String) {
    if !rng.chance(1, 5) {
        out.push_str(&Value::from(s).to_string());
        return;
    }
    out.push('"');
    for c in s.chars() {
        if rng.chance(1, 3) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            let quoted = Value::from(c.to_string()).to_string();
            out.push_str(&quoted[1..quoted.len() - 1]);
        }
    }
    out.push('"');
}

fn random_scalar(rng: &mut Rng) -> Value {
    match rng.below(14) {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(false),
        3 => json!(0),
        4 => json!(-1),
        5 => json!(1.5),
        6 => json!(18446744073709551615u64),
        7 => json!(""),
        8 => json!("x"),
        9 => json!("test://a/b"),
        10 => json!("relative/path"),
        11 => json!([]),
        12 => json!({}),
        _ => json!("2.0"),
    }
}

/// One random change somewhere in `v`.
fn mutate(v: &mut Value, rng: &mut Rng) {
    // Walk down a random path, stopping with probability 1/3 at each level.
    let stop_here = rng.chance(1, 3);
    match v {
        Value::Object(m) if !m.is_empty() && !stop_here => {
            let i = rng.below(m.len());
            if let Some(child) = m.values_mut().nth(i) {
                return mutate(child, rng);
            }
        }
        Value::Array(a) if !a.is_empty() && !stop_here => {
            let i = rng.below(a.len());
            return mutate(&mut a[i], rng);
        }
        _ => {}
    }
    match v {
        Value::Object(m) => match rng.below(3) {
            0 if !m.is_empty() => {
                let k = m.keys().nth(rng.below(m.len())).cloned().unwrap();
                m.remove(&k);
            }
            1 => {
                m.insert(
                    ["type", "method", "x", "_meta", "id"][rng.below(5)].to_string(),
                    random_scalar(rng),
                );
            }
            _ => *v = random_scalar(rng),
        },
        Value::Array(a) => match rng.below(3) {
            0 if !a.is_empty() => {
                a.remove(rng.below(a.len()));
            }
            1 if !a.is_empty() => {
                let x = a[rng.below(a.len())].clone();
                a.push(x);
            }
            _ => a.push(random_scalar(rng)),
        },
        Value::String(s) => match rng.below(4) {
            0 => s.push('é'),
            1 => s.clear(),
            2 => *s = "file:///srv/a b".into(),
            _ => *v = random_scalar(rng),
        },
        Value::Number(n) => {
            let f = n.as_f64().unwrap_or(0.0);
            *v = match rng.below(5) {
                0 => json!(f + 1.0),
                1 => json!(-f),
                2 => json!(f * 1.5),
                3 => serde_json::from_str("18446744073709551616").unwrap(),
                _ => random_scalar(rng),
            };
        }
        _ => *v = random_scalar(rng),
    }
}

/// Cases per revision in [`mutation_corpus_agrees_in_every_revision`].
fn corpus_cases() -> usize {
    std::env::var("MCPWIRE_BYTES_CASES")
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(5_000)
}

/// Synthesized seeds per definition.
const SYNTH_SEEDS: u64 = 2;

/// One revision's corpus: seeds (examples, then synthesized instances of
/// every definition, valid or not — the `Value` path is the reference),
/// then mutants of them in turn.
fn mutation_corpus(version: Version, cases: usize) -> Tally {
    use support::{mutate::Mutator, prng, spec_files, synth::Synth};
    let seed = 0x6d75_7461_6e74_7321;
    let schema = spec_files::patched_schema(version);
    let defs_key = spec_files::defs_key(version);
    let names = spec_files::definition_names(version, &schema);
    let mutator = Mutator::new(&schema);
    let mut seeds = Vec::new();
    for example in spec_files::examples(version) {
        seeds.push((example.definition, example.value, Vec::new()));
    }
    for name in &names {
        for k in 0..SYNTH_SEEDS {
            let label = format!("bytes-corpus/{version}/{name}");
            let mut synth = Synth::new(&schema, prng::Rng::derive(seed, &label, k));
            let instance = synth.definition(defs_key, name);
            seeds.push((name.clone(), instance, synth.take_sites()));
        }
    }
    let mut tally = Tally::default();
    let mut spelling = Rng::new(seed ^ version as u64);
    for index in 0..cases.max(seeds.len()) {
        let mut rng = prng::Rng::derive(seed, version.as_str(), index as u64);
        let (definition, instance, sites) = &seeds[index % seeds.len()];
        let mut instance = instance.clone();
        let mut definition = definition.as_str();
        if index >= seeds.len() {
            let mut count = 1 + rng.below(3);
            if !sites.is_empty() && rng.chance(1, 2) {
                let site = rng.pick(sites);
                if mutator.targeted(&mut instance, site, &mut rng).is_some() {
                    count -= 1;
                }
            }
            mutator.mutate(&mut instance, &mut rng, count);
            if rng.chance(1, 10) {
                definition = rng.pick(&names).as_str();
            }
        }
        let def = Definition::find(version, definition)
            .unwrap_or_else(|| panic!("{version}: no bytes validator for {definition}"));
        let dups = index % 8 == 7;
        let text = match index % 4 {
            0 => serde_json::to_vec(&instance).unwrap(),
            1 => serde_json::to_vec_pretty(&instance).unwrap(),
            _ => {
                let mut out = String::new();
                write(&instance, &mut spelling, dups, &mut out);
                out.into_bytes()
            }
        };
        let label = format!("{version} corpus #{index} ({definition})");
        compare(&def, &text, &label, dups, &mut tally);
    }
    tally
}

#[test]
fn mutation_corpus_agrees_in_every_revision() {
    let cases = corpus_cases();
    for version in enabled() {
        let t = mutation_corpus(version, cases);
        let invalid = t.cases - t.valid - t.input_errors;
        eprintln!(
            "{version}: {} cases, {} valid ({} shown valid by the fast path), {invalid} invalid \
             ({} settled by the fast path, {} left to the Value path), {} input errors, \
             {} valid only on the Value path (repeated members); violations of {} cases \
             ({} as a result) from the collecting read, {} of them parsed whole (small), \
             {} from records, {} ({}) of them from a shell",
            t.cases,
            t.valid,
            t.fast_valid,
            t.fast_invalid,
            t.invalid_unknown,
            t.input_errors,
            t.incomplete.len(),
            t.collected,
            t.collected_members,
            t.parsed_whole,
            t.records_checked,
            t.shells,
            t.shells_members
        );
        assert!(t.cases >= cases, "{version}: {t:?}");
        // The shells are exercised (and compared above) in every revision.
        assert!(t.shells > 0 && t.shells_members > 0, "{version}: {t:?}");
        // Both ways of `collect` answer (small values parsed whole, larger
        // ones through their records), and records are compared beyond
        // what `collect` asks of them.
        assert!(
            t.parsed_whole > 0 && t.parsed_whole < t.collected,
            "{version}: {t:?}"
        );
        assert!(t.records_checked > 0, "{version}: {t:?}");
        assert!(
            t.valid > t.cases / 20 && invalid > t.cases / 5,
            "{version}: {t:?}"
        );
        // Repeated members are the only reason to leave an invalid case to
        // the `Value` path.
        assert!(
            t.invalid_gaps.is_empty(),
            "{version}: invalid, no repeated members, not settled: {:?}",
            t.invalid_gaps.iter().take(5).collect::<Vec<_>>()
        );
        assert!(t.fast_invalid * 2 > invalid, "{version}: {t:?}");
    }
}

fn enabled() -> Vec<Version> {
    Version::enabled().collect()
}

#[test]
fn examples_agree_in_every_revision() {
    let mut tally = Tally::default();
    for (name, label, bytes) in examples() {
        for &v in &enabled() {
            if let Some(def) = Definition::find(v, &name) {
                compare(&def, &bytes, &format!("{v} {label}"), false, &mut tally);
            }
        }
    }
    eprintln!("examples: {tally:?}");
    if enabled().contains(&Version::V2026_07_28) {
        assert!(tally.valid > 200, "{tally:?}");
    }
    assert_eq!(tally.valid, tally.fast_valid);
}

#[test]
fn mutations_agree() {
    let mut rng = Rng::new(0x6279_7465_7321);
    let mut tally = Tally::default();
    let examples = examples();
    for &v in &enabled() {
        let names: Vec<&str> = v
            .spec()
            .unwrap()
            .definitions
            .iter()
            .map(|d| d.name)
            .collect();
        for (name, label, bytes) in &examples {
            let Some(def) = Definition::find(v, name) else {
                continue;
            };
            let original: Value = serde_json::from_slice(bytes).unwrap();
            for round in 0..24 {
                let mut value = original.clone();
                for _ in 0..(round % 3) {
                    mutate(&mut value, &mut rng);
                }
                let dups = round % 4 == 3;
                let mut text = String::new();
                write(&value, &mut rng, dups, &mut text);
                let label = format!("{v} {label} #{round}");
                compare(&def, text.as_bytes(), &label, dups, &mut tally);
                // And against some other definition of the revision.
                let other = names[rng.below(names.len())];
                if let Some(other) = Definition::find(v, other) {
                    compare(&other, text.as_bytes(), &label, dups, &mut tally);
                }
            }
        }
    }
    eprintln!("mutations: cases {}, valid {}, fast valid {}, input errors {}, incomplete (repeated members) {}",
        tally.cases, tally.valid, tally.fast_valid, tally.input_errors, tally.incomplete.len());
    if !examples.is_empty() {
        assert!(
            tally.valid > 100 && tally.cases - tally.valid > 100,
            "{tally:?}"
        );
    }
}

/// `bytes` with `insert` placed after its first `"ab`.
fn splice(bytes: &[u8], insert: &[u8]) -> Vec<u8> {
    let at = bytes.windows(3).position(|w| w == b"\"ab").unwrap() + 3;
    [&bytes[..at], insert, &bytes[at..]].concat()
}

/// A valid message with `inner` as the value of `_meta.x`.
fn ping_with(inner: &str) -> Vec<u8> {
    format!(r#"{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"_meta":{{"x":{inner}}}}}}}"#)
        .into_bytes()
}

/// The bad-input suite: deep nesting, huge strings, big numbers, invalid
/// UTF-8, lone surrogates, repeated and escaped member names, BOM,
/// trailing bytes, each inside a `ping` request.
fn bad_inputs() -> Vec<(String, Vec<u8>)> {
    vec![
        ("plain".into(), ping_with("1")),
        (
            "deep 300".into(),
            ping_with(&("[".repeat(300) + &"]".repeat(300))),
        ),
        (
            "deep 509".into(),
            ping_with(&("[".repeat(509) + &"]".repeat(509))),
        ),
        (
            "deep 510".into(),
            ping_with(&("[".repeat(510) + &"]".repeat(510))),
        ),
        (
            "deep 5000".into(),
            ping_with(&("[".repeat(5000) + &"]".repeat(5000))),
        ),
        ("deep unclosed".into(), ping_with(&"{\"a\":".repeat(3000))),
        (
            "huge string".into(),
            ping_with(&format!("\"{}\"", "a".repeat(8 << 20))),
        ),
        (
            "huge escaped".into(),
            ping_with(&format!("\"{}\"", "\\n\\u00e9".repeat(1 << 18))),
        ),
        ("big int".into(), ping_with(&"9".repeat(400))),
        ("big int 300".into(), ping_with(&"9".repeat(300))),
        ("1e400".into(), ping_with("1e400")),
        ("-1e400".into(), ping_with("-1e400")),
        ("1e-400".into(), ping_with("1e-400")),
        ("u64 max+1".into(), ping_with("18446744073709551616")),
        ("-0".into(), ping_with("-0")),
        ("lone leading".into(), ping_with(r#""\ud800""#)),
        ("lone trailing".into(), ping_with(r#""\udc00x""#)),
        ("bad pair".into(), ping_with(r#""\ud800\u0041""#)),
        ("bad escape".into(), ping_with(r#""\q""#)),
        ("short escape".into(), ping_with(r#""\u12"""#)),
        ("control".into(), ping_with("\"a\u{7}b\"")),
        ("raw newline".into(), ping_with("\"a\nb\"")),
        (
            "not utf8".into(),
            ping_with("\"\u{e9}\"")
                .iter()
                .map(|&b| if b == 0xC3 { 0xFF } else { b })
                .collect(),
        ),
        ("truncated utf8".into(), {
            let mut b = ping_with("\"\u{e9}\"");
            let at = b.iter().position(|&c| c == 0xA9).unwrap();
            b.remove(at);
            b
        }),
        ("overlong".into(), splice(&ping_with("\"ab\""), b"\xC0\xAF")),
        (
            "utf8 surrogate".into(),
            splice(&ping_with("\"ab\""), b"\xED\xA0\x80"),
        ),
        (
            "above max".into(),
            splice(&ping_with("\"ab\""), b"\xF4\x90\x80\x80"),
        ),
        (
            "stray continuation".into(),
            splice(&ping_with("\"ab\""), b"\x80"),
        ),
        (
            "four-byte ok".into(),
            splice(&ping_with("\"ab\""), "😀é日".as_bytes()),
        ),
        (
            "utf8 in key".into(),
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"\xC3\":1}".to_vec(),
        ),
        ("utf8 outside strings".into(), ping_with("\u{e9}")),
        (
            "bom".into(),
            [b"\xEF\xBB\xBF".as_slice(), &ping_with("1")].concat(),
        ),
        (
            "double bom".into(),
            [b"\xEF\xBB\xBF\xEF\xBB\xBF".as_slice(), &ping_with("1")].concat(),
        ),
        ("trailing comma".into(), ping_with("[1,]")),
        (
            "trailing bytes".into(),
            [ping_with("1"), b" x".to_vec()].concat(),
        ),
        (
            "two values".into(),
            [ping_with("1"), ping_with("1")].concat(),
        ),
        (
            "whitespace tail".into(),
            [ping_with("1"), b" \n\t\r".to_vec()].concat(),
        ),
        (
            "form feed".into(),
            [ping_with("1"), b"\x0c".to_vec()].concat(),
        ),
        ("empty".into(), Vec::new()),
        ("nul".into(), b"\0".to_vec()),
        (
            "dup method".into(),
            br#"{"jsonrpc":"2.0","id":1,"method":"x","method":"ping"}"#.to_vec(),
        ),
        (
            "dup method bad last".into(),
            br#"{"jsonrpc":"2.0","id":1,"method":"ping","method":7}"#.to_vec(),
        ),
        (
            "dup id bad first".into(),
            br#"{"jsonrpc":"2.0","id":true,"method":"ping","id":1}"#.to_vec(),
        ),
        (
            "dup id bad last".into(),
            br#"{"jsonrpc":"2.0","id":1,"method":"ping","id":true}"#.to_vec(),
        ),
        (
            "dup nested".into(),
            ping_with(r#"{"a":1,"a":{"b":[1,{"c":2,"c":3}]}}"#),
        ),
        (
            "escaped key".into(),
            br#"{"jsonrpc":"2.0","\u0069d":1,"method":"p\u0069ng"}"#.to_vec(),
        ),
        (
            "id 1.0".into(),
            br#"{"jsonrpc":"2.0","id":1.0,"method":"ping"}"#.to_vec(),
        ),
        (
            "id 1.5".into(),
            br#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#.to_vec(),
        ),
        (
            "id 6e4".into(),
            br#"{"jsonrpc":"2.0","id":6e4,"method":"ping"}"#.to_vec(),
        ),
        (
            "id huge".into(),
            br#"{"jsonrpc":"2.0","id":184467440737095516160,"method":"ping"}"#.to_vec(),
        ),
    ]
}

#[test]
fn bad_input_gives_the_same_findings() {
    let cases = bad_inputs();
    let limits = Limits::default();
    let small = Limits {
        max_bytes: 16,
        ..limits
    };
    let mut compared = 0;
    for &v in &enabled() {
        for name in ["JSONRPCRequest", "PingRequest", "JSONRPCMessage"] {
            let Some(def) = Definition::find(v, name) else {
                continue;
            };
            for (label, bytes) in &cases {
                let expected = input::parse(bytes, limits).map(|x| def.value.check(&x));
                let got = def.check(bytes, limits);
                assert_eq!(got, expected, "{v} {name} {label}");
                if expected.is_err() {
                    assert_eq!(def.fast(bytes, limits), Fast::Unknown, "{v} {name} {label}");
                }
                assert_eq!(
                    def.check(bytes, small),
                    input::parse(bytes, small).map(|x| def.value.check(&x)),
                    "{v} {name} {label} (small limit)"
                );
                // Depth limits around the nesting of the failing values
                // (the collecting read skips them laxly and checks the depth).
                for depth in [1, 2, 3, 4, 6] {
                    let shallow = Limits {
                        max_depth: depth,
                        ..limits
                    };
                    assert_eq!(
                        def.check(bytes, shallow),
                        input::parse(bytes, shallow).map(|x| def.value.check(&x)),
                        "{v} {name} {label} (depth limit {depth})"
                    );
                }
                compared += 1;
            }
        }
        // Valid input stays on the fast path, deep or not.
        if let Some(def) = Definition::find(v, "JSONRPCRequest") {
            for label in [
                "four-byte ok",
                "plain",
                "deep 300",
                "huge string",
                "huge escaped",
                "big int 300",
                "bom",
                "-0",
                "1e-400",
                "whitespace tail",
                "u64 max+1",
            ] {
                let (_, bytes) = cases.iter().find(|(l, _)| l == label).unwrap();
                assert_eq!(def.fast(bytes, limits), Fast::Valid, "{v} {label}");
            }
        }
    }
    assert!(compared > 0 || enabled().is_empty());
}

/// `Session::judge` (fast path) against `Session::judge` on the
/// parsed message (or the input error): the same reports, message by
/// message, over every example and mutations of it, in both modes.
#[test]
fn session_reports_agree() {
    use mcpwire::{Direction, Mode, Options, Session};
    let mut rng = Rng::new(0x0073_6573_7369_6f6e);
    let examples = examples();
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for (_, _, bytes) in &examples {
        inputs.push(bytes.clone());
        let original: Value = serde_json::from_slice(bytes).unwrap();
        for round in 0..6 {
            let mut value = original.clone();
            for _ in 0..(round % 3) {
                mutate(&mut value, &mut rng);
            }
            let mut text = String::new();
            write(&value, &mut rng, round == 5, &mut text);
            inputs.push(text.into_bytes());
        }
    }
    inputs.push(b"[{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}]".to_vec());
    inputs.push(b"{\"jsonrpc\":\"2.0\",\"id\":\"\\ud800\",\"result\":{}}".to_vec());
    inputs
        .push(b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":null,\"result\":{}}".to_vec());
    inputs.push(
        b"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"x\"}}".to_vec(),
    );
    inputs.push(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1.0,\"message\":7}}".to_vec());
    inputs.push(
        b"{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"resultType\":\"input_required\"}}".to_vec(),
    );
    inputs.push(b"\"just a string\"".to_vec());
    // The bad-input suite, and the same inside a result and an error.
    for (_, bytes) in bad_inputs() {
        let inner = String::from_utf8_lossy(&bytes).into_owned();
        inputs.push(bytes);
        inputs.push(
            format!(r#"{{"jsonrpc":"2.0","id":1,"result":{{"content":[],"x":{inner}}}}}"#)
                .into_bytes(),
        );
    }
    inputs.push(br#"{"jsonrpc":"2.0","id":1,"result":{"content":[]},"result":7}"#.to_vec());
    inputs.push(br#"{"jsonrpc":"2.0","id":1,"result":7,"result":{"content":[]}}"#.to_vec());
    inputs.push(
        br#"{"jsonrpc":"2.0","id":3,"error":{"code":"x","message":"m"},"error":{"code":1,"message":"m"}}"#
            .to_vec(),
    );
    inputs.push(b"{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"id\":9,\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}".to_vec());
    inputs.push(b"{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}".to_vec());
    let modes = std::iter::once(Mode::Auto)
        .chain(enabled().into_iter().map(Mode::Fixed))
        .collect::<Vec<_>>();
    let mut fast_reports = 0;
    for mode in modes {
        let options = Options::default();
        let mut fast = Session::with_options(mode, options);
        let mut slow = Session::with_options(mode, options);
        for (i, bytes) in inputs.iter().enumerate() {
            let direction = if rng.chance(1, 2) {
                Direction::ClientToServer
            } else {
                Direction::ServerToClient
            };
            let got = fast.judge(direction, bytes).reports;
            let expected = match input::parse(bytes, options.limits) {
                Ok(v) => slow.judge(direction, &v).reports,
                // The Value path's unreadable report, from a session in the
                // same state.
                Err(_) => slow.judge(direction, bytes).reports,
            };
            let got_json = serde_json::to_string_pretty(&got).unwrap();
            let expected_json = serde_json::to_string_pretty(&expected).unwrap();
            assert_eq!(
                got_json,
                expected_json,
                "{mode:?} input #{i}:\n{}",
                String::from_utf8_lossy(bytes)
            );
            fast_reports += got.len();
        }
        assert_eq!(
            format!("{:?}", fast.unanswered().len()),
            format!("{:?}", slow.unanswered().len())
        );
    }
    assert!(fast_reports > inputs.len());
}

/// The project's transcripts (`examples/session-*.jsonl`, records
/// `{"dir", "msg"}`): each message re-serialized to bytes, judged by a
/// session from bytes and by one from the parsed `Value`, in auto mode;
/// the reports are equal and the fast path takes every valid message.
#[test]
fn transcripts_agree() {
    use mcpwire::{Direction, Session};
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    let mut messages = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let (mut fast, mut slow) = (Session::auto(), Session::auto());
        for (i, line) in text.lines().enumerate() {
            let Ok(record) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            let (Some(dir), Some(msg)) =
                (record.get("dir").and_then(Value::as_str), record.get("msg"))
            else {
                continue;
            };
            let direction = if dir == "c2s" {
                Direction::ClientToServer
            } else {
                Direction::ServerToClient
            };
            let bytes = serde_json::to_vec(msg).unwrap();
            let got = fast.judge(direction, &bytes).reports;
            let expected = slow.judge(direction, msg).reports;
            assert_eq!(
                serde_json::to_string(&got).unwrap(),
                serde_json::to_string(&expected).unwrap(),
                "{}:{}",
                file.display(),
                i + 1
            );
            messages += 1;
        }
    }
    if enabled().len() == Version::ALL.len() {
        assert!(messages >= 30, "{messages} transcript messages");
    }
}

/// The message head (`mcpwire::head`) read from bytes equals the one built
/// from the parsed `Value`, on the examples, their mutants (repeated
/// members included) and the bad-input suite; and the head the
/// transcript reader reads inside its record pass (a record's `msg`, a
/// bare message) equals the one read from the message alone.
#[test]
fn heads_agree() {
    use mcpwire::scan::MessageHead;
    use mcpwire::transcript::{Item, Reader};
    let mut rng = Rng::new(0x6865_6164_7321);
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for (_, _, bytes) in examples() {
        let original: Value = serde_json::from_slice(&bytes).unwrap();
        inputs.push(bytes);
        for round in 0..8 {
            let mut value = original.clone();
            for _ in 0..(round % 3) {
                mutate(&mut value, &mut rng);
            }
            let mut text = String::new();
            write(&value, &mut rng, round >= 5, &mut text);
            inputs.push(text.into_bytes());
        }
    }
    inputs.extend(bad_inputs().into_iter().map(|(_, b)| b));
    inputs.push(
        br#"{"id":1,"params":{"_meta":{"progressToken":"t"},"_meta":7},"method":"x"}"#.to_vec(),
    );
    inputs.push(
        br#"{"id":1,"error":{"code":-1},"error":null,"result":{"capabilities":[1]}}"#.to_vec(),
    );
    let limits = Limits::default();
    let mut scanned = 0;
    for (i, bytes) in inputs.iter().enumerate() {
        let label = format!("input #{i}: {}", String::from_utf8_lossy(bytes));
        let Some(head) = MessageHead::scan(bytes, limits.max_depth) else {
            continue;
        };
        let value = input::parse(bytes, limits).unwrap_or_else(|e| panic!("{label}: {e}"));
        assert_eq!(
            head.with_values(Some(bytes)),
            MessageHead::of_value(&value),
            "{label}"
        );
        scanned += 1;
        if bytes.contains(&b'\n') {
            continue;
        }
        let record = [br#"{"dir":"c2s","msg":"#.as_slice(), bytes, b"}\n"].concat();
        for line in [record.as_slice(), &[bytes.as_slice(), b"\n"].concat()] {
            let entries: Vec<_> = Reader::new(line, limits).collect();
            let Ok(entry) = entries.into_iter().next().unwrap() else {
                panic!("{label}")
            };
            if let Item::Message(m) = entry.item {
                if let (raw, Some(h)) = (&m.text, &m.head) {
                    assert_eq!(
                        h.with_values(Some(raw)),
                        MessageHead::of_value(&value),
                        "{label} (transcript)"
                    );
                }
            }
        }
    }
    assert!(scanned > inputs.len() / 2, "{scanned} of {}", inputs.len());
}

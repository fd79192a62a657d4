//! Writes the parity cases of the npm package (`npm/test/parity.test.mjs`):
//! inputs and the Rust library's answers, to files the Node test reads.
//! Ignored in `cargo test` (it only writes files); `.ci/checks/40-wasm.sh`
//! runs it with `--ignored` before the Node tests.
//!
//! **Cases.** Per enabled revision, the first `MCPWIRE_PARITY_CASES`
//! (default 5,000) cases of the differential corpus of
//! `tests/differential.rs` — the same seeds (spec examples and synthesized
//! instances the `jsonschema` oracle accepts), the same seed value and the
//! same mutation stream (its `make_case`, repeated here since integration
//! test files cannot share code outside `tests/support/`). For each case
//! the file holds the text, the violations of
//! `mcpwire::bytes::Definition::check` (what the package's `validate`
//! calls) and the reports of a fresh fixed-revision `Session::judge`
//! (server to client), so both APIs are compared on every case. Then every
//! transcript in `examples/`, observed record by record in auto mode and at
//! each enabled revision, with `unanswered()` at the end.
//!
//! **Text, and what a JS value can hold.** The text is written with object
//! members sorted, as the library holds them in the wasm build and in this
//! test binary (serde_json without `preserve_order`, as shipped): the order
//! of an object's violations follows its member order, so sorted text
//! keeps the two sides one. The
//! package judges a JS value as `JSON.stringify(value)`, which is not
//! always the text it was parsed from: integers beyond 2^53 round, `1.0`
//! prints as `1`, integer-like member names move first. So each case also
//! carries `js`: what `JSON.stringify(JSON.parse(text))` gives (emulated
//! here; the Node test asserts the emulation) and, when that differs from
//! the text, the Rust answers for it.
//!
//! Output: `$CARGO_TARGET_TMPDIR/wasm-parity/<revision>.jsonl` (one case a
//! line) and `transcripts.jsonl`; `MCPWIRE_PARITY_DIR` overrides the
//! directory.

mod support;

use std::{
    fs,
    io::{BufWriter, Write},
    path::PathBuf,
};

use mcpwire::{bytes, input::Limits, Direction, Mode, Options, Origin, Session, Version};
use serde_json::{json, Map, Value};
use support::{
    mutate::Mutator,
    oracle::Oracle,
    prng::Rng,
    spec_files,
    synth::{Site, Synth},
};

/// Cases per revision.
const DEFAULT_CASES: usize = 5_000;
/// `tests/differential.rs`'s default seed: the same corpus.
const DEFAULT_SEED: u64 = 0x6d63_7077_6972_6521;
/// Synthesis attempts per definition, as in `tests/differential.rs`.
const SYNTH_PER_DEFINITION: u64 = 4;

fn out_dir() -> PathBuf {
    std::env::var_os("MCPWIRE_PARITY_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("wasm-parity"))
}

fn cases() -> usize {
    std::env::var("MCPWIRE_PARITY_CASES")
        .ok()
        .map(|s| s.trim().parse().expect("MCPWIRE_PARITY_CASES: a number"))
        .unwrap_or(DEFAULT_CASES)
}

struct Seed {
    definition: String,
    instance: Value,
    sites: Vec<Site>,
}

/// `tests/differential.rs`'s `Revision::seeds`: examples, then synthesized
/// instances, each kept only when the oracle accepts it.
fn seeds(version: Version, schema: &Value, names: &[String], seed: u64) -> Vec<Seed> {
    let oracle = Oracle::new(version, schema);
    let defs_key = spec_files::defs_key(version);
    let mut out = Vec::new();
    for example in spec_files::examples(version) {
        if oracle.validator(&example.definition).is_none()
            || !oracle.is_valid(&example.definition, &example.value)
        {
            continue;
        }
        out.push(Seed {
            definition: example.definition,
            instance: example.value,
            sites: Vec::new(),
        });
    }
    for name in names {
        for k in 0..SYNTH_PER_DEFINITION {
            let label = format!("synth/{version}/{name}");
            let mut synth = Synth::new(schema, Rng::derive(seed, &label, k));
            let instance = synth.definition(defs_key, name);
            if !oracle.is_valid(name, &instance) {
                continue;
            }
            out.push(Seed {
                definition: name.clone(),
                instance,
                sites: synth.take_sites(),
            });
        }
    }
    out
}

/// `tests/differential.rs`'s `make_case`: the seeds first, then mutants.
fn make_case(
    version: Version,
    names: &[String],
    seeds: &[Seed],
    mutator: &Mutator,
    seed: u64,
    index: usize,
) -> (String, Value) {
    if let Some(s) = seeds.get(index) {
        return (s.definition.clone(), s.instance.clone());
    }
    let mut rng = Rng::derive(seed, version.as_str(), index as u64);
    let s = &seeds[index % seeds.len()];
    let mut instance = s.instance.clone();
    let mut count = 1 + rng.below(3);
    if !s.sites.is_empty() && rng.chance(1, 2) {
        let site = rng.pick(&s.sites);
        if mutator.targeted(&mut instance, site, &mut rng).is_some() {
            count -= 1;
        }
    }
    mutator.mutate(&mut instance, &mut rng, count);
    let definition = match rng.chance(1, 10) {
        true => rng.pick(names).clone(),
        false => s.definition.clone(),
    };
    (definition, instance)
}

/// `value` with every object's members sorted (the wasm build's order).
fn sorted(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.clone(), sorted(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
        other => other.clone(),
    }
}

/// The text `JSON.stringify(JSON.parse(text))` gives in JavaScript for
/// the value `text` holds.
fn js_text(value: &Value) -> String {
    let mut out = String::new();
    write_js(value, &mut out);
    out
}

fn write_js(value: &Value, out: &mut String) {
    match value {
        Value::Number(n) => out.push_str(&js_number(n.as_f64().expect("JSON numbers are finite"))),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_js(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            // ECMAScript OrdinaryOwnPropertyKeys: array indices (canonical
            // integers below 2^32 - 1) ascending, then the other names in
            // insertion order. JSON.parse keeps the first position and the
            // last value of a repeated name, as serde_json's map does.
            let index = |k: &str| -> Option<u32> {
                let n: u32 = k.parse().ok()?;
                (n.to_string() == k && n != u32::MAX).then_some(n)
            };
            let mut keys: Vec<(Option<u32>, usize, &String)> = map
                .keys()
                .enumerate()
                .map(|(i, k)| (index(k), i, k))
                .collect();
            keys.sort_by_key(|(n, i, _)| match n {
                Some(n) => (0, u64::from(*n), 0),
                None => (1, 0, *i),
            });
            out.push('{');
            for (i, (_, _, k)) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(k).expect("strings serialize"));
                out.push(':');
                write_js(&map[k.as_str()], out);
            }
            out.push('}');
        }
        // serde_json escapes strings as JSON.stringify does (", \, \b \f \n
        // \r \t, other controls as \u00xx lowercase; nothing else).
        other => out.push_str(&serde_json::to_string(other).expect("values serialize")),
    }
}

/// ECMAScript `Number::toString(x)` (radix 10).
fn js_number(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    // Rust's `{:e}` prints the shortest digits that round-trip, as JS does.
    let exp_form = format!("{:e}", x.abs());
    let (mantissa, exponent) = exp_form.split_once('e').expect("{:e} has an exponent");
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let k = digits.len() as i32;
    let n = exponent.parse::<i32>().expect("an integer exponent") + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        format!("{}.{}", &digits[..n as usize], &digits[n as usize..])
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let e = n - 1;
        let e = if e >= 0 {
            format!("+{e}")
        } else {
            e.to_string()
        };
        match k {
            1 => format!("{digits}e{e}"),
            _ => format!("{}.{}e{e}", &digits[..1], &digits[1..]),
        }
    };
    format!("{sign}{body}")
}

/// What the Rust library answers for one text.
fn answers(version: Version, definition: &str, text: &str) -> Value {
    let def = bytes::Definition::find(version, definition).expect("a definition of the revision");
    let violations = match def.check(text.as_bytes(), Limits::default()) {
        Ok(v) => serde_json::to_value(v).expect("violations serialize"),
        Err(e) => json!({ "input_error": e.to_string() }),
    };
    let mut session = Session::new(version);
    let reports = session
        .judge(Direction::ServerToClient, text.as_bytes())
        .reports;
    json!({ "violations": violations, "reports": reports })
}

fn write_revision(version: Version, dir: &std::path::Path) -> (usize, usize) {
    let schema = spec_files::patched_schema(version);
    let names = spec_files::definition_names(version, &schema);
    let seed = DEFAULT_SEED;
    let seeds = seeds(version, &schema, &names, seed);
    assert!(!seeds.is_empty(), "{version}: no seeds");
    let mutator = Mutator::new(&schema);
    let path = dir.join(format!("{version}.jsonl"));
    let mut out = BufWriter::new(fs::File::create(&path).expect("create the case file"));
    let total = cases();
    let mut respelled = 0;
    for index in 0..total {
        let (definition, instance) = make_case(version, &names, &seeds, &mutator, seed, index);
        let instance = sorted(&instance);
        let text = instance.to_string();
        // What JS makes of the value JSON.parse(text) gives.
        let js = js_text(&instance);
        let mut case = json!({
            "index": index,
            "definition": definition,
            "text": text,
            "rust": answers(version, &definition, &text),
            "js": { "text": js },
        });
        let js_value: Value = serde_json::from_str(&js).expect("emulated JSON.stringify is JSON");
        let js_sorted = sorted(&js_value).to_string();
        if js_sorted != text {
            respelled += 1;
            case["js"]["rust"] = answers(version, &definition, &js_sorted);
        }
        serde_json::to_writer(&mut out, &case).expect("write a case");
        out.write_all(b"\n").expect("write a case");
    }
    out.flush().expect("flush the case file");
    (total, respelled)
}

/// One record of a transcript: direction, origin and the message.
fn records(path: &std::path::Path) -> Vec<(Direction, Origin, Value)> {
    let text = fs::read_to_string(path).expect("read an example transcript");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let record: Value = serde_json::from_str(line).expect("a JSON record");
            let direction = serde_json::from_value(record["dir"].clone()).expect("dir");
            let origin = match record.get("origin") {
                Some(o) => serde_json::from_value(o.clone()).expect("origin"),
                None => Origin::Implementation,
            };
            (direction, origin, record["msg"].clone())
        })
        .collect()
}

fn write_transcripts(dir: &std::path::Path) -> usize {
    let examples = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<PathBuf> = fs::read_dir(&examples)
        .expect("examples/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = BufWriter::new(fs::File::create(dir.join("transcripts.jsonl")).expect("create"));
    let modes: Vec<(String, Mode)> = std::iter::once(("auto".to_string(), Mode::Auto))
        .chain(Version::enabled().map(|v| (v.to_string(), Mode::Fixed(v))))
        .collect();
    let mut n = 0;
    for file in &files {
        let records = records(file);
        for (name, mode) in &modes {
            let mut session = Session::with_options(*mode, Options::default());
            let mut out_records = Vec::new();
            for (direction, origin, msg) in &records {
                let text = sorted(msg).to_string();
                assert_eq!(
                    serde_json::from_str::<Value>(&js_text(msg))
                        .map(|v| sorted(&v).to_string())
                        .ok(),
                    Some(text.clone()),
                    "{}: a record JSON.stringify would respell",
                    file.display()
                );
                let reports = session
                    .judge(mcpwire::Source::new(*direction, *origin), text.as_bytes())
                    .reports;
                out_records.push(json!({
                    "dir": direction, "origin": origin, "text": text, "reports": reports,
                }));
            }
            let line = json!({
                "file": file.file_name().map(|f| f.to_string_lossy().into_owned()),
                "revision": name,
                "records": out_records,
                "unanswered": session.unanswered(),
            });
            serde_json::to_writer(&mut out, &line).expect("write");
            out.write_all(b"\n").expect("write");
            n += 1;
        }
    }
    out.flush().expect("flush");
    assert!(n > 0, "no transcripts in examples/");
    n
}

#[test]
#[ignore = "writes the npm package's parity cases; run by .ci/checks/40-wasm.sh"]
fn write_parity_cases() {
    let dir = out_dir();
    fs::create_dir_all(&dir).expect("create the parity directory");
    for version in Version::enabled() {
        let (total, respelled) = write_revision(version, &dir);
        println!("wasm parity {version}: {total} cases ({respelled} that JSON.stringify respells)");
    }
    let n = write_transcripts(&dir);
    println!(
        "wasm parity: {n} transcript runs; files in {}",
        dir.display()
    );
}

#[test]
fn js_number_prints_as_ecmascript_does() {
    for (x, js) in [
        (1.0, "1"),
        (-0.0, "0"),
        (1.5, "1.5"),
        (60000.0, "60000"),
        (1e21, "1e+21"),
        (123456789012345680000.0, "123456789012345680000"),
        (18446744073709551616.0, "18446744073709552000"),
        (0.000001, "0.000001"),
        (0.0000001, "1e-7"),
        (1.25e-7, "1.25e-7"),
        (-2.5e30, "-2.5e+30"),
        (0.1, "0.1"),
    ] {
        assert_eq!(js_number(x), js, "{x:e}");
    }
}

#[test]
fn js_text_orders_index_names_first() {
    // Inserted in sorted order too, so the expectation holds with and
    // without serde_json's `preserve_order`.
    let mut map = Map::new();
    map.insert("01".into(), json!(4));
    map.insert("10".into(), json!(2));
    map.insert("2".into(), json!(3.0));
    map.insert("4294967295".into(), json!(5));
    map.insert("b".into(), json!(1));
    assert_eq!(
        js_text(&Value::Object(map)),
        r#"{"2":3,"10":2,"01":4,"4294967295":5,"b":1}"#
    );
}

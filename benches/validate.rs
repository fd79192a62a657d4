//! Validation and session throughput: mcpwire's generated validators against
//! the `jsonschema` crate (run-time compiled and compile-time generated),
//! and `mcpwire::Session` against plain JSON parsing.
//!
//! Run: `cargo bench --bench validate` (quick: append
//! `-- --warm-up-time 1 --measurement-time 3`). Results and method notes:
//! `docs/benchmarks.md`.
//!
//! # Method
//!
//! 1. **Corpus** ([`corpus`]): realistic MCP messages for revisions
//!    2025-11-25 and 2026-07-28, generated in code from a fixed seed (same
//!    bytes every run), in classes: handshake, a 200-tool `tools/list`
//!    result, a 500-block `tools/call` result with `structuredContent`, a
//!    `resources/read` result with a 100 KiB base64 blob, progress
//!    notifications, error responses, and invalid mutants of these. Each
//!    message carries the definitions that judge it (for 2025-11-25
//!    results: `JSONRPCResultResponse` on the message and the result
//!    definition on `/result`, as `Session` does).
//! 2. **Setup check** (before any timing): every valid message must pass
//!    and every mutant must fail under every engine and both forms
//!    (`is_valid` and error collection), and the two forms must agree;
//!    otherwise the bench panics listing each disagreement.
//! 3. **Per class and for the whole corpus**, one criterion group each with
//!    [`criterion::Throughput::Bytes`]:
//!    - `parse`: `serde_json::from_slice::<Value>` of the message bytes;
//!    - `mcpwire_is_valid` / `mcpwire_check`: the generated functions on the
//!      already-parsed value (`DefinitionFns::is_valid`, `check`);
//!    - `jsonschema_is_valid` / `jsonschema_iter_errors` (collected): a
//!      `jsonschema` 0.61 validator per definition, compiled at setup from
//!      `{"$ref": "#/$defs/<Def>", "$defs": …}`, formats asserted;
//!    - `macros_is_valid` / `macros_iter_errors`: `#[jsonschema::validator]`
//!      structs (jsonschema-macros 0.60.2, see [`engines::generated`]).
//!
//!    Every message's checks run in each iteration; handles are resolved at
//!    setup, so loops do no lookups.
//! 4. **Session**: a transcript of ~3,800 messages (both
//!    directions; requests, results, notifications, errors) through a fresh
//!    `Session::judge` per iteration, next to `serde_json` parsing
//!    and `mcpwire::input::parse` (the session's own reader: UTF-8, depth
//!    limit, parse) of the same bytes. Setup asserts the session finds no
//!    violation and no warning in it.
//! 5. **Ratios** ([`ratios`]): after the groups, each benchmark's mean is
//!    read back from criterion's `estimates.json` and printed as Markdown
//!    tables (ns per message, MiB/s, ratios, targets).
//!
//! # Profiling one engine
//!
//! `MCPWIRE_PROFILE=<revision>_<class>/<function>[,…]` (group and function
//! ids as criterion names them, e.g.
//! `2025-11-25_tools_list_result/mcpwire_check`; the class may be `corpus`)
//! skips criterion: after the setup check it runs each listed function over
//! its class's messages `MCPWIRE_PROFILE_ITERS` times (default 100) inside
//! one call of [`profile_loop`], prints the time per iteration and exits.
//! Under callgrind, collect only those loops, one dump each, to count the
//! instructions of validation alone:
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profile_loop*' --dump-after='*profile_loop*' <bench binary>`
//! (`callgrind.out.<pid>.<n>` holds the `n`-th target's count).

mod corpus;
mod engines;
mod ratios;

use std::{hint::black_box, time::SystemTime};

use criterion::{BenchmarkGroup, Criterion, Throughput};
use jsonschema::Validator;
use mcpwire::{input, spec::DefinitionFns, Session, Version};
use serde_json::Value;

use corpus::{Corpus, Entry};
use engines::generated::{self, Generated};

/// Tool calls in the session transcript.
const TRANSCRIPT_CALLS: u64 = 1000;

/// One definition check of one message, with every engine's handle.
struct Handle<'a> {
    definition: &'static str,
    target: &'a Value,
    mcpwire: Option<&'static DefinitionFns>,
    runtime: &'a Validator,
    generated: Generated,
}

/// A corpus message ready to time.
struct Prepared<'a> {
    entry: &'a Entry,
    handles: Vec<Handle<'a>>,
}

fn definitions(corpus: &Corpus) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = corpus
        .entries
        .iter()
        .flat_map(|e| e.msg.checks.iter().map(|c| c.definition))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

fn prepare<'a>(corpus: &'a Corpus, runtime: &'a engines::Runtime) -> Vec<Prepared<'a>> {
    let v = corpus.version;
    corpus
        .entries
        .iter()
        .map(|entry| Prepared {
            entry,
            handles: entry
                .targets()
                .map(|(check, target)| Handle {
                    definition: check.definition,
                    target,
                    mcpwire: engines::mcpwire(v, check.definition),
                    runtime: runtime.get(check.definition),
                    generated: generated::lookup(v, check.definition).unwrap_or_else(|| {
                        panic!(
                            "no #[validator] for {v} {}: add it to benches/engines/generated.rs",
                            check.definition
                        )
                    }),
                })
                .collect(),
        })
        .collect()
}

/// Every engine's verdict on one message: (engine/form, passes all checks,
/// first errors).
fn verdicts(p: &Prepared<'_>) -> Vec<(&'static str, bool, Vec<String>)> {
    let mut out = Vec::new();
    let mut add = |name, results: Vec<(bool, Vec<String>)>| {
        let ok = results.iter().all(|(ok, _)| *ok);
        let errors = results.into_iter().flat_map(|(_, e)| e).take(3).collect();
        out.push((name, ok, errors));
    };
    let hs = &p.handles;
    if hs.iter().all(|h| h.mcpwire.is_some()) {
        let fns = |h: &Handle<'_>| h.mcpwire.expect("checked above");
        add(
            "mcpwire is_valid",
            hs.iter()
                .map(|h| ((fns(h).is_valid)(h.target), vec![]))
                .collect(),
        );
        add(
            "mcpwire check",
            hs.iter()
                .map(|h| {
                    let v = fns(h).check(h.target);
                    let msgs = v.iter().map(|v| format!("{}: {v}", h.definition)).collect();
                    (v.is_empty(), msgs)
                })
                .collect(),
        );
    }
    add(
        "jsonschema is_valid",
        hs.iter()
            .map(|h| (h.runtime.is_valid(h.target), vec![]))
            .collect(),
    );
    add(
        "jsonschema iter_errors",
        hs.iter()
            .map(|h| {
                let e: Vec<String> = h
                    .runtime
                    .iter_errors(h.target)
                    .map(|e| format!("{}: {} {e}", h.definition, e.instance_path().as_str()))
                    .collect();
                (e.is_empty(), e)
            })
            .collect(),
    );
    add(
        "macros is_valid",
        hs.iter()
            .map(|h| ((h.generated.is_valid)(h.target), vec![]))
            .collect(),
    );
    add(
        "macros iter_errors",
        hs.iter()
            .map(|h| {
                let e: Vec<String> = (h.generated.errors)(h.target)
                    .iter()
                    .map(|e| format!("{}: {} {e}", h.definition, e.instance_path().as_str()))
                    .collect();
                (e.is_empty(), e)
            })
            .collect(),
    );
    out
}

/// Panics unless every engine accepts every valid message and rejects
/// every mutant.
fn verify(version: Version, prepared: &[Prepared<'_>]) {
    let mut problems = Vec::new();
    for p in prepared {
        let expect = p.entry.broken.is_none();
        for (engine, ok, errors) in verdicts(p) {
            if ok != expect {
                problems.push(format!(
                    "{version} {} ({}): {engine} says {}; errors: {errors:?}",
                    p.entry.class,
                    p.entry.broken.unwrap_or("valid message"),
                    if ok { "valid" } else { "invalid" },
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "corpus verdicts disagree with the expected ones:\n{}",
        problems.join("\n")
    );
}

fn bench_messages(
    c: &mut Criterion,
    version: Version,
    class: &'static str,
    items: &[&Prepared<'_>],
    groups: &mut Vec<ratios::Group>,
) {
    let name = format!("{version}_{class}");
    let bytes: usize = items.iter().map(|p| p.entry.bytes.len()).sum();
    groups.push(ratios::Group {
        name: name.clone(),
        revision: version.as_str(),
        class,
        messages: items.len(),
        bytes,
    });
    let mut g = c.benchmark_group(&name);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("parse", |b| {
        b.iter(|| {
            for p in items {
                let v: Value =
                    serde_json::from_slice(black_box(&p.entry.bytes)).expect("corpus bytes parse");
                black_box(v);
            }
        })
    });
    let handles: Vec<&Handle<'_>> = items.iter().flat_map(|p| &p.handles).collect();
    if handles.iter().all(|h| h.mcpwire.is_some()) {
        let fns: Vec<(&DefinitionFns, &Value)> = handles
            .iter()
            .filter_map(|h| Some((h.mcpwire?, h.target)))
            .collect();
        bench_fn(&mut g, "mcpwire_is_valid", &fns, |(f, v)| (f.is_valid)(v));
        bench_fn(&mut g, "mcpwire_check", &fns, |(f, v)| f.check(v));
    }
    bench_fn(&mut g, "jsonschema_is_valid", &handles, |h| {
        h.runtime.is_valid(h.target)
    });
    bench_fn(&mut g, "jsonschema_iter_errors", &handles, |h| {
        h.runtime.iter_errors(h.target).collect::<Vec<_>>()
    });
    bench_fn(&mut g, "macros_is_valid", &handles, |h| {
        (h.generated.is_valid)(h.target)
    });
    bench_fn(&mut g, "macros_iter_errors", &handles, |h| {
        (h.generated.errors)(h.target)
    });
    g.finish();
}

/// Times `run` over every item per iteration.
fn bench_fn<T, R>(
    g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    items: &[T],
    run: impl Fn(&T) -> R,
) {
    g.bench_function(id, |b| {
        b.iter(|| {
            for item in items {
                black_box(run(black_box(item)));
            }
        })
    });
}

fn bench_session(c: &mut Criterion, version: Version, groups: &mut Vec<ratios::Group>) {
    let mut builder = corpus::Builder::new(version, corpus::SEED ^ 0x5E55);
    let frames = corpus::transcript(&mut builder, TRANSCRIPT_CALLS);
    let bytes: usize = frames.iter().map(|f| f.bytes.len()).sum();

    let mut session = Session::new(version);
    let mut problems = Vec::new();
    for (i, f) in frames.iter().enumerate() {
        for r in session.judge(f.direction, &f.bytes).reports {
            if !r.violations.is_empty() || !r.warnings.is_empty() || r.input_error.is_some() {
                problems.push(format!(
                    "frame {i}: {:?} {:?} {:?}",
                    r.violations, r.warnings, r.input_error
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{version} transcript is not clean:\n{}",
        problems.join("\n")
    );
    assert!(
        session.unanswered().is_empty(),
        "{version} transcript left requests unanswered"
    );

    let name = format!("{version}_session");
    groups.push(ratios::Group {
        name: name.clone(),
        revision: version.as_str(),
        class: "session",
        messages: frames.len(),
        bytes,
    });
    let mut g = c.benchmark_group(&name);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.sample_size(10);
    g.bench_function("parse", |b| {
        b.iter(|| {
            for f in &frames {
                let v: Value =
                    serde_json::from_slice(black_box(&f.bytes)).expect("transcript bytes parse");
                black_box(v);
            }
        })
    });
    g.bench_function("input_parse", |b| {
        b.iter(|| {
            for f in &frames {
                black_box(
                    input::parse(black_box(&f.bytes), input::Limits::default())
                        .expect("transcript bytes parse"),
                );
            }
        })
    });
    g.bench_function("session", |b| {
        b.iter(|| {
            let mut s = Session::new(version);
            for f in &frames {
                black_box(s.judge(f.direction, black_box(&f.bytes)).reports);
            }
            s
        })
    });
    g.finish();
}

/// Every message's checks of one class, `iters` times, under one engine
/// (what a criterion iteration of that function runs). Not inlined, so
/// callgrind can collect exactly this.
#[inline(never)]
fn profile_loop(items: &[&Prepared<'_>], function: &str, iters: u64) {
    let handles: Vec<&Handle<'_>> = items.iter().flat_map(|p| &p.handles).collect();
    let fns = |h: &Handle<'_>| h.mcpwire.expect("mcpwire validators are compiled in");
    for _ in 0..iters {
        for h in &handles {
            let target = black_box(h.target);
            match function {
                "mcpwire_is_valid" => drop(black_box((fns(h).is_valid)(target))),
                "mcpwire_check" => drop(black_box(fns(h).check(target))),
                "jsonschema_is_valid" => drop(black_box(h.runtime.is_valid(target))),
                "jsonschema_iter_errors" => {
                    drop(black_box(h.runtime.iter_errors(target).collect::<Vec<_>>()))
                }
                "macros_is_valid" => drop(black_box((h.generated.is_valid)(target))),
                "macros_iter_errors" => drop(black_box((h.generated.errors)(target))),
                other => panic!("MCPWIRE_PROFILE: unknown function {other:?}"),
            }
        }
    }
}

/// The `MCPWIRE_PROFILE` mode (module docs): the listed functions of the
/// listed groups, in order.
fn profile(targets: &str) {
    let iters: u64 = std::env::var("MCPWIRE_PROFILE_ITERS")
        .ok()
        .map(|n| n.parse().expect("MCPWIRE_PROFILE_ITERS is a number"))
        .unwrap_or(100);
    let targets: Vec<(Version, &str, &str)> = targets
        .split(',')
        .map(|target| {
            let (group, function) = target
                .split_once('/')
                .unwrap_or_else(|| panic!("MCPWIRE_PROFILE: {target:?} is not <group>/<function>"));
            let (version, class) = corpus::REVISIONS
                .iter()
                .find_map(|v| Some((*v, group.strip_prefix(v.as_str())?.strip_prefix('_')?)))
                .unwrap_or_else(|| panic!("MCPWIRE_PROFILE: no revision in group {group:?}"));
            (version, class, function)
        })
        .collect();
    let corpora: Vec<Corpus> = corpus::REVISIONS
        .iter()
        .filter(|v| targets.iter().any(|(t, _, _)| t == *v))
        .map(|v| Corpus::build(*v))
        .collect();
    let runtimes: Vec<engines::Runtime> = corpora
        .iter()
        .map(|c| engines::Runtime::new(c.version, &definitions(c)))
        .collect();
    let prepared: Vec<(Version, Vec<Prepared<'_>>)> = corpora
        .iter()
        .zip(&runtimes)
        .map(|(c, r)| {
            let p = prepare(c, r);
            verify(c.version, &p);
            (c.version, p)
        })
        .collect();
    for (version, class, function) in targets {
        let items: Vec<&Prepared<'_>> = prepared
            .iter()
            .filter(|(v, _)| *v == version)
            .flat_map(|(_, p)| p)
            .filter(|p| class == "corpus" || p.entry.class == class)
            .collect();
        assert!(!items.is_empty(), "MCPWIRE_PROFILE: no class {class:?}");
        let start = std::time::Instant::now();
        profile_loop(&items, function, iters);
        let per = start.elapsed() / u32::try_from(iters.max(1)).unwrap_or(u32::MAX);
        println!("{version}_{class}/{function}: {iters} iterations, {per:?} per iteration");
    }
}

fn main() {
    if let Ok(targets) = std::env::var("MCPWIRE_PROFILE") {
        profile(&targets);
        return;
    }
    let started = SystemTime::now();
    let load_at_start = ratios::load_average();
    let dir = ratios::output_directory();
    let mut c = Criterion::default()
        .sample_size(20)
        .output_directory(&dir)
        .configure_from_args();

    let mut validate_groups = Vec::new();
    let mut session_groups = Vec::new();
    for version in corpus::REVISIONS {
        let corpus = Corpus::build(version);
        let runtime = engines::Runtime::new(version, &definitions(&corpus));
        let prepared = prepare(&corpus, &runtime);
        if prepared
            .iter()
            .any(|p| p.handles.iter().any(|h| h.mcpwire.is_none()))
        {
            eprintln!(
                "WARNING: mcpwire {version} has no generated validators in this build; \
                 timing the other engines only"
            );
        }
        verify(version, &prepared);
        for class in corpus.classes() {
            let items: Vec<&Prepared<'_>> =
                prepared.iter().filter(|p| p.entry.class == class).collect();
            bench_messages(&mut c, version, class, &items, &mut validate_groups);
        }
        let all: Vec<&Prepared<'_>> = prepared.iter().collect();
        bench_messages(&mut c, version, "corpus", &all, &mut validate_groups);
        bench_session(&mut c, version, &mut session_groups);
    }
    c.final_summary();

    let estimates = ratios::Estimates::new(dir.clone(), started);
    let Some(table) = ratios::render(&estimates, &validate_groups, &session_groups) else {
        println!(
            "no fresh criterion estimates in {}: no ratio table",
            dir.display()
        );
        return;
    };
    let table = format!("{}\n\n{table}", ratios::machine_note(load_at_start));
    println!("\n{table}");
    let path = dir.join("mcpwire-ratios.md");
    if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, &table)) {
        eprintln!("could not write {}: {e}", path.display());
    }
}

//! A native loop over the npm benchmark's workload through the same code
//! the wasm module runs per message (`Session.observe`'s hot path:
//! [`mcpwire_wasm::api::Session::observe_into`] and
//! [`mcpwire_wasm::fast::Encoder::encode`]), for profiling the library side of
//! `npm/bench/bench.mjs` with callgrind or perf:
//!
//! ```sh
//! node npm/bench/messages.mjs > target/messages.tsv     # dir \t origin \t revision \t text
//! cargo build --release -p mcpwire-wasm --example observe_loop
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/observe_loop target/messages.tsv 2025-11-25 200
//! ```
//!
//! Arguments: the messages file, the revision, passes (one conversation
//! per pass, as the benchmark has it: the session recycled, as the
//! package's pool does). Prints messages/s and how many answers
//! took the JSON form.
use std::hint::black_box;
use std::time::Instant;

use mcpwire_wasm::api::{direction_of, origin_of, Session};
use mcpwire_wasm::fast::{Encoder, JSON};

#[inline(never)]
fn measured(revision: &str, records: &[(&str, &str, &str)], passes: usize) -> usize {
    let mut encoder = Encoder::default();
    let mut reports = Vec::new();
    let mut json = 0;
    // One session, made new for each pass as the package's pool does
    // (`Session::reset` after `clear`).
    let mut s = Session::new(revision, "{}").expect("revision");
    for _ in 0..passes {
        s.clear();
        s.reset(revision, "{}").expect("revision");
        for (dir, origin, message) in records {
            let direction = direction_of(dir).ok();
            let origin = origin_of(origin).expect("origin");
            s.observe_into(direction, origin, message.as_bytes(), &mut reports);
            json += usize::from(black_box(encoder.encode(&reports)) == JSON);
        }
    }
    json
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = std::fs::read_to_string(&args[1]).expect("messages file");
    let revision = args.get(2).map_or("2025-11-25", String::as_str);
    let passes: usize = args.get(3).map_or(1000, |p| p.parse().expect("passes"));
    let records: Vec<(&str, &str, &str)> = file
        .lines()
        .filter_map(|l| {
            let mut p = l.splitn(4, '\t');
            let (dir, origin, rev, text) = (p.next()?, p.next()?, p.next()?, p.next()?);
            (rev == revision).then_some((dir, origin, text))
        })
        .collect();
    if std::env::var_os("MCPWIRE_PRINT").is_some() {
        let mut s = Session::new(revision, "{}").expect("revision");
        for (dir, origin, text) in &records {
            println!(
                "{}",
                s.observe(dir, origin, text.as_bytes()).expect("observe")
            );
        }
    }
    let start = Instant::now();
    let json = measured(revision, &records, passes);
    let secs = start.elapsed().as_secs_f64();
    let n = records.len() * passes;
    println!(
        "{revision}: {} messages, {:.0} messages/s, {:.2} µs/message, {json} as JSON",
        n,
        n as f64 / secs,
        secs * 1e6 / n as f64
    );
}

//! Saved fuzz inputs, replayed on the stable toolchain (so in CI) through
//! the fuzz targets' own bodies: `fuzz/src/targets.rs`, compiled here from
//! its source. Each file `fuzz/regressions/<target>/<name>` is an input
//! that once crashed `<target>` (or a seed worth keeping); each must now
//! pass. `docs/fuzzing.md` lists what each one found; the named tests in
//! `tests/bad_input.rs` state the same cases as plain messages.

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code, unreachable_pub)]
mod fuzz;

use std::path::PathBuf;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target);
    let mut out: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .map(|p| {
                    let bytes = std::fs::read(&p).unwrap();
                    (p, bytes)
                })
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

fn replay(target: &str, body: fn(&[u8])) -> usize {
    let all = inputs(target);
    for (path, bytes) in &all {
        let outcome = std::panic::catch_unwind(|| body(bytes));
        assert!(outcome.is_ok(), "{} fails again", path.display());
    }
    all.len()
}

#[test]
fn session_bytes() {
    let n = replay("session_bytes", fuzz::targets::session_bytes);
    eprintln!("session_bytes: {n} inputs");
}

#[test]
fn transcript() {
    let n = replay("transcript", fuzz::targets::transcript);
    eprintln!("transcript: {n} inputs");
}

#[test]
fn structured() {
    let n = replay("structured", fuzz::targets::structured);
    eprintln!("structured: {n} inputs");
}

#[test]
fn differential() {
    let n = replay("differential", fuzz::targets::differential);
    eprintln!("differential: {n} inputs");
}

/// The targets' bodies run on a few fixed inputs, so a change that breaks
/// them (or their seeds) fails here, not only under the fuzzer.
#[test]
fn bodies_run_on_fixed_inputs() {
    let inputs: [&[u8]; 4] = [
        b"",
        b"\x01{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}",
        b"\xEF\xBB\xBF[{\"dir\":\"c2s\",\"msg\":{}},\n 1,\n",
        &[7u8; 64],
    ];
    for data in inputs {
        fuzz::targets::session_bytes(data);
        fuzz::targets::transcript(data);
        fuzz::targets::structured(data);
        fuzz::targets::differential(data);
    }
    assert!(fuzz::seeds::get().seeds.len() > 20, "the seeds were found");
}

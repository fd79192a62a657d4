//! Heap use of the bytes path, measured with a counting allocator: on the
//! bench corpus (`benches/bytes/corpus.rs`, MCP 2025-11-25), judging a
//! valid message from bytes allocates nothing unless a string it must
//! compare holds escapes, while the `Value` path's peak is the DOM. Run
//! with `--nocapture` for the numbers the bench report quotes.

#![cfg(feature = "v2025_11_25")]

#[path = "../benches/bytes/corpus.rs"]
#[allow(dead_code)]
mod corpus;
#[allow(dead_code)]
#[path = "../benches/corpus/gen.rs"]
mod gen;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use mcpwire::bytes::{self, Definition, Fast};
use mcpwire::input::{self, Limits};
use mcpwire::Version;

struct Counting;

static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
static COUNT: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = CURRENT.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(now, Relaxed);
        COUNT.fetch_add(1, Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        CURRENT.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Peak heap above the starting point, and allocations, while `f` runs.
fn measure<T>(f: impl FnOnce() -> T) -> (usize, usize, T) {
    let base = CURRENT.load(Relaxed);
    PEAK.store(base, Relaxed);
    let count = COUNT.load(Relaxed);
    let out = f();
    (PEAK.load(Relaxed) - base, COUNT.load(Relaxed) - count, out)
}

#[test]
fn the_fast_path_allocates_only_for_escapes() {
    let entries = corpus::build(1000, false, |_, _| true);
    let limits = Limits::default();
    let (mut fast_peak, mut fast_allocs, mut value_peak, mut value_total) = (0, 0, 0, 0);
    let mut escaped = 0;
    for e in &entries {
        let checks: Vec<(Definition, corpus::At)> = e
            .checks
            .iter()
            .map(|&(n, at)| (Definition::find(Version::V2025_11_25, n).unwrap(), at))
            .collect();
        let (peak, allocs, verdict) = measure(|| {
            let text = bytes::text(&e.bytes, limits).unwrap();
            checks.iter().all(|(d, at)| {
                let v = match at {
                    corpus::At::Message => bytes::run(d.bytes.read, text, limits),
                    corpus::At::Result => bytes::run_member(d.bytes.read, text, "result", limits),
                };
                v == Fast::Valid
            })
        });
        assert!(verdict);
        if e.bytes.windows(2).any(|w| w[0] == b'\\') {
            escaped += 1;
        } else {
            assert_eq!(allocs, 0, "{}", String::from_utf8_lossy(&e.bytes));
        }
        fast_peak = fast_peak.max(peak);
        fast_allocs += allocs;
        let (peak, _, value) = measure(|| input::parse(&e.bytes, limits).unwrap());
        drop(value);
        value_peak = value_peak.max(peak);
        value_total += peak;
    }
    let total: usize = entries.iter().map(|e| e.bytes.len()).sum();
    eprintln!(
        "{} messages, {total} bytes ({escaped} with escapes): bytes path peak heap {fast_peak} B \
         ({fast_allocs} allocations in all); Value path peak heap {value_peak} B per message, \
         {:.2} B of heap per input byte",
        entries.len(),
        value_total as f64 / total as f64
    );
    assert!(value_peak > fast_peak);
}

//! Raw bytes → the transcript reader (`mcpwire::transcript::Reader`) with
//! small limits, then each message through direction inference and an
//! auto session, as `mcpwire check` does. Asserts no panic, no hang (the
//! reader makes progress: at most one entry per input byte, plus one),
//! line numbers that never go backwards, and entries within the limits.
//! Body: `mcpwire_fuzz::targets::transcript`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpwire_fuzz::targets::transcript(data));

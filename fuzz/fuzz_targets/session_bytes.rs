//! Raw bytes → `Session` in auto mode, both directions: the input's lines
//! are messages (the first byte picks each line's direction, bit by bit).
//! Asserts no panic and that `Session::judge` on the text (the bytes fast path) and
//! on the parsed value write the same reports.
//! Body: `mcpwire_fuzz::targets::session_bytes`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpwire_fuzz::targets::session_bytes(data));

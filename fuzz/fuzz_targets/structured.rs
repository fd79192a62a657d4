//! Structure-aware: a short conversation of valid MCP messages (the spec's
//! examples and the project's transcripts), each mutated by arbitrary-driven
//! edits of its parsed value (`mcpwire_fuzz::edit`), fed to an auto and a
//! fixed-revision session. Asserts no panic and that the bytes fast path
//! and the `Value` path write the same reports.
//! Body: `mcpwire_fuzz::targets::structured`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpwire_fuzz::targets::structured(data));

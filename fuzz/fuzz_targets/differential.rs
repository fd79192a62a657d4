//! Differential: a seed instance (a spec example of some definition, or a
//! transcript message), edited by `mcpwire_fuzz::edit`, judged against a
//! definition of an enabled revision (usually the seed's own) by mcpwire's
//! generated checks and by the `jsonschema` oracle: same verdict and the
//! same failing instance pointers, up to the differences documented in
//! `tests/differential.rs`.
//! Body: `mcpwire_fuzz::targets::differential`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcpwire_fuzz::targets::differential(data));

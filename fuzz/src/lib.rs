//! Shared parts of mcpwire's fuzz targets (`fuzz_targets/*.rs`): the seed
//! messages, arbitrary-driven edits of a JSON value, and the comparisons
//! the targets assert. See `docs/fuzzing.md`.

pub mod differential;
pub mod edit;
pub mod seeds;
pub mod sessions;
pub mod spec_files;
pub mod targets;

// The differential test's oracle (the `jsonschema` crate, set up as the
// conformance harness's Ajv is), reused file for file. `oracle.rs` reaches
// its siblings as `super::ajv_formats` and `super::spec_files`.
#[path = "../../tests/support/ajv_formats.rs"]
pub mod ajv_formats;
#[path = "../../tests/support/oracle.rs"]
pub mod oracle;
#[path = "../../tests/support/pointer.rs"]
pub mod pointer;

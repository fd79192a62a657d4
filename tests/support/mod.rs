//! Helpers shared by the integration tests.
//!
//! Each test crate (`tests/<name>.rs`) declares `mod support;` and uses only
//! the parts it needs, so unused items are expected here.
#![allow(dead_code)]

pub mod ajv_formats;
pub mod everything;
#[cfg(feature = "cli")]
pub mod har_compare;
pub mod mutate;
pub mod oracle;
pub mod pointer;
pub mod prng;
pub mod spec_files;
pub mod synth;
#[cfg(feature = "cli")]
pub mod tap;
pub mod tree;

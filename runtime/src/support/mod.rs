//! Run-time support for the generated validators: violation constructors,
//! message formatting and the `anyOf` reporting rule.
//!
//! A generated `check_*` function collects only after its boolean form
//! failed, so these run on the failure path; the keyword tests that gate a
//! report (`type_`, `required`) are `#[inline]` and their reporting halves
//! `#[cold]` and out of line, so a passing keyword costs a comparison and no
//! call. Keeping message text here (rather than in generated code) keeps
//! every revision's module small and every message uniform. Not a stable
//! API: only generated code calls it.
//!
//! The parts, one concern each: `kinds` (a value's kind bits and type
//! name), `show` (values as messages quote them), `location` (schema
//! pointers: a node's place by dialect, a keyword's pointer interned, a
//! violation pushed there), `every` (the boolean checks' compiled-once
//! loops), `keywords` (each keyword's report), `any_of` (which branch
//! explains a failed `anyOf`).

pub use serde_json::Value;

mod any_of;
mod every;
mod keywords;
mod kinds;
mod location;
mod show;

pub use any_of::{any_of, any_of_tagged, tag, Branch, Check, Tag};
pub use every::{count, every, every_key, every_member, every_value};
pub use keywords::{
    additional, check, const_, const_str, enum_, format, formats, formatted, max_items, maximum,
    minimum, prop, required, type_, types,
};
pub use kinds::{kind, kind_of, type_name};
pub use location::{At, Dialect, Draft07, Draft2020_12};
pub use show::{show, show_str, SHOW_MAX};

pub(crate) use location::{intern, join, push, report};

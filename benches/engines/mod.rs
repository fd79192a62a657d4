//! The three validators compared, resolved once per (message, definition)
//! so that the timed loops do no lookups:
//! - mcpwire's generated functions ([`mcpwire::spec::DefinitionFns`]);
//! - the `jsonschema` crate's run-time compiled [`jsonschema::Validator`];
//! - `jsonschema`'s compile-time generator (`#[validator]`, [`generated`]).
//!
//! All three assert formats (`uri`, `uri-template`, and `byte` as
//! ajv-formats' base64, [`is_byte`]), as mcpwire does.

pub mod generated;

use std::{collections::HashMap, path::PathBuf};

use jsonschema::{Draft, Validator};
use mcpwire::{spec::DefinitionFns, Version};
use serde_json::{json, Value};

/// ajv-formats' `byte`: `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`,
/// written out without a regex engine (as in `tests/support/oracle.rs`).
pub fn is_byte(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = if b.ends_with(b"==") {
        2
    } else if b.ends_with(b"=") {
        1
    } else {
        0
    };
    b[..b.len() - pad]
        .iter()
        .all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}

/// A revision's published `schema.json`: `$MCPWIRE_SPEC_DIR/<revision>/`,
/// the directory relative to this crate (cargo sets the variable from
/// `.cargo/config.toml`), else `../shared/mcp-spec` as in `build.rs`.
pub fn schema(version: Version) -> Value {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    };
    let path = dir.join(version.as_str()).join("schema.json");
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `jsonschema` run-time validators of one revision, one per definition,
/// each built from `{"$ref": "#/$defs/<Def>", "$defs": <every definition>}`.
pub struct Runtime {
    validators: HashMap<&'static str, Validator>,
}

impl Runtime {
    /// Compiles a validator for each of `definitions`.
    pub fn new(version: Version, definitions: &[&'static str]) -> Runtime {
        let schema = schema(version);
        let defs = schema
            .get("$defs")
            .unwrap_or_else(|| panic!("{version}: no $defs (the corpus is 2020-12 only)"));
        let options = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .should_validate_formats(true)
            .should_ignore_unknown_formats(false)
            .with_format("byte", is_byte);
        let validators = definitions
            .iter()
            .map(|&name| {
                let root = json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "$ref": format!("#/$defs/{name}"),
                    "$defs": defs,
                });
                let validator = options
                    .build(&root)
                    .unwrap_or_else(|e| panic!("jsonschema rejects {version} {name}: {e}"));
                (name, validator)
            })
            .collect();
        Runtime { validators }
    }

    /// The validator of `definition` (one passed to [`Runtime::new`]).
    pub fn get(&self, definition: &str) -> &Validator {
        self.validators
            .get(definition)
            .unwrap_or_else(|| panic!("no jsonschema validator for {definition}"))
    }
}

/// mcpwire's generated functions for `definition`, or `None` when this
/// build has no generated validators at all (before the codegen stage
/// existed). A definition missing from a populated table is a bug: panic.
pub fn mcpwire(version: Version, definition: &str) -> Option<&'static DefinitionFns> {
    let spec = version
        .spec()
        .unwrap_or_else(|| panic!("revision {version} is not compiled in"));
    if spec.definitions.is_empty() {
        return None;
    }
    Some(
        spec.definition(definition)
            .unwrap_or_else(|| panic!("mcpwire {version} has no definition {definition}")),
    )
}

//! One JSON Schema compiled on its own, outside any MCP revision: what
//! `cargo xtask json-schema-suite` compiles for every case of the JSON
//! Schema Test Suite, through the same validators and bytes stages as the
//! revisions.
//!
//! The module it returns defines, for the schema's root:
//!
//! - `pub fn is_valid(v: &serde_json::Value) -> bool`;
//! - `pub fn check(v: &serde_json::Value) -> Vec<mcpwire_runtime::Violation>`;
//! - `pub fn read(bytes: &[u8]) -> Option<bool>`: the bytes path, `Some(true)`
//!   when the bytes reader accepts the value, `None` when it stops (then
//!   the `Value` path decides, as `mcpwire::bytes` does); never
//!   `Some(false)`.
//!
//! plus the unit functions they call (`validate`, `bytes` submodules).

use std::collections::BTreeMap;

use quote::quote;
use serde_json::Value;

use crate::keywords::Units;
use crate::schema::Options;
use crate::{bytes, validators, Dialect, Error, Schema};

/// A schema to compile on its own.
#[derive(Clone, Debug)]
pub struct Standalone {
    /// Its dialect.
    pub dialect: Dialect,
    /// The schema.
    pub root: Value,
    /// Documents it may reference, by absolute URI (resolved at build time,
    /// never fetched).
    pub resources: BTreeMap<String, Value>,
    /// Formats asserted, unknown keywords.
    pub options: Options,
}

/// The formatted source of the module (no inner attributes).
pub fn generate(input: &Standalone) -> Result<String, Error> {
    let schema = Schema::standalone(
        input.dialect,
        input.root.clone(),
        &input.resources,
        input.options.clone(),
    )?;
    // One parse of the schema's units for both stages.
    let units = Units::parse(&schema)?;
    let validate = validators::module_of(&units, &schema, validators::Rows::ValueOnly)?;
    let validate = crate::share::tokens(&validate, &BTreeMap::new(), "validate");
    let read = bytes::module_of(&units, &schema)?;
    let read = crate::share::tokens(&read, &BTreeMap::new(), "bytes");
    let dialect = match input.dialect {
        Dialect::Draft07 => quote!(rt::Draft07),
        Dialect::Draft2020_12 => quote!(rt::Draft2020_12),
    };
    let tokens = quote! {
        use ::mcpwire_runtime::__private as rt;

        /// The root's checks and the units they call.
        #[allow(unused, clippy::all)]
        pub mod validate {
            #validate
        }

        /// The root's bytes reader and the units it calls.
        #[allow(unused, clippy::all)]
        pub mod bytes {
            #read
        }

        /// Whether `v` is valid.
        pub fn is_valid(v: &rt::Value) -> bool {
            validate::is_valid_root(v)
        }

        /// Every violation in `v`.
        pub fn check(v: &rt::Value) -> Vec<rt::Violation> {
            rt::check(v, validate::check_root_at::<#dialect>)
        }

        /// The bytes path: `Some(true)` when the reader accepts the one
        /// value in `text`, `None` when it stops.
        pub fn read(text: &[u8]) -> Option<bool> {
            let mut r = rt::bytes::Reader::new(text, rt::bytes::MAX_DEPTH);
            (bytes::read_root(&mut r).is_ok() && r.finish().is_ok()).then_some(true)
        }
    };
    let file: syn::File = syn::parse2(tokens.clone()).map_err(|e| Error::Malformed {
        pointer: String::new(),
        reason: format!("mcpwire-codegen bug: generated code does not parse: {e}: {tokens}"),
    })?;
    Ok(prettyplease::unparse(&file))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn source(dialect: Dialect, root: Value, resources: BTreeMap<String, Value>) -> String {
        let options = Options {
            unknown_keywords_are_annotations: true,
            ..Options::default()
        };
        generate(&Standalone {
            dialect,
            root,
            resources,
            options,
        })
        .expect("generates")
    }

    #[test]
    fn references_become_calls_to_units() {
        let text = source(
            Dialect::Draft2020_12,
            json!({"$ref": "#/$defs/a", "$defs": {"a": {"type": "integer"}}}),
            BTreeMap::new(),
        );
        assert!(text.contains("pub fn is_valid_root("), "{text}");
        assert!(text.contains("is_valid_ref1(v)"), "{text}");
    }

    #[test]
    fn remote_documents_and_anchors_resolve() {
        let remote = json!({"$defs": {"n": {"$anchor": "num", "type": "number"}}});
        let resources = BTreeMap::from([("http://localhost:1234/r.json".to_string(), remote)]);
        let text = source(
            Dialect::Draft2020_12,
            json!({"$id": "http://localhost:1234/root.json", "items": {"$ref": "r.json#num"}}),
            resources,
        );
        assert!(
            text.contains("http://localhost:1234/r.json#/$defs/n"),
            "{text}"
        );
    }

    #[test]
    fn unresolvable_references_name_their_place() {
        let err = generate(&Standalone {
            dialect: Dialect::Draft07,
            root: json!({"properties": {"a": {"$ref": "http://example.com/missing.json"}}}),
            resources: BTreeMap::new(),
            options: Options::default(),
        })
        .expect_err("refused");
        assert!(err.to_string().contains("/properties/a/$ref"), "{err}");
    }
}

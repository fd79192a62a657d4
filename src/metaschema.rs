//! Is a JSON Schema valid in its dialect? The draft-07 and 2020-12
//! metaschemas, compiled by mcpwire's own generator (feature
//! `metaschemas`).
//!
//! MCP carries JSON Schemas at run time (a tool's `inputSchema` and
//! `outputSchema`, an elicitation's `requestedSchema`), and "Schemas MUST be
//! valid according to their declared or default dialect"
//! (docs/2025-11-25/basic/index.mdx). The metaschemas are known at build
//! time, so that question is a compiled call here, like every MCP
//! definition's check: `build.rs` reads the pinned metaschema files
//! (`schemas/metaschemas.toml`) and emits native code; nothing is read or
//! interpreted at run time.
//!
//! ```
//! use serde_json::json;
//!
//! let tool_input = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
//! assert!(mcpwire::metaschema::draft2020_12::is_valid(&tool_input));
//!
//! let broken = json!({"type": "object", "properties": {"n": {"minLength": -1}}});
//! let violations = mcpwire::metaschema::draft2020_12::check(&broken);
//! assert_eq!(violations[0].instance.as_str(), "/properties/n/minLength");
//! ```
//!
//! Each dialect's module has the same three functions:
//! - `is_valid(&Value) -> bool`;
//! - `check(&Value) -> Vec<Violation>`: every violation, empty exactly when
//!   `is_valid` holds, with the instance pointer into the schema judged;
//! - `is_valid_json(&[u8]) -> Result<bool, serde_json::Error>`: the same
//!   verdict from a schema's JSON text, read without building a `Value`
//!   when the text is valid (the bytes path, [`crate::bytes`]).
//!
//! `format` is an annotation in both (`regex`, `uri`, `uri-reference` in
//! the metaschemas): 2020-12 says so through its format-annotation
//! vocabulary; draft-07 leaves it to the implementation, and mcpwire judges
//! both dialects alike (docs/metaschemas.md). Which dialect a schema is in
//! (its `$schema`, or the revision's default) is the caller's choice.

use serde_json::Value;

use crate::Violation;

/// Defines one dialect's public functions over its generated module.
macro_rules! dialect {
    ($module:ident, $file:literal, $doc:literal) => {
        #[doc = $doc]
        pub mod $module {
            use super::{Value, Violation};

            // The generator's output (`mcpwire_codegen::standalone`): the
            // metaschema's checks (`validate`) and bytes reader (`bytes`).
            #[allow(missing_docs, unused, clippy::all)]
            mod generated {
                include!(concat!(env!("OUT_DIR"), "/", $file));
            }

            /// Whether `schema` is valid against this dialect's metaschema.
            pub fn is_valid(schema: &Value) -> bool {
                generated::is_valid(schema)
            }

            /// Every violation of this dialect's metaschema in `schema`
            /// (empty exactly when [`is_valid`] holds).
            pub fn check(schema: &Value) -> Vec<Violation> {
                generated::check(schema)
            }

            /// [`is_valid`] on a schema's JSON text: the bytes reader
            /// decides when it accepts the text, else the text is parsed
            /// and judged as a `Value`. Errs when the text is not one JSON
            /// value.
            pub fn is_valid_json(text: &[u8]) -> Result<bool, serde_json::Error> {
                if generated::read(text) == Some(true) {
                    return Ok(true);
                }
                serde_json::from_slice::<Value>(text).map(|schema| is_valid(&schema))
            }
        }
    };
}

dialect!(
    draft7,
    "metaschema_draft7.rs",
    "draft-07: `http://json-schema.org/draft-07/schema#`."
);
dialect!(
    draft2020_12,
    "metaschema_draft2020_12.rs",
    "2020-12: `https://json-schema.org/draft/2020-12/schema` and its vocabulary metaschemas."
);

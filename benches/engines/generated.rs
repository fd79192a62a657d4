//! `jsonschema`'s compile-time generator: one `#[validator]` struct per
//! definition the corpus checks.
//!
//! Each references the published `schema.json` as a resource by a path
//! relative to this crate's manifest directory (`jsonschema-macros` joins
//! relative paths to `CARGO_MANIFEST_DIR` and tracks the file with
//! `include_str!`), the same place `.cargo/config.toml` points
//! `MCPWIRE_SPEC_DIR` at. The schema is `{"$ref": "json-schema:///mcp.json#/$defs/<Def>"}`.
//!
//! The generator is jsonschema-macros 0.60.2 with its runtime jsonschema
//! 0.60.2, renamed `jsonschema-macros-060` in `Cargo.toml`: jsonschema
//! 0.61.2's `macros` feature wants jsonschema-macros 0.61.2, which is not
//! published. The macro finds its runtime by package name (`jsonschema`)
//! through `proc-macro-crate`, where the last manifest entry wins, so that
//! dev-dependency must stay after `jsonschema`; the `ValidationError` type
//! below fails to compile if it picked 0.61.

use jsonschema_macros_060::ValidationError;
use mcpwire::Version;
use serde_json::Value;

/// The generated functions of one definition.
#[derive(Clone, Copy)]
pub struct Generated {
    /// `<Struct>::is_valid`.
    pub is_valid: fn(&Value) -> bool,
    /// `<Struct>::iter_errors`, collected.
    pub errors: for<'a> fn(&'a Value) -> Vec<ValidationError<'a>>,
}

macro_rules! generated {
    ($($version:ident $name:literal => $ty:ident, $path:literal, $schema:literal;)*) => {
        $(
            #[jsonschema_macros_060::validator(
                resources = { "json-schema:///mcp.json" => { path = $path } },
                schema = $schema,
                draft = Draft202012,
                validate_formats = true,
                ignore_unknown_formats = false,
                formats = { "byte" => crate::engines::is_byte },
            )]
            struct $ty;
        )*

        /// The generated validator of `definition` in `version`, if one
        /// was generated.
        pub fn lookup(version: Version, definition: &str) -> Option<Generated> {
            $(
                if version == Version::$version && definition == $name {
                    return Some(Generated {
                        is_valid: $ty::is_valid,
                        errors: |v| $ty::iter_errors(v).collect(),
                    });
                }
            )*
            None
        }
    };
}

generated! {
    V2025_11_25 "InitializeRequest" => A1InitializeRequest, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/InitializeRequest"}"#;
    V2025_11_25 "InitializeResult" => A1InitializeResult, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/InitializeResult"}"#;
    V2025_11_25 "JSONRPCResultResponse" => A1JsonrpcResultResponse, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCResultResponse"}"#;
    V2025_11_25 "ListToolsResult" => A1ListToolsResult, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ListToolsResult"}"#;
    V2025_11_25 "CallToolRequest" => A1CallToolRequest, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolRequest"}"#;
    V2025_11_25 "CallToolResult" => A1CallToolResult, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolResult"}"#;
    V2025_11_25 "ReadResourceResult" => A1ReadResourceResult, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ReadResourceResult"}"#;
    V2025_11_25 "ProgressNotification" => A1ProgressNotification, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ProgressNotification"}"#;
    V2025_11_25 "JSONRPCErrorResponse" => A1JsonrpcErrorResponse, "../shared/mcp-spec/2025-11-25/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCErrorResponse"}"#;

    V2026_07_28 "DiscoverRequest" => B1DiscoverRequest, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/DiscoverRequest"}"#;
    V2026_07_28 "JSONRPCResultResponse" => B1JsonrpcResultResponse, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCResultResponse"}"#;
    V2026_07_28 "DiscoverResult" => B1DiscoverResult, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/DiscoverResult"}"#;
    V2026_07_28 "ListToolsResult" => B1ListToolsResult, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ListToolsResult"}"#;
    V2026_07_28 "CallToolRequest" => B1CallToolRequest, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolRequest"}"#;
    V2026_07_28 "CallToolResult" => B1CallToolResult, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolResult"}"#;
    V2026_07_28 "ReadResourceResult" => B1ReadResourceResult, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ReadResourceResult"}"#;
    V2026_07_28 "ProgressNotification" => B1ProgressNotification, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ProgressNotification"}"#;
    V2026_07_28 "JSONRPCErrorResponse" => B1JsonrpcErrorResponse, "../shared/mcp-spec/2026-07-28/schema.json",
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCErrorResponse"}"#;
}

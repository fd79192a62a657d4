//! The peers: the `jsonschema` crate compiled at run time (any revision), its
//! compile-time generator (`jsonschema-macros`, via jsonschema 0.60.2 — see
//! `Cargo.toml`; 2025-11-25 only), and `boon` (run time, any revision), one
//! validator per definition the corpus checks. All assert formats (`uri`,
//! `uri-template`, and `byte` as ajv-formats' base64), as mcpwire does.

use std::collections::HashMap;
use std::path::PathBuf;

use jsonschema::{Draft, Validator};
use serde_json::{json, Value};

/// ajv-formats' `byte`: `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`.
pub fn is_byte(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = b.iter().rev().take_while(|&&c| c == b'=').count();
    pad <= 2
        && b[..b.len() - pad]
            .iter()
            .all(|&c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
}

/// A revision's `schema.json`.
pub fn schema(revision: &str) -> Value {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    };
    let path = dir.join(revision).join("schema.json");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_slice(&bytes).expect("schema.json parses")
}

/// `jsonschema` validators by definition name.
pub fn runtime(revision: &str, definitions: &[&'static str]) -> HashMap<&'static str, Validator> {
    let schema = schema(revision);
    let defs = &schema["$defs"];
    let options = jsonschema::options()
        .with_draft(Draft::Draft202012)
        .should_validate_formats(true)
        .should_ignore_unknown_formats(false)
        .with_format("byte", is_byte);
    definitions
        .iter()
        .map(|&name| {
            let root = json!({"$ref": format!("#/$defs/{name}"), "$defs": defs});
            let v = options
                .build(&root)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, v)
        })
        .collect()
}

/// `boon`'s validators: the compiled schemas and each definition's index.
pub struct Boon {
    /// Every compiled definition.
    pub schemas: boon::Schemas,
    /// Index by definition name.
    pub index: HashMap<&'static str, boon::SchemaIndex>,
}

impl Boon {
    /// Whether `v` is a valid `definition`.
    pub fn is_valid(&self, definition: &str, v: &Value) -> bool {
        self.schemas.validate(v, self.index[definition]).is_ok()
    }
}

/// `boon` validators by definition name (format assertions on, `byte` as
/// above).
pub fn boon(revision: &str, definitions: &[&'static str]) -> Boon {
    let mut compiler = boon::Compiler::new();
    compiler.enable_format_assertions();
    compiler.register_format(boon::Format {
        name: "byte",
        func: |v| match v {
            Value::String(s) if !is_byte(s) => Err("not base64".into()),
            _ => Ok(()),
        },
    });
    let base = "file:///mcp/schema.json";
    compiler
        .add_resource(base, schema(revision))
        .expect("boon takes the schema");
    let mut schemas = boon::Schemas::new();
    let index = definitions
        .iter()
        .map(|&name| {
            let i = compiler
                .compile(&format!("{base}#/$defs/{name}"), &mut schemas)
                .unwrap_or_else(|e| panic!("boon {name}: {e}"));
            (name, i)
        })
        .collect();
    Boon { schemas, index }
}

macro_rules! generated {
    ($($name:literal => $ty:ident, $schema:literal;)*) => {
        $(
            #[jsonschema_macros_060::validator(
                resources = { "json-schema:///mcp.json" => { path = "../shared/mcp-spec/2025-11-25/schema.json" } },
                schema = $schema,
                draft = Draft202012,
                validate_formats = true,
                ignore_unknown_formats = false,
                formats = { "byte" => crate::engines::is_byte },
            )]
            struct $ty;
        )*

        /// `jsonschema-macros`' `is_valid` of a definition.
        pub fn generated(definition: &str) -> Option<fn(&Value) -> bool> {
            match definition {
                $($name => Some($ty::is_valid),)*
                _ => None,
            }
        }
    };
}

generated! {
    "JSONRPCRequest" => GJsonrpcRequest,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCRequest"}"#;
    "JSONRPCNotification" => GJsonrpcNotification,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCNotification"}"#;
    "JSONRPCResultResponse" => GJsonrpcResultResponse,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCResultResponse"}"#;
    "JSONRPCErrorResponse" => GJsonrpcErrorResponse,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/JSONRPCErrorResponse"}"#;
    "CallToolRequest" => GCallToolRequest,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolRequest"}"#;
    "CallToolResult" => GCallToolResult,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/CallToolResult"}"#;
    "ProgressNotification" => GProgressNotification,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ProgressNotification"}"#;
    "LoggingMessageNotification" => GLoggingMessageNotification,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/LoggingMessageNotification"}"#;
    "ReadResourceRequest" => GReadResourceRequest,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ReadResourceRequest"}"#;
    "ReadResourceResult" => GReadResourceResult,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ReadResourceResult"}"#;
    "ListToolsResult" => GListToolsResult,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/ListToolsResult"}"#;
    "GetPromptResult" => GGetPromptResult,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/GetPromptResult"}"#;
    "PingRequest" => GPingRequest,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/PingRequest"}"#;
    "EmptyResult" => GEmptyResult,
        r#"{"$ref": "json-schema:///mcp.json#/$defs/EmptyResult"}"#;
}

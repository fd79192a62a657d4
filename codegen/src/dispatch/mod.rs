//! Dispatch stage: what a message's `method`, `error.code` or request pairing
//! says about which definition judges it, extracted from the schema itself.
//!
//! Rules (the reference harness's, `wire-schema.ts`, sharpened):
//! - **methods**: every definition except the eight direction unions with a
//!   string `properties.method.const`. Kind by name suffix (`…Request`,
//!   `…Notification`). Senders from the `Client*`/`Server*` unions (a union
//!   collapsed by the spec generator into a copy of its single member counts
//!   through its own `method` const). A method in no union but in
//!   `InputRequest` is *embedded*: only valid inside
//!   `InputRequiredResult.inputRequests`.
//! - **results**: `XxxRequest` → `XxxResult` when that exists, else
//!   `EmptyResult` (ping, logging/setLevel, resources/(un)subscribe answer it);
//!   `XxxResultResponse` when the spec defines one, and whether its `result`
//!   admits an `InputRequiredResult`.
//! - **error codes**: whole-message definitions carry
//!   `properties.error.allOf[*].properties.code.const`; `Error`-object
//!   definitions carry `properties.code.const`.
//! - **resultType**: definitions declaring a `resultType` member.
//! - **implications**: the checks a valid message lets the session skip,
//!   proved on the schema ([`implies`]).
//!
//! Two canonical definitions for one method or code are a build error, never
//! a silent pick.

pub mod implies;

use std::collections::{BTreeMap, BTreeSet};

use proc_macro2::TokenStream;
use quote::quote;
use serde::Serialize;
use serde_json::Value;

use crate::{Error, Schema};

/// The direction unions: generated aliases, never dispatch targets.
pub const UNIONS: [&str; 8] = [
    "ClientRequest",
    "ClientNotification",
    "ClientResult",
    "ClientMessage",
    "ServerRequest",
    "ServerNotification",
    "ServerResult",
    "ServerMessage",
];

/// Everything extracted (mirrors `mcpwire::spec::DispatchMaps` field for
/// field, so both serialize to the same snapshot JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Maps {
    /// Revision name.
    pub revision: String,
    /// Number of definitions.
    pub definition_count: usize,
    /// Definition names, sorted.
    pub definitions: Vec<String>,
    /// Envelope definitions.
    pub envelopes: Envelopes,
    /// Methods, sorted by method.
    pub methods: Vec<Method>,
    /// Error codes, sorted by code.
    pub error_codes: Vec<ErrorCode>,
    /// Definitions declaring `resultType`, sorted.
    pub result_type_declarers: Vec<String>,
    /// Typed definitions proved to imply what their envelope asks where
    /// they are planned, sorted ([`implies`]).
    pub implies_envelope: Vec<String>,
}

/// Envelope definition names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Envelopes {
    /// Request envelope.
    pub request: String,
    /// Notification envelope.
    pub notification: String,
    /// Successful response envelope.
    pub result: String,
    /// Error response envelope.
    pub error: String,
    /// Any message.
    pub message: String,
    /// `Error` object definition.
    pub error_object: Option<String>,
    /// `InputRequiredResult`.
    pub input_required_result: Option<String>,
    /// Whether the message head shows the request and notification
    /// envelopes ([`implies`]).
    pub shown_by_head: bool,
}

/// Request or notification.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Request.
    Request,
    /// Notification.
    Notification,
}

/// One method.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Method {
    /// `method` const.
    pub method: String,
    /// Definition.
    pub definition: String,
    /// Request or notification.
    pub kind: Kind,
    /// Listed in a `Client*` union.
    pub client_sends: bool,
    /// Listed in a `Server*` union.
    pub server_sends: bool,
    /// Only valid inside `InputRequiredResult.inputRequests`.
    pub embedded: bool,
    /// Result definition.
    pub result: Option<String>,
    /// `XxxResultResponse` definition.
    pub result_response: Option<String>,
    /// Whether the result may be an `InputRequiredResult`.
    pub admits_input_required: bool,
}

/// Message or `Error` object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// Whole error response.
    Message,
    /// The `error` member.
    ErrorObject,
}

/// One error code.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorCode {
    /// Code.
    pub code: i64,
    /// Definition.
    pub definition: String,
    /// Shape.
    pub shape: Shape,
}

fn method_const(def: &Value) -> Option<&str> {
    def.pointer("/properties/method/const")?.as_str()
}

/// `$ref` targets of a union's `anyOf`, or the union itself when the
/// generator collapsed a one-member union into a copy.
fn union_methods(schema: &Schema, union: &str) -> Result<BTreeSet<String>, Error> {
    let mut out = BTreeSet::new();
    let Some(def) = schema.def(union) else {
        return Ok(out);
    };
    if let Some(m) = method_const(def) {
        out.insert(m.to_string());
    }
    if let Some(Value::Array(members)) = def.get("anyOf") {
        for (i, member) in members.iter().enumerate() {
            let at = format!("{}/anyOf/{i}", schema.def_pointer(union));
            let Some(r) = member.get("$ref").and_then(Value::as_str) else {
                return Err(Error::Malformed {
                    pointer: at,
                    reason: "union member is not a $ref".into(),
                });
            };
            let target = schema.ref_target(r, &at)?;
            if let Some(m) = schema.def(target).and_then(method_const) {
                out.insert(m.to_string());
            }
        }
    }
    Ok(out)
}

fn first_existing(schema: &Schema, names: &[&str]) -> Result<String, Error> {
    names
        .iter()
        .find(|n| schema.def(n).is_some())
        .map(|n| n.to_string())
        .ok_or_else(|| Error::Malformed {
            pointer: schema.def_pointer(names[0]),
            reason: format!("none of the envelope definitions {names:?} exists"),
        })
}

fn optional(schema: &Schema, name: &str) -> Option<String> {
    schema.def(name).map(|_| name.to_string())
}

fn admits(schema: &Schema, response: &str, target: &str) -> bool {
    let wanted = format!("#/{}/{target}", schema.version.dialect.defs_key());
    schema
        .def(response)
        .and_then(|d| d.pointer("/properties/result/anyOf"))
        .and_then(Value::as_array)
        .is_some_and(|members| {
            members
                .iter()
                .any(|m| m.get("$ref").and_then(Value::as_str) == Some(&wanted))
        })
}

/// Extracts the maps from a schema.
pub fn extract(schema: &Schema) -> Result<Maps, Error> {
    let senders = Senders::of(schema)?;
    let mut methods: BTreeMap<String, Method> = BTreeMap::new();
    let mut codes: BTreeMap<i64, ErrorCode> = BTreeMap::new();
    let mut declarers = Vec::new();
    for (name, def) in schema.defs() {
        if UNIONS.contains(&name.as_str()) {
            continue;
        }
        if def.pointer("/properties/resultType").is_some() {
            declarers.push(name.clone());
        }
        if let Some(m) = method_const(def) {
            let entry = method_entry(schema, &senders, name, m)?;
            if let Some(previous) = methods.insert(m.to_string(), entry) {
                return Err(Error::Malformed {
                    pointer: schema.def_pointer(name),
                    reason: format!("method `{m}` is also defined by {}", previous.definition),
                });
            }
        }
        add_error_codes(schema, name, def, &mut codes)?;
    }
    declarers.sort();
    let mut definitions: Vec<String> = schema.defs().keys().cloned().collect();
    definitions.sort();
    let mut maps = Maps {
        revision: schema.version.name.to_string(),
        definition_count: definitions.len(),
        definitions,
        envelopes: envelopes(schema)?,
        methods: methods.into_values().collect(),
        error_codes: codes.into_values().collect(),
        result_type_declarers: declarers,
        implies_envelope: Vec::new(),
    };
    implies::prove(schema, &mut maps);
    Ok(maps)
}

/// The methods each side's unions list, and those only embedded (listed by
/// `InputRequest`).
struct Senders {
    client: BTreeSet<String>,
    server: BTreeSet<String>,
    embedded: BTreeSet<String>,
}

impl Senders {
    fn of(schema: &Schema) -> Result<Senders, Error> {
        let client: BTreeSet<String> = union_methods(schema, "ClientRequest")?
            .into_iter()
            .chain(union_methods(schema, "ClientNotification")?)
            .collect();
        let server: BTreeSet<String> = union_methods(schema, "ServerRequest")?
            .into_iter()
            .chain(union_methods(schema, "ServerNotification")?)
            .collect();
        let embedded = union_methods(schema, "InputRequest")?;
        Ok(Senders {
            client,
            server,
            embedded,
        })
    }
}

/// The method `m` defined by the definition `name`: its kind (by the
/// name's ending), who sends it, and its result definitions.
fn method_entry(schema: &Schema, senders: &Senders, name: &str, m: &str) -> Result<Method, Error> {
    let kind = if name.ends_with("Request") {
        Kind::Request
    } else if name.ends_with("Notification") {
        Kind::Notification
    } else {
        return Err(Error::Malformed {
            pointer: schema.def_pointer(name),
            reason: format!(
                "method `{m}` on a definition named neither …Request nor …Notification"
            ),
        });
    };
    let stem = name.trim_end_matches("Request");
    let (result, result_response) = match kind {
        Kind::Request => (
            optional(schema, &format!("{stem}Result")).or_else(|| optional(schema, "EmptyResult")),
            optional(schema, &format!("{stem}ResultResponse")),
        ),
        Kind::Notification => (None, None),
    };
    let admits_input_required = result_response
        .as_deref()
        .is_some_and(|r| admits(schema, r, "InputRequiredResult"));
    let Senders {
        client,
        server,
        embedded,
    } = senders;
    Ok(Method {
        method: m.to_string(),
        definition: name.to_string(),
        kind,
        client_sends: client.contains(m),
        server_sends: server.contains(m),
        embedded: embedded.contains(m) && !client.contains(m) && !server.contains(m),
        result,
        result_response,
        admits_input_required,
    })
}

/// The error codes the definition `name` fixes: in the `allOf` parts of its
/// `error` (a message shape) and its own `code` (an error object), each
/// code defined once.
fn add_error_codes(
    schema: &Schema,
    name: &str,
    def: &Value,
    codes: &mut BTreeMap<i64, ErrorCode>,
) -> Result<(), Error> {
    let mut add_code = |code: Option<i64>, shape: Shape| -> Result<(), Error> {
        if let Some(code) = code {
            let entry = ErrorCode {
                code,
                definition: name.to_string(),
                shape,
            };
            if let Some(previous) = codes.insert(code, entry) {
                return Err(Error::Malformed {
                    pointer: schema.def_pointer(name),
                    reason: format!(
                        "error code {code} is also defined by {}",
                        previous.definition
                    ),
                });
            }
        }
        Ok(())
    };
    if let Some(Value::Array(parts)) = def.pointer("/properties/error/allOf") {
        for part in parts {
            add_code(
                part.pointer("/properties/code/const")
                    .and_then(Value::as_i64),
                Shape::Message,
            )?;
        }
    }
    add_code(
        def.pointer("/properties/code/const")
            .and_then(Value::as_i64),
        Shape::ErrorObject,
    )
}

/// The JSON-RPC envelope definitions, by the names each revision uses.
fn envelopes(schema: &Schema) -> Result<Envelopes, Error> {
    Ok(Envelopes {
        request: first_existing(schema, &["JSONRPCRequest"])?,
        notification: first_existing(schema, &["JSONRPCNotification"])?,
        result: first_existing(schema, &["JSONRPCResultResponse", "JSONRPCResponse"])?,
        error: first_existing(schema, &["JSONRPCErrorResponse", "JSONRPCError"])?,
        message: first_existing(schema, &["JSONRPCMessage"])?,
        error_object: optional(schema, "Error"),
        input_required_result: optional(schema, "InputRequiredResult"),
        shown_by_head: false,
    })
}

fn opt(s: &Option<String>) -> TokenStream {
    match s {
        Some(s) => quote!(::core::option::Option::Some(#s)),
        None => quote!(::core::option::Option::None),
    }
}

/// The contents of the generated `dispatch` module: `pub static MAPS`.
pub fn tokens(maps: &Maps) -> TokenStream {
    let revision = &maps.revision;
    let count = maps.definition_count;
    let definitions = &maps.definitions;
    let e = &maps.envelopes;
    let (req, note, res, err, msg) = (&e.request, &e.notification, &e.result, &e.error, &e.message);
    let (eo, irr, shown) = (
        opt(&e.error_object),
        opt(&e.input_required_result),
        e.shown_by_head,
    );
    let methods = maps.methods.iter().map(|m| {
        let (method, definition) = (&m.method, &m.definition);
        let kind = match m.kind {
            Kind::Request => quote!(crate::spec::MethodKind::Request),
            Kind::Notification => quote!(crate::spec::MethodKind::Notification),
        };
        let (c, s, emb, adm) = (
            m.client_sends,
            m.server_sends,
            m.embedded,
            m.admits_input_required,
        );
        let (result, response) = (opt(&m.result), opt(&m.result_response));
        quote! {
            crate::spec::MethodEntry {
                method: #method, definition: #definition, kind: #kind,
                client_sends: #c, server_sends: #s, embedded: #emb,
                result: #result, result_response: #response, admits_input_required: #adm,
            }
        }
    });
    let codes = maps.error_codes.iter().map(|c| {
        let (code, definition) = (c.code, &c.definition);
        let shape = match c.shape {
            Shape::Message => quote!(crate::spec::ErrorShape::Message),
            Shape::ErrorObject => quote!(crate::spec::ErrorShape::ErrorObject),
        };
        quote!(crate::spec::ErrorCodeEntry { code: #code, definition: #definition, shape: #shape })
    });
    let declarers = &maps.result_type_declarers;
    let implied = &maps.implies_envelope;
    quote! {
        /// The dispatch maps extracted from this revision's schema.
        pub static MAPS: crate::spec::DispatchMaps = crate::spec::DispatchMaps {
            revision: #revision,
            definition_count: #count,
            definitions: &[#(#definitions),*],
            envelopes: crate::spec::Envelopes {
                request: #req, notification: #note, result: #res, error: #err, message: #msg,
                error_object: #eo, input_required_result: #irr, shown_by_head: #shown,
            },
            methods: &[#(#methods),*],
            error_codes: &[#(#codes),*],
            result_type_declarers: &[#(#declarers),*],
            implies_envelope: &[#(#implied),*],
        };
    }
}

#[cfg(test)]
mod tests;

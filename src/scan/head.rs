//! [`MessageHead`]: what the rest of the pipeline reads of one message,
//! and [`MessageHead::of_value`], the head of a parsed message.

use serde_json::Value;

use crate::{correlate::IdKey, message::MessageKind};

/// The `_meta` key carrying a request's protocol version (2026-07-28).
pub const META_PROTOCOL_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// The `_meta` key carrying a request's client capabilities (2026-07-28).
pub const META_CLIENT_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";

/// Requests a 2025-11-25 receiver may be asked to run as a task
/// (`params.task`; the schema's `CallToolRequestParams`,
/// `CreateMessageRequestParams`, `ElicitRequestFormParams` and
/// `ElicitRequestURLParams` carry `task`).
pub const TASK_AUGMENTABLE: [&str; 3] =
    ["tools/call", "sampling/createMessage", "elicitation/create"];

/// A JSON value the head keeps whole (capabilities): the span of its text
/// in the message (bytes path), or the value (`Value` path).
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// Byte offsets of the value's text in the message text.
    Span(usize, usize),
    /// The value itself.
    Value(Value),
}

impl Json {
    /// The value: parsed from `text` (the message text the span is in)
    /// for [`Json::Span`]; `None` when it cannot be read.
    pub fn value(&self, text: Option<&[u8]>) -> Option<Value> {
        match self {
            Json::Value(v) => Some(v.clone()),
            Json::Span(start, end) => serde_json::from_slice(text?.get(*start..*end)?).ok(),
        }
    }

    /// The value's text, for [`Json::Span`].
    pub fn text<'t>(&self, text: Option<&'t [u8]>) -> Option<&'t [u8]> {
        match self {
            Json::Value(_) => None,
            Json::Span(start, end) => text?.get(*start..*end),
        }
    }
}

/// What the session reads of one message (see the module docs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MessageHead {
    /// Whether the message is an object.
    pub object: bool,
    /// Whether `jsonrpc` is the string `"2.0"`.
    pub jsonrpc_2: bool,
    /// `id`, when present (`Some(Null)` for `"id": null`).
    pub id: Option<Value>,
    /// `method`, when a string.
    pub method: Option<String>,
    /// Whether `result` is present.
    pub has_result: bool,
    /// Whether `error` is present.
    pub has_error: bool,
    /// Whether `error` is present and not `null`.
    pub error_set: bool,
    /// `error.code`, when an integer (`as_i64`).
    pub error_code: Option<i64>,
    /// `result.resultType`, when a string.
    pub result_type: Option<String>,
    /// `result.protocolVersion`, when a string.
    pub result_protocol_version: Option<String>,
    /// `result.capabilities`, when present.
    pub result_capabilities: Option<Json>,
    /// Whether `result.task` is an object.
    pub result_task: bool,
    /// Whether `params` is an object, when present.
    pub params_object: Option<bool>,
    /// Whether `params._meta` is an object, when present (and `params` an
    /// object).
    pub meta_object: Option<bool>,
    /// `params.protocolVersion`, when a string.
    pub params_protocol_version: Option<String>,
    /// `params.capabilities`, when present.
    pub params_capabilities: Option<Json>,
    /// Whether `params.task` is an object.
    pub params_task: bool,
    /// `params.requestId`, when present.
    pub request_id: Option<Value>,
    /// `params.name`, when a string (what the 2026-07-28 `Mcp-Name`
    /// header mirrors on `tools/call` and `prompts/get`).
    pub params_name: Option<String>,
    /// `params.uri`, when a string (what `Mcp-Name` mirrors on
    /// `resources/read`).
    pub params_uri: Option<String>,
    /// `params.progressToken`, when present.
    pub progress_token: Option<Value>,
    /// `params._meta["io.modelcontextprotocol/protocolVersion"]`, when a string.
    pub meta_protocol_version: Option<String>,
    /// `params._meta.progressToken`, when present.
    pub meta_progress_token: Option<Value>,
    /// `params._meta["io.modelcontextprotocol/clientCapabilities"]`, when present.
    pub meta_client_capabilities: Option<Json>,
    /// Span of `result` in the message text (bytes path).
    pub(crate) result_span: Option<(usize, usize)>,
    /// Span of `error` in the message text (bytes path).
    pub(crate) error_span: Option<(usize, usize)>,
}

impl MessageHead {
    /// The JSON-RPC shape (the harness's order: a string `method` first,
    /// then a non-null `error`, then `result`).
    pub fn kind(&self) -> MessageKind {
        if self.method.is_some() {
            return if self.id.is_some() {
                MessageKind::Request
            } else {
                MessageKind::Notification
            };
        }
        if self.error_set {
            return MessageKind::Error;
        }
        if self.has_result {
            return MessageKind::Result;
        }
        MessageKind::Unknown
    }

    /// The same head with every [`Json::Span`] read from `text` (the
    /// message text the head was scanned from) into a [`Json::Value`], and
    /// no member spans: what [`MessageHead::of_value`] gives for the
    /// parsed message (how `tests/bytes_differential.rs` compares them).
    pub fn with_values(&self, text: Option<&[u8]>) -> MessageHead {
        let mut h = self.clone();
        for j in [
            &mut h.result_capabilities,
            &mut h.params_capabilities,
            &mut h.meta_client_capabilities,
        ] {
            *j = j.take().and_then(|j| j.value(text)).map(Json::Value);
        }
        h.result_span = None;
        h.error_span = None;
        h
    }

    /// The id as a correlation key (ids by value, [`crate::correlate`]).
    pub fn id_key(&self) -> Option<IdKey> {
        IdKey::of(self.id.as_ref()?)
    }

    /// The head of a message (or of the first element of a batch: what
    /// direction inference reads of one) given as a `Value`.
    pub fn of_value(msg: &Value) -> MessageHead {
        let mut head = MessageHead::default();
        let Some(obj) = msg.as_object() else {
            return head;
        };
        head.object = true;
        head.jsonrpc_2 = obj.get("jsonrpc").and_then(Value::as_str) == Some("2.0");
        head.params_object = obj.get("params").map(Value::is_object);
        head.id = obj.get("id").cloned();
        head.method = obj
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        if let Some(error) = obj.get("error") {
            head.has_error = true;
            head.error_set = !error.is_null();
            head.error_code = error.get("code").and_then(Value::as_i64);
        }
        if let Some(result) = obj.get("result") {
            head.has_result = true;
            let text = |k: &str| result.get(k).and_then(Value::as_str).map(str::to_string);
            head.result_type = text("resultType");
            head.result_protocol_version = text("protocolVersion");
            head.result_capabilities = result.get("capabilities").cloned().map(Json::Value);
            head.result_task = result.get("task").is_some_and(Value::is_object);
        }
        if let Some(params) = obj.get("params").filter(|p| p.is_object()) {
            head.params_protocol_version = params
                .get("protocolVersion")
                .and_then(Value::as_str)
                .map(str::to_string);
            head.params_capabilities = params.get("capabilities").cloned().map(Json::Value);
            head.params_task = params.get("task").is_some_and(Value::is_object);
            head.request_id = params.get("requestId").cloned();
            let text = |k: &str| params.get(k).and_then(Value::as_str).map(str::to_string);
            head.params_name = text("name");
            head.params_uri = text("uri");
            head.progress_token = params.get("progressToken").cloned();
            head.meta_object = params.get("_meta").map(Value::is_object);
            if let Some(meta) = params.get("_meta").filter(|m| m.is_object()) {
                head.meta_protocol_version = meta
                    .get(META_PROTOCOL_VERSION)
                    .and_then(Value::as_str)
                    .map(str::to_string);
                head.meta_progress_token = meta.get("progressToken").cloned();
                head.meta_client_capabilities =
                    meta.get(META_CLIENT_CAPABILITIES).cloned().map(Json::Value);
            }
        }
        head
    }
}

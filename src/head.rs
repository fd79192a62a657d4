//! The typed **message head**: what dispatch, correlation, direction
//! inference and the session's conversation rules read of one JSON-RPC
//! message, built once — from bytes ([`MessageHead::scan`], or
//! [`HeadBuilder`] inside another strict pass such as the transcript's
//! record scan) or from a `Value` ([`MessageHead::of_value`]) — so that
//! [`crate::Session`] has one observe path and a message is parsed into a
//! `Value` only when a finding must be shown.
//!
//! **What it holds**, with serde_json's last-occurrence rule for repeated
//! members (a repeated member replaces everything read from the earlier
//! one): whether `jsonrpc` is `"2.0"`, whether `params` and its `_meta`
//! are objects (what [`crate::session::envelope`] judges a request or
//! notification envelope by); whether `id` is present and its value (small: parsed as
//! serde_json would); `method` when a string; whether `result` / `error`
//! are present (and `error` non-null), `error.code`; `result`'s
//! `resultType` and `protocolVersion` (strings), `capabilities`, whether
//! its `task` is an object; `params`' `protocolVersion`, `capabilities`,
//! `requestId`, `progressToken`, whether its `task` is an object; and
//! `params._meta`'s protocol version, `progressToken` and client
//! capabilities. Values the session reads only as strings or objects are
//! `None` when they are something else, as the `Value` accessors
//! (`as_str`, `is_object`) read them.
//!
//! **Capabilities are kept as text** on the bytes path ([`Json::Span`], a
//! span of the message text) and parsed by the session only when they
//! differ from the last seen, so a 2026-07-28 session, whose every request
//! restates the client's capabilities in `_meta`, does not build the same
//! object per request.
//!
//! **Same head both ways.** The bytes scan reads with the strict
//! [`crate::bytes::Reader`], which reads every value as serde_json does
//! and refuses what it cannot read that way (then the `Value` path builds
//! the head); `tests/bytes_differential.rs` (`heads_agree`) compares both
//! heads on every message of the corpora.

use serde_json::Value;

use crate::{
    bytes::{Reader, R},
    correlate::IdKey,
    report::MessageKind,
};

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

    /// The head of one message text (exactly one JSON value, as
    /// [`crate::bytes::text`] gives it), read in one strict pass; `None`
    /// when the reader refuses the text (the `Value` path must read it) or
    /// it is a batch (an array: its elements are judged one by one).
    pub fn scan(text: &[u8], max_depth: usize) -> Option<MessageHead> {
        let mut r = Reader::new(text, max_depth);
        match r.peek().ok()? {
            b'[' => None,
            b'{' => {
                // The builder's head is the answer (built in place: no
                // `scan_value` result to move).
                let mut builder = HeadBuilder::new(0);
                r.object(|r, k| builder.member(r, k)).ok()?;
                r.finish().ok()?;
                Some(builder.head)
            }
            _ => {
                r.skip().ok()?;
                r.finish().ok()?;
                Some(MessageHead::default())
            }
        }
    }
}

/// Reads the message value at the cursor (as strictly as
/// [`Reader::skip`]) and returns its head, spans relative to `base` (the
/// offset of the message's text in the reader's text).
pub fn scan_value(r: &mut Reader<'_>, base: usize) -> R<MessageHead> {
    if r.peek()? != b'{' {
        r.skip()?;
        return Ok(MessageHead::default());
    }
    let mut builder = HeadBuilder::new(base);
    r.object(|r, k| builder.member(r, k))?;
    Ok(builder.finish())
}

/// Builds a head member by member, for a caller that reads the message's
/// object itself (the transcript's record scan reads a bare message's
/// members this way, beside the record's own).
#[derive(Debug)]
pub struct HeadBuilder {
    head: MessageHead,
    base: usize,
}

/// The span of the value at the cursor (read), relative to `base`.
fn span(r: &mut Reader<'_>, base: usize) -> R<(usize, usize)> {
    r.peek()?;
    let start = r.pos();
    r.skip()?;
    Ok((start - base, r.pos() - base))
}

/// The value at the cursor if it is a string (read either way).
fn string(r: &mut Reader<'_>) -> R<Option<String>> {
    if r.peek()? == b'"' {
        return r.string().map(|s| Some(s.into_owned()));
    }
    r.skip().map(|()| None)
}

/// The value at the cursor as serde_json parses it (small values: ids,
/// codes, tokens).
fn small(r: &mut Reader<'_>) -> R<Value> {
    match r.peek()? {
        b'"' => r.string().map(|s| Value::String(s.into_owned())),
        b'-' | b'0'..=b'9' => r.number().map(Value::Number),
        b'n' => r.null().map(|()| Value::Null),
        b't' | b'f' => r.boolean().map(Value::Bool),
        _ => {
            let start = r.pos();
            r.skip()?;
            let text = r.text().get(start..r.pos()).ok_or(crate::bytes::Stop)?;
            serde_json::from_slice(text).map_err(|_| crate::bytes::Stop)
        }
    }
}

/// Whether the value at the cursor is an object (read either way).
fn object_marker(r: &mut Reader<'_>) -> R<bool> {
    let object = r.peek()? == b'{';
    r.skip()?;
    Ok(object)
}

/// Reads the object at the cursor member by member (anything else is
/// skipped); `false` when it is not an object.
fn members<F>(r: &mut Reader<'_>, member: F) -> R<bool>
where
    F: FnMut(&mut Reader<'_>, &str) -> R,
{
    if r.peek()? != b'{' {
        return r.skip().map(|()| false);
    }
    r.object(member).map(|()| true)
}

impl HeadBuilder {
    /// A builder for a message whose text starts at `base` in the reader.
    pub fn new(base: usize) -> HeadBuilder {
        HeadBuilder {
            head: MessageHead {
                object: true,
                ..MessageHead::default()
            },
            base,
        }
    }

    /// Reads the message's member `key` at the cursor (as strictly as
    /// [`Reader::skip`]).
    pub fn member(&mut self, r: &mut Reader<'_>, key: &str) -> R {
        let base = self.base;
        let head = &mut self.head;
        match key {
            "jsonrpc" => {
                head.jsonrpc_2 = if r.peek()? == b'"' {
                    r.string()? == "2.0"
                } else {
                    r.skip()?;
                    false
                }
            }
            "id" => head.id = Some(small(r)?),
            "method" => head.method = string(r)?,
            // `error` and `result`: their span and their members in one
            // pass (the member read ends where `skip` would).
            "error" => {
                head.has_error = true;
                head.error_code = None;
                head.error_set = r.peek()? != b'n';
                let start = r.pos();
                let mut code = None;
                members(r, |r, k| match k {
                    "code" => {
                        code = small(r)?.as_i64();
                        Ok(())
                    }
                    _ => r.skip(),
                })?;
                head.error_span = Some((start - base, r.pos() - base));
                head.error_code = code;
            }
            "result" => {
                head.has_result = true;
                r.peek()?;
                let start = r.pos();
                let (mut rt, mut pv, mut caps, mut task) = (None, None, None, false);
                members(r, |r, k| {
                    match k {
                        "resultType" => rt = string(r)?,
                        "protocolVersion" => pv = string(r)?,
                        "capabilities" => {
                            let (s, e) = span(r, base)?;
                            caps = Some(Json::Span(s, e));
                        }
                        "task" => task = object_marker(r)?,
                        _ => r.skip()?,
                    }
                    Ok(())
                })?;
                head.result_span = Some((start - base, r.pos() - base));
                head.result_type = rt;
                head.result_protocol_version = pv;
                head.result_capabilities = caps;
                head.result_task = task;
            }
            "params" => {
                // A repeated `params` replaces all that an earlier one
                // gave; read into the head's own fields (no second head).
                let p = head;
                p.meta_object = None;
                p.params_protocol_version = None;
                p.params_capabilities = None;
                p.params_task = false;
                p.request_id = None;
                p.progress_token = None;
                p.meta_protocol_version = None;
                p.meta_progress_token = None;
                p.meta_client_capabilities = None;
                let object = members(r, |r, k| {
                    match k {
                        "protocolVersion" => p.params_protocol_version = string(r)?,
                        "capabilities" => {
                            let (s, e) = span(r, base)?;
                            p.params_capabilities = Some(Json::Span(s, e));
                        }
                        "task" => p.params_task = object_marker(r)?,
                        "requestId" => p.request_id = Some(small(r)?),
                        "progressToken" => p.progress_token = Some(small(r)?),
                        "_meta" => {
                            let (mut pv, mut token, mut caps) = (None, None, None);
                            let object = members(r, |r, k| {
                                match k {
                                    META_PROTOCOL_VERSION => pv = string(r)?,
                                    "progressToken" => token = Some(small(r)?),
                                    META_CLIENT_CAPABILITIES => {
                                        let (s, e) = span(r, base)?;
                                        caps = Some(Json::Span(s, e));
                                    }
                                    _ => r.skip()?,
                                }
                                Ok(())
                            })?;
                            p.meta_object = Some(object);
                            p.meta_protocol_version = pv;
                            p.meta_progress_token = token;
                            p.meta_client_capabilities = caps;
                        }
                        _ => r.skip()?,
                    }
                    Ok(())
                })?;
                p.params_object = Some(object);
            }
            _ => r.skip()?,
        }
        Ok(())
    }

    /// The head.
    pub fn finish(self) -> MessageHead {
        self.head
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(text: &str) -> (MessageHead, MessageHead) {
        let bytes = MessageHead::scan(text.as_bytes(), 128).unwrap();
        let value = MessageHead::of_value(&serde_json::from_str(text).unwrap());
        (bytes, value)
    }

    fn resolved(h: MessageHead, text: &str) -> MessageHead {
        h.with_values(Some(text.as_bytes()))
    }

    #[test]
    fn keeps_what_dispatch_reads_last_occurrence_wins() {
        let text = r#"{"jsonrpc":"2.0","id":{"a":[1]},"method":"initialize",
            "params":{"protocolVersion":"2025-11-25","task":{"ttl":1},"x":[1,2],
              "requestId":"r1","progressToken":[2],"capabilities":{"roots":{}},
              "_meta":{"io.modelcontextprotocol/protocolVersion":7,"y":1,"progressToken":1.5}},
            "result":{"resultType":"task","z":{}},"result":[1],
            "error":{"code":-32602,"message":"m"}}"#;
        let (b, v) = both(text);
        let at = text.find(r#""result":[1]"#).unwrap() + 9;
        assert_eq!(b.result_span, Some((at, at + 3)));
        assert_eq!(resolved(b, text), v);
        assert_eq!(v.kind(), MessageKind::Request);
        assert_eq!(v.params_protocol_version.as_deref(), Some("2025-11-25"));
        assert!(v.params_task);
        assert_eq!(v.meta_protocol_version, None);
        assert_eq!(v.result_type, None);
        assert_eq!(v.error_code, Some(-32602));
    }

    #[test]
    fn a_repeated_params_replaces_what_the_earlier_one_gave() {
        for text in [
            r#"{"method":"m","params":{"protocolVersion":"a","task":{},"requestId":1,"progressToken":2,
                "capabilities":{},"_meta":{"progressToken":3,"io.modelcontextprotocol/protocolVersion":"v",
                "io.modelcontextprotocol/clientCapabilities":{}}},"params":{"x":1}}"#,
            r#"{"method":"m","params":{"_meta":{"progressToken":3}},"params":7}"#,
            r#"{"method":"m","params":{"_meta":{"progressToken":3}},"params":{"_meta":1}}"#,
            r#"{"method":"m","params":[1],"params":{"requestId":"r","_meta":{}}}"#,
        ] {
            let (b, v) = both(text);
            assert_eq!(resolved(b, text), v, "{text}");
        }
    }

    #[test]
    fn kinds_and_non_objects() {
        for (text, kind) in [
            (
                r#"{"id":null,"error":null,"result":1}"#,
                MessageKind::Result,
            ),
            (r#"{"error":{"code":1.0}}"#, MessageKind::Error),
            (r#"{"method":"x"}"#, MessageKind::Notification),
            (r#"{"method":7,"id":1}"#, MessageKind::Unknown),
            ("7", MessageKind::Unknown),
        ] {
            let (b, v) = both(text);
            assert_eq!(b.kind(), kind, "{text}");
            assert_eq!(resolved(b, text), v, "{text}");
        }
        assert!(MessageHead::scan(b"[{}]", 8).is_none());
        assert!(MessageHead::scan(b"{} x", 8).is_none());
    }
}

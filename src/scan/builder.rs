//! The head read from bytes in one strict pass: [`MessageHead::scan`]
//! for a message text on its own, [`HeadBuilder`] and [`scan_value`] for a
//! caller whose own pass reads the message's members (the transcript's
//! record scan).

use serde_json::Value;

use super::head::{Json, MessageHead, META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION};
use crate::bytes::{Reader, R};

impl MessageHead {
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

/// `error`: its span and its `code`.
fn error_member(r: &mut Reader<'_>, base: usize, head: &mut MessageHead) -> R {
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
    Ok(())
}

/// `result`: its span, `resultType`, the `initialize` result's
/// `protocolVersion` and `capabilities`, and whether it has a `task`.
fn result_member(r: &mut Reader<'_>, base: usize, head: &mut MessageHead) -> R {
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
    Ok(())
}

/// `params`: what correlation and revision tracking read of it. A repeated
/// `params` replaces all that an earlier one gave; read into the head's
/// own fields (no second head).
fn params_member(r: &mut Reader<'_>, base: usize, p: &mut MessageHead) -> R {
    p.meta_object = None;
    p.params_protocol_version = None;
    p.params_capabilities = None;
    p.params_task = false;
    p.request_id = None;
    p.params_name = None;
    p.params_uri = None;
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
            "name" => p.params_name = string(r)?,
            "uri" => p.params_uri = string(r)?,
            "progressToken" => p.progress_token = Some(small(r)?),
            "_meta" => meta_member(r, base, p)?,
            _ => r.skip()?,
        }
        Ok(())
    })?;
    p.params_object = Some(object);
    Ok(())
}

/// `params._meta`: the per-request protocol version, the progress token
/// and the client capabilities (2026-07-28 on).
fn meta_member(r: &mut Reader<'_>, base: usize, p: &mut MessageHead) -> R {
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
    Ok(())
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
            // `error`, `result`, `params`: their span and their members in
            // one pass (the member read ends where `skip` would).
            "error" => error_member(r, base, head)?,
            "result" => result_member(r, base, head)?,
            "params" => params_member(r, base, head)?,
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
    use crate::message::MessageKind;

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

//! A JSON-RPC message read from bytes for [`crate::Session`]: one strict
//! pass that keeps only what dispatch and correlation read (a *skeleton*
//! `Value`) and where `result` and `error` sit, so each planned check can
//! run the bytes validator on its slice, and a full `Value` is built only
//! when a check fails and its violations are needed.
//!
//! The skeleton holds, with serde_json's last-occurrence rule for repeated
//! members: `id` (as parsed); `method` when a string; `error` (its `code`)
//! and `result` (its `resultType` and `protocolVersion` strings, its
//! `capabilities`, whether its `task` is an object) when present;
//! `params._meta["io.modelcontextprotocol/protocolVersion"]`, `params._meta`'s
//! `progressToken` and `io.modelcontextprotocol/clientCapabilities` (as its
//! JSON text, under [`crate::head::SKELETON_CLIENT_CAPABILITIES_TEXT`]),
//! `params.protocolVersion`, `params.capabilities`, `params.requestId`,
//! `params.progressToken` and whether `params.task` is an object. Values
//! the session reads only as strings or objects are replaced by `null` when
//! they are something else, which reads the same (`as_str`, `is_object`,
//! `pointer` all give `None`/`false`). Batches (arrays) are left to the
//! `Value` path.

use std::cell::OnceCell;

use serde_json::{Map, Value};

use super::{reads, Reader, R};
use crate::{
    dispatch::Target,
    head::{META_CLIENT_CAPABILITIES, META_PROTOCOL_VERSION, SKELETON_CLIENT_CAPABILITIES_TEXT},
    input::{self, Limits},
    spec::DefinitionFns,
    Path, Version, Violation,
};

/// One message, scanned.
#[derive(Debug)]
pub struct Message<'a> {
    bytes: &'a [u8],
    text: &'a [u8],
    limits: Limits,
    skeleton: Value,
    result: Option<(usize, usize)>,
    error: Option<(usize, usize)>,
    full: OnceCell<Option<Value>>,
}

/// Reads the value at the cursor, returning its span.
fn span(r: &mut Reader<'_>) -> R<(usize, usize)> {
    r.peek()?;
    let start = r.pos();
    r.skip()?;
    Ok((start, r.pos()))
}

/// The value at the cursor if it is a string, else `null` (read either way).
fn string_or_null(r: &mut Reader<'_>) -> R<Value> {
    if r.peek()? == b'"' {
        return Ok(Value::String(r.string()?.into_owned()));
    }
    r.skip().map(|()| Value::Null)
}

/// Parses a span serde_json's way (small values: `id`, `code`).
fn parse(text: &[u8], (start, end): (usize, usize)) -> R<Value> {
    let slice = text.get(start..end).ok_or(super::Stop)?;
    serde_json::from_slice(slice).map_err(|_| super::Stop)
}

/// Reads an object's members, keeping those `keep` returns a value for.
fn members<F>(r: &mut Reader<'_>, mut keep: F) -> R<Value>
where
    F: FnMut(&mut Reader<'_>, &str) -> R<Option<Value>>,
{
    if r.peek()? != b'{' {
        return r.skip().map(|()| Value::Null);
    }
    let mut map = Map::new();
    r.object(|r, k| {
        if let Some(v) = keep(r, k)? {
            map.insert(k.to_string(), v);
        }
        Ok(())
    })?;
    Ok(Value::Object(map))
}

fn params(r: &mut Reader<'_>, text: &[u8]) -> R<Value> {
    members(r, |r, k| match k {
        "_meta" => {
            let mut caps = None;
            let mut meta = members(r, |r, k| match k {
                META_PROTOCOL_VERSION => string_or_null(r).map(Some),
                "progressToken" => parse(text, span(r)?).map(Some),
                META_CLIENT_CAPABILITIES => {
                    let (start, end) = span(r)?;
                    caps = text.get(start..end);
                    Ok(None)
                }
                _ => r.skip().map(|()| None),
            })?;
            if let (Some(caps), Value::Object(map)) = (caps, &mut meta) {
                // Valid UTF-8: the reader checked every string in it.
                let caps = std::str::from_utf8(caps).map_err(|_| super::Stop)?;
                map.insert(
                    SKELETON_CLIENT_CAPABILITIES_TEXT.into(),
                    Value::String(caps.into()),
                );
            }
            Ok(Some(meta))
        }
        "protocolVersion" => string_or_null(r).map(Some),
        "requestId" | "progressToken" | "capabilities" => parse(text, span(r)?).map(Some),
        "task" => object_marker(r).map(Some),
        _ => r.skip().map(|()| None),
    })
}

/// `{}` when the value at the cursor is an object, else `null` (read
/// either way): what the session asks of `params.task` / `result.task`.
fn object_marker(r: &mut Reader<'_>) -> R<Value> {
    let object = r.peek()? == b'{';
    r.skip()?;
    Ok(if object {
        Value::Object(Map::new())
    } else {
        Value::Null
    })
}

impl<'a> Message<'a> {
    /// Scans one message; `None` when the `Value` path must read it (a
    /// batch, or input this reader refuses, whose error serde_json gives).
    pub fn scan(bytes: &'a [u8], limits: Limits) -> Option<Message<'a>> {
        let text = super::text(bytes, limits)?;
        let mut r = Reader::new(text, limits.max_depth);
        let mut result = None;
        let mut error = None;
        let skeleton = match r.peek().ok()? {
            b'[' => return None,
            b'{' => {
                let mut map = Map::new();
                r.object(|r, k| {
                    let kept = match k {
                        "id" => parse(text, span(r)?)?,
                        "method" => string_or_null(r)?,
                        "params" => params(r, text)?,
                        "error" => {
                            let at = r.peek()?;
                            let mark = r.mark();
                            let s = span(r)?;
                            error = Some(s);
                            match at {
                                b'n' => Value::Null,
                                b'{' => {
                                    r.reset(mark);
                                    members(r, |r, k| match k {
                                        "code" => parse(text, span(r)?).map(Some),
                                        _ => r.skip().map(|()| None),
                                    })?
                                }
                                _ => Value::Bool(true),
                            }
                        }
                        "result" => {
                            let mark = r.mark();
                            result = Some(span(r)?);
                            r.reset(mark);
                            members(r, |r, k| match k {
                                "resultType" | "protocolVersion" => string_or_null(r).map(Some),
                                "capabilities" => parse(text, span(r)?).map(Some),
                                "task" => object_marker(r).map(Some),
                                _ => r.skip().map(|()| None),
                            })?
                        }
                        _ => return r.skip(),
                    };
                    map.insert(k.to_string(), kept);
                    Ok(())
                })
                .ok()?;
                Value::Object(map)
            }
            _ => {
                r.skip().ok()?;
                Value::Null
            }
        };
        r.finish().ok()?;
        Some(Message {
            bytes,
            text,
            limits,
            skeleton,
            result,
            error,
            full: OnceCell::new(),
        })
    }

    /// What dispatch and correlation read of the message.
    pub fn skeleton(&self) -> &Value {
        &self.skeleton
    }

    /// The whole message as a `Value`, parsed on first use.
    pub fn full(&self) -> Option<&Value> {
        self.full
            .get_or_init(|| input::parse(self.bytes, self.limits).ok())
            .as_ref()
    }

    /// The whole message as a `Value` (parsed now unless it was), taking
    /// it out of the message.
    pub fn into_full(self) -> Option<Value> {
        self.full
            .get_or_init(|| input::parse(self.bytes, self.limits).ok());
        self.full.into_inner().flatten()
    }

    /// The text a check applies to; `None` when the member is absent.
    pub fn target(&self, target: Target) -> Option<&'a [u8]> {
        let span = match target {
            Target::Message => return Some(self.text),
            Target::Result => self.result?,
            Target::Error => self.error?,
        };
        self.text.get(span.0..span.1)
    }

    /// The violations of `definition` at `target` (`None` when the member
    /// is absent): nothing when the bytes validator shows it valid, else
    /// those the `Value` path reports, pointers from the message root.
    pub fn check(
        &self,
        _version: Version,
        definition: &'static DefinitionFns,
        target: Target,
    ) -> Option<Vec<Violation>> {
        let text = self.target(target)?;
        if definition
            .read
            .is_some_and(|read| reads(read, text, self.limits))
        {
            return Some(Vec::new());
        }
        // Scanning accepted the bytes, so the `Value` path reads them too.
        let full = self.full()?;
        let root = Path::Root;
        let (value, path) = match target {
            Target::Message => (Some(full), root),
            Target::Result => (full.get("result"), root.key("result")),
            Target::Error => (full.get("error"), root.key("error")),
        };
        let mut out = Vec::new();
        (definition.check_at)(value?, &path, &mut out);
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_what_dispatch_reads() {
        let text = br#"{"jsonrpc":"2.0","id":{"a":[1]},"method":"initialize",
            "params":{"protocolVersion":"2025-11-25","task":{"ttl":1},"x":[1,2],
              "requestId":"r1","progressToken":[2],
              "_meta":{"io.modelcontextprotocol/protocolVersion":7,"y":1,"progressToken":1.5}},
            "result":{"resultType":"task","z":{}},"result":[1],
            "error":{"code":-32602,"message":"m"}}"#;
        let m = Message::scan(text, Limits::default()).unwrap();
        assert_eq!(
            m.skeleton(),
            &json!({"id": {"a": [1]}, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "task": {},
                           "requestId": "r1", "progressToken": [2],
                           "_meta": {"io.modelcontextprotocol/protocolVersion": null,
                                     "progressToken": 1.5}},
                "result": null, "error": {"code": -32602}})
        );
        assert_eq!(m.target(Target::Result), Some(b"[1]".as_slice()));
        assert_eq!(
            m.target(Target::Error),
            Some(br#"{"code":-32602,"message":"m"}"#.as_slice())
        );
    }

    #[test]
    fn leaves_batches_and_bad_input_to_the_value_path() {
        let l = Limits::default();
        assert!(Message::scan(b"[{}]", l).is_none());
        assert!(Message::scan(b"{\"a\":\"\\ud800\"}", l).is_none());
        assert!(Message::scan(b"{} x", l).is_none());
        assert!(Message::scan(b"\xEF\xBB\xBF{\"method\":1}", l).is_some());
        assert_eq!(
            Message::scan(b"7", l).map(|m| m.skeleton().clone()),
            Some(Value::Null)
        );
    }
}

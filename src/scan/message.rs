//! A JSON-RPC message read from bytes for [`crate::Session`]: its
//! [`MessageHead`] (read in one strict pass, or by another pass that
//! already read the text, [`Message::scanned`]) and where `result` and
//! `error` sit, so each planned check can run the bytes validator on its
//! slice; when one fails, a collecting read of that slice names the
//! failing values, and only those are parsed ([`bytes::collect`]); a full
//! `Value` is built only when that read cannot stand for the `Value` path
//! (the whole target failing at its top, repeated member names, …).
//! Batches (arrays) are left to the `Value` path.

use std::cell::OnceCell;

use serde_json::Value;

use super::MessageHead;
use crate::{
    bytes::{self, reads},
    input::{self, Limits},
    message::Target,
    spec::DefinitionFns,
    Path, Version, Violation,
};

/// One message, scanned.
#[derive(Debug)]
pub struct Message<'a> {
    bytes: &'a [u8],
    text: &'a [u8],
    limits: Limits,
    head: MessageHead,
    full: OnceCell<Option<Value>>,
}

impl<'a> Message<'a> {
    /// Scans one message; `None` when the `Value` path must read it (a
    /// batch, or input this reader refuses, whose error serde_json gives).
    pub fn scan(bytes: &'a [u8], limits: Limits) -> Option<Message<'a>> {
        let text = bytes::text(bytes, limits)?;
        let head = MessageHead::scan(text, limits.max_depth)?;
        Some(Message {
            bytes,
            text,
            limits,
            head,
            full: OnceCell::new(),
        })
    }

    /// A message whose head another strict pass already read (the
    /// transcript's record scan, [`super::HeadBuilder`]): no pass
    /// here. `head` must be [`MessageHead::scan`]'s head of `bytes` —
    /// read by the same [`bytes::Reader`] over the same text at the same depth
    /// limit, which is what makes skipping the scan sound.
    pub fn scanned(bytes: &'a [u8], limits: Limits, head: MessageHead) -> Option<Message<'a>> {
        let text = bytes::text(bytes, limits)?;
        Some(Message {
            bytes,
            text,
            limits,
            head,
            full: OnceCell::new(),
        })
    }

    /// What dispatch, correlation and the conversation rules read of the
    /// message.
    pub fn head(&self) -> &MessageHead {
        &self.head
    }

    /// The message text (its byte order mark skipped): what the head's
    /// spans ([`crate::scan::Json::Span`]) index.
    pub fn text(&self) -> &'a [u8] {
        self.text
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
            Target::Result => self.head.result_span?,
            Target::Error => self.head.error_span?,
        };
        self.text.get(span.0..span.1)
    }

    /// Whether one strict pass shows this response valid for the result
    /// envelope `envelope` with `result` valid for `typed`
    /// ([`bytes::plan::reads_result_response`]); `false` says nothing.
    /// Only for a `typed` that implies `Result`
    /// ([`crate::spec::DispatchMaps::implies`]: the caller's to check).
    pub fn reads_result_response(
        &self,
        envelope: &'static DefinitionFns,
        typed: &'static DefinitionFns,
    ) -> bool {
        match (envelope.read, typed.read) {
            (Some(e), Some(t)) => bytes::plan::reads_result_response(e, t, self.text, self.limits),
            _ => false,
        }
    }

    /// The violations of `definition` at `target` (`None` when the member
    /// is absent): nothing when the bytes validator shows it valid, else
    /// those the `Value` path reports, pointers from the message root.
    pub fn check(
        &self,
        version: Version,
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
        let root = Path::Root;
        // The failing places alone, when a collecting read can name them
        // (`super::collect`); a `Value` of the whole message otherwise.
        if self.full.get().is_none() {
            let base = match target {
                Target::Message => root,
                Target::Result => root.key("result"),
                Target::Error => root.key("error"),
            };
            let collected = version
                .spec()
                .and_then(|spec| bytes::collect(spec, definition, text, &base, self.limits));
            if collected.is_some() {
                return collected;
            }
        }
        // Scanning accepted the bytes, so the `Value` path reads them too.
        let full = self.full()?;
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

    #[test]
    fn targets_are_the_members_spans() {
        let text = br#"{"jsonrpc":"2.0","id":1,"result":{"resultType":"task","z":{}},"result":[1],
            "error":{"code":-32602,"message":"m"}}"#;
        let m = Message::scan(text, Limits::default()).unwrap();
        assert_eq!(m.target(Target::Result), Some(b"[1]".as_slice()));
        assert_eq!(
            m.target(Target::Error),
            Some(br#"{"code":-32602,"message":"m"}"#.as_slice())
        );
        assert_eq!(m.head().error_code, Some(-32602));
    }

    #[test]
    fn leaves_batches_and_bad_input_to_the_value_path() {
        let l = Limits::default();
        assert!(Message::scan(b"[{}]", l).is_none());
        assert!(Message::scan(b"{\"a\":\"\\ud800\"}", l).is_none());
        assert!(Message::scan(b"{} x", l).is_none());
        assert!(Message::scan(b"\xEF\xBB\xBF{\"method\":1}", l).is_some());
        assert_eq!(
            Message::scan(b"7", l).map(|m| m.head().clone()),
            Some(MessageHead::default())
        );
    }
}

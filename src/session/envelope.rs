//! Request and notification envelopes judged from the message head: in
//! every revision so far `JSONRPCRequest` and `JSONRPCNotification` ask
//! only what [`MessageHead`] reads anyway —
//!
//! - `jsonrpc`: the string `"2.0"`; `method`: a string; (request) `id`: a
//!   `RequestId`, string or integer;
//! - `params`, when present: an object; its `_meta`, when present
//!   (2024-11-05 … 2025-06-18): an object, whose `progressToken`, when
//!   present (requests), is a `ProgressToken`, string or integer;
//! - nothing else: both are open objects (no `additionalProperties`), and
//!   `params` and `_meta` are open too.
//!
//! So where [`shows_envelope`] says yes the envelope's check would report
//! nothing, and the session skips that strict pass over the message (one
//! of three per valid request whose typed check does not imply the
//! envelope, [`crate::spec::DispatchMaps::implies`]). It says
//! yes only when sure: an id or token that is a number other than a plain
//! integer (`1.0`, `1e2`), or anything the head does not read exactly, is
//! left to the check, which then runs as before. The head reads repeated
//! members as serde_json does (the last one wins), as the `Value` path's
//! check sees them. It says yes only in revisions whose envelopes codegen
//! proved to ask nothing more ([`crate::spec::Envelopes::shown_by_head`]:
//! `codegen/src/dispatch/implies.rs` states what the head reads as a schema and
//! proves it implies both envelopes).
//!
//! The tests below compare the answer with the envelope's own check on
//! every revision it applies to.

use serde_json::Value;

use crate::{scan::MessageHead, Spec};

/// Whether `id` (or a progress token) is certainly a string or an integer.
fn string_or_integer(id: &Value) -> bool {
    match id {
        Value::String(_) => true,
        Value::Number(n) => n.is_i64() || n.is_u64(),
        _ => false,
    }
}

/// Whether the head shows the message valid for `envelope`, the
/// revision's request or notification envelope (`false`: not shown, run
/// the check).
pub fn shows_envelope(spec: &Spec, envelope: &str, head: &MessageHead) -> bool {
    if !spec.maps.envelopes.shown_by_head {
        return false;
    }
    let names = &spec.maps.envelopes;
    let request = if envelope == names.request {
        true
    } else if envelope == names.notification {
        false
    } else {
        return false;
    };
    let meta = match head.meta_object {
        None => true,
        Some(false) => false,
        Some(true) => {
            !request
                || head
                    .meta_progress_token
                    .as_ref()
                    .is_none_or(string_or_integer)
        }
    };
    head.object
        && head.jsonrpc_2
        && head.method.is_some()
        && (!request || head.id.as_ref().is_some_and(string_or_integer))
        && match head.params_object {
            None => true,
            Some(object) => object && meta,
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Version;
    use crate::{input::Limits, Path};

    /// Requests and notifications around the envelopes' edges.
    const MESSAGES: &[&str] = &[
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":"a","method":"x","params":{}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/x"}"#,
        r#"{"jsonrpc":"2.0","method":"n","params":{"_meta":{"a":1}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":{"progressToken":"t"}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":{"progressToken":7}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":{"progressToken":7.5}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":{"progressToken":null}}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":[]}}"#,
        r#"{"jsonrpc":"2.0","method":"n","params":{"_meta":"m"}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"x","params":[]}"#,
        r#"{"jsonrpc":"2.0","method":"n","params":null}"#,
        r#"{"jsonrpc":"2.0","id":1.0,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":1e2,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":-3,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":18446744073709551615,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":null,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":true,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":{},"method":"x"}"#,
        r#"{"jsonrpc":"2.1","id":1,"method":"x"}"#,
        r#"{"jsonrpc":2.0,"id":1,"method":"x"}"#,
        r#"{"jsonrpc":"2\u002e0","id":1,"method":"x"}"#,
        r#"{"id":1,"method":"x"}"#,
        r#"{"jsonrpc":"1.0","jsonrpc":"2.0","id":1,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","jsonrpc":"1.0","id":1,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":"a","id":1.5,"method":"x"}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"x","params":{},"params":[1]}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"x","params":[1],"params":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":1,"_meta":{}}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":{},"_meta":1}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":{"progressToken":1},"_meta":{"progressToken":[]}}}"#,
        r#"{"jsonrpc":"2.0","method":"n","id":1,"extra":[1,{"a":null}]}"#,
    ];

    /// Where the head says valid, the envelope's own check (the `Value`
    /// path's) reports nothing; and it does say so for the plain ones.
    #[test]
    fn head_facts_agree_with_the_envelope_checks() {
        let mut shown = 0;
        for version in Version::enabled() {
            let Some(spec) = version.spec() else { continue };
            let names = &spec.maps.envelopes;
            for text in MESSAGES {
                let value: Value = serde_json::from_str(text).unwrap();
                let head = MessageHead::scan(text.as_bytes(), Limits::default().max_depth).unwrap();
                assert_eq!(
                    head.with_values(Some(text.as_bytes())),
                    MessageHead::of_value(&value),
                    "{text}"
                );
                for envelope in [names.request, names.notification] {
                    if !shows_envelope(spec, envelope, &head) {
                        continue;
                    }
                    shown += 1;
                    let fns = spec.definition(envelope).unwrap();
                    let mut out = Vec::new();
                    (fns.check_at)(&value, &Path::Root, &mut out);
                    assert!(out.is_empty(), "{version} {envelope} {text}: {out:?}");
                }
            }
            if spec.maps.envelopes.shown_by_head {
                let plain = MessageHead::scan(MESSAGES[4].as_bytes(), 128).unwrap();
                assert!(shows_envelope(spec, names.request, &plain), "{version}");
                let plain = MessageHead::scan(MESSAGES[3].as_bytes(), 128).unwrap();
                assert!(
                    shows_envelope(spec, names.notification, &plain),
                    "{version}"
                );
            }
        }
        assert!(shown > 0);
    }
}

//! What each side declared it supports, as the session saw it: the
//! `initialize` request's `capabilities` (client) and result's (server);
//! 2026-07-28's per-request `_meta["io.modelcontextprotocol/clientCapabilities"]`
//! (client, the latest seen wins) and `server/discover` results (server).
//!
//! A side whose capabilities were never seen is *unknown*
//! ([`Capabilities::client`] is `None`): rules that need them are not
//! applied, and task augmentation accepts either answer.
//!
//! **Kept as text on the bytes path** ([`Declared`]): the session asks
//! only whether a side declared a few member paths (the capability rules,
//! task support), which [`Declared::declares`] answers by reading the
//! text, with serde_json's reading of it (the last of repeated members,
//! escapes decoded). The `Value` ([`Capabilities`]) is built only when a
//! caller asks for it ([`crate::Session::capabilities`]). Measured: parsing
//! both sides' capabilities into `Value`s and dropping them again was
//! about 5 % of a short conversation's instructions (`npm/README.md`,
//! Performance).

use serde_json::Value;

use crate::bytes::{Reader, R};
pub use crate::scan::META_CLIENT_CAPABILITIES;

/// The capabilities both sides declared (JSON objects as sent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Capabilities {
    /// The client's, when seen.
    pub client: Option<Value>,
    /// The server's, when seen.
    pub server: Option<Value>,
}

impl Capabilities {
    /// One side's capabilities (`client`: the client's, else the server's).
    pub fn side(&self, client: bool) -> Option<&Value> {
        if client {
            self.client.as_ref()
        } else {
            self.server.as_ref()
        }
    }

    /// Whether that side declared the capability at `path`
    /// (`["resources", "subscribe"]`): `None` when its capabilities are
    /// unknown. A member counts as declared when present and neither
    /// `null` nor `false`.
    pub fn declares(&self, client: bool, path: &[&str]) -> Option<bool> {
        Some(value_declares(self.side(client)?, path))
    }

    /// 2025-11-25 tasks: whether the receiver of `method` declared task
    /// support for it (`tasks.requests.<a>.<b>` for method `a/b`, on the
    /// receiver's side: the server's for `tools/call`, the client's for
    /// `sampling/createMessage` and `elicitation/create`); `None` when
    /// the receiver's capabilities are unknown.
    pub fn task_support(&self, receiver_is_client: bool, method: &str) -> Option<bool> {
        self.side(receiver_is_client)?;
        let Some((category, name)) = task_path(method) else {
            return Some(false);
        };
        self.declares(receiver_is_client, &["tasks", "requests", category, name])
    }
}

/// `a/b` → `("a", "b")`; `None` (no task support) without a `/`.
fn task_path(method: &str) -> Option<(&str, &str)> {
    method.split_once('/')
}

fn value_declares(mut at: &Value, path: &[&str]) -> bool {
    for key in path {
        match at.get(key) {
            Some(Value::Null | Value::Bool(false)) | None => return false,
            Some(v) => at = v,
        }
    }
    true
}

/// Nesting a [`Declared::Text`] may have: any text read within it parses
/// with serde_json (whose limit is 128), so the `Value` built later is the
/// one the text stands for. Deeper text is parsed at once.
const TEXT_DEPTH: usize = 100;

/// One side's capabilities as the session holds them.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Declared {
    /// The JSON text (bytes path), read when asked.
    Text(Box<[u8]>),
    /// The value.
    Value(Value),
}

impl Declared {
    /// The capabilities at `text` (one JSON value the head scan read):
    /// kept as text when they are shallow enough ([`TEXT_DEPTH`]), else
    /// parsed; `None` when they do not parse.
    pub fn of_text(text: &[u8]) -> Option<Declared> {
        let mut r = Reader::new(text, TEXT_DEPTH);
        if r.skip().and_then(|()| r.finish()).is_ok() {
            return Some(Declared::Text(text.into()));
        }
        serde_json::from_slice(text).ok().map(Declared::Value)
    }

    /// Whether they are a JSON object.
    pub fn is_object(&self) -> bool {
        match self {
            Declared::Text(t) => t.first() == Some(&b'{'),
            Declared::Value(v) => v.is_object(),
        }
    }

    /// The value.
    pub fn value(&self) -> Option<Value> {
        match self {
            Declared::Text(t) => serde_json::from_slice(t).ok(),
            Declared::Value(v) => Some(v.clone()),
        }
    }

    /// [`Capabilities::declares`] on these capabilities.
    pub fn declares(&self, path: &[&str]) -> bool {
        match self {
            Declared::Value(v) => value_declares(v, path),
            Declared::Text(t) => match text_declares(t, path) {
                Ok(yes) => yes,
                // Not reached: the text was read when it was kept.
                Err(_) => self.value().is_some_and(|v| value_declares(&v, path)),
            },
        }
    }
}

/// [`value_declares`] on JSON text: member by member, the last of
/// repeated names winning (as serde_json's map keeps it).
fn text_declares(mut at: &[u8], path: &[&str]) -> R<bool> {
    for key in path {
        let mut r = Reader::new(at, TEXT_DEPTH);
        if r.peek()? != b'{' {
            return Ok(false);
        }
        let mut found = None;
        r.object(|r, k| {
            if k == *key {
                r.peek()?;
                let start = r.pos();
                r.skip()?;
                found = Some((start, r.pos()));
                Ok(())
            } else {
                r.skip()
            }
        })?;
        match found.map(|(start, end)| &at[start..end]) {
            None | Some(b"null" | b"false") => return Ok(false),
            Some(value) => at = value,
        }
    }
    Ok(true)
}

/// Both sides' capabilities as the session holds them, and the
/// [`Capabilities`] built from them when a caller asks.
#[derive(Debug, Default)]
pub(crate) struct Sides {
    client: Option<Declared>,
    server: Option<Declared>,
    values: std::sync::OnceLock<Capabilities>,
    /// [`Sides::gate`]'s answers since the last change: (client side,
    /// the path's address and length, the answer). A conversation asks the same few
    /// gates again and again; reading the text once per gate and side
    /// keeps that cheaper than the parse it replaces.
    answers: Vec<(bool, (usize, usize), bool)>,
}

impl Sides {
    /// Sets the client's.
    pub fn set_client(&mut self, caps: Declared) {
        self.client = Some(caps);
        self.changed();
    }

    /// Sets the server's.
    pub fn set_server(&mut self, caps: Declared) {
        self.server = Some(caps);
        self.changed();
    }

    fn changed(&mut self) {
        self.values = Default::default();
        self.answers.clear();
    }

    /// [`Sides::declares`] for a path the module owns (a capability
    /// rule's), remembered until that side's capabilities change.
    pub fn gate(&mut self, client: bool, path: &'static [&'static str]) -> Option<bool> {
        // The address and the length: a constant may be a prefix of another.
        let key = (path.as_ptr() as usize, path.len());
        if let Some(&(_, _, yes)) = self
            .answers
            .iter()
            .find(|&&(c, p, _)| c == client && p == key)
        {
            return Some(yes);
        }
        let yes = self.declares(client, path)?;
        self.answers.push((client, key, yes));
        Some(yes)
    }

    /// The client's, as a `Value` (for the 2026-07-28 `_meta` comparison).
    pub fn client_is(&self, caps: &Value) -> bool {
        match &self.client {
            Some(Declared::Value(v)) => v == caps,
            Some(text) => text.value().as_ref() == Some(caps),
            None => false,
        }
    }

    /// [`Capabilities::declares`].
    pub fn declares(&self, client: bool, path: &[&str]) -> Option<bool> {
        let side = if client { &self.client } else { &self.server };
        Some(side.as_ref()?.declares(path))
    }

    /// [`Capabilities::task_support`].
    pub fn task_support(&self, receiver_is_client: bool, method: &str) -> Option<bool> {
        let side = if receiver_is_client {
            &self.client
        } else {
            &self.server
        };
        let side = side.as_ref()?;
        Some(match task_path(method) {
            Some((category, name)) => side.declares(&["tasks", "requests", category, name]),
            None => false,
        })
    }

    /// The values.
    pub fn values(&self) -> &Capabilities {
        self.values.get_or_init(|| Capabilities {
            client: self.client.as_ref().and_then(Declared::value),
            server: self.server.as_ref().and_then(Declared::value),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text and `Value` answer alike: repeated members (the last wins),
    /// escaped names, `null` and `false`, non-objects at any step, empty
    /// paths, whitespace.
    #[test]
    fn text_declares_what_the_value_declares() {
        let texts = [
            r#"{"tools":{"listChanged":true},"logging":{}}"#,
            r#"{"tools":{"listChanged":false},"tools":{}}"#,
            r#"{"tools":{},"tools":null}"#,
            r#"{"tools":null,"tools":{"listChanged":1}}"#,
            r#"{"t\u006fols":{"listChanged":true}}"#,
            r#" { "tools" : [ 1 ] , "resources" : { "subscribe" : "no" } } "#,
            r#"{"tasks":{"requests":{"tools":{"call":{}}}}}"#,
            r#"{"tasks":{"requests":{"tools":{"call":false}}}}"#,
            r#"[{"tools":{}}]"#,
            "5",
            "null",
            "{}",
        ];
        let paths: [&[&str]; 7] = [
            &[],
            &["tools"],
            &["tools", "listChanged"],
            &["resources", "subscribe"],
            &["logging"],
            &["tasks", "requests", "tools", "call"],
            &["tools", "listChanged", "deeper"],
        ];
        for text in texts {
            let value: Value = serde_json::from_str(text).unwrap();
            let declared = Declared::of_text(text.trim().as_bytes()).unwrap();
            assert!(matches!(declared, Declared::Text(_)), "{text}");
            assert_eq!(declared.value(), Some(value.clone()));
            assert_eq!(declared.is_object(), value.is_object(), "{text}");
            for path in paths {
                assert_eq!(
                    declared.declares(path),
                    value_declares(&value, path),
                    "{text} {path:?}"
                );
            }
        }
        // Remembered gate answers follow a change of either side.
        const TOOLS: &[&str] = &["tools", "listChanged"];
        let mut sides = Sides::default();
        assert_eq!(sides.gate(false, TOOLS), None);
        sides.set_server(Declared::of_text(br#"{"tools":{"listChanged":true}}"#).unwrap());
        assert_eq!(sides.gate(false, TOOLS), Some(true));
        assert_eq!(sides.gate(false, &TOOLS[..1]), Some(true));
        assert_eq!(sides.gate(true, TOOLS), None);
        sides.set_server(Declared::of_text(br#"{"tools":{}}"#).unwrap());
        assert_eq!(sides.gate(false, TOOLS), Some(false));
        assert_eq!(sides.gate(false, &TOOLS[..1]), Some(true));
        sides.set_client(Declared::Value(
            serde_json::json!({"tools": {"listChanged": 1}}),
        ));
        assert_eq!(sides.gate(true, TOOLS), Some(true));
        assert_eq!(
            sides.values().server,
            Some(serde_json::json!({"tools": {}}))
        );

        let deep = format!("{}{}", "[".repeat(150), "]".repeat(150));
        assert_eq!(Declared::of_text(deep.as_bytes()), None);
        let deep_ok = format!("{}{}", "[".repeat(110), "]".repeat(110));
        assert!(matches!(
            Declared::of_text(deep_ok.as_bytes()),
            Some(Declared::Value(_))
        ));
    }
}

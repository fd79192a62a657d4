//! The handshake each revision prescribes: `initialize` and
//! `notifications/initialized` up to 2025-11-25, `server/discover` with the
//! per-request `_meta` from 2026-07-28 (basic/lifecycle; server/discover).

use crate::Version;
use serde_json::{json, Value};

use super::{initialize_params, request_meta, rules, server_info, stateless, Exercise, Reply};

impl Exercise<'_> {
    /// `initialize` + `notifications/initialized`, or (stateless
    /// revisions) `server/discover` with the per-request `_meta`. Returns
    /// the server's capabilities.
    pub(super) fn handshake(&mut self) -> Option<Value> {
        let offered = self.revision.as_str();
        if stateless(self.revision) {
            self.conn
                .set_request_meta(Some(request_meta(self.revision)));
            return match self.call("server/discover", None)? {
                Reply::Result(r) => {
                    self.table.server =
                        server_info(r.pointer("/_meta/io.modelcontextprotocol~1serverInfo"));
                    let supported = r.get("supportedVersions").and_then(Value::as_array);
                    if supported.is_some_and(|s| s.iter().any(|v| v == offered)) {
                        self.table.negotiated = Some(offered.to_string());
                        Some(r.get("capabilities").cloned().unwrap_or_else(|| json!({})))
                    } else {
                        self.table.note = Some(format!(
                            "server/discover does not list {offered} among supportedVersions: not spoken"
                        ));
                        None
                    }
                }
                Reply::Error(code, text) => {
                    self.table.note = Some(discover_refused(code, &text, offered));
                    None
                }
                Reply::TimedOut | Reply::Closed | Reply::Failed(_) => {
                    self.no_handshake("server/discover");
                    None
                }
            };
        }
        match self.call("initialize", Some(initialize_params(self.revision)))? {
            Reply::Result(r) => {
                self.table.server = server_info(r.get("serverInfo"));
                let answered = r
                    .get("protocolVersion")
                    .and_then(Value::as_str)
                    .map(str::to_string);
                self.table.negotiated.clone_from(&answered);
                self.conn.notify("notifications/initialized", None);
                match answered {
                    Some(v) if v.parse::<Version>().is_err() => {
                        let message = format!(
                            "offered {offered}, the server answered protocolVersion {v:?}, which is no published revision"
                        );
                        self.finding(rules::NEGOTIATION, "initialize", message);
                    }
                    _ => {}
                }
                Some(r.get("capabilities").cloned().unwrap_or_else(|| json!({})))
            }
            Reply::Error(code, text) => {
                self.table.note = Some(format!(
                    "initialize answered an error ({}: {text}): the server does not speak {offered}",
                    code.map_or_else(|| "no code".into(), |c| c.to_string())
                ));
                None
            }
            Reply::TimedOut | Reply::Closed | Reply::Failed(_) => {
                self.no_handshake("initialize");
                None
            }
        }
    }

    fn no_handshake(&mut self, method: &str) {
        let message =
            format!("'{method}' got no answer: nothing else was exercised at this revision");
        self.table.note = Some(message.clone());
        self.finding(rules::NO_HANDSHAKE, method, message);
    }
}

/// The note for a `server/discover` answered with an error: −32022 is the
/// revision's `UnsupportedProtocolVersionError` ("If the server does not
/// implement the requested version … it **MUST** respond with an
/// `UnsupportedProtocolVersionError`", basic/versioning): a server of the
/// stateless era that does not support the offered revision. Any other
/// error is a server of the `initialize` era.
fn discover_refused(code: Option<i64>, text: &str, offered: &str) -> String {
    match code {
        Some(UNSUPPORTED_PROTOCOL_VERSION) => format!(
            "server/discover answered UnsupportedProtocolVersionError ({UNSUPPORTED_PROTOCOL_VERSION}: {text}): the server does not support {offered}"
        ),
        Some(c) => format!(
            "server/discover answered an error ({c}: {text}): the server does not speak {offered} (a server of the initialize era)"
        ),
        None => format!(
            "server/discover answered an error (no code: {text}): the server does not speak {offered} (a server of the initialize era)"
        ),
    }
}

/// `UnsupportedProtocolVersionError`'s code (2026-07-28 and draft schema).
const UNSUPPORTED_PROTOCOL_VERSION: i64 = -32022;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unsupported_version_is_named_so() {
        let note = discover_refused(Some(-32022), "Unsupported protocol version", "DRAFT");
        assert!(note.contains("UnsupportedProtocolVersionError"), "{note}");
        assert!(note.contains("does not support DRAFT"), "{note}");
        assert!(!note.contains("initialize era"), "{note}");
        let old = discover_refused(Some(-32601), "Method not found", "2026-07-28");
        assert!(old.contains("initialize era"), "{old}");
    }
}

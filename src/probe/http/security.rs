//! The session and protocol-version checks (Streamable HTTP, a server
//! that issued a session id): requests the probe's own conversation never
//! sends, each asking one question of the transport page. Their
//! exchanges break client rules on purpose (a missing or made-up session
//! id, a missing or unsupported `MCP-Protocol-Version`), so they are not
//! handed to the pipeline or captured: their outcome is the check's.

use super::*;

/// A session id no server issued.
pub const MADE_UP_SESSION: &str = "mcpwire-probe-made-up-session-0000000000000000";

/// An `MCP-Protocol-Version` no revision has.
pub const UNSUPPORTED_VERSION: &str = "1999-01-01";

/// Which check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// A `ping` without `Mcp-Session-Id`.
    SessionMissing,
    /// A `ping` with a made-up `Mcp-Session-Id`.
    SessionMadeUp,
    /// A `ping` with the id of a second session, DELETEd first.
    SessionDeleted,
    /// A `ping` without `MCP-Protocol-Version` (2025-06-18 on).
    VersionMissing,
    /// A `ping` with `MCP-Protocol-Version: 1999-01-01` (2025-06-18 on).
    VersionUnsupported,
}

impl Check {
    /// Its name in the table.
    pub fn name(self) -> &'static str {
        match self {
            Check::SessionMissing => "session-missing",
            Check::SessionMadeUp => "session-made-up",
            Check::SessionDeleted => "session-deleted",
            Check::VersionMissing => "version-missing",
            Check::VersionUnsupported => "version-unsupported",
        }
    }
}

/// What a check saw.
#[derive(Debug)]
pub struct Outcome {
    /// The check.
    pub check: Check,
    /// What was sent and how it was answered, for the table.
    pub what: String,
    /// Whether the answer breaks the check's sentence.
    pub failed: bool,
    /// Not done, and why (the check is listed as not called).
    pub skipped: Option<String>,
}

impl HttpLink {
    /// Runs the checks that apply: none over HTTP+SSE, at the stateless
    /// revisions or without a session id; the version checks only where
    /// the negotiated revision requires `MCP-Protocol-Version`. `ping` and
    /// `initialize` are the messages to send (fresh ids).
    pub fn security_checks(
        &mut self,
        ping: &Value,
        initialize: &Value,
        timeout: Duration,
    ) -> Vec<Outcome> {
        let shared = Arc::clone(&self.shared);
        let (session, version) = {
            let state = shared.state();
            (state.session_id.is_some(), state.protocol_version.clone())
        };
        if !session || shared.legacy() || shared.stateless {
            return Vec::new();
        }
        let (ping, initialize) = (ping.clone(), initialize.clone());
        self.runtime.block_on(async move {
            let deadline = || Instant::now() + timeout;
            let mut out = Vec::new();
            let base = shared.headers(Some(&ping), ACCEPT_POST);
            let without = |name: &str| -> Vec<(String, String)> {
                base.iter().filter(|(n, _)| n != name).cloned().collect()
            };
            let with = |name: &str, value: &str| {
                let mut h = without(name);
                h.push((name.to_string(), value.to_string()));
                h
            };
            let status = ping_status(&shared, &ping, without("mcp-session-id"), deadline()).await;
            out.push(judge(Check::SessionMissing, status));
            let status = ping_status(
                &shared,
                &ping,
                with("mcp-session-id", MADE_UP_SESSION),
                deadline(),
            )
            .await;
            out.push(judge(Check::SessionMadeUp, status));
            out.push(
                deleted_session(&shared, &ping, &initialize, version.as_deref(), timeout).await,
            );
            if version.is_some() {
                let status =
                    ping_status(&shared, &ping, without("mcp-protocol-version"), deadline()).await;
                out.push(judge(Check::VersionMissing, status));
                let status = ping_status(
                    &shared,
                    &ping,
                    with("mcp-protocol-version", UNSUPPORTED_VERSION),
                    deadline(),
                )
                .await;
                out.push(judge(Check::VersionUnsupported, status));
            }
            out
        })
    }
}

/// POSTs `message` with `headers` (unjudged); the status, or why none.
async fn ping_status(
    shared: &Arc<Shared>,
    message: &Value,
    headers: Vec<(String, String)>,
    deadline: Instant,
) -> Result<(u16, Headers), String> {
    let body = serde_json::to_vec(message).unwrap_or_default();
    let target = shared.target.clone();
    match send_unjudged(shared, "POST", &target, headers, body, deadline).await {
        Ok((head, _body)) => Ok((head.status, head.headers)),
        Err(SendError::Stopped) => Err("no answer in time".into()),
        Err(SendError::Failed(why)) => Err(why),
    }
}

/// What `check`'s answer means, by its sentence.
fn judge(check: Check, answer: Result<(u16, Headers), String>) -> Outcome {
    let sent = match check {
        Check::SessionMissing => "without Mcp-Session-Id".to_string(),
        Check::SessionMadeUp => "with a made-up Mcp-Session-Id".to_string(),
        Check::SessionDeleted => "with the Mcp-Session-Id of a session DELETEd".to_string(),
        Check::VersionMissing => "without MCP-Protocol-Version".to_string(),
        Check::VersionUnsupported => format!("with MCP-Protocol-Version: {UNSUPPORTED_VERSION}"),
    };
    let status = match answer {
        Ok((status, _)) => status,
        Err(why) => {
            return Outcome {
                check,
                what: format!("a POST of 'ping' {sent}: no answer ({why})"),
                failed: false,
                skipped: None,
            }
        }
    };
    let served = (200..300).contains(&status);
    let failed = match check {
        // "Servers that require a session ID SHOULD respond to requests
        // without an Mcp-Session-Id header (other than initialization)
        // with HTTP 400 Bad Request": a server that serves it does not
        // require one; one that refuses it otherwise than 400 does.
        Check::SessionMissing => !served && status != 400,
        // A session id the server never issued names no session: it must
        // not be served.
        Check::SessionMadeUp => served,
        // "The server MAY terminate the session at any time, after which
        // it MUST respond to requests containing that session ID with
        // HTTP 404 Not Found."
        Check::SessionDeleted => status != 404,
        // "if the server does not receive an MCP-Protocol-Version header,
        // and has no other way to identify the version … the server
        // SHOULD assume protocol version 2025-03-26": not refuse.
        Check::VersionMissing => !served,
        // "If the server receives a request with an invalid or
        // unsupported MCP-Protocol-Version, it MUST respond with 400 Bad
        // Request."
        Check::VersionUnsupported => status != 400,
    };
    let verb = if served { "served" } else { "refused" };
    Outcome {
        check,
        what: format!("a POST of 'ping' {sent} {verb} (HTTP {status})"),
        failed,
        skipped: None,
    }
}

/// Opens a second session (`initialize` without a session id), DELETEs
/// it, then sends `ping` with its id: it must be answered 404. Skipped
/// when no second session id is issued or the DELETE is not accepted
/// (405 is the server's right: "The server MAY respond to this request
/// with HTTP 405 Method Not Allowed").
async fn deleted_session(
    shared: &Arc<Shared>,
    ping: &Value,
    initialize: &Value,
    version: Option<&str>,
    timeout: Duration,
) -> Outcome {
    let skipped = |why: String| Outcome {
        check: Check::SessionDeleted,
        what: String::new(),
        failed: false,
        skipped: Some(why),
    };
    let opening = vec![
        ("accept".to_string(), ACCEPT_POST.to_string()),
        ("content-type".to_string(), "application/json".to_string()),
    ];
    let second = match ping_status(shared, initialize, opening, Instant::now() + timeout).await {
        Ok((s, headers)) if (200..300).contains(&s) => {
            headers.get("mcp-session-id").map(str::to_string)
        }
        Ok((s, _)) => return skipped(format!("a second initialize was answered HTTP {s}")),
        Err(why) => return skipped(format!("a second initialize got no answer ({why})")),
    };
    let Some(second) = second else {
        return skipped("a second initialize got no Mcp-Session-Id".into());
    };
    let mut headers = vec![("mcp-session-id".to_string(), second.clone())];
    if let Some(v) = version {
        headers.push(("mcp-protocol-version".to_string(), v.to_string()));
    }
    let target = shared.target.clone();
    let deleted = send_unjudged(
        shared,
        "DELETE",
        &target,
        headers.clone(),
        Vec::new(),
        Instant::now() + timeout,
    )
    .await;
    match deleted {
        Ok((head, _)) if (200..300).contains(&head.status) => {}
        Ok((head, _)) => {
            return skipped(format!(
                "the DELETE of a second session was answered HTTP {}",
                head.status
            ))
        }
        Err(_) => return skipped("the DELETE of a second session got no answer".into()),
    }
    headers.push(("accept".to_string(), ACCEPT_POST.to_string()));
    headers.push(("content-type".to_string(), "application/json".to_string()));
    let status = ping_status(shared, ping, headers, Instant::now() + timeout).await;
    judge(Check::SessionDeleted, status)
}

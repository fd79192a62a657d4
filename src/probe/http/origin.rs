//! URL checks and the Origin check: what it saw, loopback hosts, `--url`
//! validation.

use super::*;

/// What the Origin check saw.
#[derive(Debug)]
pub enum OriginCheck {
    /// The server served the request: its status.
    Accepted(u16),
    /// Refused: the status.
    Refused(u16),
    /// No answer: why.
    NoAnswer(String),
}

/// Whether `host` is `localhost` or a loopback address.
pub(super) fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|a| a.is_loopback())
}

/// Checks a `--url`: an `http://` or `https://` URL with a host.
pub fn check_url(url: &str) -> Result<Uri, String> {
    // Usage messages show the URL with its credentials redacted.
    let shown = crate::http::Redaction::default().target(url);
    let uri: Uri = url.parse().map_err(|e| format!("--url {shown:?}: {e}"))?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return Err(format!("--url {shown:?}: use an http:// or https:// URL")),
    }
    if uri.authority().is_none() {
        return Err(format!("--url {shown:?} has no host"));
    }
    Ok(uri)
}

impl HttpLink {
    /// Sends `message` (the revision's opening request) with a foreign
    /// `Origin` on a connection of its own — Streamable HTTP: POSTed to the
    /// URL without a session; HTTP+SSE: a GET of the SSE endpoint — and
    /// says whether the server served it. A session it opens is ended
    /// (DELETE); a stream it opens is closed.
    pub fn origin_check(&mut self, message: &Value, timeout: Duration) -> OriginCheck {
        let shared = Arc::clone(&self.shared);
        let message = message.clone();
        self.runtime.block_on(async move {
            let deadline = Instant::now() + timeout;
            let legacy = shared.legacy();
            let (exchange, head, response) =
                match send_with_origin(&shared, legacy, &message, deadline).await {
                    Ok(x) => x,
                    Err(SendError::Stopped) => {
                        return OriginCheck::NoAnswer("no answer in time".into())
                    }
                    Err(SendError::Failed(why)) => return OriginCheck::NoAnswer(why),
                };
            let status = head.status;
            if legacy {
                // Opened (or not): closed at once.
                shared.submit(Step::End {
                    exchange,
                    end: End::Complete,
                });
                drop(response);
            } else if head.is_sse() {
                let mut events = Events::new(exchange, response, shared.limit);
                // Read to the end (its messages judged), not routed: the
                // conversation is not the probe's.
                while let Next::Event(_) = events.next(&shared, Some(deadline)).await {}
            } else {
                read_body(&shared, exchange, response, deadline).await;
            }
            if !(200..300).contains(&status) {
                // Refused by status, as it must be: not also unanswered.
                if let Some(id) = message.get("id").and_then(Value::as_u64) {
                    shared
                        .answered
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(id);
                }
                return OriginCheck::Refused(status);
            }
            if !legacy && !shared.stateless {
                end_session(&shared, &head, deadline).await;
            }
            OriginCheck::Accepted(status)
        })
    }
}

/// The Origin check's request: HTTP+SSE, a GET of the SSE endpoint;
/// Streamable HTTP, a POST of `message` without a session (at the
/// stateless revisions with its `Mcp-*` headers).
async fn send_with_origin(
    shared: &Arc<Shared>,
    legacy: bool,
    message: &Value,
    deadline: Instant,
) -> Result<(u64, ResponseHead, Incoming), SendError> {
    let target = shared.target.clone();
    let origin = ("origin".to_string(), FOREIGN_ORIGIN.to_string());
    if legacy {
        let headers = vec![
            ("accept".to_string(), "text/event-stream".to_string()),
            origin,
        ];
        return send(shared, "GET", &target, headers, Vec::new(), deadline).await;
    }
    let mut headers = vec![
        ("accept".to_string(), ACCEPT_POST.to_string()),
        ("content-type".to_string(), "application/json".to_string()),
        origin,
    ];
    if shared.stateless {
        headers.extend(
            shared
                .headers(Some(message), ACCEPT_POST)
                .into_iter()
                .filter(|(n, _)| n.starts_with("mcp-")),
        );
    }
    let body = serde_json::to_vec(message).unwrap_or_default();
    send(shared, "POST", &target, headers, body, deadline).await
}

/// Ends (DELETE) the session a served Origin check opened, at the same
/// revision as the probe's own session.
async fn end_session(shared: &Arc<Shared>, head: &ResponseHead, deadline: Instant) {
    let Some(id) = head.headers.get("mcp-session-id") else {
        return;
    };
    let mut headers = vec![("mcp-session-id".to_string(), id.to_string())];
    if let Some(v) = shared.state().protocol_version.clone() {
        headers.push(("mcp-protocol-version".to_string(), v));
    }
    let target = shared.target.clone();
    if let Ok((exchange, _, response)) =
        send(shared, "DELETE", &target, headers, Vec::new(), deadline).await
    {
        read_body(shared, exchange, response, deadline).await;
    }
}

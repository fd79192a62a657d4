//! What a request's answer is ([`Reply`]) and what the exercise drives a
//! revision's conversation over ([`Link`]): the stdio connection
//! ([`super::connection`]) or an HTTP one ([`super::http`]).

use std::time::Duration;

use serde_json::Value;

/// How a request ended.
#[derive(Debug)]
pub enum Reply {
    /// A `result`.
    Result(Value),
    /// An `error`: its code (when an integer) and message.
    Error(Option<i64>, String),
    /// No answer within the request's timeout (or before the deadline).
    TimedOut,
    /// The server's output ended (it exited or closed it) first, or (HTTP)
    /// the server could not be reached.
    Closed,
    /// (HTTP) The request was answered, but with no JSON-RPC response: a
    /// status or content type that carries none, a body that holds none,
    /// a stream that ended before it. What happened.
    #[cfg_attr(not(feature = "probe-http"), allow(dead_code))]
    Failed(String),
}

impl Reply {
    /// The reply a JSON-RPC `error` object makes: its code (when an
    /// integer) and message.
    pub fn of_error(error: &Value) -> Reply {
        Reply::Error(
            error.get("code").and_then(Value::as_i64),
            error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        )
    }
}

/// What the exercise drives one revision's conversation over.
pub trait Link {
    /// Sends a request and waits for its answer, at most `timeout`.
    fn request(&mut self, method: &str, params: Option<Value>, timeout: Duration) -> Reply;
    /// Sends a notification.
    fn notify(&mut self, method: &str, params: Option<Value>);
    /// The id of the last request sent.
    fn last_id(&self) -> u64;
    /// `_meta` added to every request (the 2026-07-28 way), or `None`.
    fn set_request_meta(&mut self, meta: Option<Value>);
    /// After [`Reply::Closed`]: the server's exit status when it exited
    /// within `grace`, and what ended (`the server exited (…)`).
    fn ended(&mut self, grace: Duration) -> (Option<String>, String);
    /// Whether closing a request's response stream is its cancellation
    /// (Streamable HTTP from 2026-07-28), so no `notifications/cancelled`
    /// is sent.
    fn cancels_by_closing(&self) -> bool {
        false
    }
    /// Whether tools' `x-mcp-header` parameters are mirrored into
    /// headers (Streamable HTTP from 2026-07-28), so a tool whose
    /// annotations are invalid must not be called.
    fn mirrors_param_headers(&self) -> bool {
        false
    }
    /// Sends a request and at once `notifications/cancelled` for it
    /// (with `reason`), then waits at most `wait` for an answer that may
    /// still come ([`Reply::TimedOut`] when none did). `None`: this link
    /// does not cancel that way (Streamable HTTP from 2026-07-28 cancels by
    /// closing the request's stream).
    fn request_cancelled(
        &mut self,
        method: &str,
        params: Option<Value>,
        reason: &str,
        wait: Duration,
    ) -> Option<Reply> {
        let _ = (method, params, reason, wait);
        None
    }
    /// Sends `subscriptions/listen` with `params`, collects for `wait`
    /// every message carrying its id ([`super::watch::Watch`]), then ends it: on stdio
    /// with `notifications/cancelled`, over Streamable HTTP by closing its
    /// stream (2026-07-28 basic/patterns/subscriptions, Cancellation).
    /// The request's id and the messages, in order; `None`: not sent (the
    /// connection is gone).
    fn listen(&mut self, params: Value, wait: Duration) -> Option<(u64, Vec<Value>)>;
    /// The last lines of the server's standard error (a server the probe
    /// runs), oldest first.
    fn stderr_tail(&self) -> Vec<String> {
        Vec::new()
    }
    /// Ids of the requests that got an answer carrying no JSON-RPC
    /// response (an HTTP error page, a `404` to `server/discover`): each
    /// is a probe finding or a note already, not also `unanswered`.
    fn answered_by_link(&self) -> Vec<u64> {
        Vec::new()
    }
}

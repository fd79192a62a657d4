//! The direction of a bare message (one captured without saying which way
//! it went), decided from the session's correlation table and the
//! revision in force.
//!
//! The rule, first match wins:
//! 1. a **response** (`result`/`error`, no `method`) goes opposite to the
//!    pending request with the same `id` (a client request's is looked up
//!    first; ids compare by value, [`crate::correlate`]); with none, s2c;
//! 2. `notifications/cancelled` goes the way of the pending request its
//!    `params.requestId` names; `notifications/progress` goes opposite to
//!    the pending request whose `params._meta.progressToken` it carries;
//! 3. a **request or notification** whose method only one side may send in
//!    the revision in force (the spec's `Client*`/`Server*` unions) goes
//!    from that side;
//! 4. anything else (methods both sides send, such as `ping`; unknown
//!    methods; non-messages) is c2s.
//!
//! A batch goes the way its first element goes.

use crate::{correlate::Correlator, scan::MessageHead, Direction, Spec};

/// How a bare message's direction was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Only one side may send the method in the revision in force.
    Sender,
    /// A response: the opposite of the pending request with its id.
    Correlation,
    /// `notifications/cancelled` goes the way of the request it cancels;
    /// `notifications/progress` the opposite way of the request whose
    /// `_meta.progressToken` it reports on.
    Reference,
    /// Nothing decided: the default (c2s for requests and notifications,
    /// s2c for responses).
    Default,
}

const BOTH: [Direction; 2] = [Direction::ClientToServer, Direction::ServerToClient];

/// The direction of the message whose head is `head` (a batch's: its
/// first element's), and why.
pub fn infer(table: &Correlator, spec: Option<&Spec>, head: &MessageHead) -> (Direction, Reason) {
    if !head.object {
        return (Direction::ClientToServer, Reason::Default);
    }
    let Some(method) = head.method.as_deref() else {
        if head.has_result || head.has_error {
            let id = head.id.as_ref().unwrap_or(&serde_json::Value::Null);
            for asked in BOTH {
                if table.pending(asked, id).is_some() {
                    return (asked.reverse(), Reason::Correlation);
                }
            }
            return (Direction::ServerToClient, Reason::Default);
        }
        return (Direction::ClientToServer, Reason::Default);
    };
    match method {
        "notifications/cancelled" => {
            if let Some(id) = &head.request_id {
                for asked in BOTH {
                    if table.pending(asked, id).is_some() {
                        return (asked, Reason::Reference);
                    }
                }
            }
        }
        "notifications/progress" => {
            if let Some(token) = &head.progress_token {
                if let Some(asked) = table.token(token) {
                    return (asked.reverse(), Reason::Reference);
                }
            }
        }
        _ => {}
    }
    if let Some(entry) = spec.and_then(|s| s.method(method)) {
        match (entry.client_sends, entry.server_sends) {
            (true, false) => return (Direction::ClientToServer, Reason::Sender),
            (false, true) => return (Direction::ServerToClient, Reason::Sender),
            _ => {}
        }
    }
    (Direction::ClientToServer, Reason::Default)
}

//! The requests a session never saw answered, with where each was sent:
//! read from the session's own pending table ([`Session::unanswered`]),
//! which keeps each request's line — for a message over HTTP, its
//! exchange, which is what the HTTP side gives the session as its line.

use super::Pending;
use crate::Session;

/// Every request `session` never saw answered, in the order sent;
/// `over_http`: the session judged an HTTP conversation (its lines are
/// exchanges).
pub(super) fn unanswered(session: &Session, over_http: bool) -> Vec<Pending> {
    session
        .unanswered()
        .into_iter()
        .map(|u| {
            let place = u.line.and_then(|l| u64::try_from(l).ok());
            Pending {
                direction: u.direction,
                method: u.method,
                id: Some(u.id),
                line: if over_http { None } else { place },
                exchange: if over_http { place } else { None },
                revision: Some(u.revision),
            }
        })
        .collect()
}

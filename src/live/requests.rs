//! Where each request a session is waiting on was sent, so the end of a
//! run can say where every never-answered request came from.

use std::collections::{BTreeMap, BTreeSet};

use super::{Context, Pending};
use crate::{message::MessageKind, report::Report, Session};

/// Where each pending request was sent, for [`Totals::unanswered`];
/// pruned to the session's pending requests as it grows, so it stays
/// within twice their number.
#[derive(Default)]
pub(super) struct Requests {
    /// Session message index → its requests (several in a batch).
    by_index: BTreeMap<usize, Vec<Pending>>,
    prune_at: usize,
}

impl Requests {
    /// Remembers where the requests among `reports` were sent (`context`),
    /// pruning what `session` no longer waits on once the table has grown.
    pub(super) fn note(&mut self, context: &Context, reports: &[Report], session: &Session) {
        for r in reports {
            if r.kind != MessageKind::Request {
                continue;
            }
            let Some(method) = r.method.clone() else {
                continue;
            };
            self.by_index.entry(r.index).or_default().push(Pending {
                direction: r.direction,
                method,
                id: r.id.clone(),
                sequence: context.sequence,
                line: context.line,
                exchange: context.http.as_ref().and_then(|h| h.exchange),
                revision: r.revision,
            });
        }
        if self.by_index.len() > self.prune_at {
            self.retain_pending(session);
            self.prune_at = 2 * self.by_index.len() + 64;
        }
    }

    /// Keeps only the entries of requests `session` still waits on.
    fn retain_pending(&mut self, session: &Session) {
        let pending: BTreeSet<usize> = session.unanswered().iter().map(|u| u.index).collect();
        self.by_index.retain(|i, _| pending.contains(i));
    }

    /// Every request `session` never saw answered, with where it was sent
    /// when known.
    pub(super) fn unanswered(mut self, session: &Session) -> Vec<Pending> {
        let all = session.unanswered();
        all.iter()
            .map(|u| {
                let known = self.by_index.get_mut(&u.index).and_then(|v| {
                    let at = v
                        .iter()
                        .position(|p| p.method == u.method && p.direction == u.direction)?;
                    Some(v.remove(at))
                });
                let mut p = known.unwrap_or(Pending {
                    direction: u.direction,
                    method: u.method.clone(),
                    id: None,
                    sequence: 0,
                    line: None,
                    exchange: None,
                    revision: None,
                });
                p.revision = Some(u.revision);
                p
            })
            .collect()
    }
}

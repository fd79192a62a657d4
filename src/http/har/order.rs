//! The order to judge a capture's steps in: the proxy's own sequence
//! numbers (`_mcpwireOrder`) when every entry has them, else time and
//! causality (see the [module docs](super)).

use std::collections::HashMap;

use super::{
    answers::{response_id, RequestTimes},
    entry_steps, parse_time, Entry, Har, HarError,
};
use crate::http::exchange::Step;

/// The entries by start time (ties in file order), or by
/// `_mcpwireExchange` when every entry has one: (index in `log.entries`,
/// the entry, its start in ms).
fn by_start(har: &Har) -> Vec<(usize, &Entry, f64)> {
    let mut entries: Vec<(usize, &Entry, f64)> = har
        .log
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| (i, e, parse_time(&e.started_date_time).unwrap_or(0.0)))
        .collect();
    if entries.iter().all(|e| e.1.exchange.is_some()) {
        entries.sort_by_key(|e| (e.1.exchange, e.0));
    } else {
        entries.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.cmp(&b.0)));
    }
    entries
}

/// The 0-based index in `log.entries` of each exchange [`steps`] numbers:
/// exchange `n` is entry `exchange_entries(har)[n - 1]`.
pub fn exchange_entries(har: &Har) -> Vec<usize> {
    by_start(har).into_iter().map(|(i, _, _)| i).collect()
}

/// Every step of a capture, in the order to judge them (see the module
/// docs). Exchanges are numbered from 1 in order of `startedDateTime`
/// (of `_mcpwireExchange` when every entry has one; [`exchange_entries`]
/// maps them back to entries).
pub fn steps(har: &Har, limit: usize) -> Result<Vec<Step>, HarError> {
    let entries = by_start(har);
    let mut all = Vec::with_capacity(entries.len());
    let mut all_ordered = true;
    for (n, (index, entry, _)) in entries.iter().enumerate() {
        let steps = entry_steps(entry, *index, n as u64 + 1, limit)?;
        all_ordered &= entry.order.as_ref().is_some_and(|o| o.len() == steps.len());
        all.push(steps);
    }
    if all_ordered {
        return Ok(in_recorded_order(&entries, all));
    }
    Ok(in_causal_order(&entries, all))
}

/// The steps of `entries` (as [`by_start`] gives them) in the order of the
/// proxy's sequence numbers, which every entry has (`_mcpwireOrder`).
fn in_recorded_order(entries: &[(usize, &Entry, f64)], all: Vec<Vec<Step>>) -> Vec<Step> {
    let mut keyed: Vec<(u64, Step)> = Vec::new();
    for ((_, entry, _), steps) in entries.iter().zip(all) {
        let order = entry.order.as_deref().unwrap_or_default();
        keyed.extend(order.iter().copied().zip(steps));
    }
    keyed.sort_by_key(|k| k.0);
    keyed.into_iter().map(|k| k.1).collect()
}

/// A step keyed for ordering by time: (time, after, entry, step in the
/// entry, the step). `after` puts a step just after the request it waits
/// for when both have the same time.
type Timed = (f64, u8, usize, usize, Step);

/// The steps of `entries` (as [`by_start`] gives them) by time and
/// causality (see the module docs); ties in entry order.
fn in_causal_order(entries: &[(usize, &Entry, f64)], all: Vec<Vec<Step>>) -> Vec<Step> {
    let mut requests = RequestTimes::new(entries, &all);
    let mut keyed: Vec<Timed> = Vec::new();
    for (n, ((_, entry, start), steps)) in entries.iter().zip(all).enumerate() {
        key_entry_by_time(n, entry, *start, steps, &mut requests, &mut keyed);
    }
    keyed.sort_by(|a, b| {
        a.0.total_cmp(&b.0)
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
            .then(a.3.cmp(&b.3))
    });
    keyed.into_iter().map(|k| k.4).collect()
}

/// Keys the steps of the `n`th entry, started at `start`, by when they
/// happened: the request at its start, the response head after the
/// timings before the first byte, a body at the entry's end, each event
/// when it arrived or as early as causality allows, the end last.
fn key_entry_by_time(
    n: usize,
    entry: &Entry,
    start: f64,
    steps: Vec<Step>,
    requests: &mut RequestTimes,
    keyed: &mut Vec<Timed>,
) {
    let t = &entry.timings;
    let end_at = start + entry.time.max(0.0);
    let head_at = (start
        + [t.blocked, t.dns, t.connect, t.send, t.wait]
            .iter()
            .map(|x| x.max(0.0))
            .sum::<f64>())
    .min(end_at);
    // Events: when they arrived if the entry says
    // (`_mcpwireEvents`), else as early as causality allows (see the
    // module docs); never before the event before them.
    let arrived: HashMap<u64, f64> = entry
        .response
        .content
        .events
        .iter()
        .flatten()
        .map(|e| (e.offset, e.time))
        .collect();
    let mut at = (head_at, 0u8);
    for (k, step) in steps.into_iter().enumerate() {
        let key = match &step {
            Step::Request { .. } => (start, 0),
            Step::Response { .. } => (head_at, 0),
            Step::Event { event, .. } => {
                if let Some(t) = arrived.get(&event.offset) {
                    let t = start + t.max(0.0);
                    if (t, 0) > at {
                        at = (t, 0);
                    }
                }
                if let Some(id) = response_id(&event.data) {
                    if let Some(sent) = requests.take(&id, n, start) {
                        if (sent, 1) > at {
                            at = (sent, 1);
                        }
                    }
                }
                at
            }
            Step::Body { .. } => (end_at, 0),
            Step::End { .. } => {
                if (end_at, 2) > at {
                    (end_at, 2)
                } else {
                    (at.0, 2)
                }
            }
        };
        keyed.push((key.0, key.1, n, k, step));
    }
}

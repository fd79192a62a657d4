//! HAR 1.2 (HTTP Archive) captures: serde types for the parts mcpwire
//! reads and writes, and [`steps`], which turns a capture into the ordered
//! [`Step`](crate::http::Step)s of its exchanges — the same steps the proxy judges live.
//!
//! Producers differ (browser devtools, mitmproxy, Charles, Playwright,
//! `mcpwire proxy --har`): every member HAR 1.2 requires but mcpwire does
//! not need is optional here, unknown members (`_initiator`, `_priority`,
//! …) are ignored, and bodies may be plain or `"encoding": "base64"`.
//!
//! **Order.** A HAR records whole exchanges, not when each SSE event went
//! past. Entries written by `mcpwire proxy --har` carry `_mcpwireOrder`:
//! the proxy's sequence number of each of the entry's steps (request,
//! response, each body or event, end), so a check replays them exactly as
//! the proxy judged them. Other captures are ordered by time and
//! causality: a request at `startedDateTime`, its response head after
//! `blocked + dns + connect + send + wait`, a JSON body and the end at
//! `startedDateTime + time`; each SSE event as early as causality allows —
//! right after the response head, after the event before it, and after
//! the request it answers when that request was POSTed in another entry
//! (a response on a long-lived GET stream, the 2024-11-05 transport's
//! way). An event can never be earlier than that, so every event lands
//! before the requests that answer it (a client's response to a server
//! request starts after the request arrived). An entry whose
//! `response.content._mcpwireEvents` says when each event arrived (the
//! proxy writes it next to `_mcpwireOrder`; it is what is left when an
//! entry's body was cut and so has no `_mcpwireOrder`) has its events
//! placed at those times instead, still never before the request they
//! answer. Ties go in entry order.
//!
//! A HAR is one JSON document, so it is read whole (its size is the
//! memory it needs); each body judged is held to the message size limit.

mod answers;
mod entry;
mod file;
mod model;
mod order;
pub mod out;
mod time;

pub use entry::{entry_steps, target};
pub use file::{looks_like_har, read, HarError};
pub use model::{
    Content, Creator, Entry, EventTime, Har, Log, Pair, PostData, Request, Response, Timings,
};
pub use order::{exchange_entries, steps};
pub use time::parse_time;

#[cfg(test)]
mod tests;

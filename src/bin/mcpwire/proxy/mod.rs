//! `mcpwire proxy`: a reverse proxy for MCP over HTTP (Streamable HTTP and
//! the 2024-11-05 HTTP+SSE transport) that judges every message passing
//! through it.
//!
//! **Layer.** hyper 1 (with hyper-util's connection glue and
//! http-body-util) on tokio, not a framework (axum, warp, actix): the proxy
//! routes nothing, needs no extractors or middleware, and must see the
//! raw body frames — to split SSE events as they arrive and to forward
//! each frame unchanged the moment it has been judged-queued. hyper gives
//! exactly that (a `Body` trait over frames, an HTTP/1.1 server and
//! client) and nothing to get around. HTTPS upstreams go through
//! hyper-rustls with rustls' ring provider and webpki-roots (the same trust
//! on every machine, no OS store needed; `--upstream-ca` adds a private CA).
//!
//! **Order.** Each request gets an exchange number when it arrives. Its
//! body is read whole (bounded by `--max-message-bytes`; a bigger body is
//! streamed through and reported as too large), routed to its conversation
//! ([`mcpwire::http::Router`]) and *submitted* before the proxy sends it
//! upstream; the response head is submitted before it is forwarded; each
//! SSE event is submitted before the chunk that completes it is forwarded;
//! a JSON body (one message, bounded) is submitted whole, then forwarded.
//! Submission takes one lock (router, sequence number, queue), so the queue
//! order is causal: a response is never judged before its request, and a
//! request sent after the `initialize` result is judged at the negotiated
//! revision. Submitting never waits: past the queue budget a step is counted
//! as unjudged, never dropped from the stream.
//!
//! **Judging** runs on a few judge threads (one per core); each
//! conversation lives on one of them ([`judges`]), so its steps are judged
//! in queue order by one [`crate::http_judge::HttpJudge`] — the code
//! `mcpwire check` runs on a HAR.

mod body;
mod har_out;
pub mod judges;
mod server;
mod tls;

pub use server::{run, ProxyConfig};

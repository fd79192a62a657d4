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
//! streamed through and reported as too large) and *submitted* to the live
//! pipeline ([`mcpwire::live::Submitter::submit_step`]) before the proxy
//! sends it upstream; the response head is submitted before it is
//! forwarded; each SSE event is submitted before the chunk that completes
//! it is forwarded; a JSON body (one message, bounded) is submitted whole,
//! then forwarded. The pipeline has one queue, so its order is causal: a
//! response is never judged before its request, and a request sent after
//! the `initialize` result is judged at the negotiated revision.
//! Submitting takes one short lock and never waits: past the queue budget
//! (`--queue-bytes`, 65,536 steps) a step is counted as unjudged
//! (`dropped` in the summary), never dropped from the stream.
//!
//! **Judging** is the live pipeline's, the one `tap` and the tokio `Tee`
//! use: one judge thread routes each step to its conversation (MCP
//! session), applies the HTTP rules and judges every message with that
//! conversation's own `Session`; findings are written by
//! [`crate::http_judge::HttpFindings`] — the consumer `mcpwire check`
//! replays a HAR into. One judge thread for every conversation keeps one
//! output order (the queue's) and is fast enough: `docs/http.md`
//! "Performance" measures it.

// The HTTPS client and the capture writers are the library's
// (`mcpwire::http::client`, `har::out`, `transcript`), shared with
// `mcpwire::probe`'s HTTP link.
mod body;
mod exchange;
mod in_flight;
mod open;
mod server;
mod steps;

pub use server::{run, ProxyConfig};

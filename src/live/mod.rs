//! Live traffic: one ordered queue per conversation, judged by one
//! [`Session`](crate::Session) on its own thread, off the forwarding path.
//!
//! `mcpwire tap` (stdio), `mcpwire proxy` (HTTP) and [`crate::tokio`]'s
//! `Tee` all judge live traffic through this module:
//!
//! ```
//! use mcpwire::live::{Config, Context, Judged, Pipeline};
//! use mcpwire::Direction;
//!
//! let mut violations = 0;
//! let pipeline = Pipeline::start(Config::default(), move |m: &Judged<'_>| {
//!     violations += m.reports.iter().map(|r| r.violations.len()).sum::<usize>();
//! });
//! let mut from_client = pipeline.submitter().splitter(Context::new(Direction::ClientToServer));
//! let chunk = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n";
//! from_client.feed(chunk); // first hand the bytes to the pipeline ...
//! // ... then forward them: `server_stdin.write_all(chunk)`
//! drop(from_client);
//! let totals = pipeline.finish().totals;
//! assert_eq!((totals.judged, totals.unjudged, totals.unanswered.len()), (1, 0, 1));
//! ```
//!
//! # What it guarantees
//!
//! - **Causal order.** Messages are judged in the order they were
//!   submitted, from every producer thread, through one queue. Producers
//!   submit a message (or feed a chunk to a [`LineSplitter`]) *before*
//!   forwarding its bytes. A peer can only answer a request after it has
//!   received the request's bytes, which the forwarder writes only after
//!   the request is in the queue; the response is read, and submitted,
//!   after that. So a response always enters the queue after its request,
//!   a message sent after the `initialize` result is judged after it (at
//!   the negotiated revision), and any message is judged at the revision in
//!   force when it was sent — without clocks, timeouts or hold-backs, and
//!   the same on every run, however loaded the machine. (Messages with no
//!   causal relation — two sides talking at once — are judged in the order
//!   the producers reached the queue; the session's verdicts do not depend
//!   on that order.)
//! - **Forwarding is never delayed or altered.** Submitting takes a short
//!   lock and never waits for the judge; the bytes forwarded are the
//!   caller's own, untouched.
//! - **Bounded memory.** The queue holds at most
//!   [`Config::max_queued_bytes`] bytes and [`Config::max_queued_messages`]
//!   messages (counted until judged); a splitter holds at most one partial
//!   line of [`Limits::max_bytes`](crate::input::Limits::max_bytes) + 1
//!   bytes and measures (without storing) a longer one. A message over the
//!   budget is not judged — never removed from the stream — and counted
//!   ([`Totals::unjudged`], [`Judged::skipped_before`]): after such a gap a
//!   response may be reported as answering no request.
//! - **One session per conversation.** The judge thread owns the
//!   [`Session`](crate::Session): the revision in force and request/response
//!   correlation follow queue order. A message's HTTP metadata
//!   ([`Http::protocol_version`]) is applied to the session right before
//!   the message is judged.
//! - **HTTP in the same queue.** The proxy submits each step of an HTTP
//!   exchange ([`Submitter::submit_step`]: request head and body, response
//!   head, JSON body, SSE event, end) before forwarding it. The judge
//!   routes it to its conversation (MCP session, [`crate::http::Router`]),
//!   applies the HTTP rules ([`crate::http::Tracker`], findings to
//!   [`Consumer::http`]) and judges each JSON-RPC message it carries with
//!   that conversation's own session — HTTP rules and messages of one
//!   session through one ordered queue into one `Session`. Each message's
//!   [`Context::http`] names its exchange, method, target, status, session
//!   id and SSE event id.
//! - **Recorded traffic, same code.** [`Replay`] runs the judge's code on
//!   the caller's thread over recorded messages or steps (`mcpwire check`
//!   on a HAR), so a capture gives the live pipeline's findings.
//! - **Everything is accounted for.** [`Pipeline::finish`] drains the
//!   queue and returns [`Totals`]: messages judged, not judged, and the
//!   requests left unanswered (with where they were sent).
//!
//! Results go to a [`Consumer`] the caller gives (any
//! `FnMut(&Judged) + Send`), on the judge thread: each message's reports
//! with its bytes and [`Context`] (direction, origin, sequence, line, HTTP
//! metadata).
//!
//! **Why std threads, not async:** the judge is CPU work on one thread per
//! conversation; a mutex-guarded `VecDeque` plus a condition variable is
//! the smallest queue that gives one total order across producers and a
//! byte budget checked exactly at submission, and it works the same under
//! the CLI's threads, tokio, or any other runtime.

mod config;
mod context;
mod http_side;
mod judging;
mod lines;
mod output;
mod pipeline;
mod queue;
mod replay;
mod requests;
mod rules;

pub use config::Config;
pub use context::{Context, Http};
pub use http_side::MAX_CONVERSATIONS;
pub use lines::LineSplitter;
pub use output::{Consumer, Finished, Judged, Pending, Totals};
pub use pipeline::{Pipeline, Submitted, Submitter};
pub use replay::Replay;
pub use rules::STDIO_NEWLINE_DELIMITED;

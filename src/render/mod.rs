//! The reporting formats: judged findings written as text, JSON Lines,
//! SARIF 2.1.0, JUnit XML, GitHub Actions annotations or the MCP
//! conformance harness's check objects (feature `render`).
//!
//! The judging code (the command line's `check`, `validate`, `tap`,
//! `proxy` and `probe`; the npm package's `npx mcpwire check`) hands each
//! message's findings to [`Outputs`] ([`Outputs::finding`] per finding,
//! [`Outputs::message_done`] per message), which counts them and passes
//! them to one [`Sink`] per output format ([`sink()`]); [`Outputs::finish`]
//! writes every format's summary or document with the run's one
//! [`Verdict`], so every format and the exit status agree. A probe's
//! [`crate::probe::Report`] is written by [`probe::write`].
//!
//! **Why in the library.** Three callers write these formats: the command
//! line, the npm package's WebAssembly build and the Python package. Here
//! one implementation serves the three, so what each writes is the same by
//! construction, the WebAssembly build compiles no command-line file for
//! them, and Python gets SARIF and JUnit without the command line. What
//! reads inputs (transcripts, HAR files, standard input) and judges them
//! stays with each caller: this layer starts from judged findings. The
//! command line adds only its argument parsing and its terminal streams.
//! The feature keeps the formats (and anstyle, for colour) out of builds
//! that only validate.
//!
//! Colour: the text format writes ANSI styles when asked ([`Style`]);
//! deciding whether a stream takes them (`--color`, `NO_COLOR`, a
//! terminal) is the writer's business.

mod buffer;
pub mod conformance;
pub mod github;
pub mod jsonl;
pub mod junit;
mod outputs;
#[cfg(feature = "probe")]
#[cfg_attr(docsrs, doc(cfg(feature = "probe")))]
pub mod probe;
mod repeats;
pub mod sarif;
mod sink;
mod style;
pub mod text;

pub use buffer::Buffer;
pub use outputs::{sink, unanswered_message, Format, Out, Outputs};
pub use sink::{
    describe, timestamp, FileFailure, Finding, HttpWhere, Message, Severity, Sink, Summary, Verdict,
};
pub use style::Style;

//! mcpwire for JavaScript: the generated validators, [`mcpwire::Session`]
//! and a harness-shaped `wireSchemaErrors`, exported with `wasm-bindgen`
//! and wrapped by the npm package in `npm/` (its `src/core.js` owns the
//! JavaScript-facing API; this crate owns what runs inside the module).
//!
//! **What crosses the boundary, and why.** Messages come in as JSON text
//! (a JS string, copied into wasm memory by `TextEncoder.encodeInto`, or a
//! `Uint8Array`), so every judgement runs mcpwire's bytes fast path
//! ([`mcpwire::Session::judge`], [`mcpwire::bytes::Definition::check`]):
//! a valid message never builds a `serde_json::Value`. A JS value is turned
//! into that text by the package with `JSON.stringify` — the bytes it would
//! have on the wire — rather than walked member by member across the
//! boundary (serde-wasm-bindgen): one native call instead of one per node,
//! and the same verdict as the text it stands for. Results go out as JSON
//! text too (the `serde` form of [`mcpwire::Report`] and
//! [`mcpwire::Violation`]), which the package turns into objects with one
//! `JSON.parse` — except on `Session.observe`'s hot path ([`fast`]): there
//! the text is written into a buffer the module keeps, and a report comes
//! back as numbers in a fixed record (its findings as name ids and ranges
//! of one text buffer).
//!
//! **Host build.** The crate builds (and its tests run) on the host as
//! well: the `#[wasm_bindgen]` layer is thin, and everything it calls is
//! plain Rust in [`api`] and [`wire_schema`], so `cargo clippy
//! --workspace` and `cargo test --workspace` cover it. No threads, no file
//! system, no CLI dependencies (mcpwire with `default-features = false`);
//! the revisions compiled in are this crate's cargo features.
#![deny(missing_docs)]

pub mod api;
#[cfg(feature = "cli")]
pub mod cli;
pub mod fast;
mod memcmp;
pub mod small_alloc;
pub mod wire_schema;

use std::cell::RefCell;

// The native command line's own modules (src/bin/mcpwire/), compiled in
// for `npx mcpwire check` and `validate` ([`cli`] drives them): its
// argument parser and help and its judging loop, so that what Node prints
// is what the native CLI prints; the output formats are the library's
// (`mcpwire::render`), which both use. They name each other from the
// crate root (`crate::output`), hence here; what reads files, runs
// servers or draws progress bars stays out.
/// The library's reporting formats under the name the native command
/// line's judging code uses (its `output.rs` adds only its terminal
/// streams, which this module has none of).
#[cfg(feature = "cli")]
mod output {
    pub use mcpwire::render::{
        sink, unanswered_message, Format, Out, Outputs, Severity, Sink, Summary, Verdict,
    };
}
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/args.rs"]
mod args;
#[cfg(feature = "cli")]
#[allow(dead_code, unused_imports)] // the native CLI's re-exports of what only it uses
#[path = "../../../src/bin/mcpwire/commands/mod.rs"]
mod commands;
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/document.rs"]
mod document;
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/help.rs"]
mod help;
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/judge.rs"]
mod judge;
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/style.rs"]
mod style;
#[cfg(feature = "cli")]
#[allow(dead_code)]
#[path = "../../../src/bin/mcpwire/table.rs"]
mod table;

use mcpwire::{Direction, Origin};
use wasm_bindgen::prelude::*;

#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOC: small_alloc::SmallAlloc = small_alloc::SmallAlloc::new();

/// The hot path's buffers ([`fast`]): the message text the package writes
/// in, what it reads back ([`fast::Encoder`]), and the last message's
/// reports (whose room the next one reuses).
#[derive(Default)]
struct Fast {
    input: Vec<u8>,
    encoder: fast::Encoder,
    reports: Vec<mcpwire::Report>,
}

thread_local! {
    // One module instance, one thread (wasm32 without threads).
    static FAST: RefCell<Fast> = RefCell::new(Fast::default());
}

/// The address of the input buffer, with room for at least `len` bytes
/// (it moves only when it grows).
#[wasm_bindgen(js_name = fastInput)]
pub fn fast_input(len: usize) -> usize {
    FAST.with_borrow_mut(|f| {
        if f.input.len() < len {
            let room = len.checked_next_power_of_two().unwrap_or(len);
            f.input.resize(room.max(4096), 0);
        }
        f.input.as_ptr() as usize
    })
}

/// The input buffer's capacity in bytes.
#[wasm_bindgen(js_name = fastInputLen)]
pub fn fast_input_len() -> usize {
    FAST.with_borrow(|f| f.input.len())
}

/// The address of the record ([`fast::Out`]; it never moves).
#[wasm_bindgen(js_name = fastOut)]
pub fn fast_out() -> usize {
    FAST.with_borrow(|f| &*f.encoder.out as *const fast::Out as usize)
}

/// The name behind an id of the record (`undefined` for 0).
#[wasm_bindgen(js_name = fastName)]
pub fn fast_name(id: u32) -> Option<String> {
    FAST.with_borrow(|f| f.encoder.names.get(id).map(str::to_string))
}

/// A thrown `Error` whose message is the code, `\u{1}` and the text: the
/// package (`npm/src/errors.js`) rethrows it as an `McpwireError` with
/// that `code` and the text as its message.
fn js_error(e: api::Error) -> JsError {
    JsError::new(&format!("{}\u{1}{e}", e.code()))
}

/// The revisions compiled into this module, as a JSON array of strings.
#[wasm_bindgen(js_name = revisions)]
pub fn revisions() -> String {
    api::revisions_json()
}

/// `validate(revision, definition, text)`: the violations of one JSON
/// text against one definition, as JSON (`[]` when valid). Throws on an
/// unknown revision or definition, or unreadable text.
#[wasm_bindgen(js_name = validateText)]
pub fn validate_text(revision: &str, definition: &str, text: &[u8]) -> Result<String, JsError> {
    api::validate(revision, definition, text).map_err(js_error)
}

/// `validate` for a JS string (copied in as UTF-8).
#[wasm_bindgen(js_name = validateString)]
pub fn validate_string(revision: &str, definition: &str, text: &str) -> Result<String, JsError> {
    api::validate(revision, definition, text.as_bytes()).map_err(js_error)
}

/// The harness's `wireSchemaErrors(version, message, requestMethod?)` on
/// one JSON text, as a JSON array of strings ([`wire_schema`]).
#[wasm_bindgen(js_name = wireSchemaErrorsText)]
pub fn wire_schema_errors_text(
    version: &str,
    text: &[u8],
    request_method: Option<String>,
) -> Result<String, JsError> {
    wire_schema::errors_json(version, text, request_method.as_deref()).map_err(js_error)
}

/// `wireSchemaErrors` for a JS string.
#[wasm_bindgen(js_name = wireSchemaErrorsString)]
pub fn wire_schema_errors_string(
    version: &str,
    text: &str,
    request_method: Option<String>,
) -> Result<String, JsError> {
    wire_schema::errors_json(version, text.as_bytes(), request_method.as_deref()).map_err(js_error)
}

/// One conversation ([`mcpwire::Session`]).
#[wasm_bindgen(js_name = RawSession)]
pub struct RawSession {
    inner: api::Session,
}

#[wasm_bindgen(js_class = RawSession)]
impl RawSession {
    /// `revision`: a revision string or `"auto"`; `options`: JSON text of
    /// the options object (`{}` for the defaults).
    #[wasm_bindgen(constructor)]
    pub fn new(revision: &str, options: &str) -> Result<RawSession, JsError> {
        Ok(RawSession {
            inner: api::Session::new(revision, options).map_err(js_error)?,
        })
    }

    /// Makes this session a new one for `revision` and `options` (as the
    /// constructor), reusing its memory: the package keeps freed sessions
    /// and resets them for the next `new Session` (`npm/src/core.js`),
    /// which then costs no allocation, no JS wrapper and no finalizer
    /// registration.
    pub fn reset(&mut self, revision: &str, options: &str) -> Result<(), JsError> {
        self.inner.reset(revision, options).map_err(js_error)
    }

    /// Makes this session a new auto-mode one with the default options
    /// (what the package does to a freed session it keeps, so that a kept
    /// session holds no conversation).
    pub fn clear(&mut self) {
        self.inner.clear();
    }

    /// Judges one JSON text; the reports as JSON.
    #[wasm_bindgen(js_name = observeText)]
    pub fn observe_text(
        &mut self,
        direction: &str,
        origin: &str,
        text: &[u8],
    ) -> Result<String, JsError> {
        self.inner
            .observe(direction, origin, text)
            .map_err(js_error)
    }

    /// Judges one JS string.
    #[wasm_bindgen(js_name = observeString)]
    pub fn observe_string(
        &mut self,
        direction: &str,
        origin: &str,
        text: &str,
    ) -> Result<String, JsError> {
        self.inner
            .observe(direction, origin, text.as_bytes())
            .map_err(js_error)
    }

    /// The hot path ([`fast`]): judges the first `len` bytes of the input
    /// buffer ([`fast_input`]); `direction` 0 c2s, 1 s2c, 2 inferred;
    /// `origin` 0 implementation, 1 harness. Returns [`fast::CLEAN`] (the
    /// record holds the report), [`fast::FINDINGS`] (the record and the
    /// findings words hold it) or [`fast::JSON`] (the text buffer, whose
    /// address and length the record holds, is the reports' JSON).
    #[wasm_bindgen(js_name = observeFast)]
    pub fn observe_fast(&mut self, direction: u32, origin: u32, len: usize) -> u32 {
        let direction = match direction {
            0 => Some(Direction::ClientToServer),
            1 => Some(Direction::ServerToClient),
            _ => None,
        };
        let origin = if origin == 1 {
            Origin::Harness
        } else {
            Origin::Implementation
        };
        FAST.with_borrow_mut(|f| {
            let Fast {
                input,
                encoder,
                reports,
            } = f;
            let bytes = input.get(..len).unwrap_or(input);
            self.inner.observe_into(direction, origin, bytes, reports);
            encoder.encode(reports)
        })
    }

    /// Requests never answered so far, as JSON.
    pub fn unanswered(&self) -> String {
        self.inner.unanswered()
    }

    /// The revision in force for messages that say nothing themselves.
    pub fn revision(&self) -> String {
        self.inner.revision()
    }

    /// Records the `MCP-Protocol-Version` HTTP header of the following messages.
    #[wasm_bindgen(js_name = setHttpProtocolVersion)]
    pub fn set_http_protocol_version(&mut self, header: &str) -> Result<(), JsError> {
        self.inner
            .set_http_protocol_version(header)
            .map_err(js_error)
    }
}

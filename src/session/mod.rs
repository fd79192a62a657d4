//! A conversation between one client and one server, judged message by
//! message: revision tracking, request/response correlation, direction
//! inference, capabilities, protocol rules, batches, and the checks
//! [`crate::dispatch`] plans.
//!
//! ```
//! use mcpwire::{Direction, Session, Version};
//! use serde_json::json;
//!
//! let mut session = Session::new(Version::V2026_07_28);
//! let judged = session.judge(
//!     Direction::ServerToClient,
//!     &json!({"jsonrpc": "2.0", "id": 401, "error": {"code": -32021, "message": "needs sampling",
//!             "data": {"requiredCapabilities": ["sampling"]}}}),
//! );
//! let v = &judged.reports[0].violations[0].violation;
//! assert_eq!(v.instance.as_str(), "/error/data/requiredCapabilities");
//! ```
//!
//! **Revision in force** ([`Mode::Auto`]), first match wins:
//! 1. the message's own `params._meta["io.modelcontextprotocol/protocolVersion"]`
//!    (2026-07-28's per-request version);
//! 2. the `MCP-Protocol-Version` HTTP header, when the caller passes it
//!    ([`Session::set_http_protocol_version`]);
//! 3. the version negotiated by `initialize` (the result's
//!    `protocolVersion`); before the result arrives, the version the
//!    `initialize` request proposed (so messages pipelined after the
//!    request, such as `notifications/initialized`, are judged where the
//!    request was);
//! 4. the revision the transport named for the exchange
//!    ([`Session::note_transport_version`]: a capture that starts after
//!    the handshake);
//! 5. the newest revision an earlier message declared in its own `_meta`
//!    (from 2026-07-28 every request does; a server's notification over
//!    stdio declares none);
//! 6. [`Options::fallback`] (default: the newest dated revision compiled
//!    in). The first message judged there carries a
//!    [`WarningKind::Assumption`](crate::WarningKind::Assumption) saying so (once per session).
//!
//! A response is judged at the revision its request was judged at. A
//! revision whose cargo feature is off cannot judge anything:
//! [`Session::try_new`] / [`Session::try_with_options`] refuse it, and a
//! session made anyway ([`Session::new`]) reports a violation on every
//! message judged there, never a silent pass.
//!
//! **Correlation** ([`crate::correlate`]): one bounded table of pending
//! requests, ids compared by value, serves response typing, direction
//! inference ([`Session::infer`], [`Session::judge`]) and
//! [`Session::unanswered`].
//!
//! **Capabilities** ([`Capabilities`]) are recorded from `initialize`,
//! 2026-07-28's per-request client capabilities and `server/discover`, and
//! decide task augmentation and the capability rules ([`rules`]).
//!
//! **One way in.** [`Session::judge`] takes where the message was seen
//! ([`Source`]) and the message ([`Input`]: text, a parsed `Value`, or text
//! whose head the caller read already); [`Session::judge_into`] is the
//! same into a reused vector of reports. Every message is judged from its
//! [`MessageHead`] ([`crate::scan`]): built once from bytes
//! ([`crate::scan::Message::scan`], or by the caller's own strict pass,
//! [`crate::scan::Message::scanned`]) or from a `Value`
//! ([`MessageHead::of_value`]). Revision choice,
//! correlation, direction inference, capabilities, the conversation rules
//! and dispatch read only the head; the planned checks then run on the
//! bytes or on the `Value`.
//!
//! **Cost.** On the bytes path (text given to [`Session::judge`]) a valid
//! message costs one strict scan (the head) plus one strict pass per
//! planned check; the envelope's check is skipped when the typed check,
//! which implies it, passes (codegen proves which do on the schema:
//! [`crate::spec::DispatchMaps::implies`]), and the request and
//! notification envelopes are read from the head
//! ([`envelope`]), so a valid request or notification costs two passes in
//! all — and one fewer in `mcpwire check`, whose transcript
//! reader reads the head in its record scan ([`crate::check_transcript`]).
//! A `Value` is parsed only when a check fails (to report the `Value`
//! path's violations).
//!
//! **Per message**, around the checks: one hash for the correlation table
//! ([`crate::correlate`]), one for dispatch's method index, no allocation
//! for the plan ([`crate::dispatch::Checks`]); [`Session::judge_into`]
//! judges into the report of the previous message, reusing its room, so a
//! clean message allocates no report (the npm package's hot path), and
//! [`Session::recycle`] starts a new conversation in the room of the last
//! (the package's pool of freed sessions). Capabilities are kept as the
//! text they were sent as and asked member by member (`capabilities.rs`).
//!
//! Measured: `npm/README.md`, Performance.
//!
//! **Contracts** (cargo feature `contracts`): the JSON Schemas the
//! conversation carries at run time — tools' `inputSchema` and
//! `outputSchema`, form elicitations' `requestedSchema` — learnt from the
//! traffic and applied to the arguments, structured results and answers
//! they govern ([`crate::contracts`]; the rules `contract.*`). Only the
//! messages that carry or are governed by one are parsed for it.
//!
//! **Lines.** [`Session::judge`] takes the message's 1-based line in its
//! transcript ([`Source::line`]); findings about other messages cite them
//! by line (by 1-based position, `message #N`, when no line was given).

mod body;
mod capabilities;
mod checks;
#[cfg(feature = "contracts")]
mod contracts;
mod conversation;
pub mod envelope;
mod infer;
mod judge;
mod observe;
pub mod rules;

use serde_json::Value;

pub(crate) use capabilities::Declared;
pub use capabilities::{Capabilities, META_CLIENT_CAPABILITIES};
pub use infer::Reason;
pub use judge::{Input, Judged, Source};

pub use crate::scan::META_PROTOCOL_VERSION;
use crate::{correlate::Correlator, input, scan::MessageHead, Direction, Version};

/// How the revision is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every message at one revision.
    Fixed(Version),
    /// Follow the negotiated revision (see the module docs).
    Auto,
}

/// Session options.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Downgrade `"id": null` on −32700 (parse error) and −32600 (invalid
    /// request) error responses to a warning: JSON-RPC 2.0 requires it when
    /// the request id could not be read, though MCP's `RequestId` forbids it.
    pub null_id_as_warning: bool,
    /// Revision used in auto mode before anything says which (default
    /// [`default_fallback`]).
    pub fallback: Version,
    /// Limits for [`Session::judge`].
    pub limits: input::Limits,
}

/// The newest dated revision compiled in (the draft only when it is the
/// only one); 2026-07-28 when none is (such a build judges nothing).
pub fn default_fallback() -> Version {
    Version::enabled()
        .filter(|v| *v != Version::Draft)
        .last()
        .or_else(|| Version::enabled().last())
        .unwrap_or(Version::V2026_07_28)
}

impl Default for Options {
    fn default() -> Self {
        Options {
            null_id_as_warning: false,
            fallback: default_fallback(),
            limits: input::Limits::default(),
        }
    }
}

/// A session was asked for a revision this build does not contain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "revision {revision} is not compiled in (enable cargo feature {}); compiled in: {}",
    revision.module(),
    compiled_in()
)]
pub struct NotCompiledIn {
    /// The revision asked for.
    pub revision: Version,
}

fn compiled_in() -> String {
    let list: Vec<&str> = Version::enabled().map(Version::as_str).collect();
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

/// A request that never got a response.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Unanswered {
    /// Which way the request went.
    pub direction: Direction,
    /// Its method.
    pub method: String,
    /// Its index in the session.
    pub index: usize,
    /// The revision it was judged at.
    pub revision: Version,
    /// Its id, as written.
    pub id: Value,
    /// Its 1-based line, when the caller gave one ([`Source::line`]).
    pub line: Option<usize>,
}

/// One client–server conversation.
#[derive(Debug)]
pub struct Session {
    mode: Mode,
    options: Options,
    negotiated: Option<Version>,
    /// The version an `initialize` request proposed, until its result.
    proposed: Option<Version>,
    http: Option<Version>,
    /// The revision an HTTP request's `MCP-Protocol-Version` header named,
    /// in force only while no handshake says which (a capture that starts
    /// after it): [`Session::note_transport_version`].
    transport: Option<Version>,
    /// The newest revision a message declared in its own `_meta` (from
    /// 2026-07-28 every request does): in force for a message that
    /// declares none (a server's notification over stdio) when nothing
    /// above says which.
    declared: Option<Version>,
    correlator: Correlator,
    /// What each side declared ([`capabilities::Sides`]: text on the bytes path).
    capabilities: capabilities::Sides,
    /// The text the client capabilities were last parsed from (bytes path).
    client_capabilities_text: Option<Vec<u8>>,
    lifecycle: conversation::Lifecycle,
    /// Whether the auto-mode assumption was reported.
    assumed: bool,
    /// The room of a recycled report's method ([`Session::judge_into`]).
    spare_method: String,
    /// The line of the message being judged.
    line: Option<usize>,
    next_index: usize,
    /// The conversation's run-time schemas ([`crate::contracts`]).
    #[cfg(feature = "contracts")]
    contracts: contracts::State,
}

fn parse_version(s: &str) -> Option<Version> {
    s.parse().ok()
}

impl Session {
    /// A session judged at one fixed revision. A revision not compiled in
    /// gives a session whose every report is a violation; prefer
    /// [`Session::try_new`], which refuses it.
    pub fn new(version: Version) -> Session {
        Session::with_options(Mode::Fixed(version), Options::default())
    }

    /// A session at one fixed revision; an error when that revision is not
    /// compiled in.
    pub fn try_new(version: Version) -> Result<Session, NotCompiledIn> {
        Session::try_with_options(Mode::Fixed(version), Options::default())
    }

    /// A session that follows the negotiated revision.
    pub fn auto() -> Session {
        Session::with_options(Mode::Auto, Options::default())
    }

    /// A session with explicit options.
    pub fn with_options(mode: Mode, options: Options) -> Session {
        Session {
            mode,
            options,
            negotiated: None,
            proposed: None,
            http: None,
            transport: None,
            declared: None,
            correlator: Correlator::default(),
            capabilities: capabilities::Sides::default(),
            client_capabilities_text: None,
            lifecycle: conversation::Lifecycle::default(),
            assumed: false,
            spare_method: String::new(),
            line: None,
            next_index: 0,
            #[cfg(feature = "contracts")]
            contracts: contracts::State::default(),
        }
    }

    /// A session with explicit options; an error when the fixed revision
    /// (or, in auto mode, [`Options::fallback`]) is not compiled in.
    pub fn try_with_options(mode: Mode, options: Options) -> Result<Session, NotCompiledIn> {
        let revision = match mode {
            Mode::Fixed(v) => v,
            Mode::Auto => options.fallback,
        };
        if revision.spec().is_none() {
            return Err(NotCompiledIn { revision });
        }
        Ok(Session::with_options(mode, options))
    }

    /// Makes this session what [`Session::try_with_options`] would make,
    /// keeping the room of its tables (a correlation table that grew large
    /// is shrunk): for a caller that judges many short conversations one
    /// after another (the npm package's `Session` pool, a test harness's
    /// scenarios), a new conversation then allocates nothing. On error the
    /// session is left as it was.
    pub fn recycle(&mut self, mode: Mode, options: Options) -> Result<(), NotCompiledIn> {
        let revision = match mode {
            Mode::Fixed(v) => v,
            Mode::Auto => options.fallback,
        };
        if revision.spec().is_none() {
            return Err(NotCompiledIn { revision });
        }
        // Every field named: a field added later must be reset here too.
        let Session {
            mode: session_mode,
            options: session_options,
            negotiated,
            proposed,
            http,
            transport,
            declared,
            correlator,
            capabilities,
            client_capabilities_text,
            lifecycle,
            assumed,
            spare_method: _,
            line,
            next_index,
            #[cfg(feature = "contracts")]
            contracts,
        } = self;
        *session_mode = mode;
        *session_options = options;
        *negotiated = None;
        *proposed = None;
        *http = None;
        *transport = None;
        *declared = None;
        correlator.clear();
        *capabilities = capabilities::Sides::default();
        *client_capabilities_text = None;
        *lifecycle = conversation::Lifecycle::default();
        *assumed = false;
        *line = None;
        *next_index = 0;
        #[cfg(feature = "contracts")]
        contracts.reset();
        Ok(())
    }

    /// Records the `MCP-Protocol-Version` HTTP header of the following
    /// messages. An unknown value is an error listing the known revisions.
    pub fn set_http_protocol_version(&mut self, header: &str) -> Result<(), crate::UnknownVersion> {
        self.http = Some(header.trim().parse()?);
        Ok(())
    }

    /// The revision the transport says the exchange is under (an HTTP
    /// request's `MCP-Protocol-Version` header): in force when neither an
    /// `initialize` nor its result has been seen — a capture that starts
    /// after the handshake — and never over them (unlike
    /// [`Session::set_http_protocol_version`]).
    pub fn note_transport_version(&mut self, version: Version) {
        self.transport = Some(version);
    }

    /// The client's pending request `id` was answered by a response that
    /// could not name it: an error with `"id": null` that came back as
    /// the answer to the very HTTP request that carried it. Whether it was
    /// pending.
    pub fn answered_by_transport(&mut self, id: &Value) -> bool {
        matches!(
            self.correlator.response(Direction::ServerToClient, id),
            crate::correlate::Lookup::Pending(_)
        )
    }

    /// The revision the handshake settled (the protocolVersion of the
    /// `initialize` result), in either mode; in force in auto mode only.
    pub fn negotiated(&self) -> Option<Version> {
        self.negotiated
    }

    /// The revision in force for messages that say nothing themselves.
    pub fn revision(&self) -> Version {
        self.revision_source().0
    }

    /// The revision in force and whether it is the fallback (auto mode,
    /// nothing said which).
    fn revision_source(&self) -> (Version, bool) {
        match self.mode {
            Mode::Fixed(v) => (v, false),
            Mode::Auto => match self
                .http
                .or(self.negotiated)
                .or(self.proposed)
                .or(self.transport)
                .or(self.declared)
            {
                Some(v) => (v, false),
                None => (self.options.fallback, true),
            },
        }
    }

    /// The options the session was made with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// What each side declared so far.
    pub fn capabilities(&self) -> &Capabilities {
        self.capabilities.values()
    }

    /// Requests never answered so far, in the order they were sent.
    pub fn unanswered(&self) -> Vec<Unanswered> {
        self.correlator
            .unanswered()
            .into_iter()
            .map(|(direction, p)| Unanswered {
                direction,
                method: p.method.to_string(),
                index: p.index,
                revision: p.revision,
                id: p.id.clone(),
                line: p.line,
            })
            .collect()
    }

    /// Pending requests forgotten because the correlation table was full
    /// ([`crate::correlate::PENDING_CAPACITY`]).
    pub fn forgotten(&self) -> u64 {
        self.correlator.forgotten()
    }

    /// The direction of a bare message (a message or a batch), and why
    /// (`session::infer`'s rule, against the pending requests and the
    /// revision in force).
    pub fn infer(&self, msg: &Value) -> (Direction, Reason) {
        let first = match msg {
            Value::Array(elements) => match elements.first() {
                Some(first) => first,
                None => return (Direction::ClientToServer, Reason::Default),
            },
            other => other,
        };
        self.infer_head(&MessageHead::of_value(first))
    }

    /// [`Session::infer`] on a message's head (a batch's: its first
    /// element's).
    pub fn infer_head(&self, head: &MessageHead) -> (Direction, Reason) {
        infer::infer(&self.correlator, self.revision().spec(), head)
    }
}

#[cfg(all(test, feature = "v2025_11_25"))]
mod tests {
    use super::*;

    /// A recycled session judges a conversation as a new one does, in
    /// either mode, whatever the conversation before it left behind
    /// (pending and answered requests, progress tokens, capabilities, the
    /// negotiated revision, the lifecycle, the assumption warning, the
    /// index), and refuses a revision that is not compiled in.
    #[test]
    fn a_recycled_session_is_a_new_one() {
        let transcript = include_str!("../../examples/session-2025-11-25.jsonl");
        let records: Vec<(Direction, Value)> = transcript
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let r: Value = serde_json::from_str(l).unwrap();
                let direction = match r["dir"].as_str() {
                    Some("s2c") => Direction::ServerToClient,
                    _ => Direction::ClientToServer,
                };
                (direction, r["msg"].clone())
            })
            .collect();
        let judge = |s: &mut Session, upto: usize| {
            let mut all = Vec::new();
            for (direction, msg) in &records[..upto] {
                let text = serde_json::to_vec(msg).unwrap();
                let reports = s.judge(*direction, &text).reports;
                all.push(serde_json::to_value(&reports).unwrap());
            }
            all.push(serde_json::to_value(s.unanswered()).unwrap());
            all
        };
        let null_ids = Options {
            null_id_as_warning: true,
            ..Options::default()
        };
        for (mode, options) in [
            (Mode::Auto, Options::default()),
            (Mode::Fixed(Version::V2025_11_25), null_ids),
        ] {
            let mut fresh = Session::try_with_options(mode, options).unwrap();
            let expected = judge(&mut fresh, records.len());
            // Stop half-way (requests pending, capabilities seen), then reuse.
            let mut used = Session::auto();
            let _ = judge(&mut used, records.len() / 2);
            used.set_http_protocol_version("2025-06-18").unwrap();
            used.recycle(mode, options).unwrap();
            assert_eq!(judge(&mut used, records.len()), expected, "{mode:?}");
            assert_eq!(used.forgotten(), 0);
        }
        let mut s = Session::auto();
        let missing = Version::ALL.iter().copied().find(|v| v.spec().is_none());
        if let Some(v) = missing {
            assert!(s.recycle(Mode::Fixed(v), Options::default()).is_err());
        }
    }
}

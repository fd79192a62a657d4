//! A conversation between one client and one server, judged message by
//! message: revision tracking, request/response correlation, direction
//! inference, capabilities, protocol rules, batches, and the checks
//! [`crate::dispatch`] plans.
//!
//! ```
//! use mcpwire::{Direction, Origin, Session, Version};
//! use serde_json::json;
//!
//! let mut session = Session::new(Version::V2026_07_28);
//! let reports = session.observe(
//!     Direction::ServerToClient,
//!     Origin::Implementation,
//!     &json!({"jsonrpc": "2.0", "id": 401, "error": {"code": -32021, "message": "needs sampling",
//!             "data": {"requiredCapabilities": ["sampling"]}}}),
//! );
//! let v = &reports[0].violations[0].violation;
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
//! 4. [`Options::fallback`] (default: the newest dated revision compiled
//!    in). The first message judged there carries a
//!    [`WarningKind::Assumption`] saying so (once per session).
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
//! **One observe path.** Every message is judged from its
//! [`MessageHead`] ([`crate::head`]): built once from bytes
//! ([`crate::scan::Message::scan`], or by the caller's own strict pass,
//! [`crate::scan::Message::scanned`] and [`Session::judge_message`]) or
//! from a `Value` ([`MessageHead::of_value`]). Revision choice,
//! correlation, direction inference, capabilities, the conversation rules
//! and dispatch read only the head; the planned checks then run on the
//! bytes or on the `Value`.
//!
//! **Cost.** On the bytes path ([`Session::observe_bytes`],
//! [`Session::judge_bytes`]) a valid message costs one strict scan (the
//! head) plus one strict pass per planned check; the envelope's check is
//! skipped when the typed check, which implies it, passes (codegen proves
//! which do on the schema: [`crate::spec::DispatchMaps::implies`]), so a valid request or notification costs two
//! passes in all — and one fewer in `mcpwire check`, whose transcript
//! reader reads the head in its record scan ([`crate::check_transcript`]).
//! A `Value` is parsed only when a check fails (to report the `Value`
//! path's violations).
//!
//! **Per message**, around the checks: one hash for the correlation table
//! ([`crate::correlate`]), one for dispatch's method index, no allocation
//! for the plan ([`crate::dispatch::Checks`]); [`Session::observe_bytes_into`]
//! judges into the report of the previous message, reusing its room, so a
//! clean message allocates no report (the npm package's hot path), and
//! [`Session::recycle`] starts a new conversation in the room of the last
//! (the package's pool of freed sessions). Capabilities are kept as the
//! text they were sent as and asked member by member (`capabilities.rs`).
//!
//! Measured: `npm/README.md`, Performance.
//!
//! **Lines.** [`Session::judge`] takes the message's 1-based line in its
//! transcript ([`Source::line`]); findings about other messages cite them
//! by line (by 1-based position, `message #N`, when no line was given).

mod capabilities;
pub mod envelope;
mod infer;
mod observe;
pub mod rules;

use serde_json::Value;

pub(crate) use capabilities::Declared;
pub use capabilities::{Capabilities, META_CLIENT_CAPABILITIES};
pub use infer::Reason;

pub use crate::scan::META_PROTOCOL_VERSION;
use crate::{
    correlate::Correlator, input, message::MessageKind, report::Report, scan::MessageHead,
    Direction, Origin, Version,
};

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
    /// Limits for [`Session::observe_bytes`].
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

/// Where a message was seen, for [`Session::judge`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Source {
    /// Which way it went; `None`: infer it ([`Session::infer`]).
    pub direction: Option<Direction>,
    /// Who wrote it.
    pub origin: Origin,
    /// Its 1-based line in a transcript, when it has one.
    pub line: Option<usize>,
}

/// What [`Session::judge`] found about one message.
#[derive(Debug)]
pub struct Judged {
    /// The direction it was judged in (given or inferred).
    pub direction: Direction,
    /// How the direction was inferred; `None` when the caller gave it.
    pub inferred: Option<Reason>,
    /// One report, or one per element of a batch.
    pub reports: Vec<Report>,
    /// The message as a `Value`, when the session parsed it from bytes
    /// (a batch, or a message with findings to show); `None` otherwise.
    pub value: Option<Value>,
    /// Whether the record's expected violations were met
    /// ([`crate::expect::Expect::apply`]); `None` when it expected none.
    pub expectation_met: Option<bool>,
}

impl Judged {
    /// Whether every report is valid.
    pub fn is_valid(&self) -> bool {
        self.reports.iter().all(Report::is_valid)
    }
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
    correlator: Correlator,
    /// What each side declared ([`capabilities::Sides`]: text on the bytes path).
    capabilities: capabilities::Sides,
    /// The text the client capabilities were last parsed from (bytes path).
    client_capabilities_text: Option<Vec<u8>>,
    lifecycle: observe::Lifecycle,
    /// Whether the auto-mode assumption was reported.
    assumed: bool,
    /// The room of a recycled report's method ([`Session::observe_bytes_into`]).
    spare_method: String,
    /// The line of the message being judged.
    line: Option<usize>,
    next_index: usize,
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
            correlator: Correlator::default(),
            capabilities: capabilities::Sides::default(),
            client_capabilities_text: None,
            lifecycle: observe::Lifecycle::default(),
            assumed: false,
            spare_method: String::new(),
            line: None,
            next_index: 0,
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
            correlator,
            capabilities,
            client_capabilities_text,
            lifecycle,
            assumed,
            spare_method: _,
            line,
            next_index,
        } = self;
        *session_mode = mode;
        *session_options = options;
        *negotiated = None;
        *proposed = None;
        *http = None;
        *transport = None;
        correlator.clear();
        *capabilities = capabilities::Sides::default();
        *client_capabilities_text = None;
        *lifecycle = observe::Lifecycle::default();
        *assumed = false;
        *line = None;
        *next_index = 0;
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

    /// Judges one message, inferring its direction when `source` does not
    /// give it, and citing it by `source.line`.
    pub fn judge(&mut self, source: Source, msg: &Value) -> Judged {
        let (direction, inferred) = match source.direction {
            Some(d) => (d, None),
            None => {
                let (d, why) = self.infer(msg);
                (d, Some(why))
            }
        };
        self.line = source.line;
        let reports = self.observe(direction, source.origin, msg);
        self.line = None;
        Judged {
            direction,
            inferred,
            reports,
            value: None,
            expectation_met: None,
        }
    }

    /// [`Session::judge`] on bytes: the bytes path
    /// ([`Session::observe_bytes`]); [`Judged::value`] holds the parsed
    /// message when it was parsed.
    pub fn judge_bytes(&mut self, source: Source, bytes: &[u8]) -> Judged {
        match crate::scan::Message::scan(bytes, self.options.limits) {
            Some(message) => self.judge_message(source, message),
            None => self.judge_parsed(source, bytes),
        }
    }

    /// [`Session::judge_bytes`] for a message whose head was read already
    /// (by [`crate::scan::Message::scan`], or
    /// [`crate::scan::Message::scanned`] after a pass of the caller's
    /// own, as the transcript reader's record scan).
    pub fn judge_message(&mut self, source: Source, message: crate::scan::Message<'_>) -> Judged {
        self.line = source.line;
        let (direction, inferred) = self.direction_of(source, message.head());
        let reports = self.observe_message(direction, source.origin, &message);
        let findings = reports
            .iter()
            .any(|r| !r.violations.is_empty() || !r.warnings.is_empty());
        self.line = None;
        Judged {
            direction,
            inferred,
            reports,
            value: if findings { message.into_full() } else { None },
            expectation_met: None,
        }
    }

    /// [`Session::judge_bytes`] when the bytes path cannot read the text.
    fn judge_parsed(&mut self, source: Source, bytes: &[u8]) -> Judged {
        self.line = source.line;
        let judged = match input::parse(bytes, self.options.limits) {
            Ok(value) => {
                let (direction, inferred) = match source.direction {
                    Some(d) => (d, None),
                    None => {
                        let (d, why) = self.infer(&value);
                        (d, Some(why))
                    }
                };
                let reports = self.observe(direction, source.origin, &value);
                Judged {
                    direction,
                    inferred,
                    reports,
                    value: Some(value),
                    expectation_met: None,
                }
            }
            Err(e) => {
                let direction = source.direction.unwrap_or(Direction::ClientToServer);
                let reports = vec![self.unreadable(direction, source.origin, &e)];
                Judged {
                    direction,
                    inferred: source.direction.is_none().then_some(Reason::Default),
                    reports,
                    value: None,
                    expectation_met: None,
                }
            }
        };
        self.line = None;
        judged
    }

    fn direction_of(&self, source: Source, head: &MessageHead) -> (Direction, Option<Reason>) {
        match source.direction {
            Some(d) => (d, None),
            None => {
                let (d, why) = self.infer_head(head);
                (d, Some(why))
            }
        }
    }

    /// Judges one message given as bytes (one JSON text). Unreadable input
    /// gives a report with [`Report::input_error`] and the session goes on.
    ///
    /// Fast path ([`crate::bytes`]): one pass reads what dispatch needs,
    /// and each planned check runs its bytes validator on the message (or
    /// its `result`/`error`) without building a `Value`; only a check that
    /// fails parses the message, to report the `Value` path's violations.
    /// Batches and input the fast path refuses take the `Value` path
    /// whole, so the reports are the same as [`Session::observe`]'s on the
    /// parsed message.
    pub fn observe_bytes(
        &mut self,
        direction: Direction,
        origin: Origin,
        bytes: &[u8],
    ) -> Vec<Report> {
        if let Some(message) = crate::scan::Message::scan(bytes, self.options.limits) {
            return self.observe_message(direction, origin, &message);
        }
        self.observe_unscanned(Some(direction), origin, bytes)
    }

    /// [`Session::observe_bytes`] for text the bytes path cannot read
    /// (batches, refused input): parsed and judged whole, or one report of
    /// the input error. `direction` `None`: inferred from the parsed
    /// message (client to server when it does not parse).
    fn observe_unscanned(
        &mut self,
        direction: Option<Direction>,
        origin: Origin,
        bytes: &[u8],
    ) -> Vec<Report> {
        match input::parse(bytes, self.options.limits) {
            Ok(value) => {
                let direction = direction.unwrap_or_else(|| self.infer(&value).0);
                self.observe(direction, origin, &value)
            }
            Err(e) => {
                let direction = direction.unwrap_or(Direction::ClientToServer);
                vec![self.unreadable(direction, origin, &e)]
            }
        }
    }

    /// [`Session::observe_bytes`] into `reports` (cleared first), for a
    /// caller that judges message after message: a report left in
    /// `reports` by the previous call lends its room (vectors, method
    /// text) to the next, so a clean message on the fast path allocates no
    /// report. `direction` `None`: inferred from the message, as
    /// [`Session::judge_bytes`] does (without parsing a message with
    /// findings into [`Judged::value`]). The reports are
    /// `observe_bytes`'s (or `judge_bytes`') for the same message.
    pub fn observe_bytes_into(
        &mut self,
        direction: Option<Direction>,
        origin: Origin,
        bytes: &[u8],
        reports: &mut Vec<Report>,
    ) {
        reports.truncate(1);
        if let Some(message) = crate::scan::Message::scan(bytes, self.options.limits) {
            let direction = direction.unwrap_or_else(|| self.infer_head(message.head()).0);
            if reports.is_empty() {
                reports.push(self.blank(direction, origin, MessageKind::Unknown));
            }
            self.observe_one_into(
                &mut reports[0],
                direction,
                origin,
                message.head(),
                observe::Body::Bytes(&message),
            );
            self.next_index += 1;
            return;
        }
        reports.clear();
        reports.extend(self.observe_unscanned(direction, origin, bytes));
    }

    fn unreadable(
        &mut self,
        direction: Direction,
        origin: Origin,
        e: &input::InputError,
    ) -> Report {
        let mut report = self.blank(direction, origin, MessageKind::Unreadable);
        report.input_error = Some(e.to_string());
        self.next_index += 1;
        report
    }

    /// Judges one message already scanned by [`crate::scan::Message::scan`]
    /// (what [`Session::observe_bytes`] does when the scan succeeds); the
    /// caller keeps the message, so it can reuse its skeleton and, when a
    /// report has findings, its parsed form ([`crate::scan::Message::full`]).
    pub fn observe_message(
        &mut self,
        direction: Direction,
        origin: Origin,
        message: &crate::scan::Message<'_>,
    ) -> Vec<Report> {
        let report = self.observe_one(
            direction,
            origin,
            message.head(),
            observe::Body::Bytes(message),
        );
        self.next_index += 1;
        vec![report]
    }

    /// Judges one message: one report, or one per element of a batch.
    pub fn observe(&mut self, direction: Direction, origin: Origin, msg: &Value) -> Vec<Report> {
        let reports = match msg {
            Value::Array(elements) => self.observe_batch(direction, origin, elements),
            _ => vec![self.observe_one(
                direction,
                origin,
                &MessageHead::of_value(msg),
                observe::Body::Value(msg),
            )],
        };
        self.next_index += 1;
        reports
    }
}

#[cfg(all(test, feature = "v2025_11_25"))]
mod tests {
    use super::*;

    /// `observe_bytes_into`, with each report recycled into the next
    /// message, says what `observe_bytes` says, message by message: clean
    /// and failing requests, responses (answered, duplicate, unknown),
    /// errors, a batch, unreadable text, an inferred direction.
    #[test]
    fn observe_bytes_into_reports_what_observe_bytes_does() {
        let c2s = Some(Direction::ClientToServer);
        let s2c = Some(Direction::ServerToClient);
        let messages: [(Option<Direction>, &str); 12] = [
            (c2s, r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#),
            (s2c, r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#),
            (s2c, r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}"#),
            (
                c2s,
                r#"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":7}}"#,
            ),
            (
                s2c,
                r#"{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"bad"}}"#,
            ),
            (s2c, r#"{"jsonrpc":"2.0","id":9,"result":{}}"#),
            (
                c2s,
                r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            ),
            (None, r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#),
            (None, r#"{"jsonrpc":"2.0","id":2,"result":{}}"#),
            (
                c2s,
                r#"[{"jsonrpc":"2.0","method":"notifications/initialized"}]"#,
            ),
            (c2s, r#"{"jsonrpc":"2.0","id":3,"method""#),
            (c2s, r#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#),
        ];
        let mut plain = Session::new(Version::V2025_11_25);
        let mut recycling = Session::new(Version::V2025_11_25);
        let mut reports = Vec::new();
        for (direction, text) in messages {
            let expected = match direction {
                Some(d) => plain.observe_bytes(d, Origin::Implementation, text.as_bytes()),
                None => {
                    let source = Source {
                        direction: None,
                        origin: Origin::Implementation,
                        line: None,
                    };
                    plain.judge_bytes(source, text.as_bytes()).reports
                }
            };
            recycling.observe_bytes_into(
                direction,
                Origin::Implementation,
                text.as_bytes(),
                &mut reports,
            );
            let json = |r: &[Report]| serde_json::to_value(r).unwrap();
            assert_eq!(json(&reports), json(&expected), "{text}");
        }
        assert_eq!(
            serde_json::to_value(recycling.unanswered()).unwrap(),
            serde_json::to_value(plain.unanswered()).unwrap()
        );
    }

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
                let reports = s.observe_bytes(*direction, Origin::Implementation, &text);
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

//! The judge's HTTP side: each HTTP step ([`Step`]) is routed to its
//! conversation ([`Router`]), the conversation's [`Tracker`] applies the
//! HTTP rules, and each JSON-RPC message the step carries is judged by
//! that conversation's session, with the exchange's metadata in its
//! [`Http`] context.

use std::collections::{BTreeMap, HashMap};

use super::{requests, Config, Consumer, Context, Http, Judged, Pending, Totals};
use crate::{
    http::{ConversationId, Output, Read, Router, Step, Tracker},
    input::InputError,
    message::MessageKind,
    report::Report,
    Direction, Origin, Session, Source, Version,
};

/// HTTP conversations judged at once, at most: past it the oldest is
/// finished (its unanswered requests reported at the end like the others)
/// and forgotten, so memory stays bounded.
pub const MAX_CONVERSATIONS: usize = crate::http::router::MAX_CONVERSATIONS;

/// Unanswered requests of finished conversations kept at most (the
/// newest).
const MAX_RETIRED: usize = 65_536;

/// Open exchanges remembered at most (for their messages' metadata).
const MAX_OPEN_EXCHANGES: usize = 65_536;

/// An HTTP conversation: its rules' state and its session.
struct HttpConversation {
    tracker: Tracker,
    session: Session,
}

impl HttpConversation {
    /// Judges a message the tracker read (or could not read) in a step of
    /// `exchange`, with this conversation's session, and notes what it
    /// asks and answers; returns the result with the message's size.
    fn judge_message(
        &mut self,
        source: Source,
        bytes: &[u8],
        read: Read<'_>,
        exchange: Option<&mut Exchange>,
    ) -> (crate::Judged, usize) {
        let session = &mut self.session;
        let (judged, size) = judge_read(session, source, bytes, read);
        answered_by_transport(exchange, &judged.reports, session);
        (judged, size)
    }
}

/// What the judge remembers of an open exchange, for the messages'
/// [`Http`] metadata.
#[derive(Clone, Default)]
struct Exchange {
    conversation: ConversationId,
    method: String,
    target: String,
    session_id: Option<String>,
    protocol_version: Option<String>,
    status: Option<u16>,
    /// Events of its response stream so far.
    events: u64,
    /// The ids of the requests its POST carried, and whether each is an
    /// `initialize`.
    request_ids: Vec<(serde_json::Value, bool)>,
}

impl Exchange {
    /// Notes what `step`'s head says: the request's method, target and
    /// headers, the response's status and session id.
    fn note_head(&mut self, step: &Step) {
        match step {
            Step::Request { head, .. } => {
                self.method = head.method.clone();
                self.target = head.target.clone();
                self.session_id = head.headers.get("mcp-session-id").map(str::to_string);
                self.protocol_version =
                    head.headers.get("mcp-protocol-version").map(str::to_string);
            }
            Step::Response { head, .. } => {
                self.status = Some(head.status);
                if let Some(id) = head.headers.get("mcp-session-id") {
                    self.session_id = Some(id.to_string());
                }
            }
            _ => {}
        }
    }
}

/// The HTTP conversations being judged, their exchanges, and the
/// unanswered requests of those already finished.
#[derive(Default)]
pub(super) struct HttpSide {
    router: Router,
    conversations: BTreeMap<ConversationId, HttpConversation>,
    exchanges: HashMap<u64, Exchange>,
    /// Unanswered requests of conversations already finished.
    retired: Vec<Pending>,
}

impl HttpSide {
    /// Judges one HTTP step: notes its exchange's metadata, opens its
    /// conversation if new, runs the conversation's tracker on it, and
    /// hands each finding and judged message to `consumer`.
    pub(super) fn step<C: Consumer + ?Sized>(
        &mut self,
        config: &Config,
        step: &Step,
        queued: &Context,
        mut skipped_before: u64,
        consumer: &mut C,
        totals: &mut Totals,
    ) {
        let exchange = step.exchange();
        // A request's body is read once: to route it, for the HTTP rules,
        // and to be judged.
        let request = match step {
            Step::Request { head, body, .. } => Read::request(head, body, config.options.limits),
            _ => None,
        };
        let initialize = request.as_ref().is_some_and(Read::is_initialize);
        let conversation = route(&mut self.router, step, initialize);
        let (meta, event) = self.note_exchange(step, exchange, conversation);
        if let Step::End { exchange, .. } = step {
            self.router.end(*exchange);
            self.exchanges.remove(exchange);
        }
        self.open_conversation(config, conversation);
        let Some(conv) = self.conversations.get_mut(&conversation) else {
            return;
        };
        let shared = StepContext {
            meta,
            event_id: match step {
                Step::Event { event, .. } => event.id.clone(),
                _ => None,
            },
            event,
            exchange,
            conversation,
            sequence: queued.sequence,
        };
        note_request_version(step, &mut conv.session);
        if let Step::Response { head, .. } = step {
            refused_initialize(
                self.exchanges.get_mut(&exchange),
                head.status,
                &mut conv.session,
            );
        }
        let mut out = Vec::new();
        conv.tracker.step(step, request, &conv.session, &mut out);
        let line = usize::try_from(exchange).ok();
        for o in out.drain(..) {
            match o {
                Output::Finding(f) => consumer.http(&f, &shared.context(f.direction)),
                Output::Message {
                    direction,
                    bytes,
                    read,
                    ..
                } => {
                    let source = Source {
                        direction: Some(direction),
                        origin: Origin::Implementation,
                        line,
                    };
                    let context = shared.context(direction);
                    let (judged, size) =
                        conv.judge_message(source, bytes, read, self.exchanges.get_mut(&exchange));
                    consumer.judged(&Judged {
                        context: &context,
                        bytes,
                        size,
                        revision: conv.session.revision(),
                        reports: &judged.reports,
                        value: judged.value.as_ref(),
                        skipped_before: std::mem::take(&mut skipped_before),
                    });
                    totals.judged += 1;
                }
            }
        }
    }

    /// Notes what `step` says of its exchange (remembering at most
    /// [`MAX_OPEN_EXCHANGES`]) and returns a copy of the exchange's
    /// metadata for its messages' contexts, with the index of the step's
    /// event in its stream if it is one.
    fn note_exchange(
        &mut self,
        step: &Step,
        exchange: u64,
        conversation: ConversationId,
    ) -> (Exchange, Option<u64>) {
        if self.exchanges.len() >= MAX_OPEN_EXCHANGES && !self.exchanges.contains_key(&exchange) {
            // Ends that never came (not judged, over budget): forget the
            // oldest exchange.
            if let Some(&oldest) = self.exchanges.keys().min() {
                self.exchanges.remove(&oldest);
            }
        }
        let meta = self.exchanges.entry(exchange).or_default();
        meta.conversation = conversation;
        meta.note_head(step);
        let event = match step {
            Step::Event { .. } => {
                meta.events += 1;
                Some(meta.events - 1)
            }
            _ => None,
        };
        // A copy for the messages' contexts, without the request ids (not
        // copied for every event of a long stream).
        let request_ids = std::mem::take(&mut meta.request_ids);
        let copy = meta.clone();
        meta.request_ids = request_ids;
        (copy, event)
    }

    /// Opens `conversation` if it is new, first finishing the oldest one
    /// (its unanswered requests retired) when [`MAX_CONVERSATIONS`] are
    /// open.
    fn open_conversation(&mut self, config: &Config, conversation: ConversationId) {
        if self.conversations.contains_key(&conversation) {
            return;
        }
        if self.conversations.len() >= MAX_CONVERSATIONS {
            if let Some((_, old)) = self.conversations.pop_first() {
                self.retired
                    .extend(requests::unanswered(&old.session, true));
                let over = self.retired.len().saturating_sub(MAX_RETIRED);
                self.retired.drain(..over);
            }
        }
        self.conversations.insert(
            conversation,
            HttpConversation {
                tracker: Tracker::new(config.mode, config.options.limits),
                session: http_session(config),
            },
        );
    }

    /// Every request never answered: those of finished conversations,
    /// then those of the open ones.
    pub(super) fn unanswered(self) -> Vec<Pending> {
        let mut unanswered = self.retired;
        for (_, c) in self.conversations {
            unanswered.extend(requests::unanswered(&c.session, true));
        }
        unanswered
    }
}

/// What the contexts of one step's findings and messages share.
struct StepContext {
    meta: Exchange,
    event_id: Option<String>,
    event: Option<u64>,
    exchange: u64,
    conversation: ConversationId,
    sequence: u64,
}

impl StepContext {
    /// The context of a finding or message going `direction`.
    fn context(&self, direction: Direction) -> Context {
        let meta = &self.meta;
        Context {
            direction,
            origin: Origin::Implementation,
            sequence: self.sequence,
            line: None,
            unterminated: false,
            http: Some(Box::new(Http {
                protocol_version: meta.protocol_version.clone(),
                method: Some(meta.method.clone()),
                status: meta.status,
                session_id: meta.session_id.clone(),
                event_id: self.event_id.clone(),
                event: self.event,
                exchange: Some(self.exchange),
                target: Some(meta.target.clone()),
                conversation: Some(self.conversation),
            })),
        }
    }
}

/// A capture that starts after the handshake is judged at the revision
/// its requests' header names: notes a request's `MCP-Protocol-Version`
/// in `session`, the one owner of the revision in force (the tracker's
/// rules read it from there).
fn note_request_version(step: &Step, session: &mut Session) {
    if let Step::Request { head, .. } = step {
        if let Some(v) = head
            .headers
            .get("mcp-protocol-version")
            .and_then(|h| h.trim().parse::<Version>().ok())
        {
            session.note_transport_version(v);
        }
    }
}

/// Judges a message the tracker read (or could not read) in `session`,
/// on the same read (a scan, or the parsed batch, kept in
/// [`crate::Judged::value`] for excerpts), and returns the result with the
/// message's size.
fn judge_read(
    session: &mut Session,
    source: Source,
    bytes: &[u8],
    read: Read<'_>,
) -> (crate::Judged, usize) {
    match read {
        Read::Scanned(message) => (session.judge(source, message), bytes.len()),
        Read::Parsed { value, .. } => {
            let mut judged = session.judge(source, &value);
            judged.value = Some(value);
            (judged, bytes.len())
        }
        Read::Unreadable(e) => {
            // Unreadable (or over the limit): an empty input gives the
            // unreadable report and advances the session like any
            // message.
            let mut judged = session.judge(source, b"");
            for r in &mut judged.reports {
                r.input_error = Some(e.to_string());
            }
            let size = match e {
                InputError::TooLarge { len, .. } => len,
                _ => bytes.len(),
            };
            (judged, size)
        }
    }
}
/// An `initialize` POSTed and refused with a 4xx status is answered: the
/// 2025-03-26 transport's backwards compatibility probe, which an older
/// server answers 405 or 404 before the client falls back to the
/// 2024-11-05 transport.
fn refused_initialize(exchange: Option<&mut Exchange>, status: u16, session: &mut Session) {
    let Some(exchange) = exchange else {
        return;
    };
    if !(400..500).contains(&status) {
        return;
    }
    exchange.request_ids.retain(|(id, initialize)| {
        if *initialize {
            session.answered_by_transport(id);
        }
        !*initialize
    });
}

/// An exchange's requests and their answer without an id: the ids of
/// the requests a POST carried are kept; an error with `"id": null` (or
/// none) answering that POST answers them, so they are not reported as
/// never answered.
fn answered_by_transport(
    exchange: Option<&mut Exchange>,
    reports: &[Report],
    session: &mut Session,
) {
    let Some(exchange) = exchange else {
        return;
    };
    for r in reports {
        match (r.direction, r.kind) {
            (Direction::ClientToServer, MessageKind::Request) => {
                if let Some(id) = &r.id {
                    if exchange.request_ids.len() < 1024 {
                        let initialize = r.method.as_deref() == Some("initialize");
                        exchange.request_ids.push((id.clone(), initialize));
                    }
                }
            }
            (Direction::ServerToClient, MessageKind::Error)
                if r.id.as_ref().is_none_or(serde_json::Value::is_null) =>
            {
                for (id, _) in std::mem::take(&mut exchange.request_ids) {
                    session.answered_by_transport(&id);
                }
            }
            _ => {}
        }
    }
}

/// The conversation of a step, learning from it (the same routing
/// `mcpwire check` does on a HAR: it replays through this code).
fn route(router: &mut Router, step: &Step, initialize: bool) -> ConversationId {
    match step {
        Step::Request { exchange, head, .. } => router.request(*exchange, head, initialize),
        Step::Response { exchange, head } => {
            router.response(*exchange, head);
            router.conversation(*exchange).unwrap_or(0)
        }
        Step::Event { exchange, event } => {
            router.event(*exchange, event);
            router.conversation(*exchange).unwrap_or(0)
        }
        other => router.conversation(other.exchange()).unwrap_or(0),
    }
}

/// The session of an HTTP conversation: before a handshake or an
/// `MCP-Protocol-Version` header says which revision is in force, it is
/// judged at [`http_fallback`], as its HTTP rules assume.
pub(super) fn http_session(config: &Config) -> Session {
    let options = crate::Options {
        fallback: http_fallback(config),
        ..config.options
    };
    Session::with_options(config.mode, options)
}

/// The revision an HTTP conversation is judged at while nothing says
/// which: 2025-03-26, as the transport tells servers ("If the server does
/// not receive an MCP-Protocol-Version header, and has no other way to
/// identify the version - for example, by relying on the protocol version
/// negotiated during initialization - the server SHOULD assume protocol
/// version 2025-03-26."), when it is compiled in; else the configured
/// fallback.
fn http_fallback(config: &Config) -> Version {
    if Version::V2025_03_26.spec().is_some() {
        Version::V2025_03_26
    } else {
        config.options.fallback
    }
}

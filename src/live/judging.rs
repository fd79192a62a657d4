//! What the judge thread does with each queued item, in queue order — the
//! same code [`super::Replay`] runs on the caller's thread.
//!
//! A plain message (a line, a tee's message) is judged by the pipeline's
//! own session. An HTTP step ([`Step`]) is routed to its conversation
//! ([`Router`]), the conversation's [`Tracker`] applies the HTTP rules,
//! and each JSON-RPC message the step carries is judged by that
//! conversation's session: HTTP rules and messages of one MCP session go
//! through one queue into one [`Session`].

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::{
    pipeline::{Body, Item},
    rules, Config, Consumer, Context, Http, Judged, Pending, Totals,
};
use crate::{
    http::{ConversationId, Output, Router, Step, Tracker},
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

/// One session and where its requests were sent.
struct Conversation {
    session: Session,
    requests: Requests,
}

impl Conversation {
    fn new(config: &Config) -> Conversation {
        Conversation {
            session: Session::with_options(config.mode, config.options),
            requests: Requests::default(),
        }
    }

    /// An HTTP conversation: before a handshake or an
    /// `MCP-Protocol-Version` header says which revision is in force, it
    /// is [`http_fallback`], as its HTTP rules assume.
    fn http(config: &Config) -> Conversation {
        let options = crate::Options {
            fallback: http_fallback(config),
            ..config.options
        };
        Conversation {
            session: Session::with_options(config.mode, options),
            requests: Requests::default(),
        }
    }
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

/// An HTTP conversation: its rules' state and its session.
struct HttpConversation {
    tracker: Tracker,
    conversation: Conversation,
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

#[derive(Default)]
struct HttpSide {
    router: Router,
    conversations: BTreeMap<ConversationId, HttpConversation>,
    exchanges: HashMap<u64, Exchange>,
    /// Unanswered requests of conversations already finished.
    retired: Vec<Pending>,
}

/// The judge's state.
pub(super) struct Judging {
    config: Config,
    plain: Conversation,
    http: Option<Box<HttpSide>>,
    totals: Totals,
    sequence: u64,
}

impl Judging {
    pub(super) fn new(config: Config) -> Judging {
        Judging {
            plain: Conversation::new(&config),
            config,
            http: None,
            totals: Totals::default(),
            sequence: 0,
        }
    }

    /// Messages not judged (the queue's count).
    pub(super) fn unjudged(&mut self, n: u64) {
        self.totals.unjudged = n;
    }

    /// Judges one item and hands the results to `consumer`.
    pub(super) fn item<C: Consumer + ?Sized>(&mut self, mut item: Item, consumer: &mut C) {
        item.context.sequence = self.sequence;
        self.sequence += 1;
        if let Body::Step(step) = &item.body {
            self.step(step, &item.context, item.skipped_before, consumer);
            return;
        }
        let limit = self.config.options.limits.max_bytes;
        let plain = &mut self.plain;
        let judged = judge_one(&mut plain.session, &item, limit);
        plain
            .requests
            .note(&item.context, &judged.reports, &plain.session);
        let (body, size): (&[u8], usize) = match &item.body {
            Body::Bytes(b) => (b, b.len()),
            Body::TooLarge(len) => (&[], *len),
            Body::Step(_) => unreachable!("handled above"),
        };
        consumer.judged(&Judged {
            context: &item.context,
            bytes: body,
            size,
            revision: plain.session.revision(),
            reports: &judged.reports,
            value: judged.value.as_ref(),
            skipped_before: item.skipped_before,
        });
        self.totals.judged += 1;
    }

    fn step<C: Consumer + ?Sized>(
        &mut self,
        step: &Step,
        queued: &Context,
        mut skipped_before: u64,
        consumer: &mut C,
    ) {
        let config = self.config;
        let http: &mut HttpSide = self.http.get_or_insert_with(Box::default);
        let exchange = step.exchange();
        let conversation = route(&mut http.router, step);
        if http.exchanges.len() >= MAX_OPEN_EXCHANGES && !http.exchanges.contains_key(&exchange) {
            // Ends that never came (not judged, over budget): forget the
            // oldest exchange.
            if let Some(&oldest) = http.exchanges.keys().min() {
                http.exchanges.remove(&oldest);
            }
        }
        let meta = http.exchanges.entry(exchange).or_default();
        meta.conversation = conversation;
        match step {
            Step::Request { head, .. } => {
                meta.method = head.method.clone();
                meta.target = head.target.clone();
                meta.session_id = head.headers.get("mcp-session-id").map(str::to_string);
                meta.protocol_version =
                    head.headers.get("mcp-protocol-version").map(str::to_string);
            }
            Step::Response { head, .. } => {
                meta.status = Some(head.status);
                if let Some(id) = head.headers.get("mcp-session-id") {
                    meta.session_id = Some(id.to_string());
                }
            }
            _ => {}
        }
        let event_index = match step {
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
        let meta = copy;
        if let Step::End { exchange, .. } = step {
            http.router.end(*exchange);
            http.exchanges.remove(exchange);
        }
        if !http.conversations.contains_key(&conversation) {
            if http.conversations.len() >= MAX_CONVERSATIONS {
                if let Some((_, old)) = http.conversations.pop_first() {
                    let c = old.conversation;
                    http.retired.extend(c.requests.unanswered(&c.session));
                    let over = http.retired.len().saturating_sub(MAX_RETIRED);
                    http.retired.drain(..over);
                }
            }
            http.conversations.insert(
                conversation,
                HttpConversation {
                    tracker: Tracker::new(config.mode, config.options.limits)
                        .with_fallback(http_fallback(&config)),
                    conversation: Conversation::http(&config),
                },
            );
        }
        let Some(conv) = http.conversations.get_mut(&conversation) else {
            return;
        };
        let event_id = match step {
            Step::Event { event, .. } => event.id.clone(),
            _ => None,
        };
        let context = |direction: Direction| Context {
            direction,
            origin: Origin::Implementation,
            sequence: queued.sequence,
            line: None,
            unterminated: false,
            http: Some(Box::new(Http {
                protocol_version: meta.protocol_version.clone(),
                method: Some(meta.method.clone()),
                status: meta.status,
                session_id: meta.session_id.clone(),
                event_id: event_id.clone(),
                event: event_index,
                exchange: Some(exchange),
                target: Some(meta.target.clone()),
                conversation: Some(conversation),
            })),
        };
        if let Step::Request { head, .. } = step {
            // A capture that starts after the handshake is judged at the
            // revision its requests' header names (the tracker's rules
            // read the same header).
            if let Some(v) = head
                .headers
                .get("mcp-protocol-version")
                .and_then(|h| h.trim().parse::<Version>().ok())
            {
                conv.conversation.session.note_transport_version(v);
            }
        }
        if let Step::Response { head, .. } = step {
            refused_initialize(
                http.exchanges.get_mut(&exchange),
                head.status,
                &mut conv.conversation.session,
            );
        }
        let mut out = Vec::new();
        conv.tracker.step(step, &mut out);
        let line = usize::try_from(exchange).ok();
        for o in out.drain(..) {
            match o {
                Output::Finding(f) => consumer.http(&f, &context(f.direction)),
                Output::Message {
                    direction,
                    bytes,
                    value,
                    ..
                } => {
                    let session = &mut conv.conversation.session;
                    let source = Source {
                        direction: Some(direction),
                        origin: Origin::Implementation,
                        line,
                    };
                    let (judged, size) = match &value {
                        Ok(_) => (session.judge(source, bytes), bytes.len()),
                        Err(e) => {
                            // Unreadable (or over the limit): an empty
                            // input gives the unreadable report and
                            // advances the session like any message.
                            let mut judged = session.judge(source, b"");
                            for r in &mut judged.reports {
                                r.input_error = Some(e.to_string());
                            }
                            let size = match e {
                                InputError::TooLarge { len, .. } => *len,
                                _ => bytes.len(),
                            };
                            (judged, size)
                        }
                    };
                    let context = context(direction);
                    answered_by_transport(
                        http.exchanges.get_mut(&exchange),
                        &judged.reports,
                        session,
                    );
                    conv.conversation
                        .requests
                        .note(&context, &judged.reports, session);
                    consumer.judged(&Judged {
                        context: &context,
                        bytes,
                        size,
                        revision: session.revision(),
                        reports: &judged.reports,
                        value: judged.value.as_ref().or(value.as_ref().ok()),
                        skipped_before: std::mem::take(&mut skipped_before),
                    });
                    self.totals.judged += 1;
                }
            }
        }
    }

    /// Every request never answered, and the totals; tells the consumer.
    pub(super) fn finish<C: Consumer + ?Sized>(mut self, consumer: &mut C) -> Totals {
        let plain = self.plain;
        let mut unanswered = plain.requests.unanswered(&plain.session);
        if let Some(http) = self.http {
            unanswered.extend(http.retired);
            for (_, c) in http.conversations {
                let c = c.conversation;
                unanswered.extend(c.requests.unanswered(&c.session));
            }
        }
        self.totals.unanswered = unanswered;
        consumer.finished(&self.totals);
        self.totals
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
fn route(router: &mut Router, step: &Step) -> ConversationId {
    match step {
        Step::Request {
            exchange,
            head,
            body,
        } => router.request(*exchange, head, &body.bytes),
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

fn judge_one(session: &mut Session, item: &Item, limit: usize) -> crate::Judged {
    let context = &item.context;
    if let Some(version) = context
        .http
        .as_ref()
        .and_then(|h| h.protocol_version.as_deref())
    {
        // An unknown header value is the HTTP rules' business; the session
        // keeps judging at the revision it had.
        let _ = session.set_http_protocol_version(version);
    }
    let source = Source {
        direction: Some(context.direction),
        origin: context.origin,
        line: context.line.and_then(|l| usize::try_from(l).ok()),
    };
    let mut judged = match &item.body {
        Body::Bytes(bytes) => session.judge(source, bytes),
        Body::TooLarge(len) => {
            // Empty input gives an unreadable report and advances the
            // session's message index like any other message.
            let mut judged = session.judge(source, b"");
            for r in &mut judged.reports {
                r.input_error = Some(InputError::TooLarge { len: *len, limit }.to_string());
            }
            judged
        }
        Body::Step(_) => unreachable!("steps are judged by Judging::step"),
    };
    if context.unterminated {
        let revision = session.revision();
        if let Some(first) = judged.reports.first_mut() {
            first
                .warnings
                .push(rules::unterminated(first.revision.unwrap_or(revision)));
        }
    }
    judged
}

/// Where each pending request was sent, for [`Totals::unanswered`];
/// pruned to the session's pending requests as it grows, so it stays
/// within twice their number.
#[derive(Default)]
struct Requests {
    /// Session message index → its requests (several in a batch).
    by_index: BTreeMap<usize, Vec<Pending>>,
    prune_at: usize,
}

impl Requests {
    fn note(&mut self, context: &Context, reports: &[Report], session: &Session) {
        for r in reports {
            if r.kind != MessageKind::Request {
                continue;
            }
            let Some(method) = r.method.clone() else {
                continue;
            };
            self.by_index.entry(r.index).or_default().push(Pending {
                direction: r.direction,
                method,
                id: r.id.clone(),
                sequence: context.sequence,
                line: context.line,
                exchange: context.http.as_ref().and_then(|h| h.exchange),
                revision: r.revision,
            });
        }
        if self.by_index.len() > self.prune_at {
            self.retain_pending(session);
            self.prune_at = 2 * self.by_index.len() + 64;
        }
    }

    fn retain_pending(&mut self, session: &Session) {
        let pending: BTreeSet<usize> = session.unanswered().iter().map(|u| u.index).collect();
        self.by_index.retain(|i, _| pending.contains(i));
    }

    fn unanswered(mut self, session: &Session) -> Vec<Pending> {
        let all = session.unanswered();
        all.iter()
            .map(|u| {
                let known = self.by_index.get_mut(&u.index).and_then(|v| {
                    let at = v
                        .iter()
                        .position(|p| p.method == u.method && p.direction == u.direction)?;
                    Some(v.remove(at))
                });
                let mut p = known.unwrap_or(Pending {
                    direction: u.direction,
                    method: u.method.clone(),
                    id: None,
                    sequence: 0,
                    line: None,
                    exchange: None,
                    revision: None,
                });
                p.revision = Some(u.revision);
                p
            })
            .collect()
    }
}

//! Which MCP conversation an exchange belongs to.
//!
//! A conversation is keyed by the `Mcp-Session-Id` the server issued on
//! its `initialize` response; for the 2024-11-05 HTTP+SSE transport by the
//! message endpoint its SSE stream announced (`endpoint` event); without
//! either (a server that issues no session ids), a request joins the most
//! recent conversation, and an `initialize` POST, or a GET that opens an
//! SSE endpoint, starts a new one. The proxy routes each request when it
//! arrives, before forwarding it, and learns ids and endpoints from
//! responses before forwarding them, so the routing is the same on every
//! run; `mcpwire check` routes a HAR's entries with the same code.

use std::collections::{HashMap, VecDeque};

use crate::http::{
    exchange::{RequestHead, ResponseHead},
    sse,
};

/// A conversation's number.
pub type ConversationId = u64;

/// Conversations remembered at most; the oldest is forgotten first.
pub const MAX_CONVERSATIONS: usize = 16_384;

/// The routing table.
#[derive(Debug, Default)]
pub struct Router {
    by_session: HashMap<String, ConversationId>,
    by_endpoint: HashMap<String, ConversationId>,
    /// Conversations in creation order, with their keys (for forgetting).
    order: VecDeque<(ConversationId, Vec<String>, Vec<String>)>,
    latest: Option<ConversationId>,
    next: ConversationId,
    /// Exchanges whose request was an `initialize`, and their conversation.
    initializing: HashMap<u64, ConversationId>,
    /// Open exchanges' conversations.
    exchanges: HashMap<u64, ConversationId>,
    /// Whether the latest conversation was opened by a GET (HTTP+SSE) or
    /// was issued a session id.
    latest_keyed: bool,
}

/// The path and query of an `endpoint` event's URI.
pub fn endpoint_target(data: &[u8]) -> Option<String> {
    let s = std::str::from_utf8(data).ok()?.trim();
    let rest = match s.find("://") {
        Some(i) => {
            let after = &s[i + 3..];
            match after.find('/') {
                Some(j) => &after[j..],
                None => "/",
            }
        }
        None => s,
    };
    Some(rest.to_string())
}

impl Router {
    /// An empty table.
    pub fn new() -> Router {
        Router::default()
    }

    fn create(&mut self) -> ConversationId {
        let id = self.next;
        self.next += 1;
        self.order.push_back((id, Vec::new(), Vec::new()));
        if self.order.len() > MAX_CONVERSATIONS {
            if let Some((_, sessions, endpoints)) = self.order.pop_front() {
                for s in sessions {
                    self.by_session.remove(&s);
                }
                for e in endpoints {
                    self.by_endpoint.remove(&e);
                }
            }
        }
        self.latest = Some(id);
        self.latest_keyed = false;
        id
    }

    fn key(
        &mut self,
        conversation: ConversationId,
        session: Option<String>,
        endpoint: Option<String>,
    ) {
        if let Some(entry) = self.order.iter_mut().find(|(c, _, _)| *c == conversation) {
            if let Some(s) = session {
                entry.1.push(s);
            }
            if let Some(e) = endpoint {
                entry.2.push(e);
            }
        }
    }

    /// The conversation of a request arriving now; `initialize`: whether
    /// its body holds an `initialize` ([`crate::http::Read::is_initialize`]).
    pub fn request(
        &mut self,
        exchange: u64,
        head: &RequestHead,
        initialize: bool,
    ) -> ConversationId {
        let conversation = self.pick(exchange, head, initialize);
        self.exchanges.insert(exchange, conversation);
        conversation
    }

    fn pick(&mut self, exchange: u64, head: &RequestHead, initialize: bool) -> ConversationId {
        if let Some(session) = head.headers.get("mcp-session-id") {
            if let Some(&c) = self.by_session.get(session) {
                return c;
            }
            // Joined mid-session: the id names a conversation from now on.
            let c = self.create();
            self.latest_keyed = true;
            self.by_session.insert(session.to_string(), c);
            self.key(c, Some(session.to_string()), None);
            return c;
        }
        if let Some(&c) = self.by_endpoint.get(&head.target) {
            return c;
        }
        let post = head.method.eq_ignore_ascii_case("POST");
        let get = head.method.eq_ignore_ascii_case("GET");
        if post && initialize {
            let c = self.create();
            self.initializing.insert(exchange, c);
            return c;
        }
        // A GET without a session id opens an HTTP+SSE endpoint, unless
        // it is the standalone stream of a server that issues no ids.
        if get && !head.headers.has("last-event-id") && (self.latest.is_none() || self.latest_keyed)
        {
            let c = self.create();
            self.latest_keyed = true;
            return c;
        }
        match self.latest {
            Some(c) => c,
            None => self.create(),
        }
    }

    /// Learns from a response head (the session id an `initialize` got;
    /// an `initialize` refused with a 4xx status).
    pub fn response(&mut self, exchange: u64, head: &ResponseHead) {
        if let Some(c) = self.initializing.remove(&exchange) {
            if let Some(id) = head.headers.get("mcp-session-id") {
                self.by_session.insert(id.to_string(), c);
                self.key(c, Some(id.to_string()), None);
                if self.latest == Some(c) {
                    self.latest_keyed = true;
                }
            } else if (400..500).contains(&head.status) && self.latest == Some(c) {
                // The backwards compatibility probe: a Streamable HTTP
                // `initialize` an older server refused ("If it fails with
                // an HTTP 4xx status code (e.g., 405 Method Not Allowed or
                // 404 Not Found): Issue a GET request to the server URL,
                // expecting that this will open an SSE stream"). The GET
                // that follows opens a conversation of its own.
                self.latest_keyed = true;
            }
        }
    }

    /// Learns from an SSE event (the message endpoint an `endpoint` event
    /// announces).
    pub fn event(&mut self, exchange: u64, event: &sse::Event) {
        if event.kind() != "endpoint" {
            return;
        }
        let Some(&c) = self.exchanges.get(&exchange) else {
            return;
        };
        if let Some(target) = endpoint_target(&event.data) {
            self.by_endpoint.insert(target.clone(), c);
            self.key(c, None, Some(target));
        }
    }

    /// The conversation of an open exchange.
    pub fn conversation(&self, exchange: u64) -> Option<ConversationId> {
        self.exchanges.get(&exchange).copied()
    }

    /// The exchange is over.
    pub fn end(&mut self, exchange: u64) {
        self.exchanges.remove(&exchange);
        self.initializing.remove(&exchange);
    }
}

//! A snapshot read off a conversation — captured ([`crate::transcript`])
//! or watched as it happens ([`Conversation`], what `mcpwire snapshot --
//! CMD` feeds from the probe): each result the snapshot is made of is
//! matched to its request by id.

use std::{collections::HashMap, io::BufRead};

use serde_json::Value;

use super::{Builder, List, Snapshot, SnapshotError};
use crate::{
    input::Limits,
    transcript::{Item, Reader},
    Direction,
};

/// Requests awaiting their result, at most this many (a transcript that
/// never answers cannot grow the table without bound).
const MAX_PENDING: usize = 4096;

/// The `_meta` member that names the revision of a request in revisions
/// without `initialize` (2026-07-28: `server/discover` and per-request
/// metadata).
const PROTOCOL_VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";

/// What a pending request will tell.
#[derive(Debug)]
enum Pending {
    Initialize,
    Discover(Option<String>),
    List {
        list: List,
        revision: Option<String>,
        first: bool,
    },
}

/// One conversation with a server, message by message, into a
/// [`Builder`]: pairs each `initialize`, `server/discover` and list
/// request with its result by id. A new conversation (a fresh process or
/// connection, where ids start over) takes a new `Conversation`.
///
/// ```
/// use mcpwire::{snapshot::{Builder, Conversation}, Direction};
/// use serde_json::json;
///
/// let mut b = Builder::new();
/// let mut c = Conversation::new();
/// c.message(&mut b, Some(Direction::ClientToServer), &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}));
/// c.message(&mut b, Some(Direction::ServerToClient), &json!({"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}));
/// assert_eq!(c.used(), 1);
/// assert!(b.finish().revisions.contains_key("2025-11-25"));
/// ```
#[derive(Debug, Default)]
pub struct Conversation {
    pending: HashMap<String, Pending>,
    /// The revision the last `initialize` negotiated.
    current: Option<String>,
    used: usize,
}

impl Snapshot {
    /// The snapshot of the conversation in a JSON Lines (or JSON array)
    /// transcript: `initialize` / `server/discover` and list results, every
    /// page, per revision. Lines that are not messages are skipped (an HTTP
    /// transcript's exchange records, for one). Errs when the transcript
    /// holds none of those results.
    pub fn from_transcript<R: BufRead>(input: R) -> Result<Snapshot, SnapshotError> {
        let mut builder = Builder::new();
        if builder.read_transcript(input)? == 0 {
            return Err(SnapshotError::Empty);
        }
        Ok(builder.finish())
    }
}

impl Builder {
    /// Adds the results of one transcript (several transcripts of one
    /// server, one per revision, build one snapshot). Returns how many
    /// results it used.
    pub fn read_transcript<R: BufRead>(&mut self, input: R) -> Result<usize, SnapshotError> {
        let mut conversation = Conversation::default();
        for entry in Reader::new(input, Limits::default()) {
            let Item::Message(message) = entry?.item else {
                continue;
            };
            let Ok(value) = crate::input::parse(&message.text, Limits::default()) else {
                continue;
            };
            conversation.message(self, message.direction, &value);
        }
        Ok(conversation.used)
    }
}

fn request_revision(message: &Value) -> Option<String> {
    message
        .pointer("/params/_meta")
        .and_then(|m| m.get(PROTOCOL_VERSION_META))
        .and_then(Value::as_str)
        .map(str::to_string)
}

impl Conversation {
    /// A conversation not yet begun.
    pub fn new() -> Conversation {
        Conversation::default()
    }

    /// Takes one message (or batch) travelling `direction` (`None`:
    /// unknown, either way), adding the results it completes to `builder`.
    pub fn message(&mut self, builder: &mut Builder, direction: Option<Direction>, m: &Value) {
        match m {
            Value::Array(batch) => {
                for m in batch {
                    self.single(builder, direction, m);
                }
            }
            m => self.single(builder, direction, m),
        }
    }

    /// How many results it has used.
    pub fn used(&self) -> usize {
        self.used
    }

    fn single(&mut self, builder: &mut Builder, direction: Option<Direction>, m: &Value) {
        let Some(id) = m.get("id").map(Value::to_string) else {
            return;
        };
        if let Some(method) = m.get("method").and_then(Value::as_str) {
            if direction != Some(Direction::ServerToClient) {
                self.request(id, method, m);
            }
        } else if direction != Some(Direction::ClientToServer) {
            if let (Some(result), Some(pending)) = (m.get("result"), self.pending.remove(&id)) {
                self.result(builder, pending, result);
            }
        }
    }

    fn request(&mut self, id: String, method: &str, m: &Value) {
        let pending = match method {
            "initialize" => Pending::Initialize,
            "server/discover" => Pending::Discover(request_revision(m)),
            _ => match List::from_method(method) {
                Some(list) => Pending::List {
                    list,
                    revision: request_revision(m),
                    first: m.pointer("/params/cursor").is_none(),
                },
                None => return,
            },
        };
        if self.pending.len() < MAX_PENDING || self.pending.contains_key(&id) {
            self.pending.insert(id, pending);
        }
    }

    fn result(&mut self, builder: &mut Builder, pending: Pending, result: &Value) {
        match pending {
            Pending::Initialize => {
                let Some(revision) = result.get("protocolVersion").and_then(Value::as_str) else {
                    return;
                };
                builder.server(revision, result);
                self.current = Some(revision.to_string());
            }
            Pending::Discover(revision) => {
                let Some(revision) = revision.or_else(|| self.current.clone()) else {
                    return;
                };
                builder.server(&revision, result);
            }
            Pending::List {
                list,
                revision,
                first,
            } => {
                let Some(revision) = revision.or_else(|| self.current.clone()) else {
                    return;
                };
                builder.page(&revision, list, first, result);
            }
        }
        self.used += 1;
    }
}

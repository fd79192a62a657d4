//! The session's one correlation table: requests still pending (per
//! sending direction, keyed by id **by value**), the answered ids kept to
//! flag duplicate responses, and the progress tokens of pending requests.
//! It serves response typing, direction inference
//! ([`crate::session::Reason`]) and [`crate::Session::unanswered`] alike.
//!
//! **Ids by value.** JSON-RPC ids are compared as JSON values: numeric ids
//! by their number (`2`, `2.0` and `2e0` are one id), strings by their
//! text; a string and a number never pair (`"2"` is another id than `2`,
//! as JSON-RPC and the reference harness have it; the session adds a hint
//! when a response's id matches a pending request only by its text,
//! [`Correlator::text_twin`]).
//!
//! **Bounded.** At most [`PENDING_CAPACITY`] pending requests are kept;
//! past that the oldest are forgotten (counted in
//! [`Correlator::forgotten`]), and at most [`ANSWERED_CAPACITY`] answered
//! ids. A progress token lives as long as its request is pending.
//!
//! **One lookup per message.** Pending and answered requests share one
//! table (an id is either pending or answered, never both), so a request
//! and a response each hash their key once; a key hashes its id in one
//! short write ([`IdKey`]'s `Hash`), and the request's method is shared
//! between the pending entry, its answered copy and the lookup's answer
//! ([`Pending::method`] is an `Arc<str>`).

use std::collections::{hash_map::Entry, HashMap, VecDeque};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde_json::Value;

use crate::{Direction, Version};

/// A request id (or progress token) as a map key: strings by text,
/// numbers by value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdKey {
    /// A string id.
    Str(String),
    /// An integer-valued number (`2`, `2.0`, `2e0`).
    Int(i128),
    /// Any other number, by its `f64` bits (`-0.0` read as `0.0`).
    Float(u64),
}

impl IdKey {
    /// Feeds the key to `h` with `salt` (the direction) folded in: one
    /// write for a number, the bytes and one end marker for a string (the
    /// derived form wrote a discriminant and 16 bytes for every number).
    /// Equal keys write the same; unequal ones may collide, which costs a
    /// comparison, never a wrong answer.
    fn feed<H: Hasher>(&self, h: &mut H, salt: u64) {
        match self {
            IdKey::Int(i) => {
                h.write_u64((*i as u64) ^ ((*i >> 64) as u64).rotate_left(29) ^ (salt << 62))
            }
            IdKey::Float(bits) => h.write_u64(bits.rotate_left(7) ^ (0b01 << 60) ^ (salt << 62)),
            IdKey::Str(s) => {
                h.write(s.as_bytes());
                h.write_u8(0xf0 | salt as u8);
            }
        }
    }
}

impl Hash for IdKey {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.feed(h, 0);
    }
}

impl IdKey {
    /// The key of an id value; `None` for ids that are neither string nor
    /// number (invalid, and never paired).
    pub fn of(id: &Value) -> Option<IdKey> {
        match id {
            Value::String(s) => Some(IdKey::Str(s.clone())),
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    return Some(IdKey::Int(u.into()));
                }
                if let Some(i) = n.as_i64() {
                    return Some(IdKey::Int(i.into()));
                }
                let f = n.as_f64()?;
                // Exactly representable integers (|f| < 2^64 covers every
                // u64/i64 a text could also spell without a fraction).
                if f.fract() == 0.0 && f.abs() < 1.8e19 {
                    return Some(IdKey::Int(f as i128));
                }
                let f = if f == 0.0 { 0.0 } else { f };
                Some(IdKey::Float(f.to_bits()))
            }
            _ => None,
        }
    }

    /// The same id with the other JSON type, spelled the same way: `"2"`
    /// for `2`, `2` for `"2"` (`None` when the text is not a number).
    pub fn text_twin(&self) -> Option<IdKey> {
        match self {
            IdKey::Str(s) => serde_json::from_str::<serde_json::Number>(s.trim())
                .ok()
                .and_then(|n| IdKey::of(&Value::Number(n))),
            IdKey::Int(i) => Some(IdKey::Str(i.to_string())),
            IdKey::Float(bits) => Some(IdKey::Str(f64::from_bits(*bits).to_string())),
        }
    }
}

/// How a task-augmented request is to be answered (2025-11-25 tasks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskAnswer {
    /// Not task-augmented (or no task support in the revision): the
    /// method's own result.
    Plain,
    /// The receiver declared task support for the request type: a
    /// `CreateTaskResult`.
    Task,
    /// Task-augmented, but the receiver declared no task support for the
    /// request type: processed normally, the method's own result.
    Ignored,
    /// Task-augmented and the receiver's capabilities are unknown: either
    /// answer is accepted (the report says which was assumed).
    Either,
}

/// What is remembered of a request until its response arrives.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The request's method (shared, so the answered copy and the lookup's
    /// answer cost no allocation).
    pub method: Arc<str>,
    /// The revision it was judged at (its response is judged there too).
    pub revision: Version,
    /// Index of the request in the session.
    pub index: usize,
    /// 2025-11-25 task augmentation: `params.task` was present.
    pub task_augmented: bool,
    /// How a task-augmented request is answered ([`TaskAnswer::Plain`]
    /// when it is not one).
    pub task_answer: TaskAnswer,
    /// The request's id, as written.
    pub id: Value,
    /// Its 1-based line in a transcript, when the caller gave one.
    pub line: Option<usize>,
    /// `params._meta.progressToken`, when present.
    pub progress_token: Option<IdKey>,
}

impl Pending {
    /// How findings refer to the request: its line when known, else its
    /// 1-based position in the session.
    pub fn cite(&self) -> String {
        match self.line {
            Some(line) => format!("line {line}"),
            None => format!("message #{}", self.index + 1),
        }
    }
}

/// How many pending requests are kept before the oldest are forgotten.
pub const PENDING_CAPACITY: usize = 65_536;

/// How many answered ids are remembered (to flag duplicate responses)
/// before the oldest are forgotten: bounds memory on endless sessions.
pub const ANSWERED_CAPACITY: usize = 65_536;

/// The outcome of looking a response up.
#[derive(Debug)]
pub enum Lookup {
    /// The pending request it answers (now answered).
    Pending(Pending),
    /// The id was answered before; the first answer's request.
    Duplicate(Pending),
    /// No request with this id was seen.
    Unknown,
}

/// A table key: the direction the request was sent in, and its id.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    direction: Direction,
    id: IdKey,
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let salt = match self.direction {
            Direction::ClientToServer => 1,
            Direction::ServerToClient => 2,
        };
        self.id.feed(h, salt);
    }
}

/// One request in the table: pending, or answered (kept to flag a second
/// response).
#[derive(Debug)]
struct Slot {
    /// The request's sequence number (pending entries: matches `order`).
    seq: u64,
    answered: bool,
    /// Its sender cancelled it (`notifications/cancelled`): not reported
    /// unanswered, and a late response still pairs with it.
    cancelled: bool,
    request: Pending,
}

/// Pending and recently answered requests, per sending direction.
#[derive(Debug)]
pub struct Correlator {
    /// Pending and answered requests (a key is one or the other).
    slots: HashMap<Key, Slot>,
    /// How many slots are pending.
    pending: usize,
    /// How many slots are answered.
    answered: usize,
    order: VecDeque<(u64, Key)>,
    seq: u64,
    /// Answered slots in the order they were answered, stamped with the
    /// slot's `seq`: an entry whose slot was asked again since is stale.
    answered_order: VecDeque<(u64, Key)>,
    tokens: HashMap<IdKey, (u64, Direction)>,
    forgotten: u64,
}

/// Room reserved up front: a short conversation (a test scenario, a
/// benchmark pass) never grows the table, where growing from empty
/// rehashed it three or four times per session.
const INITIAL_CAPACITY: usize = 16;

impl Default for Correlator {
    fn default() -> Self {
        Correlator {
            slots: HashMap::with_capacity(INITIAL_CAPACITY),
            pending: 0,
            answered: 0,
            order: VecDeque::with_capacity(INITIAL_CAPACITY),
            seq: 0,
            answered_order: VecDeque::with_capacity(INITIAL_CAPACITY),
            tokens: HashMap::new(),
            forgotten: 0,
        }
    }
}

/// Tables whose room grew past this many entries are shrunk back to
/// [`INITIAL_CAPACITY`] by [`Correlator::clear`] (a recycled session keeps
/// the room of a short conversation, not of the longest it ever saw).
const KEPT_CAPACITY: usize = 256;

impl Correlator {
    /// Forgets everything, as a new table would start, keeping the
    /// tables' room (up to a bound): a session recycled for another
    /// conversation ([`crate::Session::recycle`]) allocates nothing.
    pub fn clear(&mut self) {
        let Correlator {
            slots,
            pending,
            answered,
            order,
            seq,
            answered_order,
            tokens,
            forgotten,
        } = self;
        slots.clear();
        order.clear();
        answered_order.clear();
        tokens.clear();
        if slots.capacity() > KEPT_CAPACITY {
            slots.shrink_to(INITIAL_CAPACITY);
        }
        if order.capacity() > KEPT_CAPACITY {
            order.shrink_to(INITIAL_CAPACITY);
        }
        if answered_order.capacity() > KEPT_CAPACITY {
            answered_order.shrink_to(INITIAL_CAPACITY);
        }
        if tokens.capacity() > KEPT_CAPACITY {
            tokens.shrink_to(0);
        }
        *pending = 0;
        *answered = 0;
        *seq = 0;
        *forgotten = 0;
    }

    /// Records a request sent in `direction`. Returns the request it
    /// replaces when the id is already pending.
    pub fn request(
        &mut self,
        direction: Direction,
        id: &Value,
        pending: Pending,
    ) -> Option<Pending> {
        let key = Key {
            direction,
            id: IdKey::of(id)?,
        };
        self.seq += 1;
        let seq = self.seq;
        if let Some(token) = &pending.progress_token {
            self.tokens.insert(token.clone(), (seq, direction));
        }
        self.order.push_back((seq, key.clone()));
        let slot = Slot {
            seq,
            answered: false,
            cancelled: false,
            request: pending,
        };
        let previous = match self.slots.entry(key) {
            Entry::Occupied(mut e) => {
                let old = std::mem::replace(e.get_mut(), slot);
                if old.answered {
                    self.answered -= 1;
                    self.pending += 1;
                    None
                } else {
                    Some(old.request)
                }
            }
            Entry::Vacant(e) => {
                e.insert(slot);
                self.pending += 1;
                None
            }
        };
        if let Some(p) = &previous {
            self.drop_token(p, None);
        }
        while self.pending > PENDING_CAPACITY {
            let Some((seq, key)) = self.order.pop_front() else {
                break;
            };
            if self
                .slots
                .get(&key)
                .is_some_and(|s| !s.answered && s.seq == seq)
            {
                if let Some(s) = self.slots.remove(&key) {
                    self.pending -= 1;
                    self.drop_token(&s.request, Some(seq));
                    self.forgotten += 1;
                }
            }
        }
        self.compact();
        previous
    }

    /// Looks up the request a response travelling in `direction` answers
    /// (a request sent the other way).
    pub fn response(&mut self, direction: Direction, id: &Value) -> Lookup {
        let Some(id) = IdKey::of(id) else {
            return Lookup::Unknown;
        };
        let key = Key {
            direction: direction.reverse(),
            id,
        };
        let (seq, p) = match self.slots.get_mut(&key) {
            None => return Lookup::Unknown,
            Some(s) if s.answered => return Lookup::Duplicate(s.request.clone()),
            Some(s) => {
                s.answered = true;
                (s.seq, s.request.clone())
            }
        };
        self.pending -= 1;
        self.drop_token(&p, Some(seq));
        self.compact();
        self.remember(seq, key);
        Lookup::Pending(p)
    }

    /// The pending request (sent the other way than `direction`) whose id
    /// is `id` spelled as the other JSON type (`"5"` for `5`): a response
    /// that matches a request only by its text.
    pub fn text_twin(&self, direction: Direction, id: &Value) -> Option<&Pending> {
        let twin = IdKey::of(id)?.text_twin()?;
        self.pending_slot(direction.reverse(), twin)
    }

    /// The pending request sent in `direction` with this id.
    pub fn pending(&self, direction: Direction, id: &Value) -> Option<&Pending> {
        self.pending_slot(direction, IdKey::of(id)?)
    }

    fn pending_slot(&self, direction: Direction, id: IdKey) -> Option<&Pending> {
        self.slots
            .get(&Key { direction, id })
            .filter(|s| !s.answered)
            .map(|s| &s.request)
    }

    /// Marks the pending request sent in `direction` with this id as
    /// cancelled by its sender (basic/utilities/cancellation): it is no
    /// longer reported by [`Correlator::unanswered`] ("receivers of
    /// cancellation notifications SHOULD: … Not send a response for the
    /// cancelled request"), and a response that arrives anyway still
    /// pairs with it ("The sender of the cancellation notification SHOULD
    /// ignore any response to the request that arrives afterward"), so it
    /// is neither unknown nor a duplicate. Returns whether such a pending
    /// request was found.
    pub fn cancel(&mut self, direction: Direction, id: &Value) -> bool {
        let Some(id) = IdKey::of(id) else {
            return false;
        };
        match self.slots.get_mut(&Key { direction, id }) {
            Some(s) if !s.answered => {
                s.cancelled = true;
                true
            }
            _ => false,
        }
    }

    /// Which way the pending request carrying this progress token went.
    pub fn token(&self, token: &Value) -> Option<Direction> {
        self.tokens.get(&IdKey::of(token)?).map(|(_, d)| *d)
    }

    /// How many pending requests were forgotten because the table was full.
    pub fn forgotten(&self) -> u64 {
        self.forgotten
    }

    fn drop_token(&mut self, p: &Pending, seq: Option<u64>) {
        if let Some(token) = &p.progress_token {
            if self
                .tokens
                .get(token)
                .is_some_and(|(s, _)| seq.is_none_or(|seq| *s == seq))
            {
                self.tokens.remove(token);
            }
        }
    }

    /// Forgets the order of removed keys once they outnumber live ones,
    /// so memory follows the live entries (amortised O(1)).
    fn compact(&mut self) {
        if self.order.len() > 2 * self.pending + 64 {
            let slots = &self.slots;
            self.order
                .retain(|(seq, key)| slots.get(key).is_some_and(|s| !s.answered && s.seq == *seq));
        }
    }

    /// Counts the slot at `key` (request `seq`), just answered, among the
    /// answered ones, forgetting the oldest answered id when they are at
    /// capacity. Entries of slots asked again since are skipped, and
    /// dropped once they outnumber the live ones: a peer that reuses one
    /// id for every request keeps this queue short (amortised O(1)).
    fn remember(&mut self, seq: u64, key: Key) {
        let live = |slots: &HashMap<Key, Slot>, (s, k): &(u64, Key)| {
            slots
                .get(k)
                .is_some_and(|slot| slot.answered && slot.seq == *s)
        };
        if self.answered >= ANSWERED_CAPACITY {
            while let Some(old) = self.answered_order.pop_front() {
                if live(&self.slots, &old) {
                    self.slots.remove(&old.1);
                    self.answered -= 1;
                    break;
                }
            }
        }
        self.answered_order.push_back((seq, key));
        self.answered += 1;
        if self.answered_order.len() > 2 * self.answered + 64 {
            let slots = &self.slots;
            self.answered_order.retain(|entry| live(slots, entry));
        }
    }

    /// Requests never answered and not cancelled by their sender
    /// ([`Correlator::cancel`]), in the order they were sent.
    pub fn unanswered(&self) -> Vec<(Direction, &Pending)> {
        let mut out: Vec<(u64, Direction, &Pending)> = self
            .slots
            .iter()
            .filter(|(_, s)| !s.answered && !s.cancelled)
            .map(|(k, s)| (s.seq, k.direction, &s.request))
            .collect();
        out.sort_by_key(|(seq, _, p)| (p.index, *seq));
        out.into_iter().map(|(_, d, p)| (d, p)).collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn pending(method: &str, index: usize) -> Pending {
        Pending {
            method: method.into(),
            revision: Version::Draft,
            index,
            task_augmented: false,
            task_answer: TaskAnswer::Plain,
            id: Value::Null,
            line: None,
            progress_token: None,
        }
    }

    #[test]
    fn one_id_reused_for_every_request_keeps_the_tables_small() {
        let mut c = Correlator::default();
        for i in 0..100_000 {
            c.request(Direction::ClientToServer, &json!(1), pending("ping", i));
            assert!(matches!(
                c.response(Direction::ServerToClient, &json!(1)),
                Lookup::Pending(_)
            ));
        }
        assert!(matches!(
            c.response(Direction::ServerToClient, &json!(1)),
            Lookup::Duplicate(_)
        ));
        assert!(
            c.answered_order.len() <= 2 * c.answered + 64 && c.order.len() <= 66,
            "answered queue {}, order {}",
            c.answered_order.len(),
            c.order.len()
        );
    }

    #[test]
    fn pairs_across_directions_and_distinguishes_id_types() {
        let mut c = Correlator::default();
        c.request(
            Direction::ClientToServer,
            &json!(1),
            pending("tools/list", 0),
        );
        assert!(matches!(
            c.response(Direction::ServerToClient, &json!("1")),
            Lookup::Unknown
        ));
        assert!(c
            .text_twin(Direction::ServerToClient, &json!("1"))
            .is_some());
        assert!(matches!(
            c.response(Direction::ClientToServer, &json!(1)),
            Lookup::Unknown
        ));
        match c.response(Direction::ServerToClient, &json!(1)) {
            Lookup::Pending(p) => assert_eq!(&*p.method, "tools/list"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            c.response(Direction::ServerToClient, &json!(1)),
            Lookup::Duplicate(_)
        ));
        assert!(c.unanswered().is_empty());
    }

    #[test]
    fn numeric_ids_compare_by_value() {
        let two: Value = serde_json::from_str("2").unwrap();
        for same in ["2.0", "2e0", "20e-1", "2"] {
            let v: Value = serde_json::from_str(same).unwrap();
            assert_eq!(IdKey::of(&v), IdKey::of(&two), "{same}");
        }
        assert_ne!(IdKey::of(&json!("2")), IdKey::of(&two));
        assert_ne!(IdKey::of(&json!(2.5)), IdKey::of(&two));
        assert_eq!(IdKey::of(&json!(-0.0)), IdKey::of(&json!(0)));
    }

    #[test]
    fn lists_unanswered_in_order() {
        let mut c = Correlator::default();
        c.request(
            Direction::ServerToClient,
            &json!("b"),
            pending("roots/list", 3),
        );
        c.request(Direction::ClientToServer, &json!(7), pending("ping", 1));
        let u: Vec<usize> = c.unanswered().iter().map(|(_, p)| p.index).collect();
        assert_eq!(u, [1, 3]);
    }

    #[test]
    fn a_cancelled_request_is_not_unanswered_and_a_late_answer_pairs() {
        let mut c = Correlator::default();
        c.request(
            Direction::ClientToServer,
            &json!(4),
            pending("tools/call", 0),
        );
        c.request(Direction::ClientToServer, &json!(5), pending("ping", 1));
        // Only its sender's cancellation counts.
        assert!(!c.cancel(Direction::ServerToClient, &json!(4)));
        assert!(c.cancel(Direction::ClientToServer, &json!(4)));
        let u: Vec<usize> = c.unanswered().iter().map(|(_, p)| p.index).collect();
        assert_eq!(u, [1]);
        assert!(matches!(
            c.response(Direction::ServerToClient, &json!(4)),
            Lookup::Pending(_)
        ));
        assert!(!c.cancel(Direction::ClientToServer, &json!(4)), "answered");
    }

    #[test]
    fn the_table_is_bounded() {
        let mut c = Correlator::default();
        for i in 0..PENDING_CAPACITY + 10 {
            let mut p = pending("ping", i);
            p.progress_token = Some(IdKey::Int(i as i128));
            c.request(Direction::ClientToServer, &json!(i), p);
        }
        assert_eq!(c.unanswered().len(), PENDING_CAPACITY);
        assert_eq!(c.forgotten(), 10);
        assert_eq!(c.unanswered()[0].1.index, 10);
        assert!(c.token(&json!(3)).is_none());
        assert_eq!(c.token(&json!(20)), Some(Direction::ClientToServer));
        assert!(c.order.len() <= 2 * PENDING_CAPACITY + 64);
    }
}

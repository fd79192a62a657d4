//! Pairing responses with requests: one pending map per direction, keyed by
//! the JSON-RPC id exactly as written (`1` and `"1"` differ, as they do for
//! JSON-RPC and for the reference harness).

use std::collections::{HashMap, VecDeque};

use serde_json::Value;

use crate::{Direction, Version};

/// A request id as a map key. Numbers keep their JSON text, so `1` and
/// `"1"` differ while `1` is always `1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IdKey {
    /// A string id.
    Str(String),
    /// A numeric id, by its JSON text.
    Num(String),
}

impl IdKey {
    /// The key of an id value; `None` for ids that are neither string nor
    /// number (invalid, and never paired).
    pub fn of(id: &Value) -> Option<IdKey> {
        match id {
            Value::String(s) => Some(IdKey::Str(s.clone())),
            Value::Number(n) => Some(IdKey::Num(n.to_string())),
            _ => None,
        }
    }
}

/// What is remembered of a request until its response arrives.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The request's method.
    pub method: String,
    /// The revision it was judged at (its response is judged there too).
    pub revision: Version,
    /// Index of the request in the session.
    pub index: usize,
    /// 2025-11-25 task augmentation: `params.task` was present, so the
    /// answer is a `CreateTaskResult`.
    pub task_augmented: bool,
}

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

/// Pending and recently answered requests, per sending direction.
#[derive(Debug, Default)]
pub struct Correlator {
    pending: HashMap<(Direction, IdKey), Pending>,
    answered: HashMap<(Direction, IdKey), Pending>,
    answered_order: VecDeque<(Direction, IdKey)>,
}

impl Correlator {
    /// Records a request sent in `direction`. Returns the request it
    /// replaces when the id is already pending.
    pub fn request(
        &mut self,
        direction: Direction,
        id: &Value,
        pending: Pending,
    ) -> Option<Pending> {
        let key = IdKey::of(id)?;
        self.answered.remove(&(direction, key.clone()));
        self.pending.insert((direction, key), pending)
    }

    /// Looks up the request a response travelling in `direction` answers
    /// (a request sent the other way).
    pub fn response(&mut self, direction: Direction, id: &Value) -> Lookup {
        let Some(key) = IdKey::of(id) else {
            return Lookup::Unknown;
        };
        let key = (direction.reverse(), key);
        if let Some(p) = self.pending.remove(&key) {
            self.remember(key, p.clone());
            return Lookup::Pending(p);
        }
        match self.answered.get(&key) {
            Some(p) => Lookup::Duplicate(p.clone()),
            None => Lookup::Unknown,
        }
    }

    fn remember(&mut self, key: (Direction, IdKey), pending: Pending) {
        if self.answered.len() >= ANSWERED_CAPACITY {
            if let Some(old) = self.answered_order.pop_front() {
                self.answered.remove(&old);
            }
        }
        self.answered_order.push_back(key.clone());
        self.answered.insert(key, pending);
    }

    /// Requests never answered, in the order they were sent.
    pub fn unanswered(&self) -> Vec<(Direction, &Pending)> {
        let mut out: Vec<(Direction, &Pending)> =
            self.pending.iter().map(|((d, _), p)| (*d, p)).collect();
        out.sort_by_key(|(_, p)| p.index);
        out
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
        }
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
        assert!(matches!(
            c.response(Direction::ClientToServer, &json!(1)),
            Lookup::Unknown
        ));
        match c.response(Direction::ServerToClient, &json!(1)) {
            Lookup::Pending(p) => assert_eq!(p.method, "tools/list"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            c.response(Direction::ServerToClient, &json!(1)),
            Lookup::Duplicate(_)
        ));
        assert!(c.unanswered().is_empty());
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
}

//! [`Fifo`]: a map that forgets its oldest entry past [`MAX_OPEN`], for
//! the open requests the contracts remember (a `tools/call`'s tool, an
//! elicitation's schema).
//!
//! Every insertion is stamped with a sequence number, kept in the map and
//! in the order queue: a queue entry whose stamp is not its key's current
//! one is stale (the key was removed, or inserted again since) and is
//! skipped when evicting and dropped when the queue is compacted. So a
//! peer that reuses one id for every request costs O(1) per message and a
//! queue of a few entries, not one entry per request ever made.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

use super::MAX_OPEN;

/// A map bounded to [`MAX_OPEN`] live entries; the oldest insertion goes
/// first.
#[derive(Debug)]
pub(in crate::session) struct Fifo<K, V> {
    map: HashMap<K, (u64, V)>,
    order: VecDeque<(u64, K)>,
    stamp: u64,
}

impl<K, V> Default for Fifo<K, V> {
    fn default() -> Self {
        Fifo {
            map: HashMap::new(),
            order: VecDeque::new(),
            stamp: 0,
        }
    }
}

impl<K: Hash + Eq + Clone, V> Fifo<K, V> {
    /// Inserts (or replaces, as the newest) `key`'s value, forgetting the
    /// oldest entry past [`MAX_OPEN`].
    pub(in crate::session) fn insert(&mut self, key: K, value: V) {
        self.stamp += 1;
        self.map.insert(key.clone(), (self.stamp, value));
        self.order.push_back((self.stamp, key));
        while self.map.len() > MAX_OPEN {
            match self.order.pop_front() {
                Some((stamp, old)) => {
                    if self.map.get(&old).is_some_and(|(s, _)| *s == stamp) {
                        self.map.remove(&old);
                    }
                }
                None => break,
            }
        }
        // Amortised O(1): the queue is compacted only once its stale
        // entries outnumber the live ones.
        if self.order.len() > 2 * self.map.len() + 64 {
            let map = &self.map;
            self.order
                .retain(|(stamp, k)| map.get(k).is_some_and(|(s, _)| s == stamp));
        }
    }

    /// Removes `key`, giving its value.
    pub(in crate::session) fn remove(&mut self, key: &K) -> Option<V> {
        self.map.remove(key).map(|(_, v)| v)
    }

    /// `key`'s value.
    pub(in crate::session) fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key).map(|(_, v)| v)
    }

    /// Whether nothing is remembered.
    pub(in crate::session) fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    #[cfg(test)]
    fn queued(&self) -> usize {
        self.order.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_key_reused_forever_keeps_the_queue_small() {
        let mut f = Fifo::default();
        for i in 0..100_000u32 {
            f.insert(7u32, i);
            assert_eq!(f.remove(&7), Some(i));
        }
        assert!(f.queued() <= 65, "queue grew to {}", f.queued());
        for i in 0..100_000u32 {
            f.insert(7u32, i);
        }
        assert_eq!(f.get(&7), Some(&99_999));
        assert!(f.queued() <= 67, "queue grew to {}", f.queued());
    }

    #[test]
    fn the_oldest_live_entry_goes_first_and_reinsertion_renews() {
        let mut f = Fifo::default();
        for k in 0..MAX_OPEN as u32 {
            f.insert(k, ());
        }
        // 0 inserted again: now the newest, so 1 is the oldest.
        f.insert(0, ());
        f.insert(MAX_OPEN as u32, ());
        assert!(f.get(&0).is_some());
        assert!(f.get(&1).is_none());
        assert!(f.get(&2).is_some());
        assert_eq!(f.map.len(), MAX_OPEN);
    }
}

//! Compiled schemas by content: the hash of a schema's JSON text, the text
//! kept to tell apart two schemas whose hashes collide. Bounded by count
//! and by total text ([`super::SchemaLimits::cache_entries`],
//! [`super::SchemaLimits::cache_bytes`]); the least recently used entry
//! goes first, so a long-running proxy that sees ever new schemas stays
//! within both bounds.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use super::Compiled;

struct Entry {
    text: Box<[u8]>,
    compiled: Compiled,
    used: u64,
}

/// The cache (behind the engine's lock).
#[derive(Default)]
pub(crate) struct Cache {
    entries: HashMap<u64, Entry>,
    bytes: usize,
    tick: u64,
}

/// How full a cache is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Schemas kept.
    pub entries: usize,
    /// Bytes of schema text kept.
    pub bytes: usize,
}

pub(crate) fn key(text: &[u8]) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

impl Cache {
    pub(crate) fn get(&mut self, key: u64, text: &[u8]) -> Option<Compiled> {
        self.tick += 1;
        let entry = self.entries.get_mut(&key)?;
        if &*entry.text != text {
            return None;
        }
        entry.used = self.tick;
        Some(entry.compiled.clone())
    }

    /// Keeps `compiled`, evicting the least recently used entries to stay
    /// within `max_entries` and `max_bytes` (a text larger than
    /// `max_bytes` is not kept).
    pub(crate) fn put(
        &mut self,
        key: u64,
        text: &[u8],
        compiled: Compiled,
        max_entries: usize,
        max_bytes: usize,
    ) {
        if text.len() > max_bytes || max_entries == 0 {
            return;
        }
        if let Some(old) = self.entries.remove(&key) {
            self.bytes -= old.text.len();
        }
        while self.entries.len() >= max_entries || self.bytes + text.len() > max_bytes {
            let Some(oldest) = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| *k)
            else {
                break;
            };
            if let Some(e) = self.entries.remove(&oldest) {
                self.bytes -= e.text.len();
            }
        }
        self.tick += 1;
        self.bytes += text.len();
        self.entries.insert(
            key,
            Entry {
                text: text.into(),
                compiled,
                used: self.tick,
            },
        );
    }

    pub(crate) fn stats(&self) -> CacheStats {
        CacheStats {
            entries: self.entries.len(),
            bytes: self.bytes,
        }
    }
}

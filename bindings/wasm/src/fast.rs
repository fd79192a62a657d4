//! The numeric answer of `Session.observe` (the package's hot path): the
//! message comes in through a buffer the module keeps (the package writes
//! the text straight into it with `TextEncoder.encodeInto`, no allocation
//! per call), the direction and origin as small integers, and a report
//! with nothing to say comes back as numbers in a fixed record ([`Out`])
//! that `npm/src/core.js` reads through typed-array views: no string built
//! in Rust, none decoded in JavaScript, no `JSON.parse`. Names (the kind,
//! the revision, the definitions, the method) are ids into one table
//! ([`Names`]) that the package learns lazily, one call per new name, so a
//! steady conversation transfers no text at all; a string id is the only
//! text that crosses per message. Anything else — findings, a batch, an id
//! that is neither a number nor a string, more definitions than the
//! record holds, a full method table — is the `serde` JSON of the reports
//! ([`crate::api::reports_text`]'s JSON form), exactly as before.
//!
//! Measured with `npm/bench/bench.mjs`: `npm/README.md`, Performance.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use mcpwire::{Direction, MessageKind, Report};
use serde_json::Value;

/// [`encode`]: the record holds a clean report.
pub const CLEAN: u32 = 0;
/// [`encode`]: the reports are JSON text (in the text buffer).
pub const JSON: u32 = 1;
/// [`encode`]: the record holds a report with findings, listed in the
/// findings words (see the module docs and [`word::FINDINGS_PTR`]).
pub const FINDINGS: u32 = 2;

/// Word offsets in [`Out::words`].
pub mod word {
    /// The report's index in the session.
    pub const INDEX: usize = 0;
    /// 0: c2s, 1: s2c.
    pub const DIRECTION: usize = 1;
    /// 0: implementation, 1: harness.
    pub const ORIGIN: usize = 2;
    /// Name id of the kind (`"request"`, …).
    pub const KIND: usize = 3;
    /// Name id of the revision (0: none).
    pub const REVISION: usize = 4;
    /// Name id of the method (0: none).
    pub const METHOD: usize = 5;
    /// The id: 0 none, 1 a number ([`super::Out::number`]), 2 a string
    /// (the text buffer, UTF-8).
    pub const ID: usize = 6;
    /// How many definitions follow.
    pub const DEFINITIONS: usize = 7;
    /// The first definition's name id.
    pub const FIRST_DEFINITION: usize = 8;
    /// The text buffer's address.
    pub const TEXT_PTR: usize = 14;
    /// The text buffer's length in bytes.
    pub const TEXT_LEN: usize = 15;
    /// [`super::FINDINGS`]: the findings words' address. They are: the
    /// number of violations, the number of warnings, then per violation
    /// 7 words (definition, instance start, instance end, schema, keyword,
    /// message start, message end) and per warning 7 (kind, rule or 0,
    /// severity, pointer start, pointer end, message start, message end);
    /// names are
    /// ids, ranges are byte offsets into the text buffer.
    pub const FINDINGS_PTR: usize = 16;
    /// How many findings words there are.
    pub const FINDINGS_LEN: usize = 17;
    /// 1 when the text buffer is all ASCII (byte offsets are UTF-16 offsets).
    pub const ASCII: usize = 18;
    /// A string id's length in bytes (it starts the text buffer).
    pub const ID_LEN: usize = 19;
    /// Words in the record.
    pub const COUNT: usize = 20;
}

/// At most this many definitions fit the record.
pub const MAX_DEFINITIONS: usize = word::TEXT_PTR - word::FIRST_DEFINITION;

/// Words per violation in the findings list.
pub const VIOLATION_WORDS: usize = 7;
/// Words per warning in the findings list.
pub const WARNING_WORDS: usize = 7;

/// At most this many method names are interned (they come from the
/// traffic); past that a report with an unknown method takes the JSON form.
pub const MAX_METHODS: usize = 1024;

/// The record the package reads (its layout is `npm/src/core.js`'s).
#[repr(C)]
#[derive(Debug, Default)]
pub struct Out {
    /// See [`word`].
    pub words: [u32; word::COUNT],
    /// A numeric id, as the `f64` that `JSON.parse` of its text gives.
    pub number: f64,
}

/// A multiply-rotate hasher for the addresses of `&'static str` names
/// (chosen by the module, never by the traffic).
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Slots of the method cache in front of [`Names`]' method map.
const RECENT: usize = 64;

/// The names the package learns by id (id 0 is `null`).
#[derive(Debug)]
pub struct Names {
    list: Vec<Cow<'static, str>>,
    statics: HashMap<(usize, usize), u32, BuildHasherDefault<AddressHasher>>,
    methods: HashMap<Box<str>, u32>,
    /// A direct-mapped cache of method ids by a cheap hash of the name,
    /// checked against the name itself: a conversation's few methods skip
    /// the SipHash lookup, and crafted names can only miss it (the map
    /// behind it keeps SipHash against collisions).
    recent: [u32; RECENT],
    /// The same for the module's own names, by address and length.
    recent_statics: [(usize, usize, u32); RECENT],
}

impl Default for Names {
    fn default() -> Self {
        Names {
            list: vec![Cow::Borrowed("")],
            statics: HashMap::default(),
            methods: HashMap::new(),
            recent: [0; RECENT],
            recent_statics: [(0, 0, 0); RECENT],
        }
    }
}

/// A cheap hash of a method name: its length and first and last 8 bytes.
fn slot(name: &str) -> usize {
    let b = name.as_bytes();
    // Zero-padded little-endian words, without a `memcpy` call.
    let word = |bytes: &[u8]| match <[u8; 8]>::try_from(bytes) {
        Ok(w) => u64::from_le_bytes(w),
        Err(_) => bytes
            .iter()
            .rev()
            .fold(0u64, |w, &b| (w << 8) | u64::from(b)),
    };
    let n = b.len().min(8);
    let h = (b.len() as u64 ^ word(&b[..n])).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ word(&b[b.len() - n..]);
    (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize
}

impl Names {
    /// The id of a name the module owns (by address: the same text at
    /// another address is another id, which costs nothing but one entry).
    pub fn of_static(&mut self, name: &'static str) -> u32 {
        let key = (name.as_ptr() as usize, name.len());
        let slot = (key.0 ^ (key.0 >> 7) ^ key.1) % RECENT;
        let (address, length, cached) = self.recent_statics[slot];
        if (address, length) == key && cached != 0 {
            return cached;
        }
        let id = match self.statics.get(&key) {
            Some(&id) => id,
            None => {
                let id = self.list.len() as u32;
                self.list.push(Cow::Borrowed(name));
                self.statics.insert(key, id);
                id
            }
        };
        self.recent_statics[slot] = (key.0, key.1, id);
        id
    }

    /// The id of a method name; `None` when the table is full.
    pub fn of_method(&mut self, name: &str) -> Option<u32> {
        let slot = slot(name);
        let cached = self.recent[slot];
        if cached != 0 && self.list[cached as usize] == name {
            return Some(cached);
        }
        let id = match self.methods.get(name) {
            Some(&id) => id,
            None if self.methods.len() >= MAX_METHODS => return None,
            None => {
                let id = self.list.len() as u32;
                self.list.push(Cow::Owned(name.to_string()));
                self.methods.insert(name.into(), id);
                id
            }
        };
        self.recent[slot] = id;
        Some(id)
    }

    /// The name of an id (`None` for 0 and unknown ids).
    pub fn get(&self, id: u32) -> Option<&str> {
        match id {
            0 => None,
            id => self.list.get(id as usize).map(|n| &**n),
        }
    }
}

fn kind_name(kind: MessageKind) -> &'static str {
    match kind {
        MessageKind::Request => "request",
        MessageKind::Notification => "notification",
        MessageKind::Result => "result",
        MessageKind::Error => "error",
        MessageKind::Unknown => "unknown",
        MessageKind::Unreadable => "unreadable",
    }
}

/// The hot path's answer buffers, kept from call to call: the record, the
/// text buffer, the findings words and the names they use.
#[derive(Debug, Default)]
pub struct Encoder {
    /// The record the package reads ([`Out`]; boxed, so it never moves).
    pub out: Box<Out>,
    /// The text buffer: a string id, then the findings' strings (UTF-8),
    /// or the reports' JSON.
    pub text: Vec<u8>,
    /// The findings words ([`word::FINDINGS_PTR`]).
    pub findings: Vec<u32>,
    /// The names behind the ids.
    pub names: Names,
}

impl Encoder {
    /// Writes the reports of one message: one report without findings
    /// into the record (and a string id into the text buffer), returning
    /// [`CLEAN`]; one with findings into the record and the findings
    /// words, returning [`FINDINGS`]; anything else as JSON into the text
    /// buffer, returning [`JSON`]. The record's text and findings
    /// addresses and lengths are set in every case.
    pub fn encode(&mut self, reports: &[Report]) -> u32 {
        let code = self.encode_reports(reports);
        let w = &mut self.out.words;
        w[word::TEXT_PTR] = self.text.as_ptr() as usize as u32;
        w[word::TEXT_LEN] = self.text.len() as u32;
        w[word::FINDINGS_PTR] = self.findings.as_ptr() as usize as u32;
        w[word::FINDINGS_LEN] = self.findings.len() as u32;
        code
    }

    fn encode_reports(&mut self, reports: &[Report]) -> u32 {
        self.text.clear();
        self.findings.clear();
        if let [r] = reports {
            if let Some(code) = self.encode_one(r) {
                return code;
            }
            self.text.clear();
            self.findings.clear();
        }
        serde_json::to_writer(&mut self.text, reports).expect("reports serialize");
        JSON
    }

    fn encode_one(&mut self, r: &Report) -> Option<u32> {
        let plain = r.expected.is_empty()
            && r.input_error.is_none()
            && r.batch_index.is_none()
            && r.line.is_none()
            && r.definitions.len() <= MAX_DEFINITIONS
            && u32::try_from(r.index).is_ok();
        if !plain {
            return None;
        }
        let Encoder {
            out,
            text,
            findings,
            names,
        } = self;
        let w = &mut out.words;
        w[word::ID] = match &r.id {
            None | Some(Value::Null) => 0,
            Some(Value::Number(n)) => {
                out.number = n.as_f64()?;
                1
            }
            Some(Value::String(s)) => {
                text.extend_from_slice(s.as_bytes());
                2
            }
            Some(_) => return None,
        };
        w[word::ID_LEN] = text.len() as u32;
        w[word::METHOD] = match r.method.as_deref() {
            None => 0,
            Some(m) => names.of_method(m)?,
        };
        w[word::INDEX] = r.index as u32;
        w[word::DIRECTION] = match r.direction {
            Direction::ClientToServer => 0,
            Direction::ServerToClient => 1,
        };
        w[word::ORIGIN] = match r.origin {
            mcpwire::Origin::Implementation => 0,
            mcpwire::Origin::Harness => 1,
        };
        w[word::KIND] = names.of_static(kind_name(r.kind));
        w[word::REVISION] = r.revision.map_or(0, |v| names.of_static(v.as_str()));
        w[word::DEFINITIONS] = r.definitions.len() as u32;
        for (slot, d) in w[word::FIRST_DEFINITION..].iter_mut().zip(&r.definitions) {
            *slot = names.of_static(d);
        }
        if r.violations.is_empty() && r.warnings.is_empty() {
            w[word::ASCII] = 1;
            return Some(CLEAN);
        }
        findings
            .reserve(2 + r.violations.len() * VIOLATION_WORDS + r.warnings.len() * WARNING_WORDS);
        findings.push(r.violations.len() as u32);
        findings.push(r.warnings.len() as u32);
        let mut range = |s: &str, findings: &mut Vec<u32>| {
            findings.push(text.len() as u32);
            text.extend_from_slice(s.as_bytes());
            findings.push(text.len() as u32);
        };
        for f in &r.violations {
            let v = &f.violation;
            findings.push(names.of_static(f.definition));
            range(v.instance.as_str(), findings);
            findings.push(names.of_static(v.schema));
            findings.push(names.of_static(v.keyword.as_str()));
            range(&v.message, findings);
        }
        for warning in &r.warnings {
            findings.push(names.of_static(warning.kind.name()));
            findings.push(warning.rule.map_or(0, |rule| names.of_static(rule.id)));
            findings.push(names.of_static(match warning.severity() {
                mcpwire::Severity::Error => "error",
                mcpwire::Severity::Warning => "warning",
            }));
            range(warning.pointer.as_str(), findings);
            range(&warning.message, findings);
        }
        u32::try_from(text.len()).ok()?;
        w[word::ASCII] = u32::from(text.is_ascii());
        Some(FINDINGS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_interned_and_methods_bounded() {
        let mut n = Names::default();
        let a = n.of_static("request");
        assert_eq!(n.of_static("request"), a);
        assert_eq!(n.get(a), Some("request"));
        assert_eq!(n.get(0), None);
        let m = n.of_method("tools/call").unwrap();
        assert_eq!(n.of_method("tools/call"), Some(m));
        assert_eq!(n.get(m), Some("tools/call"));
        for i in 0..MAX_METHODS {
            let _ = n.of_method(&format!("m{i}"));
        }
        assert_eq!(n.of_method("one too many"), None);
        assert_eq!(n.of_method("tools/call"), Some(m));
    }
}

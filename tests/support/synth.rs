//! Synthesizes instances that should be valid for a definition, by walking
//! the (errata-applied) schema JSON: required members filled, optional ones
//! sometimes, `const`/`enum` values chosen, one `anyOf` branch taken at
//! random, `allOf` branches merged, arrays of 0–2 items, strings that
//! satisfy their `format`, numbers within bounds.
//!
//! Only the keywords the MCP schemas use are understood (see
//! `shared/reference/conformance-harness.md` §4). The synthesizer is a seed
//! generator, not an oracle: callers check every instance against the oracle
//! and skip (and count) the ones it rejects.

use serde_json::{json, Map, Number, Value};

use super::{prng::Rng, tree::Tok};

/// Beyond this many nested schemas, optional members and array items are
/// left out, so recursive definitions (`JSONValue`) stay small.
const SOFT_DEPTH: usize = 10;
/// A guard against a `$ref` cycle with no way out (none exists in MCP).
const HARD_DEPTH: usize = 200;

/// Strings that satisfy each format the schemas use.
pub const URIS: &[&str] = &[
    "https://example.com/x",
    "file:///srv/a.txt",
    "urn:x",
    "test://static/1",
];
/// RFC 6570 templates.
pub const URI_TEMPLATES: &[&str] = &["file:///{path}", "https://example.com/{id}/x{?q,r}"];
/// Base64 (ajv-formats `byte`).
pub const BYTES: &[&str] = &["aGk=", "", "aGVsbG8gd29ybGQ="];
/// Plain strings.
const WORDS: &[&str] = &[
    "x",
    "hello",
    "",
    "tools/call",
    "a b",
    "\u{e9}t\u{e9}",
    "2.0",
];

/// A keyword the synthesizer satisfied at some node: a place where a
/// targeted mutation can break exactly that keyword.
#[derive(Clone, Debug)]
pub enum Target {
    /// The object must have this member.
    Required(String),
    /// The value came from a `const` or an `enum`.
    Choice,
    /// The array may have at most this many items.
    MaxItems(u64),
    /// The number must be at least this.
    Minimum(f64),
    /// The number must be at most this.
    Maximum(f64),
    /// The number must be an integer.
    Integer,
    /// The string must satisfy this format.
    Format(String),
}

/// A [`Target`] and the path of the node it constrains.
#[derive(Clone, Debug)]
pub struct Site {
    /// Where, in the synthesized instance.
    pub path: Vec<Tok>,
    /// What.
    pub target: Target,
}

/// An instance generator over one schema document.
pub struct Synth<'a> {
    doc: &'a Value,
    rng: Rng,
    path: Vec<Tok>,
    sites: Vec<Site>,
}

impl<'a> Synth<'a> {
    /// A generator over `doc` (a whole `schema.json`).
    pub fn new(doc: &'a Value, rng: Rng) -> Synth<'a> {
        Synth {
            doc,
            rng,
            path: Vec::new(),
            sites: Vec::new(),
        }
    }

    /// The sites recorded since the last call.
    pub fn take_sites(&mut self) -> Vec<Site> {
        std::mem::take(&mut self.sites)
    }

    fn site(&mut self, target: Target) {
        self.sites.push(Site {
            path: self.path.clone(),
            target,
        });
    }

    /// An instance of the definition at `/<defs_key>/<name>`.
    pub fn definition(&mut self, defs_key: &str, name: &str) -> Value {
        let doc = self.doc;
        self.value(&doc[defs_key][name], 0)
    }

    /// An instance of `schema`.
    pub fn value(&mut self, schema: &Value, depth: usize) -> Value {
        if depth > HARD_DEPTH {
            return Value::Null;
        }
        let s = match schema {
            Value::Object(s) => s,
            Value::Bool(true) => return self.anything(depth),
            _ => return Value::Null, // `false`: nothing is valid
        };
        if let Some(target) = s.get("$ref").and_then(Value::as_str) {
            let doc = self.doc;
            let resolved = target
                .strip_prefix('#')
                .and_then(|p| doc.pointer(p))
                .unwrap_or_else(|| panic!("unresolvable $ref {target}"));
            return self.value(resolved, depth + 1);
        }
        if let Some(c) = s.get("const") {
            self.site(Target::Choice);
            return c.clone();
        }
        if let Some(Value::Array(options)) = s.get("enum") {
            self.site(Target::Choice);
            return self.rng.pick(options).clone();
        }
        if let Some(Value::Array(branches)) = s.get("allOf") {
            let mut out = Value::Object(Map::new());
            for branch in branches {
                let part = self.value(branch, depth + 1);
                merge(&mut out, part);
            }
            return out;
        }
        if let Some(Value::Array(branches)) = s.get("anyOf") {
            let branch = self.rng.pick(branches);
            return self.value(branch, depth + 1);
        }
        match self.pick_type(s) {
            Some("object") => self.object(s, depth),
            Some("array") => self.array(s, depth),
            Some("string") => self.string(s),
            Some("integer") => self.integer(s),
            Some("number") => self.number(s),
            Some("boolean") => Value::Bool(self.rng.chance(1, 2)),
            Some("null") => Value::Null,
            _ => self.anything(depth),
        }
    }

    fn pick_type(&mut self, s: &Map<String, Value>) -> Option<&'static str> {
        let name = match s.get("type") {
            Some(Value::String(t)) => t.as_str(),
            Some(Value::Array(ts)) => self.rng.pick(ts).as_str().unwrap_or(""),
            _ if s.contains_key("properties") || s.contains_key("additionalProperties") => "object",
            _ if s.contains_key("items") => "array",
            _ => return None,
        };
        [
            "object", "array", "string", "integer", "number", "boolean", "null",
        ]
        .into_iter()
        .find(|t| *t == name)
    }

    fn object(&mut self, s: &Map<String, Value>, depth: usize) -> Value {
        let shallow = depth < SOFT_DEPTH;
        let required: Vec<&str> = match s.get("required") {
            Some(Value::Array(r)) => r.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        let empty = Map::new();
        let properties = match s.get("properties") {
            Some(Value::Object(p)) => p,
            _ => &empty,
        };
        let additional = s.get("additionalProperties");
        let mut out = Map::new();
        for name in &required {
            self.site(Target::Required(name.to_string()));
        }
        for (name, sub) in properties {
            if required.contains(&name.as_str()) || (shallow && self.rng.chance(1, 2)) {
                self.path.push(Tok::Key(name.clone()));
                let v = self.value(sub, depth + 1);
                self.path.pop();
                out.insert(name.clone(), v);
            }
        }
        let mut extra: Vec<String> = required
            .iter()
            .filter(|n| !out.contains_key(**n))
            .map(|n| n.to_string())
            .collect();
        if shallow && self.rng.chance(1, 3) {
            extra.extend((0..=self.rng.below(2)).map(|i| format!("x-extra-{i}")));
        }
        for name in extra {
            self.path.push(Tok::Key(name.clone()));
            let v = self.additional(additional, depth);
            self.path.pop();
            out.insert(name, v);
        }
        Value::Object(out)
    }

    /// A value allowed by `additionalProperties` (absent means anything).
    fn additional(&mut self, additional: Option<&Value>, depth: usize) -> Value {
        match additional {
            Some(schema) => self.value(schema, depth + 1),
            None => self.anything(depth + 1),
        }
    }

    fn array(&mut self, s: &Map<String, Value>, depth: usize) -> Value {
        let max_items = s.get("maxItems").and_then(Value::as_u64);
        if let Some(m) = max_items {
            self.site(Target::MaxItems(m));
        }
        let max = max_items.unwrap_or(u64::MAX) as usize;
        let n = if depth < SOFT_DEPTH {
            self.rng.below(3)
        } else {
            0
        };
        let items = s.get("items").cloned().unwrap_or(Value::Bool(true));
        let mut out = Vec::new();
        for i in 0..n.min(max) {
            self.path.push(Tok::Index(i));
            out.push(self.value(&items, depth + 1));
            self.path.pop();
        }
        Value::Array(out)
    }

    fn string(&mut self, s: &Map<String, Value>) -> Value {
        let format = s.get("format").and_then(Value::as_str);
        if let Some(f) = format {
            self.site(Target::Format(f.to_string()));
        }
        let pool = match format {
            Some("uri") => URIS,
            Some("uri-template") => URI_TEMPLATES,
            Some("byte") => BYTES,
            _ => WORDS,
        };
        Value::String(self.rng.pick(pool).to_string())
    }

    /// The bounds of a number schema, recorded as sites.
    fn bounds(&mut self, s: &Map<String, Value>) -> (f64, f64) {
        let lo = s.get("minimum").and_then(Value::as_f64);
        let hi = s.get("maximum").and_then(Value::as_f64);
        if let Some(lo) = lo {
            self.site(Target::Minimum(lo));
        }
        if let Some(hi) = hi {
            self.site(Target::Maximum(hi));
        }
        (lo.unwrap_or(f64::MIN), hi.unwrap_or(f64::MAX))
    }

    fn integer(&mut self, s: &Map<String, Value>) -> Value {
        self.site(Target::Integer);
        let (lo, hi) = self.bounds(s);
        let fits: Vec<i64> = [0, 1, 2, 42, -5, 60000, 1 << 40]
            .into_iter()
            .filter(|&n| (n as f64) >= lo && (n as f64) <= hi)
            .collect();
        match fits.is_empty() {
            true => json!(lo.ceil() as i64),
            false => json!(*self.rng.pick(&fits)),
        }
    }

    fn number(&mut self, s: &Map<String, Value>) -> Value {
        let (lo, hi) = self.bounds(s);
        let fits: Vec<f64> = [0.0, 0.25, 0.5, 1.0, 95.5, -2.5, 3.0]
            .into_iter()
            .filter(|&n| n >= lo && n <= hi)
            .collect();
        let n = match fits.is_empty() {
            true => lo,
            false => *self.rng.pick(&fits),
        };
        if n.fract() == 0.0 && self.rng.chance(1, 2) {
            return json!(n as i64);
        }
        Number::from_f64(n).map_or(Value::Null, Value::Number)
    }

    /// Any JSON value, small.
    pub fn anything(&mut self, depth: usize) -> Value {
        let shallow = depth < SOFT_DEPTH;
        match self.rng.below(if shallow { 9 } else { 6 }) {
            0 => json!("x"),
            1 => json!(1),
            2 => json!(2.5),
            3 => json!(true),
            4 => Value::Null,
            5 => json!({}),
            6 => json!([]),
            7 => json!({"k": "v", "n": [1, null]}),
            _ => json!([1, "a", {"b": false}]),
        }
    }
}

/// Deep merge for `allOf`: objects member by member, anything else replaced.
fn merge(into: &mut Value, part: Value) {
    match (into, part) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                match a.get_mut(&k) {
                    Some(existing) => merge(existing, v),
                    None => {
                        a.insert(k, v);
                    }
                }
            }
        }
        (slot, part) => *slot = part,
    }
}

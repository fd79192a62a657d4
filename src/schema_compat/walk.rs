//! The side-by-side walk of two schemas: `$ref`s followed, then each
//! keyword compared ([`super::keywords`] for the value-only ones, here for
//! the ones holding schemas).

use serde_json::{Map, Value};

use super::{
    keywords::{self as kw, Bound},
    resolve::{resolve, Unresolved},
    Effect, SchemaChange, MAX_DEPTH,
};

/// How many schema pairs one comparison visits before it reports the rest
/// undecided (shared definitions are compared once per use: this bounds a
/// schema built to make that exponential).
const MAX_STEPS: usize = 100_000;

/// Keywords compared by [`Walker::compare_objects`] itself; every other
/// one is compared for equal meaning or reported undecided.
const HANDLED: [&str; 23] = [
    "type",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "uniqueItems",
    "pattern",
    "format",
    "required",
    "properties",
    "additionalProperties",
    "items",
    "anyOf",
    "patternProperties",
];

pub(super) struct Walker<'r> {
    old_root: &'r Value,
    new_root: &'r Value,
    changes: Vec<SchemaChange>,
    /// The pairs of references being compared on the current path.
    stack: Vec<(Option<String>, Option<String>)>,
    steps: usize,
}

pub(super) fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The object `true` stands for.
pub(super) fn empty() -> &'static Map<String, Value> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    EMPTY.get_or_init(Map::new)
}

/// A schema as the object of its keywords (`true` as `{}`).
fn as_map(v: &Value) -> Option<&Map<String, Value>> {
    match v {
        Value::Bool(true) => Some(empty()),
        Value::Object(m) => Some(m),
        _ => None,
    }
}

/// `true`, `{}` and an object of annotations only accept everything.
pub(super) fn accepts_all(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Object(m) => m.keys().all(|k| kw::is_annotation(k)),
        _ => false,
    }
}

impl<'r> Walker<'r> {
    pub(super) fn new(old_root: &'r Value, new_root: &'r Value) -> Walker<'r> {
        Walker {
            old_root,
            new_root,
            changes: Vec::new(),
            stack: Vec::new(),
            steps: 0,
        }
    }

    pub(super) fn finish(self) -> Vec<SchemaChange> {
        self.changes
    }

    pub(super) fn push(&mut self, ptr: &str, keyword: &str, effect: Effect, detail: String) {
        self.push_values(ptr, keyword, effect, detail, None, None);
    }

    pub(super) fn push_values(
        &mut self,
        ptr: &str,
        keyword: &str,
        effect: Effect,
        detail: String,
        old: Option<&Value>,
        new: Option<&Value>,
    ) {
        self.changes.push(SchemaChange {
            pointer: ptr.to_string(),
            keyword: keyword.to_string(),
            effect,
            detail,
            old: old.cloned(),
            new: new.cloned(),
        });
    }

    /// Compares `old` and `new` at `ptr`, following `$ref`s.
    pub(super) fn walk(&mut self, old: &Value, new: &Value, ptr: &mut String, depth: usize) {
        self.steps += 1;
        if depth > MAX_DEPTH || self.steps > MAX_STEPS {
            let why = format!("nested deeper than {MAX_DEPTH} schemas or larger than {MAX_STEPS}");
            self.push(ptr, "$ref", Effect::Undecided, why);
            return;
        }
        let (o, n) = match (resolve(self.old_root, old), resolve(self.new_root, new)) {
            (Ok(o), Ok(n)) => (o, n),
            (o, n) => {
                if !kw::json_eq(old, new) {
                    let why = match o.err().or(n.err()) {
                        Some(Unresolved::NotLocal) => "a reference that is not local".to_string(),
                        Some(Unresolved::Broken(r)) => format!("reference {r} cannot be followed"),
                        Some(Unresolved::Conflict(k)) => {
                            format!("`{k}` both beside a $ref and in its target")
                        }
                        None => String::new(),
                    };
                    self.push(ptr, "$ref", Effect::Undecided, why);
                }
                return;
            }
        };
        let key = (o.via.clone(), n.via.clone());
        if key != (None, None) {
            if self.stack.contains(&key) {
                return; // a cycle: equal unless shown otherwise elsewhere
            }
            self.stack.push(key);
        }
        self.compare_schemas(&o.schema, &n.schema, ptr, depth);
        if o.via.is_some() || n.via.is_some() {
            self.stack.pop();
        }
    }

    /// Whether `old` and `new` mean the same (annotations aside).
    fn same(&mut self, old: &Value, new: &Value, depth: usize) -> bool {
        let mark = self.changes.len();
        self.walk(old, new, &mut String::new(), depth + 1);
        let same = self.changes[mark..]
            .iter()
            .all(|c| c.effect == Effect::Annotation);
        self.changes.truncate(mark);
        same
    }

    fn compare_schemas(&mut self, old: &Value, new: &Value, ptr: &mut String, depth: usize) {
        match (as_map(old), as_map(new)) {
            (Some(o), Some(n)) => self.compare_objects(o, n, ptr, depth),
            _ if kw::json_eq(old, new) => {}
            (_, _) if old == &Value::Bool(false) => {
                self.push_values(
                    ptr,
                    "false",
                    Effect::Widened,
                    "no longer `false`".into(),
                    Some(old),
                    Some(new),
                );
            }
            (_, _) if new == &Value::Bool(false) => {
                let effect = if old.is_object() || old == &Value::Bool(true) {
                    Effect::Narrowed
                } else {
                    Effect::Undecided
                };
                self.push_values(
                    ptr,
                    "false",
                    effect,
                    "became `false` (accepts nothing)".into(),
                    Some(old),
                    Some(new),
                );
            }
            _ => self.push(ptr, "schema", Effect::Undecided, "not a schema".into()),
        }
    }

    fn compare_objects(
        &mut self,
        o: &Map<String, Value>,
        n: &Map<String, Value>,
        ptr: &mut String,
        depth: usize,
    ) {
        let keys: std::collections::BTreeSet<&String> = o.keys().chain(n.keys()).collect();
        for k in keys.iter().filter(|k| kw::is_annotation(k)) {
            let (a, b) = (o.get(*k), n.get(*k));
            if !matches!((a, b), (Some(a), Some(b)) if kw::json_eq(a, b)) {
                let at = format!("{ptr}/{}", escape(k));
                self.push_values(&at, k, Effect::Annotation, format!("`{k}` changed"), a, b);
            }
        }
        self.compare_type(o, n, ptr);
        self.compare_values(o, n, ptr);
        self.compare_bounds(o, n, ptr);
        self.compare_simple(o, n, ptr);
        self.compare_required(o, n, ptr);
        self.compare_members(o, n, ptr, depth);
        self.compare_items(o, n, ptr, depth);
        self.compare_any_of(o, n, ptr, depth);
        for k in keys {
            if HANDLED.contains(&k.as_str()) || kw::is_annotation(k) || kw::is_structural(k) {
                continue;
            }
            if !self.same_keyword(k, o.get(k), n.get(k), depth) {
                let at = format!("{ptr}/{}", escape(k));
                self.push_values(
                    &at,
                    k,
                    Effect::Undecided,
                    format!("`{k}` changed"),
                    o.get(k),
                    n.get(k),
                );
            }
        }
    }

    /// Whether a keyword's two values mean the same: by what the keyword
    /// holds (a schema, an array of schemas, a map of schemas, or a plain
    /// value compared as JSON).
    pub(super) fn same_keyword(
        &mut self,
        keyword: &str,
        a: Option<&Value>,
        b: Option<&Value>,
        depth: usize,
    ) -> bool {
        let (a, b) = match (a, b) {
            (None, None) => return true,
            (Some(a), Some(b)) => (a, b),
            _ => return false,
        };
        match (kw::holds(keyword), a, b) {
            (kw::Holds::Schema, _, _) => self.same(a, b, depth),
            (kw::Holds::Schemas, Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(a, b)| self.same(a, b, depth))
            }
            (kw::Holds::SchemaMap, Value::Object(x), Value::Object(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .all(|(k, v)| y.get(k).is_some_and(|w| self.same(v, w, depth)))
            }
            _ => kw::json_eq(a, b),
        }
    }

    fn compare_type(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        let (a, b) = (o.get("type"), n.get("type"));
        let (ta, tb) = (kw::types(o), kw::types(n));
        let at = format!("{ptr}/type");
        if (a.is_some() && ta.is_none()) || (b.is_some() && tb.is_none()) {
            if !matches!((a, b), (Some(a), Some(b)) if kw::json_eq(a, b)) {
                self.push_values(
                    &at,
                    "type",
                    Effect::Undecided,
                    "`type` not understood".into(),
                    a,
                    b,
                );
            }
            return;
        }
        if let Some(effect) = kw::type_effect(ta.as_deref(), tb.as_deref()) {
            let detail = match effect {
                Effect::Widened => "type widened",
                Effect::Narrowed => "type narrowed",
                _ => "type changed",
            };
            self.push_values(&at, "type", effect, detail.into(), a, b);
        }
    }

    fn compare_values(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        match (kw::allowed_values(o), kw::allowed_values(n)) {
            (None, None) => {}
            (None, Some((k, _))) => {
                let at = format!("{ptr}/{k}");
                self.push_values(
                    &at,
                    k,
                    Effect::Narrowed,
                    format!("`{k}` added"),
                    None,
                    n.get(k),
                );
            }
            (Some((k, _)), None) => {
                let at = format!("{ptr}/{k}");
                self.push_values(
                    &at,
                    k,
                    Effect::Widened,
                    format!("`{k}` removed"),
                    o.get(k),
                    None,
                );
            }
            (Some((ko, old)), Some((kn, new))) => {
                for v in old
                    .iter()
                    .filter(|v| !new.iter().any(|w| kw::json_eq(v, w)))
                {
                    let at = format!("{ptr}/{ko}");
                    self.push_values(
                        &at,
                        ko,
                        Effect::Narrowed,
                        format!("value {v} removed"),
                        Some(v),
                        None,
                    );
                }
                for v in new
                    .iter()
                    .filter(|v| !old.iter().any(|w| kw::json_eq(v, w)))
                {
                    let at = format!("{ptr}/{kn}");
                    self.push_values(
                        &at,
                        kn,
                        Effect::Widened,
                        format!("value {v} added"),
                        None,
                        Some(v),
                    );
                }
            }
        }
    }

    fn compare_bounds(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        for (is_lower, get) in [
            (true, kw::lower as fn(&Map<String, Value>) -> Option<Bound>),
            (false, kw::upper),
        ] {
            let (a, b) = (get(o), get(n));
            let effect = match (a, b) {
                (None, None) => continue,
                (None, Some(_)) => Effect::Narrowed,
                (Some(_), None) => Effect::Widened,
                (Some(x), Some(y)) if x.value == y.value && x.exclusive == y.exclusive => continue,
                (Some(x), Some(y)) if kw::tighter(y, x, is_lower) => Effect::Narrowed,
                (Some(_), Some(_)) => Effect::Widened,
            };
            let keyword = b.or(a).map_or("minimum", |x| x.keyword);
            let detail = match effect {
                Effect::Narrowed => format!("range narrowed by `{keyword}`"),
                _ => format!("range widened by `{keyword}`"),
            };
            let (ov, nv) = (
                a.and_then(|x| o.get(x.keyword)),
                b.and_then(|x| n.get(x.keyword)),
            );
            self.push_values(&format!("{ptr}/{keyword}"), keyword, effect, detail, ov, nv);
        }
        for (keyword, is_lower) in kw::COUNTS {
            let (a, b) = (o.get(keyword), n.get(keyword));
            if let Some(effect) = kw::count_effect(
                a.and_then(Value::as_f64),
                b.and_then(Value::as_f64),
                is_lower,
            ) {
                let word = if effect == Effect::Narrowed {
                    "narrowed"
                } else {
                    "widened"
                };
                self.push_values(
                    &format!("{ptr}/{keyword}"),
                    keyword,
                    effect,
                    format!("length {word}"),
                    a,
                    b,
                );
            }
        }
        let (a, b) = (o.get("multipleOf"), n.get("multipleOf"));
        if let Some(effect) =
            kw::multiple_effect(a.and_then(Value::as_f64), b.and_then(Value::as_f64))
        {
            self.push_values(
                &format!("{ptr}/multipleOf"),
                "multipleOf",
                effect,
                "`multipleOf` changed".into(),
                a,
                b,
            );
        }
    }

    /// `uniqueItems`, `pattern`, `format`.
    fn compare_simple(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        let unique = |m: &Map<String, Value>| m.get("uniqueItems") == Some(&Value::Bool(true));
        if unique(o) != unique(n) {
            let effect = if unique(n) {
                Effect::Narrowed
            } else {
                Effect::Widened
            };
            let at = format!("{ptr}/uniqueItems");
            self.push_values(
                &at,
                "uniqueItems",
                effect,
                "`uniqueItems` changed".into(),
                o.get("uniqueItems"),
                n.get("uniqueItems"),
            );
        }
        for keyword in ["pattern", "format"] {
            let (a, b) = (o.get(keyword), n.get(keyword));
            let (effect, detail) = match (a, b) {
                (None, None) => continue,
                (Some(x), Some(y)) if x == y => continue,
                (Some(_), None) => (Effect::Widened, format!("`{keyword}` removed")),
                (None, Some(_)) if keyword == "pattern" => {
                    (Effect::Narrowed, "`pattern` added".into())
                }
                (None, Some(_)) => (
                    Effect::Undecided,
                    "`format` added (asserted only by some validators)".into(),
                ),
                (Some(_), Some(_)) => (
                    Effect::Undecided,
                    format!("`{keyword}` replaced by another"),
                ),
            };
            self.push_values(&format!("{ptr}/{keyword}"), keyword, effect, detail, a, b);
        }
    }

    fn compare_required(&mut self, o: &Map<String, Value>, n: &Map<String, Value>, ptr: &str) {
        let names = |m: &Map<String, Value>| -> Vec<String> {
            match m.get("required") {
                Some(Value::Array(a)) => a
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect(),
                _ => Vec::new(),
            }
        };
        let (a, b) = (names(o), names(n));
        let at = format!("{ptr}/required");
        for name in b.iter().filter(|x| !a.contains(x)) {
            let v = Value::String(name.clone());
            self.push_values(
                &at,
                "required",
                Effect::Narrowed,
                format!("member `{name}` now required"),
                None,
                Some(&v),
            );
        }
        for name in a.iter().filter(|x| !b.contains(x)) {
            let v = Value::String(name.clone());
            self.push_values(
                &at,
                "required",
                Effect::Widened,
                format!("member `{name}` no longer required"),
                Some(&v),
                None,
            );
        }
    }

    fn compare_items(
        &mut self,
        o: &Map<String, Value>,
        n: &Map<String, Value>,
        ptr: &mut String,
        depth: usize,
    ) {
        let (a, b) = (o.get("items"), n.get("items"));
        if a.is_none() && b.is_none() {
            return;
        }
        let len = ptr.len();
        ptr.push_str("/items");
        if a.is_some_and(Value::is_array) || b.is_some_and(Value::is_array) {
            if !self.same_keyword("items", a, b, depth) {
                self.push_values(
                    ptr,
                    "items",
                    Effect::Undecided,
                    "tuple `items` changed".into(),
                    a,
                    b,
                );
            }
        } else {
            let t = Value::Bool(true);
            self.walk(a.unwrap_or(&t), b.unwrap_or(&t), ptr, depth + 1);
        }
        ptr.truncate(len);
    }

    fn compare_any_of(
        &mut self,
        o: &Map<String, Value>,
        n: &Map<String, Value>,
        ptr: &str,
        depth: usize,
    ) {
        let (a, b) = (o.get("anyOf"), n.get("anyOf"));
        let at = format!("{ptr}/anyOf");
        let (effect, detail) = match (a, b) {
            (None, None) => return,
            (Some(Value::Array(x)), Some(Value::Array(y))) => {
                let old_in_new = x.iter().all(|p| y.iter().any(|q| self.same(p, q, depth)));
                let new_in_old = y.iter().all(|q| x.iter().any(|p| self.same(p, q, depth)));
                match (old_in_new, new_in_old) {
                    (true, true) => return,
                    (true, false) => (Effect::Widened, "`anyOf` branch added"),
                    (false, true) => (Effect::Narrowed, "`anyOf` branch removed"),
                    (false, false) => (Effect::Undecided, "`anyOf` branches changed"),
                }
            }
            _ => (Effect::Undecided, "`anyOf` added or removed"),
        };
        self.push_values(&at, "anyOf", effect, detail.into(), a, b);
    }
}

//! Reference resolution at build time: every `$id`, `$anchor` and
//! `$dynamicAnchor` of the schema document and of the extra documents it
//! may reference (a local map by absolute URI, never the network), and the
//! *units* the validators compile: one function per reference target and
//! dynamic scope.
//!
//! A `$ref` (or `$dynamicRef`) is resolved against the base URI in force
//! where it is written (RFC 3986, `Url`), then its fragment:
//! empty (the resource), a JSON pointer (`#/$defs/a~1b`, percent-decoded,
//! `~0`/`~1` escaped), or a plain-name anchor. Identifiers are only read
//! where a schema can be (a keyword-aware walk), so an `$id` inside an
//! `enum` or an unknown keyword is not one.
//!
//! `$dynamicRef` is resolved statically too. Its target depends on the
//! dynamic scope: the outermost resource on the way in that declares a
//! `$dynamicAnchor` of that name. That scope is a finite fact at build
//! time, so each unit is compiled once per *context* (for every dynamic
//! anchor name, the outermost declaration entered so far) and the
//! reference becomes a call, like `$ref`. Schemas without dynamic anchors
//! (every MCP revision) have one empty context and compile as before.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::{Dialect, Error};

mod url;

use url::{decode, without_fragment, Url};

/// A place in one of the documents: the document's index and a JSON
/// pointer (RFC 6901, escaped) into it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Index into the documents (0: the schema itself).
    pub doc: usize,
    /// JSON pointer inside it.
    pub pointer: String,
}

/// For each dynamic anchor name, the outermost declaration in scope.
pub type Scope = BTreeMap<String, Location>;

/// One compiled function: a reference target in one dynamic scope.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The name its functions are made from: the definition's name for a
    /// definition of the schema (in the entry scope), `Ref<n>` otherwise.
    pub name: String,
    /// Where its schema is.
    pub location: Location,
    /// The dynamic scope it is compiled in.
    pub scope: Scope,
    /// Whether it is an entry point (a definition, or a standalone root).
    pub entry: bool,
}

/// The base URI of a document that has none of its own.
pub const DEFAULT_BASE: &str = "json-schema:///";

#[derive(Clone, Debug)]
struct Document {
    uri: Url,
    value: Value,
    /// Resource roots inside it (pointer → absolute URI, no fragment).
    bases: BTreeMap<String, Url>,
}

/// Every document and identifier, and the units found so far.
#[derive(Clone, Debug)]
pub struct Resolver {
    dialect: Dialect,
    docs: Vec<Document>,
    /// Resource URI (no fragment) → its root.
    resources: HashMap<String, Location>,
    /// (resource URI, anchor name) → the schema that declares it.
    anchors: HashMap<(String, String), Location>,
    /// Resource root → the dynamic anchors it declares.
    dynamic: HashMap<Location, Vec<(String, Location)>>,
    state: RefCell<State>,
}

#[derive(Clone, Debug, Default)]
struct State {
    units: Vec<Unit>,
    by_key: HashMap<(Location, Scope), usize>,
    /// The dynamic scope of the schema being parsed, innermost last.
    scopes: Vec<Scope>,
}

/// Keywords whose value is one schema.
const ONE: &[&str] = &[
    "additionalProperties",
    "additionalItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// Keywords whose value is an object of schemas.
const MAP: &[&str] = &[
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];
/// Keywords whose value is an array of schemas.
const LIST: &[&str] = &["allOf", "anyOf", "oneOf", "prefixItems"];

fn unresolved(at: &str, reference: &str) -> Error {
    Error::Unsupported {
        pointer: at.to_string(),
        keyword: format!("$ref {reference}"),
    }
}

impl Resolver {
    /// Indexes `root` (document 0, base `base` or its own `$id`) and the
    /// extra documents, each under its URI.
    pub fn new(
        dialect: Dialect,
        root: &Value,
        base: Option<&str>,
        extra: &BTreeMap<String, Value>,
    ) -> Result<Resolver, Error> {
        let mut resolver = Resolver {
            dialect,
            docs: Vec::new(),
            resources: HashMap::new(),
            anchors: HashMap::new(),
            dynamic: HashMap::new(),
            state: RefCell::new(State::default()),
        };
        resolver.add(base.unwrap_or(DEFAULT_BASE), root.clone())?;
        for (uri, value) in extra {
            resolver.add(uri, value.clone())?;
        }
        Ok(resolver)
    }

    fn add(&mut self, uri: &str, value: Value) -> Result<(), Error> {
        let uri = Url::parse(uri).map_err(|e| Error::Malformed {
            pointer: String::new(),
            reason: format!("document URI {uri:?}: {e}"),
        })?;
        let doc = self.docs.len();
        self.docs.push(Document {
            uri: without_fragment(&uri),
            value: Value::Null,
            bases: BTreeMap::new(),
        });
        let root = Location {
            doc,
            pointer: String::new(),
        };
        self.resources
            .entry(without_fragment(&uri).to_string())
            .or_insert_with(|| root.clone());
        // Walked before it is stored: the walk records into `self`.
        self.walk(doc, &value, String::new(), without_fragment(&uri), &root);
        self.docs[doc].value = value;
        Ok(())
    }

    /// Records the identifiers of the schema `value` at `pointer` and
    /// below; `base` is the base URI in force, `resource` its root.
    fn walk(&mut self, doc: usize, value: &Value, pointer: String, base: Url, resource: &Location) {
        let Value::Object(map) = value else {
            return;
        };
        let here = Location {
            doc,
            pointer: pointer.clone(),
        };
        let draft07 = self.dialect == Dialect::Draft07;
        let mut base = base;
        let mut resource = resource.clone();
        // draft-07: `$ref` makes every sibling, `$id` included, ignored.
        let id = map
            .get("$id")
            .and_then(Value::as_str)
            .filter(|_| !(draft07 && map.contains_key("$ref")));
        if let Some(id) = id {
            if let Ok(joined) = base.join(id) {
                let fragment = joined.fragment().map(decode).unwrap_or_default();
                let bare = without_fragment(&joined);
                if id.starts_with('#') {
                    // draft-07's location-independent identifier.
                    if !fragment.is_empty() {
                        self.anchors
                            .insert((bare.to_string(), fragment), here.clone());
                    }
                } else {
                    self.resources
                        .entry(bare.to_string())
                        .or_insert_with(|| here.clone());
                    if !fragment.is_empty() && !fragment.starts_with('/') {
                        self.anchors
                            .insert((bare.to_string(), fragment), here.clone());
                    }
                    self.docs[doc].bases.insert(pointer.clone(), bare.clone());
                    base = bare;
                    resource = here.clone();
                }
            }
        }
        if !draft07 {
            for keyword in ["$anchor", "$dynamicAnchor"] {
                if let Some(name) = map.get(keyword).and_then(Value::as_str) {
                    self.anchors
                        .insert((base.to_string(), name.to_string()), here.clone());
                    if keyword == "$dynamicAnchor" {
                        self.dynamic
                            .entry(resource.clone())
                            .or_default()
                            .push((name.to_string(), here.clone()));
                    }
                }
            }
        }
        for (key, sub) in map {
            let at = crate::pointer::join(&pointer, key);
            let key = key.as_str();
            if ONE.contains(&key) || (key == "items" && !sub.is_array()) {
                self.walk(doc, sub, at, base.clone(), &resource);
            } else if MAP.contains(&key) {
                if let Value::Object(members) = sub {
                    for (name, s) in members {
                        let at = crate::pointer::join(&at, name);
                        self.walk(doc, s, at, base.clone(), &resource);
                    }
                }
            } else if LIST.contains(&key) || key == "items" {
                if let Value::Array(items) = sub {
                    for (i, s) in items.iter().enumerate() {
                        let at = format!("{at}/{i}");
                        self.walk(doc, s, at, base.clone(), &resource);
                    }
                }
            }
        }
    }

    /// The document and pointer a node's pointer text names: the schema's
    /// own pointers (`/…` or empty), or `<uri>#<pointer>` in another
    /// document ([`Resolver::pointer_text`]).
    pub fn locate(&self, text: &str) -> Location {
        if text.is_empty() || text.starts_with('/') {
            return Location {
                doc: 0,
                pointer: text.to_string(),
            };
        }
        let (uri, pointer) = text.split_once('#').unwrap_or((text, ""));
        let doc = self
            .docs
            .iter()
            .position(|d| d.uri.as_str() == uri)
            .unwrap_or(0);
        Location {
            doc,
            pointer: pointer.to_string(),
        }
    }

    /// The pointer text of a location (see [`Resolver::locate`]).
    pub fn pointer_text(&self, at: &Location) -> String {
        if at.doc == 0 {
            at.pointer.clone()
        } else {
            format!("{}#{}", self.docs[at.doc].uri, at.pointer)
        }
    }

    /// The schema value at a location.
    pub fn value(&self, at: &Location) -> Option<&Value> {
        self.docs.get(at.doc)?.value.pointer(&at.pointer)
    }

    /// The base URI in force at a location, and the root of its resource.
    fn base(&self, at: &Location) -> (Url, Location) {
        let doc = &self.docs[at.doc];
        let mut prefix = at.pointer.as_str();
        loop {
            if let Some(base) = doc.bases.get(prefix) {
                let root = Location {
                    doc: at.doc,
                    pointer: prefix.to_string(),
                };
                return (base.clone(), root);
            }
            match prefix.rfind('/') {
                Some(i) => prefix = &prefix[..i],
                None => {
                    let root = Location {
                        doc: at.doc,
                        pointer: String::new(),
                    };
                    return (doc.uri.clone(), root);
                }
            }
        }
    }

    /// The location `reference`, written in the schema at `from`, names;
    /// with the plain-name fragment it used, if any.
    fn target(&self, reference: &str, from: &Location) -> Option<(Location, Option<String>)> {
        let (base, _) = self.base(from);
        let joined = base.join(reference).ok()?;
        let fragment = joined.fragment().map(decode).unwrap_or_default();
        let bare = without_fragment(&joined);
        let root = self.resources.get(bare.as_str())?;
        if fragment.is_empty() {
            return Some((root.clone(), None));
        }
        if fragment.starts_with('/') {
            let at = Location {
                doc: root.doc,
                pointer: format!("{}{}", root.pointer, fragment),
            };
            return self.value(&at).is_some().then_some((at, None));
        }
        let at = self.anchors.get(&(bare.to_string(), fragment.clone()))?;
        Some((at.clone(), Some(fragment)))
    }

    /// The scope after entering the resource that holds `at`: its dynamic
    /// anchors join `scope` unless an outer one has the name already.
    fn enter(&self, scope: &Scope, at: &Location) -> Scope {
        let (_, root) = self.base(at);
        let mut scope = scope.clone();
        for (name, declared) in self.dynamic.get(&root).into_iter().flatten() {
            scope
                .entry(name.clone())
                .or_insert_with(|| declared.clone());
        }
        scope
    }

    /// Registers an entry point (a definition, or a standalone root): its
    /// unit keeps `name`.
    pub fn entry(&self, name: &str, pointer: &str) -> Unit {
        let location = self.locate(pointer);
        let scope = self.enter(&Scope::new(), &location);
        self.unit(location, scope, Some(name))
    }

    fn unit(&self, location: Location, scope: Scope, name: Option<&str>) -> Unit {
        let mut state = self.state.borrow_mut();
        let key = (location.clone(), scope.clone());
        if let Some(&i) = state.by_key.get(&key) {
            if let Some(name) = name {
                // An entry reached by a reference first keeps its name.
                let unit = &mut state.units[i];
                unit.name = name.to_string();
                unit.entry = true;
            }
            return state.units[i].clone();
        }
        let n = state.units.len();
        let unit = Unit {
            name: name.map_or_else(|| format!("Ref{n}"), str::to_string),
            location,
            scope,
            entry: name.is_some(),
        };
        state.units.push(unit.clone());
        state.by_key.insert(key, n);
        unit
    }

    /// The unit a `$ref` at `pointer` (a node's pointer text) names.
    pub fn reference(&self, reference: &str, pointer: &str) -> Result<String, Error> {
        let from = self.locate(pointer);
        let (target, _) = self
            .target(reference, &from)
            .ok_or_else(|| unresolved(&format!("{pointer}/$ref"), reference))?;
        Ok(self.unit_in_scope(target).name)
    }

    /// The unit a `$dynamicRef` at `pointer` names in the current scope.
    pub fn dynamic_reference(&self, reference: &str, pointer: &str) -> Result<String, Error> {
        let from = self.locate(pointer);
        let at = format!("{pointer}/$dynamicRef");
        let (mut target, anchor) = self
            .target(reference, &from)
            .ok_or_else(|| unresolved(&at, reference))?;
        if let Some(name) = anchor {
            let dynamic = self
                .value(&target)
                .and_then(|v| v.get("$dynamicAnchor"))
                .and_then(Value::as_str)
                == Some(name.as_str());
            if dynamic {
                if let Some(outer) = self.current().get(&name) {
                    target = outer.clone();
                }
            }
        }
        Ok(self.unit_in_scope(target).name)
    }

    fn current(&self) -> Scope {
        self.state
            .borrow()
            .scopes
            .last()
            .cloned()
            .unwrap_or_default()
    }

    fn unit_in_scope(&self, target: Location) -> Unit {
        let scope = self.enter(&self.current(), &target);
        self.unit(target, scope, None)
    }

    /// Runs `parse` with the dynamic scope of a schema at `pointer` in
    /// force: `unit`'s scope for a unit's root, extended by every resource
    /// root entered on the way down.
    pub fn within<T>(&self, pointer: &str, scope: Option<&Scope>, parse: impl FnOnce() -> T) -> T {
        let at = self.locate(pointer);
        let outer = match scope {
            Some(scope) => scope.clone(),
            None => self.current(),
        };
        let inner = if self.base(&at).1 == at {
            self.enter(&outer, &at)
        } else {
            outer
        };
        self.state.borrow_mut().scopes.push(inner);
        let out = parse();
        self.state.borrow_mut().scopes.pop();
        out
    }

    /// The units registered so far, in registration order.
    pub fn units(&self) -> Vec<Unit> {
        self.state.borrow().units.clone()
    }

    /// The unit at index `i`, if registered.
    pub fn unit_at(&self, i: usize) -> Option<Unit> {
        self.state.borrow().units.get(i).cloned()
    }
}

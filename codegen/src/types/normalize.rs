//! The schema as typify 0.8 should see it.
//!
//! typify consumes schemars 0.8's draft-07 model and has fixed ideas about
//! how keywords map to Rust; this module rewrites a *copy* of the definitions
//! so that its output deserializes every valid MCP message into the right
//! Rust value and serializes it back unchanged. The copy is used for nothing
//! else: validation is generated from the untouched schema by the validators
//! stage, so the rewrites below may trade JSON Schema precision for a better
//! Rust representation, but every instance valid against the published
//! schema must stay deserializable.
//!
//! | published | typify copy | why |
//! |---|---|---|
//! | `$defs`, `#/$defs/X` | `definitions`, `#/definitions/X` | schemars 0.8 is draft-07 |
//! | `"const": "x"` (string) | `"enum": ["x"]` | typify drops `const` (a `String`); a one-value enum is an own type, so untagged unions pick the member whose tag matches |
//! | `"const": 7` (other) | removed | typify ignores it anyway; lets the number rule below apply |
//! | `integer`/`number` (+ bounds, format) | `{"type": "number"}` | converted to `::serde_json::Number` (`1.0`, `6e4`, `2^70` all deserialize) |
//! | `"type": [.., "integer", ..]` | `"number"` in its place | same, inside unions and nullables |
//! | object with `properties`, open | `"additionalProperties": {}` | typify then emits a flattened `extra` map keeping unknown members |
//! | `"additionalProperties": true` elsewhere | `{}` | the same schema; one spelling for typify |
//! | optional array / map member | `"type": [<t>, "null"]` | `Option<Vec<_>>` keeps `[]` and `{}` apart from absent on a round trip |
//! | `allOf` of object `$ref`s | one merged object | typify 0.8 panics merging `Result` ∧ `Task` |
//! | `anyOf` | `oneOf`, most specific member first | typify renders a non-exclusive `anyOf` as a struct of flattened `Option`s; a `oneOf` becomes an untagged enum, whose first-match deserialization *is* `anyOf` |

use std::collections::{BTreeMap, BTreeSet};

use heck::ToUpperCamelCase;

use schemars::schema::RootSchema;
use serde_json::{json, Map, Value};

use crate::{schema::join, Error, Schema};

/// The typify copy of one schema.
#[derive(Debug)]
pub struct Normalized {
    /// Every definition, rewritten, by name in file order, followed by one
    /// synthetic definition per distinct string `const` (see [`Consts`]).
    pub definitions: Map<String, Value>,
    /// The string constants met, and the synthetic definitions standing in
    /// for them.
    pub consts: Consts,
}

impl Normalized {
    /// As a schemars root (what `TypeSpace::add_root_schema` takes).
    pub fn root_schema(&self, revision: &str) -> Result<RootSchema, Error> {
        let root = json!({ "definitions": Value::Object(self.definitions.clone()) });
        serde_json::from_value(root).map_err(|e| Error::Typify {
            revision: revision.into(),
            reason: format!("normalized schema is not a schemars RootSchema: {e}"),
        })
    }
}

/// String constants, each replaced by a `$ref` to a synthetic definition
/// that typify is told (`with_replacement`) to render as
/// `Const<consts::Marker>`.
#[derive(Debug, Default)]
pub struct Consts {
    /// value → marker type name (`"tools/call"` → `ToolsCall`).
    pub markers: BTreeMap<String, String>,
}

impl Consts {
    /// Name of the synthetic definition of a marker.
    pub fn definition(marker: &str) -> String {
        format!("{CONST_PREFIX}{marker}")
    }

    /// The marker for `value`, allocated on first use.
    fn marker(&mut self, value: &str) -> String {
        if let Some(m) = self.markers.get(value) {
            return m.clone();
        }
        let base = marker_name(value);
        let mut name = base.clone();
        let mut n = 2;
        while self.markers.values().any(|m| *m == name) {
            name = format!("{base}{n}");
            n += 1;
        }
        self.markers.insert(value.to_string(), name.clone());
        name
    }
}

/// Prefix of the synthetic const definitions (no MCP definition starts
/// with it; [`normalize`] checks).
pub const CONST_PREFIX: &str = "McpwireConst";

/// A Rust type name for a string constant: `tools/call` → `ToolsCall`,
/// `2.0` → `V20`. Only ASCII letters and digits, so that typify's own
/// PascalCase sanitizing leaves `McpwireConst<marker>` unchanged (its
/// `with_replacement` is keyed by the sanitized definition name).
pub fn marker_name(value: &str) -> String {
    let camel: String = value
        .to_upper_camel_case()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if camel.starts_with(|c: char| c.is_ascii_alphabetic()) {
        camel
    } else {
        format!("V{camel}")
    }
}

/// Rewrites every definition of `schema` for typify (see the module docs).
pub fn normalize(schema: &Schema) -> Result<Normalized, Error> {
    let mut cx = Cx {
        schema,
        consts: Consts::default(),
    };
    let mut definitions = Map::new();
    for (name, def) in schema.defs() {
        if name.starts_with(CONST_PREFIX) {
            return Err(Error::Unsupported {
                pointer: schema.def_pointer(name),
                keyword: format!(
                    "definition name starting with {CONST_PREFIX} (reserved by mcpwire)"
                ),
            });
        }
        let at = schema.def_pointer(name);
        definitions.insert(name.clone(), cx.node(def, &at)?);
    }
    for (value, marker) in &cx.consts.markers {
        definitions.insert(
            Consts::definition(marker),
            json!({ "type": "string", "enum": [value] }),
        );
    }
    Ok(Normalized {
        definitions,
        consts: cx.consts,
    })
}

/// What the rewrite needs to know about the whole document.
struct Cx<'a> {
    schema: &'a Schema,
    consts: Consts,
}

impl Cx<'_> {
    /// Rewrites one schema node (and everything below it).
    fn node(&mut self, v: &Value, at: &str) -> Result<Value, Error> {
        let Value::Object(obj) = v else {
            return Ok(match v {
                // `true` is `{}`; `false` stays (never used by MCP).
                Value::Bool(true) => json!({}),
                other => other.clone(),
            });
        };
        let merged = match obj.get("allOf") {
            Some(Value::Array(members)) => self.merge_all_of(obj, members, at)?,
            _ => None,
        };
        let mut out = match merged {
            Some(merged) => merged,
            None => self.children(obj, at)?,
        };
        self.constants(&mut out);
        self.numbers(&mut out);
        self.objects(&mut out);
        self.unions(&mut out);
        Ok(Value::Object(out))
    }

    /// `obj` with every subschema rewritten.
    fn children(
        &mut self,
        obj: &Map<String, Value>,
        at: &str,
    ) -> Result<Map<String, Value>, Error> {
        let mut out = Map::new();
        for (key, value) in obj {
            let child = join(at, key);
            let value = match key.as_str() {
                "$ref" => Value::String(self.reference(value, at)?),
                "properties" => self.each_value(value, &child)?,
                "items" | "additionalProperties" | "not" => self.node(value, &child)?,
                "allOf" | "anyOf" | "oneOf" => self.each_item(value, &child)?,
                _ => value.clone(),
            };
            out.insert(key.clone(), value);
        }
        Ok(out)
    }

    fn each_value(&mut self, v: &Value, at: &str) -> Result<Value, Error> {
        let Value::Object(map) = v else {
            return Ok(v.clone());
        };
        let mut out = Map::new();
        for (k, s) in map {
            out.insert(k.clone(), self.node(s, &join(at, k))?);
        }
        Ok(Value::Object(out))
    }

    fn each_item(&mut self, v: &Value, at: &str) -> Result<Value, Error> {
        let Value::Array(items) = v else {
            return Ok(v.clone());
        };
        items
            .iter()
            .enumerate()
            .map(|(i, s)| self.node(s, &join(at, &i.to_string())))
            .collect::<Result<Vec<_>, _>>()
            .map(Value::Array)
    }

    /// `#/$defs/X` → `#/definitions/X` (only local definition references
    /// exist in MCP schemas; anything else is unsupported).
    fn reference(&self, v: &Value, at: &str) -> Result<String, Error> {
        let Some(reference) = v.as_str() else {
            return Err(Error::Malformed {
                pointer: join(at, "$ref"),
                reason: "`$ref` is not a string".into(),
            });
        };
        let name = self.schema.ref_target(reference, at)?;
        Ok(format!(
            "#/definitions/{}",
            name.replace('~', "~0").replace('/', "~1")
        ))
    }

    /// String `const` → `$ref` to its synthetic definition (keeping the
    /// description); other `const`s removed.
    fn constants(&mut self, out: &mut Map<String, Value>) {
        match out.remove("const") {
            Some(Value::String(s)) => {
                let marker = self.consts.marker(&s);
                out.retain(|k, _| k == "description");
                out.insert(
                    "$ref".into(),
                    Value::String(format!("#/definitions/{}", Consts::definition(&marker))),
                );
            }
            Some(_) | None => {}
        }
    }

    /// `integer`/`number` → the canonical `{"type": "number"}` that
    /// [`super::number_conversion`] maps to `::serde_json::Number`.
    fn numbers(&self, out: &mut Map<String, Value>) {
        let numeric = |t: &Value| matches!(t.as_str(), Some("integer" | "number"));
        match out.get_mut("type") {
            Some(t) if numeric(t) => {
                *t = json!("number");
                strip_number_keywords(out);
            }
            Some(Value::Array(types)) if types.iter().any(numeric) => {
                let mut seen = BTreeSet::new();
                let mut new = Vec::new();
                for t in types.iter() {
                    let t = if numeric(t) {
                        json!("number")
                    } else {
                        t.clone()
                    };
                    if seen.insert(t.to_string()) {
                        new.push(t);
                    }
                }
                *types = new;
                strip_number_keywords(out);
            }
            _ => {}
        }
    }

    /// Open objects get `additionalProperties: {}` (typify's cue for a
    /// flattened `extra` map); optional array and map members become
    /// nullable so that absent and empty stay apart.
    fn objects(&self, out: &mut Map<String, Value>) {
        if let Some(ap) = out.get_mut("additionalProperties") {
            if *ap == Value::Bool(true) {
                *ap = json!({});
            }
        }
        let has_properties =
            matches!(out.get("properties"), Some(Value::Object(p)) if !p.is_empty());
        if has_properties && !out.contains_key("additionalProperties") {
            out.insert("additionalProperties".into(), json!({}));
        }
        let required: BTreeSet<String> = match out.get("required") {
            Some(Value::Array(r)) => r
                .iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect(),
            _ => BTreeSet::new(),
        };
        if let Some(Value::Object(props)) = out.get_mut("properties") {
            for (name, prop) in props.iter_mut() {
                if !required.contains(name) {
                    self.nullable_container(prop);
                }
            }
        }
    }

    /// `{"type": "array"|"object", ..}` → `{"type": [that, "null"], ..}`
    /// when it renders as a Rust `Vec` or map (a struct is already wrapped
    /// in `Option` by typify).
    fn nullable_container(&self, prop: &mut Value) {
        let Value::Object(p) = prop else { return };
        let kind = match p.get("type").and_then(Value::as_str) {
            Some("array") => "array",
            Some("object") if !matches!(p.get("properties"), Some(Value::Object(m)) if !m.is_empty()) => {
                "object"
            }
            _ => return,
        };
        p.insert("type".into(), json!([kind, "null"]));
    }

    /// `anyOf` → `oneOf` (typify then emits an untagged enum; mcpwire
    /// replaces its `Deserialize` with a most-specific-match one, see
    /// `super::unions`).
    fn unions(&self, out: &mut Map<String, Value>) {
        if let Some(members) = out.remove("anyOf") {
            out.insert("oneOf".into(), members);
        }
    }

    /// Follows `$ref`s of the (normalized) copy to the published definition.
    fn resolve<'v>(&'v self, v: &'v Value) -> &'v Value {
        let mut v = v;
        for _ in 0..16 {
            match v.get("$ref").and_then(Value::as_str) {
                Some(r) => {
                    let name = r.rsplit('/').next().unwrap_or_default();
                    match self.schema.def(name) {
                        Some(def) => v = def,
                        None => return v,
                    }
                }
                None => return v,
            }
        }
        v
    }

    /// `allOf` whose members are all (references to) plain object schemas:
    /// their merge, made of the *normalized* members (union of properties and
    /// of `required`; a property two members disagree on becomes the
    /// `allOf` of both, which typify merges, unless one side is `{}`).
    /// `None` when a member has any other shape (typify merges it itself).
    fn merge_all_of(
        &mut self,
        obj: &Map<String, Value>,
        members: &[Value],
        at: &str,
    ) -> Result<Option<Map<String, Value>>, Error> {
        if obj.keys().any(|k| k != "allOf" && k != "description") {
            return Ok(None);
        }
        let mut properties = Map::new();
        let mut required = Vec::<Value>::new();
        for (i, member) in members.iter().enumerate() {
            let Value::Object(m) = self.resolve(member).clone() else {
                return Ok(None);
            };
            let plain = m.keys().all(|k| {
                matches!(
                    k.as_str(),
                    "type" | "properties" | "required" | "description" | "additionalProperties"
                )
            });
            let open = match m.get("additionalProperties") {
                None | Some(Value::Bool(true)) => true,
                Some(Value::Object(ap)) => ap.is_empty(),
                Some(_) => false,
            };
            if !plain || !open || m.get("type").is_some_and(|t| t != "object") {
                return Ok(None);
            }
            let member_at = join(&join(at, "allOf"), &i.to_string());
            if let Some(Value::Object(props)) = m.get("properties") {
                for (k, s) in props {
                    let s = self.node(s, &join(&join(&member_at, "properties"), k))?;
                    let merged = match properties.remove(k) {
                        None => s,
                        Some(existing) => merge_property(existing, s),
                    };
                    properties.insert(k.clone(), merged);
                }
            }
            if let Some(Value::Array(r)) = m.get("required") {
                for name in r {
                    if !required.contains(name) {
                        required.push(name.clone());
                    }
                }
            }
        }
        let mut merged: Map<String, Value> = obj
            .iter()
            .filter(|(k, _)| *k == "description")
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        merged.insert("type".into(), json!("object"));
        merged.insert("properties".into(), Value::Object(properties));
        merged.insert("required".into(), Value::Array(required));
        Ok(Some(merged))
    }
}

/// One property seen in two `allOf` members (both already normalized).
fn merge_property(a: Value, b: Value) -> Value {
    let trivial = |v: &Value| match v {
        Value::Object(m) => m.keys().all(|k| k == "description"),
        Value::Bool(true) => true,
        _ => false,
    };
    let bare = |v: &Value| match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "description")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    };
    if bare(&a) == bare(&b) || trivial(&b) {
        a
    } else if trivial(&a) {
        b
    } else {
        json!({ "allOf": [a, b] })
    }
}

/// Number validation keywords (typify would read them as a hint for a
/// narrower Rust integer type).
fn strip_number_keywords(out: &mut Map<String, Value>) {
    for k in [
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "format",
    ] {
        out.remove(k);
    }
}

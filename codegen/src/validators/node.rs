//! The validators' view of a schema: each (sub)schema parsed once into a
//! [`Node`] holding exactly the keywords mcpwire compiles, with the JSON
//! pointer where it sits in the published file.
//!
//! Parsing is where the keyword allow-list lives: a keyword is either
//! compiled (a field below), an annotation (ignored, [`ANNOTATIONS`]), or an
//! [`Error::Unsupported`] naming it and its place. Nothing is skipped
//! silently.

use serde_json::{Map, Number, Value};

use crate::schema::join;
use crate::{Dialect, Error, Schema};

/// Keywords with no effect on validity (JSON Schema 2020-12 Meta-Data and
/// Core annotations). `$schema` is absent on purpose: in a subschema it
/// would switch dialect.
pub const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "$comment",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// The keywords of the 2020-12 Validation vocabulary (annotations when a
/// metaschema leaves the vocabulary out, `Options::validation_vocabulary`).
pub const VALIDATION: &[&str] = &[
    "type",
    "const",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
];

/// Kind bits (mirrors `mcpwire::support::kind`).
pub mod kind {
    /// An object.
    pub const OBJECT: u8 = 1;
    /// An array.
    pub const ARRAY: u8 = 2;
    /// A string.
    pub const STRING: u8 = 4;
    /// An integral number.
    pub const INTEGER: u8 = 8;
    /// A number with a fractional part.
    pub const FRACTION: u8 = 16;
    /// A boolean.
    pub const BOOLEAN: u8 = 32;
    /// `null`.
    pub const NULL: u8 = 64;
    /// Any value.
    pub const ANY: u8 = 127;
}

/// One primitive type of the `type` keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// `object`
    Object,
    /// `array`
    Array,
    /// `string`
    String,
    /// `integer`
    Integer,
    /// `number`
    Number,
    /// `boolean`
    Boolean,
    /// `null`
    Null,
}

impl Type {
    fn parse(name: &str) -> Option<Type> {
        Some(match name {
            "object" => Type::Object,
            "array" => Type::Array,
            "string" => Type::String,
            "integer" => Type::Integer,
            "number" => Type::Number,
            "boolean" => Type::Boolean,
            "null" => Type::Null,
            _ => return None,
        })
    }

    /// The name as written in a schema.
    pub fn name(self) -> &'static str {
        match self {
            Type::Object => "object",
            Type::Array => "array",
            Type::String => "string",
            Type::Integer => "integer",
            Type::Number => "number",
            Type::Boolean => "boolean",
            Type::Null => "null",
        }
    }

    /// The instance kinds the type admits.
    pub fn kinds(self) -> u8 {
        match self {
            Type::Object => kind::OBJECT,
            Type::Array => kind::ARRAY,
            Type::String => kind::STRING,
            Type::Integer => kind::INTEGER,
            Type::Number => kind::INTEGER | kind::FRACTION,
            Type::Boolean => kind::BOOLEAN,
            Type::Null => kind::NULL,
        }
    }
}

/// A `format` mcpwire checks (`mcpwire::format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `uri`
    Uri,
    /// `uri-template`
    UriTemplate,
    /// `byte`
    Byte,
}

impl Format {
    /// The format's name in a schema.
    pub fn name(self) -> &'static str {
        match self {
            Format::Uri => "uri",
            Format::UriTemplate => "uri-template",
            Format::Byte => "byte",
        }
    }

    /// The checking function in `mcpwire::format`.
    pub fn function(self) -> &'static str {
        match self {
            Format::Uri => "is_uri",
            Format::UriTemplate => "is_uri_template",
            Format::Byte => "is_byte",
        }
    }
}

/// `additionalProperties`, when it constrains anything.
#[derive(Clone, Debug)]
pub enum Additional {
    /// `false`: no member beyond `properties`.
    False,
    /// A schema every other member must satisfy.
    Schema(Box<Node>),
}

/// A `const`/`enum` value: any JSON value (numbers compare by value,
/// objects without regard to member order).
#[derive(Clone, Debug, PartialEq)]
pub enum Constant {
    /// A string.
    String(String),
    /// A number.
    Number(Number),
    /// A boolean.
    Bool(bool),
    /// `null`.
    Null,
    /// An array.
    Array(Vec<Value>),
    /// An object.
    Object(Map<String, Value>),
}

impl Constant {
    /// The constant for a JSON value.
    pub fn from_value(v: &Value) -> Constant {
        match v {
            Value::String(s) => Constant::String(s.clone()),
            Value::Number(n) => Constant::Number(n.clone()),
            Value::Bool(b) => Constant::Bool(*b),
            Value::Null => Constant::Null,
            Value::Array(a) => Constant::Array(a.clone()),
            Value::Object(m) => Constant::Object(m.clone()),
        }
    }

    /// The kinds an instance equal to this value has.
    pub fn kinds(&self) -> u8 {
        match self {
            Constant::String(_) => kind::STRING,
            Constant::Number(n) if is_integral(n) => kind::INTEGER,
            Constant::Number(_) => kind::FRACTION,
            Constant::Bool(_) => kind::BOOLEAN,
            Constant::Null => kind::NULL,
            Constant::Array(_) => kind::ARRAY,
            Constant::Object(_) => kind::OBJECT,
        }
    }

    /// The value as JSON.
    pub fn value(&self) -> Value {
        match self {
            Constant::String(s) => Value::from(s.as_str()),
            Constant::Number(n) => Value::Number(n.clone()),
            Constant::Bool(b) => Value::Bool(*b),
            Constant::Null => Value::Null,
            Constant::Array(a) => Value::Array(a.clone()),
            Constant::Object(m) => Value::Object(m.clone()),
        }
    }

    /// The value as compact JSON (for messages).
    pub fn json(&self) -> String {
        self.value().to_string()
    }
}

/// Whether a schema number is integral (`2`, `2.0`).
pub fn is_integral(n: &Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// One schema, reduced to the keywords that constrain.
///
/// Both dialects parse into this one shape: draft-07's array form of
/// `items` is [`Node::prefix_items`] and its `additionalItems` is
/// [`Node::items`] (2020-12's names for the same thing); draft-07's
/// `dependencies` splits into [`Node::dependent_required`] and
/// [`Node::dependent_schemas`]. Each subschema keeps the pointer where it
/// sits, so reports name the published keyword.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// Where the schema sits in the published file.
    pub pointer: String,
    /// The `false` schema: no instance is valid.
    pub never: bool,
    /// `type`, in schema order.
    pub types: Option<Vec<Type>>,
    /// `properties`, in schema order.
    pub properties: Vec<(String, Node)>,
    /// `patternProperties`, in schema order (ECMA-262 source, schema).
    pub pattern_properties: Vec<(String, Node)>,
    /// `required`.
    pub required: Vec<String>,
    /// `additionalProperties`, unless absent, `true` or `{}`.
    pub additional: Option<Additional>,
    /// Whether `additionalProperties` is present in any form (even `true`):
    /// it then evaluates every member no other keyword names, which
    /// `unevaluatedProperties` must know.
    pub additional_present: bool,
    /// `propertyNames`.
    pub property_names: Option<Box<Node>>,
    /// `minProperties`.
    pub min_properties: Option<u64>,
    /// `maxProperties`.
    pub max_properties: Option<u64>,
    /// `dependentRequired` (and draft-07 `dependencies` with an array).
    pub dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentSchemas` (and draft-07 `dependencies` with a schema).
    pub dependent_schemas: Vec<(String, Node)>,
    /// `prefixItems` (draft-07: `items` in its array form).
    pub prefix_items: Option<Vec<Node>>,
    /// `items` for the elements after `prefix_items` (draft-07:
    /// `additionalItems` when `items` is an array, else `items`).
    pub items: Option<Box<Node>>,
    /// `contains`.
    pub contains: Option<Box<Node>>,
    /// `minContains` (only with `contains`; default 1).
    pub min_contains: Option<u64>,
    /// `maxContains` (only with `contains`).
    pub max_contains: Option<u64>,
    /// `minItems`.
    pub min_items: Option<u64>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `uniqueItems: true`.
    pub unique_items: bool,
    /// `const`.
    pub const_: Option<Constant>,
    /// `enum`.
    pub enum_: Option<Vec<Constant>>,
    /// `anyOf`.
    pub any_of: Option<Vec<Node>>,
    /// `allOf`.
    pub all_of: Option<Vec<Node>>,
    /// `oneOf`.
    pub one_of: Option<Vec<Node>>,
    /// `not`.
    pub not: Option<Box<Node>>,
    /// `if` (judged with `then`/`else`; alone it only annotates).
    pub if_: Option<Box<Node>>,
    /// `then`.
    pub then_: Option<Box<Node>>,
    /// `else`.
    pub else_: Option<Box<Node>>,
    /// `$ref`: the unit (compiled function) it names, when the reference
    /// is the whole schema. A 2020-12 `$ref` with constraining siblings,
    /// and every `$dynamicRef` (resolved at build time for the dynamic
    /// scope the node is compiled in, [`crate::resolve`]), is a reference
    /// node first in [`Node::all_of`], which is what it means: both apply.
    /// draft-07 ignores the siblings of `$ref`.
    pub ref_: Option<String>,
    /// `unevaluatedProperties`.
    pub unevaluated_properties: Option<Box<Node>>,
    /// `unevaluatedItems`.
    pub unevaluated_items: Option<Box<Node>>,
    /// `minimum`.
    pub minimum: Option<Number>,
    /// `maximum`.
    pub maximum: Option<Number>,
    /// `exclusiveMinimum` (a number in both dialects).
    pub exclusive_minimum: Option<Number>,
    /// `exclusiveMaximum` (a number in both dialects).
    pub exclusive_maximum: Option<Number>,
    /// `multipleOf` (positive).
    pub multiple_of: Option<Number>,
    /// `minLength` (Unicode code points).
    pub min_length: Option<u64>,
    /// `maxLength` (Unicode code points).
    pub max_length: Option<u64>,
    /// `pattern` (ECMA-262 source, checked to compile at build time).
    pub pattern: Option<String>,
    /// `format`, when the build asserts it (others are annotations).
    pub format: Option<Format>,
}

fn malformed(pointer: &str, reason: impl Into<String>) -> Error {
    Error::Malformed {
        pointer: pointer.to_string(),
        reason: reason.into(),
    }
}

fn unsupported(pointer: &str, keyword: impl Into<String>) -> Error {
    Error::Unsupported {
        pointer: pointer.to_string(),
        keyword: keyword.into(),
    }
}

impl Node {
    /// Whether the node accepts every instance.
    pub fn is_trivial(&self) -> bool {
        let all_trivial = |nodes: &[Node]| nodes.iter().all(Node::is_trivial);
        let trivial = |node: &Option<Box<Node>>| node.as_ref().is_none_or(|n| n.is_trivial());
        !self.never
            && self.types.is_none()
            && self.properties.iter().all(|(_, p)| p.is_trivial())
            && self.pattern_properties.iter().all(|(_, p)| p.is_trivial())
            && self.required.is_empty()
            && self.additional.is_none()
            && trivial(&self.property_names)
            && self.min_properties.is_none()
            && self.max_properties.is_none()
            && self.dependent_required.iter().all(|(_, r)| r.is_empty())
            && self.dependent_schemas.iter().all(|(_, s)| s.is_trivial())
            && self.prefix_items.as_deref().is_none_or(all_trivial)
            && trivial(&self.items)
            && self.contains.is_none()
            && self.min_items.is_none()
            && self.max_items.is_none()
            && !self.unique_items
            && self.const_.is_none()
            && self.enum_.is_none()
            && self.any_of.is_none()
            && self.all_of.as_deref().is_none_or(all_trivial)
            && self.one_of.is_none()
            && self.not.is_none()
            && self.if_.is_none()
            && self.ref_.is_none()
            && trivial(&self.unevaluated_properties)
            && trivial(&self.unevaluated_items)
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.exclusive_minimum.is_none()
            && self.exclusive_maximum.is_none()
            && self.multiple_of.is_none()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.pattern.is_none()
            && self.format.is_none()
    }

    /// Whether the node uses a keyword beyond the set the bytes readers
    /// compile (`crate::bytes`): such a node's reader answers `Stop` and the
    /// `Value` path decides, so the verdict never differs.
    pub fn beyond_bytes(&self) -> bool {
        self.never
            || !self.pattern_properties.is_empty()
            || self.property_names.is_some()
            || self.min_properties.is_some()
            || !self.dependent_required.is_empty()
            || !self.dependent_schemas.is_empty()
            || self.prefix_items.is_some()
            || self.contains.is_some()
            || self.unique_items
            || matches!(self.const_, Some(Constant::Array(_) | Constant::Object(_)))
            || self.enum_.as_ref().is_some_and(|values| {
                values
                    .iter()
                    .any(|c| matches!(c, Constant::Array(_) | Constant::Object(_)))
            })
            || self.one_of.is_some()
            || self.not.is_some()
            || self.if_.is_some()
            || self.unevaluated_properties.is_some()
            || self.unevaluated_items.is_some()
    }

    /// Parses the schema `value` found at `pointer` (with the dynamic
    /// scope of a resource root it may be, [`crate::resolve`]).
    pub fn parse(schema: &Schema, value: &Value, pointer: &str) -> Result<Node, Error> {
        schema
            .resolver
            .within(pointer, None, || Node::parse_here(schema, value, pointer))
    }

    fn parse_here(schema: &Schema, value: &Value, pointer: &str) -> Result<Node, Error> {
        let map = match value {
            Value::Bool(true) => return Ok(Node::at(pointer)),
            Value::Bool(false) => {
                return Ok(Node {
                    never: true,
                    ..Node::at(pointer)
                })
            }
            Value::Object(map) => map,
            _ => {
                return Err(malformed(
                    pointer,
                    "a schema must be an object or a boolean",
                ))
            }
        };
        let draft07 = schema.version.dialect == Dialect::Draft07;
        if draft07 {
            // draft-07: `$ref` takes the whole schema; siblings are ignored.
            if let Some(reference) = map.get("$ref") {
                return Node::parse_ref(schema, reference, pointer);
            }
        }
        let mut node = Node::at(pointer);
        let mut refs = Vec::new();
        let validation = schema.options.validation_vocabulary;
        let sub = |v: &Value, at: &str| Node::parse(schema, v, at).map(Box::new);
        for (key, v) in map {
            let at = join(pointer, key);
            if !validation && VALIDATION.contains(&key.as_str()) {
                continue;
            }
            match (key.as_str(), draft07) {
                ("type", _) => node.types = Some(parse_types(v, &at)?),
                ("properties", _) => node.properties = parse_members(schema, v, &at)?,
                ("patternProperties", _) => {
                    node.pattern_properties = parse_members(schema, v, &at)?;
                    for (source, _) in &node.pattern_properties {
                        check_pattern(source, &join(&at, source))?;
                    }
                }
                ("required", _) => node.required = parse_strings(v, &at)?,
                ("additionalProperties", _) => {
                    node.additional = parse_additional(schema, v, &at)?;
                    node.additional_present = true;
                }
                ("propertyNames", _) => node.property_names = Some(sub(v, &at)?),
                ("minProperties", _) => node.min_properties = Some(parse_count(v, &at)?),
                ("maxProperties", _) => node.max_properties = Some(parse_count(v, &at)?),
                ("dependentRequired", false) => {
                    node.dependent_required = parse_dependent_required(v, &at)?
                }
                ("dependentSchemas", false) => {
                    node.dependent_schemas = parse_members(schema, v, &at)?
                }
                ("dependencies", _) => parse_dependencies(schema, v, &at, &mut node)?,
                ("prefixItems", false) => node.prefix_items = Some(parse_list(schema, v, &at)?),
                ("items", true) if v.is_array() => {
                    node.prefix_items = Some(parse_array(schema, v, &at)?);
                    if let Some(extra) = map.get("additionalItems") {
                        node.items = Some(sub(extra, &join(pointer, "additionalItems"))?);
                    }
                }
                ("additionalItems", true) => {} // read with `items` (array form)
                ("items", _) => node.items = Some(sub(v, &at)?),
                ("contains", _) => node.contains = Some(sub(v, &at)?),
                ("minContains", false) => node.min_contains = Some(parse_count(v, &at)?),
                ("maxContains", false) => node.max_contains = Some(parse_count(v, &at)?),
                ("minItems", _) => node.min_items = Some(parse_count(v, &at)?),
                ("maxItems", _) => node.max_items = Some(parse_count(v, &at)?),
                ("uniqueItems", _) => node.unique_items = parse_bool(v, &at)?,
                ("const", _) => node.const_ = Some(Constant::from_value(v)),
                ("enum", _) => node.enum_ = Some(parse_enum(v, &at)?),
                ("anyOf", _) => node.any_of = Some(parse_list(schema, v, &at)?),
                ("allOf", _) => node.all_of = Some(parse_list(schema, v, &at)?),
                ("oneOf", _) => node.one_of = Some(parse_list(schema, v, &at)?),
                ("not", _) => node.not = Some(sub(v, &at)?),
                ("if", _) => {
                    // Kept without `then`/`else` too: when it holds, its
                    // annotations count for `unevaluated*`.
                    node.if_ = Some(sub(v, &at)?);
                    if let Some(t) = map.get("then") {
                        node.then_ = Some(sub(t, &join(pointer, "then"))?);
                    }
                    if let Some(e) = map.get("else") {
                        node.else_ = Some(sub(e, &join(pointer, "else"))?);
                    }
                }
                ("then" | "else", _) => {} // read with `if`
                ("$ref", false) => refs.push(Node::parse_ref(schema, v, pointer)?),
                ("$dynamicRef", false) => {
                    let reference = v
                        .as_str()
                        .ok_or_else(|| malformed(&at, "`$dynamicRef` must be a string"))?;
                    let target = schema.resolver.dynamic_reference(reference, pointer)?;
                    refs.push(Node {
                        ref_: Some(target),
                        ..Node::at(pointer)
                    });
                }
                ("unevaluatedProperties", false) => {
                    node.unevaluated_properties = Some(sub(v, &at)?)
                }
                ("unevaluatedItems", false) => node.unevaluated_items = Some(sub(v, &at)?),
                ("minimum", _) => node.minimum = Some(parse_number(v, &at)?),
                ("maximum", _) => node.maximum = Some(parse_number(v, &at)?),
                ("exclusiveMinimum", _) => node.exclusive_minimum = Some(parse_number(v, &at)?),
                ("exclusiveMaximum", _) => node.exclusive_maximum = Some(parse_number(v, &at)?),
                ("multipleOf", _) => node.multiple_of = Some(parse_positive(v, &at)?),
                ("minLength", _) => node.min_length = Some(parse_count(v, &at)?),
                ("maxLength", _) => node.max_length = Some(parse_count(v, &at)?),
                ("pattern", _) => {
                    let source = v
                        .as_str()
                        .ok_or_else(|| malformed(&at, "`pattern` must be a string"))?;
                    check_pattern(source, &at)?;
                    node.pattern = Some(source.to_string());
                }
                ("format", _) => node.format = parse_format(schema, v, &at)?,
                (k, _) if is_annotation(k, draft07) || schema.is_declared_annotation(k) => {}
                (other, _) => return Err(unsupported(&at, other)),
            }
        }
        if node.contains.is_none() {
            // `minContains`/`maxContains` without `contains` have no effect.
            node.min_contains = None;
            node.max_contains = None;
        }
        if refs.len() == 1 && node.is_trivial() {
            node.ref_ = refs.pop().and_then(|r| r.ref_);
        } else if !refs.is_empty() {
            let mut parts = node.all_of.take().unwrap_or_default();
            parts.splice(0..0, refs);
            node.all_of = Some(parts);
        }
        Ok(node)
    }

    fn at(pointer: &str) -> Node {
        Node {
            pointer: pointer.to_string(),
            ..Node::default()
        }
    }

    /// A node that is a reference only.
    fn parse_ref(schema: &Schema, reference: &Value, pointer: &str) -> Result<Node, Error> {
        let at = join(pointer, "$ref");
        let Value::String(reference) = reference else {
            return Err(malformed(&at, "`$ref` must be a string"));
        };
        let target = schema.resolver.reference(reference, pointer)?;
        Ok(Node {
            ref_: Some(target),
            ..Node::at(pointer)
        })
    }
}

/// Whether `keyword` has no effect on validity in the dialect: the
/// Meta-Data, Core and Content vocabularies' annotations and identifiers,
/// and the definitions containers (their schemas are compiled where a
/// reference reaches them).
pub fn is_annotation(keyword: &str, draft07: bool) -> bool {
    ANNOTATIONS.contains(&keyword)
        || matches!(
            keyword,
            "$schema" | "$id" | "contentMediaType" | "contentEncoding" | "definitions"
        )
        || (!draft07
            && matches!(
                keyword,
                "$defs" | "$anchor" | "$dynamicAnchor" | "$vocabulary" | "contentSchema"
            ))
}

/// Checks at build time that an ECMA-262 pattern compiles (with the
/// Unicode flag, as the generated code compiles it), so the generated
/// `rt::pattern` statics never fail.
fn check_pattern(source: &str, at: &str) -> Result<(), Error> {
    regress::Regex::with_flags(source, "u")
        .map(|_| ())
        .map_err(|e| {
            malformed(
                at,
                format!("pattern {source:?} is not an ECMA-262 regex: {e}"),
            )
        })
}

fn parse_types(v: &Value, at: &str) -> Result<Vec<Type>, Error> {
    let names: Vec<&str> = match v {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .map(|t| {
                t.as_str()
                    .ok_or_else(|| malformed(at, "`type` entries must be strings"))
            })
            .collect::<Result<_, _>>()?,
        _ => {
            return Err(malformed(
                at,
                "`type` must be a string or a non-empty array",
            ))
        }
    };
    let mut types = Vec::new();
    for name in names {
        let t = Type::parse(name).ok_or_else(|| unsupported(at, format!("type {name}")))?;
        if types.contains(&t) {
            return Err(malformed(at, format!("`type` lists {name} twice")));
        }
        types.push(t);
    }
    Ok(types)
}

fn parse_members(schema: &Schema, v: &Value, at: &str) -> Result<Vec<(String, Node)>, Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "must be an object of schemas"));
    };
    map.iter()
        .map(|(name, sub)| Ok((name.clone(), Node::parse(schema, sub, &join(at, name))?)))
        .collect()
}

fn parse_dependent_required(v: &Value, at: &str) -> Result<Vec<(String, Vec<String>)>, Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "`dependentRequired` must be an object"));
    };
    map.iter()
        .map(|(name, names)| Ok((name.clone(), parse_strings(names, &join(at, name))?)))
        .collect()
}

/// draft-07 `dependencies`: an array is `dependentRequired`, a schema is
/// `dependentSchemas`.
fn parse_dependencies(schema: &Schema, v: &Value, at: &str, node: &mut Node) -> Result<(), Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "`dependencies` must be an object"));
    };
    for (name, dependency) in map {
        let here = join(at, name);
        if dependency.is_array() {
            let names = parse_strings(dependency, &here)?;
            node.dependent_required.push((name.clone(), names));
        } else {
            let sub = Node::parse(schema, dependency, &here)?;
            node.dependent_schemas.push((name.clone(), sub));
        }
    }
    Ok(())
}

fn parse_strings(v: &Value, at: &str) -> Result<Vec<String>, Error> {
    let Value::Array(items) = v else {
        return Err(malformed(at, "`required` must be an array of strings"));
    };
    let mut names: Vec<String> = Vec::new();
    for item in items {
        let name = item
            .as_str()
            .ok_or_else(|| malformed(at, "`required` must be an array of strings"))?;
        if !names.iter().any(|n| n == name) {
            names.push(name.to_string());
        }
    }
    Ok(names)
}

fn parse_additional(schema: &Schema, v: &Value, at: &str) -> Result<Option<Additional>, Error> {
    match v {
        Value::Bool(false) => Ok(Some(Additional::False)),
        _ => {
            let node = Node::parse(schema, v, at)?;
            Ok((!node.is_trivial()).then(|| Additional::Schema(Box::new(node))))
        }
    }
}

fn parse_enum(v: &Value, at: &str) -> Result<Vec<Constant>, Error> {
    match v {
        Value::Array(items) => Ok(items.iter().map(Constant::from_value).collect()),
        _ => Err(malformed(at, "`enum` must be an array")),
    }
}

fn parse_bool(v: &Value, at: &str) -> Result<bool, Error> {
    v.as_bool()
        .ok_or_else(|| malformed(at, "must be a boolean"))
}

fn parse_list(schema: &Schema, v: &Value, at: &str) -> Result<Vec<Node>, Error> {
    match v {
        Value::Array(items) if !items.is_empty() => parse_array(schema, v, at),
        _ => Err(malformed(at, "must be a non-empty array of schemas")),
    }
}

fn parse_array(schema: &Schema, v: &Value, at: &str) -> Result<Vec<Node>, Error> {
    let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .enumerate()
        .map(|(i, sub)| Node::parse(schema, sub, &join(at, &i.to_string())))
        .collect()
}

fn parse_number(v: &Value, at: &str) -> Result<Number, Error> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Ok(n.clone()),
        _ => Err(malformed(at, "must be a number")),
    }
}

fn parse_positive(v: &Value, at: &str) -> Result<Number, Error> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(|f| f.is_finite() && f > 0.0) => Ok(n.clone()),
        _ => Err(malformed(at, "must be a number greater than 0")),
    }
}

fn parse_count(v: &Value, at: &str) -> Result<u64, Error> {
    // `2.0` is an integer too (the suite's "float-valued" limits).
    match v {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
        }),
        _ => None,
    }
    .ok_or_else(|| malformed(at, "must be a non-negative integer"))
}

/// `format`: the asserted ones ([`Schema::asserts_format`]) compile to a
/// check; any other name, known or not, is an annotation.
fn parse_format(schema: &Schema, v: &Value, at: &str) -> Result<Option<Format>, Error> {
    let name = v
        .as_str()
        .ok_or_else(|| malformed(at, "`format` must be a string"))?;
    if !schema.asserts_format(name) {
        return Ok(None);
    }
    Ok(match name {
        "uri" => Some(Format::Uri),
        "uri-template" => Some(Format::UriTemplate),
        "byte" => Some(Format::Byte),
        _ => None,
    })
}

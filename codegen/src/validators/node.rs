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
use crate::{Error, Schema};

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

/// A scalar `const`/`enum` value (the only kind the schemas use).
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar {
    /// A string.
    String(String),
    /// A number.
    Number(Number),
    /// A boolean.
    Bool(bool),
    /// `null`.
    Null,
}

impl Scalar {
    /// The kinds an instance equal to this value has.
    pub fn kinds(&self) -> u8 {
        match self {
            Scalar::String(_) => kind::STRING,
            Scalar::Number(n) if is_integral(n) => kind::INTEGER,
            Scalar::Number(_) => kind::FRACTION,
            Scalar::Bool(_) => kind::BOOLEAN,
            Scalar::Null => kind::NULL,
        }
    }

    /// The value as compact JSON (for messages).
    pub fn json(&self) -> String {
        match self {
            Scalar::String(s) => Value::from(s.as_str()).to_string(),
            Scalar::Number(n) => n.to_string(),
            Scalar::Bool(b) => b.to_string(),
            Scalar::Null => "null".into(),
        }
    }
}

/// Whether a schema number is integral (`2`, `2.0`).
pub fn is_integral(n: &Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0)
}

/// One schema, reduced to the keywords that constrain.
#[derive(Clone, Debug, Default)]
pub struct Node {
    /// Where the schema sits in the published file.
    pub pointer: String,
    /// `type`, in schema order.
    pub types: Option<Vec<Type>>,
    /// `properties`, in schema order.
    pub properties: Vec<(String, Node)>,
    /// `required`.
    pub required: Vec<String>,
    /// `additionalProperties`, unless absent, `true` or `{}`.
    pub additional: Option<Additional>,
    /// `items` (single-schema form).
    pub items: Option<Box<Node>>,
    /// `const`.
    pub const_: Option<Scalar>,
    /// `enum`.
    pub enum_: Option<Vec<Scalar>>,
    /// `anyOf`.
    pub any_of: Option<Vec<Node>>,
    /// `allOf`.
    pub all_of: Option<Vec<Node>>,
    /// `$ref`: the definition it names. Siblings are annotations only.
    pub ref_: Option<String>,
    /// `minimum`.
    pub minimum: Option<Number>,
    /// `maximum`.
    pub maximum: Option<Number>,
    /// `maxItems`.
    pub max_items: Option<u64>,
    /// `format`.
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
        self.types.is_none()
            && self.properties.iter().all(|(_, p)| p.is_trivial())
            && self.required.is_empty()
            && self.additional.is_none()
            && self.items.as_ref().is_none_or(|i| i.is_trivial())
            && self.const_.is_none()
            && self.enum_.is_none()
            && self.any_of.is_none()
            && self
                .all_of
                .as_ref()
                .is_none_or(|parts| parts.iter().all(Node::is_trivial))
            && self.ref_.is_none()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.max_items.is_none()
            && self.format.is_none()
    }

    /// Parses the schema `value` found at `pointer`.
    pub fn parse(schema: &Schema, value: &Value, pointer: &str) -> Result<Node, Error> {
        let map = match value {
            Value::Bool(true) => return Ok(Node::at(pointer)),
            Value::Bool(false) => return Err(unsupported(pointer, "false (schema)")),
            Value::Object(map) => map,
            _ => {
                return Err(malformed(
                    pointer,
                    "a schema must be an object or a boolean",
                ))
            }
        };
        if let Some(reference) = map.get("$ref") {
            return Node::parse_ref(schema, map, reference, pointer);
        }
        let mut node = Node::at(pointer);
        for (key, v) in map {
            let at = join(pointer, key);
            match key.as_str() {
                "type" => node.types = Some(parse_types(v, &at)?),
                "properties" => node.properties = parse_properties(schema, v, &at)?,
                "required" => node.required = parse_strings(v, &at)?,
                "additionalProperties" => node.additional = parse_additional(schema, v, &at)?,
                "items" => node.items = Some(Box::new(parse_items(schema, v, &at)?)),
                "const" => node.const_ = Some(parse_scalar(v, &at, "const")?),
                "enum" => node.enum_ = Some(parse_enum(v, &at)?),
                "anyOf" => node.any_of = Some(parse_list(schema, v, &at)?),
                "allOf" => node.all_of = Some(parse_list(schema, v, &at)?),
                "minimum" => node.minimum = Some(parse_number(v, &at)?),
                "maximum" => node.maximum = Some(parse_number(v, &at)?),
                "maxItems" => node.max_items = Some(parse_count(v, &at)?),
                "format" => node.format = Some(parse_format(v, &at)?),
                k if ANNOTATIONS.contains(&k) => {}
                other => return Err(unsupported(&at, other)),
            }
        }
        Ok(node)
    }

    fn at(pointer: &str) -> Node {
        Node {
            pointer: pointer.to_string(),
            ..Node::default()
        }
    }

    /// `$ref` with annotation siblings only (draft-07 ignores siblings; in
    /// 2020-12 they would apply, so anything but an annotation is refused).
    fn parse_ref(
        schema: &Schema,
        map: &Map<String, Value>,
        reference: &Value,
        pointer: &str,
    ) -> Result<Node, Error> {
        let at = join(pointer, "$ref");
        let Value::String(reference) = reference else {
            return Err(malformed(&at, "`$ref` must be a string"));
        };
        if let Some(sibling) = map
            .keys()
            .find(|k| *k != "$ref" && !ANNOTATIONS.contains(&k.as_str()))
        {
            return Err(unsupported(
                &join(pointer, sibling),
                format!("{sibling} beside $ref"),
            ));
        }
        let target = schema.ref_target(reference, &at)?;
        Ok(Node {
            ref_: Some(target.to_string()),
            ..Node::at(pointer)
        })
    }
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

fn parse_properties(schema: &Schema, v: &Value, at: &str) -> Result<Vec<(String, Node)>, Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "`properties` must be an object"));
    };
    map.iter()
        .map(|(name, sub)| Ok((name.clone(), Node::parse(schema, sub, &join(at, name))?)))
        .collect()
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

fn parse_items(schema: &Schema, v: &Value, at: &str) -> Result<Node, Error> {
    match v {
        Value::Array(_) => Err(unsupported(at, "items (array form)")),
        _ => Node::parse(schema, v, at),
    }
}

fn parse_scalar(v: &Value, at: &str, keyword: &str) -> Result<Scalar, Error> {
    Ok(match v {
        Value::String(s) => Scalar::String(s.clone()),
        Value::Number(n) => Scalar::Number(n.clone()),
        Value::Bool(b) => Scalar::Bool(*b),
        Value::Null => Scalar::Null,
        _ => {
            return Err(unsupported(
                at,
                format!("{keyword} with an array or object value"),
            ))
        }
    })
}

fn parse_enum(v: &Value, at: &str) -> Result<Vec<Scalar>, Error> {
    match v {
        Value::Array(items) if !items.is_empty() => {
            items.iter().map(|x| parse_scalar(x, at, "enum")).collect()
        }
        _ => Err(malformed(at, "`enum` must be a non-empty array")),
    }
}

fn parse_list(schema: &Schema, v: &Value, at: &str) -> Result<Vec<Node>, Error> {
    match v {
        Value::Array(items) if !items.is_empty() => items
            .iter()
            .enumerate()
            .map(|(i, sub)| Node::parse(schema, sub, &join(at, &i.to_string())))
            .collect(),
        _ => Err(malformed(at, "must be a non-empty array of schemas")),
    }
}

fn parse_number(v: &Value, at: &str) -> Result<Number, Error> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Ok(n.clone()),
        _ => Err(malformed(at, "must be a number")),
    }
}

fn parse_count(v: &Value, at: &str) -> Result<u64, Error> {
    v.as_u64()
        .ok_or_else(|| malformed(at, "must be a non-negative integer"))
}

fn parse_format(v: &Value, at: &str) -> Result<Format, Error> {
    match v.as_str() {
        Some("uri") => Ok(Format::Uri),
        Some("uri-template") => Ok(Format::UriTemplate),
        Some("byte") => Ok(Format::Byte),
        Some(other) => Err(unsupported(at, format!("format {other}"))),
        None => Err(malformed(at, "`format` must be a string")),
    }
}

//! The values keywords take once parsed: the kind bits an instance can
//! have, the `type` names, the asserted `format`s and `const`/`enum`
//! constants.

use serde_json::{Map, Number, Value};

/// Kind bits: the runtime's own ([`mcpwire_runtime::support::kind`]), which
/// the generated code compares against, so the two cannot drift.
pub use mcpwire_runtime::support::kind;

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
    pub(super) fn parse(name: &str) -> Option<Type> {
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
            Type::Number => kind::NUMBER,
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

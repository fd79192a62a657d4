//! A JSON value's kind: the bits the generator computes per `anyOf`
//! branch and `type` ([`kind`]), a value's bit ([`kind_of`]), and the type
//! names messages use.

use super::Value;

/// Kind bits of a JSON value, as the generator computes for each `anyOf`
/// branch: which instance kinds a branch can possibly accept.
pub mod kind {
    /// An object.
    pub const OBJECT: u8 = 1;
    /// An array.
    pub const ARRAY: u8 = 2;
    /// A string.
    pub const STRING: u8 = 4;
    /// A number with no fractional part (`1`, `1.0`).
    pub const INTEGER: u8 = 8;
    /// A number with a fractional part (`1.5`).
    pub const FRACTION: u8 = 16;
    /// `true` or `false`.
    pub const BOOLEAN: u8 = 32;
    /// `null`.
    pub const NULL: u8 = 64;
    /// Any number: [`INTEGER`] or [`FRACTION`].
    pub const NUMBER: u8 = INTEGER | FRACTION;
    /// Any value.
    pub const ANY: u8 = 127;
}

/// The kind bit of a value (see [`kind`]).
#[inline]
pub fn kind_of(v: &Value) -> u8 {
    match v {
        Value::Object(_) => kind::OBJECT,
        Value::Array(_) => kind::ARRAY,
        Value::String(_) => kind::STRING,
        Value::Number(n) if crate::number::is_integer(n) => kind::INTEGER,
        Value::Number(_) => kind::FRACTION,
        Value::Bool(_) => kind::BOOLEAN,
        Value::Null => kind::NULL,
    }
}

/// The JSON Schema type name of a value, as messages say it: `integer` for
/// integral numbers (`1.0` too), `number` for the others.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(n) if crate::number::is_integer(n) => "integer",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
    }
}

/// The JSON Schema name of a single type's kind bits ([`kind`]): `number`
/// for `INTEGER | FRACTION`.
pub(super) fn kind_name(kinds: u8) -> &'static str {
    match kinds {
        kind::OBJECT => "object",
        kind::ARRAY => "array",
        kind::STRING => "string",
        kind::INTEGER => "integer",
        kind::NUMBER => "number",
        kind::BOOLEAN => "boolean",
        kind::NULL => "null",
        _ => "a listed type",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn type_names_follow_json_schema() {
        assert_eq!(type_name(&json!(1.0)), "integer");
        assert_eq!(type_name(&json!(1.5)), "number");
        assert_eq!(type_name(&json!(null)), "null");
        assert_eq!(kind_of(&json!(6e4)), kind::INTEGER);
        assert_eq!(kind_of(&json!(-0.5)), kind::FRACTION);
    }
}

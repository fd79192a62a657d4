//! Values the generated code compares instances with: an array or object
//! `const`/`enum` member ([`Constant`], JSON equality) and a member name
//! seen as a string instance (`propertyNames`, [`name_value`]).

use std::sync::OnceLock;

use serde_json::{Map, Value};

use crate::number::json_eq;

/// An array or object constant, written as compact JSON text and parsed on
/// first use. Generated code holds one per site in a `static`.
#[derive(Debug)]
pub struct Constant {
    json: &'static str,
    value: OnceLock<Value>,
}

impl Constant {
    /// The constant whose JSON text is `json` (the generator writes it with
    /// `serde_json`, so it parses; were it not to, it is `null`).
    pub const fn new(json: &'static str) -> Constant {
        Constant {
            json,
            value: OnceLock::new(),
        }
    }

    fn value(&self) -> &Value {
        self.value
            .get_or_init(|| serde_json::from_str(self.json).unwrap_or(Value::Null))
    }

    /// Whether `v` equals the constant in JSON Schema's sense (numbers by
    /// value, objects regardless of member order).
    #[inline]
    pub fn matches(&self, v: &Value) -> bool {
        json_eq(self.value(), v)
    }

    /// Whether the array `a` equals the constant ([`Constant::matches`]).
    #[inline]
    pub fn matches_array(&self, a: &[Value]) -> bool {
        match self.value() {
            Value::Array(x) => x.len() == a.len() && x.iter().zip(a).all(|(x, y)| json_eq(x, y)),
            _ => false,
        }
    }

    /// Whether the object `m` equals the constant ([`Constant::matches`]).
    #[inline]
    pub fn matches_object(&self, m: &Map<String, Value>) -> bool {
        match self.value() {
            Value::Object(x) => {
                x.len() == m.len()
                    && x.iter()
                        .all(|(k, xv)| m.get(k).is_some_and(|yv| json_eq(xv, yv)))
            }
            _ => false,
        }
    }
}

/// The member name `k` as a string instance, for `propertyNames`.
#[inline]
pub fn name_value(k: &str) -> Value {
    Value::String(k.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn compares_by_json_value() {
        static C: Constant = Constant::new(r#"[1,{"a":2,"b":[]}]"#);
        assert!(C.matches(&json!([1.0, {"b": [], "a": 2}])));
        assert!(!C.matches(&json!([1, {"a": 2}])));
        assert!(!C.matches(&json!("[1]")));
        assert!(C.matches_array(json!([1, {"a": 2, "b": []}]).as_array().unwrap()));
        assert!(!C.matches_array(&[json!(1)]));
        assert!(!C.matches_object(json!({"a": 1}).as_object().unwrap()));
        static O: Constant = Constant::new(r#"{"a":[1.0],"b":null}"#);
        assert!(O.matches_object(json!({"b": null, "a": [1]}).as_object().unwrap()));
        assert!(!O.matches_object(json!({"b": null, "a": [1], "c": 0}).as_object().unwrap()));
        assert!(!O.matches_array(&[]));
        assert_eq!(name_value("k"), json!("k"));
    }
}

//! Reading one keyword's value: its shape checked (an [`Error::Malformed`]
//! naming the place otherwise) and turned into what [`Node`] holds.

use serde_json::{Number, Value};

use super::values::{Constant, Format, Type};
use super::{Additional, Node};
use crate::pointer::join;
use crate::{Error, Schema};

pub(super) fn malformed(pointer: &str, reason: impl Into<String>) -> Error {
    Error::Malformed {
        pointer: pointer.to_string(),
        reason: reason.into(),
    }
}

pub(super) fn unsupported(pointer: &str, keyword: impl Into<String>) -> Error {
    Error::Unsupported {
        pointer: pointer.to_string(),
        keyword: keyword.into(),
    }
}

/// Checks at build time that an ECMA-262 pattern compiles (with the
/// Unicode flag, as the generated code compiles it), so the generated
/// `rt::pattern` statics never fail.
pub(super) fn check_pattern(source: &str, at: &str) -> Result<(), Error> {
    regress::Regex::with_flags(source, "u")
        .map(|_| ())
        .map_err(|e| {
            malformed(
                at,
                format!("pattern {source:?} is not an ECMA-262 regex: {e}"),
            )
        })
}

pub(super) fn parse_types(v: &Value, at: &str) -> Result<Vec<Type>, Error> {
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

pub(super) fn parse_members(
    schema: &Schema,
    v: &Value,
    at: &str,
) -> Result<Vec<(String, Node)>, Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "must be an object of schemas"));
    };
    map.iter()
        .map(|(name, sub)| Ok((name.clone(), Node::parse(schema, sub, &join(at, name))?)))
        .collect()
}

pub(super) fn parse_dependent_required(
    v: &Value,
    at: &str,
) -> Result<Vec<(String, Vec<String>)>, Error> {
    let Value::Object(map) = v else {
        return Err(malformed(at, "`dependentRequired` must be an object"));
    };
    map.iter()
        .map(|(name, names)| Ok((name.clone(), parse_strings(names, &join(at, name))?)))
        .collect()
}

/// draft-07 `dependencies`: an array is `dependentRequired`, a schema is
/// `dependentSchemas`.
pub(super) fn parse_dependencies(
    schema: &Schema,
    v: &Value,
    at: &str,
    node: &mut Node,
) -> Result<(), Error> {
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

pub(super) fn parse_strings(v: &Value, at: &str) -> Result<Vec<String>, Error> {
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

pub(super) fn parse_additional(
    schema: &Schema,
    v: &Value,
    at: &str,
) -> Result<Option<Additional>, Error> {
    match v {
        Value::Bool(false) => Ok(Some(Additional::False)),
        _ => {
            let node = Node::parse(schema, v, at)?;
            Ok((!node.is_trivial()).then(|| Additional::Schema(Box::new(node))))
        }
    }
}

pub(super) fn parse_enum(v: &Value, at: &str) -> Result<Vec<Constant>, Error> {
    match v {
        Value::Array(items) => Ok(items.iter().map(Constant::from_value).collect()),
        _ => Err(malformed(at, "`enum` must be an array")),
    }
}

pub(super) fn parse_bool(v: &Value, at: &str) -> Result<bool, Error> {
    v.as_bool()
        .ok_or_else(|| malformed(at, "must be a boolean"))
}

pub(super) fn parse_list(schema: &Schema, v: &Value, at: &str) -> Result<Vec<Node>, Error> {
    match v {
        Value::Array(items) if !items.is_empty() => parse_array(schema, v, at),
        _ => Err(malformed(at, "must be a non-empty array of schemas")),
    }
}

pub(super) fn parse_array(schema: &Schema, v: &Value, at: &str) -> Result<Vec<Node>, Error> {
    let items = v.as_array().map(Vec::as_slice).unwrap_or_default();
    items
        .iter()
        .enumerate()
        .map(|(i, sub)| Node::parse(schema, sub, &join(at, &i.to_string())))
        .collect()
}

pub(super) fn parse_number(v: &Value, at: &str) -> Result<Number, Error> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(f64::is_finite) => Ok(n.clone()),
        _ => Err(malformed(at, "must be a number")),
    }
}

pub(super) fn parse_positive(v: &Value, at: &str) -> Result<Number, Error> {
    match v {
        Value::Number(n) if n.as_f64().is_some_and(|f| f.is_finite() && f > 0.0) => Ok(n.clone()),
        _ => Err(malformed(at, "must be a number greater than 0")),
    }
}

pub(super) fn parse_count(v: &Value, at: &str) -> Result<u64, Error> {
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
pub(super) fn parse_format(schema: &Schema, v: &Value, at: &str) -> Result<Option<Format>, Error> {
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

//! Parsing one schema into a [`Node`]: a boolean schema, a draft-07 `$ref`
//! that takes the whole schema, or an object read keyword by keyword (each
//! keyword compiled, an annotation, or refused), then the references met
//! folded in.

use serde_json::{Map, Value};

use super::parse_values::{
    check_pattern, malformed, parse_additional, parse_array, parse_bool, parse_count,
    parse_dependencies, parse_dependent_required, parse_enum, parse_format, parse_list,
    parse_members, parse_number, parse_positive, parse_strings, parse_types, unsupported,
};
use super::values::Constant;
use super::vocabulary::{is_annotation, VALIDATION};
use super::Node;
use crate::pointer::join;
use crate::{Dialect, Error, Schema};

impl Node {
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
        let mut parser = Parser {
            schema,
            map,
            pointer,
            draft07,
            node: Node::at(pointer),
            refs: Vec::new(),
        };
        let validation = schema.options.validation_vocabulary;
        for (key, v) in map {
            if !validation && VALIDATION.contains(&key.as_str()) {
                continue;
            }
            parser.keyword(key, v)?;
        }
        Ok(parser.finish())
    }

    pub(super) fn at(pointer: &str) -> Node {
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

/// The subschema `v` at `at`.
fn sub(schema: &Schema, v: &Value, at: &str) -> Result<Box<Node>, Error> {
    Node::parse(schema, v, at).map(Box::new)
}

/// One schema object being parsed: the node so far and the reference
/// nodes met (`$ref`, `$dynamicRef`), folded in by [`Parser::finish`].
struct Parser<'a> {
    schema: &'a Schema,
    map: &'a Map<String, Value>,
    pointer: &'a str,
    draft07: bool,
    node: Node,
    refs: Vec<Node>,
}

impl Parser<'_> {
    /// One keyword: compiled into the node, an annotation, or refused.
    fn keyword(&mut self, key: &str, v: &Value) -> Result<(), Error> {
        let at = join(self.pointer, key);
        if self.object_keyword(key, v, &at)?
            || self.array_keyword(key, v, &at)?
            || self.applicator_keyword(key, v, &at)?
            || self.value_keyword(key, v, &at)?
            || is_annotation(key, self.draft07)
            || self.schema.is_declared_annotation(key)
        {
            Ok(())
        } else {
            Err(unsupported(&at, key))
        }
    }

    /// The object keywords; `false` when `key` is none of them.
    fn object_keyword(&mut self, key: &str, v: &Value, at: &str) -> Result<bool, Error> {
        let (schema, node) = (self.schema, &mut self.node);
        match (key, self.draft07) {
            ("properties", _) => node.properties = parse_members(schema, v, at)?,
            ("patternProperties", _) => {
                node.pattern_properties = parse_members(schema, v, at)?;
                for (source, _) in &node.pattern_properties {
                    check_pattern(source, &join(at, source))?;
                }
            }
            ("required", _) => node.required = parse_strings(v, at)?,
            ("additionalProperties", _) => {
                node.additional = parse_additional(schema, v, at)?;
                node.additional_present = true;
            }
            ("propertyNames", _) => node.property_names = Some(sub(schema, v, at)?),
            ("minProperties", _) => node.min_properties = Some(parse_count(v, at)?),
            ("maxProperties", _) => node.max_properties = Some(parse_count(v, at)?),
            ("dependentRequired", false) => {
                node.dependent_required = parse_dependent_required(v, at)?
            }
            ("dependentSchemas", false) => node.dependent_schemas = parse_members(schema, v, at)?,
            ("dependencies", _) => parse_dependencies(schema, v, at, node)?,
            ("unevaluatedProperties", false) => {
                node.unevaluated_properties = Some(sub(schema, v, at)?)
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The array keywords; `false` when `key` is none of them.
    fn array_keyword(&mut self, key: &str, v: &Value, at: &str) -> Result<bool, Error> {
        let schema = self.schema;
        match (key, self.draft07) {
            ("prefixItems", false) => self.node.prefix_items = Some(parse_list(schema, v, at)?),
            ("items", true) if v.is_array() => {
                self.node.prefix_items = Some(parse_array(schema, v, at)?);
                if let Some(extra) = self.map.get("additionalItems") {
                    self.node.items =
                        Some(sub(schema, extra, &join(self.pointer, "additionalItems"))?);
                }
            }
            ("additionalItems", true) => {} // read with `items` (array form)
            ("items", _) => self.node.items = Some(sub(schema, v, at)?),
            ("contains", _) => self.node.contains = Some(sub(schema, v, at)?),
            ("minContains", false) => self.node.min_contains = Some(parse_count(v, at)?),
            ("maxContains", false) => self.node.max_contains = Some(parse_count(v, at)?),
            ("minItems", _) => self.node.min_items = Some(parse_count(v, at)?),
            ("maxItems", _) => self.node.max_items = Some(parse_count(v, at)?),
            ("uniqueItems", _) => self.node.unique_items = parse_bool(v, at)?,
            ("unevaluatedItems", false) => self.node.unevaluated_items = Some(sub(schema, v, at)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The in-place applicators and references; `false` when `key` is none
    /// of them.
    fn applicator_keyword(&mut self, key: &str, v: &Value, at: &str) -> Result<bool, Error> {
        let (schema, pointer) = (self.schema, self.pointer);
        match (key, self.draft07) {
            ("anyOf", _) => self.node.any_of = Some(parse_list(schema, v, at)?),
            ("allOf", _) => self.node.all_of = Some(parse_list(schema, v, at)?),
            ("oneOf", _) => self.node.one_of = Some(parse_list(schema, v, at)?),
            ("not", _) => self.node.not = Some(sub(schema, v, at)?),
            ("if", _) => {
                // Kept without `then`/`else` too: when it holds, its
                // annotations count for `unevaluated*`.
                self.node.if_ = Some(sub(schema, v, at)?);
                if let Some(t) = self.map.get("then") {
                    self.node.then_ = Some(sub(schema, t, &join(pointer, "then"))?);
                }
                if let Some(e) = self.map.get("else") {
                    self.node.else_ = Some(sub(schema, e, &join(pointer, "else"))?);
                }
            }
            ("then" | "else", _) => {} // read with `if`
            ("$ref", false) => self.refs.push(Node::parse_ref(schema, v, pointer)?),
            ("$dynamicRef", false) => {
                let reference = v
                    .as_str()
                    .ok_or_else(|| malformed(at, "`$dynamicRef` must be a string"))?;
                let target = schema.resolver.dynamic_reference(reference, pointer)?;
                self.refs.push(Node {
                    ref_: Some(target),
                    ..Node::at(pointer)
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The keywords on the instance's own value (`type`, `const`, `enum`,
    /// numbers, strings); `false` when `key` is none of them.
    fn value_keyword(&mut self, key: &str, v: &Value, at: &str) -> Result<bool, Error> {
        let (schema, node) = (self.schema, &mut self.node);
        match key {
            "type" => node.types = Some(parse_types(v, at)?),
            "const" => node.const_ = Some(Constant::from_value(v)),
            "enum" => node.enum_ = Some(parse_enum(v, at)?),
            "minimum" => node.minimum = Some(parse_number(v, at)?),
            "maximum" => node.maximum = Some(parse_number(v, at)?),
            "exclusiveMinimum" => node.exclusive_minimum = Some(parse_number(v, at)?),
            "exclusiveMaximum" => node.exclusive_maximum = Some(parse_number(v, at)?),
            "multipleOf" => node.multiple_of = Some(parse_positive(v, at)?),
            "minLength" => node.min_length = Some(parse_count(v, at)?),
            "maxLength" => node.max_length = Some(parse_count(v, at)?),
            "pattern" => {
                let source = v
                    .as_str()
                    .ok_or_else(|| malformed(at, "`pattern` must be a string"))?;
                check_pattern(source, at)?;
                node.pattern = Some(source.to_string());
            }
            "format" => node.format = parse_format(schema, v, at)?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The node with its references folded in: a lone reference with
    /// nothing else is the node's `$ref`; otherwise the references come
    /// first in `allOf` (both apply).
    fn finish(self) -> Node {
        let Parser {
            mut node, mut refs, ..
        } = self;
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
        node
    }
}

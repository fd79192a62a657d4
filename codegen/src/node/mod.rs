//! The validators' view of a schema: each (sub)schema parsed once into a
//! [`Node`] holding exactly the keywords mcpwire compiles, with the JSON
//! pointer where it sits in the published file.
//!
//! Parsing is where the keyword allow-list lives: a keyword is either
//! compiled (a field below), an annotation (ignored, [`ANNOTATIONS`]), or an
//! [`Error::Unsupported`](crate::Error::Unsupported) naming it and its
//! place. Nothing is skipped silently.
//!
//! The parts: `vocabulary` (which keywords are compiled or annotations),
//! `values` (what a keyword's value becomes: kinds, types, formats,
//! constants), `parse` (a schema into a node, keyword by keyword) and
//! `parse_values` (one keyword's value, checked).

use serde_json::Number;

mod parse;
mod parse_values;
mod values;
mod vocabulary;

pub use values::{is_integral, kind, Constant, Format, Type};
pub use vocabulary::{is_annotation, ANNOTATIONS, VALIDATION};

/// `additionalProperties`, when it constrains anything.
#[derive(Clone, Debug)]
pub enum Additional {
    /// `false`: no member beyond `properties`.
    False,
    /// A schema every other member must satisfy.
    Schema(Box<Node>),
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

impl Node {
    /// The kinds the node's `type` admits (every kind without `type`).
    pub fn type_kinds(&self) -> u8 {
        self.types.as_ref().map_or(kind::ANY, |types| {
            types.iter().fold(0, |k, t| k | t.kinds())
        })
    }

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
}

//! Does a changed JSON Schema still accept what the old one accepted?
//! [`compare`] walks an OLD and a NEW schema side by side and reports, keyword
//! by keyword, whether the set of instances NEW accepts [`Effect::Widened`],
//! [`Effect::Narrowed`], changed both ways ([`Effect::Changed`]), or cannot
//! be decided for the keywords involved ([`Effect::Undecided`]). Whether a
//! widening is good news depends on who sends the instances: a server's tool
//! input schema must widen (every call an old client makes is still
//! accepted), its output schema must narrow (every new result is still valid
//! for the old schema). [`crate::snapshot`] applies that rule.
//!
//! The comparison works on meaning, not text: object members in any order,
//! `type: ["string"]` and `type: "string"`, `integer` inside `number`, and a
//! local `$ref` (`#`, `#/$defs/…`, `#/definitions/…`, any `#/…` pointer)
//! followed to its target (cycles are followed once, then taken as equal —
//! containment is coinductive — and at most [`MAX_DEPTH`] schemas deep).
//!
//! ```
//! use mcpwire::schema_compat::{compare, Effect};
//! use serde_json::json;
//!
//! let old = json!({"type": "object", "properties": {"units": {"enum": ["metric", "imperial"]}}});
//! let new = json!({"type": "object", "properties": {"units": {"enum": ["metric"]}}});
//! let changes = compare(&old, &new);
//! assert_eq!(changes[0].pointer, "/properties/units/enum");
//! assert_eq!(changes[0].keyword, "enum");
//! assert_eq!(changes[0].effect, Effect::Narrowed);
//! ```
//!
//! Decided: `type`, `enum`, `const`, `minimum`, `maximum`,
//! `exclusiveMinimum`, `exclusiveMaximum` (draft-04 booleans too),
//! `multipleOf`, `minLength`, `maxLength`, `minItems`, `maxItems`,
//! `minProperties`, `maxProperties`, `uniqueItems`, `required`,
//! `properties`, `additionalProperties`, `items` (one schema), `pattern`
//! added or removed, `format` removed, `anyOf` when one side's branches are
//! all equal to branches of the other. Undecided when they differ: `pattern`
//! changed, `format` added or changed (an annotation unless the validator
//! asserts it), `allOf`, `oneOf`, `not`, `if`/`then`/`else`, the other
//! `anyOf` changes, `$dynamicRef`, `$recursiveRef`, a `$ref` that is not
//! local, `patternProperties`, tuple `items`/`prefixItems`,
//! `additionalItems`, `contains`, `propertyNames`, `dependent*`,
//! `unevaluated*` and keywords this module does not know. Annotations
//! (`title`, `description`, `default`, `examples`, `deprecated`, …) are
//! reported as [`Effect::Annotation`], apart from shapes. A member NEW
//! declares where OLD allowed anything is [`Effect::Declared`]: a client
//! built against OLD never sent it, so it changes nothing that client does.
//! The keywords are read alike for drafts 04 to 2020-12; `$schema` is not
//! consulted.

mod keywords;
mod members;
mod resolve;
mod walk;

use serde::Serialize;
use serde_json::Value;

/// How deep [`compare`] follows nested schemas and `$ref`s before it reports
/// [`Effect::Undecided`] for what lies below.
pub const MAX_DEPTH: usize = 64;

/// What a change does to the set of instances the schema accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Effect {
    /// NEW accepts fewer instances (or the same, for a constraint added
    /// that restates another).
    Narrowed,
    /// NEW accepts every instance OLD accepted, and more.
    Widened,
    /// Some instances gained, some lost (a type replaced by another).
    Changed,
    /// Containment cannot be decided for the keywords involved.
    Undecided,
    /// A member declared in NEW where OLD allowed any value.
    Declared,
    /// Only an annotation changed (`description`, `title`, `default`, …).
    Annotation,
}

/// One change between OLD and NEW.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemaChange {
    /// JSON pointer of the keyword, along the path both schemas share
    /// (`$ref`s followed, not named): `/properties/units/enum`.
    pub pointer: String,
    /// The keyword: `enum`, `required`, `type`, …
    pub keyword: String,
    /// What it does to the accepted set.
    pub effect: Effect,
    /// What changed, in a few words (`value "imperial" removed`).
    pub detail: String,
    /// The keyword's value in OLD, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    /// The keyword's value in NEW, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
}

/// Every change from `old` to `new`, in schema order. An empty list means
/// the two accept the same instances (as far as the decided keywords go:
/// anything else is reported [`Effect::Undecided`]).
pub fn compare(old: &Value, new: &Value) -> Vec<SchemaChange> {
    let mut walker = walk::Walker::new(old, new);
    walker.walk(old, new, &mut String::new(), 0);
    walker.finish()
}

/// Whether `old` and `new` accept the same instances, by [`compare`]
/// (annotations aside).
pub fn equivalent(old: &Value, new: &Value) -> bool {
    compare(old, new)
        .iter()
        .all(|c| c.effect == Effect::Annotation)
}

#[cfg(test)]
mod tests;

//! The keyword compiler both stages share: one schema [`Node`] into its
//! three forms, one file per keyword (the layout of jsonschema-rs'
//! `jsonschema-macros-core/src/codegen/keywords/`), each file holding the
//! keyword's three forms side by side:
//!
//! - `valid`: a boolean expression over `v: &Value` that short-circuits and
//!   allocates nothing (the body of `is_valid_<def>`, [`crate::validators`]);
//! - `check`: statements over `v`, `path` and `out` that push every
//!   violation (the body of `check_<def>_at`, [`crate::validators`]);
//! - `read`: what the bytes reader tests as the value's tokens pass (the
//!   body of `read_<def>`, [`crate::bytes`]).
//!
//! Keywords: `type`, `properties`, `required`, `additionalProperties`,
//! `items`, `const`, `enum`, `anyOf`, `allOf`, `$ref`, `minimum`/`maximum`,
//! `maxItems`, `format`; the other leaf keywords of draft-07 and 2020-12 in
//! one file per family: strings (`minLength`, `maxLength`, `pattern`),
//! numbers (`exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), objects
//! (`minProperties`, `maxProperties`, `propertyNames`, `dependentRequired`,
//! `dependentSchemas`; `patternProperties` is read with `properties`),
//! arrays (`minItems`, `uniqueItems`, `prefixItems`, `contains`),
//! applicators (`not`, `oneOf`, `if`/`then`/`else`) and `unevaluated*`.
//! Each costs nothing where a schema does not use it. Annotations are
//! ignored ([`crate::node::ANNOTATIONS`]); anything else is
//! [`Error::Unsupported`].
//!
//! The drivers compile a whole node: [`compile`] (the `valid` and `check`
//! forms: `valid`'s `arm` per kind of value and `keywords`' list) and
//! [`read`] (the bytes form: one arm per kind of value, each keyword's
//! test in it). Their ordered lists of keyword calls are the registry:
//! that order decides the generated text. A keyword compiles its
//! subschemas through the [`Ctx`] ([`context`](mod@context): [`Ctx::valid`],
//! [`Ctx::check`], [`Ctx::check_below`], [`Ctx::read`]), never by naming
//! a driver, so the files form no circle: the drivers name the keywords,
//! the keywords name [`context`](mod@context) and the helpers (`cond`, `variant`,
//! `kinds`, `literal`, `discriminator`, `selectors`).
//!
//! One [`Ctx`] per revision serves both stages: [`Units::parse`] parses
//! every unit once and [`crate::validators`] and [`crate::bytes`] compile
//! the same nodes.
//!
//! # Adding a keyword
//!
//! 1. Its value: a field of [`Node`] and its parse (`crate::node`, whose
//!    `vocabulary` lists it as compiled).
//! 2. Its file here, `<keyword>.rs`, with the forms it has, side by side:
//!    `valid` (a [`cond::Cond`] on the arm's binding `m`, `a`, `s`, `n`,
//!    `b`), `check` (statements reporting below [`context::at`]) and
//!    `read` (its test on the value the bytes reader decoded), subschemas
//!    through [`Ctx`].
//! 3. Its registry lines: `mod <keyword>;` below, and one call per form in
//!    the drivers' lists ([`compile`]'s `arm` and `keywords`, [`read`]'s
//!    arm of the value's kind and `has_own`). A keyword the bytes reader
//!    does not compile goes into [`Node::beyond_bytes`] instead, and the
//!    reader leaves such a node to the `Value` path.
//!
//! The generated text is the contract: a change shows as a diff of the
//! snapshots (`codegen/tests/snapshots/`).

mod additional_properties;
mod all_of;
mod any_of;
mod applicators;
mod arrays;
pub(crate) mod compile;
pub(crate) mod cond;
mod const_;
pub(crate) mod context;
pub(crate) mod discriminator;
mod enum_;
mod format;
mod items;
pub(crate) mod kinds;
mod literal;
mod max_items;
mod minmax;
mod numbers;
mod objects;
mod properties;
pub(crate) mod read;
mod ref_;
mod required;
mod selectors;
mod strings;
mod type_;
pub(crate) mod unevaluated;
pub(crate) mod variant;

use std::collections::{BTreeMap, BTreeSet};

pub use context::Ctx;
use context::Forms;

use crate::node::Node;
use crate::resolve::Unit;
use crate::{names, Error, Schema};

/// The drivers of a whole node, which keywords reach through [`Ctx`].
static FORMS: Forms = Forms {
    valid: compile::valid,
    check: compile::check,
    check_below: compile::check_below,
    read: read::read,
};

/// Every unit of one schema, parsed once: what both stages compile, through
/// one [`Ctx`] ([`Units::context`]).
pub struct Units {
    /// The units in order ([`units`]).
    pub list: Vec<(Unit, Node)>,
    /// The same nodes by unit name.
    pub nodes: BTreeMap<String, Node>,
}

impl Units {
    /// Parses every unit of `schema`.
    pub fn parse(schema: &Schema) -> Result<Units, Error> {
        check_names(schema)?;
        let list = units(schema)?;
        let nodes = list
            .iter()
            .map(|(unit, node)| (unit.name.clone(), node.clone()))
            .collect();
        Ok(Units { list, nodes })
    }

    /// The context the emitters consult.
    pub fn context<'a>(&'a self, schema: &'a Schema) -> Ctx<'a> {
        context(schema, &self.nodes)
    }
}

/// A context over `nodes` (tests build one from hand-made nodes).
pub fn context<'a>(schema: &'a Schema, nodes: &'a BTreeMap<String, Node>) -> Ctx<'a> {
    Ctx {
        schema,
        nodes,
        forms: &FORMS,
    }
}

/// Every unit the schema compiles to ([`crate::resolve`]), each parsed
/// once: the entries (definitions) in file order, then every other
/// reference target in the order references reach it.
pub(crate) fn units(schema: &Schema) -> Result<Vec<(Unit, Node)>, Error> {
    let resolver = &schema.resolver;
    for (name, pointer) in &schema.entries {
        resolver.entry(name, pointer);
    }
    let mut parsed = Vec::new();
    let mut i = 0;
    while let Some(unit) = resolver.unit_at(i) {
        let pointer = resolver.pointer_text(&unit.location);
        let value = resolver
            .value(&unit.location)
            .cloned()
            .ok_or_else(|| Error::Malformed {
                pointer: pointer.clone(),
                reason: "a reference names a place with no schema".into(),
            })?;
        let node = resolver.within(&pointer, Some(&unit.scope), || {
            Node::parse(schema, &value, &pointer)
        })?;
        parsed.push(node);
        i += 1;
    }
    // Entries reached by a reference before their turn keep their names.
    let units = resolver.units();
    let taken: BTreeSet<&str> = units.iter().map(|u| u.name.as_str()).collect();
    if taken.len() != units.len() {
        return Err(Error::Malformed {
            pointer: String::new(),
            reason: "two units of the schema have one name".into(),
        });
    }
    Ok(units.into_iter().zip(parsed).collect())
}

/// Every definition name must be a Rust identifier (it names a `Definition`
/// variant) and the generated function names must not collide.
fn check_names(schema: &Schema) -> Result<(), Error> {
    let mut seen: BTreeMap<String, &str> = BTreeMap::new();
    for name in schema.defs().keys() {
        let pointer = schema.def_pointer(name);
        if syn::parse_str::<syn::Ident>(name).is_err() {
            return Err(Error::Malformed {
                pointer,
                reason: format!("definition name {name:?} is not a Rust identifier"),
            });
        }
        for f in [
            names::is_valid_fn(name),
            names::check_fn(name),
            names::check_at_fn(name),
        ] {
            if let Some(other) = seen.insert(f.clone(), name) {
                return Err(Error::Malformed {
                    pointer,
                    reason: format!("definitions {other} and {name} both generate `{f}`"),
                });
            }
        }
    }
    Ok(())
}

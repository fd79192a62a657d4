//! [`Ctx`]: what a keyword's emitters consult, one per revision (or
//! standalone schema) for both stages: the schema, every parsed unit, and
//! the three forms of a whole node, so that a keyword with subschemas
//! (`properties`, `items`, `anyOf`, …) compiles them through
//! [`Ctx::valid`], [`Ctx::check`], [`Ctx::check_below`] and [`Ctx::read`]
//! without naming the drivers that call it (the drivers live beside the
//! keywords and name them; the keywords name only this module).

use std::cell::Cell;
use std::collections::BTreeMap;

use proc_macro2::TokenStream;
use quote::quote;

use super::cond::Cond;
use crate::node::Node;
use crate::{Error, Schema};

/// The compilers of one whole node, one per form ([`super::FORMS`]).
pub struct Forms {
    /// The boolean form: an expression over `v`.
    pub valid: fn(&Node, &Ctx<'_>) -> Cond,
    /// The collecting form: statements over `v`, `path`, `out`.
    pub check: fn(&Node, &Ctx<'_>) -> TokenStream,
    /// The collecting form for a subinstance at `path` extended by a step.
    pub check_below: fn(&Node, &Ctx<'_>, TokenStream) -> TokenStream,
    /// The bytes form: an expression of type `rb::R` reading one value.
    pub read: fn(&Node, &Ctx<'_>) -> Result<TokenStream, Error>,
}

/// What the emitters may consult: the schema and every parsed unit.
pub struct Ctx<'a> {
    /// The schema.
    pub schema: &'a Schema,
    /// Every unit, parsed, by name.
    pub nodes: &'a BTreeMap<String, Node>,
    /// The compilers of a whole node.
    pub(super) forms: &'static Forms,
}

impl Ctx<'_> {
    /// The boolean form of `node`.
    pub fn valid(&self, node: &Node) -> Cond {
        (self.forms.valid)(node, self)
    }

    /// The collecting form of `node`.
    pub fn check(&self, node: &Node) -> TokenStream {
        (self.forms.check)(node, self)
    }

    /// The collecting form of `node` for a subinstance: `v` rebound,
    /// `path` extended by `step` (`path.key(k)`, `path.index(i)`).
    pub fn check_below(&self, node: &Node, step: TokenStream) -> TokenStream {
        (self.forms.check_below)(node, self, step)
    }

    /// The bytes form of `node`.
    pub fn read(&self, node: &Node) -> Result<TokenStream, Error> {
        (self.forms.read)(node, self)
    }
}

thread_local! {
    /// Whether the statements being built for the innermost node of the
    /// collecting form name `at` ([`at`]).
    static AT_USED: Cell<bool> = const { Cell::new(false) };
}

/// `at`: the schema location of the node being compiled, bound by the
/// collecting form (`let at = D::at("/X/properties/y");`: the node's
/// pointer below the definitions container, which the caller's dialect `D`
/// supplies, `/$defs` or `/definitions`) ahead of the statements that name
/// it. The runtime joins it with each keyword when it reports
/// (`{at}/type`), so the text is the same in both dialects.
pub fn at() -> TokenStream {
    AT_USED.with(|used| used.set(true));
    quote!(at)
}

/// Sets whether `at` was named ([`at`]) and returns what it was.
pub(super) fn replace_at_used(used: bool) -> bool {
    AT_USED.with(|cell| cell.replace(used))
}

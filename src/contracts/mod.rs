//! The contracts inside a conversation: the JSON Schemas MCP carries at
//! run time — every tool's `inputSchema` and `outputSchema`, every form
//! elicitation's `requestedSchema` (at 2026-07-28 also inside an
//! `InputRequiredResult`'s `inputRequests`) — compiled and judged
//! against the values they govern. [`crate::Session`] learns them from the
//! traffic and applies them (`session::contracts`, the rules
//! `contract.*` of [`crate::session::rules`]); this module is the engine.
//!
//! ```
//! use mcpwire::contracts::{Engine, Verdict};
//! use serde_json::json;
//!
//! let engine = Engine::shared();
//! let contract = engine
//!     .compile(&json!({"type": "object", "properties": {"temp": {"type": "number"}}}))
//!     .unwrap();
//! let Verdict::Fails(failures) = contract.judge(&json!({"temp": "hot"})) else { panic!() };
//! assert_eq!(failures[0].instance, "/temp");
//! assert_eq!(failures[0].schema, "/properties/temp/type");
//! ```
//!
//! **Why the `jsonschema` crate.** These schemas are known only at run
//! time, so they cannot be compiled the way mcpwire's own schemas are; the
//! engine must interpret them. `jsonschema` is the Rust reference
//! implementation: full draft-07, 2019-09 and 2020-12 (`$dynamicRef`,
//! `unevaluated*`), passing the JSON-Schema-Test-Suite, and it is already
//! the oracle mcpwire's own validators are tested against
//! (`tests/differential.rs`), so the two cannot drift apart unseen. It is
//! built without default features: no HTTP or file resolution is even
//! compiled in.
//!
//! **Dialects.** A schema's `$schema` names its dialect; without one it
//! is 2020-12 (basic/index). draft-07, 2019-09 and 2020-12 are judged;
//! any other (draft-04, draft-06, a custom metaschema, text that is not a
//! URI) is reported and the schema is not judged with.
//!
//! **No network, ever.** jsonschema resolves `$ref` through a retriever;
//! the engine's refuses every URI and records it ([`SchemaProblem::UnresolvableRef`]
//! names it, and says when it is a network URI). A schema with a `$ref`
//! that does not resolve inside itself is not judged with — never
//! silently permissive (2026-07-28 basic/index).
//!
//! **Bounds** ([`SchemaLimits`], `docs/limits.md`): schema depth and
//! object count, measured by an iterative walk before anything recurses;
//! schema text size; the depth of a judged value (validation recurses
//! along it); a backtracking limit for `pattern` (fancy-regex; patterns
//! without backreferences or lookaround run on the linear-time `regex`
//! engine anyway); a cache bounded by entries and bytes.
//!
//! **Metaschemas.** Whether a schema is valid in its dialect ("Schemas
//! MUST be valid according to their declared or default dialect") is
//! answered by [`schema_validity`] with mcpwire's compiled metaschema
//! validators ([`crate::metaschema`], draft-07 and 2020-12): no
//! metaschema is interpreted here to judge a peer's schema. jsonschema 0.61 checks the root it is given against its
//! dialect's metaschema and has no switch to turn that off; the engine
//! hands it the one-member root `{"$ref": "urn:mcpwire:contract"}` and the
//! schema under judgement as a registry resource, which jsonschema does
//! not check, so its metaschema check never judges a peer's schema. A
//! schema jsonschema cannot compile (a `pattern` that is not a regular
//! expression, a keyword of the wrong type it refuses) is reported as
//! invalid in its dialect.

mod cache;
mod dialect;
mod engine;
mod limits;
mod retrieve;

use std::sync::Arc;

use serde_json::Value;

pub use cache::CacheStats;
pub use dialect::Dialect;
pub use engine::{Contract, Engine, Failure, Verdict, MAX_FAILURES};
pub(crate) use limits::measure;
pub use limits::SchemaLimits;

/// A schema compiled, or why it cannot be judged with.
pub type Compiled = Result<Arc<Contract>, SchemaProblem>;

/// Why a schema cannot be judged with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemaProblem {
    /// `$schema` names a dialect the engine does not judge (as written).
    #[error("its $schema {0:?} is not a dialect mcpwire judges (draft-07, 2019-09, 2020-12)")]
    UnsupportedDialect(String),
    /// A `$ref` that does not resolve inside the schema (never fetched).
    #[error(
        "unresolvable $ref {reference:?}{}: mcpwire dereferences nothing outside the schema",
        if *network { " (a network URI)" } else { "" }
    )]
    UnresolvableRef {
        /// The reference as resolved (its absolute URI when it had one).
        reference: String,
        /// Whether it names a network resource.
        network: bool,
    },
    /// Over a bound of [`SchemaLimits`] (which, and by how much).
    #[error("over mcpwire's schema bounds: {0}")]
    OverBounds(String),
    /// Not valid in its dialect.
    #[error("not a valid {} schema: {message}", dialect.name())]
    Invalid {
        /// The dialect it was judged in.
        dialect: Dialect,
        /// What is wrong.
        message: String,
    },
}

/// How many of a schema's metaschema violations [`schema_validity`]
/// names (the rest are counted).
const NAMED_VIOLATIONS: usize = 3;

/// Whether `schema` is valid in `dialect`, by mcpwire's compiled
/// metaschema validators ([`crate::metaschema`]): no metaschema is
/// interpreted at run time. The `Err` text names the first violations
/// (pointer into the schema, and why), which [`SchemaProblem::Invalid`]
/// carries and the rule [`crate::session::rules::SCHEMA_INVALID`]
/// reports. 2019-09 has no compiled metaschema: a 2019-09 schema is
/// judged with but its validity is not decided here (the
/// `contract.dialect-not-2020-12` warning still names its dialect).
/// Called once per distinct schema (the engine caches the outcome), after
/// the schema passed [`SchemaLimits`]' depth bound, so the compiled
/// check's recursion is bounded.
pub fn schema_validity(dialect: Dialect, schema: &Value) -> Result<(), String> {
    let violations = match dialect {
        Dialect::Draft07 => crate::metaschema::draft7::check(schema),
        Dialect::Draft2020_12 => crate::metaschema::draft2020_12::check(schema),
        Dialect::Draft2019_09 => return Ok(()),
    };
    if violations.is_empty() {
        return Ok(());
    }
    let mut named: Vec<String> = violations
        .iter()
        .take(NAMED_VIOLATIONS)
        .map(|v| v.to_string())
        .collect();
    if violations.len() > NAMED_VIOLATIONS {
        named.push(format!("and {} more", violations.len() - NAMED_VIOLATIONS));
    }
    Err(named.join("; "))
}

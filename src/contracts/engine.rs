//! The engine: a run-time schema compiled into a `jsonschema` validator,
//! once per distinct schema text ([`super::cache`]), within the bounds of
//! [`SchemaLimits`] and without the network ([`super::retrieve`]).

use std::{
    collections::BTreeMap,
    sync::{Arc, Mutex, OnceLock},
};

use jsonschema::{error::ValidationErrorKind, PatternOptions, Registry};
use serde_json::{json, Value};

use super::{
    cache::{self, Cache, CacheStats},
    dialect::{self, Dialect},
    limits::{measure, Over, SchemaLimits},
    retrieve::{is_network, Refuse},
    Compiled, SchemaProblem,
};

/// Where the schema under judgement sits in the registry handed to
/// jsonschema; the root it compiles is `{"$ref": ROOT}` (see
/// [`super`], "Metaschemas").
const ROOT: &str = "urn:mcpwire:contract";

/// Compiles run-time schemas and keeps them ([`Engine::compile`]).
/// Cloning shares the cache: one engine can serve every session of a
/// process ([`Engine::shared`]).
#[derive(Clone)]
pub struct Engine {
    inner: Arc<Inner>,
}

struct Inner {
    limits: SchemaLimits,
    cache: Mutex<Cache>,
    /// Documents a `$ref` may name, handed over in memory
    /// ([`Engine::with_documents`]).
    documents: Arc<BTreeMap<String, Value>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("limits", &self.inner.limits)
            .field("cache", &self.cache_stats())
            .finish()
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::shared()
    }
}

impl Engine {
    /// An engine of its own, with its own cache.
    pub fn new(limits: SchemaLimits) -> Engine {
        Engine::with_documents(limits, BTreeMap::new())
    }

    /// An engine of its own whose schemas may `$ref` the given documents
    /// (absolute URI without fragment → the document), served from memory:
    /// a caller's shared definitions, or the JSON Schema Test Suite's
    /// remotes in `tests/contracts_suite.rs`. Still nothing is fetched; a
    /// `$ref` to any other document is [`SchemaProblem::UnresolvableRef`].
    pub fn with_documents(limits: SchemaLimits, documents: BTreeMap<String, Value>) -> Engine {
        Engine {
            inner: Arc::new(Inner {
                limits,
                cache: Mutex::new(Cache::default()),
                documents: Arc::new(documents),
            }),
        }
    }

    /// The process-wide engine (default limits) every [`crate::Session`]
    /// starts with: its cache is shared by all sessions, and bounded
    /// ([`SchemaLimits::DEFAULT`]).
    pub fn shared() -> Engine {
        static SHARED: OnceLock<Engine> = OnceLock::new();
        SHARED
            .get_or_init(|| Engine::new(SchemaLimits::DEFAULT))
            .clone()
    }

    /// The engine's bounds.
    pub fn limits(&self) -> &SchemaLimits {
        &self.inner.limits
    }

    /// How full the cache is.
    pub fn cache_stats(&self) -> CacheStats {
        self.inner
            .cache
            .lock()
            .map(|c| c.stats())
            .unwrap_or_default()
    }

    /// `schema` compiled, or why it cannot be judged with. The answer
    /// for a schema seen before (by its JSON text) comes from the cache.
    pub fn compile(&self, schema: &Value) -> Compiled {
        let limits = &self.inner.limits;
        measure(schema, limits.max_depth, Some(limits.max_subschemas)).map_err(|over| {
            SchemaProblem::OverBounds(match over {
                Over::Depth(_) => format!(
                    "the schema is nested deeper than {} levels",
                    limits.max_depth
                ),
                Over::Subschemas(_) => {
                    format!("the schema has more than {} objects", limits.max_subschemas)
                }
            })
        })?;
        let text = serde_json::to_vec(schema).unwrap_or_default();
        if text.len() > limits.max_bytes {
            return Err(SchemaProblem::OverBounds(format!(
                "the schema is {} bytes, more than {}",
                text.len(),
                limits.max_bytes
            )));
        }
        let key = cache::key(&text);
        if let Some(hit) = self
            .inner
            .cache
            .lock()
            .ok()
            .and_then(|mut c| c.get(key, &text))
        {
            return hit;
        }
        let compiled = build(schema, limits, &self.inner.documents).map(Arc::new);
        if let Ok(mut cache) = self.inner.cache.lock() {
            cache.put(
                key,
                &text,
                compiled.clone(),
                limits.cache_entries,
                limits.cache_bytes,
            );
        }
        compiled
    }
}

/// A compiled schema.
pub struct Contract {
    dialect: Dialect,
    declared: bool,
    validator: jsonschema::Validator,
    max_instance_depth: usize,
}

impl std::fmt::Debug for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Contract")
            .field("dialect", &self.dialect)
            .finish_non_exhaustive()
    }
}

/// One way a value fails its schema.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Where in the value (a JSON Pointer, `""` for the value itself).
    pub instance: String,
    /// The failing keyword's location in the schema (`/properties/temp/type`).
    pub schema: String,
    /// What failed, in jsonschema's words.
    pub message: String,
}

/// What [`Contract::judge`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The value conforms.
    Conforms,
    /// The value fails (at most [`MAX_FAILURES`] failures listed).
    Fails(Vec<Failure>),
    /// The value could not be judged within the bounds (why).
    Unjudged(String),
}

/// Most failures one judgement lists.
pub const MAX_FAILURES: usize = 16;

impl Contract {
    /// The dialect the schema was judged in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Whether the schema named its dialect (`$schema`) rather than
    /// taking the default.
    pub fn declares_dialect(&self) -> bool {
        self.declared
    }

    /// Judges `instance`.
    pub fn judge(&self, instance: &Value) -> Verdict {
        if measure(instance, self.max_instance_depth, None).is_err() {
            return Verdict::Unjudged(format!(
                "the value is nested deeper than {} levels",
                self.max_instance_depth
            ));
        }
        let mut failures = Vec::new();
        for error in self.validator.iter_errors(instance) {
            if matches!(
                error.kind(),
                ValidationErrorKind::BacktrackLimitExceeded { .. }
            ) {
                return Verdict::Unjudged(format!(
                    "a pattern at {} backtracked past the limit",
                    keyword_path(error.schema_path().as_str())
                ));
            }
            if failures.len() == MAX_FAILURES {
                break;
            }
            failures.push(Failure {
                instance: error.instance_path().as_str().to_string(),
                schema: keyword_path(error.schema_path().as_str()),
                message: error.to_string(),
            });
        }
        if failures.is_empty() {
            Verdict::Conforms
        } else {
            Verdict::Fails(failures)
        }
    }
}

/// A keyword location in the judged schema: the root's `$ref` to it
/// taken off.
fn keyword_path(path: &str) -> String {
    let p = path.strip_prefix("/$ref").unwrap_or(path);
    p.to_string()
}

fn build(
    schema: &Value,
    limits: &SchemaLimits,
    documents: &Arc<BTreeMap<String, Value>>,
) -> Result<Contract, SchemaProblem> {
    let declared = dialect::declared(schema);
    let Some(dialect) = declared.dialect() else {
        let dialect::Declared::Unsupported(uri) = declared else {
            unreachable!("only an unsupported $schema has no dialect")
        };
        return Err(SchemaProblem::UnsupportedDialect(uri));
    };
    super::schema_validity(dialect, schema)
        .map_err(|message| SchemaProblem::Invalid { dialect, message })?;
    let draft = dialect.draft();
    let refuse = Refuse::with_documents(documents.clone());
    let unresolved = |e: &jsonschema::ReferencingError, refuse: &Refuse| {
        let reference = refuse.first_asked().unwrap_or_else(|| e.to_string());
        SchemaProblem::UnresolvableRef {
            network: is_network(&reference),
            reference,
        }
    };
    let registry = Registry::new()
        .retriever(refuse.clone())
        .draft(draft)
        .retrieve_known_draft_meta_schemas(false)
        .add(ROOT, draft.create_resource_ref(schema))
        .and_then(|b| b.prepare())
        .map_err(|e| unresolved(&e, &refuse))?;
    let validator = jsonschema::options()
        .with_draft(draft)
        .with_retriever(refuse.clone())
        .with_registry(&registry)
        .with_pattern_options(
            PatternOptions::fancy_regex().backtrack_limit(limits.regex_backtrack_limit),
        )
        .build(&json!({ "$ref": ROOT }))
        .map_err(|e| match e.kind() {
            ValidationErrorKind::Referencing(r) => unresolved(r, &refuse),
            _ => SchemaProblem::Invalid {
                dialect,
                message: e.to_string(),
            },
        })?;
    Ok(Contract {
        dialect,
        declared: matches!(declared, dialect::Declared::Named(_)),
        validator,
        max_instance_depth: limits.max_instance_depth,
    })
}

//! `mcpwire-codegen`: turns a pinned MCP `schema.json` into Rust source.
//!
//! The generator is a chain of pure stages, each in its own module, so every
//! stage can be tested on a tiny in-memory schema without touching the disk
//! (the shape of `prost-build`'s `load_fds`/`generate` split):
//!
//! ```text
//! load ─► errata ─► dispatch ─► types ─► validators ─► bytes ─► emit
//! (disk)  (patch)   (maps)      (typify)  (quote)       (quote)  (prettyplease)
//! ```
//!
//! Only [`load`] reads files; [`generate_from_value`] runs everything else on
//! a parsed document. `build.rs` of the `mcpwire` crate calls [`generate`]
//! once per enabled revision and writes the result with
//! [`emit::write_if_changed`].
//!
//! Layout. This file only orchestrates (the functions below) and re-exports
//! the model, which lives in [`model`] ([`Version`], [`Dialect`],
//! [`Config`], [`Options`], [`Stages`]) so that every stage depends on it
//! and none on the orchestrator. A schema is parsed into [`node::Node`]s
//! ([`node`]: one per (sub)schema, the keywords mcpwire compiles), once
//! per revision for both stages. `keywords/` (crate-private) holds one file
//! per keyword with its three forms side by side — the boolean `valid`, the
//! collecting `check` and the bytes `read` — and the drivers that compile a
//! whole node; [`validators`] and [`bytes`] only wrap those forms into the
//! generated `validate` and `bytes` modules.
//!
//! Adding a keyword: its field in [`node::Node`] and its parse (`node/`,
//! whose `vocabulary` lists it as compiled); its file `keywords/<name>.rs`
//! with the forms it has; and its registry lines in `keywords/`: the
//! `mod` line and one call per form in the drivers' ordered lists
//! (`compile.rs` for `valid`/`check`, `read.rs` for the bytes form, whose
//! `has_own` also lists it; a keyword the bytes form does not compile goes
//! into [`node::Node::beyond_bytes`] instead). The generated text is the
//! contract: `codegen/tests/snapshots/` shows any change.
#![deny(missing_docs)]

pub mod build;
pub mod bytes;
pub mod diff;
pub mod dispatch;
pub mod emit;
pub mod errata;
pub mod error;
#[cfg(feature = "fetch")]
pub mod fetch;
pub(crate) mod keywords;
pub mod load;
pub mod metaschema;
pub mod model;
pub mod names;
pub mod node;
pub mod pointer;
pub mod resolve;
pub mod revisions;
pub mod schema;
pub mod share;
pub mod standalone;
#[cfg(feature = "types")]
pub mod types;
/// The types stage, left out: this build of mcpwire-codegen has no feature
/// `types` (no typify), so it can only emit empty `types` modules
/// ([`Options::skip_types`]).
#[cfg(not(feature = "types"))]
pub mod types {
    /// Options of the types stage (none apply without it).
    pub use crate::model::TypesOptions as Options;
}
pub mod validators;

pub use error::Error;
pub use model::{Config, Dialect, Options, Stages, Version};
pub use schema::Schema;

use std::collections::BTreeMap;

/// What one revision generates.
#[derive(Debug)]
pub struct Generated {
    /// The revision.
    pub version: Version,
    /// Formatted Rust source for the revision's module (no inner attributes).
    pub source: String,
    /// The extracted dispatch maps (also embedded in `source`).
    pub maps: dispatch::Maps,
}

/// The [`Schema`] of an errata-patched document with the build's
/// [`Options`]: `options`' asserted formats, and the keywords
/// `schemas/errata.toml` declares annotations for `version`
/// ([`errata::annotations_for`]). Every stage sees the schema through this.
pub fn schema_for(
    version: Version,
    patched: serde_json::Value,
    options: &Options,
) -> Result<Schema, Error> {
    schema_declaring(version, patched, options, errata::annotations())
}

/// [`schema_for`] with the `[[annotation]]` entries of another errata
/// file ([`errata::parse_annotations`]) instead of `schemas/errata.toml`'s.
pub fn schema_declaring(
    version: Version,
    patched: serde_json::Value,
    options: &Options,
    annotations: &[errata::Annotation],
) -> Result<Schema, Error> {
    let mut schema_options = schema::Options {
        annotations: errata::annotations_in(annotations, version),
        ..schema::Options::default()
    };
    if let Some(formats) = &options.asserted_formats {
        schema_options.asserted_formats = formats.clone();
    }
    Ok(Schema::new(version, patched)?.with_options(schema_options))
}

/// The `types` module's items for `schema`: typify's, or none with
/// [`Options::skip_types`].
fn types_stage(schema: &Schema, options: &Options) -> Result<proc_macro2::TokenStream, Error> {
    if options.skip_types {
        return Ok(proc_macro2::TokenStream::new());
    }
    #[cfg(feature = "types")]
    return types::generate_with(schema, options.types);
    #[cfg(not(feature = "types"))]
    Err(Error::Typify {
        revision: schema.version.name.to_string(),
        reason: "mcpwire-codegen was built without feature `types`; set `skip_types`".into(),
    })
}

/// [`types_stage`] as [`share`] entries: none when the stage is skipped.
fn types_module(schema: &Schema, options: &Options) -> Result<share::Module, Error> {
    let empty = share::Module {
        keyed: true,
        ..share::Module::default()
    };
    if options.skip_types {
        return Ok(empty);
    }
    #[cfg(feature = "types")]
    return types::module(schema, options.types);
    #[cfg(not(feature = "types"))]
    types_stage(schema, options).map(|_| empty)
}

/// Loads, checks against the pin and generates one revision.
pub fn generate(version: Version, cfg: &Config) -> Result<Generated, Error> {
    generate_with(version, cfg, Options::default())
}

/// [`generate`] with explicit [`Options`].
pub fn generate_with(version: Version, cfg: &Config, options: Options) -> Result<Generated, Error> {
    let loaded = load::read(version, cfg)?;
    generate_from_value_with(version, &loaded.sha256, loaded.document, options)
}

/// A revision to generate as an alias of another: same patched document,
/// so the same `types`, `validate` and `bytes` ([`generate_all`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AliasOf(pub Version);

/// Loads and generates several revisions at once (what `build.rs` calls):
/// a revision whose document after errata is byte-identical to an earlier
/// one's of the list (today `draft` and `2026-07-28`) is generated as an
/// alias module — `pub use super::<earlier>::{types, validate, bytes};` plus
/// its own `dispatch` and `SPEC` (they name the revision) — so its code is
/// compiled once; and a definition whose functions are the same in several
/// of the other revisions is emitted in the first and re-exported by the
/// rest ([`share`]).
pub fn generate_all(
    versions: &[Version],
    cfg: &Config,
    options: Options,
) -> Result<Vec<Generated>, Error> {
    let mut seen: Vec<(Version, Vec<u8>)> = Vec::new();
    let mut plans = Vec::new();
    for &version in versions {
        plans.push((version, plan(version, cfg, &options, &mut seen)?));
    }
    // Definitions identical across the generated revisions (`share`).
    let owned: Vec<share::Revision<'_>> = plans
        .iter()
        .filter_map(|(version, plan)| match plan {
            Plan::Own(own) => Some(share::Revision {
                version: *version,
                validate: &own.validate,
                bytes: own.bytes.as_ref(),
                types: own.types.as_ref(),
            }),
            Plan::Alias(_) => None,
        })
        .collect();
    let mut homes = share::homes(&owned).into_iter();
    let mut out = Vec::new();
    for (version, plan) in plans {
        match plan {
            Plan::Alias(generated) => out.push(generated),
            Plan::Own(own) => {
                let taken = homes.next().unwrap_or_default();
                out.push(own.render(version, &taken, options.stages)?);
            }
        }
    }
    Ok(out)
}

/// What [`generate_all`] makes of one revision before sharing: an alias
/// module, done, or its own modules, to be shared.
enum Plan {
    Alias(Generated),
    Own(OwnModules),
}

/// A revision's own tables and modules (the shared ones as [`share`]
/// entries).
struct OwnModules {
    sha256: String,
    maps: dispatch::Maps,
    constraints: String,
    validate: share::Module,
    bytes: Option<share::Module>,
    types: Option<share::Module>,
}

/// Loads `version` and plans it: an alias when its patched document is
/// byte-identical to that of an earlier one in `seen` of the same dialect
/// (then recorded in `seen`), else its own modules.
fn plan(
    version: Version,
    cfg: &Config,
    options: &Options,
    seen: &mut Vec<(Version, Vec<u8>)>,
) -> Result<Plan, Error> {
    let loaded = load::read(version, cfg)?;
    let document = errata::apply(version, loaded.document)?;
    let key = serde_json::to_vec(&document).unwrap_or_default();
    let alias = seen
        .iter()
        .find(|(v, k)| v.dialect == version.dialect && *k == key)
        .map(|(v, _)| AliasOf(*v));
    seen.push((version, key));
    Ok(match alias {
        Some(target) => Plan::Alias(generate_alias(
            version,
            &loaded.sha256,
            document,
            target,
            options,
        )?),
        None => Plan::Own(OwnModules::generate(
            version,
            loaded.sha256,
            document,
            options,
        )?),
    })
}

impl OwnModules {
    /// The modules of the patched `document` of `version`, for the
    /// stages `options` asks.
    fn generate(
        version: Version,
        sha256: String,
        document: serde_json::Value,
        options: &Options,
    ) -> Result<OwnModules, Error> {
        let schema = schema_for(version, document, options)?;
        let maps = dispatch::extract(&schema)?;
        // One parse of the schema's units for both stages.
        let units = keywords::Units::parse(&schema)?;
        let bytes = match options.stages {
            Stages::All => Some(bytes::module_of(&units, &schema)?),
            Stages::Validators => None,
        };
        let types = match options.stages {
            Stages::All => Some(types_module(&schema, options)?),
            Stages::Validators => None,
        };
        let validate = validators::module_of(&units, &schema, rows(options.stages))?;
        Ok(OwnModules {
            sha256,
            constraints: diff::table(&schema),
            validate,
            bytes,
            types,
            maps,
        })
    }

    /// The revision's source, re-exporting the entries it `taken` from
    /// their homes.
    fn render(
        self,
        version: Version,
        taken: &BTreeMap<String, Version>,
        stages: Stages,
    ) -> Result<Generated, Error> {
        let OwnModules {
            sha256,
            maps,
            constraints,
            validate,
            bytes,
            types,
        } = self;
        let checks = share::tokens(&validate, taken, "validate");
        let source = match (stages, bytes, types) {
            (Stages::All, Some(bytes), Some(types)) => {
                let types = share::tokens(&types, taken, "types");
                let bytes = share::tokens(&bytes, taken, "bytes");
                emit::render(version, &sha256, &maps, &constraints, types, checks, bytes)?
            }
            _ => emit::render_validators(version, &sha256, checks)?,
        };
        Ok(Generated {
            version,
            source,
            maps,
        })
    }
}

/// The module of `version` as an alias of `target`, whose patched document
/// is the same: only the tables that name the revision are its own.
fn generate_alias(
    version: Version,
    sha256: &str,
    document: serde_json::Value,
    target: AliasOf,
    options: &Options,
) -> Result<Generated, Error> {
    let schema = schema_for(version, document, options)?;
    let maps = dispatch::extract(&schema)?;
    let source = emit::render_alias(version, sha256, &maps, target.0, options.stages)?;
    Ok(Generated {
        version,
        source,
        maps,
    })
}

/// Runs every stage after loading on an already parsed document.
pub fn generate_from_value(
    version: Version,
    sha256: &str,
    document: serde_json::Value,
) -> Result<Generated, Error> {
    generate_from_value_with(version, sha256, document, Options::default())
}

/// [`generate_from_value`] with explicit [`Options`].
pub fn generate_from_value_with(
    version: Version,
    sha256: &str,
    document: serde_json::Value,
    options: Options,
) -> Result<Generated, Error> {
    let document = errata::apply(version, document)?;
    generate_patched(version, sha256, document, options)
}

/// Every stage after the errata.
fn generate_patched(
    version: Version,
    sha256: &str,
    document: serde_json::Value,
    options: Options,
) -> Result<Generated, Error> {
    let schema = schema_for(version, document, &options)?;
    let maps = dispatch::extract(&schema)?;
    // One parse of the schema's units for both stages.
    let units = keywords::Units::parse(&schema)?;
    let checks = validators::module_of(&units, &schema, rows(options.stages))?;
    let checks = share::tokens(&checks, &BTreeMap::new(), "validate");
    let source = match options.stages {
        Stages::All => {
            let types = types_stage(&schema, &options)?;
            let bytes = bytes::module_of(&units, &schema)?;
            let bytes = share::tokens(&bytes, &BTreeMap::new(), "bytes");
            let constraints = diff::table(&schema);
            emit::render(version, sha256, &maps, &constraints, types, checks, bytes)?
        }
        Stages::Validators => emit::render_validators(version, sha256, checks)?,
    };
    Ok(Generated {
        version,
        source,
        maps,
    })
}

/// What the `validate` module's rows name for `stages`: the bytes
/// validators only when the `bytes` module is generated beside it.
fn rows(stages: Stages) -> validators::Rows {
    match stages {
        Stages::All => validators::Rows::WithBytes,
        Stages::Validators => validators::Rows::ValueOnly,
    }
}

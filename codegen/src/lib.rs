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
#![deny(missing_docs)]

pub mod build;
pub mod bytes;
pub mod dispatch;
pub mod emit;
pub mod errata;
pub mod error;
pub mod load;
pub mod names;
pub mod schema;
pub mod share;
pub mod types;
pub mod validators;

pub use error::Error;
pub use schema::Schema;

use std::path::PathBuf;

/// JSON Schema dialect of a revision's `schema.json`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// draft-07: definitions live under `definitions`.
    Draft07,
    /// 2020-12: definitions live under `$defs`.
    Draft2020_12,
}

impl Dialect {
    /// The key that holds the definitions in this dialect.
    pub fn defs_key(self) -> &'static str {
        match self {
            Dialect::Draft07 => "definitions",
            Dialect::Draft2020_12 => "$defs",
        }
    }
}

/// One MCP protocol revision that mcpwire knows how to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    /// The revision string, also the spec directory name: `2025-11-25`, `draft`.
    pub name: &'static str,
    /// Rust module and cargo feature name: `v2025_11_25`, `draft`.
    pub module: &'static str,
    /// Dialect of the published file.
    pub dialect: Dialect,
}

impl Version {
    /// Every revision, oldest first.
    pub const ALL: &'static [Version] = &[
        Version {
            name: "2024-11-05",
            module: "v2024_11_05",
            dialect: Dialect::Draft07,
        },
        Version {
            name: "2025-03-26",
            module: "v2025_03_26",
            dialect: Dialect::Draft07,
        },
        Version {
            name: "2025-06-18",
            module: "v2025_06_18",
            dialect: Dialect::Draft07,
        },
        Version {
            name: "2025-11-25",
            module: "v2025_11_25",
            dialect: Dialect::Draft2020_12,
        },
        Version {
            name: "2026-07-28",
            module: "v2026_07_28",
            dialect: Dialect::Draft2020_12,
        },
        Version {
            name: "draft",
            module: "draft",
            dialect: Dialect::Draft2020_12,
        },
    ];

    /// Looks a revision up by its name (`"2025-11-25"`).
    pub fn by_name(name: &str) -> Option<Version> {
        Self::ALL.iter().copied().find(|v| v.name == name)
    }

    /// The environment variable cargo sets when this revision's feature is on.
    pub fn feature_env(&self) -> String {
        format!("CARGO_FEATURE_{}", self.module.to_ascii_uppercase())
    }
}

/// Where the generator finds its inputs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Directory holding `<revision>/schema.json` (the spec mirror).
    pub spec_dir: PathBuf,
    /// The pin file (`schemas/pin.toml`).
    pub pin_file: PathBuf,
}

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

/// Which module to generate for a revision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Stages {
    /// The whole revision module of `mcpwire`: `types`, `validate`,
    /// `bytes`, `dispatch` and `SPEC` ([`emit::render`]).
    #[default]
    All,
    /// Only `pub mod validate` ([`emit::render_validators`]): what the
    /// `mcpwire-macros` proc macro runs at compile time. The including
    /// crate must depend on `mcpwire-runtime` (generated code reaches it by
    /// absolute path) and needs nothing at its root.
    Validators,
}

/// Knobs of [`generate_with`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Which stages to run and emit.
    pub stages: Stages,
    /// Options of the types stage (ignored for [`Stages::Validators`]).
    pub types: types::Options,
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
    enum Plan {
        Alias(Generated),
        Own {
            sha256: String,
            schema: Box<Schema>,
            maps: dispatch::Maps,
            validate: share::Module,
            bytes: Option<share::Module>,
        },
    }
    let mut seen: Vec<(Version, Vec<u8>)> = Vec::new();
    let mut plans = Vec::new();
    for &version in versions {
        let loaded = load::read(version, cfg)?;
        let document = errata::apply(version, loaded.document)?;
        let key = serde_json::to_vec(&document).unwrap_or_default();
        let alias = seen
            .iter()
            .find(|(v, k)| v.dialect == version.dialect && *k == key)
            .map(|(v, _)| AliasOf(*v));
        seen.push((version, key));
        let plan = match alias {
            Some(target) => Plan::Alias(generate_alias(
                version,
                &loaded.sha256,
                document,
                target,
                options,
            )?),
            None => {
                let schema = Schema::new(version, document)?;
                let maps = dispatch::extract(&schema)?;
                let (rows, bytes) = match options.stages {
                    Stages::All => (validators::Rows::WithBytes, Some(bytes::module(&schema)?)),
                    Stages::Validators => (validators::Rows::ValueOnly, None),
                };
                Plan::Own {
                    sha256: loaded.sha256,
                    validate: validators::module(&schema, rows)?,
                    bytes,
                    schema: Box::new(schema),
                    maps,
                }
            }
        };
        plans.push((version, plan));
    }
    // Definitions identical across the generated revisions (`share`).
    let owned: Vec<share::Revision<'_>> = plans
        .iter()
        .filter_map(|(version, plan)| match plan {
            Plan::Own {
                validate, bytes, ..
            } => Some(share::Revision {
                version: *version,
                validate,
                bytes: bytes.as_ref(),
            }),
            Plan::Alias(_) => None,
        })
        .collect();
    let mut homes = share::homes(&owned).into_iter();
    let mut out = Vec::new();
    for (version, plan) in plans {
        match plan {
            Plan::Alias(generated) => out.push(generated),
            Plan::Own {
                sha256,
                schema,
                maps,
                validate,
                bytes,
            } => {
                let taken = homes.next().unwrap_or_default();
                let checks = share::tokens(&validate, &taken, "validate");
                let source = match (options.stages, bytes) {
                    (Stages::All, Some(bytes)) => {
                        let types = types::generate_with(&schema, options.types)?;
                        let bytes = share::tokens(&bytes, &taken, "bytes");
                        emit::render(version, &sha256, &maps, types, checks, bytes)?
                    }
                    _ => emit::render_validators(version, &sha256, checks)?,
                };
                out.push(Generated {
                    version,
                    source,
                    maps,
                });
            }
        }
    }
    Ok(out)
}

/// The module of `version` as an alias of `target`, whose patched document
/// is the same: only the tables that name the revision are its own.
fn generate_alias(
    version: Version,
    sha256: &str,
    document: serde_json::Value,
    target: AliasOf,
    options: Options,
) -> Result<Generated, Error> {
    let schema = Schema::new(version, document)?;
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
    let schema = Schema::new(version, document)?;
    let maps = dispatch::extract(&schema)?;
    let rows = match options.stages {
        Stages::All => validators::Rows::WithBytes,
        Stages::Validators => validators::Rows::ValueOnly,
    };
    let checks = validators::generate_with(&schema, rows)?;
    let source = match options.stages {
        Stages::All => {
            let types = types::generate_with(&schema, options.types)?;
            let bytes = bytes::generate(&schema)?;
            emit::render(version, sha256, &maps, types, checks, bytes)?
        }
        Stages::Validators => emit::render_validators(version, sha256, checks)?,
    };
    Ok(Generated {
        version,
        source,
        maps,
    })
}

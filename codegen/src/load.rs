//! The only stage that touches the disk: find the spec file of a revision,
//! check it against `schemas/pin.toml`, parse it.
//!
//! The pin travels with this crate ([`PIN_TOML`]: `codegen/schemas` is a
//! symbolic link to the repository's `schemas/`, and `cargo package` stores
//! the linked file), so a build script of a published mcpwire checks the
//! files against the pin of the mcpwire-codegen release it was built with.
//! Where the files come from is decided by [`crate::build`]
//! (`MCPWIRE_SPEC_DIR`, or the download cache of [`crate::fetch`]).

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::{Config, Error, Version};

/// The text of `schemas/pin.toml` this crate was built with.
pub const PIN_TOML: &str = include_str!("../schemas/pin.toml");

/// `schemas/pin.toml`.
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
pub struct Pin {
    /// Upstream repository (host/owner/name).
    pub upstream: String,
    /// Upstream commit the files come from.
    pub commit: String,
    /// Path template inside the upstream repository.
    #[serde(default)]
    pub path: Option<String>,
    /// sha256 (hex) of each revision's `schema.json`, keyed by revision name:
    /// the list of revisions (`codegen/build.rs` makes it [`Version::ALL`]).
    pub sha256: std::collections::BTreeMap<String, String>,
    /// JSON Schema dialect of each revision (`draft-07`, `2020-12`).
    #[serde(default)]
    pub dialect: std::collections::BTreeMap<String, String>,
}

impl Pin {
    /// Reads and parses a pin file.
    pub fn read(file: &Path) -> Result<Pin, Error> {
        let text = std::fs::read_to_string(file).map_err(|e| Error::Pin {
            file: file.to_path_buf(),
            reason: e.to_string(),
        })?;
        toml::from_str(&text).map_err(|e| Error::Pin {
            file: file.to_path_buf(),
            reason: e.to_string(),
        })
    }

    /// The pin this crate was built with ([`PIN_TOML`]).
    pub fn embedded() -> Pin {
        toml::from_str(PIN_TOML).expect("codegen/build.rs parsed the same pin")
    }

    /// The upstream path of a revision's file: `schema/2025-11-25/schema.json`.
    pub fn upstream_path(&self, version: Version) -> String {
        self.path
            .as_deref()
            .unwrap_or("schema/{revision}/schema.json")
            .replace("{revision}", version.name)
    }

    /// The raw file host of the upstream repository:
    /// `github.com/o/n` → `https://raw.githubusercontent.com/o/n`.
    pub fn raw_base_url(&self) -> String {
        match self.upstream.strip_prefix("github.com/") {
            Some(repo) => format!("https://raw.githubusercontent.com/{repo}"),
            None => format!("https://{}", self.upstream),
        }
    }
}

/// A revision's file, checked and parsed.
#[derive(Debug)]
pub struct Loaded {
    /// Where it was read from.
    pub file: PathBuf,
    /// Its sha256 (hex).
    pub sha256: String,
    /// The parsed document.
    pub document: serde_json::Value,
}

/// A relative `MCPWIRE_SPEC_DIR` (or `MCPWIRE_METASCHEMA_DIR`): the first of `$PWD/<dir>` and
/// `<package_root>/<dir>` that is a directory, else the first of them (the
/// error then names it).
pub fn resolve_relative(dir: &Path, package_root: &Path) -> PathBuf {
    if dir.is_absolute() {
        return dir.to_path_buf();
    }
    let invoked = std::env::var_os("PWD")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .map(|p| p.join(dir));
    let candidates: Vec<PathBuf> = invoked
        .into_iter()
        .chain([package_root.join(dir)])
        .collect();
    candidates
        .iter()
        .find(|c| c.is_dir())
        .unwrap_or(&candidates[0])
        .clone()
}

/// Path of a revision's file below a spec directory.
pub fn schema_path(spec_dir: &Path, version: Version) -> PathBuf {
    spec_dir.join(version.name).join("schema.json")
}

/// Hex sha256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = hmac_sha256::Hash::hash(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads one revision, refusing a file that is missing or differs from the pin.
pub fn read(version: Version, cfg: &Config) -> Result<Loaded, Error> {
    let pin = Pin::read(&cfg.pin_file)?;
    let expected = pin
        .sha256
        .get(version.name)
        .ok_or_else(|| Error::NotPinned(version.name.into()))?;
    if !cfg.spec_dir.is_dir() {
        return Err(Error::SpecDirMissing {
            dir: cfg.spec_dir.clone(),
            upstream: pin.upstream,
            commit: pin.commit,
        });
    }
    let file = schema_path(&cfg.spec_dir, version);
    let bytes = match std::fs::read(&file) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::SpecFileMissing {
                file,
                revision: version.name.into(),
                upstream: pin.upstream,
                commit: pin.commit,
            })
        }
        Err(source) => return Err(Error::Io { file, source }),
    };
    let actual = sha256_hex(&bytes);
    if &actual != expected {
        return Err(Error::PinMismatch {
            file,
            expected: expected.clone(),
            actual,
            commit: pin.commit,
        });
    }
    let document = serde_json::from_slice(&bytes).map_err(|source| Error::Json {
        file: file.clone(),
        source,
    })?;
    Ok(Loaded {
        file,
        sha256: actual,
        document,
    })
}

//! The JSON Schema metaschemas of draft-07 and 2020-12, compiled like any
//! standalone schema ([`crate::standalone`]) into `mcpwire::metaschema`
//! (mcpwire's feature `metaschemas`): "is this a valid schema in its
//! dialect" becomes a compiled call, never a schema interpreted at run time.
//!
//! - The pin: `schemas/metaschemas.toml` ([`METASCHEMAS_TOML`], carried by
//!   this crate as `pin.toml` is), the sha256 of every file a dialect reads.
//! - The files: `$MCPWIRE_METASCHEMA_DIR/<file>` (`draft7/metaschema.json`,
//!   `draft202012/metaschema.json`, `draft202012/vocabularies/<name>`: the
//!   layout of `jsonschema_specifications/schemas/` in the PyPI package
//!   jsonschema-specifications), or with feature `fetch` the download cache
//!   (`<cache>/<commit>/<file>`, [`crate::fetch`]). Each file is refused
//!   when its sha256 is not the pinned one.
//! - The compilation: the dialect's metaschema is the root; 2020-12's
//!   vocabulary metaschemas are resources by `$id`, reached through its
//!   `allOf`/`$ref` and `$dynamicRef: "#meta"`, as the JSON Schema Test
//!   Suite's cases that reference a metaschema are (docs/json-schema-suite.md).
//!   `format` is an annotation in both: 2020-12's metaschema declares the
//!   format-annotation vocabulary, and draft-07 leaves asserting formats to
//!   the implementation (draft-handrews-json-schema-validation-01 §7.2), so
//!   `"pattern": "("` (format `regex`) and a `$id` that is no URI reference
//!   pass (docs/metaschemas.md says why).
//!
//! 2019-09 is pinned upstream but not compiled: the generator knows
//! draft-07 and 2020-12 only ([`Dialect`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;

use crate::load::sha256_hex;
use crate::schema::Options;
use crate::standalone::{self, Standalone};
use crate::{Dialect, Error};

/// The text of `schemas/metaschemas.toml` this crate was built with.
pub const METASCHEMAS_TOML: &str = include_str!("../schemas/metaschemas.toml");

/// The variable naming the directory the metaschema files are read from.
pub const DIR_ENV: &str = "MCPWIRE_METASCHEMA_DIR";

/// The variable naming a mirror to download them from (feature `fetch`):
/// `<base>/<commit>/<path>`.
pub const BASE_URL_ENV: &str = "MCPWIRE_METASCHEMA_BASE_URL";

/// `schemas/metaschemas.toml`.
#[derive(Clone, Debug, Deserialize)]
pub struct MetaPin {
    /// Upstream repository (host/owner/name).
    pub upstream: String,
    /// The upstream tag the commit carries.
    pub tag: String,
    /// Upstream commit the files come from.
    pub commit: String,
    /// Path template inside the upstream repository (`{file}`).
    pub path: String,
    /// sha256 (hex) of each file, keyed by its path below the directory.
    pub sha256: BTreeMap<String, String>,
}

impl MetaPin {
    /// The pin this crate was built with ([`METASCHEMAS_TOML`]).
    pub fn embedded() -> MetaPin {
        toml::from_str(METASCHEMAS_TOML).expect("schemas/metaschemas.toml is valid TOML")
    }

    /// A file's path inside the upstream repository.
    pub fn upstream_path(&self, file: &str) -> String {
        self.path.replace("{file}", file)
    }

    /// The raw file host of the upstream repository.
    pub fn raw_base_url(&self) -> String {
        match self.upstream.strip_prefix("github.com/") {
            Some(repo) => format!("https://raw.githubusercontent.com/{repo}"),
            None => format!("https://{}", self.upstream),
        }
    }

    /// The pinned files of `meta`: its root, then every other file below
    /// its directory.
    pub fn files(&self, meta: Metaschema) -> Vec<&str> {
        let dir = format!("{}/", meta.dir);
        let root = meta.root();
        std::iter::once(root.as_str())
            .filter_map(|r| self.sha256.get_key_value(r).map(|(k, _)| k.as_str()))
            .chain(
                self.sha256
                    .keys()
                    .map(String::as_str)
                    .filter(|k| k.starts_with(&dir) && *k != root),
            )
            .collect()
    }
}

/// One compiled dialect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Metaschema {
    /// Its module under `mcpwire::metaschema` and generated file
    /// (`metaschema_<module>.rs`).
    pub module: &'static str,
    /// The dialect's name as people write it.
    pub name: &'static str,
    /// The dialect it is compiled in.
    pub dialect: Dialect,
    /// Its directory below the metaschema directory.
    pub dir: &'static str,
}

impl Metaschema {
    /// draft-07.
    pub const DRAFT7: Metaschema = Metaschema {
        module: "draft7",
        name: "draft-07",
        dialect: Dialect::Draft07,
        dir: "draft7",
    };
    /// 2020-12.
    pub const DRAFT2020_12: Metaschema = Metaschema {
        module: "draft2020_12",
        name: "2020-12",
        dialect: Dialect::Draft2020_12,
        dir: "draft202012",
    };
    /// Every compiled dialect.
    pub const ALL: [Metaschema; 2] = [Metaschema::DRAFT7, Metaschema::DRAFT2020_12];

    /// The metaschema's own file (`draft7/metaschema.json`).
    pub fn root(&self) -> String {
        format!("{}/metaschema.json", self.dir)
    }
}

/// Reads the files of `meta` below `dir`, each checked against `pin`: the
/// root and the resources by `$id` (without an empty fragment).
pub fn read(meta: Metaschema, dir: &Path, pin: &MetaPin) -> Result<Standalone, Error> {
    let mut root = None;
    let mut resources = BTreeMap::new();
    for name in pin.files(meta) {
        let document = read_one(dir, name, &pin.sha256[name], pin)?;
        if name == meta.root() {
            root = Some(document);
        } else {
            let id =
                document
                    .get("$id")
                    .and_then(Value::as_str)
                    .ok_or_else(|| Error::Metaschema {
                        what: format!("{} has no `$id`", dir.join(name).display()),
                        upstream: pin.upstream.clone(),
                        tag: pin.tag.clone(),
                    })?;
            resources.insert(id.trim_end_matches('#').to_string(), document);
        }
    }
    let root = root.ok_or_else(|| Error::Metaschema {
        what: format!("schemas/metaschemas.toml does not pin {}", meta.root()),
        upstream: pin.upstream.clone(),
        tag: pin.tag.clone(),
    })?;
    Ok(Standalone {
        dialect: meta.dialect,
        root,
        resources,
        options: options(),
    })
}

/// How the metaschemas are compiled: every `format` an annotation; an
/// unknown keyword stops the build (the metaschemas use none).
pub fn options() -> Options {
    Options {
        asserted_formats: Vec::new(),
        ..Options::default()
    }
}

/// One file, checked and parsed.
fn read_one(dir: &Path, name: &str, expected: &str, pin: &MetaPin) -> Result<Value, Error> {
    let file = dir.join(name);
    let problem = |what: String| Error::Metaschema {
        what,
        upstream: pin.upstream.clone(),
        tag: pin.tag.clone(),
    };
    let bytes = std::fs::read(&file)
        .map_err(|e| problem(format!("cannot read {}: {e}", file.display())))?;
    let actual = sha256_hex(&bytes);
    if actual != expected {
        return Err(problem(format!(
            "{} does not match schemas/metaschemas.toml (sha256 {actual}, pinned {expected})",
            file.display()
        )));
    }
    serde_json::from_slice(&bytes).map_err(|source| Error::Json { file, source })
}

/// The module source of `meta` from the files below `dir`
/// ([`standalone::generate`]: `is_valid`, `check`, `read`).
pub fn generate(meta: Metaschema, dir: &Path, pin: &MetaPin) -> Result<String, Error> {
    standalone::generate(&read(meta, dir, pin)?)
}

/// Where the build reads the metaschema files from: `$MCPWIRE_METASCHEMA_DIR`
/// (a relative value as `MCPWIRE_SPEC_DIR`'s, [`crate::load::resolve_relative`]),
/// else with feature `fetch` the download cache after every pinned file is
/// in it, else an error saying how to provide them.
pub fn dir(package_root: &Path, pin: &MetaPin) -> Result<PathBuf, Error> {
    if let Some(value) = std::env::var_os(DIR_ENV).filter(|v| !v.is_empty()) {
        return Ok(crate::load::resolve_relative(
            Path::new(&value),
            package_root,
        ));
    }
    #[cfg(feature = "fetch")]
    {
        let fetcher = crate::fetch::Fetcher::from_env_for(BASE_URL_ENV, &pin.raw_base_url())?;
        let dir = fetcher.cache.join(&pin.commit);
        for (name, sha256) in &pin.sha256 {
            fetcher.ensure_file(&crate::fetch::Wanted {
                path: pin.upstream_path(name),
                sha256,
                file: dir.join(name),
                commit: &pin.commit,
                instead: "turn fetch-spec off and set MCPWIRE_METASCHEMA_DIR to a directory \
                          holding the metaschema files (jsonschema_specifications/schemas/)",
            })?;
        }
        Ok(dir)
    }
    #[cfg(not(feature = "fetch"))]
    {
        Err(Error::Metaschema {
            what: "nothing says where the metaschema files are".into(),
            upstream: pin.upstream.clone(),
            tag: pin.tag.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pin_lists_each_dialect_root_first() {
        let pin = MetaPin::embedded();
        let files = pin.files(Metaschema::DRAFT7);
        assert_eq!(files, ["draft7/metaschema.json"]);
        let files = pin.files(Metaschema::DRAFT2020_12);
        assert_eq!(files[0], "draft202012/metaschema.json");
        assert_eq!(files.len(), 8, "{files:?}");
        assert!(files.contains(&"draft202012/vocabularies/applicator"));
    }

    #[test]
    fn upstream_paths_and_hosts() {
        let pin = MetaPin::embedded();
        assert_eq!(
            pin.upstream_path("draft7/metaschema.json"),
            "jsonschema_specifications/schemas/draft7/metaschema.json"
        );
        assert_eq!(
            pin.raw_base_url(),
            "https://raw.githubusercontent.com/python-jsonschema/jsonschema-specifications"
        );
    }

    #[test]
    fn a_file_that_differs_from_the_pin_is_refused() {
        let dir = std::env::temp_dir().join(format!("mcpwire-meta-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("draft7")).expect("temp dir");
        std::fs::write(dir.join("draft7/metaschema.json"), b"{}").expect("write");
        let err = read(Metaschema::DRAFT7, &dir, &MetaPin::embedded()).expect_err("refused");
        let _ = std::fs::remove_dir_all(&dir);
        let text = err.to_string();
        assert!(
            text.contains("does not match schemas/metaschemas.toml"),
            "{text}"
        );
        assert!(text.contains("MCPWIRE_METASCHEMA_DIR"), "{text}");
    }
}

//! The generator's errors: [`Error`], and `FetchError` (feature
//! `fetch`), which it wraps.

use std::path::PathBuf;

/// Why generation failed. Every variant says what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The spec directory does not exist.
    #[error(
        "MCP spec directory {dir} not found (MCPWIRE_SPEC_DIR).\n\
         mcpwire is generated from the MCP schema files of {upstream} at commit {commit}, which \
         it does not ship. Either enable mcpwire's `fetch-spec` feature (and unset \
         MCPWIRE_SPEC_DIR) to download them once into a shared cache, or point MCPWIRE_SPEC_DIR \
         at a directory holding <revision>/schema.json, e.g. the `schema/` directory of that \
         commit, in your crate's .cargo/config.toml (a relative value is then taken from \
         your crate; one exported in the shell, from the directory cargo runs in):\n  \
         [env]\n  MCPWIRE_SPEC_DIR = {{ value = \"path/to/schema\", relative = true }}"
    )]
    SpecDirMissing {
        /// The directory looked for.
        dir: PathBuf,
        /// Upstream repository from the pin.
        upstream: String,
        /// Pinned commit.
        commit: String,
    },
    /// One revision's file is missing.
    #[error(
        "MCP schema file {file} not found.\n\
         Put schema/{revision}/schema.json of {upstream} at commit {commit} there, point \
         MCPWIRE_SPEC_DIR at a directory that has it, turn the cargo feature of revision \
         {revision} off, or enable mcpwire's `fetch-spec` feature (and unset MCPWIRE_SPEC_DIR) \
         to download it."
    )]
    SpecFileMissing {
        /// The file looked for.
        file: PathBuf,
        /// Revision name.
        revision: String,
        /// Upstream repository from the pin.
        upstream: String,
        /// Pinned commit.
        commit: String,
    },
    /// A file's hash differs from the pin.
    #[error(
        "MCP schema file {file} does not match the pin in schemas/pin.toml.\n  \
         pinned sha256: {expected}\n  actual sha256: {actual}\n\
         This mcpwire is generated from the files of commit {commit}: restore the file from \
         that commit (or point MCPWIRE_SPEC_DIR at a copy of it), or enable mcpwire's \
         `fetch-spec` feature and unset MCPWIRE_SPEC_DIR. (Working on mcpwire itself and the new \
         file is intended? Re-pin with `cargo xtask sync-schemas --from <dir>` and review the \
         snapshot diff.)"
    )]
    PinMismatch {
        /// The file checked.
        file: PathBuf,
        /// Pinned hash.
        expected: String,
        /// Hash of the file on disk.
        actual: String,
        /// Pinned commit.
        commit: String,
    },
    /// Neither `MCPWIRE_SPEC_DIR` nor the `fetch-spec` feature says where the
    /// spec files are.
    #[error(
        "mcpwire needs the MCP schema files of {upstream} at commit {commit}, and nothing says \
         where they are.\n\
         Either enable the `fetch-spec` feature (mcpwire = {{ version = \"…\", features = \
         [\"fetch-spec\"] }}: downloaded once, sha256-checked, cached for every later build), \
         or set MCPWIRE_SPEC_DIR to a directory holding <revision>/schema.json, in your \
         crate's .cargo/config.toml so every shell and rust-analyzer sees it:\n  \
         [env]\n  MCPWIRE_SPEC_DIR = {{ value = \"path/to/schema\", relative = true }}"
    )]
    NoSpecSource {
        /// Upstream repository from the pin.
        upstream: String,
        /// Pinned commit.
        commit: String,
    },
    /// A JSON Schema metaschema file is missing, differs from the pin, or
    /// nothing says where the files are (mcpwire's feature `metaschemas`).
    #[error(
        "{what}.\n\
         mcpwire's feature `metaschemas` compiles the JSON Schema metaschemas of draft-07 and \
         2020-12 as {upstream} tag {tag} holds them (`jsonschema_specifications/schemas/`, also \
         in the PyPI package jsonschema-specifications of that version), which it does not ship. \
         Point MCPWIRE_METASCHEMA_DIR at a copy of that directory (draft7/metaschema.json, \
         draft202012/metaschema.json, draft202012/vocabularies/*), in your crate's \
         .cargo/config.toml:\n  [env]\n  MCPWIRE_METASCHEMA_DIR = {{ value = \"path/to/schemas\", \
         relative = true }}\n\
         or enable mcpwire's `fetch-spec` feature (and unset MCPWIRE_METASCHEMA_DIR) to download \
         them, or turn feature `metaschemas` off."
    )]
    Metaschema {
        /// What is wrong, naming the file.
        what: String,
        /// Upstream repository from the pin.
        upstream: String,
        /// Upstream tag from the pin.
        tag: String,
    },
    /// Downloading or caching the spec files failed (feature `fetch`).
    #[cfg(feature = "fetch")]
    #[error(transparent)]
    Fetch(Box<FetchError>),
    /// The pin file has no entry for a revision.
    #[error("schemas/pin.toml has no sha256 for revision {0}; run `cargo xtask sync-schemas --from <dir>`")]
    NotPinned(String),
    /// The pin file is unreadable or malformed.
    #[error("cannot read pin file {file}: {reason}")]
    Pin {
        /// The pin file.
        file: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// I/O failure.
    #[error("cannot read {file}: {source}")]
    Io {
        /// File involved.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The schema file is not JSON.
    #[error("{file} is not valid JSON: {source}")]
    Json {
        /// File involved.
        file: PathBuf,
        /// The parse error.
        source: serde_json::Error,
    },
    /// The schema uses a keyword or shape the generator does not implement.
    #[error("unsupported schema construct at {pointer}: `{keyword}` (a keyword outside draft-07 and 2020-12, or a reference no document resolves; an unknown keyword can be declared an annotation for one revision in schemas/errata.toml, docs/bumps.md)")]
    Unsupported {
        /// JSON pointer into the published file.
        pointer: String,
        /// The keyword or shape.
        keyword: String,
    },
    /// The document does not have the shape an MCP schema has.
    #[error("malformed MCP schema at {pointer}: {reason}")]
    Malformed {
        /// JSON pointer into the published file.
        pointer: String,
        /// What is wrong.
        reason: String,
    },
    /// An erratum no longer applies (upstream fixed it, or the target moved).
    #[error("erratum {id} for {revision} does not apply at {pointer}: {reason}. If upstream fixed the bug, delete the erratum (schemas/errata.toml, schemas/ERRATA.md)")]
    Erratum {
        /// Erratum identifier.
        id: String,
        /// Revision.
        revision: String,
        /// Target pointer.
        pointer: String,
        /// What did not match.
        reason: String,
    },
    /// typify failed on the (normalized) schema.
    #[error("typify failed for {revision}: {reason}")]
    Typify {
        /// Revision.
        revision: String,
        /// typify's message.
        reason: String,
    },
    /// The generated tokens did not parse as Rust (a generator bug).
    #[error("generated code for {revision} is not valid Rust: {reason}")]
    Render {
        /// Revision.
        revision: String,
        /// syn's message.
        reason: String,
    },
}

#[cfg(feature = "fetch")]
impl From<FetchError> for Error {
    fn from(err: FetchError) -> Error {
        Error::Fetch(Box::new(err))
    }
}

/// Why the spec files could not be provided. Every message says what to do.
#[cfg(feature = "fetch")]
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// No cache directory could be chosen.
    #[error(
        "mcpwire (feature fetch-spec): no cache directory: none of MCPWIRE_SPEC_CACHE, \
         CARGO_HOME or HOME is set. Set MCPWIRE_SPEC_CACHE to a writable directory."
    )]
    NoCacheDir,
    /// The download failed.
    #[error(
        "mcpwire (feature fetch-spec): cannot download {url}: {reason}.\n\
         The file is cached in {cache} after one successful download. Either allow this \
         build to reach {host}, set MCPWIRE_SPEC_BASE_URL to a mirror serving \
         <base>/{commit}/{path}, or put the file there yourself (sha256 {sha256}), or \
         {instead}."
    )]
    Download {
        /// The URL tried.
        url: String,
        /// What went wrong.
        reason: String,
        /// Where the file would be cached.
        cache: PathBuf,
        /// The host of the base URL.
        host: String,
        /// Pinned commit.
        commit: String,
        /// The file's path inside the upstream repository.
        path: String,
        /// Pinned sha256.
        sha256: String,
        /// The advice besides downloading ("turn fetch-spec off and set …").
        instead: String,
    },
    /// The server sent a different file.
    #[error(
        "mcpwire (feature fetch-spec): {url} does not match the pin (nothing was cached).\n  \
         pinned sha256: {expected}\n  served sha256: {actual}\n\
         The server does not serve the pinned file of commit {commit}. If MCPWIRE_SPEC_BASE_URL \
         ({base}) names a mirror, update or fix the mirror, or unset the variable to download \
         from upstream."
    )]
    Mismatch {
        /// The URL downloaded.
        url: String,
        /// The base URL used.
        base: String,
        /// Pinned hash.
        expected: String,
        /// Hash of what was served.
        actual: String,
        /// Pinned commit.
        commit: String,
    },
    /// A cached file does not match, and could not be downloaded again.
    #[error(
        "mcpwire (feature fetch-spec): cached file {file} does not match the pin \
         (sha256 {actual}, pinned {expected}) and downloading it again failed:\n{again}\n\
         Delete {file} (or the whole cache, {cache}) and build again with network access."
    )]
    CorruptCache {
        /// The cached file.
        file: PathBuf,
        /// Its hash.
        actual: String,
        /// Pinned hash.
        expected: String,
        /// The cache root.
        cache: PathBuf,
        /// Why the new download failed.
        again: Box<FetchError>,
    },
    /// Offline, and the file is not cached.
    #[error(
        "mcpwire (feature fetch-spec): {file} is not cached and cargo is offline \
         (CARGO_NET_OFFLINE). Build once with network access, or {instead} (from commit \
         {commit})."
    )]
    Offline {
        /// The file that would be downloaded.
        file: PathBuf,
        /// Pinned commit.
        commit: String,
        /// The advice besides downloading ("turn fetch-spec off and set …").
        instead: String,
    },
    /// The pin has no entry for a revision.
    #[error("schemas/pin.toml has no sha256 for revision {0}")]
    NotPinned(String),
    /// Writing the cache failed.
    #[error(
        "mcpwire (feature fetch-spec): cannot write the cache {file}: {source}. Set \
         MCPWIRE_SPEC_CACHE to a writable directory."
    )]
    Io {
        /// The file or directory.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

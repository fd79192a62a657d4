//! The generator's one error type.

use std::path::PathBuf;

/// Why generation failed. Every variant says what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The spec directory does not exist.
    #[error(
        "MCP spec directory {dir} not found.\n\
         mcpwire does not commit the upstream schema files. Either set MCPWIRE_SPEC_DIR to a \
         directory holding <revision>/schema.json, or check out {upstream} at commit {commit} \
         and point MCPWIRE_SPEC_DIR at its `schema/` directory."
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
         Get it from {upstream} at commit {commit} (schema/{revision}/schema.json), \
         or set MCPWIRE_SPEC_DIR to a directory that has it."
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
         If the new file is intended, re-pin with `cargo xtask sync-schemas --from <dir>` \
         and review the snapshot diff; otherwise restore the file from commit {commit}."
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
    #[error("unsupported schema construct at {pointer}: `{keyword}` (mcpwire generates code only for the keywords the MCP schemas use; extend codegen/src/validators)")]
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

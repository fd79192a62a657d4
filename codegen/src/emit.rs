//! Assemble one revision's module, format it with prettyplease, and write it
//! only when the bytes changed (so an unchanged regeneration does not touch
//! the file's mtime and trigger recompilation).

use std::path::Path;

use proc_macro2::TokenStream;
use quote::quote;

use crate::{dispatch, names, Error, Version};

/// The module source of one revision: the `@generated` header, then the
/// `types`, `validate`, `bytes`, `dispatch` and `constraints` submodules and
/// the `SPEC` table. No inner attributes, so the file can be `include!`d.
/// `constraints` is the revision's constraint table ([`crate::diff::table`]).
pub fn render(
    version: Version,
    sha256: &str,
    maps: &dispatch::Maps,
    constraints: &str,
    types: TokenStream,
    checks: TokenStream,
    bytes: TokenStream,
) -> Result<String, Error> {
    let dispatch = dispatch::tokens(maps);
    let variant = names::ident(&version_variant(version));
    let types_doc = if types.is_empty() {
        " Empty: mcpwire was built without its feature `types` (the Rust type per definition)."
    } else {
        " Rust types for every definition of this revision's schema."
    };
    let tokens = quote! {
        #[doc = #types_doc]
        pub mod types {
            #types
        }
        /// Compiled validators: `is_valid_<def>` and `check_<def>` per definition.
        // The emitters call a definition's check as `|v| is_valid_x(v)` and
        // match on member names even when an object has one property: the
        // uniform shapes keep the emitters small. A one-pattern test is a
        // `match` rather than `matches!(v, P if …)`, which prettyplease
        // cannot format.
        #[allow(
            clippy::redundant_closure,
            clippy::single_match,
            clippy::match_like_matches_macro
        )]
        pub mod validate {
            #checks
        }
        /// Bytes validators: `read_<def>` per definition, judging a message
        /// from its bytes without building a `Value` (`mcpwire::bytes`).
        pub mod bytes {
            #bytes
        }
        /// Dispatch tables extracted from the schema.
        pub mod dispatch {
            #dispatch
        }
        /// What judges a message here, for comparing revisions (`mcpwire diff`).
        pub mod constraints {
            /// The constraint table (`mcpwire_runtime::constraints`).
            pub const TABLE: &str = #constraints;
        }
        /// This revision's tables and validators, for code that works across revisions.
        pub static SPEC: crate::spec::Spec = crate::spec::Spec {
            version: crate::Version::#variant,
            schema_sha256: #sha256,
            maps: &dispatch::MAPS,
            definitions: validate::DEFINITIONS,
            constraints: constraints::TABLE,
        };
    };
    finish(version, sha256, tokens)
}

/// The module of a revision whose patched document is `target`'s
/// ([`crate::generate_all`]): `types`, `validate` and `bytes` (or only
/// `validate`, for [`crate::Stages::Validators`]) are `target`'s, re-exported;
/// `dispatch` and `SPEC` are its own, since they name the revision.
pub fn render_alias(
    version: Version,
    sha256: &str,
    maps: &dispatch::Maps,
    target: Version,
    stages: crate::Stages,
) -> Result<String, Error> {
    let module = names::ident(target.module);
    let doc = format!(
        " Same patched schema as MCP {}: its modules, compiled once.",
        target.name
    );
    let tokens = match stages {
        crate::Stages::All => {
            let dispatch = dispatch::tokens(maps);
            let variant = names::ident(&version_variant(version));
            quote! {
                #[doc = #doc]
                pub use super::#module::{bytes, constraints, types, validate};
                /// Dispatch tables extracted from the schema.
                pub mod dispatch {
                    #dispatch
                }
                /// This revision's tables and validators, for code that works across revisions.
                pub static SPEC: crate::spec::Spec = crate::spec::Spec {
                    version: crate::Version::#variant,
                    schema_sha256: #sha256,
                    maps: &dispatch::MAPS,
                    definitions: validate::DEFINITIONS,
                    constraints: constraints::TABLE,
                };
            }
        }
        crate::Stages::Validators => quote! {
            #[doc = #doc]
            pub use super::#module::validate;
        },
    };
    finish(version, sha256, tokens)
}

/// The validate-only module of one revision ([`crate::Stages::Validators`]):
/// the `@generated` header and `pub mod validate`, exactly as in [`render`].
pub fn render_validators(
    version: Version,
    sha256: &str,
    checks: TokenStream,
) -> Result<String, Error> {
    let tokens = quote! {
        /// Compiled validators: `is_valid_<def>` and `check_<def>` per definition.
        #[allow(
            clippy::redundant_closure,
            clippy::single_match,
            clippy::match_like_matches_macro
        )]
        pub mod validate {
            #checks
        }
    };
    finish(version, sha256, tokens)
}

/// Formats a module and prefixes the `@generated` header.
fn finish(version: Version, sha256: &str, tokens: TokenStream) -> Result<String, Error> {
    let file: syn::File = syn::parse2(tokens).map_err(|e| Error::Render {
        revision: version.name.into(),
        reason: e.to_string(),
    })?;
    let body = prettyplease::unparse(&file);
    Ok(format!(
        "// @generated by mcpwire-codegen from MCP {} schema.json (sha256 {sha256}). Do not edit.\n{body}",
        version.name
    ))
}

/// The `mcpwire::Version` variant of a revision: `v2025_11_25` → `V2025_11_25`.
pub fn version_variant(version: Version) -> String {
    let mut chars = version.module.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Writes `contents` to `path` unless the file already holds exactly that.
/// Returns whether it wrote.
pub fn write_if_changed(path: &Path, contents: &str) -> std::io::Result<bool> {
    if let Ok(existing) = std::fs::read(path) {
        if existing == contents.as_bytes() {
            return Ok(false);
        }
    }
    std::fs::write(path, contents)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names() {
        let v = |n| version_variant(Version::by_name(n).unwrap());
        assert_eq!(v("2025-11-25"), "V2025_11_25");
        assert_eq!(v("draft"), "Draft");
    }

    #[test]
    fn writes_only_on_change() {
        let dir = std::env::temp_dir().join(format!("mcpwire-emit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("x.rs");
        assert!(write_if_changed(&file, "a").unwrap());
        assert!(!write_if_changed(&file, "a").unwrap());
        assert!(write_if_changed(&file, "b").unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

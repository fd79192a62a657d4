//! Types stage (placeholder until typify integration lands).

use proc_macro2::TokenStream;

use crate::{Error, Schema};

/// Rust types for every definition (the contents of the `types` module).
pub fn generate(_schema: &Schema) -> Result<TokenStream, Error> {
    Ok(TokenStream::new())
}

//! Validators stage (placeholder).

use proc_macro2::TokenStream;
use quote::quote;

use crate::{Error, Schema};

/// The contents of the `validate` module.
pub fn generate(_schema: &Schema) -> Result<TokenStream, Error> {
    Ok(quote! { pub static DEFINITIONS: &[crate::spec::DefinitionFns] = &[]; })
}

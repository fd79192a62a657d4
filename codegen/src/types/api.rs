//! What mcpwire adds to typify's output: schema-name aliases, the
//! `validated`/`validate` pair on every definition type, and the
//! name-keyed [`roundtrip`](tokens) dispatcher.

use proc_macro2::TokenStream;
use quote::quote;

use crate::names::{check_fn, ident};

/// One definition and the Rust type typify gave it.
#[derive(Clone, Debug)]
pub struct Definition {
    /// Schema name: `JSONRPCRequest`.
    pub name: String,
    /// typify's type name: `JsonrpcRequest`.
    pub rust: String,
    /// JSON pointer in the published file: `/$defs/JSONRPCRequest`.
    pub pointer: String,
}

/// Aliases, impls and `roundtrip` for `defs`.
pub fn tokens(defs: &[Definition]) -> TokenStream {
    let aliases = defs.iter().filter(|d| d.name != d.rust).map(|d| {
        let alias = ident(&d.name);
        let target = ident(&d.rust);
        let doc = format!(
            "The schema's `{}` (typify names the type [`{}`]).",
            d.name, d.rust
        );
        quote! {
            #[doc = #doc]
            pub type #alias = #target;
        }
    });
    let impls = defs.iter().map(|d| {
        let ty = ident(&d.rust);
        let check = ident(&check_fn(&d.name));
        let pointer = &d.pointer;
        quote! { definition!(#ty, #check, #pointer); }
    });
    let definition_macro = definition_macro();
    let dispatchers = dispatchers(defs);
    quote! {
        #(#aliases)*

        #definition_macro

        #(#impls)*

        #dispatchers
    }
}

/// `definition!`, the macro behind each definition type's
/// `validated`/`validate`.
fn definition_macro() -> TokenStream {
    quote! {
        /// `validated`/`validate` for one definition type.
        macro_rules! definition {
            ($ty:ident, $check:ident, $pointer:literal) => {
                impl ::mcpwire_runtime::__private::typed::SchemaDefinition for $ty {
                    const POINTER: &'static str = $pointer;
                    fn check(value: &::serde_json::Value) -> ::std::vec::Vec<::mcpwire_runtime::Violation> {
                        super::validate::$check(value)
                    }
                }

                impl $ty {
                    #[doc = concat!(
                        "Checks `value` against `", $pointer, "` and, when it is valid, ",
                        "deserializes it. Every violation is reported; a valid value this ",
                        "type cannot hold (an mcpwire bug) is reported as one violation ",
                        "whose message starts with `mcpwire bug`."
                    )]
                    #[inline]
                    pub fn validated(
                        value: &::serde_json::Value,
                    ) -> ::core::result::Result<Self, ::mcpwire_runtime::Violations> {
                        ::mcpwire_runtime::__private::typed::validated_as(value)
                    }

                    #[doc = concat!("Serializes `self` and checks it against `", $pointer, "`.")]
                    #[inline]
                    pub fn validate(&self) -> ::core::result::Result<(), ::mcpwire_runtime::Violations> {
                        ::mcpwire_runtime::__private::typed::validate_as(self)
                    }
                }
            };
        }
    }
}

/// `roundtrip` and `validated_roundtrip`, by definition name.
fn dispatchers(defs: &[Definition]) -> TokenStream {
    let arms = defs.iter().map(|d| {
        let name = &d.name;
        let ty = ident(&d.rust);
        quote! { #name => visit.visit::<#ty>(value), }
    });
    quote! {
        /// Runs `visit` with the type of the definition named `definition`.
        fn with_type<V: ::mcpwire_runtime::__private::typed::Visit>(
            definition: &str,
            value: &::serde_json::Value,
            visit: V,
        ) -> ::core::option::Option<V::Out> {
            Some(match definition {
                #(#arms)*
                _ => return None,
            })
        }

        /// Deserializes `value` as the type of the schema definition named
        /// `definition` (`"CallToolRequest"`) and serializes it back:
        /// `None` for an unknown name, `Err` with serde's message when the
        /// value does not fit the type. No validation: use it to see what
        /// the Rust types keep of a message (an open object's unknown
        /// members are kept in its `extra` map).
        #[inline]
        pub fn roundtrip(
            definition: &str,
            value: &::serde_json::Value,
        ) -> ::core::option::Option<::core::result::Result<::serde_json::Value, ::std::string::String>> {
            with_type(definition, value, ::mcpwire_runtime::__private::typed::Roundtrip)
        }

        /// Like [`roundtrip`], through the type's `validated`: `Err` holds
        /// the violations of an invalid `value`.
        #[inline]
        pub fn validated_roundtrip(
            definition: &str,
            value: &::serde_json::Value,
        ) -> ::core::option::Option<::core::result::Result<::serde_json::Value, ::mcpwire_runtime::Violations>> {
            with_type(definition, value, ::mcpwire_runtime::__private::typed::ValidatedRoundtrip)
        }
    }
}

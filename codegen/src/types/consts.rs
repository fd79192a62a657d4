//! String constants (`"jsonrpc": "2.0"`, `"method": "tools/call"`,
//! `"type": "text"`) as zero-sized Rust types.
//!
//! typify renders `{"const": "x"}` as `String`, so an untagged union cannot
//! tell `CallToolRequest` from `ListToolsRequest`; rendered as one-value
//! enums it emits ~60 lines per constant (Display, FromStr, three TryFroms).
//! Instead every distinct value gets a marker type in `types::consts` and
//! members holding it have type `Const<consts::Marker>`: it serializes as the
//! value and deserializes from exactly that string, so a union member whose
//! tag differs fails and the union moves on. One line per value
//! (`marker!(Audio, "audio");`), plus the generic `Const` once per revision.

use proc_macro2::TokenStream;
use quote::quote;

use super::normalize::Consts;
use crate::names::ident;

/// The Rust type typify is told to use for a marker's synthetic definition:
/// `Const<consts::ToolsCall>`, relative to the `types` module where typify
/// puts every type; as an absolute path when `absolute` (with builders,
/// typify also uses it inside its `builder` module):
/// `crate::draft::types::Const<crate::draft::types::consts::ToolsCall>`.
pub fn rust_type(module: &str, marker: &str, absolute: bool) -> String {
    if absolute {
        format!("crate::{module}::types::Const<crate::{module}::types::consts::{marker}>")
    } else {
        format!("Const<consts::{marker}>")
    }
}

/// `Const`, the `consts` module and its markers.
pub fn tokens(consts: &Consts) -> TokenStream {
    let const_type = const_type();
    let std_impls = const_std_impls();
    let serde_impls = const_serde_impls();
    let consts_module = consts_module(consts);
    quote! {
        #const_type
        #std_impls
        #serde_impls
        #consts_module
    }
}

/// The generic `Const` and its inherent items.
fn const_type() -> TokenStream {
    quote! {
        /// A string the schema fixes with `const` (a `jsonrpc`, `method`,
        /// `type` or `mode` tag). Zero-sized: it serializes as
        /// `C::VALUE` and deserializes only from exactly that string, which is
        /// what lets an untagged union pick the member whose tag matches.
        /// Build one with `Const::new()` or `Default::default()`.
        pub struct Const<C>(::core::marker::PhantomData<C>);

        impl<C: consts::Value> Const<C> {
            /// The constant's string.
            pub const VALUE: &'static str = C::VALUE;

            /// The (only) value.
            pub const fn new() -> Self {
                Const(::core::marker::PhantomData)
            }

            /// The constant's string.
            pub fn as_str(&self) -> &'static str {
                C::VALUE
            }
        }
    }
}

/// The standard traits of `Const` (all but `Debug` and `Display` without
/// bounds: the marker is never instantiated).
fn const_std_impls() -> TokenStream {
    quote! {

        impl<C> ::core::clone::Clone for Const<C> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<C> ::core::marker::Copy for Const<C> {}
        impl<C> ::core::default::Default for Const<C> {
            fn default() -> Self {
                Const(::core::marker::PhantomData)
            }
        }
        impl<C> ::core::cmp::PartialEq for Const<C> {
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<C> ::core::cmp::Eq for Const<C> {}
        impl<C> ::core::hash::Hash for Const<C> {
            fn hash<H: ::core::hash::Hasher>(&self, _: &mut H) {}
        }
        impl<C: consts::Value> ::core::fmt::Debug for Const<C> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Debug::fmt(C::VALUE, f)
            }
        }
        impl<C: consts::Value> ::core::fmt::Display for Const<C> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(C::VALUE)
            }
        }
    }
}

/// `Const`'s serde impls: the string out, exactly the string in.
fn const_serde_impls() -> TokenStream {
    quote! {
        impl<C: consts::Value> ::serde::Serialize for Const<C> {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(C::VALUE)
            }
        }
        impl<'de, C: consts::Value> ::serde::Deserialize<'de> for Const<C> {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                struct Visitor<C>(::core::marker::PhantomData<C>);
                impl<C: consts::Value> ::serde::de::Visitor<'_> for Visitor<C> {
                    type Value = Const<C>;
                    fn expecting(
                        &self,
                        f: &mut ::core::fmt::Formatter<'_>,
                    ) -> ::core::fmt::Result {
                        write!(f, "the string {:?}", C::VALUE)
                    }
                    fn visit_str<E: ::serde::de::Error>(
                        self,
                        s: &str,
                    ) -> ::core::result::Result<Const<C>, E> {
                        if s == C::VALUE {
                            Ok(Const::new())
                        } else {
                            Err(E::invalid_value(::serde::de::Unexpected::Str(s), &self))
                        }
                    }
                }
                deserializer.deserialize_str(Visitor(::core::marker::PhantomData))
            }
        }
    }
}

/// The `consts` module: the `Value` trait and one marker per value.
fn consts_module(consts: &Consts) -> TokenStream {
    // One line per marker; its doc is the constant as a Rust literal.
    let markers = consts.markers.iter().map(|(value, marker)| {
        let marker = ident(marker);
        quote! { marker!(#marker, #value); }
    });
    quote! {

        /// Marker types of [`Const`], one per distinct string constant of
        /// the schema.
        pub mod consts {
            /// The string a marker stands for.
            pub trait Value {
                /// The constant.
                const VALUE: &'static str;
            }

            /// A marker: an uninhabited type standing for one string.
            macro_rules! marker {
                ($marker:ident, $value:literal) => {
                    #[doc = concat!("`", stringify!($value), "`")]
                    pub enum $marker {}
                    impl Value for $marker {
                        const VALUE: &'static str = $value;
                    }
                };
            }
            #(#markers)*
        }
    }
}

//! The six variants of `serde_json::Value`, and [`select`]: the `match` on
//! them that every generated schema test is built from. Each keyword
//! contributes a [`Cond`] per variant (what it demands of an object, of a
//! string, …); `select` folds equal constant arms into one and emits the
//! smallest form (`matches!` on patterns alone, a `match`, or a
//! constant; never a `matches!` guard, which prettyplease cannot format).

use proc_macro2::{Ident, TokenStream};
use quote::quote;

use super::cond::Cond;
use crate::node::kind;

/// A variant of `serde_json::Value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// `Value::Object(m)`
    Object,
    /// `Value::Array(a)`
    Array,
    /// `Value::String(s)`
    String,
    /// `Value::Number(n)`
    Number,
    /// `Value::Bool(b)`
    Bool,
    /// `Value::Null`
    Null,
}

impl Variant {
    /// Every variant, in match order.
    pub const ALL: [Variant; 6] = [
        Variant::Object,
        Variant::Array,
        Variant::String,
        Variant::Number,
        Variant::Bool,
        Variant::Null,
    ];

    /// The binding an arm's expression may use: `m`, `a`, `s`, `n`, `b`.
    pub fn binding(self) -> Option<Ident> {
        let name = match self {
            Variant::Object => "m",
            Variant::Array => "a",
            Variant::String => "s",
            Variant::Number => "n",
            Variant::Bool => "b",
            Variant::Null => return None,
        };
        Some(crate::names::ident(name))
    }

    /// The kind bits of instances of this variant.
    pub fn kinds(self) -> u8 {
        match self {
            Variant::Object => kind::OBJECT,
            Variant::Array => kind::ARRAY,
            Variant::String => kind::STRING,
            Variant::Number => kind::NUMBER,
            Variant::Bool => kind::BOOLEAN,
            Variant::Null => kind::NULL,
        }
    }

    /// `v.as_object().is_some_and(|m| cond)` (`as_array`/`a`, `as_str`/`s`):
    /// the one-variant test `match v { Object(m) => cond, _ => false }` in
    /// one expression, where the accessor binds what the pattern would.
    /// `Object` and `Array` bind the same reference; `as_str` binds `&str`
    /// for the pattern's `&String`, which the string tests (`s == "x"`,
    /// `rt::format::is_uri(s)`) take alike, so a test calling `as_str`
    /// keeps the `match`. Numbers and booleans keep it too.
    pub fn accessor(self, cond: &Cond) -> Option<Cond> {
        let method = match self {
            Variant::Object => quote!(as_object),
            Variant::Array => quote!(as_array),
            Variant::String if !names(&cond.tokens(), "as_str") => quote!(as_str),
            _ => return None,
        };
        let binding = self.binding()?;
        let cond = cond.tokens();
        Some(Cond::atom(
            quote!(v.#method().is_some_and(|#binding| #cond)),
        ))
    }

    /// The pattern, binding the payload when `bind`.
    pub fn pattern(self, bind: bool) -> TokenStream {
        let name = match self {
            Variant::Object => quote!(Object),
            Variant::Array => quote!(Array),
            Variant::String => quote!(String),
            Variant::Number => quote!(Number),
            Variant::Bool => quote!(Bool),
            Variant::Null => return quote!(rt::Value::Null),
        };
        let payload = match (bind, self.binding()) {
            (true, Some(b)) => quote!(#b),
            _ => quote!(_),
        };
        quote!(rt::Value::#name(#payload))
    }
}

/// `is_object` (`is_array`, …, `is_null`) when exactly one variant's arm
/// is the constant `!default` and every other arm is `default`: the test
/// `matches!(v, Value::Object(_))` is `v.is_object()` (serde_json's `is_*`
/// are those matches; `is_number` takes every number, as `Number(_)` does).
fn one_kind(arms: &[Cond; 6], default: bool) -> Option<Ident> {
    let mut odd = Variant::ALL
        .iter()
        .zip(arms)
        .filter(|(_, c)| !(c.is_const() && c.is_true() == default));
    let (variant, cond) = odd.next()?;
    if odd.next().is_some() || !cond.is_const() {
        return None;
    }
    let name = match variant {
        Variant::Object => "is_object",
        Variant::Array => "is_array",
        Variant::String => "is_string",
        Variant::Number => "is_number",
        Variant::Bool => "is_boolean",
        Variant::Null => "is_null",
    };
    Some(crate::names::ident(name))
}

/// Whether `tokens` name the identifier `name` anywhere.
fn names(tokens: &TokenStream, name: &str) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        proc_macro2::TokenTree::Ident(i) => i == name,
        proc_macro2::TokenTree::Group(g) => names(&g.stream(), name),
        _ => false,
    })
}

/// `match v { … }` with one condition per variant (in [`Variant::ALL`]
/// order), folded: all-equal constants become that constant; otherwise the
/// most frequent constant becomes the `_` arm.
pub fn select(arms: [Cond; 6]) -> Cond {
    let (trues, falses) = arms.iter().fold((0, 0), |(t, f), c| match c {
        Cond::True => (t + 1, f),
        Cond::False => (t, f + 1),
        Cond::Expr(..) => (t, f),
    });
    if trues == 6 {
        return Cond::True;
    }
    if falses == 6 {
        return Cond::False;
    }
    let default = trues > falses;
    let is_default = |c: &Cond| c.is_const() && c.is_true() == default;
    let exprs: Vec<(Variant, &Cond)> = Variant::ALL
        .iter()
        .zip(&arms)
        .filter(|(_, c)| !c.is_const())
        .map(|(v, c)| (*v, c))
        .collect();
    let others: Vec<TokenStream> = Variant::ALL
        .iter()
        .zip(&arms)
        .filter(|(_, c)| c.is_const() && !is_default(c))
        .map(|(v, _)| v.pattern(false))
        .collect();
    let defaults = arms.iter().filter(|c| is_default(c)).count();
    // Short forms for a default of `false`.
    if !default {
        match (exprs.as_slice(), others.is_empty()) {
            ([], false) => {
                return Cond::atom(match one_kind(&arms, false) {
                    Some(is) => quote!(v.#is()),
                    None => quote!(matches!(v, #(#others)|*)),
                })
            }
            // A `match`, not `matches!(v, P if cond)`: prettyplease formats
            // the arms; it leaves a macro's tokens as one unreadable blob.
            ([(variant, cond)], true) => {
                if let Some(short) = variant.accessor(cond) {
                    return short;
                }
                let pattern = variant.pattern(true);
                let cond = cond.tokens();
                return Cond::atom(quote!(match v {
                    #pattern => #cond,
                    _ => false,
                }));
            }
            _ => {}
        }
    } else if exprs.is_empty() {
        return Cond::atom(match one_kind(&arms, true) {
            Some(is) => quote!(!v.#is()),
            None => quote!(!matches!(v, #(#others)|*)),
        });
    }
    let expr_arms = exprs.iter().map(|(variant, cond)| {
        let pattern = variant.pattern(true);
        let cond = cond.tokens();
        quote!(#pattern => #cond,)
    });
    let other_value = !default;
    let other_arm = (!others.is_empty()).then(|| quote!(#(#others)|* => #other_value,));
    let default_arm = (defaults > 0).then(|| quote!(_ => #default,));
    Cond::atom(quote! {
        match v {
            #(#expr_arms)*
            #other_arm
            #default_arm
        }
    })
}

/// The test "the instance is of one of `kinds`" (the `type` keyword, and
/// the type part of every schema).
pub fn kinds_test(kinds: u8) -> [Cond; 6] {
    Variant::ALL.map(|variant| match variant {
        Variant::Number => {
            let integer = kinds & kind::INTEGER != 0;
            let fraction = kinds & kind::FRACTION != 0;
            match (integer, fraction) {
                (true, true) => Cond::True,
                (false, false) => Cond::False,
                (true, false) => Cond::atom(quote!(rt::number::is_integer(n))),
                (false, true) => Cond::atom(quote!(!rt::number::is_integer(n))),
            }
        }
        other => Cond::constant(kinds & other.kinds() != 0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(c: Cond) -> String {
        c.tokens().to_string()
    }

    #[test]
    fn folds_to_the_shortest_form() {
        assert!(select(kinds_test(kind::ANY)).is_true());
        assert_eq!(text(select(kinds_test(kind::OBJECT))), "v . is_object ()");
        assert_eq!(
            text(select(kinds_test(kind::INTEGER))),
            "match v { rt :: Value :: Number (n) => rt :: number :: is_integer (n) , _ => false , }"
        );
        assert_eq!(
            text(select(kinds_test(kind::ANY & !kind::NULL))),
            "! v . is_null ()"
        );
        assert_eq!(
            text(select(kinds_test(kind::OBJECT | kind::ARRAY))),
            "matches ! (v , rt :: Value :: Object (_) | rt :: Value :: Array (_))"
        );
        let s = Cond::atom(quote!(s == "x"));
        let only_string = [
            Cond::False,
            Cond::False,
            s,
            Cond::False,
            Cond::False,
            Cond::False,
        ];
        assert_eq!(
            text(select(only_string)),
            "v . as_str () . is_some_and (| s | s == \"x\")"
        );
        let mixed = text(select(kinds_test(kind::STRING | kind::INTEGER)));
        assert!(mixed.starts_with("match v"), "{mixed}");
        assert!(mixed.contains("String (_) => true"), "{mixed}");
        assert!(mixed.contains("_ => false"), "{mixed}");
    }
}

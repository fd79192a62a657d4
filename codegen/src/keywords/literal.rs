//! Rust literals for schema values: numbers with their sign spelled as a
//! unary minus (a negative literal token does not survive every
//! `proc_macro2` round trip), strings as string literals.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Number;

/// A schema number as a Rust expression, and whether it is an integer
/// (`i128` literal, for `rt::number::*_int`) or not (`f64`, for
/// `*_float`). Integral floats (`2.0`) count as integers.
pub fn number(n: &Number) -> (bool, TokenStream) {
    let int = n
        .as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
        .or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e18)
                .map(|f| f as i128)
        });
    match int {
        Some(i) => {
            let lit = Literal::u128_unsuffixed(i.unsigned_abs());
            (true, if i < 0 { quote!(-#lit) } else { quote!(#lit) })
        }
        None => {
            let f = n.as_f64().unwrap_or(0.0);
            let lit = Literal::f64_unsuffixed(f.abs());
            (false, if f < 0.0 { quote!(-#lit) } else { quote!(#lit) })
        }
    }
}

/// `rt::number::<int_fn>(n, bound)` or `<float_fn>`, by the bound's kind.
pub fn number_call(int_fn: &str, float_fn: &str, n: &Number) -> TokenStream {
    let (is_int, lit) = number(n);
    let f = crate::names::ident(if is_int { int_fn } else { float_fn });
    quote!(rt::number::#f(n, #lit))
}

/// `rt::number::<int_fn>(&n, bound)` or `<float_fn>`: [`number_call`] as
/// the bytes reader spells it (its decoded `n` is a value, not a reference).
pub fn read_number_call(int_fn: &str, float_fn: &str, bound: &Number) -> TokenStream {
    let (is_int, lit) = number(bound);
    let f = crate::names::ident(if is_int { int_fn } else { float_fn });
    quote!(rt::number::#f(&n, #lit))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(json: &str) -> String {
        let n: Number = serde_json::from_str(json).unwrap();
        let (int, tokens) = number(&n);
        format!("{int} {tokens}")
    }

    #[test]
    fn spells_numbers() {
        assert_eq!(text("0"), "true 0");
        assert_eq!(text("-32021"), "true - 32021");
        assert_eq!(text("2.0"), "true 2");
        assert_eq!(text("18446744073709551615"), "true 18446744073709551615");
        assert_eq!(text("0.5"), "false 0.5");
        assert_eq!(text("-1.5"), "false - 1.5");
    }
}

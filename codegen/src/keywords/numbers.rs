//! `exclusiveMinimum`, `exclusiveMaximum` (compared exactly, as
//! [`super::minmax`] does) and `multipleOf` (exact for decimals: the
//! divisor is written as its shortest decimal `mantissa × 10^exp` and
//! `rt::number::multiple_of` tests divisibility in integers): numbers only.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Number;

use super::cond::Cond;
use super::literal::number_call;
use crate::node::Node;

/// The divisor `d` (positive, finite) as `(mantissa, exp)` with
/// `d = mantissa × 10^exp`: integers as they are, floats by their shortest
/// round-tripping decimal form (Rust's `{:e}`, as the runtime reads the
/// instance).
fn decimal(d: &Number) -> (u64, i32) {
    if let Some(u) = d.as_u64() {
        return (u, 0);
    }
    let f = d.as_f64().unwrap_or(1.0).abs();
    let text = format!("{f:e}");
    let (digits, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let fraction = digits.split_once('.').map_or(0, |(_, f)| f.len());
    let mantissa: u64 = digits.replace('.', "").parse().unwrap_or(1);
    let exp: i32 = exp.parse().unwrap_or(0);
    (mantissa, exp - fraction as i32)
}

/// `rt::number::multiple_of(n, mantissa, exp)` for the divisor `d`, the
/// number being the expression `n` (`n` here, `&n` in the bytes readers).
pub(crate) fn multiple_of_call(d: &Number, n: TokenStream) -> TokenStream {
    let (mantissa, exp) = decimal(d);
    let mantissa = Literal::u64_unsuffixed(mantissa);
    let exp = if exp < 0 {
        let abs = Literal::i32_unsuffixed(-exp);
        quote!(-#abs)
    } else {
        let exp = Literal::i32_unsuffixed(exp);
        quote!(#exp)
    };
    quote!(rt::number::multiple_of(#n, #mantissa, #exp))
}

/// The keywords' demand on a number `n`.
pub fn valid(node: &Node) -> Cond {
    let min = node
        .exclusive_minimum
        .as_ref()
        .map(|b| Cond::atom(number_call("gt_int", "gt_float", b)));
    let max = node
        .exclusive_maximum
        .as_ref()
        .map(|b| Cond::atom(number_call("lt_int", "lt_float", b)));
    let multiple = node
        .multiple_of
        .as_ref()
        .map(|d| Cond::atom(multiple_of_call(d, quote!(n))));
    Cond::all(min.into_iter().chain(max).chain(multiple))
}

/// One `if !test { report }` per keyword (inside `if let Number(n)`).
pub fn check(node: &Node) -> TokenStream {
    let report = |test: TokenStream, report: TokenStream, shown: String| {
        let at = super::context::at();
        quote! {
            if !#test {
                rt::#report(out, path, #at, #shown, n);
            }
        }
    };
    let min = node.exclusive_minimum.as_ref().map(|b| {
        let test = number_call("gt_int", "gt_float", b);
        report(test, quote!(exclusive_minimum), b.to_string())
    });
    let max = node.exclusive_maximum.as_ref().map(|b| {
        let test = number_call("lt_int", "lt_float", b);
        report(test, quote!(exclusive_maximum), b.to_string())
    });
    let multiple = node.multiple_of.as_ref().map(|d| {
        report(
            multiple_of_call(d, quote!(n)),
            quote!(multiple_of),
            d.to_string(),
        )
    });
    quote!(#min #max #multiple)
}

/// The bytes form's tests on a decoded number `n`.
pub fn read(node: &Node) -> Vec<TokenStream> {
    let mut tests = Vec::new();
    if let Some(min) = &node.exclusive_minimum {
        tests.push(super::literal::read_number_call("gt_int", "gt_float", min));
    }
    if let Some(max) = &node.exclusive_maximum {
        tests.push(super::literal::read_number_call("lt_int", "lt_float", max));
    }
    if let Some(divisor) = &node.multiple_of {
        tests.push(multiple_of_call(divisor, quote!(&n)));
    }
    tests
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> Number {
        serde_json::from_str(text).expect("number")
    }

    #[test]
    fn divisors_are_shortest_decimals() {
        assert_eq!(decimal(&number("2")), (2, 0));
        assert_eq!(decimal(&number("0.0001")), (1, -4));
        assert_eq!(decimal(&number("0.123456789")), (123_456_789, -9));
        assert_eq!(decimal(&number("1.5")), (15, -1));
        assert_eq!(decimal(&number("2.0")), (2, 0));
        assert_eq!(decimal(&number("1e30")), (1, 30));
    }

    #[test]
    fn exclusive_bounds_and_multiple_of() {
        let node = Node {
            pointer: "/$defs/X".into(),
            exclusive_minimum: Some(0.into()),
            exclusive_maximum: Number::from_f64(2.5),
            multiple_of: Number::from_f64(0.0001),
            ..Node::default()
        };
        assert_eq!(
            valid(&node).tokens().to_string(),
            "rt :: number :: gt_int (n , 0) && rt :: number :: lt_float (n , 2.5) && rt :: number :: multiple_of (n , 1 , - 4)"
        );
        let text = check(&node).to_string();
        assert!(
            text.contains("rt :: exclusive_minimum (out , path , at , \"0\" , n)"),
            "{text}"
        );
        assert!(
            text.contains("rt :: exclusive_maximum (out , path , at , \"2.5\" , n)"),
            "{text}"
        );
        assert!(
            text.contains("rt :: multiple_of (out , path , at , \"0.0001\" , n)"),
            "{text}"
        );
        assert!(valid(&Node::default()).is_true());
        assert!(check(&Node::default()).is_empty());
    }
}

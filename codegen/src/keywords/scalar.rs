//! The string, number and boolean arms: `const`, `enum`, `format`,
//! `minLength`/`maxLength`/`pattern`, `minimum`/`maximum`,
//! `exclusiveMinimum`/`exclusiveMaximum`/`multipleOf` and the integer test,
//! on the decoded value, with the same runtime helpers as the `Value` path. Numbers
//! are the `serde_json::Number` serde_json would build, compared by the
//! same `crate::number` helpers as the `Value` path.

use proc_macro2::{Literal, TokenStream};
use quote::quote;
use serde_json::Number;

use crate::names::ident;
use crate::node::{kind, Constant, Format, Node};

/// The string arm.
pub fn string(node: &Node) -> TokenStream {
    let mut tests = Vec::new();
    let shaped = node.min_length.is_some() || node.max_length.is_some() || node.pattern.is_some();
    if let Some(Constant::String(x)) = &node.const_ {
        if node.enum_.is_none() && node.format.is_none() && !shaped {
            return quote!(r.string_eq(#x));
        }
        tests.push(quote!(s == #x));
    }
    if let Some(values) = &node.enum_ {
        let strings: Vec<&str> = values
            .iter()
            .filter_map(|v| match v {
                Constant::String(s) => Some(s.as_str()),
                _ => None,
            })
            .collect();
        tests.push(quote!(matches!(s, #(#strings)|*)));
    }
    if let Some(min) = node.min_length {
        let min = Literal::u64_unsuffixed(min);
        tests.push(quote!(rt::min_chars(s, #min)));
    }
    if let Some(max) = node.max_length {
        let max = Literal::u64_unsuffixed(max);
        tests.push(quote!(rt::max_chars(s, #max)));
    }
    if let Some(source) = &node.pattern {
        tests.push(quote!({
            static RE: rt::Pattern = rt::Pattern::new(#source);
            RE.is_match(s)
        }));
    }
    if let Some(format) = node.format {
        if tests.is_empty() && matches!(format, Format::Byte) {
            // Checked as the bytes pass, no decode, no second pass.
            return quote!(r.byte_string());
        }
        let f = ident(format.function());
        tests.push(quote!(rt::format::#f(s)));
    }
    if tests.is_empty() {
        return quote!(r.skip_string());
    }
    quote!({
        let s = r.string()?;
        let s: &str = &s;
        rb::ok(#(#tests)&&*)
    })
}

/// The number arm; `kinds` says whether integers, fractions or both pass.
pub fn number(node: &Node, kinds: u8) -> TokenStream {
    let mut tests = Vec::new();
    match (kinds & kind::INTEGER != 0, kinds & kind::FRACTION != 0) {
        (true, false) => tests.push(quote!(rt::number::is_integer(&n))),
        (false, true) => tests.push(quote!(!rt::number::is_integer(&n))),
        _ => {}
    }
    if let Some(Constant::Number(x)) = &node.const_ {
        tests.push(call("eq_int", "eq_float", x));
    }
    if let Some(values) = &node.enum_ {
        let eqs: Vec<TokenStream> = values
            .iter()
            .filter_map(|v| match v {
                Constant::Number(x) => Some(call("eq_int", "eq_float", x)),
                _ => None,
            })
            .collect();
        tests.push(quote!((#(#eqs)||*)));
    }
    if let Some(min) = &node.minimum {
        tests.push(call("ge_int", "ge_float", min));
    }
    if let Some(max) = &node.maximum {
        tests.push(call("le_int", "le_float", max));
    }
    if let Some(min) = &node.exclusive_minimum {
        tests.push(call("gt_int", "gt_float", min));
    }
    if let Some(max) = &node.exclusive_maximum {
        tests.push(call("lt_int", "lt_float", max));
    }
    if let Some(divisor) = &node.multiple_of {
        tests.push(super::numbers::multiple_of_call(divisor, quote!(&n)));
    }
    if tests.is_empty() {
        return quote!(r.skip_number());
    }
    quote!({
        let n = r.number()?;
        rb::ok(#(#tests)&&*)
    })
}

/// The boolean arm.
pub fn boolean(node: &Node) -> TokenStream {
    let mut allowed: Option<Vec<bool>> = None;
    if let Some(Constant::Bool(b)) = &node.const_ {
        allowed = Some(vec![*b]);
    }
    if let Some(values) = &node.enum_ {
        let listed: Vec<bool> = values
            .iter()
            .filter_map(|v| match v {
                Constant::Bool(b) => Some(*b),
                _ => None,
            })
            .collect();
        allowed = Some(match allowed {
            Some(c) => c.into_iter().filter(|b| listed.contains(b)).collect(),
            None => listed,
        });
    }
    match allowed {
        None => quote!(r.boolean().map(|_| ())),
        Some(values) => match (values.contains(&true), values.contains(&false)) {
            (true, true) => quote!(r.boolean().map(|_| ())),
            (true, false) => quote!(rb::ok(r.boolean()?)),
            (false, true) => quote!(rb::ok(!r.boolean()?)),
            (false, false) => quote!(rb::stop()),
        },
    }
}

/// `rt::number::<int_fn>(&n, bound)` or `<float_fn>`, by the bound's
/// kind (integral bounds as exact `i128` literals), as the validators stage
/// spells them.
fn call(int_fn: &str, float_fn: &str, bound: &Number) -> TokenStream {
    let int = bound
        .as_i64()
        .map(i128::from)
        .or_else(|| bound.as_u64().map(i128::from))
        .or_else(|| {
            bound
                .as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e18)
                .map(|f| f as i128)
        });
    match int {
        Some(i) => {
            let f = ident(int_fn);
            let lit = Literal::u128_unsuffixed(i.unsigned_abs());
            let lit = if i < 0 { quote!(-#lit) } else { quote!(#lit) };
            quote!(rt::number::#f(&n, #lit))
        }
        None => {
            let f = ident(float_fn);
            let x = bound.as_f64().unwrap_or(0.0);
            let lit = Literal::f64_unsuffixed(x.abs());
            let lit = if x < 0.0 { quote!(-#lit) } else { quote!(#lit) };
            quote!(rt::number::#f(&n, #lit))
        }
    }
}

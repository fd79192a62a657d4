//! Which kinds of instance a schema can accept at all (object, array,
//! string, integer, fractional number, boolean, null), following `$ref`,
//! `allOf` and `anyOf`. The `anyOf` reporting rule uses it to prefer
//! branches of the instance's kind and to describe the branches when none
//! is (`expected one of: object (JSONObject), array, …`).

use super::context::Ctx;
use crate::node::{kind, Node};

/// The kind bits `node` admits.
pub fn kinds(node: &Node, cx: &Ctx<'_>) -> u8 {
    kinds_in(node, cx, &mut Vec::new())
}

fn kinds_in(node: &Node, cx: &Ctx<'_>, visiting: &mut Vec<String>) -> u8 {
    if let Some(target) = &node.ref_ {
        if visiting.contains(target) {
            return kind::ANY;
        }
        let Some(def) = cx.nodes.get(target) else {
            return kind::ANY;
        };
        visiting.push(target.clone());
        let k = kinds_in(def, cx, visiting);
        visiting.pop();
        return k;
    }
    let mut k = node.type_kinds();
    if let Some(value) = &node.const_ {
        k &= value.kinds();
    }
    if let Some(values) = &node.enum_ {
        k &= values.iter().fold(0, |acc, v| acc | v.kinds());
    }
    for part in node.all_of.iter().flatten() {
        k &= kinds_in(part, cx, visiting);
    }
    if let Some(branches) = &node.any_of {
        k &= branches
            .iter()
            .fold(0, |acc, b| acc | kinds_in(b, cx, visiting));
    }
    k
}

/// Kind bits as generated code names them: `rt::kind::OBJECT`,
/// `rt::kind::STRING | rt::kind::NUMBER`, `rt::kind::ANY` (the runtime's
/// named constants, not a number).
pub fn tokens(kinds: u8) -> proc_macro2::TokenStream {
    use quote::quote;
    if kinds & kind::ANY == kind::ANY {
        return quote!(rt::kind::ANY);
    }
    let number = kind::NUMBER;
    let names = [
        (kind::OBJECT, "OBJECT"),
        (kind::ARRAY, "ARRAY"),
        (kind::STRING, "STRING"),
        (number, "NUMBER"),
        (kind::INTEGER, "INTEGER"),
        (kind::FRACTION, "FRACTION"),
        (kind::BOOLEAN, "BOOLEAN"),
        (kind::NULL, "NULL"),
    ];
    let mut left = kinds;
    let mut parts = Vec::new();
    for (bits, name) in names {
        if left & bits == bits {
            left &= !bits;
            let name = crate::names::ident(name);
            parts.push(quote!(rt::kind::#name));
        }
    }
    if parts.is_empty() {
        return quote!(0);
    }
    quote!(#(#parts)|*)
}

/// `object`, `string/integer/boolean`, `number`, `any value`.
pub fn describe(kinds: u8) -> String {
    if kinds & kind::ANY == kind::ANY {
        return "any value".into();
    }
    let number = kinds & kind::NUMBER;
    let names = [
        (kinds & kind::OBJECT != 0, "object"),
        (kinds & kind::ARRAY != 0, "array"),
        (kinds & kind::STRING != 0, "string"),
        (number == kind::INTEGER, "integer"),
        (number & kind::FRACTION != 0, "number"),
        (kinds & kind::BOOLEAN != 0, "boolean"),
        (kinds & kind::NULL != 0, "null"),
    ];
    let names: Vec<&str> = names
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect();
    if names.is_empty() {
        "nothing".into()
    } else {
        names.join("/")
    }
}

/// One branch for the `anyOf` message: its kinds, and the definition it
/// references, if any: `object (TextContent)`.
pub fn describe_branch(node: &Node, cx: &Ctx<'_>) -> String {
    let kinds = describe(kinds(node, cx));
    match &node.ref_ {
        Some(target) => format!("{kinds} ({target})"),
        None => kinds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_kinds() {
        assert_eq!(describe(kind::OBJECT), "object");
        assert_eq!(
            describe(kind::STRING | kind::INTEGER | kind::BOOLEAN),
            "string/integer/boolean"
        );
        assert_eq!(describe(kind::NUMBER), "number");
        assert_eq!(describe(kind::ANY), "any value");
        assert_eq!(describe(0), "nothing");
    }
}

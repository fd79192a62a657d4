//! `fixture!(revision::Definition, <json>)`.

use proc_macro2::{TokenStream, TokenTree};

use crate::parse::{self, Spans};
use crate::{check, emit, target};

/// Expands one `fixture!` invocation, or the compile errors it earns.
pub fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    let comma = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','));
    let Some(comma) = comma else {
        return Err(Spans::of(&tokens).error(
            "expected `fixture!(<revision>::<Definition>, <json>)`, e.g. \
             `fixture!(v2026_07_28::CallToolResult, { \"content\": [] })`",
        ));
    };
    let target = target::resolve(&tokens[..comma])?;
    let mut parts = parse::split_commas(tokens[comma + 1..].iter().cloned().collect())?;
    if parts.len() != 1 {
        let spans = Spans::of(&tokens[comma + 1..]);
        return Err(spans.error("expected one JSON value after the definition"));
    }
    let value_tokens = parts.pop().unwrap_or_default();
    let node = parse::value(value_tokens, 0)?;
    let mut errors: Option<syn::Error> = None;
    for (violation, spans) in check::violations(&node, target.fns) {
        let e = spans.error(format!(
            "{violation} (not a valid {}; schema {})",
            target.display(),
            violation.schema
        ));
        match &mut errors {
            Some(all) => all.combine(e),
            None => errors = Some(e),
        }
    }
    match errors {
        Some(e) => Err(e),
        None => Ok(emit::fixture(&node, &target)),
    }
}

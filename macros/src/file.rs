//! `fixture_file!(revision::Definition, "path/relative/to/the/crate.json")`.

use proc_macro2::{Literal, TokenStream, TokenTree};
use quote::quote;

use crate::parse::{self, Spans};
use crate::target;

/// Expands one `fixture_file!` invocation, or the compile errors it earns.
pub fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let all: Vec<TokenTree> = input.clone().into_iter().collect();
    let usage = || {
        Spans::of(&all)
            .error("expected `fixture_file!(<revision>::<Definition>, \"path/to/file.json\")`")
    };
    let mut parts = parse::split_commas(input)?;
    if parts.len() != 2 {
        return Err(usage());
    }
    let path_tokens = parts.pop().unwrap_or_default();
    let target = target::resolve(&parts[0])?;
    let spans = Spans::of(&path_tokens);
    let relative = match path_tokens.as_slice() {
        [TokenTree::Literal(lit)] => match syn::Lit::new(lit.clone()) {
            syn::Lit::Str(s) => s.value(),
            _ => return Err(usage()),
        },
        _ => return Err(usage()),
    };
    let Some(dir) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return Err(spans.error("CARGO_MANIFEST_DIR is not set (build with cargo)"));
    };
    let path = std::path::Path::new(&dir).join(&relative);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| spans.error(format!("cannot read {relative}: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| spans.error(format!("{relative} is not JSON: {e}")))?;
    let violations = target.fns.check(&value);
    if let Some((first, rest)) = violations.split_first() {
        let mut all = spans.error(message(&relative, &target, first));
        for v in rest {
            all.combine(spans.error(message(&relative, &target, v)));
        }
        return Err(all);
    }
    let Some(absolute) = path.to_str() else {
        return Err(spans.error(format!("{relative}: the path is not UTF-8")));
    };
    let absolute = Literal::string(absolute);
    // `include_str!` makes cargo rebuild the caller when the file changes,
    // which runs this check again.
    Ok(quote!(::mcpwire::__private::literal(
        ::core::include_str!(#absolute)
    )))
}

fn message(file: &str, target: &target::Target, v: &mcpwire_runtime::Violation) -> String {
    format!(
        "{file}: {v} (not a valid {}; schema {})",
        target.display(),
        v.schema
    )
}

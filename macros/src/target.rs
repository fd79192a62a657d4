//! The first argument of both macros: `v2026_07_28::CallToolResult`
//! (optionally `mcpwire::` in front), resolved against the enabled
//! revisions.

use proc_macro2::{Ident, TokenTree};

use crate::parse::Spans;
use crate::revisions;
use crate::suggest::{closest, did_you_mean};
use mcpwire_runtime::DefinitionFns;

/// A resolved definition.
pub struct Target {
    /// The revision module: `v2026_07_28`.
    pub revision: Ident,
    /// The definition: `CallToolResult`.
    pub definition: Ident,
    /// Its generated checks.
    pub fns: &'static DefinitionFns,
}

impl Target {
    /// `v2026_07_28::CallToolResult`, for messages.
    pub fn display(&self) -> String {
        format!("{}::{}", self.revision, self.definition)
    }
}

/// Parses and resolves the tokens before the first top-level comma.
pub fn resolve(tokens: &[TokenTree]) -> syn::Result<Target> {
    let spans = Spans::of(tokens);
    let idents = path_idents(tokens).ok_or_else(|| {
        spans.error("expected `<revision>::<Definition>`, e.g. `v2026_07_28::CallToolResult`")
    })?;
    let (revision, definition) = match idents.as_slice() {
        [r, d] => (r.clone(), d.clone()),
        [m, r, d] if m == "mcpwire" => (r.clone(), d.clone()),
        _ => {
            return Err(spans
                .error("expected `<revision>::<Definition>`, e.g. `v2026_07_28::CallToolResult`"))
        }
    };
    let rev_name = revision.to_string();
    let Some((_, defs)) = revisions::ENABLED.iter().find(|(m, _)| *m == rev_name) else {
        return Err(unknown_revision(&revision, &rev_name));
    };
    let def_name = definition.to_string();
    match defs.binary_search_by(|d| d.name.cmp(def_name.as_str())) {
        Ok(i) => Ok(Target {
            revision,
            definition,
            fns: &defs[i],
        }),
        Err(_) => Err(unknown_definition(&definition, &rev_name, defs)),
    }
}

/// `a::b::c` → [a, b, c]; anything else → None.
fn path_idents(tokens: &[TokenTree]) -> Option<Vec<Ident>> {
    let mut idents = Vec::new();
    let mut rest = tokens;
    // An optional leading `::`.
    if let [TokenTree::Punct(a), TokenTree::Punct(b), tail @ ..] = rest {
        if a.as_char() == ':' && b.as_char() == ':' {
            rest = tail;
        }
    }
    loop {
        match rest {
            [TokenTree::Ident(i)] => {
                idents.push(i.clone());
                return Some(idents);
            }
            [TokenTree::Ident(i), TokenTree::Punct(a), TokenTree::Punct(b), tail @ ..]
                if a.as_char() == ':' && b.as_char() == ':' =>
            {
                idents.push(i.clone());
                rest = tail;
            }
            _ => return None,
        }
    }
}

fn unknown_revision(ident: &Ident, name: &str) -> syn::Error {
    let message = if revisions::ALL.contains(&name) {
        format!("MCP revision `{name}` is not enabled: turn on mcpwire's cargo feature `{name}`")
    } else {
        let enabled: Vec<&str> = revisions::ENABLED.iter().map(|(m, _)| *m).collect();
        format!(
            "unknown MCP revision `{name}`{} (enabled: {})",
            did_you_mean(&closest(name, revisions::ALL.iter().copied())),
            if enabled.is_empty() {
                "none".to_string()
            } else {
                enabled.join(", ")
            }
        )
    };
    syn::Error::new(ident.span(), message)
}

fn unknown_definition(ident: &Ident, revision: &str, defs: &[DefinitionFns]) -> syn::Error {
    let name = ident.to_string();
    let elsewhere: Vec<&str> = revisions::ENABLED
        .iter()
        .filter(|(_, defs)| defs.iter().any(|d| d.name == name))
        .map(|(m, _)| *m)
        .collect();
    let suggestions = closest(&name, defs.iter().map(|d| d.name));
    let mut message = format!(
        "MCP revision `{revision}` has no definition `{name}`{}",
        did_you_mean(&suggestions)
    );
    if !elsewhere.is_empty() {
        message.push_str(&format!(
            " (`{name}` is defined in {})",
            elsewhere.join(", ")
        ));
    }
    syn::Error::new(ident.span(), message)
}

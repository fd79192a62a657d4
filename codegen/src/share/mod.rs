//! Sharing across revisions: a generated function that is the same in
//! several enabled revisions is emitted once, in the first of them (its
//! *home*), and the others re-export it
//! (`pub use super::super::<home>::validate::{is_valid_x, check_x_at};`).
//!
//! The unit is one entry of a [`Module`]: the validators stage gives each
//! function its own (`is_valid_x`, `check_x`, `check_x_at`), the bytes
//! stage one per definition (`read_x`). Same text is not enough:
//! `is_valid_tool` calls `is_valid_icon`, which may differ between the two
//! revisions. So two entries are shared only when they are *bisimilar*:
//! same text, and every function they call (of either module) is shared
//! between the same two revisions (partition refinement, as for DFA
//! minimization: start from classes by text, split by the classes of the
//! called entries until nothing splits; cycles such as `JSONValue` ↔
//! `JSONObject` are handled because a class only ever splits). Then the
//! home's function, whose calls resolve inside the home module, is exactly
//! the function the other revision would have compiled.
//!
//! Across dialects: the texts of `is_valid_x` and `check_x_at` name no
//! schema pointer but the node's below the definitions container
//! (`let at = D::at("/Tool/properties/icons");`), which the caller's
//! dialect `D` supplies (`/definitions` for draft-07, `/$defs` for
//! 2020-12): `check_x_at::<D>` is generic, `$ref`s pass `D` on, and only
//! `check_x` and the `DEFINITIONS` rows (per revision) name the
//! revision's dialect (`check_x_at::<rt::Draft2020_12>`). So
//! `is_valid_tool` and `check_tool_at` of 2025-06-18 (draft-07) can serve
//! 2025-11-25 (2020-12), and a shared function reports exactly what the
//! unshared one would: same violations, same schema pointers, those of
//! the revision that called it. `check_x` is shared within a dialect, and
//! so are the bytes readers, whose doc comments name the definition's
//! pointer (`/$defs/Tool`).
//!
//! Types too: the `types` module is cut into one
//! entry per type typify made (its item, its impls, its `definition!`
//! line: `types::entries`), [`Module::keyed`]. A type's entry depends on
//! the types it names and on the check its `definition!` line calls, so a
//! shared `Tool` is re-exported only when its check is shared too; its
//! pointer is in its text, so definition types are shared within a
//! dialect, plain member types (`ClientCapabilitiesRoots`) across all. The
//! trait behind `roundtrip` lives in the runtime (`typed`), so one impl
//! serves every module that re-exports the type. Generated lines, build
//! time and the all-six library's peak: docs/benchmarks.md ("Build").

use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::{TokenStream, TokenTree};
use quote::quote;

use crate::{names, Version};

/// The shareable entries of one generated submodule (`validate` or
/// `bytes`) and what follows them (tables).
#[derive(Clone, Default)]
pub struct Module {
    /// `(key, its functions)`, in schema order: one entry is shared or
    /// not as a whole. The key (a function's name for `validate`, a
    /// definition's for `bytes`) is unique in the module.
    pub functions: Vec<(String, TokenStream)>,
    /// Everything after the functions (`DEFINITIONS`, `Definition`); in
    /// a [`keyed`](Self::keyed) module, everything before them (its
    /// `macro_rules!` are used by the entries).
    pub tables: TokenStream,
    /// Each entry defines the item its key names (a type of the `types`
    /// module, with its impls), not the `fn`s in it.
    pub keyed: bool,
}

impl Module {
    /// What the entry `(key, tokens)` defines, which names it in
    /// [`homes`]' result and in its re-export: its key in a
    /// [`keyed`](Self::keyed) module, else its top-level `fn`s.
    fn names(&self, key: &str, tokens: &TokenStream) -> Vec<String> {
        if self.keyed {
            vec![key.to_string()]
        } else {
            defined(tokens)
        }
    }
}

/// One revision's submodules, for [`homes`].
pub struct Revision<'a> {
    /// The revision.
    pub version: Version,
    /// Its `validate` module.
    pub validate: &'a Module,
    /// Its `bytes` module, when generated.
    pub bytes: Option<&'a Module>,
    /// Its `types` module, when generated.
    pub types: Option<&'a Module>,
}

/// The functions an entry defines (`fn name` at its top level), which name
/// it in [`homes`]' result and in its re-export.
fn defined(tokens: &TokenStream) -> Vec<String> {
    let mut out = Vec::new();
    let mut after_fn = false;
    for tree in tokens.clone() {
        if let TokenTree::Ident(ident) = &tree {
            if after_fn {
                out.push(ident.to_string());
            }
            after_fn = ident == "fn";
        } else {
            after_fn = false;
        }
    }
    out
}

/// The words of an entry's text, which name what a function calls.
fn words(text: &str) -> Vec<String> {
    text.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
        .map(str::to_string)
        .collect()
}

/// The identifiers a type's entry refers to: every identifier that is not
/// a later segment of a path (`::std::result::Result` names no `Result`
/// of the module), but for the function after `validate::`, and none in
/// literals (doc comments name types in prose).
fn referenced(tokens: &TokenStream) -> Vec<String> {
    fn walk(tokens: &TokenStream, out: &mut Vec<String>) {
        let mut colons = 0;
        let mut last: Option<String> = None;
        for tree in tokens.clone() {
            match &tree {
                TokenTree::Punct(p) if p.as_char() == ':' => {
                    colons += 1;
                    continue;
                }
                TokenTree::Ident(ident) => {
                    let word = ident.to_string();
                    let after_path = colons >= 2;
                    if !after_path || last.as_deref() == Some("validate") {
                        out.push(word.clone());
                    }
                    last = Some(word);
                }
                TokenTree::Group(g) => {
                    walk(&g.stream(), out);
                    last = None;
                }
                _ => last = None,
            }
            colons = 0;
        }
    }
    let mut out = Vec::new();
    walk(tokens, &mut out);
    out
}

/// One entry of a revision (of any of its modules): its key, its text,
/// and the entries its text calls (by index, in the order of their keys).
struct Unit {
    key: String,
    text: String,
    calls: Vec<usize>,
}

/// For each revision (in order), the entries it takes from an earlier one:
/// entry (the functions it defines, comma-separated) → home revision.
pub fn homes(revisions: &[Revision<'_>]) -> Vec<BTreeMap<String, Version>> {
    let units: Vec<Vec<Unit>> = revisions.iter().map(units).collect();
    let class = bisimilar_classes(&units);
    first_homes(revisions, &units, &class)
}

/// A revision's entries (all its modules) as units.
fn units(rev: &Revision<'_>) -> Vec<Unit> {
    let entries: Vec<(Vec<String>, &TokenStream, bool)> =
        [Some(rev.validate), rev.bytes, rev.types]
            .into_iter()
            .flatten()
            .flat_map(|m| {
                m.functions
                    .iter()
                    .map(move |(k, tokens)| (m.names(k, tokens), tokens, m.keyed))
            })
            .collect();
    let mut by_fn: HashMap<String, usize> = HashMap::new();
    for (i, (names, _, _)) in entries.iter().enumerate() {
        for f in names {
            by_fn.insert(f.clone(), i);
        }
    }
    entries
        .iter()
        .enumerate()
        .map(|(i, (names, tokens, keyed))| {
            let text = tokens.to_string();
            let words = if *keyed {
                referenced(tokens)
            } else {
                words(&text)
            };
            // A function calls functions only; a type names both.
            let called: BTreeMap<String, usize> = words
                .iter()
                .filter_map(|word| {
                    by_fn
                        .get(word.as_str())
                        .map(|&u| (entries[u].0.join(","), u))
                })
                .filter(|&(_, u)| u != i && (*keyed || !entries[u].2))
                .collect();
            Unit {
                key: names.join(","),
                text,
                calls: called.into_values().collect(),
            }
        })
        .collect()
}

/// The class of every (revision, entry): partition refinement, from
/// classes by text, split by the classes of the called entries until
/// nothing splits.
fn bisimilar_classes(units: &[Vec<Unit>]) -> Vec<Vec<usize>> {
    let mut ids: HashMap<&str, usize> = HashMap::new();
    let mut class: Vec<Vec<usize>> = units
        .iter()
        .map(|us| {
            us.iter()
                .map(|u| {
                    let n = ids.len();
                    *ids.entry(u.text.as_str()).or_insert(n)
                })
                .collect()
        })
        .collect();
    let count = |class: &Vec<Vec<usize>>| class.iter().flatten().collect::<BTreeSet<_>>().len();
    let mut classes = count(&class);
    loop {
        let mut ids: HashMap<(usize, Vec<usize>), usize> = HashMap::new();
        let next: Vec<Vec<usize>> = units
            .iter()
            .zip(&class)
            .map(|(us, cs)| {
                us.iter()
                    .zip(cs)
                    .map(|(u, &c)| {
                        let sig = u.calls.iter().map(|&callee| cs[callee]).collect();
                        let n = ids.len();
                        *ids.entry((c, sig)).or_insert(n)
                    })
                    .collect()
            })
            .collect();
        let now = count(&next);
        class = next;
        if now == classes {
            break;
        }
        classes = now;
    }
    class
}

/// Home of each class: its first revision; each revision takes the
/// entries whose class has an earlier home.
fn first_homes(
    revisions: &[Revision<'_>],
    units: &[Vec<Unit>],
    class: &[Vec<usize>],
) -> Vec<BTreeMap<String, Version>> {
    let mut home: HashMap<usize, Version> = HashMap::new();
    units
        .iter()
        .zip(class)
        .zip(revisions)
        .map(|((us, cs), rev)| {
            let mut taken = BTreeMap::new();
            for (u, c) in us.iter().zip(cs) {
                match home.get(c) {
                    Some(v) => {
                        taken.insert(u.key.clone(), *v);
                    }
                    None => {
                        home.insert(*c, rev.version);
                    }
                }
            }
            taken
        })
        .collect()
}

/// The submodule `name` (`validate`, `bytes`, `types`) of a revision: the runtime
/// import, its own functions, re-exports of those it takes from a home,
/// then its tables.
pub fn tokens(module: &Module, taken: &BTreeMap<String, Version>, name: &str) -> TokenStream {
    let sub = names::ident(name);
    let mut own = Vec::new();
    let mut by_home: BTreeMap<&str, Vec<proc_macro2::Ident>> = BTreeMap::new();
    for (k, functions) in &module.functions {
        let names = module.names(k, functions);
        match taken.get(&names.join(",")) {
            None => own.push(functions.clone()),
            Some(home) => by_home
                .entry(home.module)
                .or_default()
                .extend(names.iter().map(|f| names::ident(f))),
        }
    }
    let uses = by_home.iter().map(|(home, fns)| {
        let home = names::ident(home);
        quote!(pub use super::super::#home::#sub::{#(#fns),*};)
    });
    let tables = &module.tables;
    if module.keyed {
        // No `rt` import (the types name the runtime in full), and the
        // tables first: they define the `macro_rules!` the entries use.
        return quote! {
            #tables
            #(#uses)*
            #(#own)*
        };
    }
    // The bytes readers name the bytes runtime on nearly every line: a
    // short alias keeps their calls on one line each.
    let bytes_alias = (name == "bytes").then(|| {
        quote!(
            use ::mcpwire_runtime::__private::bytes as rb;
        )
    });
    quote! {
        use ::mcpwire_runtime::__private as rt;
        #bytes_alias
        #(#uses)*
        #(#own)*
        #tables
    }
}

#[cfg(test)]
mod tests;

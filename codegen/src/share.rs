//! Sharing across revisions: a definition whose generated functions are the
//! same in several enabled revisions is emitted once, in the first of them
//! (its *home*), and the others re-export it
//! (`pub use super::super::<home>::validate::{is_valid_x, check_x, check_x_at};`).
//!
//! Same text is not enough: `is_valid_tool` calls `is_valid_icon`, which
//! may differ between the two revisions. So two definitions are shared
//! only when they are *bisimilar*: same text, and every definition they
//! call is shared between the same two revisions (partition refinement,
//! as for DFA minimization: start from classes by text, split by the
//! classes of the called definitions until nothing splits; cycles such as
//! `JSONValue` ↔ `JSONObject` are handled because a class only ever
//! splits). Then the home's function, whose calls resolve inside the home
//! module, is exactly the function the other revision would have compiled.
//!
//! Text includes schema pointers (`/$defs/Tool/…` vs `/definitions/Tool/…`)
//! and doc comments, so definitions are shared within a dialect only, and
//! a shared function reports exactly what the unshared one would.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use proc_macro2::TokenStream;
use quote::quote;

use crate::{names, Version};

/// The per-definition functions of one generated submodule (`validate` or
/// `bytes`) and what follows them (tables).
#[derive(Clone, Default)]
pub struct Module {
    /// `(definition, its functions)`, in schema order.
    pub functions: Vec<(String, TokenStream)>,
    /// Everything after the functions (`DEFINITIONS`, `Definition`).
    pub tables: TokenStream,
}

/// One revision's submodules, for [`homes`].
pub struct Revision<'a> {
    /// The revision.
    pub version: Version,
    /// Its `validate` module.
    pub validate: &'a Module,
    /// Its `bytes` module, when generated.
    pub bytes: Option<&'a Module>,
}

/// The names of a definition's generated functions.
pub fn fn_names(definition: &str) -> [String; 4] {
    [
        names::is_valid_fn(definition),
        names::check_fn(definition),
        names::check_at_fn(definition),
        crate::bytes::read_fn(definition),
    ]
}

/// For each revision (in order), the definitions it takes from an earlier
/// one: definition → home revision.
pub fn homes(revisions: &[Revision<'_>]) -> Vec<BTreeMap<String, Version>> {
    // Texts and calls of every (revision, definition).
    let mut text: Vec<BTreeMap<String, String>> = Vec::new();
    let mut calls: Vec<BTreeMap<String, BTreeSet<String>>> = Vec::new();
    for rev in revisions {
        let mut by_fn: HashMap<String, String> = HashMap::new();
        for (def, _) in &rev.validate.functions {
            for f in fn_names(def) {
                by_fn.insert(f, def.clone());
            }
        }
        let bytes: BTreeMap<&str, String> = rev
            .bytes
            .map(|m| {
                m.functions
                    .iter()
                    .map(|(d, t)| (d.as_str(), t.to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let mut t = BTreeMap::new();
        let mut c = BTreeMap::new();
        for (def, tokens) in &rev.validate.functions {
            let mut s = tokens.to_string();
            s.push_str(" ## ");
            s.push_str(bytes.get(def.as_str()).map_or("", String::as_str));
            let called: BTreeSet<String> = s
                .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .filter_map(|word| by_fn.get(word))
                .filter(|d| *d != def)
                .cloned()
                .collect();
            t.insert(def.clone(), s);
            c.insert(def.clone(), called);
        }
        text.push(t);
        calls.push(c);
    }
    // Partition refinement over every (revision, definition).
    let mut class: Vec<BTreeMap<String, usize>> = Vec::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    for t in &text {
        let mut m = BTreeMap::new();
        for (def, s) in t {
            let n = ids.len();
            m.insert(def.clone(), *ids.entry(s.clone()).or_insert(n));
        }
        class.push(m);
    }
    let count = |class: &Vec<BTreeMap<String, usize>>| {
        class
            .iter()
            .flat_map(|m| m.values().copied())
            .collect::<BTreeSet<_>>()
            .len()
    };
    let mut classes = count(&class);
    loop {
        let mut ids: HashMap<(usize, Vec<(String, usize)>), usize> = HashMap::new();
        let mut next = Vec::new();
        for (r, m) in class.iter().enumerate() {
            let mut n = BTreeMap::new();
            for (def, c) in m {
                let sig: Vec<(String, usize)> = calls[r][def]
                    .iter()
                    .map(|d| (d.clone(), m.get(d).copied().unwrap_or(usize::MAX)))
                    .collect();
                let k = ids.len();
                n.insert(def.clone(), *ids.entry((*c, sig)).or_insert(k));
            }
            next.push(n);
        }
        let now = count(&next);
        class = next;
        if now == classes {
            break;
        }
        classes = now;
    }
    // Home of each class: its first revision.
    let mut home: HashMap<usize, Version> = HashMap::new();
    let mut out = Vec::new();
    for (r, m) in class.iter().enumerate() {
        let mut taken = BTreeMap::new();
        for (def, c) in m {
            match home.get(c) {
                Some(v) => {
                    taken.insert(def.clone(), *v);
                }
                None => {
                    home.insert(*c, revisions[r].version);
                }
            }
        }
        out.push(taken);
    }
    out
}

/// The submodule `name` (`validate`, `bytes`) of a revision: the runtime
/// import, its own functions, re-exports of those it takes from a home,
/// then its tables.
pub fn tokens(module: &Module, taken: &BTreeMap<String, Version>, name: &str) -> TokenStream {
    let sub = names::ident(name);
    let mut own = Vec::new();
    let mut by_home: BTreeMap<&str, Vec<proc_macro2::Ident>> = BTreeMap::new();
    for (def, functions) in &module.functions {
        match taken.get(def) {
            None => own.push(functions.clone()),
            Some(home) => {
                let [is_valid, check, check_at, read] = fn_names(def);
                let list = by_home.entry(home.module).or_default();
                if name == "bytes" {
                    list.push(names::ident(&read));
                } else {
                    list.extend([is_valid, check, check_at].iter().map(|f| names::ident(f)));
                }
            }
        }
    }
    let uses = by_home.iter().map(|(home, fns)| {
        let home = names::ident(home);
        quote!(pub use super::super::#home::#sub::{#(#fns),*};)
    });
    let tables = &module.tables;
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
mod tests {
    use super::*;

    fn module(defs: &[(&str, TokenStream)]) -> Module {
        Module {
            functions: defs
                .iter()
                .map(|(d, t)| (d.to_string(), t.clone()))
                .collect(),
            tables: TokenStream::new(),
        }
    }

    fn v(name: &str) -> Version {
        Version::by_name(name).unwrap()
    }

    #[test]
    fn shares_only_what_calls_the_same() {
        // `Tool` reads the same in both, but calls an `Icon` that differs:
        // only `Role` (same text, no calls) is shared.
        let a = module(&[
            (
                "Tool",
                quote!(
                    fn is_valid_tool() {
                        is_valid_icon()
                    }
                ),
            ),
            (
                "Icon",
                quote!(
                    fn is_valid_icon() {
                        1
                    }
                ),
            ),
            (
                "Role",
                quote!(
                    fn is_valid_role() {
                        3
                    }
                ),
            ),
        ]);
        let b = module(&[
            (
                "Tool",
                quote!(
                    fn is_valid_tool() {
                        is_valid_icon()
                    }
                ),
            ),
            (
                "Icon",
                quote!(
                    fn is_valid_icon() {
                        2
                    }
                ),
            ),
            (
                "Role",
                quote!(
                    fn is_valid_role() {
                        3
                    }
                ),
            ),
        ]);
        let revs = [
            Revision {
                version: v("2025-11-25"),
                validate: &a,
                bytes: None,
            },
            Revision {
                version: v("2026-07-28"),
                validate: &b,
                bytes: None,
            },
        ];
        let homes = homes(&revs);
        assert!(homes[0].is_empty());
        assert_eq!(homes[1].keys().collect::<Vec<_>>(), ["Role"]);
        assert_eq!(homes[1]["Role"], v("2025-11-25"));
        let text = tokens(&b, &homes[1], "validate").to_string();
        assert!(
            text.contains("pub use super :: super :: v2025_11_25 :: validate :: { is_valid_role"),
            "{text}"
        );
        assert!(!text.contains("fn is_valid_role"), "{text}");
    }

    #[test]
    fn shares_cycles_that_match() {
        // `JSONValue` ↔ `JSONObject`, the same in both revisions.
        let m = module(&[
            (
                "JSONValue",
                quote!(
                    fn is_valid_json_value() {
                        is_valid_json_object()
                    }
                ),
            ),
            (
                "JSONObject",
                quote!(
                    fn is_valid_json_object() {
                        is_valid_json_value()
                    }
                ),
            ),
        ]);
        let revs = [
            Revision {
                version: v("2025-11-25"),
                validate: &m,
                bytes: None,
            },
            Revision {
                version: v("2026-07-28"),
                validate: &m,
                bytes: None,
            },
        ];
        assert_eq!(homes(&revs)[1].len(), 2);
    }
}

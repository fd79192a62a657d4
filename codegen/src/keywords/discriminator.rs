//! Discriminated `anyOf`s, found at codegen time: a property whose string
//! `const` differs per branch (`type` of `ContentBlock`, `method` of the
//! request and notification unions, `mode` of `ElicitRequestParams`).
//!
//! A branch's consts are read from its top-level `properties`, following
//! `$ref`s and `allOf` parts (all of which apply to the same instance).
//! A property discriminates when at least two branches fix it, all to
//! different strings; among several, the one fixed by the most branches
//! wins, then the first by name. Branches that do not fix it stay
//! *untagged* and are always tried.
//!
//! Soundness of the fast path: if the instance is an object whose member
//! is a string `t`, a branch fixing the member to another value fails its
//! `const`, so only the branch tagged `t` and the untagged ones can pass.

use std::collections::BTreeMap;

use super::context::Ctx;
use crate::node::{Constant, Node};

/// The discriminating property and each branch's value for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discriminator {
    /// The member name.
    pub property: String,
    /// Per branch, in order: its `const`, or `None` when untagged.
    pub tags: Vec<Option<String>>,
}

/// Depth limit for following `$ref`/`allOf` chains (cycles end here).
const MAX_DEPTH: usize = 8;

/// The string consts a branch fixes, by property.
fn consts(node: &Node, cx: &Ctx<'_>, depth: usize, out: &mut BTreeMap<String, String>) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(target) = &node.ref_ {
        if let Some(def) = cx.nodes.get(target) {
            consts(def, cx, depth + 1, out);
        }
        return;
    }
    for (name, sub) in &node.properties {
        if let Some(Constant::String(value)) = &sub.const_ {
            out.entry(name.clone()).or_insert_with(|| value.clone());
        }
    }
    for part in node.all_of.iter().flatten() {
        consts(part, cx, depth + 1, out);
    }
}

/// The discriminator of an `anyOf`, if its branches have one.
pub fn find(branches: &[Node], cx: &Ctx<'_>) -> Option<Discriminator> {
    let per_branch: Vec<BTreeMap<String, String>> = branches
        .iter()
        .map(|b| {
            let mut out = BTreeMap::new();
            consts(b, cx, 0, &mut out);
            out
        })
        .collect();
    let mut candidates: Vec<&String> = per_branch.iter().flat_map(|m| m.keys()).collect();
    candidates.sort();
    candidates.dedup();
    let mut best: Option<(usize, Discriminator)> = None;
    for property in candidates {
        let tags: Vec<Option<String>> = per_branch
            .iter()
            .map(|m| m.get(property).cloned())
            .collect();
        let mut values: Vec<&String> = tags.iter().flatten().collect();
        let tagged = values.len();
        values.sort();
        values.dedup();
        if tagged < 2 || values.len() != tagged {
            continue;
        }
        if best.as_ref().is_none_or(|(n, _)| tagged > *n) {
            let property = property.clone();
            best = Some((tagged, Discriminator { property, tags }));
        }
    }
    best.map(|(_, d)| d)
}

//! The differential target's comparison: mcpwire's generated checks
//! (`is_valid`, `check`, and the bytes reader) against the `jsonschema`
//! oracle of `tests/support/oracle.rs`, with the principled differences of
//! `tests/differential.rs`: pointer sets compared by the prefix rule
//! (mcpwire descends into the closest `anyOf` branch), and a disagreement
//! that vanishes under ajv-formats' `uri` / `uri-template` is explained.

use std::{collections::BTreeSet, sync::OnceLock};

use mcpwire::{spec::DefinitionFns, Version};
use serde_json::Value;

use super::{oracle::Oracle, pointer, spec_files};

/// The oracle of one revision, built on first use.
pub fn oracle(v: Version) -> &'static Oracle {
    const N: usize = Version::ALL.len();
    static ORACLES: [OnceLock<Oracle>; N] = [const { OnceLock::new() }; N];
    let i = Version::ALL.iter().position(|x| *x == v).unwrap_or(0);
    ORACLES[i].get_or_init(|| Oracle::new(v, &spec_files::patched_schema(v)))
}

/// Judges `instance` against `fns` both ways and panics on a disagreement
/// no documented difference explains.
pub fn agree(v: Version, fns: &DefinitionFns, instance: &Value) {
    let quick = (fns.is_valid)(instance);
    let found = fns.check(instance);
    let pointers: BTreeSet<String> = found
        .iter()
        .map(|f| f.instance.as_str().to_string())
        .collect();
    assert_eq!(
        quick,
        found.is_empty(),
        "{v} {}: is_valid = {quick} but check found {found:?} on {instance}",
        fns.name
    );
    let bytes = serde_json::to_vec(instance).unwrap_or_default();
    if let Some(reader) = mcpwire::bytes::Definition::find(v, fns.name) {
        let limits = mcpwire::input::Limits::default();
        if let Ok(fast) = reader.is_valid(&bytes, limits) {
            assert_eq!(
                fast, quick,
                "{v} {}: bytes reader says {fast} on {instance}",
                fns.name
            );
        }
    }
    let o = oracle(v);
    let Some(reason) = differ(quick, &pointers, &o.judge(fns.name, instance)) else {
        return;
    };
    if differ(quick, &pointers, &o.judge_ajv_formats(fns.name, instance)).is_none() {
        return;
    }
    panic!(
        "{v} {}: {reason}\ninstance: {instance}\nmcpwire: {:?}\noracle: {:?}",
        fns.name,
        found.iter().map(|f| f.to_string()).collect::<Vec<_>>(),
        o.judge(fns.name, instance).errors
    );
}

fn differ(
    quick: bool,
    pointers: &BTreeSet<String>,
    oracle: &super::oracle::Verdict,
) -> Option<String> {
    if quick != oracle.valid {
        return Some(format!("verdict: mcpwire {quick}, oracle {}", oracle.valid));
    }
    let theirs: BTreeSet<String> = oracle.errors.iter().map(|(p, _)| p.clone()).collect();
    pointer::compare(pointers, &theirs)
}

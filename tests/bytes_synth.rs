//! The bytes path against the `Value` path on instances synthesized from
//! every definition of every enabled revision (`tests/support/synth.rs`),
//! and on schema-aware mutations of them (`tests/support/mutate.rs`): the
//! revisions without published examples get the same coverage as those
//! with. Same properties as `bytes_differential.rs`: a fast "valid" is
//! always the `Value` path's verdict, every instance the `Value` path
//! accepts is shown valid by the fast path (no repeated members here), and
//! `bytes::Definition::check` equals the `Value` path's violations.

mod support;

use mcpwire::bytes::{Definition, Fast};
use mcpwire::input::{self, Limits};
use mcpwire::Version;
use support::{mutate::Mutator, prng::Rng, spec_files, synth::Synth};

/// Instances per definition (each also mutated three times).
const PER_DEFINITION: u64 = 3;

#[test]
fn synthesized_and_mutated_instances_agree() {
    let limits = Limits::default();
    let seed = 0x6279_7465_735f_7379;
    for version in Version::enabled() {
        let schema = spec_files::patched_schema(version);
        let defs_key = spec_files::defs_key(version);
        let mutator = Mutator::new(&schema);
        let (mut cases, mut valid, mut fast_valid) = (0usize, 0usize, 0usize);
        for name in spec_files::definition_names(version, &schema) {
            let def = Definition::find(version, &name)
                .unwrap_or_else(|| panic!("{version}: no bytes validator for {name}"));
            for k in 0..PER_DEFINITION {
                let label = format!("bytes/{version}/{name}");
                let mut rng = Rng::derive(seed, &label, k);
                let mut synth = Synth::new(&schema, rng.clone());
                let instance = synth.definition(defs_key, &name);
                let mut instances = vec![instance.clone()];
                for m in 0..3 {
                    let mut x = instance.clone();
                    mutator.mutate(&mut x, &mut rng, 1 + m % 2);
                    instances.push(x);
                }
                for x in instances {
                    let text = if rng.below(2) == 0 {
                        serde_json::to_vec(&x).unwrap()
                    } else {
                        serde_json::to_vec_pretty(&x).unwrap()
                    };
                    let what = format!("{version} {name} #{k}: {}", String::from_utf8_lossy(&text));
                    let is_valid = (def.value.is_valid)(&x);
                    let fast = def.fast(&text, limits);
                    cases += 1;
                    if is_valid {
                        valid += 1;
                        assert_eq!(fast, Fast::Valid, "valid, not shown valid: {what}");
                    }
                    if fast == Fast::Valid {
                        fast_valid += 1;
                        assert!(is_valid, "shown valid, but invalid: {what}");
                    }
                    let expected = input::parse(&text, limits).map(|v| def.value.check(&v));
                    assert_eq!(def.check(&text, limits), expected, "{what}");
                }
            }
        }
        eprintln!("{version}: {cases} instances, {valid} valid, {fast_valid} shown valid by the fast path");
        assert!(valid > 0 && valid < cases, "{version}: {valid} of {cases}");
    }
}

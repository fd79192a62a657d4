//! The proofs behind `mcpwire::bytes::plan` (one pass for a response and
//! its typed `result`): in every compiled revision, the result envelope
//! reads `result` — and no other member of the top-level object — as
//! `Result` (what lets a result definition that implies `Result`, as
//! `tests/implications.rs` tries, stand in for it). And the one-pass
//! verdict agrees with the two checks apart on valid and broken responses.

mod support;

use mcpwire::bytes::{self, plan, Definition};
use mcpwire::input::Limits;
use mcpwire::Version;
use serde_json::{json, Value};

/// Whether `v` mentions the definition `name` by `$ref` anywhere.
fn refers(v: &Value, name: &str) -> bool {
    match v {
        Value::Object(m) => m.iter().any(|(k, x)| {
            (k == "$ref"
                && x.as_str()
                    .is_some_and(|r| r.rsplit('/').next() == Some(name)))
                || refers(x, name)
        }),
        Value::Array(a) => a.iter().any(|x| refers(x, name)),
        _ => false,
    }
}

#[test]
fn the_result_envelope_reads_result_as_result() {
    for version in Version::enabled() {
        let spec = version.spec().unwrap();
        let schema = support::spec_files::patched_schema(version);
        let defs = schema[support::spec_files::defs_key(version)]
            .as_object()
            .unwrap();
        let envelope = &defs[spec.maps.envelopes.result];
        // The envelope reads `result` as `Result`, and nothing else of the
        // top-level object refers to `Result`.
        assert_eq!(
            envelope["properties"]["result"]["$ref"]
                .as_str()
                .and_then(|r| r.rsplit('/').next()),
            Some(plan::RESULT),
            "{version}"
        );
        let mut rest = envelope.clone();
        rest["properties"].as_object_mut().unwrap().remove("result");
        assert!(!refers(&rest, plan::RESULT), "{version}: {rest}");
    }
}

#[test]
fn one_pass_agrees_with_two() {
    use support::{mutate::Mutator, prng, spec_files, synth::Synth};
    let limits = Limits::default();
    let (mut valid, mut not) = (0, 0);
    for version in Version::enabled() {
        let spec = version.spec().unwrap();
        let envelope = Definition::find(version, spec.maps.envelopes.result).unwrap();
        let schema = spec_files::patched_schema(version);
        let defs_key = spec_files::defs_key(version);
        let mutator = Mutator::new(&schema);
        let mut typed: Vec<&str> = spec.maps.methods.iter().filter_map(|m| m.result).collect();
        typed.sort();
        typed.dedup();
        for name in typed {
            if !spec.maps.implies(name) {
                continue;
            }
            let def = Definition::find(version, name).unwrap();
            for k in 0..12u64 {
                let mut rng = prng::Rng::derive(0x706c_616e, &format!("{version}/{name}"), k);
                let mut result = Synth::new(&schema, rng.clone()).definition(defs_key, name);
                if k % 2 == 1 {
                    mutator.mutate(&mut result, &mut rng, 1 + (k as usize % 3));
                }
                let id = [json!(1), json!("x"), json!(null), json!(2.5)][k as usize % 4].clone();
                for extra in ["", r#","result":{}"#, r#","jsonrpc":"1.0""#] {
                    let text = format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{result}{extra}}}"#);
                    let text = text.as_bytes();
                    let one = plan::reads_result_response(
                        envelope.bytes.read,
                        def.bytes.read,
                        text,
                        limits,
                    );
                    let typed_valid = bytes::reads_member(def.bytes.read, text, "result", limits);
                    let two = bytes::reads(envelope.bytes.read, text, limits) && typed_valid;
                    // With the typed result shown valid, the envelope around
                    // it (result passed over laxly) says what the envelope says.
                    if typed_valid {
                        assert_eq!(
                            plan::reads_envelope_around_result(envelope.bytes.read, text, limits),
                            bytes::reads(envelope.bytes.read, text, limits),
                            "{version} {name} around: {}",
                            String::from_utf8_lossy(text)
                        );
                    }
                    // One pass says valid exactly when the two checks do.
                    assert_eq!(
                        one,
                        two,
                        "{version} {name}: {}",
                        String::from_utf8_lossy(text)
                    );
                    if one {
                        valid += 1;
                    } else {
                        not += 1;
                    }
                }
            }
        }
    }
    eprintln!("one pass ≡ two: {valid} valid, {not} not");
    assert!(valid > 50 && not > 50, "{valid} {not}");
}

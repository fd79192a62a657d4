//! The implications codegen proves on each schema and the session leans on
//! to skip checks (`DispatchMaps::implies_envelope`,
//! `Envelopes::shown_by_head`), tried against the reference validator:
//! every instance the `jsonschema` crate finds valid for a typed definition
//! the maps say implies its envelope is valid for that envelope too, on
//! synthesised instances and on near-misses that break exactly what an
//! envelope asks (`jsonrpc`, `id`, `method`, `params`, `_meta`, an unknown
//! top-level member). And the proof keeps proving what it proves today: a
//! weaker proof costs every valid message a check.

mod support;

use mcpwire::spec::MethodKind;
use mcpwire::Version;
use serde_json::{json, Value};
use support::{mutate::Mutator, oracle::Oracle, prng::Rng, spec_files, synth::Synth};

/// The definition the result envelope reads `result` as.
const RESULT: &str = "Result";

/// Typed definitions the proof cannot show to imply their envelope, per
/// revision: their `params`/`result` is wider than the envelope's, or
/// `method` is not a plain string. The proof may learn to show more; it
/// must never show fewer.
fn known_unproved(version: Version) -> &'static [&'static str] {
    match version {
        Version::V2025_11_25 => &["ElicitRequest"],
        Version::V2026_07_28 | Version::Draft => &[
            "CallToolResultResponse",
            "CreateMessageRequest",
            "CreateMessageResult",
            "ElicitRequest",
            "ElicitResult",
            "GetPromptResultResponse",
            "ListRootsRequest",
            "ListRootsResult",
            "ReadResourceResultResponse",
        ],
        _ => &[],
    }
}

/// Every (typed definition, what it is claimed to imply) pair dispatch can
/// plan in `version`: a method's definition and its request or
/// notification envelope, its `XxxResultResponse` and the result envelope,
/// its result and `Result`.
fn planned_pairs(version: Version) -> Vec<(&'static str, &'static str)> {
    let spec = version.spec().unwrap();
    let e = &spec.maps.envelopes;
    let mut pairs = Vec::new();
    for m in spec.maps.methods {
        let envelope = match m.kind {
            MethodKind::Request => e.request,
            MethodKind::Notification => e.notification,
        };
        pairs.push((m.definition, envelope));
        pairs.extend(m.result_response.map(|r| (r, e.result)));
        pairs.extend(m.result.map(|r| (r, RESULT)));
    }
    pairs.sort();
    pairs.dedup();
    pairs
}

/// Near-misses of what an envelope asks, applied to a whole message (or,
/// for a result, to its top level).
fn envelope_breaks(instance: &Value, k: usize) -> Value {
    let mut out = instance.clone();
    let Some(obj) = out.as_object_mut() else {
        return out;
    };
    let breaks: [(&str, Value); 9] = [
        ("jsonrpc", json!("1.0")),
        ("id", json!(1.5)),
        ("id", json!(null)),
        ("method", json!(7)),
        ("params", json!([])),
        ("_meta", json!("x")),
        ("unknownMember", json!({})),
        ("params", json!({"_meta": {"progressToken": true}})),
        ("params", json!({"_meta": 3})),
    ];
    let (key, value) = &breaks[k % breaks.len()];
    obj.insert(key.to_string(), value.clone());
    out
}

#[test]
fn every_claimed_implication_holds_on_the_reference_validator() {
    let (mut claims, mut valid_typed) = (0, 0);
    for version in Version::enabled() {
        let spec = version.spec().unwrap();
        let schema = spec_files::patched_schema(version);
        let defs_key = spec_files::defs_key(version);
        let oracle = Oracle::new(version, &schema);
        let mutator = Mutator::new(&schema);
        for (typed, envelope) in planned_pairs(version) {
            if !spec.maps.implies(typed) {
                continue;
            }
            claims += 1;
            for k in 0..24u64 {
                let mut rng = Rng::derive(0x696d_706c, &format!("{version}/{typed}"), k);
                let mut instance = Synth::new(&schema, rng.clone()).definition(defs_key, typed);
                match k % 3 {
                    0 => {}
                    1 => instance = envelope_breaks(&instance, k as usize / 3),
                    _ => {
                        mutator.mutate(&mut instance, &mut rng, 1);
                    }
                }
                if !oracle.is_valid(typed, &instance) {
                    continue;
                }
                valid_typed += 1;
                assert!(
                    oracle.is_valid(envelope, &instance),
                    "{version}: {typed} is claimed to imply {envelope}, but {instance} is valid for \
                     the one and not the other (codegen/src/dispatch/implies.rs)"
                );
            }
        }
    }
    eprintln!("{claims} implications, {valid_typed} instances valid for the typed definition");
    if Version::V2025_11_25.spec().is_some() {
        assert!(claims > 30 && valid_typed > 300, "{claims} {valid_typed}");
    }
}

#[test]
fn the_proof_shows_what_it_showed() {
    for version in Version::enabled() {
        let spec = version.spec().unwrap();
        let unproved: Vec<&str> = planned_pairs(version)
            .into_iter()
            .map(|(typed, _)| typed)
            .filter(|t| !spec.maps.implies(t))
            .filter(|t| version >= Version::V2025_11_25 && !known_unproved(version).contains(t))
            .collect();
        assert!(
            unproved.is_empty(),
            "{version}: no longer proved: {unproved:?}"
        );
        // The request and notification envelopes ask nothing the head
        // does not read (in every revision so far; `session::envelope`'s
        // tests compare the head's answer with the envelope's check).
        assert!(spec.maps.envelopes.shown_by_head, "{version}");
    }
}

//! The dispatch maps extracted from every enabled revision are pinned in
//! `tests/snapshots/dispatch/<module>.json`. A schema re-sync that changes a
//! method, an error code, a result pairing or the definition list fails here
//! with a diff naming the entry. Accept an intended change with
//! `EXPECTORATE=overwrite cargo test --test dispatch_snapshot` and review the
//! diff together with the schema bump.

use mcpwire::Version;

#[test]
fn dispatch_maps_are_pinned() {
    for v in Version::enabled() {
        let maps = v.dispatch_maps().expect("enabled revisions have maps");
        let json = serde_json::to_string_pretty(maps).expect("maps serialize") + "\n";
        expectorate::assert_contents(
            format!("tests/snapshots/dispatch/{}.json", v.module()),
            &json,
        );
    }
}

/// The counts the reference study (`conformance-harness.md` §2.1) computed
/// independently: methods / whole-message error definitions per revision.
#[test]
fn sanity_counts_match_the_reference_study() {
    let expected = [
        (Version::V2024_11_05, 79, 24, 0),
        (Version::V2025_03_26, 83, 24, 0),
        (Version::V2025_06_18, 91, 25, 0),
        (Version::V2025_11_25, 145, 31, 1),
        (Version::V2026_07_28, 155, 21, 3),
        (Version::Draft, 155, 21, 3),
    ];
    for (v, defs, methods, message_errors) in expected {
        let Some(maps) = v.dispatch_maps() else {
            continue;
        };
        assert_eq!(maps.definition_count, defs, "{v} definitions");
        assert_eq!(maps.methods.len(), methods, "{v} methods");
        let whole = maps
            .error_codes
            .iter()
            .filter(|e| e.shape == mcpwire::spec::ErrorShape::Message)
            .count();
        assert_eq!(whole, message_errors, "{v} whole-message error definitions");
    }
}

#[test]
fn named_entries() {
    let Some(spec) = Version::V2026_07_28.spec() else {
        return;
    };
    let call = spec.method("tools/call").unwrap();
    assert_eq!(call.result, Some("CallToolResult"));
    assert_eq!(call.result_response, Some("CallToolResultResponse"));
    assert!(call.admits_input_required);
    assert!(!spec.method("tools/list").unwrap().admits_input_required);
    for embedded in ["sampling/createMessage", "elicitation/create", "roots/list"] {
        assert!(spec.method(embedded).unwrap().embedded, "{embedded}");
    }
    assert!(spec.method("ping").is_none());
    assert_eq!(
        spec.error_code(-32021).unwrap().definition,
        "MissingRequiredClientCapabilityError"
    );
    assert_eq!(
        spec.error_code(-32601).unwrap().shape,
        mcpwire::spec::ErrorShape::ErrorObject
    );
    if let Some(old) = Version::V2025_06_18.spec() {
        assert_eq!(old.method("ping").unwrap().result, Some("EmptyResult"));
        assert!(
            old.method("ping").unwrap().client_sends && old.method("ping").unwrap().server_sends
        );
        assert_eq!(old.maps.envelopes.error, "JSONRPCError");
    }
}

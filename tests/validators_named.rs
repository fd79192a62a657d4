//! The generated validators on named cases: the reference harness's pinned
//! verdicts, the errata, and every published example of 2026-07-28 and
//! draft (read from `$MCPWIRE_SPEC_DIR/<revision>/examples/<Definition>/`).

use std::path::PathBuf;

use mcpwire::{Keyword, Version};
use serde_json::{json, Value};

#[cfg(feature = "v2026_07_28")]
mod v2026_07_28 {
    use super::*;
    use mcpwire::v2026_07_28::validate as v;

    fn capability_error(data: Value) -> Value {
        json!({"jsonrpc": "2.0", "id": 401, "error": {"code": -32021, "message": "x", "data": data}})
    }

    #[test]
    fn required_capabilities_must_be_an_object() {
        let bad = capability_error(json!({"requiredCapabilities": ["sampling"]}));
        assert!(!v::is_valid_missing_required_client_capability_error(&bad));
        let found = v::check_missing_required_client_capability_error(&bad);
        assert_eq!(found.len(), 1, "{found:#?}");
        let violation = &found[0];
        assert_eq!(
            violation.instance.as_str(),
            "/error/data/requiredCapabilities"
        );
        assert_eq!(violation.keyword, Keyword::Type);
        assert!(
            violation.schema.starts_with("/$defs/"),
            "{}",
            violation.schema
        );
        assert!(violation.schema.ends_with("/type"), "{}", violation.schema);
        assert_eq!(violation.message, "expected object, found array");

        let good = capability_error(json!({"requiredCapabilities": {"sampling": {}}}));
        assert!(v::is_valid_missing_required_client_capability_error(&good));
        assert_eq!(v::check_missing_required_client_capability_error(&good), []);
    }

    #[test]
    fn envelope_members_are_checked() {
        let mut message = capability_error(json!({"requiredCapabilities": {"sampling": {}}}));
        message["jsonrpc"] = json!("1.0");
        assert!(!v::is_valid_missing_required_client_capability_error(
            &message
        ));
        let found = v::check_missing_required_client_capability_error(&message);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].keyword, Keyword::Const);
        assert_eq!(found[0].instance.as_str(), "/jsonrpc");
        assert_eq!(found[0].message, r#"expected "2.0", found "1.0""#);

        message["jsonrpc"] = json!("2.0");
        message["id"] = Value::Null;
        assert!(!v::is_valid_missing_required_client_capability_error(
            &message
        ));
        let found = v::check_missing_required_client_capability_error(&message);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].instance.as_str(), "/id");
        assert_eq!(found[0].keyword, Keyword::Type);
        assert_eq!(found[0].message, "expected string or integer, found null");
    }

    fn list_tools(ttl: Value, scope: Value) -> Value {
        json!({"tools": [], "resultType": "complete", "ttlMs": ttl, "cacheScope": scope})
    }

    #[test]
    fn ttl_is_a_non_negative_integer() {
        for ok in [
            json!(0),
            json!(60000),
            json!(1.0),
            json!(6e4),
            json!(18446744073709551615u64),
        ] {
            let result = list_tools(ok.clone(), json!("private"));
            assert!(v::is_valid_list_tools_result(&result), "{ok}");
            assert_eq!(v::check_list_tools_result(&result), [], "{ok}");
        }
        for (bad, keyword, message) in [
            (
                json!("60000"),
                Keyword::Type,
                "expected integer, found string",
            ),
            (
                json!(-1),
                Keyword::Minimum,
                "-1 is less than the minimum of 0",
            ),
            (json!(1.5), Keyword::Type, "expected integer, found number"),
        ] {
            let result = list_tools(bad.clone(), json!("public"));
            assert!(!v::is_valid_list_tools_result(&result), "{bad}");
            let found = v::check_list_tools_result(&result);
            assert_eq!(found.len(), 1, "{bad}: {found:#?}");
            assert_eq!(found[0].instance.as_str(), "/ttlMs");
            assert_eq!(found[0].keyword, keyword);
            assert_eq!(found[0].message, message);
            assert_eq!(
                found[0].schema,
                format!("/$defs/ListToolsResult/properties/ttlMs/{keyword}")
            );
        }
    }

    #[test]
    fn cache_scope_is_an_enum() {
        let result = list_tools(json!(0), json!("shared"));
        assert!(!v::is_valid_list_tools_result(&result));
        let found = v::check_list_tools_result(&result);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].instance.as_str(), "/cacheScope");
        assert_eq!(found[0].keyword, Keyword::Enum);
        assert_eq!(
            found[0].message,
            r#"expected one of "private", "public", found "shared""#
        );
        let missing = json!({"tools": []});
        let found = v::check_list_tools_result(&missing);
        let names: Vec<&str> = found.iter().map(|f| f.message.as_str()).collect();
        assert_eq!(
            names,
            [
                "\"cacheScope\" is a required property",
                "\"resultType\" is a required property",
                "\"ttlMs\" is a required property",
            ]
        );
        assert!(found.iter().all(|f| f.instance.as_str().is_empty()));
    }

    #[test]
    fn json_value_erratum_admits_null_and_fractions() {
        let caps = json!({"experimental": {"x": {"a": null, "b": 1.5, "c": [1, {"d": null}]}}});
        assert!(v::is_valid_client_capabilities(&caps));
        assert_eq!(v::check_client_capabilities(&caps), []);
        let bad = json!({"experimental": {"x": 1}});
        let found = v::check_client_capabilities(&bad);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].instance.as_str(), "/experimental/x");
        assert_eq!(found[0].keyword, Keyword::Type);
    }

    #[test]
    fn json_value_recursion_reports_the_deep_failure() {
        // JSONValue has no invalid leaves after the erratum; JSONObject's
        // members must be JSONValues, so nesting recurses through both.
        let deep = json!({"a": {"b": [[{"c": [null, 1.5, "x", true]}]]}});
        assert!(v::is_valid_json_object(&deep));
        assert!(!v::is_valid_json_object(&json!([])));
        let found = v::check_json_object(&json!([]));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].message, "expected object, found array");
    }

    #[test]
    fn content_blocks_report_the_tagged_branch() {
        let block = json!({"type": "image", "data": "QQ==", "mimeType": 5});
        assert!(!v::is_valid_content_block(&block));
        let found = v::check_content_block(&block);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].instance.as_str(), "/mimeType");
        assert!(
            found[0].schema.starts_with("/$defs/ImageContent/"),
            "{}",
            found[0].schema
        );

        let bad_base64 = json!({"type": "image", "data": "QQ=", "mimeType": "image/png"});
        let found = v::check_content_block(&bad_base64);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].keyword, Keyword::Format);
        assert_eq!(found[0].message, r#""QQ=" is not a valid "byte""#);

        let untagged = json!({"type": "video"});
        assert!(!v::is_valid_content_block(&untagged));
        assert!(!v::check_content_block(&untagged).is_empty());

        let null = v::check_content_block(&Value::Null);
        assert_eq!(null.len(), 1, "{null:#?}");
        assert_eq!(null[0].keyword, Keyword::AnyOf);
        assert_eq!(null[0].schema, "/$defs/ContentBlock/anyOf");
        assert!(
            null[0].message.ends_with("; found null"),
            "{}",
            null[0].message
        );
    }

    #[test]
    fn uri_format_requires_a_scheme() {
        let link = |uri: &str| json!({"type": "resource_link", "name": "n", "uri": uri});
        for ok in ["test://static/1", "file:///x", "urn:x"] {
            assert!(v::is_valid_resource_link(&link(ok)), "{ok}");
        }
        for bad in ["relative/path", "/abs", ""] {
            assert!(!v::is_valid_resource_link(&link(bad)), "{bad}");
            let found = v::check_resource_link(&link(bad));
            assert_eq!(found.len(), 1, "{found:#?}");
            assert_eq!(
                found[0].message,
                format!("{} is not a valid \"uri\"", json!(bad))
            );
        }
    }

    #[test]
    fn definition_enum_round_trips() {
        assert!(!v::Definition::ALL.is_empty());
        for d in v::Definition::ALL {
            assert_eq!(v::Definition::from_name(d.name()), Some(*d));
        }
        assert_eq!(v::Definition::from_name("NoSuchDefinition"), None);
        let d = v::Definition::from_name("RequestId").unwrap();
        assert!(d.is_valid(&json!(1)));
        assert_eq!(d.check(&json!(null)).len(), 1);
        assert!(v::DEFINITIONS.windows(2).all(|w| w[0].name < w[1].name));
    }
}

#[test]
fn elicit_result_erratum_admits_fractions() {
    // 2025-06-18 has no array answers; later revisions add them.
    let result = json!({"action": "accept", "content": {"score": 2.5, "name": "x", "ok": true}});
    for version in [
        Version::V2025_06_18,
        Version::V2025_11_25,
        Version::V2026_07_28,
        Version::Draft,
    ] {
        let Some(spec) = version.spec() else { continue };
        let def = spec.definition("ElicitResult").expect("ElicitResult");
        assert!((def.is_valid)(&result), "{version}");
        assert_eq!(def.check(&result), [], "{version}");
        let bad = json!({"action": "accept", "content": {"score": null}});
        assert!(!(def.is_valid)(&bad), "{version}");
    }
}

/// A published example that is wrong, and stays wrong.
struct KnownBad {
    /// Revision, example directory (definition) and file.
    revision: &'static str,
    definition: &'static str,
    file: &'static str,
    /// The part of the example (a JSON pointer) that is invalid, and the
    /// definition it is invalid against.
    part: &'static str,
    against: &'static str,
    /// The violations expected there, as `instance: message`.
    violations: &'static [&'static str],
    /// Why.
    reason: &'static str,
}

const NO_CACHE_HINTS: &[&str] = &[
    ": \"cacheScope\" is a required property",
    ": \"ttlMs\" is a required property",
];

const NO_CACHE_HINTS_REASON: &str =
    "the example's result lacks ttlMs and cacheScope, which ReadResourceResult requires; \
     the response as a whole is schema-valid only because `result` is \
     anyOf[InputRequiredResult, ReadResourceResult] and the open InputRequiredResult \
     accepts any object with a string resultType (ajv and the jsonschema crate agree)";

/// Published examples that are genuinely invalid, each asserted to stay so.
const KNOWN_BAD: &[KnownBad] = &[
    KnownBad {
        revision: "2026-07-28",
        definition: "ReadResourceResultResponse",
        file: "read-resource-result-response.json",
        part: "/result",
        against: "ReadResourceResult",
        violations: NO_CACHE_HINTS,
        reason: NO_CACHE_HINTS_REASON,
    },
    KnownBad {
        revision: "draft",
        definition: "ReadResourceResultResponse",
        file: "read-resource-result-response.json",
        part: "/result",
        against: "ReadResourceResult",
        violations: NO_CACHE_HINTS,
        reason: NO_CACHE_HINTS_REASON,
    },
];

fn spec_dir() -> PathBuf {
    match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/mcp-spec"),
    }
}

#[test]
fn published_examples_are_valid() {
    let mut checked = 0;
    let mut known_seen = 0;
    let mut failures = Vec::new();
    for version in [Version::V2026_07_28, Version::Draft] {
        let Some(spec) = version.spec() else { continue };
        let dir = spec_dir().join(version.as_str()).join("examples");
        let mut defs: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        defs.sort();
        for def_dir in defs {
            let name = def_dir.file_name().unwrap().to_str().unwrap().to_string();
            let def = spec
                .definition(&name)
                .unwrap_or_else(|| panic!("{version}: no definition {name}"));
            let mut files: Vec<_> = std::fs::read_dir(&def_dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            files.sort();
            for file in files {
                let file_name = file.file_name().unwrap().to_str().unwrap().to_string();
                let text = std::fs::read_to_string(&file).unwrap();
                let value: Value = serde_json::from_str(&text).unwrap();
                let valid = (def.is_valid)(&value);
                let found = def.check(&value);
                assert_eq!(valid, found.is_empty(), "{}: {found:#?}", file.display());
                if !valid {
                    failures.push(format!("{version} {name}/{file_name}: {found:#?}"));
                }
                let known = KNOWN_BAD.iter().filter(|k| {
                    k.revision == version.as_str() && k.definition == name && k.file == file_name
                });
                for bad in known {
                    let part = value.pointer(bad.part).expect(bad.reason);
                    let against = spec.definition(bad.against).expect(bad.reason);
                    assert!(!(against.is_valid)(part), "{}", bad.reason);
                    let shown: Vec<String> = against
                        .check(part)
                        .iter()
                        .map(|v| format!("{}: {}", v.instance, v.message))
                        .collect();
                    assert_eq!(shown, bad.violations, "{}", bad.reason);
                    known_seen += 1;
                }
                checked += 1;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if Version::V2026_07_28.spec().is_some() {
        assert!(checked > 80, "only {checked} examples");
    }
    let enabled = KNOWN_BAD
        .iter()
        .filter(|k| {
            k.revision
                .parse::<Version>()
                .is_ok_and(|v| v.spec().is_some())
        })
        .count();
    assert_eq!(known_seen, enabled, "a known-bad example disappeared");
}

/// The codegen snapshots of tiny schemas, compiled and run: every keyword's
/// emitted code, including forms no MCP schema uses (`additionalProperties:
/// false`, float bounds, mixed enums).
mod tiny {
    // The snapshots reach the runtime by absolute path, as generated modules do.
    macro_rules! snapshot_module {
        ($name:ident, $file:literal) => {
            #[allow(dead_code, clippy::all)]
            mod $name {
                // What the generated `validate` module opens with (the
                // snapshots hold the definitions' functions only).
                use ::mcpwire_runtime::__private as rt;
                include!(concat!("../codegen/tests/snapshots/validators/", $file));
            }
        };
    }
    snapshot_module!(types, "type.rs");
    snapshot_module!(properties, "properties.rs");
    snapshot_module!(items, "items.rs");
    snapshot_module!(const_enum, "const_enum.rs");
    snapshot_module!(minmax_format, "minmax_format.rs");
    snapshot_module!(refs, "ref_any_of_all_of.rs");

    use mcpwire::{Keyword, Violation};
    use serde_json::{json, Value};

    fn brief(found: Vec<Violation>) -> Vec<String> {
        found
            .iter()
            .map(|v| format!("{} {} {}: {}", v.instance, v.keyword, v.schema, v.message))
            .collect()
    }

    #[test]
    fn types() {
        use types::*;
        assert!(is_valid_int(&json!(1.0)) && is_valid_int(&json!(-3)));
        assert!(!is_valid_int(&json!(1.5)) && !is_valid_int(&json!("1")));
        assert!(is_valid_num(&json!(1.5)) && !is_valid_num(&Value::Null));
        assert!(is_valid_id(&json!("a")) && is_valid_id(&json!(7)) && !is_valid_id(&json!(7.5)));
        assert!(is_valid_nullable(&Value::Null) && !is_valid_nullable(&json!("x")));
        assert_eq!(
            brief(check_id(&json!(true))),
            [" type /$defs/Id/type: expected string or integer, found boolean"]
        );
        assert_eq!(check_obj(&json!({})), []);
    }

    #[test]
    fn properties_and_additional_properties() {
        use properties::*;
        assert!(is_valid_open(&json!({"name": "n", "id": 1, "extra": [1]})));
        assert!(!is_valid_open(&json!({"name": "n"})));
        assert!(!is_valid_open(&json!({"name": 1, "id": 1})));
        assert_eq!(
            brief(check_open(&json!({"name": 1}))),
            [
                " required /$defs/Open/required: \"id\" is a required property",
                "/name type /$defs/Open/properties/name/type: expected string, found integer",
            ]
        );
        assert!(is_valid_map(&json!({"a": "x"})) && !is_valid_map(&json!({"a": 1})));
        assert_eq!(
            check_map(&json!({"a~/b": 1}))[0].instance.as_str(),
            "/a~0~1b"
        );
        assert!(is_valid_closed(&json!({"a": [], "b": true})));
        assert!(!is_valid_closed(&json!({"c": 1})));
        assert_eq!(
            brief(check_closed(&json!({"b": true, "c": 1}))),
            [" additionalProperties /$defs/Closed/additionalProperties: unexpected property \"c\""]
        );
        assert!(is_valid_empty(&json!({})) && !is_valid_empty(&json!({"x": 1})));
        assert!(is_valid_empty(&json!("not an object")));
        assert!(is_valid_any_object(&json!({"x": 1})));
    }

    #[test]
    fn items_and_max_items() {
        use items::*;
        let many: Vec<Value> = (0..101).map(|i| json!(i.to_string())).collect();
        assert!(is_valid_values(&json!(["a", "b"])));
        assert!(!is_valid_values(&Value::Array(many.clone())));
        assert_eq!(
            brief(check_values(&Value::Array(many))),
            [" maxItems /$defs/Values/maxItems: 101 items, more than the maximum of 100"]
        );
        assert_eq!(check_values(&json!(["a", 1]))[0].instance.as_str(), "/1");
        assert!(is_valid_anything(&json!([1, null])));
    }

    #[test]
    fn const_and_enum() {
        use const_enum::*;
        assert!(is_valid_version(&json!("2.0")) && !is_valid_version(&json!("1.0")));
        assert!(is_valid_code(&json!(-32021)) && is_valid_code(&json!(-32021.0)));
        assert!(!is_valid_code(&json!(-32020)));
        assert!(is_valid_scope(&json!("public")) && !is_valid_scope(&json!("shared")));
        for ok in [
            json!("a"),
            json!(1),
            json!(1.0),
            json!(2.5),
            json!(true),
            Value::Null,
        ] {
            assert!(is_valid_mixed(&ok), "{ok}");
        }
        for bad in [json!("b"), json!(2), json!(false), json!([]), json!({})] {
            assert!(!is_valid_mixed(&bad), "{bad}");
            assert_eq!(check_mixed(&bad).len(), 1, "{bad}");
        }
        assert_eq!(
            check_mixed(&json!(false))[0].message,
            "expected one of \"a\", 1, 2.5, true, null, found false"
        );
        let found = check_version(&json!(2));
        let keywords: Vec<Keyword> = found.iter().map(|v| v.keyword).collect();
        assert_eq!(keywords, [Keyword::Type, Keyword::Const]);
    }

    #[test]
    fn bounds_and_formats() {
        use minmax_format::*;
        assert!(is_valid_ttl(&json!(0)) && !is_valid_ttl(&json!(-1)));
        assert!(is_valid_priority(&json!(0.5)) && is_valid_priority(&json!(1)));
        assert!(!is_valid_priority(&json!(1.01)) && !is_valid_priority(&json!(-0.01)));
        assert!(is_valid_half(&json!(0.5)) && !is_valid_half(&json!(0.51)));
        assert_eq!(
            check_half(&json!(1))[0].message,
            "1 is greater than the maximum of 0.5"
        );
        assert!(is_valid_uri(&json!("urn:x")) && !is_valid_uri(&json!("/abs")));
        assert!(!is_valid_uri(&json!(5)), "type still applies");
        assert!(is_valid_template(&json!("a/{b}")) && !is_valid_template(&json!("{")));
        assert!(is_valid_blob(&json!("")) && !is_valid_blob(&json!("Q")));
        assert_eq!(
            brief(check_uri(&json!("relative/path"))),
            [" format /$defs/Uri/format: \"relative/path\" is not a valid \"uri\""]
        );
    }

    #[test]
    fn refs_unions_and_all_of() {
        use refs::*;
        let deep = json!({"a": [1, {"b": null}, "x", 2.5, true]});
        assert!(is_valid_json_value(&deep) && is_valid_json_object(&deep));
        assert!(is_valid_block(&json!({"type": "text", "text": "t"})));
        assert!(is_valid_block(&json!([{"type": "text", "text": "t"}])));
        // Tagged: the image branch's violations only.
        assert_eq!(
            brief(check_block(&json!({"type": "image", "data": "Q"}))),
            ["/data format /$defs/Image/properties/data/format: \"Q\" is not a valid \"byte\""]
        );
        // Untagged value: the closest object branch.
        assert_eq!(
            brief(check_block(&json!({"type": "video", "text": "t"}))),
            ["/type const /$defs/Text/properties/type/const: expected \"text\", found \"video\""]
        );
        // Arrays go to the array branch, whatever the tags.
        assert_eq!(
            check_block(&json!([{"type": "text"}]))[0].instance.as_str(),
            "/0"
        );
        assert_eq!(
            brief(check_block(&json!(3))),
            [" anyOf /$defs/Block/anyOf: expected one of: object (Text), object (Image), array; found integer"]
        );
        // allOf: violations of every part.
        assert!(is_valid_coded(&json!({"error": {"code": -32021}})));
        assert_eq!(
            brief(check_coded(&json!({"error": {"code": 1.5}}))),
            [
                "/error/code type /$defs/Error/properties/code/type: expected integer, found number",
                "/error/code type /$defs/Coded/properties/error/allOf/1/properties/code/type: expected integer, found number",
                "/error/code const /$defs/Coded/properties/error/allOf/1/properties/code/const: expected -32021, found 1.5",
            ]
        );
    }
}

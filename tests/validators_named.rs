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
    let result = json!({"action": "accept", "content": {"score": 2.5, "name": "x", "ok": true, "tags": ["a"]}});
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

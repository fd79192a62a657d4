//! Errata: patches for known bugs in released schema files.
//!
//! The spec's `schema.json` files are generated from `schema.ts` by
//! `typescript-json-schema --defaultNumberType integer` with strict null
//! checks off, which turns some TypeScript `number`s into JSON `integer`s and
//! drops `null`. Where the TypeScript source and the published JSON disagree,
//! the TypeScript is the normative source and real traffic follows it, so
//! mcpwire patches the JSON before generating anything.
//!
//! The list is data, `schemas/errata.toml` (embedded here when codegen
//! compiles, through the `codegen/schemas` link that also carries the pin,
//! so `cargo package` stores it), so that the tests' reference validator applies the same
//! patches without depending on this crate. Each entry replaces one value
//! at one JSON pointer. Before patching, the stage checks that the target
//! still holds exactly the buggy value; if upstream fixed it (or moved it),
//! generation fails with [`Error::Erratum`] telling you to delete the
//! entry. The list is mirrored in `schemas/ERRATA.md`, and a test keeps the
//! two in sync.
//!
//! The same file declares keywords outside both JSON Schema vocabularies
//! annotations for named revisions (`[[annotation]]` tables, [`Annotation`]):
//! an unknown keyword stops the build, naming it and its place, unless the
//! revision's entry declares it; declared, it has no effect on validity.

use std::sync::OnceLock;

use serde::Deserialize;
use serde_json::Value;

use crate::{Error, Version};

/// `schemas/errata.toml`, as this crate was compiled with it.
pub const TOML: &str = include_str!("../schemas/errata.toml");

/// One patch.
#[derive(Clone, Debug)]
pub struct Erratum {
    /// Stable identifier, used in `schemas/ERRATA.md`.
    pub id: String,
    /// Revisions the patch applies to.
    pub revisions: Vec<String>,
    /// JSON pointer (into the published file) of the value replaced; the
    /// definitions container is written `{defs}` and filled in per dialect.
    pub pointer: String,
    /// The buggy value the file must hold there.
    pub before: Value,
    /// The value it gets.
    pub after: Value,
    /// Why.
    pub reason: String,
    /// Where upstream says what is right.
    pub reference: String,
}

impl Erratum {
    /// The pointer for one revision (`{defs}` → `definitions` or `$defs`).
    pub fn pointer_for(&self, version: Version) -> String {
        self.pointer.replace("{defs}", version.dialect.defs_key())
    }

    /// Whether the entry applies to a revision.
    pub fn applies_to(&self, version: Version) -> bool {
        self.revisions.iter().any(|r| r == version.name)
    }
}

/// A keyword outside both vocabularies declared an annotation (no effect
/// on validity) for some revisions:
///
/// ```toml
/// [[annotation]]
/// keyword = "x-foo"
/// revisions = ["draft"]
/// reason = "why the keyword cannot change a verdict"
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Annotation {
    /// The keyword, as spelled in the schema.
    pub keyword: String,
    /// Revisions whose schema may use it.
    pub revisions: Vec<String>,
    /// Why it is safe to ignore.
    pub reason: String,
}

/// The file's shape: `[[erratum]]` tables, `before`/`after` as JSON text,
/// and `[[annotation]]` tables.
#[derive(Deserialize)]
struct File {
    #[serde(default)]
    erratum: Vec<Entry>,
    #[serde(default)]
    annotation: Vec<Annotation>,
}

#[derive(Deserialize)]
struct Entry {
    id: String,
    revisions: Vec<String>,
    pointer: String,
    before: String,
    after: String,
    reason: String,
    reference: String,
}

/// Parses an errata file (the format of `schemas/errata.toml`).
pub fn parse(text: &str) -> Result<Vec<Erratum>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    file.erratum
        .into_iter()
        .map(|e| {
            let json = |field: &str, text: &str| {
                serde_json::from_str(text)
                    .map_err(|err| format!("erratum {}: {field}: {err}", e.id))
            };
            Ok(Erratum {
                before: json("before", &e.before)?,
                after: json("after", &e.after)?,
                id: e.id,
                revisions: e.revisions,
                pointer: e.pointer,
                reason: e.reason,
                reference: e.reference,
            })
        })
        .collect()
}

/// Parses the `[[annotation]]` tables of an errata file. An entry without
/// a keyword or a revision is an error.
pub fn parse_annotations(text: &str) -> Result<Vec<Annotation>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    for a in &file.annotation {
        if a.keyword.is_empty() || a.revisions.is_empty() {
            return Err(format!(
                "annotation {:?}: needs a keyword and at least one revision",
                a.keyword
            ));
        }
    }
    Ok(file.annotation)
}

/// Every `[[annotation]]` of `schemas/errata.toml`.
pub fn annotations() -> &'static [Annotation] {
    static ALL: OnceLock<Vec<Annotation>> = OnceLock::new();
    ALL.get_or_init(|| {
        parse_annotations(TOML).unwrap_or_else(|e| panic!("schemas/errata.toml: {e}"))
    })
}

/// The keywords `list` declares annotations for `version`.
pub fn annotations_in(list: &[Annotation], version: Version) -> Vec<String> {
    let mut keywords: Vec<String> = list
        .iter()
        .filter(|a| a.revisions.iter().any(|r| r == version.name))
        .map(|a| a.keyword.clone())
        .collect();
    keywords.sort();
    keywords.dedup();
    keywords
}

/// The keywords `schemas/errata.toml` declares annotations for `version`.
pub fn annotations_for(version: Version) -> Vec<String> {
    annotations_in(annotations(), version)
}

/// Every erratum of `schemas/errata.toml`, in the order they are applied.
pub fn all() -> &'static [Erratum] {
    static ALL: OnceLock<Vec<Erratum>> = OnceLock::new();
    ALL.get_or_init(|| {
        // A test parses the file too (`errata::tests::the_file_parses`).
        parse(TOML).unwrap_or_else(|e| panic!("schemas/errata.toml: {e}"))
    })
}

/// Applies every erratum for `version` to `document`.
pub fn apply(version: Version, document: Value) -> Result<Value, Error> {
    apply_list(all(), version, document)
}

/// Applies the errata of `list` that name `version`.
pub fn apply_list(list: &[Erratum], version: Version, mut document: Value) -> Result<Value, Error> {
    for erratum in list.iter().filter(|e| e.applies_to(version)) {
        let pointer = erratum.pointer_for(version);
        let fail = |reason: String| Error::Erratum {
            id: erratum.id.clone(),
            revision: version.name.into(),
            pointer: pointer.clone(),
            reason,
        };
        let target = document
            .pointer_mut(&pointer)
            .ok_or_else(|| fail("the pointer resolves to nothing".into()))?;
        if *target != erratum.before {
            return Err(fail(format!("expected {}, found {target}", erratum.before)));
        }
        *target = erratum.after.clone();
    }
    Ok(document)
}

/// Whether the unpatched document still has the bug an erratum fixes (the
/// tripwire: once this is false for a revision, delete the entry).
pub fn still_needed(erratum: &Erratum, version: Version, raw: &Value) -> bool {
    raw.pointer(&erratum.pointer_for(version)) == Some(&erratum.before)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_file_parses() {
        let list = parse(TOML).unwrap();
        assert_eq!(list.len(), 3);
        assert!(list
            .iter()
            .all(|e| !e.revisions.is_empty() && e.pointer.starts_with("/{defs}/")));
    }

    fn tiny(version: Version) -> Value {
        let key = version.dialect.defs_key();
        json!({ key: {
            "ElicitResult": {"properties": {"content": {"additionalProperties": {"anyOf": [
                {"type": "array", "items": {"type": "string"}},
                {"type": ["string", "integer", "boolean"]}
            ]}}}},
            "JSONValue": {"anyOf": [{}, {}, {"type": ["string", "integer", "boolean"]}]}
        }})
    }

    #[test]
    fn patches_the_buggy_value() {
        let v = Version::by_name("draft").unwrap();
        let out = apply(v, tiny(v)).unwrap();
        assert_eq!(
            out["$defs"]["JSONValue"]["anyOf"][2]["type"],
            json!(["string", "number", "boolean", "null"])
        );
        assert_eq!(
            out["$defs"]["ElicitResult"]["properties"]["content"]["additionalProperties"]["anyOf"]
                [1]["type"],
            json!(["string", "number", "boolean"])
        );
    }

    #[test]
    fn refuses_a_fixed_file() {
        let v = Version::by_name("draft").unwrap();
        let mut doc = tiny(v);
        doc["$defs"]["JSONValue"]["anyOf"][2]["type"] =
            json!(["string", "number", "boolean", "null"]);
        let err = apply(v, doc).unwrap_err().to_string();
        assert!(
            err.contains("json-value-null-number") && err.contains("delete the erratum"),
            "{err}"
        );
    }

    #[test]
    fn annotations_parse_per_revision() {
        let text = r#"
[[annotation]]
keyword = "x-foo"
revisions = ["draft", "2026-07-28"]
reason = "vendor hint"

[[annotation]]
keyword = "x-bar"
revisions = ["2025-11-25"]
reason = "another"
"#;
        let list = parse_annotations(text).unwrap();
        let draft = Version::by_name("draft").unwrap();
        let older = Version::by_name("2025-11-25").unwrap();
        assert_eq!(annotations_in(&list, draft), vec!["x-foo".to_string()]);
        assert_eq!(annotations_in(&list, older), vec!["x-bar".to_string()]);
        // The errata of such a file still parse (no `[[erratum]]` at all).
        assert!(parse(text).unwrap().is_empty());
        assert!(parse_annotations(
            "[[annotation]]\nkeyword = \"x\"\nrevisions = []\nreason = \"r\"\n"
        )
        .is_err());
    }

    #[test]
    fn the_file_declares_known_revisions_only() {
        for a in parse_annotations(TOML).unwrap() {
            for r in &a.revisions {
                assert!(
                    Version::by_name(r).is_some(),
                    "{}: unknown revision {r}",
                    a.keyword
                );
            }
        }
    }

    #[test]
    fn leaves_other_revisions_alone() {
        let v = Version::by_name("2024-11-05").unwrap();
        let doc = tiny(Version::by_name("2025-06-18").unwrap());
        assert_eq!(apply(v, doc.clone()).unwrap(), doc);
    }
}

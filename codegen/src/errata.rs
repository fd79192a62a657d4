//! Errata: patches for known bugs in released schema files.
//!
//! The spec's `schema.json` files are generated from `schema.ts` by
//! `typescript-json-schema --defaultNumberType integer` with strict null
//! checks off, which turns some TypeScript `number`s into JSON `integer`s and
//! drops `null`. Where the TypeScript source and the published JSON disagree,
//! the TypeScript is the normative source and real traffic follows it, so
//! mcpwire patches the JSON before generating anything.
//!
//! Each entry replaces one value at one JSON pointer. Before patching, the
//! stage checks that the target still holds exactly the buggy value; if
//! upstream fixed it (or moved it), generation fails with
//! [`Error::Erratum`] telling you to delete the entry. The list is mirrored
//! in `schemas/ERRATA.md`, and a test keeps the two in sync.

use serde_json::{json, Value};

use crate::{Error, Version};

/// One patch.
#[derive(Clone, Debug)]
pub struct Erratum {
    /// Stable identifier, used in `schemas/ERRATA.md`.
    pub id: &'static str,
    /// Revisions the patch applies to.
    pub revisions: &'static [&'static str],
    /// JSON pointer (into the published file) of the value replaced; the
    /// definitions container is written `{defs}` and filled in per dialect.
    pub pointer: &'static str,
    /// The buggy value the file must hold there.
    pub before: fn() -> Value,
    /// The value it gets.
    pub after: fn() -> Value,
    /// Why.
    pub reason: &'static str,
    /// Where upstream says what is right.
    pub reference: &'static str,
}

impl Erratum {
    /// The pointer for one revision (`{defs}` → `definitions` or `$defs`).
    pub fn pointer_for(&self, version: Version) -> String {
        self.pointer.replace("{defs}", version.dialect.defs_key())
    }

    /// Whether the entry applies to a revision.
    pub fn applies_to(&self, version: Version) -> bool {
        self.revisions.contains(&version.name)
    }
}

fn string_integer_boolean() -> Value {
    json!(["string", "integer", "boolean"])
}

/// Every erratum, in the order they are applied.
pub const ALL: &[Erratum] = &[
    Erratum {
        id: "elicit-result-number-2025-06-18",
        revisions: &["2025-06-18"],
        pointer: "/{defs}/ElicitResult/properties/content/additionalProperties/type",
        before: string_integer_boolean,
        after: || json!(["string", "number", "boolean"]),
        reason: "schema.ts types form values as `string | number | boolean`; the generator's \
                 --defaultNumberType integer made `number` into `integer`, so a fractional answer \
                 (2.5) to a NumberSchema field is wrongly rejected.",
        reference: "modelcontextprotocol schema/2025-06-18/schema.ts (ElicitResult.content); \
                    generator flag in scripts/generate-schemas.ts",
    },
    Erratum {
        id: "elicit-result-number",
        revisions: &["2025-11-25", "2026-07-28", "draft"],
        pointer: "/{defs}/ElicitResult/properties/content/additionalProperties/anyOf/1/type",
        before: string_integer_boolean,
        after: || json!(["string", "number", "boolean"]),
        reason: "schema.ts types form values as `string | number | boolean | string[]`; the \
                 generator's --defaultNumberType integer made `number` into `integer`, so a \
                 fractional answer (2.5) to a NumberSchema field is wrongly rejected.",
        reference: "modelcontextprotocol schema/<revision>/schema.ts (ElicitResult.content); \
                    same class as the NumberSchema fix, spec PR #3139",
    },
    Erratum {
        id: "json-value-null-number",
        revisions: &["2026-07-28", "draft"],
        pointer: "/{defs}/JSONValue/anyOf/2/type",
        before: string_integer_boolean,
        after: || json!(["string", "number", "boolean", "null"]),
        reason: "schema.ts defines JSONValue as `string | number | boolean | null | JSONObject | \
                 JSONArray`; the generated file drops `null` (strict null checks off) and \
                 non-integer numbers, so `{\"a\": null, \"b\": 1.5}` in capabilities' \
                 `experimental`/`extensions` and other JSON objects is wrongly rejected.",
        reference: "modelcontextprotocol schema/draft/schema.ts (JSONValue); precedent for \
                    null-dropping errata: spec commit 357adac4 (Task.ttl made nullable)",
    },
];

/// Applies every erratum for `version` to `document`.
pub fn apply(version: Version, mut document: Value) -> Result<Value, Error> {
    for erratum in ALL.iter().filter(|e| e.applies_to(version)) {
        let pointer = erratum.pointer_for(version);
        let fail = |reason: String| Error::Erratum {
            id: erratum.id.into(),
            revision: version.name.into(),
            pointer: pointer.clone(),
            reason,
        };
        let target = document
            .pointer_mut(&pointer)
            .ok_or_else(|| fail("the pointer resolves to nothing".into()))?;
        let before = (erratum.before)();
        if *target != before {
            return Err(fail(format!("expected {before}, found {target}")));
        }
        *target = (erratum.after)();
    }
    Ok(document)
}

/// Whether the unpatched document still has the bug an erratum fixes (the
/// tripwire: once this is false for a revision, delete the entry).
pub fn still_needed(erratum: &Erratum, version: Version, raw: &Value) -> bool {
    raw.pointer(&erratum.pointer_for(version)) == Some(&(erratum.before)())
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn leaves_other_revisions_alone() {
        let v = Version::by_name("2024-11-05").unwrap();
        let doc = tiny(Version::by_name("2025-06-18").unwrap());
        assert_eq!(apply(v, doc.clone()).unwrap(), doc);
    }
}

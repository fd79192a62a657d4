//! Which keywords are what: the annotations (no effect on validity) and
//! the Validation vocabulary (switched off by some metaschemas).

/// Keywords with no effect on validity (JSON Schema 2020-12 Meta-Data and
/// Core annotations). `$schema` is absent on purpose: in a subschema it
/// would switch dialect.
pub const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "$comment",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// The keywords of the 2020-12 Validation vocabulary (annotations when a
/// metaschema leaves the vocabulary out, `Options::validation_vocabulary`).
pub const VALIDATION: &[&str] = &[
    "type",
    "const",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
];

/// Whether `keyword` has no effect on validity in the dialect: the
/// Meta-Data, Core and Content vocabularies' annotations and identifiers,
/// and the definitions containers (their schemas are compiled where a
/// reference reaches them).
pub fn is_annotation(keyword: &str, draft07: bool) -> bool {
    ANNOTATIONS.contains(&keyword)
        || matches!(
            keyword,
            "$schema" | "$id" | "contentMediaType" | "contentEncoding" | "definitions"
        )
        || (!draft07
            && matches!(
                keyword,
                "$defs" | "$anchor" | "$dynamicAnchor" | "$vocabulary" | "contentSchema"
            ))
}

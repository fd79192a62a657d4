//! One test per decided keyword, per undecided family, and the cases where
//! text differs and meaning does not.

use serde_json::{json, Value};

use super::{compare, equivalent, Effect, SchemaChange};

/// The (pointer, keyword, effect) of each change, annotations left out.
fn shape(old: Value, new: Value) -> Vec<(String, String, Effect)> {
    compare(&old, &new)
        .into_iter()
        .filter(|c| c.effect != Effect::Annotation)
        .map(
            |SchemaChange {
                 pointer,
                 keyword,
                 effect,
                 ..
             }| (pointer, keyword, effect),
        )
        .collect()
}

fn one(pointer: &str, keyword: &str, effect: Effect) -> Vec<(String, String, Effect)> {
    vec![(pointer.to_string(), keyword.to_string(), effect)]
}

fn obj(props: Value) -> Value {
    json!({"type": "object", "properties": props})
}

#[test]
fn required_member_added_narrows_removed_widens() {
    let a = obj(json!({"q": {"type": "string"}}));
    let mut b = a.clone();
    b["required"] = json!(["q"]);
    assert_eq!(
        shape(a.clone(), b.clone()),
        one("/required", "required", Effect::Narrowed)
    );
    assert_eq!(shape(b, a), one("/required", "required", Effect::Widened));
}

#[test]
fn type_narrowed_widened_changed_and_integer_inside_number() {
    let s = |t: Value| json!({"type": t});
    assert_eq!(
        shape(s(json!(["string", "null"])), s(json!("string"))),
        one("/type", "type", Effect::Narrowed)
    );
    assert_eq!(
        shape(s(json!("integer")), s(json!("number"))),
        one("/type", "type", Effect::Widened)
    );
    assert_eq!(
        shape(s(json!("number")), s(json!("integer"))),
        one("/type", "type", Effect::Narrowed)
    );
    assert_eq!(
        shape(s(json!("string")), s(json!("number"))),
        one("/type", "type", Effect::Changed)
    );
    assert_eq!(
        shape(json!({}), s(json!("string"))),
        one("/type", "type", Effect::Narrowed)
    );
    // Meaning, not text.
    assert!(shape(s(json!(["string"])), s(json!("string"))).is_empty());
    assert!(shape(s(json!(["number", "integer"])), s(json!("number"))).is_empty());
    assert!(shape(s(json!(["null", "string"])), s(json!(["string", "null"]))).is_empty());
}

#[test]
fn enum_value_removed_narrows_added_widens() {
    let a = json!({"enum": ["metric", "imperial"]});
    let b = json!({"enum": ["imperial", "metric", "kelvin"]});
    assert_eq!(
        shape(a.clone(), b.clone()),
        one("/enum", "enum", Effect::Widened)
    );
    assert_eq!(shape(b, a.clone()), one("/enum", "enum", Effect::Narrowed));
    assert_eq!(
        shape(json!({}), a.clone()),
        one("/enum", "enum", Effect::Narrowed)
    );
    assert_eq!(shape(a, json!({})), one("/enum", "enum", Effect::Widened));
    // `const` is a one-value enum; 1 and 1.0 are one number.
    assert!(shape(json!({"const": 1}), json!({"enum": [1.0]})).is_empty());
}

#[test]
fn ranges_inclusive_exclusive_and_draft4() {
    assert_eq!(
        shape(json!({"minimum": 0}), json!({"minimum": 1})),
        one("/minimum", "minimum", Effect::Narrowed)
    );
    assert_eq!(
        shape(json!({"maximum": 10}), json!({"maximum": 20})),
        one("/maximum", "maximum", Effect::Widened)
    );
    assert_eq!(
        shape(json!({"minimum": 0}), json!({"exclusiveMinimum": 0})),
        one("/exclusiveMinimum", "exclusiveMinimum", Effect::Narrowed)
    );
    assert_eq!(
        shape(json!({"exclusiveMaximum": 5}), json!({"maximum": 5})),
        one("/maximum", "maximum", Effect::Widened)
    );
    assert_eq!(
        shape(json!({}), json!({"maximum": 5})),
        one("/maximum", "maximum", Effect::Narrowed)
    );
    // draft-04: `exclusiveMinimum: true` beside `minimum`.
    assert!(shape(
        json!({"minimum": 3, "exclusiveMinimum": true}),
        json!({"exclusiveMinimum": 3})
    )
    .is_empty());
}

#[test]
fn lengths_counts_and_multiples() {
    for (kw, narrower, wider) in [
        ("minLength", 3, 1),
        ("maxLength", 5, 9),
        ("minItems", 2, 0),
        ("maxItems", 1, 4),
    ] {
        let p = format!("/{kw}");
        assert_eq!(
            shape(json!({kw: wider}), json!({kw: narrower})),
            one(&p, kw, Effect::Narrowed),
            "{kw}"
        );
        assert_eq!(
            shape(json!({kw: narrower}), json!({kw: wider})),
            one(&p, kw, Effect::Widened),
            "{kw}"
        );
    }
    assert_eq!(
        shape(json!({"multipleOf": 4}), json!({"multipleOf": 2})),
        one("/multipleOf", "multipleOf", Effect::Widened)
    );
    assert_eq!(
        shape(json!({"multipleOf": 2}), json!({"multipleOf": 4})),
        one("/multipleOf", "multipleOf", Effect::Narrowed)
    );
    assert_eq!(
        shape(json!({"multipleOf": 2}), json!({"multipleOf": 3})),
        one("/multipleOf", "multipleOf", Effect::Changed)
    );
    assert_eq!(
        shape(json!({}), json!({"uniqueItems": true})),
        one("/uniqueItems", "uniqueItems", Effect::Narrowed)
    );
}

#[test]
fn pattern_added_narrows_changed_is_undecided() {
    assert_eq!(
        shape(json!({}), json!({"pattern": "^a"})),
        one("/pattern", "pattern", Effect::Narrowed)
    );
    assert_eq!(
        shape(json!({"pattern": "^a"}), json!({})),
        one("/pattern", "pattern", Effect::Widened)
    );
    assert_eq!(
        shape(json!({"pattern": "^a"}), json!({"pattern": "^ab?"})),
        one("/pattern", "pattern", Effect::Undecided)
    );
}

#[test]
fn additional_properties_false_added_and_members() {
    let a = obj(json!({"q": {"type": "string"}}));
    let mut b = a.clone();
    b["additionalProperties"] = json!(false);
    assert_eq!(
        shape(a.clone(), b.clone()),
        one(
            "/additionalProperties",
            "additionalProperties",
            Effect::Narrowed
        )
    );
    assert_eq!(
        shape(b.clone(), a.clone()),
        one(
            "/additionalProperties",
            "additionalProperties",
            Effect::Widened
        )
    );
    // A member removed: anything goes there now (widened), unless NEW is closed.
    let none = obj(json!({}));
    assert_eq!(
        shape(a.clone(), none.clone()),
        one("/properties/q", "properties", Effect::Widened)
    );
    let mut closed = none.clone();
    closed["additionalProperties"] = json!(false);
    let s = shape(a.clone(), closed);
    assert!(
        s.contains(&("/properties/q".into(), "false".into(), Effect::Narrowed)),
        "{s:?}"
    );
    // A member declared where OLD allowed anything; and where OLD was closed.
    assert_eq!(
        shape(none, a.clone()),
        one("/properties/q", "properties", Effect::Declared)
    );
    let s = shape(
        b,
        json!({"type": "object", "properties": {"q": {"type": "string"}, "r": {}}, "additionalProperties": false}),
    );
    assert_eq!(s, one("/properties/r", "properties", Effect::Widened));
    // additionalProperties as a schema is compared as one.
    let s = shape(
        json!({"additionalProperties": {"type": "string"}}),
        json!({"additionalProperties": {"type": ["string", "null"]}}),
    );
    assert_eq!(
        s,
        one("/additionalProperties/type", "type", Effect::Widened)
    );
}

#[test]
fn nested_members_are_named_by_pointer() {
    let a = obj(json!({"loc": obj(json!({"unit": {"enum": ["c", "f"]}}))}));
    let b = obj(json!({"loc": obj(json!({"unit": {"enum": ["c"]}}))}));
    assert_eq!(
        shape(a, b),
        one(
            "/properties/loc/properties/unit/enum",
            "enum",
            Effect::Narrowed
        )
    );
    let a = json!({"type": "array", "items": {"type": "integer"}});
    let b = json!({"type": "array", "items": {"type": "number"}});
    assert_eq!(shape(a, b), one("/items/type", "type", Effect::Widened));
    assert_eq!(
        shape(
            json!({"properties": {"a/b": {}}}),
            json!({"properties": {"a/b": {"type": "null"}}})
        ),
        one("/properties/a~1b/type", "type", Effect::Narrowed)
    );
}

#[test]
fn refs_to_equal_definitions_are_no_change() {
    let inline = obj(
        json!({"p": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}),
    );
    let via_defs = json!({
        "type": "object",
        "properties": {"p": {"$ref": "#/$defs/Point"}},
        "$defs": {"Point": {"required": ["x"], "properties": {"x": {"type": "number"}}, "type": "object"}}
    });
    let via_definitions = json!({
        "type": "object",
        "properties": {"p": {"$ref": "#/definitions/P"}},
        "definitions": {"P": {"$ref": "#/definitions/Q"}, "Q": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}
    });
    assert!(shape(inline.clone(), via_defs.clone()).is_empty());
    assert!(shape(via_defs.clone(), via_definitions).is_empty());
    // A change inside the target is named along the path, not the definition.
    let mut changed = via_defs;
    changed["$defs"]["Point"]["required"] = json!(["x", "y"]);
    assert_eq!(
        shape(inline, changed),
        one("/properties/p/required", "required", Effect::Narrowed)
    );
}

#[test]
fn recursive_refs_terminate() {
    let tree = |leaf: &str| {
        json!({
            "$ref": "#/$defs/Node",
            "$defs": {"Node": {"type": "object", "properties": {
                "value": {"type": leaf},
                "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}
            }}}
        })
    };
    assert!(shape(tree("string"), tree("string")).is_empty());
    assert_eq!(
        shape(tree("string"), tree("number")),
        one("/properties/value/type", "type", Effect::Changed)
    );
    // A reference to itself, and one to nothing.
    assert!(shape(json!({"$ref": "#"}), json!({"$ref": "#"})).is_empty());
    assert_eq!(
        shape(json!({"$ref": "#/$defs/none"}), json!({})),
        one("", "$ref", Effect::Undecided)
    );
}

#[test]
fn combinators_are_undecided_unless_equal() {
    for kw in ["oneOf", "allOf"] {
        let a = json!({kw: [{"type": "string"}, {"type": "number"}]});
        let b = json!({kw: [{"type": "string"}, {"type": "boolean"}]});
        assert_eq!(
            shape(a.clone(), b),
            one(&format!("/{kw}"), kw, Effect::Undecided)
        );
        assert!(shape(a.clone(), a).is_empty());
    }
    assert_eq!(
        shape(
            json!({"not": {"type": "null"}}),
            json!({"not": {"type": "string"}})
        ),
        one("/not", "not", Effect::Undecided)
    );
    let cond =
        |t: &str| json!({"if": {"properties": {"k": {"const": "a"}}}, "then": {"required": [t]}});
    assert_eq!(
        shape(cond("x"), cond("y")),
        one("/then", "then", Effect::Undecided)
    );
    assert_eq!(
        shape(json!({"$dynamicRef": "#a"}), json!({"$dynamicRef": "#b"})),
        one("/$dynamicRef", "$dynamicRef", Effect::Undecided)
    );
    assert_eq!(
        shape(json!({"x-vendor": 1}), json!({"x-vendor": 2})),
        one("/x-vendor", "x-vendor", Effect::Undecided)
    );
    // Equal in meaning inside an undecided keyword is no change.
    assert!(shape(
        json!({"not": {"type": ["null"]}}),
        json!({"not": {"type": "null"}})
    )
    .is_empty());
    let via_ref = json!({"allOf": [{"$ref": "#/$defs/A"}], "$defs": {"A": {"type": "string"}}});
    assert!(shape(via_ref, json!({"allOf": [{"type": "string"}]})).is_empty());
    let pp = |t: Value| json!({"patternProperties": {"^x-": {"type": t}}});
    assert!(shape(pp(json!(["integer", "number"])), pp(json!("number"))).is_empty());
    assert_eq!(
        shape(pp(json!("number")), pp(json!("string"))),
        one("/patternProperties", "patternProperties", Effect::Undecided)
    );
    // anyOf: one side's branches all among the other's is decided.
    let a = json!({"anyOf": [{"type": "string"}, {"type": "number"}]});
    let b = json!({"anyOf": [{"type": "number"}, {"type": "string"}, {"type": "null"}]});
    assert_eq!(
        shape(a.clone(), b.clone()),
        one("/anyOf", "anyOf", Effect::Widened)
    );
    assert_eq!(
        shape(b, a.clone()),
        one("/anyOf", "anyOf", Effect::Narrowed)
    );
    let reordered = json!({"anyOf": [{"type": ["number"]}, {"type": "string"}]});
    assert!(shape(a, reordered).is_empty());
}

#[test]
fn annotations_are_apart_from_shapes() {
    let a = json!({"type": "string", "description": "City name"});
    let b = json!({"description": "City or zip code", "type": "string", "examples": ["Lisbon"]});
    let changes = compare(&a, &b);
    assert!(
        changes.iter().all(|c| c.effect == Effect::Annotation),
        "{changes:?}"
    );
    assert_eq!(changes.len(), 2);
    assert!(equivalent(&a, &b));
}

#[test]
fn boolean_schemas_and_bad_input() {
    assert!(shape(json!(true), json!({})).is_empty());
    assert_eq!(
        shape(json!(true), json!(false)),
        one("", "false", Effect::Narrowed)
    );
    assert_eq!(
        shape(json!(false), json!({"type": "string"})),
        one("", "false", Effect::Widened)
    );
    assert_eq!(
        shape(json!(3), json!("x")),
        one("", "schema", Effect::Undecided)
    );
    // Deeper than MAX_DEPTH: said undecided, no stack overflow.
    let mut deep = json!({"type": "string"});
    for _ in 0..200 {
        deep = json!({"properties": {"a": deep}});
    }
    let s = shape(
        deep.clone(),
        json!({"properties": {"a": {"type": "number"}}}),
    );
    assert!(!s.is_empty());
    let s = shape(deep.clone(), deep);
    assert!(
        s.iter()
            .all(|(_, k, e)| k == "$ref" && *e == Effect::Undecided),
        "{s:?}"
    );
}

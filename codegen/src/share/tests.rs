use super::*;

fn module(defs: &[(&str, TokenStream)]) -> Module {
    Module {
        functions: defs
            .iter()
            .map(|(d, t)| (d.to_string(), t.clone()))
            .collect(),
        tables: TokenStream::new(),
        keyed: false,
    }
}

fn v(name: &str) -> Version {
    Version::by_name(name).unwrap()
}

#[test]
fn shares_only_what_calls_the_same() {
    // `Tool` reads the same in both, but calls an `Icon` that differs:
    // only `Role` (same text, no calls) is shared.
    let a = module(&[
        (
            "Tool",
            quote!(
                fn is_valid_tool() {
                    is_valid_icon()
                }
            ),
        ),
        (
            "Icon",
            quote!(
                fn is_valid_icon() {
                    1
                }
            ),
        ),
        (
            "Role",
            quote!(
                fn is_valid_role() {
                    3
                }
            ),
        ),
    ]);
    let b = module(&[
        (
            "Tool",
            quote!(
                fn is_valid_tool() {
                    is_valid_icon()
                }
            ),
        ),
        (
            "Icon",
            quote!(
                fn is_valid_icon() {
                    2
                }
            ),
        ),
        (
            "Role",
            quote!(
                fn is_valid_role() {
                    3
                }
            ),
        ),
    ]);
    let revs = [
        Revision {
            version: v("2025-11-25"),
            validate: &a,
            bytes: None,
            types: None,
        },
        Revision {
            version: v("2026-07-28"),
            validate: &b,
            bytes: None,
            types: None,
        },
    ];
    let homes = homes(&revs);
    assert!(homes[0].is_empty());
    assert_eq!(homes[1].keys().collect::<Vec<_>>(), ["is_valid_role"]);
    assert_eq!(homes[1]["is_valid_role"], v("2025-11-25"));
    let text = tokens(&b, &homes[1], "validate").to_string();
    assert!(
        text.contains("pub use super :: super :: v2025_11_25 :: validate :: { is_valid_role"),
        "{text}"
    );
    assert!(!text.contains("fn is_valid_role"), "{text}");
}

#[test]
fn shares_cycles_that_match() {
    // `JSONValue` ↔ `JSONObject`, the same in both revisions.
    let m = module(&[
        (
            "JSONValue",
            quote!(
                fn is_valid_json_value() {
                    is_valid_json_object()
                }
            ),
        ),
        (
            "JSONObject",
            quote!(
                fn is_valid_json_object() {
                    is_valid_json_value()
                }
            ),
        ),
    ]);
    let revs = [
        Revision {
            version: v("2025-11-25"),
            validate: &m,
            bytes: None,
            types: None,
        },
        Revision {
            version: v("2026-07-28"),
            validate: &m,
            bytes: None,
            types: None,
        },
    ];
    assert_eq!(homes(&revs)[1].len(), 2);
}

#[test]
fn shares_types_whose_checks_and_members_are_shared() {
    // `Role` and `Tool` read the same in both revisions; `Tool`'s
    // check differs, so only `Role` (which `Tool` names) is shared, and
    // a `Result` named only as `::core::result::Result` is no member.
    let types = |x: &str| Module {
        functions: vec![
            (
                "Role".into(),
                quote!(
                    pub enum Role {
                        User,
                    }
                ),
            ),
            (
                "Tool".into(),
                quote!(
                    pub struct Tool { role: Role, r: ::core::result::Result<(), ()> }
                    definition!(Tool, check_tool, "/$defs/Tool");
                ),
            ),
            (
                "Result".into(),
                quote!(pub struct Result { #[doc = #x] x: () }),
            ),
        ],
        tables: TokenStream::new(),
        keyed: true,
    };
    // 2025-11-25 and 2026-07-28 with these validators and types.
    fn pair<'a>(a: (&'a Module, &'a Module), b: (&'a Module, &'a Module)) -> [Revision<'a>; 2] {
        [("2025-11-25", a), ("2026-07-28", b)].map(|(name, (validate, types))| Revision {
            version: v(name),
            validate,
            bytes: None,
            types: Some(types),
        })
    }
    let (ta, tb) = (types("same"), types("same"));
    let (ra, rb) = (types("a"), types("b"));
    let va = module(&[(
        "check_tool",
        quote!(
            fn check_tool() {
                1
            }
        ),
    )]);
    let vb = module(&[(
        "check_tool",
        quote!(
            fn check_tool() {
                2
            }
        ),
    )]);
    let first = homes(&pair((&va, &ta), (&vb, &tb)));
    assert_eq!(first[1].keys().collect::<Vec<_>>(), ["Result", "Role"]);
    // Different `Result`s do not keep `Tool` from being shared.
    let homes = homes(&pair((&va, &ra), (&va, &rb)));
    assert_eq!(
        homes[1].keys().collect::<Vec<_>>(),
        ["Role", "Tool", "check_tool"]
    );
    let text = tokens(&rb, &homes[1], "types").to_string();
    assert!(
        text.contains("pub use super :: super :: v2025_11_25 :: types :: { Role , Tool }"),
        "{text}"
    );
    assert!(!text.contains("enum Role"), "{text}");
}

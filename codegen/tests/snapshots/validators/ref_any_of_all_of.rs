/// Whether `v` is a valid `JSONValue` (`/$defs/JSONValue`).
pub fn is_valid_json_value(v: &::serde_json::Value) -> bool {
    is_valid_json_object(v)
        || matches!(
            v, ::serde_json::Value::Array(a) if a.iter().all(| v |
            is_valid_json_value(v))
        ) || !matches!(v, ::serde_json::Value::Object(_) | ::serde_json::Value::Array(_))
}
/// Every violation of `JSONValue` in `v`, pointers relative to `v`.
pub fn check_json_value(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_json_value_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `JSONValue` in `v` (at `path`) onto `out`.
pub fn check_json_value_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_json_value(v) {
        return;
    }
    if !(is_valid_json_object(v)
        || matches!(
            v, ::serde_json::Value::Array(a) if a.iter().all(| v |
            is_valid_json_value(v))
        )
        || !matches!(v, ::serde_json::Value::Object(_) | ::serde_json::Value::Array(_)))
    {
        crate::support::any_of(
            v,
            path,
            out,
            "/$defs/JSONValue/anyOf",
            "object (JSONObject), array, string/number/boolean/null",
            &[
                crate::support::Branch::new(1, &check_json_object_at),
                crate::support::Branch::new(
                    2,
                    &|
                        v: &::serde_json::Value,
                        path: &crate::Path<'_>,
                        out: &mut ::std::vec::Vec<crate::Violation>|
                    {
                        crate::support::type_(
                            out,
                            path,
                            "/$defs/JSONValue/anyOf/1/type",
                            "array",
                            2,
                            v,
                        );
                        if let ::serde_json::Value::Array(a) = v {
                            for (i, v) in a.iter().enumerate() {
                                check_json_value_at(v, &path.index(i), out);
                            }
                        }
                    },
                ),
                crate::support::Branch::new(
                    124,
                    &|
                        v: &::serde_json::Value,
                        path: &crate::Path<'_>,
                        out: &mut ::std::vec::Vec<crate::Violation>|
                    {
                        crate::support::type_(
                            out,
                            path,
                            "/$defs/JSONValue/anyOf/2/type",
                            "string, number, boolean or null",
                            124,
                            v,
                        );
                    },
                ),
            ],
        );
    }
}
/// Whether `v` is a valid `JSONObject` (`/$defs/JSONObject`).
pub fn is_valid_json_object(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if m.values().all(| v | is_valid_json_value(v))
    )
}
/// Every violation of `JSONObject` in `v`, pointers relative to `v`.
pub fn check_json_object(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_json_object_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `JSONObject` in `v` (at `path`) onto `out`.
pub fn check_json_object_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_json_object(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/JSONObject/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            check_json_value_at(v, &path.key(k), out);
        }
    }
}
/// Whether `v` is a valid `Text` (`/$defs/Text`).
pub fn is_valid_text(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if { let mut seen = 0usize; m.iter().all(| (k,
        v) | match k.as_str() { "type" => { seen += 1; matches!(v,
        ::serde_json::Value::String(s) if s == "text") } "text" => { seen += 1;
        matches!(v, ::serde_json::Value::String(_)) } _ => true, }) && seen == 2 }
    )
}
/// Every violation of `Text` in `v`, pointers relative to `v`.
pub fn check_text(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_text_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Text` in `v` (at `path`) onto `out`.
pub fn check_text_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_text(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Text/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        crate::support::required(
            out,
            path,
            "/$defs/Text/required",
            m,
            &["type", "text"],
        );
        for (k, v) in m {
            match k.as_str() {
                "type" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Text/properties/type/type",
                        "string",
                        4,
                        v,
                    );
                    if !matches!(v, ::serde_json::Value::String(s) if s == "text") {
                        crate::support::const_(
                            out,
                            path,
                            "/$defs/Text/properties/type/const",
                            "\"text\"",
                            v,
                        );
                    }
                }
                "text" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Text/properties/text/type",
                        "string",
                        4,
                        v,
                    );
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Image` (`/$defs/Image`).
pub fn is_valid_image(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if { let mut seen = 0usize; m.iter().all(| (k,
        v) | match k.as_str() { "type" => { seen += 1; matches!(v,
        ::serde_json::Value::String(s) if s == "image") } "data" => { seen += 1;
        matches!(v, ::serde_json::Value::String(s) if crate ::format::is_byte(s)) } _ =>
        true, }) && seen == 2 }
    )
}
/// Every violation of `Image` in `v`, pointers relative to `v`.
pub fn check_image(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_image_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Image` in `v` (at `path`) onto `out`.
pub fn check_image_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_image(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Image/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        crate::support::required(
            out,
            path,
            "/$defs/Image/required",
            m,
            &["type", "data"],
        );
        for (k, v) in m {
            match k.as_str() {
                "type" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Image/properties/type/type",
                        "string",
                        4,
                        v,
                    );
                    if !matches!(v, ::serde_json::Value::String(s) if s == "image") {
                        crate::support::const_(
                            out,
                            path,
                            "/$defs/Image/properties/type/const",
                            "\"image\"",
                            v,
                        );
                    }
                }
                "data" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Image/properties/data/type",
                        "string",
                        4,
                        v,
                    );
                    if let ::serde_json::Value::String(s) = v {
                        if !crate::format::is_byte(s) {
                            crate::support::format(
                                out,
                                path,
                                "/$defs/Image/properties/data/format",
                                "byte",
                                s,
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Block` (`/$defs/Block`).
pub fn is_valid_block(v: &::serde_json::Value) -> bool {
    match crate::support::tag(v, "type") {
        crate::support::Tag::Str("text") => {
            is_valid_text(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        crate::support::Tag::Str("image") => {
            is_valid_image(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        crate::support::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        _ => {
            matches!(
                v, ::serde_json::Value::Array(a) if a.iter().all(| v | is_valid_text(v))
            )
        }
    }
}
/// Every violation of `Block` in `v`, pointers relative to `v`.
pub fn check_block(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_block_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Block` in `v` (at `path`) onto `out`.
pub fn check_block_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_block(v) {
        return;
    }
    if !match crate::support::tag(v, "type") {
        crate::support::Tag::Str("text") => {
            is_valid_text(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        crate::support::Tag::Str("image") => {
            is_valid_image(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        crate::support::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || matches!(
                    v, ::serde_json::Value::Array(a) if a.iter().all(| v |
                    is_valid_text(v))
                )
        }
        _ => {
            matches!(
                v, ::serde_json::Value::Array(a) if a.iter().all(| v | is_valid_text(v))
            )
        }
    } {
        crate::support::any_of_tagged(
            v,
            path,
            out,
            "/$defs/Block/anyOf",
            "object (Text), object (Image), array",
            "type",
            &[
                crate::support::Branch::tagged(1, "text", &check_text_at)
                    .requiring(&["text", "type"]),
                crate::support::Branch::tagged(1, "image", &check_image_at)
                    .requiring(&["data", "type"]),
                crate::support::Branch::new(
                    2,
                    &|
                        v: &::serde_json::Value,
                        path: &crate::Path<'_>,
                        out: &mut ::std::vec::Vec<crate::Violation>|
                    {
                        crate::support::type_(
                            out,
                            path,
                            "/$defs/Block/anyOf/2/type",
                            "array",
                            2,
                            v,
                        );
                        if let ::serde_json::Value::Array(a) = v {
                            for (i, v) in a.iter().enumerate() {
                                check_text_at(v, &path.index(i), out);
                            }
                        }
                    },
                ),
            ],
        );
    }
}
/// Whether `v` is a valid `Error` (`/$defs/Error`).
pub fn is_valid_error(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if { let mut seen = 0usize; m.iter().all(| (k,
        v) | match k.as_str() { "code" => { seen += 1; matches!(v,
        ::serde_json::Value::Number(n) if crate ::number::is_integer(n)) } _ => true, })
        && seen == 1 }
    )
}
/// Every violation of `Error` in `v`, pointers relative to `v`.
pub fn check_error(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_error_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Error` in `v` (at `path`) onto `out`.
pub fn check_error_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_error(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Error/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        crate::support::required(out, path, "/$defs/Error/required", m, &["code"]);
        for (k, v) in m {
            match k.as_str() {
                "code" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Error/properties/code/type",
                        "integer",
                        8,
                        v,
                    );
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Coded` (`/$defs/Coded`).
pub fn is_valid_coded(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if m.iter().all(| (k, v) | match k.as_str() {
        "error" => is_valid_error(v) && matches!(v, ::serde_json::Value::Object(m) if m
        .iter().all(| (k, v) | match k.as_str() { "code" => matches!(v,
        ::serde_json::Value::Number(n) if crate ::number::is_integer(n) && crate
        ::number::eq_int(n, - 32021)), _ => true, })), _ => true, })
    )
}
/// Every violation of `Coded` in `v`, pointers relative to `v`.
pub fn check_coded(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_coded_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Coded` in `v` (at `path`) onto `out`.
pub fn check_coded_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_coded(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Coded/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "error" => {
                    let path = &path.key(k);
                    check_error_at(v, path, out);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Coded/properties/error/allOf/1/type",
                        "object",
                        1,
                        v,
                    );
                    if let ::serde_json::Value::Object(m) = v {
                        for (k, v) in m {
                            match k.as_str() {
                                "code" => {
                                    let path = &path.key(k);
                                    crate::support::type_(
                                        out,
                                        path,
                                        "/$defs/Coded/properties/error/allOf/1/properties/code/type",
                                        "integer",
                                        8,
                                        v,
                                    );
                                    if !matches!(
                                        v, ::serde_json::Value::Number(n) if crate
                                        ::number::eq_int(n, - 32021)
                                    ) {
                                        crate::support::const_(
                                            out,
                                            path,
                                            "/$defs/Coded/properties/error/allOf/1/properties/code/const",
                                            "-32021",
                                            v,
                                        );
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

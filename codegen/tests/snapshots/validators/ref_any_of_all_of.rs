/// Whether `v` is a valid `JSONValue` (`/$defs/JSONValue`).
pub fn is_valid_json_value(v: &::serde_json::Value) -> bool {
    is_valid_json_object(v)
        || match v {
            ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_json_value(v)),
            _ => false,
        } || !matches!(v, ::serde_json::Value::Object(_) | ::serde_json::Value::Array(_))
}
/// Every violation of `JSONValue` in `v`, pointers relative to `v`.
pub fn check_json_value(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_json_value_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `JSONValue` in `v` (at `path`) onto `out`.
pub fn check_json_value_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_json_value(v) {
        return;
    }
    if !(is_valid_json_object(v)
        || match v {
            ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_json_value(v)),
            _ => false,
        }
        || !matches!(v, ::serde_json::Value::Object(_) | ::serde_json::Value::Array(_)))
    {
        rt::any_of(
            v,
            path,
            out,
            "/$defs/JSONValue/anyOf",
            "object (JSONObject), array, string/number/boolean/null",
            &[
                rt::Branch::new(rt::kind::OBJECT, &check_json_object_at),
                rt::Branch::new(
                    rt::kind::ARRAY,
                    &|
                        v: &::serde_json::Value,
                        path: &rt::Path<'_>,
                        out: &mut ::std::vec::Vec<rt::Violation>|
                    {
                        rt::type_(
                            out,
                            path,
                            "/$defs/JSONValue/anyOf/1/type",
                            "array",
                            rt::kind::ARRAY,
                            v,
                        );
                        if let ::serde_json::Value::Array(a) = v {
                            for (i, v) in a.iter().enumerate() {
                                check_json_value_at(v, &path.index(i), out);
                            }
                        }
                    },
                ),
                rt::Branch::new(
                    rt::kind::STRING | rt::kind::NUMBER | rt::kind::BOOLEAN
                        | rt::kind::NULL,
                    &|
                        v: &::serde_json::Value,
                        path: &rt::Path<'_>,
                        out: &mut ::std::vec::Vec<rt::Violation>|
                    {
                        rt::type_(
                            out,
                            path,
                            "/$defs/JSONValue/anyOf/2/type",
                            "string, number, boolean or null",
                            rt::kind::STRING | rt::kind::NUMBER | rt::kind::BOOLEAN
                                | rt::kind::NULL,
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
    match v {
        ::serde_json::Value::Object(m) => m.values().all(|v| is_valid_json_value(v)),
        _ => false,
    }
}
/// Every violation of `JSONObject` in `v`, pointers relative to `v`.
pub fn check_json_object(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_json_object_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `JSONObject` in `v` (at `path`) onto `out`.
pub fn check_json_object_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_json_object(v) {
        return;
    }
    rt::type_(out, path, "/$defs/JSONObject/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            check_json_value_at(v, &path.key(k), out);
        }
    }
}
/// Whether `v` is a valid `Text` (`/$defs/Text`).
pub fn is_valid_text(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Object(m) => {
            let mut seen = 0usize;
            m
                .iter()
                .all(|(k, v)| match k.as_str() {
                    "type" => {
                        seen += 1;
                        match v {
                            ::serde_json::Value::String(s) => s == "text",
                            _ => false,
                        }
                    }
                    "text" => {
                        seen += 1;
                        matches!(v, ::serde_json::Value::String(_))
                    }
                    _ => true,
                }) && seen == 2
        }
        _ => false,
    }
}
/// Every violation of `Text` in `v`, pointers relative to `v`.
pub fn check_text(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_text_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Text` in `v` (at `path`) onto `out`.
pub fn check_text_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_text(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Text/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        rt::required(out, path, "/$defs/Text/required", m, &["type", "text"]);
        for (k, v) in m {
            match k.as_str() {
                "type" => {
                    let path = &path.key(k);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Text/properties/type/type",
                        "string",
                        rt::kind::STRING,
                        v,
                    );
                    if !match v {
                        ::serde_json::Value::String(s) => s == "text",
                        _ => false,
                    } {
                        rt::const_(
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
                    rt::type_(
                        out,
                        path,
                        "/$defs/Text/properties/text/type",
                        "string",
                        rt::kind::STRING,
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
    match v {
        ::serde_json::Value::Object(m) => {
            let mut seen = 0usize;
            m
                .iter()
                .all(|(k, v)| match k.as_str() {
                    "type" => {
                        seen += 1;
                        match v {
                            ::serde_json::Value::String(s) => s == "image",
                            _ => false,
                        }
                    }
                    "data" => {
                        seen += 1;
                        match v {
                            ::serde_json::Value::String(s) => rt::format::is_byte(s),
                            _ => false,
                        }
                    }
                    _ => true,
                }) && seen == 2
        }
        _ => false,
    }
}
/// Every violation of `Image` in `v`, pointers relative to `v`.
pub fn check_image(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_image_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Image` in `v` (at `path`) onto `out`.
pub fn check_image_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_image(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Image/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        rt::required(out, path, "/$defs/Image/required", m, &["type", "data"]);
        for (k, v) in m {
            match k.as_str() {
                "type" => {
                    let path = &path.key(k);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Image/properties/type/type",
                        "string",
                        rt::kind::STRING,
                        v,
                    );
                    if !match v {
                        ::serde_json::Value::String(s) => s == "image",
                        _ => false,
                    } {
                        rt::const_(
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
                    rt::type_(
                        out,
                        path,
                        "/$defs/Image/properties/data/type",
                        "string",
                        rt::kind::STRING,
                        v,
                    );
                    if let ::serde_json::Value::String(s) = v {
                        if !rt::format::is_byte(s) {
                            rt::format(
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
    match rt::tag(v, "type") {
        rt::Tag::Str("text") => {
            is_valid_text(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        rt::Tag::Str("image") => {
            is_valid_image(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        rt::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        _ => {
            match v {
                ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                _ => false,
            }
        }
    }
}
/// Every violation of `Block` in `v`, pointers relative to `v`.
pub fn check_block(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_block_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Block` in `v` (at `path`) onto `out`.
pub fn check_block_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_block(v) {
        return;
    }
    if !match rt::tag(v, "type") {
        rt::Tag::Str("text") => {
            is_valid_text(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        rt::Tag::Str("image") => {
            is_valid_image(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        rt::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || match v {
                    ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                    _ => false,
                }
        }
        _ => {
            match v {
                ::serde_json::Value::Array(a) => a.iter().all(|v| is_valid_text(v)),
                _ => false,
            }
        }
    } {
        rt::any_of_tagged(
            v,
            path,
            out,
            "/$defs/Block/anyOf",
            "object (Text), object (Image), array",
            "type",
            &[
                rt::Branch::tagged(rt::kind::OBJECT, "text", &check_text_at)
                    .requiring(&["text", "type"]),
                rt::Branch::tagged(rt::kind::OBJECT, "image", &check_image_at)
                    .requiring(&["data", "type"]),
                rt::Branch::new(
                    rt::kind::ARRAY,
                    &|
                        v: &::serde_json::Value,
                        path: &rt::Path<'_>,
                        out: &mut ::std::vec::Vec<rt::Violation>|
                    {
                        rt::type_(
                            out,
                            path,
                            "/$defs/Block/anyOf/2/type",
                            "array",
                            rt::kind::ARRAY,
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
    match v {
        ::serde_json::Value::Object(m) => {
            let mut seen = 0usize;
            m
                .iter()
                .all(|(k, v)| match k.as_str() {
                    "code" => {
                        seen += 1;
                        match v {
                            ::serde_json::Value::Number(n) => rt::number::is_integer(n),
                            _ => false,
                        }
                    }
                    _ => true,
                }) && seen == 1
        }
        _ => false,
    }
}
/// Every violation of `Error` in `v`, pointers relative to `v`.
pub fn check_error(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_error_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Error` in `v` (at `path`) onto `out`.
pub fn check_error_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_error(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Error/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        rt::required(out, path, "/$defs/Error/required", m, &["code"]);
        for (k, v) in m {
            match k.as_str() {
                "code" => {
                    let path = &path.key(k);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Error/properties/code/type",
                        "integer",
                        rt::kind::INTEGER,
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
    match v {
        ::serde_json::Value::Object(m) => {
            m.iter()
                .all(|(k, v)| match k.as_str() {
                    "error" => {
                        is_valid_error(v)
                            && match v {
                                ::serde_json::Value::Object(m) => {
                                    m.iter()
                                        .all(|(k, v)| match k.as_str() {
                                            "code" => {
                                                match v {
                                                    ::serde_json::Value::Number(n) => {
                                                        rt::number::is_integer(n) && rt::number::eq_int(n, -32021)
                                                    }
                                                    _ => false,
                                                }
                                            }
                                            _ => true,
                                        })
                                }
                                _ => false,
                            }
                    }
                    _ => true,
                })
        }
        _ => false,
    }
}
/// Every violation of `Coded` in `v`, pointers relative to `v`.
pub fn check_coded(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_coded_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Coded` in `v` (at `path`) onto `out`.
pub fn check_coded_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_coded(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Coded/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "error" => {
                    let path = &path.key(k);
                    check_error_at(v, path, out);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Coded/properties/error/allOf/1/type",
                        "object",
                        rt::kind::OBJECT,
                        v,
                    );
                    if let ::serde_json::Value::Object(m) = v {
                        for (k, v) in m {
                            match k.as_str() {
                                "code" => {
                                    let path = &path.key(k);
                                    rt::type_(
                                        out,
                                        path,
                                        "/$defs/Coded/properties/error/allOf/1/properties/code/type",
                                        "integer",
                                        rt::kind::INTEGER,
                                        v,
                                    );
                                    if !match v {
                                        ::serde_json::Value::Number(n) => {
                                            rt::number::eq_int(n, -32021)
                                        }
                                        _ => false,
                                    } {
                                        rt::const_(
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

/// Whether `v` is a valid `Block`.
pub fn is_valid_block(v: &rt::Value) -> bool {
    match rt::tag(v, "type") {
        rt::Tag::Str("text") => {
            is_valid_text(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        rt::Tag::Str("image") => {
            is_valid_image(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        rt::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        _ => v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v))),
    }
}
/// Every violation of `Block` in `v`, pointers relative to `v`.
pub fn check_block(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_block_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Block` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_block_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_block(v) {
        return;
    }
    let at = D::at("/Block");
    if !match rt::tag(v, "type") {
        rt::Tag::Str("text") => {
            is_valid_text(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        rt::Tag::Str("image") => {
            is_valid_image(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        rt::Tag::Missing => {
            is_valid_text(v) || is_valid_image(v)
                || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v)))
        }
        _ => v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_text(v))),
    } {
        rt::any_of_tagged(
            v,
            path,
            out,
            at,
            "object (Text), object (Image), array",
            "type",
            &[
                rt::Branch::tagged(rt::kind::OBJECT, "text", &check_text_at::<D>)
                    .requiring(&["text", "type"]),
                rt::Branch::tagged(rt::kind::OBJECT, "image", &check_image_at::<D>)
                    .requiring(&["data", "type"]),
                rt::Branch::new(
                    rt::kind::ARRAY,
                    &|v: &rt::Value, path: &rt::Path<'_>, out: &mut Vec<rt::Violation>| {
                        let at = D::at("/Block/anyOf/2");
                        rt::type_(out, path, at, rt::kind::ARRAY, v);
                        if let rt::Value::Array(a) = v {
                            for (i, v) in a.iter().enumerate() {
                                check_text_at::<D>(v, &path.index(i), out);
                            }
                        }
                    },
                ),
            ],
        );
    }
}
/// Whether `v` is a valid `Coded`.
pub fn is_valid_coded(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| rt::every_member(
            m,
            |k, v| match k.as_str() {
                "error" => {
                    is_valid_error(v)
                        && v
                            .as_object()
                            .is_some_and(|m| rt::every_member(
                                m,
                                |k, v| match k.as_str() {
                                    "code" => {
                                        match v {
                                            rt::Value::Number(n) => {
                                                rt::number::is_integer(n) && rt::number::eq_int(n, -32021)
                                            }
                                            _ => false,
                                        }
                                    }
                                    _ => true,
                                },
                            ))
                }
                _ => true,
            },
        ))
}
/// Every violation of `Coded` in `v`, pointers relative to `v`.
pub fn check_coded(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_coded_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Coded` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_coded_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_coded(v) {
        return;
    }
    let at = D::at("/Coded");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "error" => {
                    let path = &path.key(k);
                    {
                        check_error_at::<D>(v, path, out);
                    }
                    {
                        let at = D::at("/Coded/properties/error/allOf/1");
                        rt::type_(out, path, at, rt::kind::OBJECT, v);
                        if let rt::Value::Object(m) = v {
                            for (k, v) in m {
                                match k.as_str() {
                                    "code" => {
                                        let path = &path.key(k);
                                        let at = D::at(
                                            "/Coded/properties/error/allOf/1/properties/code",
                                        );
                                        rt::type_(out, path, at, rt::kind::INTEGER, v);
                                        if !match v {
                                            rt::Value::Number(n) => rt::number::eq_int(n, -32021),
                                            _ => false,
                                        } {
                                            rt::const_(out, path, at, "-32021", v);
                                        }
                                    }
                                    _ => {}
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Error`.
pub fn is_valid_error(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| {
            let mut seen = 0usize;
            rt::every_member(
                m,
                |k, v| match k.as_str() {
                    "code" => {
                        rt::count(&mut seen)
                            && match v {
                                rt::Value::Number(n) => rt::number::is_integer(n),
                                _ => false,
                            }
                    }
                    _ => true,
                },
            ) && seen == 1
        })
}
/// Every violation of `Error` in `v`, pointers relative to `v`.
pub fn check_error(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_error_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Error` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_error_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_error(v) {
        return;
    }
    let at = D::at("/Error");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        rt::required(out, path, at, m, &["code"]);
        for (k, v) in m {
            match k.as_str() {
                "code" => rt::prop(out, path, at, k, rt::kind::INTEGER, v),
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Image`.
pub fn is_valid_image(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| {
            let mut seen = 0usize;
            rt::every_member(
                m,
                |k, v| match k.as_str() {
                    "data" => {
                        rt::count(&mut seen)
                            && v.as_str().is_some_and(|s| rt::format::is_byte(s))
                    }
                    "type" => {
                        rt::count(&mut seen) && v.as_str().is_some_and(|s| s == "image")
                    }
                    _ => true,
                },
            ) && seen == 2
        })
}
/// Every violation of `Image` in `v`, pointers relative to `v`.
pub fn check_image(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_image_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Image` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_image_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_image(v) {
        return;
    }
    let at = D::at("/Image");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        rt::required(out, path, at, m, &["type", "data"]);
        for (k, v) in m {
            match k.as_str() {
                "data" => {
                    let path = &path.key(k);
                    let at = D::at("/Image/properties/data");
                    rt::type_(out, path, at, rt::kind::STRING, v);
                    rt::formatted(out, path, at, rt::formats::BYTE, v);
                }
                "type" => {
                    let path = &path.key(k);
                    let at = D::at("/Image/properties/type");
                    rt::type_(out, path, at, rt::kind::STRING, v);
                    rt::const_str(out, path, at, "image", v);
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `JSONObject`.
pub fn is_valid_json_object(v: &rt::Value) -> bool {
    v.as_object().is_some_and(|m| rt::every_value(m, |v| is_valid_json_value(v)))
}
/// Every violation of `JSONObject` in `v`, pointers relative to `v`.
pub fn check_json_object(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_json_object_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `JSONObject` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_json_object_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_json_object(v) {
        return;
    }
    let at = D::at("/JSONObject");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        for (k, v) in m {
            check_json_value_at::<D>(v, &path.key(k), out);
        }
    }
}
/// Whether `v` is a valid `JSONValue`.
pub fn is_valid_json_value(v: &rt::Value) -> bool {
    is_valid_json_object(v)
        || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_json_value(v)))
        || !matches!(v, rt::Value::Object(_) | rt::Value::Array(_))
}
/// Every violation of `JSONValue` in `v`, pointers relative to `v`.
pub fn check_json_value(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_json_value_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `JSONValue` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_json_value_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_json_value(v) {
        return;
    }
    let at = D::at("/JSONValue");
    if !(is_valid_json_object(v)
        || v.as_array().is_some_and(|a| rt::every(a, |v| is_valid_json_value(v)))
        || !matches!(v, rt::Value::Object(_) | rt::Value::Array(_)))
    {
        rt::any_of(
            v,
            path,
            out,
            at,
            "object (JSONObject), array, string/number/boolean/null",
            &[
                rt::Branch::new(rt::kind::OBJECT, &check_json_object_at::<D>),
                rt::Branch::new(
                    rt::kind::ARRAY,
                    &|v: &rt::Value, path: &rt::Path<'_>, out: &mut Vec<rt::Violation>| {
                        let at = D::at("/JSONValue/anyOf/1");
                        rt::type_(out, path, at, rt::kind::ARRAY, v);
                        if let rt::Value::Array(a) = v {
                            for (i, v) in a.iter().enumerate() {
                                check_json_value_at::<D>(v, &path.index(i), out);
                            }
                        }
                    },
                ),
                rt::Branch::new(
                    rt::kind::STRING | rt::kind::NUMBER | rt::kind::BOOLEAN
                        | rt::kind::NULL,
                    &|v: &rt::Value, path: &rt::Path<'_>, out: &mut Vec<rt::Violation>| {
                        let at = D::at("/JSONValue/anyOf/2");
                        rt::types(
                            out,
                            path,
                            at,
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
/// Whether `v` is a valid `Text`.
pub fn is_valid_text(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| {
            let mut seen = 0usize;
            rt::every_member(
                m,
                |k, v| match k.as_str() {
                    "text" => rt::count(&mut seen) && v.is_string(),
                    "type" => {
                        rt::count(&mut seen) && v.as_str().is_some_and(|s| s == "text")
                    }
                    _ => true,
                },
            ) && seen == 2
        })
}
/// Every violation of `Text` in `v`, pointers relative to `v`.
pub fn check_text(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_text_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Text` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_text_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_text(v) {
        return;
    }
    let at = D::at("/Text");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        rt::required(out, path, at, m, &["type", "text"]);
        for (k, v) in m {
            match k.as_str() {
                "text" => rt::prop(out, path, at, k, rt::kind::STRING, v),
                "type" => {
                    let path = &path.key(k);
                    let at = D::at("/Text/properties/type");
                    rt::type_(out, path, at, rt::kind::STRING, v);
                    rt::const_str(out, path, at, "text", v);
                }
                _ => {}
            }
        }
    }
}

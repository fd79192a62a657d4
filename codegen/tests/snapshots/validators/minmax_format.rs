/// Whether `v` is a valid `Blob`.
pub fn is_valid_blob(v: &rt::Value) -> bool {
    v.as_str().is_some_and(|s| rt::format::is_byte(s))
}
/// Every violation of `Blob` in `v`, pointers relative to `v`.
pub fn check_blob(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_blob_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Blob` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_blob_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_blob(v) {
        return;
    }
    let at = D::at("/Blob");
    rt::type_(out, path, at, rt::kind::STRING, v);
    rt::formatted(out, path, at, rt::formats::BYTE, v);
}
/// Whether `v` is a valid `Half`.
pub fn is_valid_half(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::le_float(n, 0.5),
        _ => false,
    }
}
/// Every violation of `Half` in `v`, pointers relative to `v`.
pub fn check_half(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_half_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Half` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_half_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_half(v) {
        return;
    }
    let at = D::at("/Half");
    rt::type_(out, path, at, rt::kind::NUMBER, v);
    if let rt::Value::Number(n) = v {
        if !rt::number::le_float(n, 0.5) {
            rt::maximum(out, path, at, "0.5", n);
        }
    }
}
/// Whether `v` is a valid `Priority`.
pub fn is_valid_priority(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::ge_int(n, 0) && rt::number::le_int(n, 1),
        _ => false,
    }
}
/// Every violation of `Priority` in `v`, pointers relative to `v`.
pub fn check_priority(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_priority_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Priority` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_priority_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_priority(v) {
        return;
    }
    let at = D::at("/Priority");
    rt::type_(out, path, at, rt::kind::NUMBER, v);
    if let rt::Value::Number(n) = v {
        if !rt::number::ge_int(n, 0) {
            rt::minimum(out, path, at, "0", n);
        }
        if !rt::number::le_int(n, 1) {
            rt::maximum(out, path, at, "1", n);
        }
    }
}
/// Whether `v` is a valid `Template`.
pub fn is_valid_template(v: &rt::Value) -> bool {
    v.as_str().is_some_and(|s| rt::format::is_uri_template(s))
}
/// Every violation of `Template` in `v`, pointers relative to `v`.
pub fn check_template(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_template_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Template` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_template_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_template(v) {
        return;
    }
    let at = D::at("/Template");
    rt::type_(out, path, at, rt::kind::STRING, v);
    rt::formatted(out, path, at, rt::formats::URI_TEMPLATE, v);
}
/// Whether `v` is a valid `Ttl`.
pub fn is_valid_ttl(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::is_integer(n) && rt::number::ge_int(n, 0),
        _ => false,
    }
}
/// Every violation of `Ttl` in `v`, pointers relative to `v`.
pub fn check_ttl(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_ttl_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Ttl` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_ttl_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_ttl(v) {
        return;
    }
    let at = D::at("/Ttl");
    rt::type_(out, path, at, rt::kind::INTEGER, v);
    if let rt::Value::Number(n) = v {
        if !rt::number::ge_int(n, 0) {
            rt::minimum(out, path, at, "0", n);
        }
    }
}
/// Whether `v` is a valid `Uri`.
pub fn is_valid_uri(v: &rt::Value) -> bool {
    v.as_str().is_some_and(|s| rt::format::is_uri(s))
}
/// Every violation of `Uri` in `v`, pointers relative to `v`.
pub fn check_uri(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_uri_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Uri` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_uri_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_uri(v) {
        return;
    }
    let at = D::at("/Uri");
    rt::type_(out, path, at, rt::kind::STRING, v);
    rt::formatted(out, path, at, rt::formats::URI, v);
}

/// Whether `v` is a valid `Ttl` (`/$defs/Ttl`).
pub fn is_valid_ttl(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => {
            rt::number::is_integer(n) && rt::number::ge_int(n, 0)
        }
        _ => false,
    }
}
/// Every violation of `Ttl` in `v`, pointers relative to `v`.
pub fn check_ttl(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_ttl_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Ttl` in `v` (at `path`) onto `out`.
pub fn check_ttl_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_ttl(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Ttl/type", "integer", rt::kind::INTEGER, v);
    if let ::serde_json::Value::Number(n) = v {
        if !rt::number::ge_int(n, 0) {
            rt::minimum(out, path, "/$defs/Ttl/minimum", "0", n);
        }
    }
}
/// Whether `v` is a valid `Priority` (`/$defs/Priority`).
pub fn is_valid_priority(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => {
            rt::number::ge_int(n, 0) && rt::number::le_int(n, 1)
        }
        _ => false,
    }
}
/// Every violation of `Priority` in `v`, pointers relative to `v`.
pub fn check_priority(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_priority_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Priority` in `v` (at `path`) onto `out`.
pub fn check_priority_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_priority(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Priority/type", "number", rt::kind::NUMBER, v);
    if let ::serde_json::Value::Number(n) = v {
        if !rt::number::ge_int(n, 0) {
            rt::minimum(out, path, "/$defs/Priority/minimum", "0", n);
        }
        if !rt::number::le_int(n, 1) {
            rt::maximum(out, path, "/$defs/Priority/maximum", "1", n);
        }
    }
}
/// Whether `v` is a valid `Half` (`/$defs/Half`).
pub fn is_valid_half(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => rt::number::le_float(n, 0.5),
        _ => false,
    }
}
/// Every violation of `Half` in `v`, pointers relative to `v`.
pub fn check_half(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_half_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Half` in `v` (at `path`) onto `out`.
pub fn check_half_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_half(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Half/type", "number", rt::kind::NUMBER, v);
    if let ::serde_json::Value::Number(n) = v {
        if !rt::number::le_float(n, 0.5) {
            rt::maximum(out, path, "/$defs/Half/maximum", "0.5", n);
        }
    }
}
/// Whether `v` is a valid `Uri` (`/$defs/Uri`).
pub fn is_valid_uri(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => rt::format::is_uri(s),
        _ => false,
    }
}
/// Every violation of `Uri` in `v`, pointers relative to `v`.
pub fn check_uri(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_uri_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Uri` in `v` (at `path`) onto `out`.
pub fn check_uri_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_uri(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Uri/type", "string", rt::kind::STRING, v);
    if let ::serde_json::Value::String(s) = v {
        if !rt::format::is_uri(s) {
            rt::format(out, path, "/$defs/Uri/format", "uri", s);
        }
    }
}
/// Whether `v` is a valid `Template` (`/$defs/Template`).
pub fn is_valid_template(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => rt::format::is_uri_template(s),
        _ => false,
    }
}
/// Every violation of `Template` in `v`, pointers relative to `v`.
pub fn check_template(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_template_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Template` in `v` (at `path`) onto `out`.
pub fn check_template_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_template(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Template/type", "string", rt::kind::STRING, v);
    if let ::serde_json::Value::String(s) = v {
        if !rt::format::is_uri_template(s) {
            rt::format(out, path, "/$defs/Template/format", "uri-template", s);
        }
    }
}
/// Whether `v` is a valid `Blob` (`/$defs/Blob`).
pub fn is_valid_blob(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => rt::format::is_byte(s),
        _ => false,
    }
}
/// Every violation of `Blob` in `v`, pointers relative to `v`.
pub fn check_blob(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_blob_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Blob` in `v` (at `path`) onto `out`.
pub fn check_blob_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_blob(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Blob/type", "string", rt::kind::STRING, v);
    if let ::serde_json::Value::String(s) = v {
        if !rt::format::is_byte(s) {
            rt::format(out, path, "/$defs/Blob/format", "byte", s);
        }
    }
}

/// Whether `v` is a valid `Ttl` (`/$defs/Ttl`).
pub fn is_valid_ttl(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Number(n) if crate ::number::is_integer(n) && crate
        ::number::ge_int(n, 0)
    )
}
/// Every violation of `Ttl` in `v`, pointers relative to `v`.
pub fn check_ttl(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_ttl_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Ttl` in `v` (at `path`) onto `out`.
pub fn check_ttl_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_ttl(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Ttl/type", "integer", 8, v);
    if let ::serde_json::Value::Number(n) = v {
        if !crate::number::ge_int(n, 0) {
            crate::support::minimum(out, path, "/$defs/Ttl/minimum", "0", n);
        }
    }
}
/// Whether `v` is a valid `Priority` (`/$defs/Priority`).
pub fn is_valid_priority(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Number(n) if crate ::number::ge_int(n, 0) && crate
        ::number::le_int(n, 1)
    )
}
/// Every violation of `Priority` in `v`, pointers relative to `v`.
pub fn check_priority(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_priority_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Priority` in `v` (at `path`) onto `out`.
pub fn check_priority_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_priority(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Priority/type", "number", 24, v);
    if let ::serde_json::Value::Number(n) = v {
        if !crate::number::ge_int(n, 0) {
            crate::support::minimum(out, path, "/$defs/Priority/minimum", "0", n);
        }
        if !crate::number::le_int(n, 1) {
            crate::support::maximum(out, path, "/$defs/Priority/maximum", "1", n);
        }
    }
}
/// Whether `v` is a valid `Half` (`/$defs/Half`).
pub fn is_valid_half(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Number(n) if crate ::number::le_float(n, 0.5))
}
/// Every violation of `Half` in `v`, pointers relative to `v`.
pub fn check_half(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_half_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Half` in `v` (at `path`) onto `out`.
pub fn check_half_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_half(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Half/type", "number", 24, v);
    if let ::serde_json::Value::Number(n) = v {
        if !crate::number::le_float(n, 0.5) {
            crate::support::maximum(out, path, "/$defs/Half/maximum", "0.5", n);
        }
    }
}
/// Whether `v` is a valid `Uri` (`/$defs/Uri`).
pub fn is_valid_uri(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::String(s) if crate ::format::is_uri(s))
}
/// Every violation of `Uri` in `v`, pointers relative to `v`.
pub fn check_uri(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_uri_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Uri` in `v` (at `path`) onto `out`.
pub fn check_uri_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_uri(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Uri/type", "string", 4, v);
    if let ::serde_json::Value::String(s) = v {
        if !crate::format::is_uri(s) {
            crate::support::format(out, path, "/$defs/Uri/format", "uri", s);
        }
    }
}
/// Whether `v` is a valid `Template` (`/$defs/Template`).
pub fn is_valid_template(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::String(s) if crate ::format::is_uri_template(s))
}
/// Every violation of `Template` in `v`, pointers relative to `v`.
pub fn check_template(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_template_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Template` in `v` (at `path`) onto `out`.
pub fn check_template_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_template(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Template/type", "string", 4, v);
    if let ::serde_json::Value::String(s) = v {
        if !crate::format::is_uri_template(s) {
            crate::support::format(
                out,
                path,
                "/$defs/Template/format",
                "uri-template",
                s,
            );
        }
    }
}
/// Whether `v` is a valid `Blob` (`/$defs/Blob`).
pub fn is_valid_blob(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::String(s) if crate ::format::is_byte(s))
}
/// Every violation of `Blob` in `v`, pointers relative to `v`.
pub fn check_blob(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_blob_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Blob` in `v` (at `path`) onto `out`.
pub fn check_blob_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_blob(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Blob/type", "string", 4, v);
    if let ::serde_json::Value::String(s) = v {
        if !crate::format::is_byte(s) {
            crate::support::format(out, path, "/$defs/Blob/format", "byte", s);
        }
    }
}

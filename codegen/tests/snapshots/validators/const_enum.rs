/// Whether `v` is a valid `Version` (`/$defs/Version`).
pub fn is_valid_version(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::String(s) if s == "2.0")
}
/// Every violation of `Version` in `v`, pointers relative to `v`.
pub fn check_version(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_version_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Version` in `v` (at `path`) onto `out`.
pub fn check_version_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_version(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Version/type", "string", 4, v);
    if !matches!(v, ::serde_json::Value::String(s) if s == "2.0") {
        crate::support::const_(out, path, "/$defs/Version/const", "\"2.0\"", v);
    }
}
/// Whether `v` is a valid `Code` (`/$defs/Code`).
pub fn is_valid_code(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Number(n) if crate ::number::is_integer(n) && crate
        ::number::eq_int(n, - 32021)
    )
}
/// Every violation of `Code` in `v`, pointers relative to `v`.
pub fn check_code(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_code_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Code` in `v` (at `path`) onto `out`.
pub fn check_code_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_code(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Code/type", "integer", 8, v);
    if !matches!(
        v, ::serde_json::Value::Number(n) if crate ::number::eq_int(n, - 32021)
    ) {
        crate::support::const_(out, path, "/$defs/Code/const", "-32021", v);
    }
}
/// Whether `v` is a valid `Scope` (`/$defs/Scope`).
pub fn is_valid_scope(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::String(s) if matches!(s.as_str(), "private" | "public")
    )
}
/// Every violation of `Scope` in `v`, pointers relative to `v`.
pub fn check_scope(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_scope_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Scope` in `v` (at `path`) onto `out`.
pub fn check_scope_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_scope(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Scope/type", "string", 4, v);
    if !matches!(
        v, ::serde_json::Value::String(s) if matches!(s.as_str(), "private" | "public")
    ) {
        crate::support::enum_(
            out,
            path,
            "/$defs/Scope/enum",
            "\"private\", \"public\"",
            v,
        );
    }
}
/// Whether `v` is a valid `Mixed` (`/$defs/Mixed`).
pub fn is_valid_mixed(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => s == "a",
        ::serde_json::Value::Number(n) => {
            crate::number::eq_int(n, 1) || crate::number::eq_float(n, 2.5)
        }
        ::serde_json::Value::Bool(b) => *b,
        ::serde_json::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Mixed` in `v`, pointers relative to `v`.
pub fn check_mixed(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_mixed_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Mixed` in `v` (at `path`) onto `out`.
pub fn check_mixed_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_mixed(v) {
        return;
    }
    if !match v {
        ::serde_json::Value::String(s) => s == "a",
        ::serde_json::Value::Number(n) => {
            crate::number::eq_int(n, 1) || crate::number::eq_float(n, 2.5)
        }
        ::serde_json::Value::Bool(b) => *b,
        ::serde_json::Value::Null => true,
        _ => false,
    } {
        crate::support::enum_(
            out,
            path,
            "/$defs/Mixed/enum",
            "\"a\", 1, 2.5, true, null",
            v,
        );
    }
}

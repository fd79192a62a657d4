/// Whether `v` is a valid `Version` (`/$defs/Version`).
pub fn is_valid_version(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => s == "2.0",
        _ => false,
    }
}
/// Every violation of `Version` in `v`, pointers relative to `v`.
pub fn check_version(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_version_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Version` in `v` (at `path`) onto `out`.
pub fn check_version_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_version(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Version/type", "string", rt::kind::STRING, v);
    if !match v {
        ::serde_json::Value::String(s) => s == "2.0",
        _ => false,
    } {
        rt::const_(out, path, "/$defs/Version/const", "\"2.0\"", v);
    }
}
/// Whether `v` is a valid `Code` (`/$defs/Code`).
pub fn is_valid_code(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => {
            rt::number::is_integer(n) && rt::number::eq_int(n, -32021)
        }
        _ => false,
    }
}
/// Every violation of `Code` in `v`, pointers relative to `v`.
pub fn check_code(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_code_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Code` in `v` (at `path`) onto `out`.
pub fn check_code_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_code(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Code/type", "integer", rt::kind::INTEGER, v);
    if !match v {
        ::serde_json::Value::Number(n) => rt::number::eq_int(n, -32021),
        _ => false,
    } {
        rt::const_(out, path, "/$defs/Code/const", "-32021", v);
    }
}
/// Whether `v` is a valid `Scope` (`/$defs/Scope`).
pub fn is_valid_scope(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => matches!(s.as_str(), "private" | "public"),
        _ => false,
    }
}
/// Every violation of `Scope` in `v`, pointers relative to `v`.
pub fn check_scope(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_scope_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Scope` in `v` (at `path`) onto `out`.
pub fn check_scope_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_scope(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Scope/type", "string", rt::kind::STRING, v);
    if !match v {
        ::serde_json::Value::String(s) => matches!(s.as_str(), "private" | "public"),
        _ => false,
    } {
        rt::enum_(out, path, "/$defs/Scope/enum", "\"private\", \"public\"", v);
    }
}
/// Whether `v` is a valid `Mixed` (`/$defs/Mixed`).
pub fn is_valid_mixed(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::String(s) => s == "a",
        ::serde_json::Value::Number(n) => {
            rt::number::eq_int(n, 1) || rt::number::eq_float(n, 2.5)
        }
        ::serde_json::Value::Bool(b) => *b,
        ::serde_json::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Mixed` in `v`, pointers relative to `v`.
pub fn check_mixed(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_mixed_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Mixed` in `v` (at `path`) onto `out`.
pub fn check_mixed_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_mixed(v) {
        return;
    }
    if !match v {
        ::serde_json::Value::String(s) => s == "a",
        ::serde_json::Value::Number(n) => {
            rt::number::eq_int(n, 1) || rt::number::eq_float(n, 2.5)
        }
        ::serde_json::Value::Bool(b) => *b,
        ::serde_json::Value::Null => true,
        _ => false,
    } {
        rt::enum_(out, path, "/$defs/Mixed/enum", "\"a\", 1, 2.5, true, null", v);
    }
}

/// Whether `v` is a valid `Obj` (`/$defs/Obj`).
pub fn is_valid_obj(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Object(_))
}
/// Every violation of `Obj` in `v`, pointers relative to `v`.
pub fn check_obj(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_obj_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Obj` in `v` (at `path`) onto `out`.
pub fn check_obj_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_obj(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Obj/type", "object", 1, v);
}
/// Whether `v` is a valid `Int` (`/$defs/Int`).
pub fn is_valid_int(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Number(n) if crate ::number::is_integer(n))
}
/// Every violation of `Int` in `v`, pointers relative to `v`.
pub fn check_int(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_int_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Int` in `v` (at `path`) onto `out`.
pub fn check_int_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_int(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Int/type", "integer", 8, v);
}
/// Whether `v` is a valid `Num` (`/$defs/Num`).
pub fn is_valid_num(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Number(_))
}
/// Every violation of `Num` in `v`, pointers relative to `v`.
pub fn check_num(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_num_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Num` in `v` (at `path`) onto `out`.
pub fn check_num_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_num(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Num/type", "number", 24, v);
}
/// Whether `v` is a valid `Id` (`/$defs/Id`).
pub fn is_valid_id(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => crate::number::is_integer(n),
        ::serde_json::Value::String(_) => true,
        _ => false,
    }
}
/// Every violation of `Id` in `v`, pointers relative to `v`.
pub fn check_id(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_id_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Id` in `v` (at `path`) onto `out`.
pub fn check_id_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_id(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Id/type", "string or integer", 12, v);
}
/// Whether `v` is a valid `Nullable` (`/$defs/Nullable`).
pub fn is_valid_nullable(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => crate::number::is_integer(n),
        ::serde_json::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Nullable` in `v`, pointers relative to `v`.
pub fn check_nullable(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_nullable_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Nullable` in `v` (at `path`) onto `out`.
pub fn check_nullable_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_nullable(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Nullable/type", "integer or null", 72, v);
}

/// Whether `v` is a valid `Obj` (`/$defs/Obj`).
pub fn is_valid_obj(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Object(_))
}
/// Every violation of `Obj` in `v`, pointers relative to `v`.
pub fn check_obj(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_obj_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Obj` in `v` (at `path`) onto `out`.
pub fn check_obj_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_obj(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Obj/type", "object", rt::kind::OBJECT, v);
}
/// Whether `v` is a valid `Int` (`/$defs/Int`).
pub fn is_valid_int(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => rt::number::is_integer(n),
        _ => false,
    }
}
/// Every violation of `Int` in `v`, pointers relative to `v`.
pub fn check_int(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_int_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Int` in `v` (at `path`) onto `out`.
pub fn check_int_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_int(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Int/type", "integer", rt::kind::INTEGER, v);
}
/// Whether `v` is a valid `Num` (`/$defs/Num`).
pub fn is_valid_num(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Number(_))
}
/// Every violation of `Num` in `v`, pointers relative to `v`.
pub fn check_num(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_num_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Num` in `v` (at `path`) onto `out`.
pub fn check_num_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_num(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Num/type", "number", rt::kind::NUMBER, v);
}
/// Whether `v` is a valid `Id` (`/$defs/Id`).
pub fn is_valid_id(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => rt::number::is_integer(n),
        ::serde_json::Value::String(_) => true,
        _ => false,
    }
}
/// Every violation of `Id` in `v`, pointers relative to `v`.
pub fn check_id(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_id_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Id` in `v` (at `path`) onto `out`.
pub fn check_id_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_id(v) {
        return;
    }
    rt::type_(
        out,
        path,
        "/$defs/Id/type",
        "string or integer",
        rt::kind::STRING | rt::kind::INTEGER,
        v,
    );
}
/// Whether `v` is a valid `Nullable` (`/$defs/Nullable`).
pub fn is_valid_nullable(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Number(n) => rt::number::is_integer(n),
        ::serde_json::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Nullable` in `v`, pointers relative to `v`.
pub fn check_nullable(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_nullable_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Nullable` in `v` (at `path`) onto `out`.
pub fn check_nullable_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_nullable(v) {
        return;
    }
    rt::type_(
        out,
        path,
        "/$defs/Nullable/type",
        "integer or null",
        rt::kind::INTEGER | rt::kind::NULL,
        v,
    );
}

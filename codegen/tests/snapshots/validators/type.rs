/// Whether `v` is a valid `Id`.
pub fn is_valid_id(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::is_integer(n),
        rt::Value::String(_) => true,
        _ => false,
    }
}
/// Every violation of `Id` in `v`, pointers relative to `v`.
pub fn check_id(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_id_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Id` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_id_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_id(v) {
        return;
    }
    let at = D::at("/Id");
    rt::types(
        out,
        path,
        at,
        "string or integer",
        rt::kind::STRING | rt::kind::INTEGER,
        v,
    );
}
/// Whether `v` is a valid `Int`.
pub fn is_valid_int(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::is_integer(n),
        _ => false,
    }
}
/// Every violation of `Int` in `v`, pointers relative to `v`.
pub fn check_int(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_int_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Int` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_int_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_int(v) {
        return;
    }
    let at = D::at("/Int");
    rt::type_(out, path, at, rt::kind::INTEGER, v);
}
/// Whether `v` is a valid `Nullable`.
pub fn is_valid_nullable(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => rt::number::is_integer(n),
        rt::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Nullable` in `v`, pointers relative to `v`.
pub fn check_nullable(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_nullable_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Nullable` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_nullable_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_nullable(v) {
        return;
    }
    let at = D::at("/Nullable");
    rt::types(out, path, at, "integer or null", rt::kind::INTEGER | rt::kind::NULL, v);
}
/// Whether `v` is a valid `Num`.
pub fn is_valid_num(v: &rt::Value) -> bool {
    v.is_number()
}
/// Every violation of `Num` in `v`, pointers relative to `v`.
pub fn check_num(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_num_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Num` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_num_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_num(v) {
        return;
    }
    let at = D::at("/Num");
    rt::type_(out, path, at, rt::kind::NUMBER, v);
}
/// Whether `v` is a valid `Obj`.
pub fn is_valid_obj(v: &rt::Value) -> bool {
    v.is_object()
}
/// Every violation of `Obj` in `v`, pointers relative to `v`.
pub fn check_obj(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_obj_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Obj` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_obj_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_obj(v) {
        return;
    }
    let at = D::at("/Obj");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
}

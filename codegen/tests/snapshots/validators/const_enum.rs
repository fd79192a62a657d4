/// Whether `v` is a valid `Code`.
pub fn is_valid_code(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => {
            rt::number::is_integer(n) && rt::number::eq_int(n, -32021)
        }
        _ => false,
    }
}
/// Every violation of `Code` in `v`, pointers relative to `v`.
pub fn check_code(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_code_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Code` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_code_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_code(v) {
        return;
    }
    let at = D::at("/Code");
    rt::type_(out, path, at, rt::kind::INTEGER, v);
    if !match v {
        rt::Value::Number(n) => rt::number::eq_int(n, -32021),
        _ => false,
    } {
        rt::const_(out, path, at, "-32021", v);
    }
}
/// Whether `v` is a valid `Mixed`.
pub fn is_valid_mixed(v: &rt::Value) -> bool {
    match v {
        rt::Value::String(s) => s == "a",
        rt::Value::Number(n) => rt::number::eq_int(n, 1) || rt::number::eq_float(n, 2.5),
        rt::Value::Bool(b) => *b,
        rt::Value::Null => true,
        _ => false,
    }
}
/// Every violation of `Mixed` in `v`, pointers relative to `v`.
pub fn check_mixed(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_mixed_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Mixed` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_mixed_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_mixed(v) {
        return;
    }
    let at = D::at("/Mixed");
    if !match v {
        rt::Value::String(s) => s == "a",
        rt::Value::Number(n) => rt::number::eq_int(n, 1) || rt::number::eq_float(n, 2.5),
        rt::Value::Bool(b) => *b,
        rt::Value::Null => true,
        _ => false,
    } {
        rt::enum_(out, path, at, "\"a\", 1, 2.5, true, null", v);
    }
}
/// Whether `v` is a valid `Scope`.
pub fn is_valid_scope(v: &rt::Value) -> bool {
    match v {
        rt::Value::String(s) => matches!(s.as_str(), "private" | "public"),
        _ => false,
    }
}
/// Every violation of `Scope` in `v`, pointers relative to `v`.
pub fn check_scope(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_scope_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Scope` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_scope_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_scope(v) {
        return;
    }
    let at = D::at("/Scope");
    rt::type_(out, path, at, rt::kind::STRING, v);
    if !match v {
        rt::Value::String(s) => matches!(s.as_str(), "private" | "public"),
        _ => false,
    } {
        rt::enum_(out, path, at, "\"private\", \"public\"", v);
    }
}
/// Whether `v` is a valid `Version`.
pub fn is_valid_version(v: &rt::Value) -> bool {
    v.as_str().is_some_and(|s| s == "2.0")
}
/// Every violation of `Version` in `v`, pointers relative to `v`.
pub fn check_version(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_version_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Version` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_version_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_version(v) {
        return;
    }
    let at = D::at("/Version");
    rt::type_(out, path, at, rt::kind::STRING, v);
    rt::const_str(out, path, at, "2.0", v);
}

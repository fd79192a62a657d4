/// Whether `v` is a valid `Constants`.
pub fn is_valid_constants(v: &rt::Value) -> bool {
    v.as_array()
        .is_some_and(|a| {
            ({
                static C: rt::Constant = rt::Constant::new("[1,2]");
                C.matches_array(a)
            })
                && {
                    static C: rt::Constant = rt::Constant::new("[1,2]");
                    C.matches_array(a)
                }
        })
}
/// Every violation of `Constants` in `v`, pointers relative to `v`.
pub fn check_constants(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_constants_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Constants` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_constants_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_constants(v) {
        return;
    }
    let at = D::at("/Constants");
    if !v
        .as_array()
        .is_some_and(|a| {
            static C: rt::Constant = rt::Constant::new("[1,2]");
            C.matches_array(a)
        })
    {
        rt::const_(out, path, at, "[1,2]", v);
    }
    if !match v {
        rt::Value::Object(m) => {
            static C: rt::Constant = rt::Constant::new("{\"a\":null}");
            C.matches_object(m)
        }
        rt::Value::Array(a) => {
            static C: rt::Constant = rt::Constant::new("[1,2]");
            C.matches_array(a)
        }
        rt::Value::String(s) => s == "x",
        _ => false,
    } {
        rt::enum_(out, path, at, "[1,2], {\"a\":null}, \"x\"", v);
    }
}
/// Whether `v` is a valid `FewStrings`.
pub fn is_valid_few_strings(v: &rt::Value) -> bool {
    match v {
        rt::Value::Array(a) => {
            let count = rt::count_where(a, |v| v.is_string());
            count >= 2 && count <= 3
        }
        _ => true,
    }
}
/// Every violation of `FewStrings` in `v`, pointers relative to `v`.
pub fn check_few_strings(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_few_strings_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `FewStrings` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_few_strings_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_few_strings(v) {
        return;
    }
    let at = D::at("/FewStrings");
    if let rt::Value::Array(a) = v {
        let count = rt::count_where(a, |v| v.is_string());
        if count < 2 {
            rt::min_contains(out, path, at, 2, count);
        }
        if count > 3 {
            rt::max_contains(out, path, at, 3, count);
        }
    }
}
/// Whether `v` is a valid `Set`.
pub fn is_valid_set(v: &rt::Value) -> bool {
    match v {
        rt::Value::Array(a) => rt::unique(a),
        _ => true,
    }
}
/// Every violation of `Set` in `v`, pointers relative to `v`.
pub fn check_set(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_set_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Set` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_set_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_set(v) {
        return;
    }
    let at = D::at("/Set");
    if let rt::Value::Array(a) = v {
        rt::unique_items(out, path, at, a);
    }
}
/// Whether `v` is a valid `SomeString`.
pub fn is_valid_some_string(v: &rt::Value) -> bool {
    match v {
        rt::Value::Array(a) => !rt::every(a, |v| !v.is_string()),
        _ => true,
    }
}
/// Every violation of `SomeString` in `v`, pointers relative to `v`.
pub fn check_some_string(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_some_string_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `SomeString` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_some_string_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_some_string(v) {
        return;
    }
    let at = D::at("/SomeString");
    if let rt::Value::Array(a) = v {
        let count = rt::count_where(a, |v| v.is_string());
        if count < 1 {
            rt::contains(out, path, at);
        }
    }
}
/// Whether `v` is a valid `Tuple`.
pub fn is_valid_tuple(v: &rt::Value) -> bool {
    match v {
        rt::Value::Array(a) => {
            rt::every(
                a.get(2..).unwrap_or_default(),
                |v| match v {
                    rt::Value::Number(n) => rt::number::is_integer(n),
                    _ => false,
                },
            ) && a.len() >= 1 && a.get(0).is_none_or(|v| v.is_string())
        }
        _ => true,
    }
}
/// Every violation of `Tuple` in `v`, pointers relative to `v`.
pub fn check_tuple(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_tuple_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Tuple` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_tuple_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_tuple(v) {
        return;
    }
    let at = D::at("/Tuple");
    if let rt::Value::Array(a) = v {
        for (i, v) in a.iter().enumerate().skip(2) {
            let path = &path.index(i);
            let at = D::at("/Tuple/items");
            rt::type_(out, path, at, rt::kind::INTEGER, v);
        }
        if a.len() < 1 {
            rt::min_items(out, path, at, 1, a.len());
        }
        if let Some(v) = a.get(0) {
            let path = &path.index(0);
            let at = D::at("/Tuple/prefixItems/0");
            rt::type_(out, path, at, rt::kind::STRING, v);
        }
    }
}

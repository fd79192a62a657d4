/// Whether `v` is a valid `AnyObject`.
pub fn is_valid_any_object(v: &rt::Value) -> bool {
    v.is_object()
}
/// Every violation of `AnyObject` in `v`, pointers relative to `v`.
pub fn check_any_object(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_any_object_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `AnyObject` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_any_object_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_any_object(v) {
        return;
    }
    let at = D::at("/AnyObject");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
}
/// Whether `v` is a valid `Closed`.
pub fn is_valid_closed(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| rt::every_member(
            m,
            |k, v| match k.as_str() {
                "a" => true,
                "b" => v.is_boolean(),
                _ => false,
            },
        ))
}
/// Every violation of `Closed` in `v`, pointers relative to `v`.
pub fn check_closed(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_closed_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Closed` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_closed_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_closed(v) {
        return;
    }
    let at = D::at("/Closed");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "a" => {}
                "b" => rt::prop(out, path, at, k, rt::kind::BOOLEAN, v),
                _ => {
                    rt::additional(out, path, at, k);
                }
            }
        }
    }
}
/// Whether `v` is a valid `Empty`.
pub fn is_valid_empty(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => m.is_empty(),
        _ => true,
    }
}
/// Every violation of `Empty` in `v`, pointers relative to `v`.
pub fn check_empty(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_empty_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Empty` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_empty_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_empty(v) {
        return;
    }
    let at = D::at("/Empty");
    if let rt::Value::Object(m) = v {
        for k in m.keys() {
            rt::additional(out, path, at, k);
        }
    }
}
/// Whether `v` is a valid `Map`.
pub fn is_valid_map(v: &rt::Value) -> bool {
    v.as_object().is_some_and(|m| rt::every_value(m, |v| v.is_string()))
}
/// Every violation of `Map` in `v`, pointers relative to `v`.
pub fn check_map(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_map_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Map` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_map_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_map(v) {
        return;
    }
    let at = D::at("/Map");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        for (k, v) in m {
            let path = &path.key(k);
            let at = D::at("/Map/additionalProperties");
            rt::type_(out, path, at, rt::kind::STRING, v);
        }
    }
}
/// Whether `v` is a valid `Open`.
pub fn is_valid_open(v: &rt::Value) -> bool {
    v.as_object()
        .is_some_and(|m| {
            let mut seen = 0usize;
            rt::every_member(
                m,
                |k, v| match k.as_str() {
                    "name" => rt::count(&mut seen) && v.is_string(),
                    "id" => rt::count(&mut seen),
                    _ => true,
                },
            ) && seen == 2
        })
}
/// Every violation of `Open` in `v`, pointers relative to `v`.
pub fn check_open(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_open_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Open` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_open_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_open(v) {
        return;
    }
    let at = D::at("/Open");
    rt::type_(out, path, at, rt::kind::OBJECT, v);
    if let rt::Value::Object(m) = v {
        rt::required(out, path, at, m, &["name", "id"]);
        for (k, v) in m {
            match k.as_str() {
                "name" => rt::prop(out, path, at, k, rt::kind::STRING, v),
                _ => {}
            }
        }
    }
}

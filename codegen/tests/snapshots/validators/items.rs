/// Whether `v` is a valid `Anything`.
pub fn is_valid_anything(v: &rt::Value) -> bool {
    v.is_array()
}
/// Every violation of `Anything` in `v`, pointers relative to `v`.
pub fn check_anything(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_anything_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Anything` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_anything_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_anything(v) {
        return;
    }
    let at = D::at("/Anything");
    rt::type_(out, path, at, rt::kind::ARRAY, v);
}
/// Whether `v` is a valid `Values`.
pub fn is_valid_values(v: &rt::Value) -> bool {
    v.as_array().is_some_and(|a| a.len() <= 100 && rt::every(a, |v| v.is_string()))
}
/// Every violation of `Values` in `v`, pointers relative to `v`.
pub fn check_values(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_values_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Values` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_values_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_values(v) {
        return;
    }
    let at = D::at("/Values");
    rt::type_(out, path, at, rt::kind::ARRAY, v);
    if let rt::Value::Array(a) = v {
        if a.len() > 100 {
            rt::max_items(out, path, at, 100, a.len());
        }
        for (i, v) in a.iter().enumerate() {
            let path = &path.index(i);
            let at = D::at("/Values/items");
            rt::type_(out, path, at, rt::kind::STRING, v);
        }
    }
}

/// Whether `v` is a valid `Name`.
pub fn is_valid_name(v: &rt::Value) -> bool {
    v.as_str()
        .is_some_and(|s| {
            rt::min_chars(s, 1) && rt::max_chars(s, 64)
                && {
                    static RE: rt::Pattern = rt::Pattern::new("^[a-z]+$");
                    RE.is_match(s)
                }
        })
}
/// Every violation of `Name` in `v`, pointers relative to `v`.
pub fn check_name(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_name_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Name` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_name_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_name(v) {
        return;
    }
    let at = D::at("/Name");
    rt::type_(out, path, at, rt::kind::STRING, v);
    if let rt::Value::String(s) = v {
        if !rt::min_chars(s, 1) {
            rt::min_length(out, path, at, 1, s);
        }
        if !rt::max_chars(s, 64) {
            rt::max_length(out, path, at, 64, s);
        }
        if !{
            static RE: rt::Pattern = rt::Pattern::new("^[a-z]+$");
            RE.is_match(s)
        } {
            rt::pattern(out, path, at, "^[a-z]+$", s);
        }
    }
}
/// Whether `v` is a valid `Ratio`.
pub fn is_valid_ratio(v: &rt::Value) -> bool {
    match v {
        rt::Value::Number(n) => {
            rt::number::gt_int(n, 0) && rt::number::lt_float(n, 1.5)
                && rt::number::multiple_of(n, 1, -4)
        }
        _ => true,
    }
}
/// Every violation of `Ratio` in `v`, pointers relative to `v`.
pub fn check_ratio(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_ratio_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Ratio` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_ratio_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_ratio(v) {
        return;
    }
    let at = D::at("/Ratio");
    if let rt::Value::Number(n) = v {
        if !rt::number::gt_int(n, 0) {
            rt::exclusive_minimum(out, path, at, "0", n);
        }
        if !rt::number::lt_float(n, 1.5) {
            rt::exclusive_maximum(out, path, at, "1.5", n);
        }
        if !rt::number::multiple_of(n, 1, -4) {
            rt::multiple_of(out, path, at, "0.0001", n);
        }
    }
}

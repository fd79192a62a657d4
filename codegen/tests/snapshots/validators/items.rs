/// Whether `v` is a valid `Values` (`/$defs/Values`).
pub fn is_valid_values(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Array(a) => {
            a.len() <= 100
                && a.iter().all(|v| matches!(v, ::serde_json::Value::String(_)))
        }
        _ => false,
    }
}
/// Every violation of `Values` in `v`, pointers relative to `v`.
pub fn check_values(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_values_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Values` in `v` (at `path`) onto `out`.
pub fn check_values_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_values(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Values/type", "array", rt::kind::ARRAY, v);
    if let ::serde_json::Value::Array(a) = v {
        if a.len() > 100 {
            rt::max_items(out, path, "/$defs/Values/maxItems", 100, a.len());
        }
        for (i, v) in a.iter().enumerate() {
            let path = &path.index(i);
            rt::type_(
                out,
                path,
                "/$defs/Values/items/type",
                "string",
                rt::kind::STRING,
                v,
            );
        }
    }
}
/// Whether `v` is a valid `Anything` (`/$defs/Anything`).
pub fn is_valid_anything(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Array(_))
}
/// Every violation of `Anything` in `v`, pointers relative to `v`.
pub fn check_anything(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_anything_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Anything` in `v` (at `path`) onto `out`.
pub fn check_anything_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_anything(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Anything/type", "array", rt::kind::ARRAY, v);
}

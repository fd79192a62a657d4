/// Whether `v` is a valid `Open` (`/$defs/Open`).
pub fn is_valid_open(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if { let mut seen = 0usize; m.iter().all(| (k,
        v) | match k.as_str() { "name" => { seen += 1; matches!(v,
        ::serde_json::Value::String(_)) } "id" => { seen += 1; true } _ => true, }) &&
        seen == 2 }
    )
}
/// Every violation of `Open` in `v`, pointers relative to `v`.
pub fn check_open(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_open_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Open` in `v` (at `path`) onto `out`.
pub fn check_open_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_open(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Open/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        crate::support::required(out, path, "/$defs/Open/required", m, &["name", "id"]);
        for (k, v) in m {
            match k.as_str() {
                "name" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Open/properties/name/type",
                        "string",
                        4,
                        v,
                    );
                }
                _ => {}
            }
        }
    }
}
/// Whether `v` is a valid `Map` (`/$defs/Map`).
pub fn is_valid_map(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if m.values().all(| v | matches!(v,
        ::serde_json::Value::String(_)))
    )
}
/// Every violation of `Map` in `v`, pointers relative to `v`.
pub fn check_map(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_map_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Map` in `v` (at `path`) onto `out`.
pub fn check_map_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_map(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Map/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            let path = &path.key(k);
            crate::support::type_(
                out,
                path,
                "/$defs/Map/additionalProperties/type",
                "string",
                4,
                v,
            );
        }
    }
}
/// Whether `v` is a valid `Closed` (`/$defs/Closed`).
pub fn is_valid_closed(v: &::serde_json::Value) -> bool {
    matches!(
        v, ::serde_json::Value::Object(m) if m.iter().all(| (k, v) | match k.as_str() {
        "a" => true, "b" => matches!(v, ::serde_json::Value::Bool(_)), _ => false, })
    )
}
/// Every violation of `Closed` in `v`, pointers relative to `v`.
pub fn check_closed(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_closed_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Closed` in `v` (at `path`) onto `out`.
pub fn check_closed_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_closed(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/Closed/type", "object", 1, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "a" => {}
                "b" => {
                    let path = &path.key(k);
                    crate::support::type_(
                        out,
                        path,
                        "/$defs/Closed/properties/b/type",
                        "boolean",
                        32,
                        v,
                    );
                }
                _ => {
                    crate::support::additional(
                        out,
                        path,
                        "/$defs/Closed/additionalProperties",
                        k,
                    );
                }
            }
        }
    }
}
/// Whether `v` is a valid `Empty` (`/$defs/Empty`).
pub fn is_valid_empty(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Object(m) => m.is_empty(),
        _ => true,
    }
}
/// Every violation of `Empty` in `v`, pointers relative to `v`.
pub fn check_empty(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_empty_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Empty` in `v` (at `path`) onto `out`.
pub fn check_empty_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_empty(v) {
        return;
    }
    if let ::serde_json::Value::Object(m) = v {
        for k in m.keys() {
            crate::support::additional(
                out,
                path,
                "/$defs/Empty/additionalProperties",
                k,
            );
        }
    }
}
/// Whether `v` is a valid `AnyObject` (`/$defs/AnyObject`).
pub fn is_valid_any_object(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Object(_))
}
/// Every violation of `AnyObject` in `v`, pointers relative to `v`.
pub fn check_any_object(v: &::serde_json::Value) -> ::std::vec::Vec<crate::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_any_object_at(v, &crate::Path::Root, &mut out);
    out
}
/// Pushes every violation of `AnyObject` in `v` (at `path`) onto `out`.
pub fn check_any_object_at(
    v: &::serde_json::Value,
    path: &crate::Path<'_>,
    out: &mut ::std::vec::Vec<crate::Violation>,
) {
    if is_valid_any_object(v) {
        return;
    }
    crate::support::type_(out, path, "/$defs/AnyObject/type", "object", 1, v);
}

/// Whether `v` is a valid `Open` (`/$defs/Open`).
pub fn is_valid_open(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Object(m) => {
            let mut seen = 0usize;
            m
                .iter()
                .all(|(k, v)| match k.as_str() {
                    "name" => {
                        seen += 1;
                        matches!(v, ::serde_json::Value::String(_))
                    }
                    "id" => {
                        seen += 1;
                        true
                    }
                    _ => true,
                }) && seen == 2
        }
        _ => false,
    }
}
/// Every violation of `Open` in `v`, pointers relative to `v`.
pub fn check_open(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_open_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Open` in `v` (at `path`) onto `out`.
pub fn check_open_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_open(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Open/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        rt::required(out, path, "/$defs/Open/required", m, &["name", "id"]);
        for (k, v) in m {
            match k.as_str() {
                "name" => {
                    let path = &path.key(k);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Open/properties/name/type",
                        "string",
                        rt::kind::STRING,
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
    match v {
        ::serde_json::Value::Object(m) => {
            m.values().all(|v| matches!(v, ::serde_json::Value::String(_)))
        }
        _ => false,
    }
}
/// Every violation of `Map` in `v`, pointers relative to `v`.
pub fn check_map(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_map_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Map` in `v` (at `path`) onto `out`.
pub fn check_map_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_map(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Map/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            let path = &path.key(k);
            rt::type_(
                out,
                path,
                "/$defs/Map/additionalProperties/type",
                "string",
                rt::kind::STRING,
                v,
            );
        }
    }
}
/// Whether `v` is a valid `Closed` (`/$defs/Closed`).
pub fn is_valid_closed(v: &::serde_json::Value) -> bool {
    match v {
        ::serde_json::Value::Object(m) => {
            m.iter()
                .all(|(k, v)| match k.as_str() {
                    "a" => true,
                    "b" => matches!(v, ::serde_json::Value::Bool(_)),
                    _ => false,
                })
        }
        _ => false,
    }
}
/// Every violation of `Closed` in `v`, pointers relative to `v`.
pub fn check_closed(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_closed_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Closed` in `v` (at `path`) onto `out`.
pub fn check_closed_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_closed(v) {
        return;
    }
    rt::type_(out, path, "/$defs/Closed/type", "object", rt::kind::OBJECT, v);
    if let ::serde_json::Value::Object(m) = v {
        for (k, v) in m {
            match k.as_str() {
                "a" => {}
                "b" => {
                    let path = &path.key(k);
                    rt::type_(
                        out,
                        path,
                        "/$defs/Closed/properties/b/type",
                        "boolean",
                        rt::kind::BOOLEAN,
                        v,
                    );
                }
                _ => {
                    rt::additional(out, path, "/$defs/Closed/additionalProperties", k);
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
pub fn check_empty(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_empty_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `Empty` in `v` (at `path`) onto `out`.
pub fn check_empty_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_empty(v) {
        return;
    }
    if let ::serde_json::Value::Object(m) = v {
        for k in m.keys() {
            rt::additional(out, path, "/$defs/Empty/additionalProperties", k);
        }
    }
}
/// Whether `v` is a valid `AnyObject` (`/$defs/AnyObject`).
pub fn is_valid_any_object(v: &::serde_json::Value) -> bool {
    matches!(v, ::serde_json::Value::Object(_))
}
/// Every violation of `AnyObject` in `v`, pointers relative to `v`.
pub fn check_any_object(v: &::serde_json::Value) -> ::std::vec::Vec<rt::Violation> {
    let mut out = ::std::vec::Vec::new();
    check_any_object_at(v, &rt::Path::Root, &mut out);
    out
}
/// Pushes every violation of `AnyObject` in `v` (at `path`) onto `out`.
pub fn check_any_object_at(
    v: &::serde_json::Value,
    path: &rt::Path<'_>,
    out: &mut ::std::vec::Vec<rt::Violation>,
) {
    if is_valid_any_object(v) {
        return;
    }
    rt::type_(out, path, "/$defs/AnyObject/type", "object", rt::kind::OBJECT, v);
}

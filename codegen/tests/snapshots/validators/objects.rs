/// Whether `v` is a valid `Dependent`.
pub fn is_valid_dependent(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => {
            (!m.contains_key("a") || (m.contains_key("b") && m.contains_key("c")))
                && (!m.contains_key("d")
                    || match v {
                        rt::Value::Object(m) => {
                            let mut seen = 0usize;
                            rt::every_key(
                                m,
                                |k| match k.as_str() {
                                    "e" => rt::count(&mut seen),
                                    _ => true,
                                },
                            ) && seen == 1
                        }
                        _ => true,
                    })
        }
        _ => true,
    }
}
/// Every violation of `Dependent` in `v`, pointers relative to `v`.
pub fn check_dependent(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_dependent_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Dependent` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_dependent_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_dependent(v) {
        return;
    }
    let at = D::at("/Dependent");
    if let rt::Value::Object(m) = v {
        rt::dependent_required(out, path, at, m, "a", &["b", "c"]);
        if m.contains_key("d") {
            let at = D::at("/Dependent/dependentSchemas/d");
            if let rt::Value::Object(m) = v {
                rt::required(out, path, at, m, &["e"]);
            }
        }
    }
}
/// Whether `v` is a valid `Names`.
pub fn is_valid_names(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => {
            rt::every_key(
                m,
                |k| {
                    let v = &rt::name_value(k);
                    match v {
                        rt::Value::String(s) => rt::max_chars(s, 3),
                        _ => true,
                    }
                },
            )
        }
        _ => true,
    }
}
/// Every violation of `Names` in `v`, pointers relative to `v`.
pub fn check_names(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_names_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Names` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_names_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_names(v) {
        return;
    }
    if let rt::Value::Object(m) = v {
        for k in m.keys() {
            let v = &rt::name_value(k);
            let at = D::at("/Names/propertyNames");
            if let rt::Value::String(s) = v {
                if !rt::max_chars(s, 3) {
                    rt::max_length(out, path, at, 3, s);
                }
            }
        }
    }
}
/// Whether `v` is a valid `OnlyPatterns`.
pub fn is_valid_only_patterns(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => {
            rt::every_member(
                m,
                |k, v| {
                    let p0 = {
                        static RE: rt::Pattern = rt::Pattern::new("^n");
                        RE.is_match(k)
                    };
                    !p0 || v.is_number()
                },
            )
        }
        _ => true,
    }
}
/// Every violation of `OnlyPatterns` in `v`, pointers relative to `v`.
pub fn check_only_patterns(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_only_patterns_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `OnlyPatterns` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_only_patterns_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_only_patterns(v) {
        return;
    }
    if let rt::Value::Object(m) = v {
        for (k, v) in m {
            let p0 = {
                static RE: rt::Pattern = rt::Pattern::new("^n");
                RE.is_match(k)
            };
            if p0 {
                let path = &path.key(k);
                let at = D::at("/OnlyPatterns/patternProperties/^n");
                rt::type_(out, path, at, rt::kind::NUMBER, v);
            }
        }
    }
}
/// Whether `v` is a valid `Patterned`.
pub fn is_valid_patterned(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => {
            let mut seen = 0usize;
            rt::every_member(
                m,
                |k, v| {
                    let p0 = {
                        static RE: rt::Pattern = rt::Pattern::new("^x-");
                        RE.is_match(k)
                    };
                    let p1 = {
                        static RE: rt::Pattern = rt::Pattern::new("^y");
                        RE.is_match(k)
                    };
                    (!p0 || v.is_string())
                        && match k.as_str() {
                            "id" => {
                                rt::count(&mut seen)
                                    && match v {
                                        rt::Value::Number(n) => rt::number::is_integer(n),
                                        _ => false,
                                    }
                            }
                            _ => p0 || p1,
                        }
                },
            ) && seen == 1
        }
        _ => true,
    }
}
/// Every violation of `Patterned` in `v`, pointers relative to `v`.
pub fn check_patterned(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_patterned_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Patterned` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_patterned_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_patterned(v) {
        return;
    }
    let at = D::at("/Patterned");
    if let rt::Value::Object(m) = v {
        rt::required(out, path, at, m, &["id"]);
        for (k, v) in m {
            let p0 = {
                static RE: rt::Pattern = rt::Pattern::new("^x-");
                RE.is_match(k)
            };
            let p1 = {
                static RE: rt::Pattern = rt::Pattern::new("^y");
                RE.is_match(k)
            };
            if p0 {
                let path = &path.key(k);
                let at = D::at("/Patterned/patternProperties/^x-");
                rt::type_(out, path, at, rt::kind::STRING, v);
            }
            match k.as_str() {
                "id" => rt::prop(out, path, at, k, rt::kind::INTEGER, v),
                _ => {
                    if !(p0 || p1) {
                        rt::additional(out, path, at, k);
                    }
                }
            }
        }
    }
}
/// Whether `v` is a valid `Sized`.
pub fn is_valid_sized(v: &rt::Value) -> bool {
    match v {
        rt::Value::Object(m) => m.len() >= 1 && m.len() <= 3,
        _ => true,
    }
}
/// Every violation of `Sized` in `v`, pointers relative to `v`.
pub fn check_sized(v: &rt::Value) -> Vec<rt::Violation> {
    rt::check(v, check_sized_at::<rt::Draft2020_12>)
}
/// Pushes every violation of `Sized` in `v` (at `path`) onto `out`, schema pointers below `D`'s definitions.
pub fn check_sized_at<D: rt::Dialect>(
    v: &rt::Value,
    path: &rt::Path<'_>,
    out: &mut Vec<rt::Violation>,
) {
    if is_valid_sized(v) {
        return;
    }
    let at = D::at("/Sized");
    if let rt::Value::Object(m) = v {
        if m.len() < 1 {
            rt::min_properties(out, path, at, 1, m.len());
        }
        if m.len() > 3 {
            rt::max_properties(out, path, at, 3, m.len());
        }
    }
}

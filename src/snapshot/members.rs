//! The parts of an interface compared without schemas: capabilities,
//! prompt arguments, a tool's task support, and plain members (titles,
//! descriptions, annotations, server info).

use std::collections::BTreeSet;

use serde_json::Value;

use super::{changes::Place, Change, Severity, Subject};

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

fn last_token(pointer: &str) -> &str {
    pointer.rsplit('/').next().unwrap_or(pointer)
}

/// A value for a message: its JSON, cut at 60 characters.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// Members that describe and do not constrain: any change is compatible.
/// Objects are compared member by member, so each change names its leaf.
pub(super) fn plain(place: &mut Place<'_>, a: Option<&Value>, b: Option<&Value>, pointer: &str) {
    if let (Some(Value::Object(x)), Some(Value::Object(y))) = (a, b) {
        let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
        for k in keys {
            plain(
                place,
                x.get(k),
                y.get(k),
                &format!("{pointer}/{}", escape(k)),
            );
        }
        return;
    }
    let message = match (a, b) {
        (Some(x), Some(y)) if x == y => return,
        (None, None) => return,
        (Some(x), Some(y)) => format!("changed from {} to {}", short(x), short(y)),
        (None, Some(y)) => format!("added: {}", short(y)),
        (Some(x), None) => format!("removed: {}", short(x)),
    };
    let keyword = last_token(pointer).to_string();
    place.push(
        Severity::Compatible,
        pointer.to_string(),
        &keyword,
        message,
        (a, b),
    );
}

/// `capabilities`, member by member: a member removed, or a `true` flag
/// (`listChanged`, `subscribe`) turned off, is breaking — a client built
/// against the old server uses it; one added is compatible; another value
/// changed is undecided.
pub(super) fn capabilities(
    revision: &str,
    a: Option<&Value>,
    b: Option<&Value>,
    out: &mut Vec<Change>,
) {
    let empty = Value::Object(Default::default());
    walk_capability(revision, a.unwrap_or(&empty), b.unwrap_or(&empty), "", out);
}

fn walk_capability(revision: &str, a: &Value, b: &Value, path: &str, out: &mut Vec<Change>) {
    if let (Value::Object(x), Value::Object(y)) = (a, b) {
        let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
        for k in keys {
            let path = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            match (x.get(k), y.get(k)) {
                (Some(v), Some(w)) => walk_capability(revision, v, w, &path, out),
                (Some(v), None) => capability(
                    revision,
                    &path,
                    Severity::Breaking,
                    "removed",
                    (Some(v), None),
                    out,
                ),
                (None, Some(w)) => capability(
                    revision,
                    &path,
                    Severity::Compatible,
                    "added",
                    (None, Some(w)),
                    out,
                ),
                (None, None) => {}
            }
        }
        return;
    }
    let (severity, message) = match (a, b) {
        _ if a == b => return,
        (Value::Bool(true), Value::Bool(false)) => (Severity::Breaking, "turned off"),
        (Value::Bool(false), Value::Bool(true)) => (Severity::Compatible, "turned on"),
        _ => (Severity::Undecided, "changed"),
    };
    capability(revision, path, severity, message, (Some(a), Some(b)), out);
}

fn capability(
    revision: &str,
    path: &str,
    severity: Severity,
    message: &str,
    values: (Option<&Value>, Option<&Value>),
    out: &mut Vec<Change>,
) {
    let pointer = format!(
        "/capabilities/{}",
        path.split('.').map(escape).collect::<Vec<_>>().join("/")
    );
    let mut place = Place {
        revision,
        subject: Subject::Capability,
        name: path,
        out,
    };
    let keyword = last_token(&pointer).to_string();
    place.push(
        severity,
        pointer,
        &keyword,
        format!("capability {message}"),
        values,
    );
}

/// The ways a client may call a tool under `execution.taskSupport`
/// (2025-11-25 basic/utilities/tasks.mdx: "If `execution.taskSupport` is
/// not present or `"forbidden"`, clients **MUST NOT** attempt to invoke the
/// tool as a task"; "If `execution.taskSupport` is `"required"`, clients
/// **MUST** invoke the tool as a task"): (as a plain request, as a task).
fn call_modes(execution: Option<&Value>) -> Option<(bool, bool)> {
    match execution.and_then(|e| e.get("taskSupport")) {
        None => Some((true, false)),
        Some(Value::String(s)) => match s.as_str() {
            "forbidden" => Some((true, false)),
            "optional" => Some((true, true)),
            "required" => Some((false, true)),
            _ => None,
        },
        Some(_) => None,
    }
}

/// `execution`: a way of calling the tool the old server allowed and the
/// new one does not is breaking; the rest of `execution` is plain.
pub(super) fn task_support(place: &mut Place<'_>, a: Option<&Value>, b: Option<&Value>) {
    let value = |e: Option<&Value>| e.and_then(|e| e.get("taskSupport")).cloned();
    let (va, vb) = (value(a), value(b));
    if va != vb {
        let severity = match (call_modes(a), call_modes(b)) {
            (Some((p, t)), Some((q, u))) if (!p || q) && (!t || u) => Severity::Compatible,
            (Some(_), Some(_)) => Severity::Breaking,
            _ => Severity::Undecided,
        };
        let shown = |v: &Option<Value>| v.as_ref().map_or("absent".to_string(), short);
        let message = format!("task support changed from {} to {}", shown(&va), shown(&vb));
        place.push(
            severity,
            "/execution/taskSupport".into(),
            "taskSupport",
            message,
            (va.as_ref(), vb.as_ref()),
        );
    }
    // What is left of `execution` without `taskSupport` (nothing, when
    // that was all of it).
    let rest = |e: Option<&Value>| {
        e.cloned()
            .map(|mut e| {
                if let Some(m) = e.as_object_mut() {
                    m.remove("taskSupport");
                }
                e
            })
            .filter(|e| e.as_object().is_none_or(|m| !m.is_empty()))
    };
    plain(place, rest(a).as_ref(), rest(b).as_ref(), "/execution");
}

/// A prompt's `arguments`, by name: a required argument added, or an
/// argument made required, is breaking; an optional one added, or one made
/// optional, is compatible; one removed is undecided (whether the server
/// ignores an argument it no longer declares is not in its listing).
pub(super) fn prompt_arguments(place: &mut Place<'_>, a: Option<&Value>, b: Option<&Value>) {
    let args = |v: Option<&Value>| -> Vec<(String, Value)> {
        v.and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|arg| Some((arg.get("name")?.as_str()?.to_string(), arg.clone())))
            .collect()
    };
    let (x, y) = (args(a), args(b));
    let find = |list: &[(String, Value)], name: &str| {
        list.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
    };
    let required = |v: &Value| v.get("required") == Some(&Value::Bool(true));
    let names: BTreeSet<&String> = x.iter().chain(&y).map(|(n, _)| n).collect();
    for name in names {
        let pointer = format!("/arguments/{}", escape(name));
        match (find(&x, name), find(&y, name)) {
            (Some(v), Some(w)) => {
                if required(&v) != required(&w) {
                    let (severity, message) = match required(&w) {
                        true => (
                            Severity::Breaking,
                            format!("argument `{name}` now required"),
                        ),
                        false => (
                            Severity::Compatible,
                            format!("argument `{name}` no longer required"),
                        ),
                    };
                    place.push(
                        severity,
                        format!("{pointer}/required"),
                        "required",
                        message,
                        (v.get("required"), w.get("required")),
                    );
                }
                for member in ["description", "title"] {
                    plain(
                        place,
                        v.get(member),
                        w.get(member),
                        &format!("{pointer}/{member}"),
                    );
                }
            }
            (Some(v), None) => {
                let message =
                    format!("argument `{name}` removed (a server may or may not ignore it)");
                place.push(
                    Severity::Undecided,
                    pointer,
                    "arguments",
                    message,
                    (Some(&v), None),
                );
            }
            (None, Some(w)) => {
                let (severity, message) = match required(&w) {
                    true => (
                        Severity::Breaking,
                        format!("required argument `{name}` added"),
                    ),
                    false => (
                        Severity::Compatible,
                        format!("optional argument `{name}` added"),
                    ),
                };
                place.push(severity, pointer, "arguments", message, (None, Some(&w)));
            }
            (None, None) => {}
        }
    }
}

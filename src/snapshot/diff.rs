//! [`diff`]: two snapshots compared revision by revision, list by list,
//! entry by entry; tool schemas by [`crate::schema_compat`].

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::{changes::Place, members, Change, Interface, List, Severity, Snapshot, Subject};
use crate::schema_compat;

/// Every change from `old` to `new`, classified for a client built against
/// `old`: revision by revision (in name order), then server info,
/// capabilities, tools, resources, resource templates and prompts.
pub fn diff(old: &Snapshot, new: &Snapshot) -> Vec<Change> {
    let mut out = Vec::new();
    let names: BTreeSet<&String> = old.revisions.keys().chain(new.revisions.keys()).collect();
    for name in names {
        let mut place = Place {
            revision: name,
            subject: Subject::Revision,
            name,
            out: &mut out,
        };
        match (old.revisions.get(name), new.revisions.get(name)) {
            (Some(a), Some(b)) => interface(name, a, b, &mut out),
            (Some(_), None) => place.push(
                Severity::Breaking,
                String::new(),
                "protocolVersion",
                "revision no longer spoken".into(),
                (None, None),
            ),
            (None, Some(_)) => place.push(
                Severity::Compatible,
                String::new(),
                "protocolVersion",
                "revision now spoken".into(),
                (None, None),
            ),
            (None, None) => {}
        }
    }
    out
}

fn interface(revision: &str, a: &Interface, b: &Interface, out: &mut Vec<Change>) {
    let mut server = Place {
        revision,
        subject: Subject::Server,
        name: "server",
        out,
    };
    let info = (a.server_info.as_ref(), b.server_info.as_ref());
    members::plain(&mut server, info.0, info.1, "/serverInfo");
    let text = |s: &Option<String>| s.clone().map(Value::String);
    let (ia, ib) = (text(&a.instructions), text(&b.instructions));
    members::plain(&mut server, ia.as_ref(), ib.as_ref(), "/instructions");
    members::capabilities(
        revision,
        a.capabilities.as_ref(),
        b.capabilities.as_ref(),
        out,
    );
    for list in List::ALL {
        lists(revision, list, a.list(list), b.list(list), out);
    }
}

fn subject(list: List) -> Subject {
    match list {
        List::Tools => Subject::Tool,
        List::Resources => Subject::Resource,
        List::ResourceTemplates => Subject::ResourceTemplate,
        List::Prompts => Subject::Prompt,
    }
}

fn lists(
    revision: &str,
    list: List,
    a: Option<&BTreeMap<String, Value>>,
    b: Option<&BTreeMap<String, Value>>,
    out: &mut Vec<Change>,
) {
    let subject = subject(list);
    let (a, b) = match (a, b) {
        (Some(a), Some(b)) => (a, b),
        (Some(_), None) => {
            let method = match list {
                List::ResourceTemplates => "resources/templates/list".to_string(),
                _ => format!("{}/list", list.member()),
            };
            let mut place = Place {
                revision,
                subject,
                name: "*",
                out,
            };
            let message = format!("{method} not in the new snapshot: its entries are not compared");
            place.push(
                Severity::Undecided,
                String::new(),
                list.member(),
                message,
                (None, None),
            );
            return;
        }
        (None, _) => return,
    };
    let names: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    for name in names {
        let mut place = Place {
            revision,
            subject,
            name,
            out,
        };
        match (a.get(name), b.get(name)) {
            (Some(x), Some(y)) => entry(&mut place, list, x, y),
            (Some(x), None) => {
                // Resource lists follow what a server holds (files, rows):
                // one gone from a list is not a contract withdrawn.
                let (severity, message) = match list {
                    List::Resources => (
                        Severity::Undecided,
                        "resource no longer listed (resource lists may change at run time)",
                    ),
                    _ => (Severity::Breaking, "removed"),
                };
                place.push(
                    severity,
                    String::new(),
                    list.key(),
                    message.into(),
                    (Some(x), None),
                );
            }
            (None, Some(y)) => {
                place.push(
                    Severity::Compatible,
                    String::new(),
                    list.key(),
                    "added".into(),
                    (None, Some(y)),
                );
            }
            (None, None) => {}
        }
    }
}

fn entry(place: &mut Place<'_>, list: List, a: &Value, b: &Value) {
    let mut skip = vec![list.key()];
    match list {
        List::Tools => {
            skip.extend(["inputSchema", "outputSchema", "execution"]);
            schema(place, a, b, "inputSchema", true);
            schema(place, a, b, "outputSchema", false);
            #[cfg(feature = "contracts")]
            super::schemas::diff(place, a, b);
            members::task_support(place, a.get("execution"), b.get("execution"));
        }
        List::Prompts => {
            skip.push("arguments");
            members::prompt_arguments(place, a.get("arguments"), b.get("arguments"));
        }
        List::Resources | List::ResourceTemplates => {}
    }
    let keys: BTreeSet<&String> = a
        .as_object()
        .into_iter()
        .chain(b.as_object())
        .flat_map(|m| m.keys())
        .collect();
    for key in keys.into_iter().filter(|k| !skip.contains(&k.as_str())) {
        members::plain(
            place,
            a.get(key),
            b.get(key),
            &format!("/{}", key.replace('~', "~0").replace('/', "~1")),
        );
    }
}

/// A tool's `inputSchema` (`input`: must widen) or `outputSchema` (must
/// narrow); an absent schema accepts everything.
fn schema(place: &mut Place<'_>, a: &Value, b: &Value, member: &str, input: bool) {
    let (sa, sb) = (a.get(member), b.get(member));
    if sa.is_none() && sb.is_none() {
        return;
    }
    let t = Value::Bool(true);
    for c in schema_compat::compare(sa.unwrap_or(&t), sb.unwrap_or(&t)) {
        let severity = Severity::of(c.effect, input);
        let message = match (c.effect, input) {
            (schema_compat::Effect::Declared, _) => c.detail,
            _ => format!(
                "{} ({} {})",
                c.detail,
                if input { "input" } else { "output" },
                effect_word(c.effect)
            ),
        };
        place.push(
            severity,
            format!("/{member}{}", c.pointer),
            &c.keyword,
            message,
            (c.old.as_ref(), c.new.as_ref()),
        );
    }
}

fn effect_word(effect: schema_compat::Effect) -> &'static str {
    use schema_compat::Effect::*;
    match effect {
        Narrowed => "narrowed",
        Widened => "widened",
        Changed => "changed both ways",
        Undecided => "containment undecided",
        Declared => "member declared",
        Annotation => "annotation",
    }
}

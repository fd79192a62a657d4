//! Paths into a JSON instance: enumerating nodes, reaching one mutably,
//! printing a path as an RFC 6901 pointer.

use serde_json::Value;

/// One step of a path into an instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An object member.
    Key(String),
    /// An array item.
    Index(usize),
}

/// The paths of every node of `v` (the root first), depth first.
pub fn all_paths(v: &Value) -> Vec<Vec<Tok>> {
    let mut out = Vec::new();
    walk(v, &mut Vec::new(), &mut out);
    out
}

fn walk(v: &Value, here: &mut Vec<Tok>, out: &mut Vec<Vec<Tok>>) {
    out.push(here.clone());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                here.push(Tok::Key(k.clone()));
                walk(child, here, out);
                here.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                here.push(Tok::Index(i));
                walk(child, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

/// The node at `path`, if the instance still has one there.
pub fn node_mut<'v>(mut v: &'v mut Value, path: &[Tok]) -> Option<&'v mut Value> {
    for tok in path {
        v = match (v, tok) {
            (Value::Object(map), Tok::Key(k)) => map.get_mut(k)?,
            (Value::Array(items), Tok::Index(i)) => items.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// The RFC 6901 pointer of a path.
pub fn pointer(path: &[Tok]) -> String {
    let mut out = String::new();
    for tok in path {
        out.push('/');
        match tok {
            Tok::Key(k) => out.push_str(&k.replace('~', "~0").replace('/', "~1")),
            Tok::Index(i) => out.push_str(&i.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_reach_every_node_and_print_escaped() {
        let mut v = json!({"a/b": [1, {"~": null}]});
        let paths = all_paths(&v);
        let pointers: Vec<String> = paths.iter().map(|p| pointer(p)).collect();
        assert_eq!(pointers, ["", "/a~1b", "/a~1b/0", "/a~1b/1", "/a~1b/1/~0"]);
        for p in &paths {
            assert!(node_mut(&mut v, p).is_some(), "{p:?}");
        }
        assert!(node_mut(&mut v, &[Tok::Index(0)]).is_none());
    }
}

//! Arbitrary-driven edits of a JSON value: the structure-aware mutator.
//! Each edit picks a node (pre-order index) and replaces, removes, adds,
//! wraps or splices, drawing keys and strings from the seeds' dictionary
//! and numbers from a list of edge cases.

use arbitrary::{Result, Unstructured};
use serde_json::{Map, Number, Value};

use super::seeds::Seeds;

/// Numbers that sit on an edge of some check (integer vs number, ranges,
/// i64/u64/f64 boundaries).
const NUMBERS: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    1.5,
    -32700.0,
    -32600.0,
    -32002.0,
    2.0,
    100.0,
    1e300,
    -1e300,
    9007199254740993.0,
    4294967296.0,
];

/// Strings on the edge of a format or enum.
const STRINGS: &[&str] = &[
    "",
    "2.0",
    "1.0",
    "2025-11-25",
    "2026-07-28",
    "draft",
    "text",
    "image",
    "audio",
    "resource",
    "resource_link",
    "complete",
    "input_required",
    "file:///srv/x",
    "https://example.com/a?b#c",
    "urn:",
    "mailto:",
    "http://h:x/",
    "{x}",
    "a{x.y}",
    "aGk=",
    "aGk",
    "YQ==\n",
    "user",
    "assistant",
    "\u{0}",
    "\u{fffd}",
    "é",
    "2024-01-01T00:00:00Z",
    "not a date",
    "a@b.c",
];

/// Applies 1..=`max` edits to `value`.
pub fn edit(value: &mut Value, u: &mut Unstructured<'_>, seeds: &Seeds, max: u32) -> Result<()> {
    let n = u.int_in_range(1..=max)?;
    for _ in 0..n {
        if u.is_empty() {
            break;
        }
        let count = count(value);
        let at = u.choose_index(count)?;
        if let Some(node) = nth(value, at) {
            one(node, u, seeds)?;
        }
    }
    Ok(())
}

/// One edit at `node`.
fn one(node: &mut Value, u: &mut Unstructured<'_>, seeds: &Seeds) -> Result<()> {
    match u.int_in_range(0..=11u8)? {
        0 => *node = scalar(u, seeds)?,
        1 => *node = Value::Object(Map::new()),
        2 => *node = Value::Array(Vec::new()),
        3 => {
            let inner = node.take();
            *node = Value::Array(vec![inner]);
        }
        4 => {
            let inner = node.take();
            let mut map = Map::new();
            map.insert(key(u, seeds)?, inner);
            *node = Value::Object(map);
        }
        5 => {
            // Splice a node of another seed here.
            let seed = &seeds.seeds[u.choose_index(seeds.seeds.len())?].value;
            let at = u.choose_index(count(seed))?;
            if let Some(found) = nth_ref(seed, at) {
                *node = found.clone();
            }
        }
        6 | 7 => match node {
            Value::Object(map) if !map.is_empty() => {
                let i = u.choose_index(map.len())?;
                if let Some(k) = map.keys().nth(i).cloned() {
                    map.remove(&k);
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let i = u.choose_index(items.len())?;
                items.remove(i);
            }
            _ => *node = scalar(u, seeds)?,
        },
        8 | 9 => match node {
            Value::Object(map) => {
                let k = key(u, seeds)?;
                let v = scalar_or_container(u, seeds)?;
                map.insert(k, v);
            }
            Value::Array(items) => {
                let v = match items.first() {
                    Some(first) if u.arbitrary()? => first.clone(),
                    _ => scalar_or_container(u, seeds)?,
                };
                items.push(v);
            }
            _ => *node = scalar(u, seeds)?,
        },
        10 => match node {
            // Rename a member.
            Value::Object(map) if !map.is_empty() => {
                let i = u.choose_index(map.len())?;
                if let Some(k) = map.keys().nth(i).cloned() {
                    if let Some(v) = map.remove(&k) {
                        map.insert(key(u, seeds)?, v);
                    }
                }
            }
            _ => *node = scalar(u, seeds)?,
        },
        _ => {
            // Change the type but keep something of the value.
            *node = match node.take() {
                Value::String(s) => s
                    .parse::<f64>()
                    .ok()
                    .and_then(Number::from_f64)
                    .map_or(Value::Null, Value::Number),
                Value::Number(n) => Value::String(n.to_string()),
                Value::Bool(b) => Value::String(b.to_string()),
                Value::Null => Value::Bool(false),
                Value::Array(items) => items.into_iter().next().unwrap_or(Value::Null),
                Value::Object(map) => Value::Array(map.into_iter().map(|(_, v)| v).collect()),
            }
        }
    }
    Ok(())
}

fn scalar_or_container(u: &mut Unstructured<'_>, seeds: &Seeds) -> Result<Value> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => Value::Object(Map::new()),
        1 => Value::Array(Vec::new()),
        2 => {
            let seed = &seeds.seeds[u.choose_index(seeds.seeds.len())?].value;
            let at = u.choose_index(count(seed))?;
            nth_ref(seed, at).cloned().unwrap_or(Value::Null)
        }
        _ => scalar(u, seeds)?,
    })
}

/// A scalar: null, a boolean, an edge or arbitrary number, a dictionary
/// or arbitrary string.
pub fn scalar(u: &mut Unstructured<'_>, seeds: &Seeds) -> Result<Value> {
    Ok(match u.int_in_range(0..=8u8)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::from(u.arbitrary::<i64>()?),
        3 => Value::from(u.arbitrary::<u64>()?),
        4 => Number::from_f64(*u.choose(NUMBERS)?).map_or(Value::Null, Value::Number),
        5 => Number::from_f64(u.arbitrary::<f64>()?).map_or(Value::Null, Value::Number),
        6 => Value::String((*u.choose(STRINGS)?).to_string()),
        7 if !seeds.strings.is_empty() => Value::String(u.choose(&seeds.strings)?.clone()),
        _ => Value::String(u.arbitrary::<String>()?),
    })
}

fn key(u: &mut Unstructured<'_>, seeds: &Seeds) -> Result<String> {
    if !seeds.keys.is_empty() && u.ratio(3u8, 4u8)? {
        Ok(u.choose(&seeds.keys)?.clone())
    } else {
        u.arbitrary()
    }
}

/// Nodes in `v` (itself included).
pub fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(items) => items.iter().map(count).sum(),
        Value::Object(map) => map.values().map(count).sum(),
        _ => 0,
    }
}

/// The `i`th node in pre-order.
pub fn nth(v: &mut Value, mut i: usize) -> Option<&mut Value> {
    if i == 0 {
        return Some(v);
    }
    i -= 1;
    let children: Box<dyn Iterator<Item = &mut Value>> = match v {
        Value::Array(items) => Box::new(items.iter_mut()),
        Value::Object(map) => Box::new(map.values_mut()),
        _ => return None,
    };
    for child in children {
        let n = count(child);
        if i < n {
            return nth(child, i);
        }
        i -= n;
    }
    None
}

fn nth_ref(v: &Value, mut i: usize) -> Option<&Value> {
    if i == 0 {
        return Some(v);
    }
    i -= 1;
    let children: Box<dyn Iterator<Item = &Value>> = match v {
        Value::Array(items) => Box::new(items.iter()),
        Value::Object(map) => Box::new(map.values()),
        _ => return None,
    };
    for child in children {
        let n = count(child);
        if i < n {
            return nth_ref(child, i);
        }
        i -= n;
    }
    None
}

//! Mutations that turn (mostly) valid instances into near-misses: the
//! inputs where hand-written or generated validators disagree with a
//! reference. A mutation picks a node uniformly among all nodes of the
//! instance (the root included) and applies an operator chosen for that
//! node's JSON type, or a type-independent one.
//!
//! Operators: drop a member, add an unknown member, empty an object, change
//! a value's type (string ↔ number ↔ bool ↔ null ↔ array ↔ object), wrap a
//! value in an array or an object (which also replaces an object by an array
//! of it), swap a string for another `const`/`enum` string of the schema,
//! bad and good format strings, integral floats (`1` → `1.0`, `6e4`), huge
//! integers (`18446744073709551616`, `-9223372036854775809`), negative and
//! fractional numbers, and arrays pushed past `maxItems`, cleared, shortened
//! or given a junk item.

use serde_json::{json, Number, Value};

use super::{
    prng::Rng,
    synth::{self, Site, Target},
    tree::{self, Tok},
};

/// Strings near the edges of the formats the schemas use (`uri`,
/// `uri-template`, `byte`): most break one, some satisfy one.
const FORMAT_STRINGS: &[&str] = &[
    // uri
    "relative/path",
    "/abs",
    "//host/path",
    "a b",
    "https://ex ample.com/",
    "http://[::1",
    "http://[::1]:80/x",
    "https://example.com/%zz",
    "https://example.com/%41",
    "https://user@example.com:8080/a?b=c#d",
    "HTTPS://EXAMPLE.COM",
    "a:",
    "1a:b",
    "mailto:a@b",
    "data:text/plain;base64,aGk=",
    "\u{e9}://x",
    "https://\u{e9}.example/",
    "https://example.com/\u{e9}",
    "https://example.com/a\\b",
    "https://example.com:99999/",
    "https://example.com/#a#b",
    "x:?q",
    "mailto:",
    "http://h:x/",
    "http://a@b@c/",
    "http://[::010.0.0.1]/",
    "http://[v1.x]/",
    // uri-template
    "{unclosed",
    "unopened}",
    "https://example.com/{x",
    "file:///{path}",
    "{+path}",
    "{x:3}",
    "{x*}",
    "{a,b}",
    "{a b}",
    "{}",
    "{x:0}",
    "{x:10000}",
    "%41{x}",
    "%4{x}",
    "{?q,r}",
    "{$x}",
    "{x.y}",
    "a'b{x}",
    "{x*,y:2}",
    // byte
    "not base64!",
    "aGk",
    "aGk=",
    "aGk==",
    "aG==",
    "AAAA====",
    "YQ==\n",
    "-_-_",
    "",
];

/// Numbers, as JSON text, that stress integer handling.
const HUGE: &[&str] = &[
    "18446744073709551616",
    "-9223372036854775809",
    "18446744073709551615",
    "-9223372036854775808",
    "9223372036854775807",
    "9007199254740993",
    "1e300",
    "-1e300",
    "1e-300",
    "6e4",
    "1.0",
    "-0.0",
    "0.5",
];

/// A mutator for the instances of one schema.
pub struct Mutator {
    /// Every `const`/`enum` string of the schema (methods, tags, versions).
    strings: Vec<String>,
    /// Every property name of the schema: an unknown member with a known
    /// name can steer a validator into another `anyOf` branch.
    names: Vec<String>,
}

impl Mutator {
    /// A mutator drawing replacement strings from `schema`'s consts/enums.
    pub fn new(schema: &Value) -> Mutator {
        let (mut strings, mut names) = (Vec::new(), Vec::new());
        collect_strings(schema, &mut strings, &mut names);
        strings.sort();
        strings.dedup();
        names.sort();
        names.dedup();
        Mutator { strings, names }
    }

    /// Applies `count` mutations at random nodes; returns what was done, one
    /// `"<pointer>: <operator>"` entry per mutation.
    pub fn mutate(&self, instance: &mut Value, rng: &mut Rng, count: usize) -> Vec<String> {
        (0..count)
            .map(|_| self.mutate_once(instance, rng))
            .collect()
    }

    /// Breaks the keyword recorded at `site` (see [`synth::Site`]); `None`
    /// when the instance no longer has a fitting node there.
    pub fn targeted(&self, instance: &mut Value, site: &Site, rng: &mut Rng) -> Option<String> {
        let node = tree::node_mut(instance, &site.path)?;
        let op = match (&site.target, &mut *node) {
            (Target::Required(name), Value::Object(map)) => {
                map.remove(name)?;
                format!("drop required member {name:?}")
            }
            (Target::Choice, Value::String(s)) => {
                let others: Vec<&String> = self.strings.iter().filter(|o| *o != s).collect();
                let to = (*rng.pick(&others)).clone();
                let op = format!("swap const/enum {s:?} for {to:?}");
                *s = to;
                op
            }
            (Target::MaxItems(max), Value::Array(items)) => {
                let filler = items.last().cloned().unwrap_or_else(|| json!("x"));
                let target = *max as usize + 1 + rng.below(2);
                items.resize(target, filler);
                format!("grow past maxItems {max} to {target}")
            }
            (Target::Minimum(lo), Value::Number(_)) => {
                let to = if rng.chance(1, 2) { lo - 1.0 } else { lo - 0.5 };
                *node = number(to);
                format!("below minimum {lo}: {to}")
            }
            (Target::Maximum(hi), Value::Number(_)) => {
                let to = if rng.chance(1, 2) { hi + 1.0 } else { hi + 0.5 };
                *node = number(to);
                format!("above maximum {hi}: {to}")
            }
            (Target::Integer, Value::Number(n)) => {
                let to = n.as_f64().unwrap_or(0.0).trunc() + 0.5;
                *node = number(to);
                format!("fraction {to} for an integer")
            }
            (Target::Format(f), Value::String(s)) => {
                let pool: &[&str] = match f.as_str() {
                    "uri" => &[
                        "relative/path",
                        "/abs",
                        "a b",
                        "//host/path",
                        "https://example.com/%zz",
                    ],
                    "uri-template" => &["{unclosed", "unopened}", "{a b}", "{}", "%4{x}", "{x:0}"],
                    _ => &["not base64!", "aGk", "aGk==", "AAAA====", "-_-_"],
                };
                let to = rng.pick(pool).to_string();
                let op = format!("bad {f} {to:?} for {s:?}");
                *s = to;
                op
            }
            (Target::Choice, other) => change_type(other, rng),
            _ => return None,
        };
        Some(format!("{}: {op}", tree::pointer(&site.path)))
    }

    fn mutate_once(&self, instance: &mut Value, rng: &mut Rng) -> String {
        let all = tree::all_paths(instance);
        let path: &Vec<Tok> = rng.pick(&all);
        let node = tree::node_mut(instance, path).expect("a path of this instance");
        let op = self.apply(node, rng);
        format!("{}: {op}", tree::pointer(path))
    }

    /// Applies one operator to `node`; returns its name.
    fn apply(&self, node: &mut Value, rng: &mut Rng) -> String {
        // Type-independent operators one time in four.
        if rng.chance(1, 4) {
            return match rng.below(3) {
                0 => {
                    let old = node.take();
                    *node = Value::Array(vec![old]);
                    "wrap in array".into()
                }
                1 => {
                    let old = node.take();
                    *node = json!({ "value": old });
                    "wrap in object".into()
                }
                _ => change_type(node, rng),
            };
        }
        match node {
            Value::Object(map) => match rng.below(5) {
                0 | 1 if !map.is_empty() => {
                    let keys: Vec<String> = map.keys().cloned().collect();
                    let key = rng.pick(&keys).clone();
                    map.remove(&key);
                    format!("drop member {key:?}")
                }
                2 => {
                    map.clear();
                    "empty object".into()
                }
                3 if !self.names.is_empty() => {
                    let key = rng.pick(&self.names).clone();
                    let value = small(rng);
                    let op = format!("set member {key:?} to {value}");
                    map.insert(key, value);
                    op
                }
                _ => {
                    let key = format!("x-unknown-{}", rng.below(3));
                    map.insert(key.clone(), small(rng));
                    format!("add member {key:?}")
                }
            },
            Value::Array(items) => match rng.below(4) {
                0 => {
                    let filler = items.last().cloned().unwrap_or_else(|| json!("x"));
                    let target = 101 + rng.below(5);
                    while items.len() < target {
                        items.push(filler.clone());
                    }
                    format!("grow to {target} items")
                }
                1 if !items.is_empty() => {
                    let i = rng.below(items.len());
                    items.remove(i);
                    format!("remove item {i}")
                }
                2 => {
                    items.clear();
                    "clear array".into()
                }
                _ => {
                    items.push(small(rng));
                    "push junk item".into()
                }
            },
            Value::String(s) => match rng.below(3) {
                0 if !self.strings.is_empty() => {
                    let to = rng.pick(&self.strings).clone();
                    let op = format!("swap {s:?} for const/enum {to:?}");
                    *s = to;
                    op
                }
                1 => {
                    let to = rng
                        .pick(&[synth::URIS, synth::URI_TEMPLATES, synth::BYTES])
                        .to_vec();
                    let to = rng.pick(&to).to_string();
                    let op = format!("{s:?} -> valid format string {to:?}");
                    *s = to;
                    op
                }
                _ => {
                    let to = rng.pick(FORMAT_STRINGS).to_string();
                    let op = format!("{s:?} -> format string {to:?}");
                    *s = to;
                    op
                }
            },
            Value::Number(n) => {
                let (to, op) = mutate_number(n, rng);
                *node = to;
                op
            }
            _ => change_type(node, rng),
        }
    }
}

/// A JSON number: an integer when integral and small, else a float.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        Number::from_f64(x).map_or(Value::Null, Value::Number)
    }
}

fn mutate_number(n: &Number, rng: &mut Rng) -> (Value, String) {
    let f = n.as_f64().unwrap_or(0.0);
    let from_f64 = |x: f64| Number::from_f64(x).map_or(Value::Null, Value::Number);
    match rng.below(5) {
        0 if n.is_i64() || n.is_u64() => (from_f64(f), format!("{n} -> integral float")),
        0 if f.fract() == 0.0 && f.abs() < 1e15 => (json!(f as i64), format!("{n} -> integer")),
        1 => {
            let text = *rng.pick(HUGE);
            let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
            (v, format!("{n} -> {text}"))
        }
        2 => {
            let to = if f > 0.0 { -f } else { -1.0 - f.abs() };
            let v = if to.fract() == 0.0 && to.abs() < 1e15 {
                json!(to as i64)
            } else {
                from_f64(to)
            };
            let op = format!("{n} -> negative {v}");
            (v, op)
        }
        3 => {
            let to = f.trunc() + 0.5;
            (from_f64(to), format!("{n} -> fraction {to}"))
        }
        _ => {
            let to = *rng.pick(&[0i64, 1, 2, 100, 101, -32042]);
            (json!(to), format!("{n} -> {to}"))
        }
    }
}

/// Replaces `node` by a value of another JSON type.
fn change_type(node: &mut Value, rng: &mut Rng) -> String {
    let candidates = [
        json!("1"),
        json!(1),
        json!(1.5),
        json!(false),
        Value::Null,
        json!([]),
        json!({}),
    ];
    let kind = |v: &Value| std::mem::discriminant(v);
    let others: Vec<&Value> = candidates
        .iter()
        .filter(|c| kind(c) != kind(node))
        .collect();
    let to = (*rng.pick(&others)).clone();
    let op = format!("change type to {to}");
    *node = to;
    op
}

/// A small value of a random type.
fn small(rng: &mut Rng) -> Value {
    rng.pick(&[
        json!("u"),
        json!(7),
        json!(-0.5),
        json!(true),
        Value::Null,
        json!({"k": 1}),
        json!([null]),
    ])
    .clone()
}

/// Collects `const`/`enum` strings and property names of a schema.
fn collect_strings(schema: &Value, strings: &mut Vec<String>, names: &mut Vec<String>) {
    match schema {
        Value::Object(map) => {
            for (k, v) in map {
                match (k.as_str(), v) {
                    ("const", Value::String(s)) => strings.push(s.clone()),
                    ("enum", Value::Array(items)) => {
                        strings.extend(items.iter().filter_map(Value::as_str).map(str::to_string))
                    }
                    ("properties", Value::Object(props)) => {
                        names.extend(props.keys().cloned());
                        for p in props.values() {
                            collect_strings(p, strings, names);
                        }
                    }
                    // Descriptions hold prose, not schemas.
                    ("description", _) => {}
                    _ => collect_strings(v, strings, names),
                }
            }
        }
        Value::Array(items) => {
            for v in items {
                collect_strings(v, strings, names);
            }
        }
        _ => {}
    }
}

//! The bounds a run-time schema and the value judged against it must keep
//! ([`SchemaLimits`]), measured by iterative walks: a schema nested ten
//! thousand levels deep is measured, and refused, without recursion.

use serde_json::Value;

/// Bounds on the schemas the engine compiles, the values it judges and
/// the cache it keeps. The defaults (`docs/limits.md`) admit every schema
/// of the public MCP servers surveyed and cannot overflow a 2 MiB stack
/// (`tests/contracts.rs` checks both ends on a 2 MiB thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchemaLimits {
    /// Deepest nesting of JSON values in a schema (an object or array
    /// inside another counts one level; `{"type":"string"}` is 1).
    pub max_depth: usize,
    /// Most JSON objects (subschemas, and the maps holding them) in one
    /// schema.
    pub max_subschemas: usize,
    /// Most bytes of one schema's JSON text.
    pub max_bytes: usize,
    /// Deepest nesting of a value judged against a schema (validation
    /// recurses along the value).
    pub max_instance_depth: usize,
    /// How often a `pattern` may backtrack on one string (fancy-regex's
    /// limit); a pattern that needs more is reported, not judged.
    pub regex_backtrack_limit: usize,
    /// Most compiled schemas the cache keeps (least recently used go
    /// first).
    pub cache_entries: usize,
    /// Most schema text, in bytes, the cache keeps (its entries' sizes;
    /// a compiled validator is a small multiple of its text).
    pub cache_bytes: usize,
}

impl SchemaLimits {
    /// The defaults: depth 128, 10 000 subschemas, 1 MiB of schema text,
    /// instance depth 128, 100 000 backtracking steps, a cache of 1 024
    /// schemas and 16 MiB of schema text.
    pub const DEFAULT: SchemaLimits = SchemaLimits {
        max_depth: 128,
        max_subschemas: 10_000,
        max_bytes: 1 << 20,
        max_instance_depth: 128,
        regex_backtrack_limit: 100_000,
        cache_entries: 1024,
        cache_bytes: 16 << 20,
    };
}

impl Default for SchemaLimits {
    fn default() -> Self {
        SchemaLimits::DEFAULT
    }
}

/// What a walk found over a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Over {
    /// Nested deeper than the bound.
    Depth(usize),
    /// More objects than the bound.
    Subschemas(usize),
}

/// Walks `value` without recursion; stops at the first bound crossed
/// (`max_objects`: `None` for no bound on objects). Returns the count
/// of objects seen.
pub(crate) fn measure(
    value: &Value,
    max_depth: usize,
    max_objects: Option<usize>,
) -> Result<usize, Over> {
    let mut stack: Vec<(&Value, usize)> = vec![(value, 1)];
    let mut objects = 0usize;
    while let Some((v, depth)) = stack.pop() {
        let containers = |c: &&Value| c.is_object() || c.is_array();
        match v {
            Value::Object(map) => {
                objects += 1;
                if max_objects.is_some_and(|max| objects > max) {
                    return Err(Over::Subschemas(objects));
                }
                if depth > max_depth {
                    return Err(Over::Depth(depth));
                }
                stack.extend(map.values().filter(containers).map(|c| (c, depth + 1)));
            }
            Value::Array(items) => {
                if depth > max_depth {
                    return Err(Over::Depth(depth));
                }
                stack.extend(items.iter().filter(containers).map(|c| (c, depth + 1)));
            }
            _ => {}
        }
    }
    Ok(objects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn depth_counts_containers() {
        assert_eq!(measure(&json!({"type": "string"}), 1, None), Ok(1));
        assert_eq!(measure(&json!("x"), 0, None), Ok(0));
        let two = json!({"properties": {"a": {"type": "string"}}});
        assert_eq!(measure(&two, 3, None), Ok(3));
        assert_eq!(measure(&two, 2, None), Err(Over::Depth(3)));
        assert_eq!(measure(&two, 3, Some(2)), Err(Over::Subschemas(3)));
        assert_eq!(measure(&json!([[[1]]]), 3, None), Ok(0));
        assert_eq!(measure(&json!([[[1]]]), 2, None), Err(Over::Depth(3)));
    }
}

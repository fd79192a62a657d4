//! Array keywords: `uniqueItems` (JSON equality, [`crate::number::json_eq`])
//! and the count behind `contains`/`minContains`/`maxContains`.

use std::hash::{Hash, Hasher};

use serde_json::Value;

use crate::number::json_eq;

/// Arrays up to this length are compared pairwise; longer ones are sorted
/// by a hash that equal values share, and only equal hashes are compared.
const PAIRWISE_MAX: usize = 16;

/// The first pair of equal elements of `a` (`uniqueItems`), by index, or
/// `None` when all are distinct. Numbers compare by value (`1` = `1.0`),
/// objects regardless of member order. O(n²) up to 16 elements, O(n log n)
/// beyond.
pub fn duplicate(a: &[Value]) -> Option<(usize, usize)> {
    if a.len() <= PAIRWISE_MAX {
        for (j, y) in a.iter().enumerate() {
            for (i, x) in a[..j].iter().enumerate() {
                if json_eq(x, y) {
                    return Some((i, j));
                }
            }
        }
        return None;
    }
    let mut keyed: Vec<(u64, usize)> = a.iter().map(hash).zip(0..).collect();
    keyed.sort_unstable();
    let mut found: Option<(usize, usize)> = None;
    for run in keyed.chunk_by(|x, y| x.0 == y.0) {
        for (n, &(_, j)) in run.iter().enumerate() {
            for &(_, i) in &run[..n] {
                if json_eq(&a[i], &a[j]) {
                    let pair = (i.min(j), i.max(j));
                    if found.is_none_or(|f| (pair.1, pair.0) < (f.1, f.0)) {
                        found = Some(pair);
                    }
                }
            }
        }
    }
    found
}

/// Whether the elements of `a` are distinct ([`duplicate`] finds none).
#[inline]
pub fn unique(a: &[Value]) -> bool {
    a.len() < 2 || duplicate(a).is_none()
}

/// How many elements of `a` satisfy `f` (`contains`).
pub fn count_where<F: FnMut(&Value) -> bool>(a: &[Value], mut f: F) -> usize {
    count_dyn(a, &mut f)
}

#[inline(never)]
fn count_dyn(a: &[Value], f: &mut dyn FnMut(&Value) -> bool) -> usize {
    a.iter().filter(|v| f(v)).count()
}

/// A hash under which JSON-equal values collide: a number by its value
/// (integral ones as integers, so `1` and `1.0` agree), an object by the
/// order-independent sum of its members' hashes.
fn hash(v: &Value) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    feed(v, &mut h);
    h.finish()
}

fn feed(v: &Value, h: &mut impl Hasher) {
    match v {
        Value::Null => 0u8.hash(h),
        Value::Bool(b) => (1u8, b).hash(h),
        Value::Number(n) => {
            2u8.hash(h);
            let integral = n
                .as_i64()
                .map(i128::from)
                .or_else(|| n.as_u64().map(i128::from));
            match (integral, n.as_f64()) {
                (Some(i), _) => i.hash(h),
                (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1.7e38 => (f as i128).hash(h),
                (None, Some(f)) => f.to_bits().hash(h),
                (None, None) => {}
            }
        }
        Value::String(s) => (3u8, s).hash(h),
        Value::Array(items) => {
            (4u8, items.len()).hash(h);
            for item in items {
                feed(item, h);
            }
        }
        Value::Object(m) => {
            let sum = m.iter().fold(0u64, |sum, (k, v)| {
                let mut member = std::collections::hash_map::DefaultHasher::new();
                k.hash(&mut member);
                feed(v, &mut member);
                sum.wrapping_add(member.finish())
            });
            (5u8, m.len(), sum).hash(h);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn items(v: Value) -> Vec<Value> {
        match v {
            Value::Array(a) => a,
            _ => unreachable!(),
        }
    }

    #[test]
    fn equal_by_json_value() {
        assert_eq!(duplicate(&items(json!([1, 2, 1.0]))), Some((0, 2)));
        assert_eq!(
            duplicate(&items(json!([{"a": 1, "b": 2}, {"b": 2, "a": 1}]))),
            Some((0, 1))
        );
        assert_eq!(duplicate(&items(json!([[1], [true]]))), None);
        assert_eq!(
            duplicate(&items(json!([0, false, null, "0", [], {}]))),
            None
        );
        assert_eq!(
            duplicate(&items(json!([{"a": [1.0]}, {"a": [1]}]))),
            Some((0, 1))
        );
        assert!(unique(&[]));
        assert!(!unique(&items(json!([[1, 2], [1, 2]]))));
    }

    #[test]
    fn long_arrays_take_the_sorted_path() {
        let mut long: Vec<Value> = (0..1000).map(Value::from).collect();
        assert!(unique(&long));
        long.push(json!(500.0));
        assert_eq!(duplicate(&long), Some((500, 1000)));
        let objects: Vec<Value> = (0..100).map(|i| json!({"i": i, "s": "x"})).collect();
        assert!(unique(&objects));
        let mut with_twin = objects.clone();
        with_twin.insert(3, json!({"s": "x", "i": 7.0}));
        assert_eq!(duplicate(&with_twin), Some((3, 8)));
        // Two pairs: the one whose later element comes first is reported,
        // as the pairwise scan would.
        let mut two: Vec<Value> = (0..20).map(Value::from).collect();
        two.push(json!(15));
        two.push(json!(3));
        assert_eq!(duplicate(&two), Some((15, 20)));
    }

    #[test]
    fn counts_matches() {
        let a = items(json!([1, "a", 2, "b", "c"]));
        assert_eq!(count_where(&a, Value::is_string), 3);
        assert_eq!(count_where(&[], Value::is_string), 0);
    }
}

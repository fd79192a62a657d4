//! Comparing sets of RFC 6901 instance pointers.

use std::collections::BTreeSet;

/// Whether `prefix` is `pointer` or an ancestor of it, on token boundaries
/// (`/a` is a prefix of `/a/b` but not of `/ab`; `""` of everything).
pub fn is_prefix(prefix: &str, pointer: &str) -> bool {
    pointer == prefix
        || (pointer.starts_with(prefix) && pointer.as_bytes().get(prefix.len()) == Some(&b'/'))
}

/// The rule for comparing mcpwire's failing pointers with the oracle's:
/// every mcpwire pointer lies at or below some oracle pointer, and every
/// oracle pointer lies at or above some mcpwire pointer. It equals set
/// equality except where mcpwire descends further than the oracle (into the
/// closest branch of a failed `anyOf`, which the oracle reports once at the
/// `anyOf`'s own location). Returns a description of the mismatch, if any.
pub fn compare(mcpwire: &BTreeSet<String>, oracle: &BTreeSet<String>) -> Option<String> {
    let orphans: Vec<&String> = mcpwire
        .iter()
        .filter(|m| !oracle.iter().any(|o| is_prefix(o, m)))
        .collect();
    let uncovered: Vec<&String> = oracle
        .iter()
        .filter(|o| !mcpwire.iter().any(|m| is_prefix(o, m)))
        .collect();
    if orphans.is_empty() && uncovered.is_empty() {
        return None;
    }
    Some(format!(
        "mcpwire-only pointers (no oracle pointer above them): {orphans:?}; \
         oracle pointers with no mcpwire pointer at or below them: {uncovered:?}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn prefix_respects_token_boundaries() {
        assert!(is_prefix("", "/a"));
        assert!(is_prefix("", ""));
        assert!(is_prefix("/a", "/a"));
        assert!(is_prefix("/a", "/a/b"));
        assert!(!is_prefix("/a", "/ab"));
        assert!(!is_prefix("/a/b", "/a"));
        assert!(!is_prefix("", "x"));
    }

    #[test]
    fn compare_allows_descent_only() {
        assert_eq!(compare(&set(&["/a"]), &set(&["/a"])), None);
        assert_eq!(compare(&set(&["/p/x/y"]), &set(&["/p"])), None);
        assert!(compare(&set(&["/p"]), &set(&["/p/x"])).is_some());
        assert!(compare(&set(&["/q"]), &set(&["/p"])).is_some());
        assert!(compare(&set(&[]), &set(&["/p"])).is_some());
        assert!(compare(&set(&["/p", "/q"]), &set(&["/p"])).is_some());
        assert_eq!(compare(&set(&[]), &set(&[])), None);
    }
}

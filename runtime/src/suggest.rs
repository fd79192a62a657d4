//! "Did you mean": the closest names to a misspelled one — shared by the
//! `mcpwire validate` command line and the `fixture!` proc macro, which both
//! name the definitions closest to an unknown one.

/// Up to three of `candidates` closest to `wanted` (edit distance,
/// ignoring case; a candidate that contains `wanted` counts as close),
/// best first.
pub fn closest<'a>(wanted: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let wanted_lower = wanted.to_lowercase();
    let limit = (wanted.chars().count() / 3).max(2);
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .filter_map(|c| {
            let lower = c.to_lowercase();
            let d = distance(&wanted_lower, &lower);
            let contains = lower.contains(&wanted_lower);
            (d <= limit || contains).then_some((d, c))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// Levenshtein distance over chars.
pub fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if ca == *cb {
                diagonal
            } else {
                1 + diagonal.min(above).min(row[j])
            };
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("abc", "abc"), 0);
    }

    #[test]
    fn suggests_close_names_best_first() {
        let names = [
            "CallToolResult",
            "CallToolRequest",
            "ListToolsResult",
            "Tool",
        ];
        assert_eq!(
            closest("CallToolResul", names),
            vec!["CallToolResult", "CallToolRequest"]
        );
        assert_eq!(closest("calltoolresult", names)[0], "CallToolResult");
        assert_eq!(closest("ListTools", names), vec!["ListToolsResult"]);
        assert!(closest("Zzzzzzzzzz", names).is_empty());
    }
}

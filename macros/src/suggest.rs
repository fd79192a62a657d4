//! "Did you mean": the closest names to a misspelled one (the ranking is
//! `mcpwire_runtime::suggest`, shared with the command line).

pub use mcpwire_runtime::suggest::closest;

/// "; did you mean `A`, `B`?" or nothing.
pub fn did_you_mean(names: &[&str]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!("; did you mean {}?", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn did_you_mean_lists_names() {
        assert_eq!(did_you_mean(&["A", "B"]), "; did you mean `A`, `B`?");
        assert_eq!(did_you_mean(&[]), "");
    }
}

//! Every HTTP rule (`mcpwire::http::rules::ALL`) quotes its source: the
//! quote is in the file it names (markdown emphasis, links and line breaks
//! aside), the file belongs to the revision the rule starts at, and
//! `docs/http.md` lists the rule with that quote.

use std::path::PathBuf;

use mcpwire::http::rules::ALL;

fn spec_dir() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("MCPWIRE_SPEC_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("../shared/mcp-spec"),
    }
}

/// Markdown to plain words: `**x**`/`_x_` to x, `[t](u)` and `[t][r]` to
/// t, whitespace collapsed.
fn plain(s: &str) -> String {
    let links = regex::Regex::new(r"\[([^\]]*)\]\([^)]*\)").unwrap();
    let s = links.replace_all(s, "$1");
    let references = regex::Regex::new(r"\[([^\]]*)\]\[[^\]]*\]").unwrap();
    let s = references.replace_all(&s, "$1");
    let s = s.replace("**", "");
    let emph = regex::Regex::new(r"(^|[\s(])_([^_]+)_").unwrap();
    let s = emph.replace_all(&s, "$1$2");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_quote_is_in_its_source() {
    for rule in ALL {
        let r = &rule.rule;
        let path = spec_dir().join(
            r.source
                .strip_prefix("docs/")
                .map_or(r.source.to_string(), |p| format!("docs/{p}")),
        );
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", r.id, path.display()));
        assert!(
            plain(&text).contains(&plain(r.quote)),
            "{}: quote not found in {}:\n{}",
            r.id,
            r.source,
            r.quote
        );
        assert!(
            r.source.contains(r.since.as_str()),
            "{}: source {} is not of {}",
            r.id,
            r.source,
            r.since
        );
    }
}

#[test]
fn docs_list_every_rule_with_its_quote() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/http.md")).unwrap();
    let docs = plain(&docs);
    for rule in ALL {
        assert!(
            docs.contains(&format!("`{}`", rule.id())),
            "docs/http.md lacks {}",
            rule.id()
        );
        assert!(
            docs.contains(&plain(rule.rule.quote)),
            "docs/http.md lacks the quote of {}",
            rule.id()
        );
        assert!(
            docs.contains(rule.rule.source),
            "docs/http.md lacks the source of {}",
            rule.id()
        );
    }
}

//! The pinned expected failures (`xtask/json-schema-suite-expected.toml`):
//! failures of mcpwire's paths that do not fail the run, each with its
//! reason. An entry names a file, optionally a case in it, optionally a
//! test of that case.

use serde::Deserialize;

/// One pinned failure.
#[derive(Debug, Deserialize, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// `draft7` or `draft2020-12`.
    pub dialect: String,
    /// The file, relative to the dialect's folder.
    pub file: String,
    /// The case's description; every case of the file when absent.
    pub case: Option<String>,
    /// The test's description; every test of the case when absent.
    pub test: Option<String>,
    /// Why the failure is accepted.
    pub reason: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    fail: Vec<Entry>,
}

/// Parses the file; every entry needs a reason, and a test needs its case.
pub fn parse(text: &str) -> Result<Vec<Entry>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    for e in &file.fail {
        let name = format!("{}/{}", e.dialect, e.file);
        if e.reason.trim().is_empty() {
            return Err(format!("entry {name} has no reason"));
        }
        if e.test.is_some() && e.case.is_none() {
            return Err(format!("entry {name} names a test but no case"));
        }
    }
    Ok(file.fail)
}

impl Entry {
    /// Whether this entry covers a failure of `test` in `case` of `file`.
    pub fn covers(&self, dialect: &str, file: &str, case: &str, test: &str) -> bool {
        self.dialect == dialect
            && self.file == file
            && self.case.as_deref().is_none_or(|c| c == case)
            && self.test.as_deref().is_none_or(|t| t == test)
    }

    /// `dialect/file[/case[/test]]`.
    pub fn name(&self) -> String {
        let mut name = format!("{}/{}", self.dialect, self.file);
        for part in [&self.case, &self.test].into_iter().flatten() {
            name.push_str(" / ");
            name.push_str(part);
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_cover_their_file_case_or_test() {
        let entries = parse(
            r#"
[[fail]]
dialect = "draft7"
file = "optional/format/date.json"
reason = "annotation"

[[fail]]
dialect = "draft2020-12"
file = "ref.json"
case = "a case"
test = "a test"
reason = "known"
"#,
        )
        .unwrap();
        assert!(entries[0].covers("draft7", "optional/format/date.json", "any", "any"));
        assert!(!entries[0].covers("draft2020-12", "optional/format/date.json", "any", "any"));
        assert!(entries[1].covers("draft2020-12", "ref.json", "a case", "a test"));
        assert!(!entries[1].covers("draft2020-12", "ref.json", "a case", "another test"));
        assert_eq!(entries[1].name(), "draft2020-12/ref.json / a case / a test");
    }

    #[test]
    fn an_entry_without_a_reason_is_refused() {
        let err = parse("[[fail]]\ndialect = \"draft7\"\nfile = \"ref.json\"\nreason = \" \"\n")
            .unwrap_err();
        assert!(err.contains("no reason"), "{err}");
        assert!(parse("[[fail]]\ndialect = \"draft7\"\nfile = \"ref.json\"\n").is_err());
        assert!(parse(
            "[[fail]]\ndialect = \"draft7\"\nfile = \"a.json\"\ntest = \"t\"\nreason = \"r\"\n"
        )
        .is_err());
    }
}

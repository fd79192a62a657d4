//! Errata follow the files: `sync-schemas` decides which revisions each
//! erratum of `schemas/errata.toml` names, from the files themselves. An
//! erratum names a revision exactly when that revision's `schema.json` holds
//! the erratum's buggy `before` value at its pointer, so
//!
//! - a new revision (or a re-pinned one) that still carries a known bug gets
//!   its erratum without anyone editing the list;
//! - a revision whose bug upstream fixed is taken off the erratum (and an
//!   erratum left with no revision is deleted), instead of the next build
//!   stopping with "delete the erratum".
//!
//! Each change is printed for review. `schemas/errata.toml` and the table in
//! `schemas/ERRATA.md` are edited as lines (comments and layout stay), and
//! `remove-revision` takes the revision off every erratum again.

use std::path::{Path, PathBuf};

use mcpwire_codegen::{errata, errata::Erratum, Version};
use serde_json::Value;

/// The errata files of a repository, with the edits made so far.
pub struct Errata {
    toml_file: PathBuf,
    md_file: PathBuf,
    list: Vec<Erratum>,
    changed: bool,
}

fn read(file: &Path) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
}

impl Errata {
    /// Reads `schemas/errata.toml` of the repository at `root`.
    pub fn load(root: &Path) -> Result<Self, String> {
        let toml_file = root.join("schemas/errata.toml");
        let list = errata::parse(&read(&toml_file)?)
            .map_err(|e| format!("{}: {e}", toml_file.display()))?;
        Ok(Errata {
            toml_file,
            md_file: root.join("schemas/ERRATA.md"),
            list,
            changed: false,
        })
    }

    /// The errata as edited so far.
    pub fn list(&self) -> &[Erratum] {
        &self.list
    }

    /// Makes the errata name `version` exactly where `document` (its
    /// unpatched file) holds their buggy value; prints each change.
    pub fn wire(&mut self, version: Version, document: &Value) {
        for erratum in &mut self.list {
            let holds = document.pointer(&erratum.pointer_for(version)) == Some(&erratum.before);
            let named = erratum.applies_to(version);
            if holds && !named {
                erratum.revisions.push(version.name.to_string());
                erratum.revisions.sort();
                println!(
                    "{}: holds the bug of erratum {} at {}: the erratum now names it (review)",
                    version.name,
                    erratum.id,
                    erratum.pointer_for(version)
                );
                self.changed = true;
            } else if !holds && named {
                erratum.revisions.retain(|r| r != version.name);
                println!(
                    "{}: no longer holds the bug of erratum {} at {} (fixed upstream?): \
                     the erratum no longer names it",
                    version.name,
                    erratum.id,
                    erratum.pointer_for(version)
                );
                self.changed = true;
            }
        }
    }

    /// Takes revision `name` off every erratum.
    pub fn unwire(&mut self, name: &str) {
        for erratum in &mut self.list {
            if erratum.revisions.iter().any(|r| r == name) {
                erratum.revisions.retain(|r| r != name);
                self.changed = true;
            }
        }
    }

    /// Writes `errata.toml` and `ERRATA.md` if anything changed. An erratum
    /// that names no revision any more is deleted from both.
    pub fn write(&self) -> Result<(), String> {
        if !self.changed {
            return Ok(());
        }
        for erratum in self.list.iter().filter(|e| e.revisions.is_empty()) {
            println!(
                "erratum {} names no revision any more: deleted (its reason stays in git)",
                erratum.id
            );
        }
        let toml = edit_toml(&read(&self.toml_file)?, &self.list);
        let md = edit_md(&read(&self.md_file)?, &self.list);
        for (file, text) in [(&self.toml_file, toml), (&self.md_file, md)] {
            std::fs::write(file, text)
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
            println!("wrote {}", file.display());
        }
        Ok(())
    }
}

fn find<'a>(list: &'a [Erratum], id: &str) -> Option<&'a Erratum> {
    list.iter().find(|e| e.id == id)
}

/// `errata.toml` with each entry's `revisions = [...]` line rewritten and
/// entries naming no revision dropped (from their `[[erratum]]` line to the
/// next entry).
fn edit_toml(text: &str, list: &[Erratum]) -> String {
    let mut out: Vec<String> = Vec::new();
    // Lines of the entry being read, held until its id is known.
    let mut entry: Option<(Vec<String>, Option<&Erratum>)> = None;
    let flush = |entry: Option<(Vec<String>, Option<&Erratum>)>, out: &mut Vec<String>| {
        if let Some((lines, erratum)) = entry {
            if erratum.is_none_or(|e| !e.revisions.is_empty()) {
                out.extend(lines);
            } else {
                // Also drop the blank line that separated it from the last.
                while out.last().is_some_and(|l| l.trim().is_empty()) {
                    out.pop();
                }
            }
        }
    };
    for line in text.lines() {
        if line.trim() == "[[erratum]]" {
            flush(entry.take(), &mut out);
            entry = Some((vec![line.to_string()], None));
            continue;
        }
        if line.trim_start().starts_with("[[") {
            // Another table (`[[annotation]]`): not part of the erratum.
            flush(entry.take(), &mut out);
            out.push(line.to_string());
            continue;
        }
        let Some((lines, erratum)) = entry.as_mut() else {
            out.push(line.to_string());
            continue;
        };
        if let Some(id) = line.strip_prefix("id = ") {
            *erratum = find(list, id.trim().trim_matches('"'));
        }
        match erratum {
            Some(e) if line.starts_with("revisions = [") => {
                let names: Vec<String> = e.revisions.iter().map(|r| format!("{r:?}")).collect();
                lines.push(format!("revisions = [{}]", names.join(", ")));
            }
            _ => lines.push(line.to_string()),
        }
    }
    flush(entry, &mut out);
    out.join("\n") + "\n"
}

/// `ERRATA.md` with each row's revisions cell rewritten and rows of errata
/// naming no revision dropped.
fn edit_md(text: &str, list: &[Erratum]) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let row = list.iter().find_map(|e| {
            let prefix = format!("| `{}` | ", e.id);
            line.strip_prefix(&prefix).map(|rest| (e, prefix, rest))
        });
        match row {
            Some((e, _, _)) if e.revisions.is_empty() => {}
            Some((e, prefix, rest)) => {
                let tail = rest.find(" | ").map_or("", |i| &rest[i..]);
                out.push(format!("{prefix}{}{tail}", e.revisions.join(", ")));
            }
            None => out.push(line.to_string()),
        }
    }
    out.join("\n") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOML: &str = "# head\n\n[[erratum]]\nid = \"a\"\nrevisions = [\"2025-11-25\", \"draft\"]\n\
        pointer = \"/{defs}/X/type\"\nbefore = '\"integer\"'\nafter = '\"number\"'\nreason = \"r\"\n\
        reference = \"f\"\n\n[[erratum]]\nid = \"b\"\nrevisions = [\"draft\"]\npointer = \"/{defs}/Y\"\n\
        before = '1'\nafter = '2'\nreason = \"\"\"two\nlines\"\"\"\nreference = \"g\"\n";
    const MD: &str = "# Errata\n\n| id | revisions | pointer |\n|---|---|---|\n\
        | `a` | 2025-11-25, draft | `/$defs/X/type` |\n| `b` | draft | `/$defs/Y` |\n\nAfter.\n";

    fn version(name: &'static str) -> Version {
        Version {
            name,
            module: "m",
            dialect: mcpwire_codegen::Dialect::Draft2020_12,
        }
    }

    /// The errata of `text`, not tied to files.
    fn of(text: &str) -> Errata {
        Errata {
            toml_file: PathBuf::new(),
            md_file: PathBuf::new(),
            list: errata::parse(text).unwrap(),
            changed: false,
        }
    }

    #[test]
    fn a_revision_is_wired_where_it_holds_the_bug_and_unwired_again() {
        let mut errata = of(TOML);
        let doc = serde_json::json!({"$defs": {"X": {"type": "integer"}, "Y": 2}});
        errata.wire(version("2030-01-01"), &doc);
        assert_eq!(
            errata.list[0].revisions,
            ["2025-11-25", "2030-01-01", "draft"]
        );
        assert_eq!(errata.list[1].revisions, ["draft"]);
        let toml = edit_toml(TOML, &errata.list);
        assert!(toml.contains("revisions = [\"2025-11-25\", \"2030-01-01\", \"draft\"]\npointer"));
        assert_eq!(errata::parse(&toml).unwrap()[0].revisions.len(), 3);
        let md = edit_md(MD, &errata.list);
        assert!(md.contains("| `a` | 2025-11-25, 2030-01-01, draft | `/$defs/X/type` |\n"));

        errata.unwire("2030-01-01");
        assert_eq!(edit_toml(TOML, &errata.list), TOML);
        assert_eq!(edit_md(MD, &errata.list), MD);
    }

    #[test]
    fn a_fixed_bug_takes_the_revision_off_and_an_empty_erratum_goes() {
        let mut errata = of(TOML);
        // draft fixed both bugs.
        errata.wire(
            version("draft"),
            &serde_json::json!({"$defs": {"X": {"type": "number"}, "Y": 2}}),
        );
        assert_eq!(errata.list[0].revisions, ["2025-11-25"]);
        let toml = edit_toml(TOML, &errata.list);
        let parsed = errata::parse(&toml).unwrap();
        assert_eq!(parsed.len(), 1, "{toml}");
        assert_eq!(parsed[0].revisions, ["2025-11-25"]);
        assert!(toml.ends_with("reference = \"f\"\n"), "{toml}");
        let md = edit_md(MD, &errata.list);
        assert!(!md.contains("`b`"), "{md}");
        assert!(md.contains("| `a` | 2025-11-25 | `/$defs/X/type` |\n\nAfter.\n"));
    }

    #[test]
    fn an_annotation_table_keeps_its_own_revisions() {
        let text = format!(
            "{TOML}\n[[annotation]]\nkeyword = \"x-foo\"\nrevisions = [\"draft\"]\nreason = \"r\"\n"
        );
        let mut errata = of(&text);
        errata.wire(
            version("2030-01-01"),
            &serde_json::json!({"$defs": {"X": {"type": "integer"}, "Y": 2}}),
        );
        let toml = edit_toml(&text, &errata.list);
        let annotations = errata::parse_annotations(&toml).unwrap();
        assert_eq!(annotations[0].revisions, ["draft"], "{toml}");
        assert_eq!(errata::parse(&toml).unwrap()[0].revisions.len(), 3);
    }
}
